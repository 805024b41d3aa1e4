"""Formula detection: bank text -> ``Text`` and ``Math`` segments (pure; KaTeX is elsewhere).

Banks write mathematics as plain text (``η_l=η×‖w‖/(‖∇w‖+λ‖w‖)``, ``F1=2PR/(P+R)``).
:func:`split_math` finds those spans and gives each its LaTeX; everything else stays text.

* LaTeX an editor gave (between ``model.INLINE_MATH`` or ``model.DISPLAY_MATH`` markers) is
  taken as given and wins over detection.
* Code (fenced or in backticks), URLs, HTML tags, dates and version strings are never math.
* A candidate is a run of formula characters (``SYMBOLS``, ASCII letters and digits,
  brackets; spaces only beside an operator).  It is math only with a *signal*: a symbol
  marked SIGNAL in ``SYMBOLS`` (×, ≈, ‖, √, ∑, ∈, ≤, ±, ·, Greek letters …), a super- or
  subscript, a prime or accent on a letter, big-O, a relation or operator beside a one-letter
  variable (``t=5``, ``1/h``, ``A+B``), or arithmetic with a relation (``1+1=2``).  So
  ``batchsize=4096``, ``13.4GB``, ``1/10``, ``8.2%``, ``10×``, ``ViT-G/14``, ``[0.8,0.1]``
  stay text.  CJK joins a formula only inside its brackets (``E[加速]``) or as the operand of
  ``× · + −`` (``2×最大Block參數量``), and then goes into ``\\text{}``.
* In formulas ``3e-4`` reads ``3×10⁻⁴``; ``F1``, ``p_t``, ``d_model`` get subscripts; names
  (``lr``, ``batch``, ``max_len``) are upright; a short run of letters that all occur alone in
  the same text (``2PR`` beside ``P+R``) is a product; ``GB``, ``μs`` after a number are units.
* **Display rule**: a formula with three or more top-level relations (= ≈ ≤ → …) that is a
  whole clause -- from a clause boundary (start of text, ``，。；：`` …) to the next, allowing
  a lead-in of up to 8 characters (``總參數量``) and a tail of up to 4 (``萬``) -- is a
  derivation: display math, one relation per line (``aligned``), slashes as ``\\frac``.
  Anything else is inline and keeps its slashes, which read better than tiny fractions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .errors import GuideError


@dataclass(frozen=True)
class Text:
    """Plain text, shown exactly as written."""

    text: str


@dataclass(frozen=True)
class Math:
    """A formula: ``latex`` to typeset, ``source`` the characters it came from."""

    latex: str
    display: bool
    source: str


Segment = Text | Math


class FormulaError(GuideError):
    """A formula cannot be typeset, or an editor's math markers do not pair up."""


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
    **{g: ("\\" + n, LETTER | SIGNAL) for g, n in zip(GREEK, GREEK_NAMES.split())},
    **{c: (d, SUP | SIGNAL) for c, d in zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿⁱ", "0123456789+-ni")},
    **{c: (d, SUB | SIGNAL) for c, d in zip("₀₁₂₃₄₅₆₇₈₉₊₋ₐₑₒₓₜᵢⱼₖₗₘₙₚₛ", "0123456789+-aeoxtijklmnps")},
    **{c: ("\\" + m, ACCENT | SIGNAL) for c, m in zip("\u0302\u0304\u0303\u0307", ("hat", "bar", "tilde", "dot"))},
}
# Words inside formulas: functions LaTeX knows, other operator names.
FUNCTIONS = frozenset("log ln exp sin cos tan tanh max min lim det sup inf arg Pr".split())
OPERATOR_NAMES = frozenset("softmax sigmoid argmax argmin KL sgn clip Var Cov ReLU GELU diag tr".split())

EXPLICIT_MATH = re.compile("\x02(.*?)\x03|\x04(.*?)\x05", re.S)
STRAY_MARKER = re.compile("[\x02-\x05]")
NEVER_MATH = re.compile(
    r"```.*?(?:```|\Z)|`[^`\n]+`"  # code
    r"|(?:https?://|ftp://|www\.)[^\s\u3000-\u303f\uff01-\uff5e<>\"]+"  # URLs
    r"|</?[A-Za-z][^<>\n]*>"  # HTML tags a bank keeps (tables, images): their attributes
    r"|(?<![\d.])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|v?\d+(?:\.\d+){2,})(?![\d.])",  # dates, versions
    re.S,
)
TWO_LETTERS = re.compile(r"[A-Za-z]{2}")  # a word, not a variable
LONE_LETTER = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z](?![A-Za-z0-9])")
CJK_LETTER = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
CLAUSE_BOUNDARY = re.compile(r"[，。；：！？、,;:!?\n]")
CLOSING_PUNCTUATION = frozenset("，。；！？,;.!?")
UNIT_AFTER_NUMBER = re.compile(r"(?:[KMGTP]?B|Bytes?|bits?|[mnu]?s|min|[kKMGTh]|tokens?|steps?|epochs?)")
SCIENTIFIC = re.compile(r"(\d+(?:\.\d+)?)[eE]([-−+]?\d+)")
LATEX_SPECIAL = re.compile(r"([\\{}$&#%_^~])")
CONTROL_WORD_END = re.compile(r"\\[A-Za-z]+$")
_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
TOKEN = re.compile(
    r"(?P<num>\d+(?:\.\d+)?(?:[eE][-−+]?\d+)?)"
    r"|(?P<ident>[A-Za-z](?=[\u0302\u0304\u0303\u0307])"  # a letter carrying an accent: m̂
    r"|[A-Za-z][A-Za-z0-9@]*(?:_[A-Za-z0-9]+)*(?![\u0302\u0304\u0303\u0307])"
    r"(?:-(?:[A-Za-z][A-Za-z0-9]*|\d+[A-Za-z]*))*)"  # hyphenated names: GPT-3, K-means
    rf"|(?P<cjk>[{_CJK}](?:[{_CJK}A-Za-z0-9]*[{_CJK}])?)"
    r"|(?P<double><=|>=|->|=>)|(?P<space>\s+)|(?P<char>.)",
    re.S,
)
DOUBLE_OPS = {"<=": "≤", ">=": "≥", "->": "→", "=>": "⇒"}
OPENERS, CLOSERS = "([{", ")]}"
ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
RUN_CHARS = frozenset(SYMBOLS) | frozenset(OPENERS + CLOSERS) | ALNUM
OPERATOR_CHARS = frozenset(c for c, (_, role) in SYMBOLS.items() if role & (REL | BIN))
CJK_UNITS = frozenset("億亿萬万")
CJK_OPERAND_AFTER = frozenset("×·+−÷")  # CJK after these is an operand: 2×最大Block參數量
MAY_SIGNAL = frozenset(SYMBOLS) - frozenset(".,?@%|") | {"("}  # a run without these is never math
EDGE_JUNK = frozenset(" .,?^_@")  # never starts or ends a formula
LEADING_DROP = OPERATOR_CHARS - frozenset("=≈<>≤≥≠∈-−±")  # binary operators cannot start one


@dataclass(frozen=True)
class _Op:
    latex: str
    rel: bool


@dataclass(frozen=True)
class _Atom:
    latex: str = ""  # a leaf's LaTeX
    var: bool = False  # a one-letter variable: x, p_t, β₁, F1, m̂
    kind: str = ""  # num, unit, product, name, sub, big, group, scripted, frac
    items: tuple = ()  # group: the bracketed items; scripted: (base,)
    delims: tuple[str, str] = ("", "")  # group: brackets; scripted: (subscript, superscripts)
    accents: tuple[str, ...] = field(default=())


def split_math(text: str) -> tuple[Segment, ...]:
    """``text`` as ``Text`` and ``Math`` segments whose ``text``/``source`` concatenate to
    ``text`` without the explicit-math markers."""
    segments: list[Segment] = []
    pos = 0
    for match in EXPLICIT_MATH.finditer(text):
        segments += _detect(text[pos:match.start()])
        latex = match.group(1) if match.group(1) is not None else match.group(2)
        segments.append(Math(latex, match.group(2) is not None, latex))
        pos = match.end()
    segments += _detect(text[pos:])
    out: list[Segment] = []
    for s in segments:
        if isinstance(s, Text) and out and isinstance(out[-1], Text):
            out[-1] = Text(out[-1].text + s.text)
        elif not (isinstance(s, Text) and not s.text):
            out.append(s)
    return tuple(out)


def plain_text(segments: tuple[Segment, ...] | list[Segment]) -> str:
    """Readable text of ``segments`` for search: formulas as the characters they came from."""
    return "".join(s.text if isinstance(s, Text) else s.source for s in segments)


def _detect(text: str) -> list[Segment]:
    stray = STRAY_MARKER.search(text)
    if stray:
        raise FormulaError(f"text {text[:60]!r}", "math markers in pairs: open, LaTeX, close",
                           f"an unpaired marker {stray.group()!r} at character {stray.start()}")
    out: list[Segment] = []
    pos, vars_ = 0, frozenset(LONE_LETTER.findall(text))
    for match in NEVER_MATH.finditer(text):
        out += _detect_prose(text[pos:match.start()], vars_) + [Text(match.group())]
        pos = match.end()
    return out + _detect_prose(text[pos:], vars_)


def _detect_prose(prose: str, vars_: frozenset[str]) -> list[Segment]:
    out: list[Segment] = []
    pos = 0
    for start, end in _candidates(prose):
        if MAY_SIGNAL.isdisjoint(prose[start:end]):
            continue  # words and numbers (ResNet50, 13.4GB): no tokenizing needed to know
        tokens = _tokens(prose[start:end])
        items = _parse(tokens, 0, "")[0]
        if start < pos or not _is_math(tokens, items):
            continue
        display = _display(prose, start, end, items, vars_, pos)
        if display:
            start, end, latex = display
        else:
            latex = _latex(items, vars_, False)
        out += [Text(prose[pos:start]), Math(latex, bool(display), prose[start:end])]
        pos = end
    return out + [Text(prose[pos:])]


def _candidates(prose: str) -> list[tuple[int, int]]:
    """Runs of formula characters, trimmed and split at unmatched brackets."""
    spans, i, n = [], 0, len(prose)
    while i < n:
        if prose[i] not in RUN_CHARS:
            i += 1
            continue
        j, depth, in_word = i, 0, False
        while j < n:
            c = prose[j]
            if c in RUN_CHARS:
                depth += (c in OPENERS) - (c in CLOSERS)
                in_word = in_word and c in ALNUM
            elif CJK_LETTER.match(c) and (depth > 0 or in_word or prose[j - 1] in CJK_OPERAND_AFTER):
                in_word = True
            elif c in CJK_UNITS and prose[j - 1].isdigit() and prose[j + 1:j + 2] in OPERATOR_CHARS:
                pass  # 0.377億≈3774.9萬: a unit inside a chain
            elif c == " ":  # spaces belong to a formula only beside an operator or after a script
                k = j
                while k < n and prose[k] == " ":
                    k += 1
                after_script = prose[j - 1] == "}" or prose[j - 2:j - 1] in ("^", "_")  # ∑_{i=1}^E f_i
                if not (prose[j - 1] in OPERATOR_CHARS or (k < n and prose[k] in OPERATOR_CHARS)
                        or after_script and k < n and prose[k] in RUN_CHARS and not TWO_LETTERS.match(prose, k)):
                    break
                j = k
                continue
            else:
                break
            j += 1
        spans += _trimmed(prose, i, j)
        i = j
    return spans


def _trimmed(s: str, start: int, end: int) -> list[tuple[int, int]]:
    while start < end and (s[start] in EDGE_JUNK or s[start] in LEADING_DROP
                           or (s[start] in "-−±" and (end - start == 1 or s[start + 1] in OPERATOR_CHARS))):
        start += 1
    while end > start and (s[end - 1] in EDGE_JUNK or s[end - 1] in OPERATOR_CHARS):
        end -= 1
    stack: list[int] = []
    for k in range(start, end):
        if s[k] in OPENERS:
            stack.append(k)
        elif s[k] in CLOSERS:
            if not stack or OPENERS.index(s[stack[-1]]) != CLOSERS.index(s[k]):
                return _trimmed(s, start, k) + _trimmed(s, k + 1, end)
            stack.pop()
    norms = [k for k in range(start, end) if s[k] == "‖"]
    split = stack[0] if stack else norms[-1] if len(norms) % 2 else None
    if split is not None:
        return _trimmed(s, start, split) + _trimmed(s, split + 1, end)
    return [(start, end)] if start < end else []


def _tokens(source: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for m in TOKEN.finditer(source):
        kind, text = m.lastgroup or "char", m.group()
        if kind == "double":
            kind, text = "char", DOUBLE_OPS[text]
        if out and out[-1][0] == "num" and (UNIT_AFTER_NUMBER.fullmatch(text) or text in CJK_UNITS or
                                            text == "μ" and source[m.end():m.end() + 1] == "s"):
            kind = "unit"  # 13.4GB, 500μs: a unit, not a variable
        if kind == "ident" and out and out[-1] == ("unit", "μ"):
            out[-1] = ("unit", "μ" + text)
        elif kind != "space":
            out.append((kind, text))
    return out


def _role(token: tuple[str, str]) -> int:
    return SYMBOLS.get(token[1], ("", 0))[1] if token[0] == "char" else 0


def _parse(tokens: list[tuple[str, str]], i: int, stop: str) -> tuple[list, int]:
    """Atoms and operators from ``tokens[i]`` up to the closing ``stop`` (``""``: the end)."""
    items: list = []
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
        unit = r"\mu\mathrm{" + text[1:] + "}" if text.startswith("μ") else _text(text) if \
            text in CJK_UNITS else r"\mathrm{" + text + "}"
        return _Atom(r"\," + unit, kind="unit"), i + 1
    if kind == "ident":
        return _ident(text, tokens[i + 1:i + 2] == [("char", "(")]), i + 1
    if kind == "cjk":
        return _Atom(_text(text), kind="cjk"), i + 1
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
    return _Atom(_text(text)), i + 1


def _ident(text: str, call: bool) -> _Atom:
    base, _, sub = text.partition("_")
    if "-" in text or "@" in text:
        return _Atom(_text(text), kind="name")
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
        atom = _Atom(var=atom.var, kind="scripted", items=(atom,), delims=(sub, primes + ("^{" + sup + "}" if sup else "")))
    return atom, i


def _has_script_argument(tokens: list[tuple[str, str]], i: int) -> bool:
    return i + 1 < len(tokens) and tokens[i + 1][1] not in CLOSERS and not _role(tokens[i + 1]) & (REL | BIN | SUB | SUP)


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


def _is_math(tokens: list[tuple[str, str]], items: list) -> bool:
    for k, (kind, text) in enumerate(tokens):
        role = _role(tokens[k])
        if role & SIGNAL or role & (SUP | SUB) and text in "^_":
            return True
        if role & PRIME and k and tokens[k - 1][0] == "ident" and len(tokens[k - 1][1]) == 1:
            return True
        if kind == "ident" and re.fullmatch(r"[A-Za-z]\d*_\w+", text):
            return True
        if kind == "ident" and text == "O" and tokens[k + 1:k + 2] == [("char", "(")]:
            return True  # big-O
    return _operator_signal(items)


def _operator_signal(items: list | tuple) -> bool:
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


def _display(prose: str, start: int, end: int, items: list, vars_: frozenset[str],
             done: int) -> tuple[int, int, str] | None:
    """The display rule: (start, end, LaTeX) of a derivation with its lead-in, tail and closing
    punctuation (which belongs to the display, as in print), or None.
    ``done``: where the previous formula ended (a lead-in cannot reach back into it)."""
    if sum(1 for x in items if isinstance(x, _Op) and x.rel) < 3:
        return None
    boundaries = [m.end() for m in CLAUSE_BOUNDARY.finditer(prose, 0, start)]
    after = CLAUSE_BOUNDARY.search(prose, end)
    clause_start, clause_end = boundaries[-1] if boundaries else 0, after.start() if after else len(prose)
    lead, tail = prose[clause_start:start].lstrip(), prose[end:clause_end].rstrip()  # "focal loss"
    if clause_start < done or len(lead.strip()) > 8 or len(tail.strip()) > 4 or any(
            c in SYMBOLS or c in "()（）[]【】" for c in lead + tail):
        return None
    start, end = start - len(lead), end + len(tail)
    stop = prose[end] if end < len(prose) and prose[end] in CLOSING_PUNCTUATION else ""
    lines: list[list] = [[]]
    rels: list[str] = []
    for x in items:
        if isinstance(x, _Op) and x.rel:
            rels.append(x.latex)
            lines.append([])
        else:
            lines[-1].append(x)
    rendered = [_latex(line, vars_, True) for line in lines]
    newline = r"\\[0.4em]" if any(r"\frac" in r for r in rendered) else r"\\"
    body = (_text(lead) if lead else "") + rendered[0]
    for k, (rel, line) in enumerate(zip(rels, rendered[1:])):
        body += (newline if k else "") + "&" + _join([rel, line])
    body += (r"\," + _text(tail.strip()) if tail.strip() else "") + (_text(stop) if stop else "")
    return start, end + len(stop), r"\begin{aligned}" + body + r"\end{aligned}"


def _latex(items: list, vars_: frozenset[str], display: bool) -> str:
    """LaTeX of a sequence of items; in display math ``a/b`` becomes ``\\frac{a}{b}``."""
    parts: list = list(items)
    k = 0
    while display and k < len(parts):
        if isinstance(parts[k], _Op) and parts[k].latex == "/":
            lo, hi = k, k + 1  # the operands: the atoms juxtaposed on either side (2PR / (P+R))
            while lo > 0 and isinstance(parts[lo - 1], _Atom):
                lo -= 1
            while hi < len(parts) and isinstance(parts[hi], _Atom):
                hi += 1
            if lo < k < hi - 1:
                frac = r"\frac{" + _operand(parts[lo:k], vars_) + "}{" + _operand(parts[k + 1:hi], vars_) + "}"
                parts[lo:hi], k = [_Atom(frac, kind="frac")], lo
        k += 1
    return _join([_atom_latex(x, vars_, display) if isinstance(x, _Atom) else x.latex for x in parts])


def _operand(run: list, vars_: frozenset[str]) -> str:
    if len(run) == 1 and run[0].kind == "group" and run[0].delims[0] == "(":
        return _latex(list(run[0].items), vars_, True)  # (P+R) under a fraction bar loses its brackets
    return _join([_atom_latex(x, vars_, True) for x in run])


def _atom_latex(atom: _Atom, vars_: frozenset[str], display: bool, bare: bool = False) -> str:
    if atom.kind == "product":  # a product of variables (2PR) or a name (lr, batch)
        latex = atom.latex if len(atom.latex) <= 3 and set(atom.latex) <= vars_ else r"\mathrm{" + atom.latex + "}"
    elif atom.kind == "scripted":
        base, (sub, sups) = atom.items[0], atom.delims
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


def _text(text: str) -> str:
    return r"\text{" + LATEX_SPECIAL.sub(lambda m: "\\" + m.group(1) if m.group(1) not in "\\^~" else
                                         {"\\": r"\textbackslash{}", "^": r"\textasciicircum{}",
                                          "~": r"\textasciitilde{}"}[m.group(1)], text) + "}"


def _join(parts: list[str]) -> str:
    out = ""
    for p in parts:
        if p and out and CONTROL_WORD_END.search(out) and p[0].isalpha():
            out += " "
        out += p
    return out
