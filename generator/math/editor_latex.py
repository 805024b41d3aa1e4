"""LaTeX an editor writes in errata, checked as the errata load.

Each formula must read as text (generator.math.to_text, within its size and depth limits) and
be typeset by KaTeX (generator.math.katex, with ``maxSize``, ``maxExpand`` and nothing trusted).
A formula that fails either is an :class:`ErrataError` naming the errata file, the entry and
the field, so a build or ``check`` stops with a message, never a traceback at the page that
shows it.  The checked formula's HTML stays in the renderer's cache for the page.
"""
from __future__ import annotations

from collections.abc import Callable

from ..base.errors import ErrataError
from ..base.text import quoted
from .detect import FormulaError
from .katex import KatexRenderer, default_renderer
from .to_text import LatexReadError, check_bounds, read_latex

EXAMPLE = r"'$\dfrac{0.015}{1-0.9^5}\approx0.0366$'"


def check_editor_latex(latex: str, display: bool, where: str, renderer: KatexRenderer | None = None) -> None:
    """Raise :class:`ErrataError` at ``where`` unless ``latex`` is within the size and depth a
    formula may have, KaTeX typesets it and it reads as text (in this order: KaTeX's messages
    say best what is wrong)."""
    _read(check_bounds, latex, where)
    try:
        # A warning too: the strict build would fail on it at the page, blaming mkdocs.yml.
        (renderer or default_renderer()).check(latex, display, where)
    except FormulaError as error:
        raise ErrataError(where, error.expected, error.found, EXAMPLE) from None
    _read(read_latex, latex, where)


def check_latex_reading(latex: str, display: bool, where: str) -> None:
    """:func:`check_editor_latex` without KaTeX, for output that shows formulas as text."""
    _read(read_latex, latex, where)


def _read(reader: Callable[[str], object], latex: str, where: str) -> None:
    try:
        reader(latex)
    except LatexReadError as error:
        raise ErrataError(where, "LaTeX that can be read as text", f"{quoted(latex, 80)}: {error}", EXAMPLE) from None
