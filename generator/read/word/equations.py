"""Word equations (OMML: ``m:oMath``, ``m:oMathPara``) -> LaTeX that KaTeX typesets.

No converter on PyPI is both kept up and licensed plainly (dwml, the known one, was last
released in 2020; the others are single releases), and the route through Microsoft's
OMML2MML.XSL needs a file Office installs.  So the constructs a bank's formulas use are
converted here, one function each: runs of text, fractions, sub- and superscripts,
radicals, n-ary operators (sums, integrals) with their limits, delimiters, matrices and
equation arrays, accents and bars, functions and limits, group characters and boxes.

An equation holding anything else raises :class:`Unconvertible`; the reader then keeps its
linear text (what Word shows, character by character) and flags the question.  Every
character of the document reaches LaTeX escaped: letters, digits and the operators a
formula shows stand as they are, everything else in ``\\text{…}``, so nothing in a
document is read as a LaTeX command.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
OMATH, OMATH_PARA = M + "oMath", M + "oMathPara"
_VAL = M + "val"
MAX_DEPTH = 24  # constructs one inside another; deeper is no formula a bank holds


class Unconvertible(Exception):
    """An equation holds a construct this converter does not know (its XML name)."""


# Characters a formula writes as they are, and those that have a command of their own.
_PLAIN = re.compile(r"[A-Za-z0-9 .,;:!?'()\[\]+\-=<>/|*@]+")
_SYMBOLS = {
    "×": r"\times", "÷": r"\div", "±": r"\pm", "∓": r"\mp", "·": r"\cdot", "⋅": r"\cdot", "∙": r"\cdot",
    "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "≈": r"\approx", "≡": r"\equiv", "∼": r"\sim", "≅": r"\cong",
    "∝": r"\propto", "∞": r"\infty", "∂": r"\partial", "∇": r"\nabla", "∈": r"\in", "∉": r"\notin",
    "⊂": r"\subset", "⊆": r"\subseteq", "⊃": r"\supset", "⊇": r"\supseteq", "∪": r"\cup", "∩": r"\cap",
    "∅": r"\emptyset", "∀": r"\forall", "∃": r"\exists", "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee",
    "→": r"\to", "←": r"\leftarrow", "↔": r"\leftrightarrow", "⇒": r"\Rightarrow", "⇔": r"\Leftrightarrow",
    "°": r"^{\circ}", "′": "'", "″": "''", "…": r"\ldots", "⋯": r"\cdots", "−": "-", "∗": "*",
    "{": r"\{", "}": r"\}", "%": r"\%", "#": r"\#", "&": r"\&", "$": r"\$", "_": r"\_",
    "~": r"\sim", "^": r"\wedge", "\\": r"\backslash",
}
_GREEK = dict(zip("αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΥΦΨΩ",
                  r"\alpha \beta \gamma \delta \epsilon \zeta \eta \theta \iota \kappa \lambda \mu \nu \xi \pi "
                  r"\rho \sigma \tau \upsilon \phi \chi \psi \omega \Gamma \Delta \Theta \Lambda \Xi \Pi \Sigma "
                  r"\Upsilon \Phi \Psi \Omega".split(), strict=True))
_SYMBOLS.update(_GREEK)
_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "$": r"\$", "%": r"\%", "#": r"\#",
                 "&": r"\&", "_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}"}
_NARY = {"∑": r"\sum", "∏": r"\prod", "∐": r"\coprod", "∫": r"\int", "∬": r"\iint", "∭": r"\iiint",
         "∮": r"\oint", "⋃": r"\bigcup", "⋂": r"\bigcap", "⋁": r"\bigvee", "⋀": r"\bigwedge"}
_DELIMITERS = {"(": "(", ")": ")", "[": "[", "]": "]", "|": "|", "{": r"\{", "}": r"\}", "⟨": r"\langle",
               "⟩": r"\rangle", "〈": r"\langle", "〉": r"\rangle", "‖": r"\|", "⌊": r"\lfloor", "⌋": r"\rfloor",
               "⌈": r"\lceil", "⌉": r"\rceil", "": "."}
_ACCENTS = {"\u0302": r"\hat", "^": r"\hat", "\u0303": r"\tilde", "~": r"\tilde", "\u0304": r"\bar",
            "\u0305": r"\overline", "¯": r"\bar", "\u20d7": r"\vec", "\u20d6": r"\overleftarrow",
            "\u0307": r"\dot", "\u0308": r"\ddot", "\u030c": r"\check", "\u0301": r"\acute",
            "\u0300": r"\grave", "\u0306": r"\breve"}
_FUNCTIONS = frozenset("sin cos tan cot sec csc arcsin arccos arctan sinh cosh tanh coth log ln lg exp "
                       "lim max min sup inf det gcd deg arg dim ker Pr".split())


def equation_latex(element: Any) -> str:
    """The LaTeX of an ``m:oMath`` or ``m:oMathPara`` (several equations one under another)."""
    if element.tag == OMATH_PARA:
        lines = [_children(e, 0) for e in element.iterchildren(OMATH)]
        return lines[0] if len(lines) == 1 else _environment("gathered", lines)
    return _children(element, 0)


def equation_text(element: Any) -> str:
    """What Word shows of an equation as plain characters (its runs' text, in order)."""
    return "".join(t.text or "" for t in element.iter(M + "t", W + "t"))


def _children(element: Any, depth: int) -> str:
    if depth > MAX_DEPTH:
        raise Unconvertible(f"constructs nested over {MAX_DEPTH} deep")
    return "".join(_convert(child, depth + 1) for child in element.iterchildren())


def _convert(element: Any, depth: int) -> str:
    tag = element.tag
    if not isinstance(tag, str) or tag.endswith("Pr"):  # comments, properties (m:fPr, w:rPr …)
        return ""
    handler = _HANDLERS.get(tag)
    if handler is None:
        raise Unconvertible(tag.rsplit("}", 1)[-1])
    return handler(element, depth)


def _part(element: Any, name: str, depth: int) -> str:
    """The LaTeX of ``element``'s child ``m:name`` (an argument: empty if it has none)."""
    child = element.find(M + name)
    return "" if child is None else _children(child, depth)


def _property(element: Any, name: str, default: str, present: str | None = None) -> str:
    """The ``m:val`` of the property ``name`` in ``element``'s properties (m:fPr, m:naryPr …):
    ``default`` without the property, ``present`` (else ``default``) when it has no value."""
    for properties in element.iterchildren():
        if isinstance(properties.tag, str) and properties.tag.endswith("Pr"):
            found = properties.find(M + name)
            if found is not None:
                value = found.get(_VAL)
                return (default if present is None else present) if value is None else value
    return default


def _on(element: Any, name: str) -> bool:
    """A switch (``<m:nor/>``, ``<m:degHide m:val="1"/>``): on when present without a value."""
    return _property(element, name, "off", "on") in ("1", "on", "true")


def _run(element: Any, depth: int) -> str:
    text = "".join(t.text or "" for t in element.iterchildren(M + "t", W + "t"))
    if _on(element, "nor"):  # Word's "normal text" in an equation: words, not symbols
        return _text_mode(text)
    if _property(element, "sty", "") == "p" and text.isascii() and text.isalpha():
        return r"\mathrm{" + text + "}"
    return _math_text(text)


def _math_text(text: str) -> str:
    """Letters, digits and operators as they are, symbols as their commands, any other
    character (a Chinese word, say) in ``\\text{…}``."""
    out: list[str] = []
    words: list[str] = []
    for char in text:
        symbol = char if _PLAIN.fullmatch(char) else _SYMBOLS.get(char)
        if symbol is None:
            words.append(char)
            continue
        out.append(_text_mode("".join(words)))
        words.clear()
        out.append(f"{symbol} " if symbol[-1].isalpha() and symbol.startswith("\\") else symbol)
    out.append(_text_mode("".join(words)))
    return "".join(out)


def _text_mode(text: str) -> str:
    return r"\text{" + "".join(_TEXT_ESCAPES.get(c, c) for c in text) + "}" if text else ""


def _group(latex: str) -> str:
    return "{" + latex + "}"


def _fraction(element: Any, depth: int) -> str:
    num, den = _part(element, "num", depth), _part(element, "den", depth)
    kind = _property(element, "type", "bar")
    if kind == "lin":
        return f"{_group(num)}/{_group(den)}"
    if kind == "noBar":
        return r"\genfrac{}{}{0pt}{}" + _group(num) + _group(den)
    return r"\frac" + _group(num) + _group(den)


def _scripts(element: Any, depth: int) -> str:
    base = _group(_part(element, "e", depth))
    sub, sup = element.find(M + "sub"), element.find(M + "sup")
    scripts = ("" if sub is None else "_" + _group(_children(sub, depth))) + \
              ("" if sup is None else "^" + _group(_children(sup, depth)))
    return ("{}" + scripts + base) if element.tag == M + "sPre" else base + scripts


def _radical(element: Any, depth: int) -> str:
    degree = "" if _on(element, "degHide") else _part(element, "deg", depth)
    return r"\sqrt" + (f"[{degree}]" if degree else "") + _group(_part(element, "e", depth))


def _nary(element: Any, depth: int) -> str:
    char = _property(element, "chr", "∫")
    operator = _NARY.get(char)
    if operator is None:
        raise Unconvertible(f"n-ary operator {char!r}")
    if _property(element, "limLoc", "undOvr" if operator not in (r"\int", r"\iint", r"\iiint", r"\oint")
                 else "subSup") == "undOvr":
        operator += r"\limits"
    sub = "" if _on(element, "subHide") else _part(element, "sub", depth)
    sup = "" if _on(element, "supHide") else _part(element, "sup", depth)
    return (operator + (f"_{_group(sub)}" if sub else "") + (f"^{_group(sup)}" if sup else "")
            + " " + _group(_part(element, "e", depth)))


def _delimiter(element: Any, depth: int) -> str:
    begin, end = _property(element, "begChr", "("), _property(element, "endChr", ")")
    separator = _property(element, "sepChr", "|")
    if begin not in _DELIMITERS or end not in _DELIMITERS or separator not in _DELIMITERS:
        raise Unconvertible(f"delimiter {begin!r}…{end!r}")
    inner = (r"\mathrel{" + _DELIMITERS[separator] + "}").join(
        _children(e, depth) for e in element.iterchildren(M + "e"))
    return rf"\left{_DELIMITERS[begin]} {inner} \right{_DELIMITERS[end]}"


def _environment(name: str, lines: Iterable[str]) -> str:
    """``lines`` one under another in the LaTeX environment ``name``."""
    return rf"\begin{{{name}}}" + r"\\".join(lines) + rf"\end{{{name}}}"


def _matrix(element: Any, depth: int) -> str:
    return _environment("matrix", ("&".join(_children(e, depth) for e in row.iterchildren(M + "e"))
                                   for row in element.iterchildren(M + "mr")))


def _equation_array(element: Any, depth: int) -> str:
    return _environment("gathered", (_children(e, depth) for e in element.iterchildren(M + "e")))


def _accent(element: Any, depth: int) -> str:
    char = _property(element, "chr", "\u0302")
    command = _ACCENTS.get(char)
    if command is None:
        raise Unconvertible(f"accent {char!r}")
    return command + _group(_part(element, "e", depth))


def _bar(element: Any, depth: int) -> str:
    command = r"\overline" if _property(element, "pos", "bot") == "top" else r"\underline"
    return command + _group(_part(element, "e", depth))


def _plain(element: Any | None) -> str:
    """The characters of a part (a function's name, a limit's base), to tell ``sin`` or ``lim``."""
    return "" if element is None else equation_text(element).strip()


def _function(element: Any, depth: int) -> str:
    name = element.find(M + "fName")
    plain = _plain(name)
    if plain in _FUNCTIONS:
        head = "\\" + plain
    elif plain and _PLAIN.fullmatch(plain) and plain.isalpha():
        head = r"\operatorname{" + plain + "}"
    else:
        head = "" if name is None else _children(name, depth)
    return head + _group(_part(element, "e", depth))


def _limit(element: Any, depth: int) -> str:
    plain, limit = _plain(element.find(M + "e")), _part(element, "lim", depth)
    if plain in _FUNCTIONS:
        return "\\" + plain + ("_" if element.tag == M + "limLow" else "^") + _group(limit)
    command = r"\underset" if element.tag == M + "limLow" else r"\overset"
    return command + _group(limit) + _group(_part(element, "e", depth))


def _group_character(element: Any, depth: int) -> str:
    char, position = _property(element, "chr", "\u23df"), _property(element, "pos", "bot")
    base = _group(_part(element, "e", depth))
    if char == "\u23df":
        return r"\underbrace" + base
    if char == "\u23de":
        return r"\overbrace" + base
    mark = _math_text(char)
    return (r"\underset" if position == "bot" else r"\overset") + _group(mark) + base


_HANDLERS: dict[str, Callable[[Any, int], str]] = {
    M + "r": _run, W + "r": _run, M + "f": _fraction, M + "sSub": _scripts, M + "sSup": _scripts,
    M + "sSubSup": _scripts, M + "sPre": _scripts, M + "rad": _radical, M + "nary": _nary, M + "d": _delimiter,
    M + "m": _matrix, M + "eqArr": _equation_array, M + "acc": _accent, M + "bar": _bar, M + "func": _function,
    M + "limLow": _limit, M + "limUpp": _limit, M + "groupChr": _group_character,
    M + "borderBox": lambda e, depth: r"\boxed" + _group(_part(e, "e", depth)),
    M + "box": lambda e, depth: _part(e, "e", depth), M + "phant": lambda e, depth: _part(e, "e", depth),
    M + "e": _children, OMATH: _children,
    W + "bookmarkStart": lambda e, depth: "", W + "bookmarkEnd": lambda e, depth: "",
    W + "proofErr": lambda e, depth: "",
}
