"""LaTeX read as plain text: ``\\dfrac{0.015}{1-0.9^5}\\approx0.0366`` -> ``0.015/(1-0.9^5)≈0.0366``.

Formulas an editor gives in the errata are LaTeX.  The page shows them typeset, and beside
each the text that search indexes and screen readers read (generator.math.katex), which should
read as a formula, not as its markup.  pylatexenc turns LaTeX into Unicode text; the specs
here add what a formula needs: fractions and binomials on one line, with brackets where the
parts need them, super- and subscripts of more than one character bracketed, ``\\|`` as
``‖``, and sizing commands (``\\left``, ``\\big``) dropped.
"""
from __future__ import annotations

from functools import lru_cache

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, SpecialsTextSpec, get_default_latex_context_db

_TWO_ARGUMENTS = ("frac", "dfrac", "tfrac", "binom")
_DROPPED = ("left", "right", "big", "Big", "bigg", "Bigg", "displaystyle", "textstyle")


def latex_text(latex: str) -> str:
    """``latex`` as one line of plain text."""
    return " ".join(_converted(latex).split())


@lru_cache(maxsize=1024)
def _converted(latex: str) -> str:
    try:
        walker = latexwalker.LatexWalker(latex, latex_context=_PARSING, tolerant_parsing=True)
        return _TEXT.nodelist_to_text(walker.get_latex_nodes()[0])
    except latexwalker.LatexWalkerError:  # KaTeX names what is wrong; here the LaTeX stays as given
        return latex


def _arguments(node, count: int, converter: LatexNodes2Text) -> list[str]:
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


def _fraction(node, l2tobj: LatexNodes2Text) -> str:
    top, bottom = _arguments(node, 2, l2tobj)
    if node.macroname == "binom":
        return f"C({top},{bottom})"
    return f"{_grouped(top)}/{_grouped(bottom)}"


def _script(mark: str):
    def text(node, l2tobj: LatexNodes2Text) -> str:
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
