"""Formula detection: bank text -> ``Text`` and ``Math`` segments (pure; KaTeX is elsewhere).

Banks write mathematics as plain text (``η_l=η×‖w‖/(‖∇w‖+λ‖w‖)``, ``F1=2PR/(P+R)``).
:func:`split_math` finds those spans and gives each its LaTeX; everything else stays text.

* LaTeX an editor gave (between ``model.INLINE_MATH`` or ``model.DISPLAY_MATH`` markers) is
  taken as given and wins over detection.
* Code (fenced or in backticks), URLs, HTML tags, dates and version strings are never math;
  nor is TeX a bank writes itself (``$x^2$``, ``\\(y\\)``): bank markup is shown as written,
  never interpreted, and an editor who wants it typeset gives its LaTeX in the errata.
* A candidate is a run of formula characters (the rule table ``formula_latex.SYMBOLS``, ASCII
  letters and digits, brackets; spaces only beside an operator or after a script).  It is math
  only with a *signal*: a symbol marked SIGNAL in the table (×, ≈, ‖, √, ∑, ∈, ≤, ±, ·, Greek
  letters …), a super- or subscript, a prime or accent on a letter, big-O, a relation or
  operator beside a one-letter variable (``t=5``, ``1/h``, ``A+B``), or arithmetic with a
  relation (``1+1=2``).  So ``batchsize=4096``, ``13.4GB``, ``1/10``, ``8.2%``, ``10×``,
  ``ViT-G/14``, ``[0.8,0.1]``, and capitals listed with slashes (``K/V``, ``I/O``) stay text.
  CJK joins a formula only inside its brackets (``E[加速]``), as the operand of ``× · + −``
  (``2×最大Block參數量``) or as a unit inside a chain (``0.377億≈``), and then goes into
  ``\\text{}``.
* In formulas ``3e-4`` reads ``3×10⁻⁴``; ``F1``, ``p_t``, ``d_model`` get subscripts; names
  (``lr``, ``batch``, ``max_len``) are upright; a short run of letters that all occur alone in
  the same text (``2PR`` beside ``P+R``) is a product; ``GB``, ``μs`` after a number are units.
* **Display rule**: a formula with three or more top-level relations (= ≈ ≤ → …) that is a
  whole clause -- from a clause boundary (start of text, ``，。；：`` …) to the next, allowing
  a lead-in of up to 8 characters (``總參數量``) and a tail of up to 4 (``萬``) -- is a
  derivation: display math, one relation per line (``aligned``), slashes as ``\\frac``, and
  the clause's closing punctuation inside it, as in print.  Anything else is inline and keeps
  its slashes, which read better in a line than small fractions.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from ..bank.model import DISPLAY_MATH, INLINE_MATH
from ..bank.pictures import without_pictures
from ..bank.spans import EDITOR_MATH, FENCE
from ..base.errors import GuideError
from ..base.text import HAN, clip
from .to_latex import (
    BIN,
    CJK_UNITS,
    CLOSERS,
    OPENERS,
    REL,
    SYMBOLS,
    Formula,
    display_latex,
    inline_latex,
    is_math,
    read,
    relations,
)
from .to_text import latex_text


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
    given: bool = False  # LaTeX an editor gave (its source is that LaTeX)


Segment = Text | Math


class FormulaError(GuideError):
    """A formula cannot be typeset, or an editor's math markers do not pair up."""


STRAY_MARKER = re.compile("[{}]".format(re.escape("".join(INLINE_MATH + DISPLAY_MATH))))
NEVER_MATH = re.compile(
    rf"{FENCE.pattern}|`[^`\n]+`"  # code
    r"|(?:https?://|ftp://|www\.)[^\s\u3000-\u303f\uff01-\uff5e<>\"]+"  # URLs
    r"|</?[A-Za-z][^<>\n]*>"  # HTML tags a bank keeps (tables, images): their attributes
    # TeX markup in a bank is shown as written.  The inside of \( \) (and \[ \]) holds no other
    # opener, so a match that fails stops at the next: 40,000 unclosed \( are linear, not n².
    r"|\$\$.+?\$\$|\$[^$\n]+\$|\\\((?:[^\\]|\\[^()])*\\\)|\\\[(?:[^\\]|\\[^\[\]])*\\\]"
    r"|(?<![\d.])(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|v?\d+(?:\.\d+){2,})(?![\d.])",  # dates, versions
    re.S,
)
TWO_LETTERS = re.compile(r"[A-Za-z]{2}")  # a word, not a variable
LETTER_LIST = re.compile(r"[A-Z](?:/[A-Z])+")  # K/V, I/O, Q/K/V: capitals listed, not divided
LONE_LETTER = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z](?![A-Za-z0-9])")
CJK_LETTER = re.compile(f"[{HAN}]")
CLAUSE_BOUNDARY = re.compile(r"[，。；：！？、,;:!?\n]")
CLOSING_PUNCTUATION = frozenset("，。；！？,;.!?")
ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
RUN_CHARS = frozenset(SYMBOLS) | frozenset(OPENERS + CLOSERS) | ALNUM
RUN_CHAR = re.compile("[{}]".format("".join(map(re.escape, sorted(RUN_CHARS)))))  # one formula character
RUN = re.compile(RUN_CHAR.pattern + "+")  # a run of them
ALNUM_RUN = re.compile("[A-Za-z0-9]+")
BRACKETS = frozenset(OPENERS + CLOSERS + "‖")  # what depth and pairing look at
OPERATOR_CHARS = frozenset(c for c, (_, role) in SYMBOLS.items() if role & (REL | BIN))
CJK_OPERAND_AFTER = frozenset("×·+−÷")  # CJK after these is an operand: 2×最大Block參數量
MAY_SIGNAL = frozenset(SYMBOLS) - frozenset(".,?@%|") | {"("}  # a run without these is never math
EDGE_JUNK = frozenset(" .,?^_@")  # never starts or ends a formula
MAX_FORMULA, MAX_NESTING = 600, 8  # characters, brackets (or roots) one inside another
MAX_TAIL_SPAN = 64  # characters from a derivation to its clause's end, blanks included (display rule)
SPLIT_CACHE_SIZE = 50_000  # texts whose segments are kept (see _split_cached)
LEADING_DROP = OPERATOR_CHARS - frozenset("=≈<>≤≥≠∈-−±")  # binary operators cannot start one


def split_math(text: str) -> tuple[Segment, ...]:
    """``text`` as ``Text`` and ``Math`` segments whose ``text``/``source`` concatenate to
    ``text`` without the explicit-math markers."""
    return _split_cached(text)


def _split_math(text: str) -> tuple[Segment, ...]:
    segments: list[Segment] = []
    pos = 0
    for match in EDITOR_MATH.finditer(text):
        segments += _detect(text[pos:match.start()])
        latex = match.group(1) if match.group(1) is not None else match.group(2)
        segments.append(Math(latex, match.group(2) is not None, latex, given=True))
        pos = match.end()
    segments += _detect(text[pos:])
    # Neighbouring texts joined once (adding each to the last was quadratic on a long line).
    out: list[Segment] = []
    texts: list[str] = []
    for s in [*segments, None]:
        if isinstance(s, Text):
            texts.append(s.text)
            continue
        if "".join(texts):
            out.append(Text("".join(texts)))
        texts.clear()
        if s is not None:
            out.append(s)
    return tuple(out)


# Detection is pure, and its segments are immutable, so texts seen before (a bank's repeated
# explanations, the paragraph that search and the page both read) are detected once.  An
# error (unpaired markers) is not cached: every caller gets it.  Bounded, for banks of any size.
_split_cached = lru_cache(maxsize=SPLIT_CACHE_SIZE)(_split_math)


def plain_text(segments: tuple[Segment, ...] | list[Segment]) -> str:
    """Readable text of ``segments`` for search: formulas as the characters they came from."""
    return "".join(s.text if isinstance(s, Text) else s.source for s in segments)


def readable(segment: Math) -> str:
    """How a formula reads as text (search, screen readers, link labels): the characters it
    came from, or LaTeX an editor gave read as text (``\\dfrac{a}{b+c}`` -> ``a/(b+c)``)."""
    return latex_text(segment.latex) if segment.given else segment.source


def readable_text(text: str) -> str:
    """``text`` with each formula an editor gave read as text, and no math or picture markers
    (a picture reads as :data:`generator.bank.pictures.PICTURE_WORD`)."""
    text = without_pictures(text)
    return EDITOR_MATH.sub(lambda m: latex_text(m.group(1) if m.group(1) is not None else m.group(2)), text)


def _detect(text: str) -> list[Segment]:
    stray = STRAY_MARKER.search(text)
    if stray:
        raise FormulaError(f"text {clip(text, 60)!r}", "math markers in pairs: open, LaTeX, close",
                           f"an unpaired marker {stray.group()!r} at character {stray.start()}")
    out: list[Segment] = []
    pos, variables = 0, frozenset(LONE_LETTER.findall(text))
    for match in NEVER_MATH.finditer(text):
        out += [*_detect_prose(text[pos:match.start()], variables), Text(match.group())]
        pos = match.end()
    return out + _detect_prose(text[pos:], variables)


def _detect_prose(prose: str, variables: frozenset[str]) -> list[Segment]:
    if MAY_SIGNAL.isdisjoint(prose):  # about half of a bank's paragraphs: no formula can be there
        return [Text(prose)]
    out: list[Segment] = []
    pos = 0
    clauses: list[int] = []  # where the clause boundaries are, found once for the display rule
    for start, end in _candidates(prose):
        if start < pos or MAY_SIGNAL.isdisjoint(prose[start:end]) or not _readable(prose[start:end]):
            continue  # words and numbers (ResNet50, 13.4GB) need no parsing to be known
        if LETTER_LIST.fullmatch(prose, start, end):
            continue
        formula = _formula(prose[start:end])
        if formula is None:
            continue
        if relations(formula) >= 3 and not clauses:
            clauses = [m.start() for m in CLAUSE_BOUNDARY.finditer(prose)] + [len(prose)]
        display = _display(prose, start, end, formula, variables, pos, clauses)
        if display:
            start, end, latex = display
        else:
            latex = _inline_latex(prose[start:end], variables)
        out += [Text(prose[pos:start]), Math(latex, bool(display), prose[start:end])]
        pos = end
    return [*out, Text(prose[pos:])]


# A bank writes the same formulas again and again (lr=3e-4, O(n^2)): each is read once.
@lru_cache(maxsize=4096)
def _formula(candidate: str) -> Formula | None:
    """The formula ``candidate`` reads as, or None when it is no math."""
    formula = read(candidate)
    return formula if is_math(formula) else None


@lru_cache(maxsize=4096)
def _inline_latex(candidate: str, variables: frozenset[str]) -> str:
    formula = _formula(candidate)
    assert formula is not None
    return inline_latex(formula, variables)


def _display(prose: str, start: int, end: int, formula: Formula, variables: frozenset[str],
             done: int, clauses: list[int]) -> tuple[int, int, str] | None:
    """The display rule: (start, end, LaTeX) of a derivation with its lead-in, tail and closing
    punctuation (which belongs to the display, as in print), or None.
    ``done``: where the previous formula ended (a lead-in cannot reach back into it);
    ``clauses``: where the prose's clause boundaries are, and its length (found once: a search
    from the start of the prose for every formula was quadratic on a long line)."""
    if relations(formula) < 3:
        return None
    before = bisect.bisect_left(clauses, start) - 1  # the last boundary before the formula
    clause_start = clauses[before] + 1 if before >= 0 else 0
    clause_end = clauses[bisect.bisect_left(clauses, end)]
    # A tail is a few characters (萬): one that runs on is no tail, and is not copied out for every
    # formula of a long clause.  (The lead-in runs from ``done`` at most: linear over the prose.)
    if clause_start < done or clause_end - end > MAX_TAIL_SPAN:
        return None
    lead, tail = prose[clause_start:start].lstrip(), prose[end:clause_end].rstrip()  # "focal loss"
    if len(lead.strip()) > 8 or len(tail.strip()) > 4 or any(
            c in SYMBOLS or c in "()（）[]【】" for c in lead + tail):
        return None
    start, end = start - len(lead), end + len(tail)
    stop = prose[end] if end < len(prose) and prose[end] in CLOSING_PUNCTUATION else ""
    return start, end + len(stop), display_latex(formula, variables, lead, tail.strip(), stop)


def _candidates(prose: str) -> list[tuple[int, int]]:
    """Runs of formula characters that may hold a signal, trimmed and split at unmatched brackets.

    Regular expressions skip what is not formula characters (most of a CJK text) and take a
    run of them whole; only the characters between runs are looked at one by one.
    """
    spans, n = [], len(prose)
    start = RUN_CHAR.search(prose)
    while start:
        i = j = start.start()
        depth, in_word = 0, False
        while j < n:
            run = RUN.match(prose, j)
            if run:
                block = run.group()
                if not BRACKETS.isdisjoint(block):
                    depth += sum(map(block.count, OPENERS)) - sum(map(block.count, CLOSERS))
                in_word = in_word and ALNUM_RUN.fullmatch(block) is not None
                j = run.end()
                if j >= n:
                    break
            c = prose[j]
            if CJK_LETTER.match(c) and (depth > 0 or in_word or prose[j - 1] in CJK_OPERAND_AFTER):
                in_word = True
            elif c in CJK_UNITS and prose[j - 1].isdigit() and prose[j + 1:j + 2] in OPERATOR_CHARS:
                pass  # 0.377億≈3774.9萬: a unit inside a chain
            elif c == " ":  # spaces belong to a formula only beside an operator or after a script
                k = j
                while k < n and prose[k] == " ":
                    k += 1
                after_script = prose[j - 1] == "}" or prose[j - 2:j - 1] in ("^", "_")  # ∑_{i=1}^E f_i
                if not (prose[j - 1] in OPERATOR_CHARS or (k < n and prose[k] in OPERATOR_CHARS)
                        or (after_script and k < n and prose[k] in RUN_CHARS and not TWO_LETTERS.match(prose, k))):
                    break
                j = k
                continue
            else:
                break
            j += 1
        if not MAY_SIGNAL.isdisjoint(prose[i:j]):  # trimming only shortens: no signal, no formula
            spans += _trimmed(prose, i, j)
        start = RUN_CHAR.search(prose, j)
    return spans


def _trimmed(s: str, start: int, end: int) -> list[tuple[int, int]]:
    """The span without junk at its edges, cut at brackets (and a ‖) that have no partner."""
    spans, todo = [], [(start, end)]
    while todo:
        start, end = todo.pop()
        while start < end and (s[start] in EDGE_JUNK or s[start] in LEADING_DROP
                               or (s[start] in "-−±" and (end - start == 1 or s[start + 1] in OPERATOR_CHARS))):
            start += 1
        while end > start and (s[end - 1] in EDGE_JUNK or s[end - 1] in OPERATOR_CHARS):
            end -= 1
        cuts = _unmatched(s, start, end)
        if cuts:
            bounds = [start - 1, *cuts, end]
            todo += [(bounds[k] + 1, bounds[k + 1]) for k in reversed(range(len(bounds) - 1))]
        elif start < end:
            spans.append((start, end))
    return spans


def _unmatched(s: str, start: int, end: int) -> list[int]:
    if BRACKETS.isdisjoint(s[start:end]):
        return []
    stack: list[int] = []
    cuts: list[int] = []
    for k in range(start, end):
        if s[k] in OPENERS:
            stack.append(k)
        elif s[k] in CLOSERS:
            if stack and OPENERS.index(s[stack[-1]]) == CLOSERS.index(s[k]):
                stack.pop()
            else:
                cuts.append(k)
    if cuts or stack:
        return sorted(cuts + stack)
    norms = [k for k in range(start, end) if s[k] == "‖"]
    return norms[-1:] if len(norms) % 2 else []


def _readable(source: str) -> bool:
    """Whether a run is short and shallow enough to be a formula someone reads (and to keep
    the parser's recursion bounded on hostile input)."""
    if len(source) > MAX_FORMULA or "√" * MAX_NESTING in source:
        return False
    if BRACKETS.isdisjoint(source):
        return True
    depth = deepest = 0
    for c in source:
        depth += (c in OPENERS) - (c in CLOSERS)
        deepest = max(deepest, depth)
    return deepest <= MAX_NESTING
