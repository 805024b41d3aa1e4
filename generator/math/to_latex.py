"""One formula written as plain text -> its LaTeX (pure; used by :mod:`generator.math.detect`).

``SYMBOLS`` is the rule table: every character a formula may contain, with its LaTeX and its
role (relation, operator, a signal that a run is mathematics, script, accent …).  A run of
text is tokenized (:data:`TOKEN`), parsed into atoms with their scripts and the operators
between them, judged (:func:`is_math`) and written as LaTeX, inline (:func:`inline_latex`)
or as an ``aligned`` derivation (:func:`display_latex`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..base.text import HAN

# Roles.  REL/BIN: relation / binary operator; SIGNAL: its presence makes a run mathematics.
REL, BIN, SYM, SIGNAL, NORM, ROOT, BIG, LETTER, SUP, SUB, PRIME, ACCENT = (1 << k for k in range(12))
GREEK = "αβγδεζηθικλμνξπρστυφχψωϵϑϕΓΔΘΛΞΠΣΦΨΩ"
GREEK_NAMES = ("alpha beta gamma delta varepsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau "
               "upsilon varphi chi psi omega epsilon vartheta phi Gamma Delta Theta Lambda Xi Pi Sigma Phi Psi Omega")
# THE rule table: character -> (LaTeX, role).
SYMBOLS: dict[str, tuple[str, int]] = {
    "=": ("=", REL), "<": ("<", REL), ">": (">", REL), "→": (r"\to", REL), "←": (r"\leftarrow", REL),
    "≈": (r"\approx", REL | SIGNAL), "≤": (r"\le", REL | SIGNAL), "≥": (r"\ge", REL | SIGNAL),
    "≠": (r"\ne", REL | SIGNAL), "∈": (r"\in", REL | SIGNAL), "∉": (r"\notin", REL | SIGNAL),
    "≡": (r"\equiv", REL | SIGNAL), "∝": (r"\propto", REL | SIGNAL), "⊂": (r"\subset", REL | SIGNAL),
    "⊆": (r"\subseteq", REL | SIGNAL), "⇒": (r"\Rightarrow", REL | SIGNAL),
    "+": ("+", BIN), "-": ("-", BIN), "−": ("-", BIN), "*": (r"\times", BIN), "/": ("/", BIN),
    "×": (r"\times", BIN | SIGNAL), "·": (r"\cdot", BIN | SIGNAL), "÷": (r"\div", BIN | SIGNAL),
    "±": (r"\pm", BIN | SIGNAL), "∘": (r"\circ", BIN | SIGNAL), "⊙": (r"\odot", BIN | SIGNAL),
    "⊗": (r"\otimes", BIN | SIGNAL), "∩": (r"\cap", BIN | SIGNAL), "∪": (r"\cup", BIN | SIGNAL),
    "‖": (r"\|", NORM | SIGNAL), "√": (r"\sqrt", ROOT | SIGNAL), "∑": (r"\sum", BIG | SIGNAL),
    "∏": (r"\prod", BIG | SIGNAL), "∫": (r"\int", BIG | SIGNAL), "∞": (r"\infty", SYM | SIGNAL),
    "∇": (r"\nabla", SYM | SIGNAL), "∂": (r"\partial", SYM | SIGNAL), "ℝ": (r"\mathbb{R}", SYM | SIGNAL),
    "∀": (r"\forall", SYM | SIGNAL), "∃": (r"\exists", SYM | SIGNAL), "|": ("|", SYM),
    "%": (r"\%", SYM), "?": ("?", SYM), ".": (".", SYM), ",": (",", SYM), "@": (r"\text{@}", SYM),
    "'": ("'", PRIME), "′": ("'", PRIME), "^": ("^", SUP), "_": ("_", SUB),
    **{g: ("\\" + n, LETTER | SIGNAL) for g, n in zip(GREEK, GREEK_NAMES.split(), strict=True)},
    **{c: (d, SUP | SIGNAL) for c, d in zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿⁱ", "0123456789+-ni", strict=True)},
    **{c: (d, SUB | SIGNAL)
       for c, d in zip("₀₁₂₃₄₅₆₇₈₉₊₋ₐₑₒₓₜᵢⱼₖₗₘₙₚₛ", "0123456789+-aeoxtijklmnps", strict=True)},
    **{c: ("\\" + m, ACCENT | SIGNAL)
       for c, m in zip("\u0302\u0304\u0303\u0307", ("hat", "bar", "tilde", "dot"), strict=True)},
}
# Words inside formulas: functions LaTeX knows, other operator names, units after a number.
FUNCTIONS = frozenset("log ln exp sin cos tan tanh max min lim det sup inf arg Pr".split())
OPERATOR_NAMES = frozenset("softmax sigmoid argmax argmin KL sgn clip Var Cov ReLU GELU diag tr".split())
UNIT_AFTER_NUMBER = re.compile(r"(?:[KMGTP]?B|Bytes?|bits?|[mnu]?s|min|[kKMGTh]|tokens?|steps?|epochs?)")
SCIENTIFIC = re.compile(r"(\d+(?:\.\d+)?)[eE]([-−+]?\d+)")
LATEX_SPECIAL = re.compile(r"([\\{}$&#%_^~])")
CONTROL_WORD_END = re.compile(r"\\[A-Za-z]+$")
TOKEN = re.compile(
    r"(?P<num>\d+(?:\.\d+)?(?:[eE][-−+]?\d+)?)"
    r"|(?P<ident>[A-Za-z](?=[\u0302\u0304\u0303\u0307])"  # a letter carrying an accent: m̂
    r"|[A-Za-z][A-Za-z0-9@]*(?:_[A-Za-z0-9]+)*(?![\u0302\u0304\u0303\u0307])"
    r"(?:-(?:[A-Za-z][A-Za-z0-9]*|\d+[A-Za-z]*))*)"  # hyphenated names: GPT-3, K-means
    rf"|(?P<cjk>[{HAN}](?:[{HAN}A-Za-z0-9]*[{HAN}])?)"
    r"|(?P<double><=|>=|->|=>)|(?P<space>\s+)|(?P<char>.)",
    re.S,
)
DOUBLE_OPS = {"<=": "≤", ">=": "≥", "->": "→", "=>": "⇒"}
OPENERS, CLOSERS = "([{", ")]}"
CJK_UNITS = frozenset("億亿萬万")  # inside a chain of working: 0.377億≈3774.9萬


@dataclass(frozen=True)
class Formula:
    """A run of text read as a formula: its tokens and its top-level items."""

    tokens: tuple[tuple[str, str], ...]
    items: tuple[Item, ...]


def read(source: str) -> Formula:
    """Tokenize and parse ``source`` (a run of formula characters)."""
    tokens = _tokens(source)
    return Formula(tuple(tokens), tuple(_parse(tokens, 0, "")[0]))


def is_math(formula: Formula) -> bool:
    """Whether the run carries a signal of mathematics (see :mod:`generator.math.detect`)."""
    return _is_math(list(formula.tokens), list(formula.items))


def relations(formula: Formula) -> int:
    """How many relations (= ≈ ≤ → …) the formula has outside brackets."""
    return sum(1 for x in formula.items if isinstance(x, _Op) and x.rel)


def inline_latex(formula: Formula, variables: frozenset[str]) -> str:
    """LaTeX for the formula in a line of text; ``variables``: letters used alone nearby."""
    return _latex(list(formula.items), variables, False)


def display_latex(formula: Formula, variables: frozenset[str], lead: str = "", tail: str = "", stop: str = "") -> str:
    """The formula as an ``aligned`` derivation, one relation a line, with ``\\frac``;
    ``lead``/``tail``: words before and after it, ``stop``: its closing punctuation."""
    lines: list[list[Item]] = [[]]
    rels: list[str] = []
    for x in formula.items:
        if isinstance(x, _Op) and x.rel:
            rels.append(x.latex)
            lines.append([])
        else:
            lines[-1].append(x)
    rendered = [_latex(line, variables, True) for line in lines]
    newline = r"\\[0.4em]" if any(r"\frac" in r for r in rendered) else r"\\"
    body = (text_latex(lead) if lead else "") + rendered[0]
    for k, (rel, line) in enumerate(zip(rels, rendered[1:], strict=True)):
        body += (newline if k else "") + "&" + _join([rel, line])
    body += (r"\," + text_latex(tail) if tail else "") + (text_latex(stop) if stop else "")
    return r"\begin{aligned}" + body + r"\end{aligned}"


def text_latex(text: str) -> str:
    """``text`` in ``\\text{}``, its LaTeX special characters escaped."""
    return r"\text{" + LATEX_SPECIAL.sub(lambda m: "\\" + m.group(1) if m.group(1) not in "\\^~" else
                                         {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}",
                                          "~": r"\textasciitilde{}"}[m.group(1)], text) + "}"


@dataclass(frozen=True)
class _Op:
    latex: str
    rel: bool


@dataclass(frozen=True)
class _Atom:
    latex: str = ""  # a leaf's LaTeX
    var: bool = False  # a one-letter variable: x, p_t, β₁, F1, m̂
    kind: str = ""  # num, unit, product, name, sub, big, group, scripted, frac
    items: tuple[Item, ...] = ()  # group: the bracketed items; scripted: (base,)
    delims: tuple[str, str] = ("", "")  # group: brackets; scripted: (subscript, primes and superscript)
    accents: tuple[str, ...] = ()  # \hat, \bar … over the atom


Item = _Op | _Atom  # what a formula's items are: operators and atoms


def _tokens(source: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in TOKEN.finditer(source):
        kind, text = m.lastgroup or "char", m.group()
        if kind == "double":
            kind, text = "char", DOUBLE_OPS[text]
        if out and out[-1][0] == "num" and (UNIT_AFTER_NUMBER.fullmatch(text) or text in CJK_UNITS or
                                            (text == "μ" and source[m.end():m.end() + 1] == "s")):
            kind = "unit"  # 13.4GB, 500μs: a unit, not a variable
        if kind == "ident" and out and out[-1] == ("unit", "μ"):
            out[-1] = ("unit", "μ" + text)
        elif kind != "space":
            out.append((kind, text))
    return out


def _role(token: tuple[str, str]) -> int:
    return SYMBOLS.get(token[1], ("", 0))[1] if token[0] == "char" else 0


def _parse(tokens: list[tuple[str, str]], i: int, stop: str) -> tuple[list[Item], int]:
    """Atoms and operators from ``tokens[i]`` up to the closing ``stop`` (``""``: the end)."""
    items: list[Item] = []
    while i < len(tokens):
        if stop and tokens[i] == ("char", stop):
            return items, i
        if _role(tokens[i]) & (REL | BIN):
            items.append(_Op(SYMBOLS[tokens[i][1]][0], bool(_role(tokens[i]) & REL)))
            i += 1
            continue
        atom, i = _postfix(*_primary(tokens, i), tokens)
        items.append(atom)
    return items, i


def _primary(tokens: list[tuple[str, str]], i: int) -> tuple[_Atom, int]:
    kind, text = tokens[i]
    if kind == "num":
        sci = SCIENTIFIC.fullmatch(text)
        if sci:  # 3e-4 reads 3×10⁻⁴
            mantissa = "" if sci.group(1) == "1" else sci.group(1) + r"\times "
            return _Atom(mantissa + "10^{" + sci.group(2).replace("−", "-").lstrip("+") + "}", kind="sci"), i + 1
        return _Atom(text, kind="num"), i + 1
    if kind == "unit":
        unit = r"\mu\mathrm{" + text[1:] + "}" if text.startswith("μ") else text_latex(text) if \
            text in CJK_UNITS else r"\mathrm{" + text + "}"
        return _Atom(r"\," + unit, kind="unit"), i + 1
    if kind == "ident":
        return _ident(text, tokens[i + 1:i + 2] == [("char", "(")]), i + 1
    if kind == "cjk":
        return _Atom(text_latex(text), kind="cjk"), i + 1
    if text in OPENERS or text == "‖":
        close = "‖" if text == "‖" else CLOSERS[OPENERS.index(text)]
        inner, j = _parse(tokens, i + 1, close)
        return _Atom(kind="group", items=tuple(inner), delims=(text, close)), min(j + 1, len(tokens))
    role = _role(tokens[i])
    if role & ROOT:
        if i + 1 >= len(tokens) or _role(tokens[i + 1]) & (REL | BIN) or tokens[i + 1][1] in CLOSERS:
            return _Atom(r"\surd"), i + 1
        arg, j = _postfix(*_primary(tokens, i + 1), tokens)
        return _Atom(r"\sqrt{" + _atom_latex(arg, frozenset(), False, bare=True) + "}"), j
    if role & LETTER:
        return _Atom(SYMBOLS[text][0], var=True), i + 1
    if role & (SUB | SUP | PRIME | ACCENT):  # nothing to attach to: an empty base takes it
        if text not in "^_" or _has_script_argument(tokens, i):
            return _Atom("{}"), i
        return _Atom(r"\_" if text == "_" else r"\hat{}"), i + 1
    if text in SYMBOLS:
        return _Atom(SYMBOLS[text][0], kind="big" if role & BIG else ""), i + 1
    return _Atom(text_latex(text)), i + 1


def _ident(text: str, call: bool) -> _Atom:
    base, _, sub = text.partition("_")
    if "-" in text or "@" in text:
        return _Atom(text_latex(text), kind="name")
    if text in FUNCTIONS:
        return _Atom("\\" + text)
    single = re.fullmatch(r"([A-Za-z])(\d*)", base)
    if single and (sub or single.group(2)):  # p_t, d_model, F1
        return _Atom(single.group(1) + "_{" + _subscript(sub or single.group(2)) + "}", var=True, kind="sub")
    if text in OPERATOR_NAMES or (call and len(text) > 1 and not sub):
        return _Atom(r"\operatorname{" + text + "}")
    if len(text) == 1:
        return _Atom(text, var=True)
    return _Atom(text, kind="product") if not sub else _Atom(r"\mathrm{" + text.replace("_", r"\_") + "}")


def _subscript(text: str) -> str:
    return text if len(text) <= 2 or text.isdigit() else r"\mathrm{" + text.replace("_", r"\_") + "}"


def _postfix(atom: _Atom, i: int, tokens: list[tuple[str, str]]) -> tuple[_Atom, int]:
    """Attach scripts, primes and accents: ``x^2``, ``z_{0.975}``, ``β₁^5``, ``W'``, ``m̂``."""
    sub, sup, primes, accents = "", "", "", []
    while i < len(tokens):
        kind, text = tokens[i]
        role = _role(tokens[i])
        if role & ACCENT and not (sub or sup or primes):
            accents.append(SYMBOLS[text][0])
            i += 1
        elif role & PRIME:
            primes, i = primes + "'", i + 1
        elif role & (SUB | SUP) and text not in "^_":  # Unicode ₁ ²
            if role & SUB:
                sub = _join([sub, SYMBOLS[text][0]])
            else:
                sup = _join([sup, SYMBOLS[text][0]])
            i += 1
        elif text in "^_" and kind == "char" and _has_script_argument(tokens, i):
            arg, i = _script_argument(tokens, i + 1, text == "^")
            if text == "_":
                sub = _join([sub, arg])
            else:
                sup = _join([sup, "{" + arg + "}" if sup else arg])
        else:
            break
    if accents:
        atom = _Atom(atom.latex, atom.var, atom.kind, atom.items, atom.delims, tuple(accents))
    if sub or sup or primes:
        atom = _Atom(var=atom.var, kind="scripted", items=(atom,),
                     delims=(sub, primes + ("^{" + sup + "}" if sup else "")))
    return atom, i


def _has_script_argument(tokens: list[tuple[str, str]], i: int) -> bool:
    return (i + 1 < len(tokens) and tokens[i + 1][1] not in CLOSERS
            and not _role(tokens[i + 1]) & (REL | BIN | SUB | SUP))


def _script_argument(tokens: list[tuple[str, str]], i: int, sup: bool) -> tuple[str, int]:
    kind, text = tokens[i]
    if text == "{":
        inner, j = _parse(tokens, i + 1, "}")
        return _latex(inner, frozenset(), False), min(j + 1, len(tokens))
    if text in "-−" and i + 1 < len(tokens) and tokens[i + 1][0] == "num":
        return "-" + tokens[i + 1][1], i + 2
    if kind == "ident" and sup and len(text) > 1:  # ^Ef_i: an exponent is one letter
        tokens[i] = ("ident", text[1:])
        return text[0], i
    if kind == "ident":
        return _subscript(text), i + 1
    atom, j = _primary(tokens, i)
    return _atom_latex(atom, frozenset(), False), j


def _is_math(tokens: list[tuple[str, str]], items: list[Item]) -> bool:
    for k, (kind, text) in enumerate(tokens):
        role = _role(tokens[k])
        if role & SIGNAL or (role & (SUP | SUB) and text in "^_"):
            return True
        if role & PRIME and k and tokens[k - 1][0] == "ident" and len(tokens[k - 1][1]) == 1:
            return True
        if kind == "ident" and re.fullmatch(r"[A-Za-z]\d*_\w+", text):
            return True
        if kind == "ident" and text == "O" and tokens[k + 1:k + 2] == [("char", "(")]:
            return True  # big-O
    return _operator_signal(items)


def _operator_signal(items: list[Item] | tuple[Item, ...]) -> bool:
    """A relation or operator beside a one-letter variable, or arithmetic with a relation."""
    ops = [x for x in items if isinstance(x, _Op)]
    if any(x.rel for x in ops) and any(not x.rel for x in ops):
        return True
    for k, x in enumerate(items):
        if isinstance(x, _Op):
            if any(isinstance(a, _Atom) and a.var for a in items[max(k - 1, 0):k + 2]):
                return True
        elif x.kind == "group" and _operator_signal(x.items):
            return True
    return False


def _latex(items: list[Item], vars_: frozenset[str], display: bool) -> str:
    """LaTeX of a sequence of items; in display math ``a/b`` becomes ``\\frac{a}{b}``."""
    parts: list[Item] = list(items)
    k = 0
    while display and k < len(parts):
        if isinstance(parts[k], _Op) and parts[k].latex == "/":
            lo, hi = k, k + 1  # the operands: the atoms juxtaposed on either side (2PR / (P+R))
            while lo > 0 and isinstance(parts[lo - 1], _Atom):
                lo -= 1
            while hi < len(parts) and isinstance(parts[hi], _Atom):
                hi += 1
            if lo < k < hi - 1:
                above, below = ([x for x in run if isinstance(x, _Atom)] for run in (parts[lo:k], parts[k + 1:hi]))
                frac = r"\frac{" + _operand(above, vars_) + "}{" + _operand(below, vars_) + "}"
                parts[lo:hi], k = [_Atom(frac, kind="frac")], lo
        k += 1
    return _join([_atom_latex(x, vars_, display) if isinstance(x, _Atom) else x.latex for x in parts])


def _operand(run: list[_Atom], vars_: frozenset[str]) -> str:
    if len(run) == 1 and run[0].kind == "group" and run[0].delims[0] == "(":
        return _latex(list(run[0].items), vars_, True)  # (P+R) under a fraction bar loses its brackets
    return _join([_atom_latex(x, vars_, True) for x in run])


def _atom_latex(atom: _Atom, vars_: frozenset[str], display: bool, bare: bool = False) -> str:
    if atom.kind == "product":  # a product of variables (2PR) or a name (lr, batch)
        latex = atom.latex if len(atom.latex) <= 3 and set(atom.latex) <= vars_ else r"\mathrm{" + atom.latex + "}"
    elif atom.kind == "scripted":
        base, (sub, sups) = atom.items[0], atom.delims
        assert isinstance(base, _Atom), "a script follows an atom (_postfix)"
        latex = _atom_latex(base, vars_, display)
        if base.kind in ("sub", "scripted", "frac", "name", "sci"):
            latex = "{" + latex + "}"  # p_t_2 would be a double subscript
        latex += ("_{" + sub + "}" if sub else "") + sups
    elif atom.kind == "group":
        body = _latex(list(atom.items), vars_, display)
        if bare and atom.delims[0] == "(":
            return body
        left, right = {"(": ("(", ")"), "[": ("[", "]"), "{": (r"\{", r"\}"), "‖": (r"\|", r"\|")}[atom.delims[0]]
        if display and r"\frac" in body and left != r"\|":
            left, right = r"\left" + left, r"\right" + right
        latex = left + body + right
    else:
        latex = atom.latex
    for accent in atom.accents:
        latex = accent + "{" + latex + "}"
    return latex


def _join(parts: list[str]) -> str:
    out = ""
    for p in parts:
        if p and out and p[0].isalpha() and CONTROL_WORD_END.search(out, max(0, len(out) - 40)):
            out += " "
        out += p
    return out
