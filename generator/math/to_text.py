"""LaTeX read as plain text: ``\\dfrac{0.015}{1-0.9^5}\\approx0.0366`` -> ``0.015/(1-0.9^5)≈0.0366``.

Formulas an editor gives in the errata are LaTeX.  The page shows them typeset, and beside
each the text that search indexes and screen readers read (generator.math.katex), which should
read as a formula, not as its markup.  pylatexenc turns LaTeX into Unicode text; the specs
here add what a formula needs: fractions and binomials on one line, with brackets where the
parts need them, super- and subscripts of more than one character bracketed, ``\\|`` as
``‖``, and sizing commands (``\\left``, ``\\big``) dropped.

Reading is bounded as KaTeX is (``maxSize``, ``maxExpand`` in generator.math.katex): LaTeX
longer than :data:`MAX_LATEX` characters or nested deeper than :data:`MAX_DEPTH` groups is not
read (pylatexenc recurses once per group, and would run out of stack), and neither is LaTeX
pylatexenc fails on; :func:`read_latex` says why, :func:`latex_text` keeps the LaTeX as given.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, SpecialsTextSpec, get_default_latex_context_db
from pylatexenc.latexwalker import LatexMacroNode

MAX_LATEX = 4000  # characters of one formula
MAX_DEPTH = 32  # groups ({...} or \\begin...\\end) one inside another
_TWO_ARGUMENTS = ("frac", "dfrac", "tfrac", "binom")
_DROPPED = ("left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "textstyle")


class LatexReadError(ValueError):
    """LaTeX that is too long or too deep to read, or that pylatexenc cannot read."""


def latex_text(latex: str) -> str:
    """``latex`` as one line of plain text (the LaTeX as given where it cannot be read)."""
    try:
        return read_latex(latex)
    except LatexReadError:  # errata are checked when they load (generator.math.editor_latex)
        return " ".join(latex.split())


def read_latex(latex: str) -> str:
    """``latex`` as one line of plain text; :class:`LatexReadError` says why it cannot be read."""
    return " ".join(_converted(latex).split())


def group_depth(latex: str) -> int:
    """How deep ``{...}`` groups and environments nest in ``latex`` (escaped braces aside)."""
    depth = deepest = 0
    i = 0
    while i < len(latex):
        char = latex[i]
        if char == "\\":
            if latex.startswith("begin", i + 1):
                depth += 1
            elif latex.startswith("end", i + 1):
                depth -= 1
            i += 2  # \{ and \} are characters, not groups
            continue
        depth += (char == "{") - (char == "}")
        deepest = max(deepest, depth)
        i += 1
    return deepest


def check_bounds(latex: str) -> None:
    """:class:`LatexReadError` if ``latex`` is longer or nests deeper than a formula may."""
    if len(latex) > MAX_LATEX:
        raise LatexReadError(f"{len(latex):,} characters, more than the {MAX_LATEX:,} a formula may have")
    depth = group_depth(latex)
    if depth > MAX_DEPTH:
        raise LatexReadError(f"groups nested {depth} deep, more than the {MAX_DEPTH} allowed")


@lru_cache(maxsize=1024)
def _converted(latex: str) -> str:
    check_bounds(latex)
    try:
        walker = latexwalker.LatexWalker(latex, latex_context=_PARSING, tolerant_parsing=True)
        return str(_TEXT.nodelist_to_text(walker.get_latex_nodes()[0]))
    # pylatexenc's own error, or one of its specs meeting a command without its arguments
    # (\sqrt alone, \begin{array} without columns, \href): a message, never a traceback.
    except (latexwalker.LatexWalkerError, IndexError, KeyError, ValueError, TypeError, AttributeError,
            RecursionError) as error:
        raise LatexReadError(f"pylatexenc cannot read it ({type(error).__name__}: {error})") from None


def _arguments(node: LatexMacroNode, count: int, converter: LatexNodes2Text) -> list[str]:
    """The text of the node's last ``count`` arguments ("" for one the LaTeX lacks)."""
    given = list(node.nodeargd.argnlist[-count:]) if node.nodeargd is not None else []
    given = [None] * (count - len(given)) + given
    return [converter.nodelist_to_text([n]).strip() if n is not None else "" for n in given]


def _grouped(text: str) -> str:
    """``text`` bracketed unless it reads as one unit (``x``, ``0.015``, ``‖w‖``, ``√(n)``, ``(a+b)``)."""
    if len(text) <= 1 or text.replace(".", "").replace(",", "").isalnum() or _enclosed(text):
        return text
    return f"({text})"


def _enclosed(text: str) -> bool:
    """Whether ``text`` is one bracket, a norm, or a name or root before one bracket."""
    if text[0] == text[-1] == "‖":
        return text.count("‖") == 2
    opening = text.find("(")
    if opening < 0 or text[-1] != ")" or not (text[:opening].isalpha() or text[:opening] in ("", "√")):
        return False
    depth = 0
    for i, char in enumerate(text[opening:], opening):
        depth += (char == "(") - (char == ")")
        if depth == 0:
            return i == len(text) - 1
    return False


def _fraction(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    top, bottom = _arguments(node, 2, l2tobj)
    if node.macroname == "binom":
        return f"C({top},{bottom})"
    return f"{_grouped(top)}/{_grouped(bottom)}"


def _script(mark: str) -> Callable[[LatexMacroNode, LatexNodes2Text], str]:
    def text(node: LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
        return mark + _grouped(_arguments(node, 1, l2tobj)[0])
    return text


_PARSING = latexwalker.get_default_latex_context_db()
_PARSING.add_context_category(
    "study-guide", prepend=True,
    macros=[macrospec.MacroSpec(name, "{{") for name in _TWO_ARGUMENTS],
    specials=[macrospec.SpecialsSpec(mark, args_parser=macrospec.MacroStandardArgsParser("{")) for mark in "^_"],
)
_WRITING = get_default_latex_context_db()
_WRITING.add_context_category(
    "study-guide", prepend=True,
    macros=[*(MacroTextSpec(name, simplify_repl=_fraction) for name in _TWO_ARGUMENTS),
            *(MacroTextSpec(name, "") for name in _DROPPED), MacroTextSpec("|", "‖")],
    specials=[SpecialsTextSpec(mark, simplify_repl=_script(mark)) for mark in "^_"],
)
_TEXT = LatexNodes2Text(latex_context=_WRITING, math_mode="text")
