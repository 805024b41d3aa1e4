"""Consistency checks: a Bank in, the same Bank out with ``Question.flags`` filled.

Lint runs after the errata, so it judges the corrected text; it never changes text.
Each flag has a stable code, a severity and a message in the guide's language that
names the question (``第10題``, or ``第2章第3題`` when numbering restarts per chapter)
and quotes what was found.

=========================  ========  ====================================================
code                       severity  finds
=========================  ========  ====================================================
``truncated``              error     the bank ends inside this question (its last one):
                                     no answer, too few options, an open code fence or a
                                     sentence cut off
``missing-answer``         error     no answer (``info`` on a truncated question, whose
                                     ``truncated`` flag already says so; short and case
                                     questions whose explanation holds the answer pass)
``answer-not-in-options``  error     a choice answer names a letter that is no option
                                     (``warning`` when the answer is not letters at all)
``answer-conflict``        warning   the explanation states another final answer (``答案：``,
                                     ``答案應為``) or corrects itself (``更正``)
``answer-count``           warning   單選 with several letters, 多選 with one
``duplicate-number``       warning   a question number seen before in the same numbering
``numbering-gap``          warning   numbers skipped or out of order
``lost-character``         warning   a ``?`` standing for a lost character (``η?``, ``‖?w‖``)
``garbled-text``           warning   mojibake: rare characters clustered with ``?`` or a
                                     half pinyin gloss (``請?zhí)岢鰞身椄倪M``)
``lost-minus``             warning   a minus sign most likely lost (``lr=3e4``, ``(1β?^5)``)
``code-whitespace-lost``   warning   a fenced code block squashed onto one line
=========================  ========  ====================================================

Damage codes are warnings because they are probable, not certain; an error means the
guide cannot show the question as the bank meant it.  A plain ``?``/``？`` that ends a
question is punctuation, not damage.  Code fences, URLs and editor-given math are not
searched for lost characters or minus signs.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from .fields import choice_letters, judge_value
from .model import Bank, Flag, Question, QuestionType, Severity

_E, _W, _I = Severity.ERROR, Severity.WARNING, Severity.INFO
_GREEK = "α-ωΑ-Ωϵϑϕ"
_MATH_SIGNS = "‖∈∑∏√∂∇∫≈≤≥±×·"
_TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜńňǹḿ"

FENCED_CODE = re.compile(r"```(?P<body>.*?)```", re.S)
URL = re.compile(r"https?://\S+")
EDITOR_MATH_SPAN = re.compile(r"\x02[^\x03]*\x03|\x04[^\x05]*\x05")
LOST_CHARACTER = re.compile(
    rf"(?<=[{_GREEK}{_MATH_SIGNS}?])\?"  # after a Greek letter, a math sign or another ?: η?, ‖?w‖, m??
    rf"|\?(?=[A-Za-z0-9=^_{{}}(‖/·×+*?{_GREEK}])"  # before a letter, digit or operator: ?w, ?=
    r"|(?<=[A-Za-z0-9])\?(?=[)\]，,、])"  # closing a variable: (1p?), θ?，
    rf"|(?<=[{_GREEK}{_MATH_SIGNS}])？"  # a full-width one after a Greek letter or math sign
    r"|\ufffd"  # the decoder's replacement character
)
# What may follow a ``?`` that ends a question: closing quotes and brackets, blanks.
_QUESTION_END = " \t\n”」』)）】]'\"（）()_＿"
GARBLED_PINYIN = re.compile(rf"\?[a-zü]*[{_TONED}][a-zü]*\)")  # a pinyin gloss that lost its "("
LATIN1_MOJIBAKE = re.compile(r"Ã[\u0080-\u00bf]|â€|ï¼|锟斤拷|烫烫烫|屯屯屯")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
# Variant forms that OpenCC and Cantonese text use although GB2312 and Big5 lack them.
COMMON_VARIANTS = set("爲裏衆羣牀峯啓僞竈説衞閲敍鋭鈎藴嫺麪綫嘅啲冇嘢佢哋咗喺嚟噉冧")
# Scientific notation without a sign where a small quantity is meant (lr, wd, ε ...).
UNSIGNED_EXPONENT = re.compile(
    r"(?<![A-Za-z0-9_.])\d+(?:\.\d+)?e\d{1,2}(?![A-Za-z0-9_.])"
    r"(?!\s*(?:步|steps?|tokens?|個|个|條|条|次|輪|轮|iter|samples?|樣本|样本|參數|参数|[BMKT]\b))"
)
SMALL_QUANTITY_CONTEXT = re.compile(
    r"(?i:lr|learning[ _]?rate|wd|weight[ _]?decay|eps(?:ilon)?)|學習率|学习率|權重衰減|权重衰减"
    rf"|[εαλητ]|係數|系數|系数|步長|步长|\+\s*$"
)
ONE_MINUS = re.compile(
    rf"(?<![A-Za-z0-9_.])1(?=[{_GREEK}]|[a-zA-Z][_?^)])"  # 1β?, 1α, (1p?)
    r"|(?<![\d.])1(?=0\.\d+\^)"  # 10.9^5
    r"|(?<=[×*/=]\()1(?=0\.\d+\))|(?<=\()1(?=0\.\d+\)\^)"  # ×(10.722), (10.7)^2
)
FINAL_ANSWER = re.compile(r"(?:正確|正确|最終|最终)?答案(?:應|应)?(?:為|为|是|：|:|=)\s*(?P<value>[^，,。；;\s]+)")
SELF_CORRECTION = re.compile(r"更正|訂正|订正|勘誤|勘误")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
CUT_OFF_END = re.compile(r"[，、,：:（(「“+\-−=×/]\s*$")
_OPEN_CLOSE = {"（": "）", "(": ")", "「": "」", "“": "”", "【": "】"}


def lint(bank: Bank, source_length: int | None = None) -> Bank:
    """Return ``bank`` with every question's flags filled (flags already there are kept).

    ``source_length`` is the length of the decoded source; without it the question that
    ends furthest into the source is taken to run to its end.
    """
    numbering = _numbering_flags(bank)
    cut = _truncated(bank, source_length)
    chapters = []
    for chapter in bank.chapters:
        questions = []
        for q in chapter.questions:
            where = _where(chapter.number, q)
            found = list(numbering.get(q.id, ()))
            if cut and cut[0] == q.id:
                found.append(Flag("truncated", _E, f"{where}在題庫結尾處被截斷（{cut[1]}）：「…{_tail(q)}」"))
            for check in QUESTION_CHECKS:
                found.extend(check(q, where, bool(cut and cut[0] == q.id)))
            flags = tuple(dict.fromkeys(q.flags + tuple(found)))
            questions.append(replace(q, flags=flags))
        chapters.append(replace(chapter, questions=tuple(questions)))
    return replace(bank, chapters=tuple(chapters))


# -- bank-wide checks ---------------------------------------------------------------------

def _numbering_flags(bank: Bank) -> dict[str, list[Flag]]:
    flags: dict[str, list[Flag]] = {}
    seen: set[int] = set()
    highest = 0
    for chapter in bank.chapters:
        for i, q in enumerate(chapter.questions):
            if i == 0 and q.number == 1 and highest:  # numbering restarts in this chapter
                seen, highest = set(), 0
            where = _where(chapter.number, q)
            if q.number in seen:
                flags.setdefault(q.id, []).append(Flag("duplicate-number", _W, f"{where}：題號{q.number}在前面已經出現過"))
            elif q.number > highest + 1:
                missing = f"第{highest + 1}題" if q.number == highest + 2 else f"第{highest + 1}–{q.number - 1}題"
                flags.setdefault(q.id, []).append(Flag("numbering-gap", _W, f"{where}之前缺少{missing}"))
            elif q.number < highest:
                flags.setdefault(q.id, []).append(
                    Flag("numbering-gap", _W, f"{where}排在第{highest}題之後，題號順序錯亂"))
            seen.add(q.number)
            highest = max(highest, q.number)
    return flags


def _truncated(bank: Bank, source_length: int | None) -> tuple[str, str] | None:
    """``(question id, reason)`` when the bank ends inside its last question."""
    questions = bank.questions
    if not questions:
        return None
    end = source_length if source_length is not None else max(q.end_offset for q in questions)
    running = [q for q in questions if q.end_offset == end]
    if not running:
        return None
    last = running[-1]
    others = [q for q in questions if q is not last]
    texts = [t for _, t in _fields(last) if t]
    if sum(t.count("```") for t in texts) % 2:
        return last.id, "程式碼區塊沒有結束"
    if last.type.is_choice and len(last.options) < 2:
        return last.id, f"只有{len(last.options)}個選項，沒有答案" if last.answer is None else f"只有{len(last.options)}個選項"
    if texts and (CUT_OFF_END.search(texts[-1]) or _unclosed(texts[-1])):
        return last.id, "句子沒有結束"
    if last.answer is None and not last.explanation and (not others or any(q.answer is not None for q in others)):
        return last.id, "沒有答案"
    return None


def _unclosed(text: str) -> bool:
    return any(text.count(o) > text.count(c) for o, c in _OPEN_CLOSE.items())


# -- answer checks ------------------------------------------------------------------------

def _missing_answer(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if q.answer is not None:
        return
    if q.type in (QuestionType.SHORT, QuestionType.CASE) and q.explanation:
        return
    yield Flag("missing-answer", _I if truncated else _E, f"{where}沒有答案")


def _answer_against_options(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if not q.type.is_choice or q.answer is None:
        return
    letters = choice_letters(q.answer)
    if letters is None:
        yield Flag("answer-not-in-options", _W, f"{where}是選擇題，答案卻不是選項字母：「{_clip(q.answer)}」")
        return
    labels = {o.label for o in q.options}
    if q.options and set(letters) - labels:
        missing = "、".join(sorted(set(letters) - labels))
        yield Flag("answer-not-in-options", _E,
                   f"{where}答案「{q.answer_text or q.answer}」中的{missing}不是本題的選項（選項：{''.join(sorted(labels))}）")
    if q.type is QuestionType.SINGLE and len(letters) > 1:
        yield Flag("answer-count", _W, f"{where}是單選題，答案卻有{len(letters)}個選項：「{q.answer_text or q.answer}」")
    if q.type is QuestionType.MULTIPLE and len(letters) == 1:
        yield Flag("answer-count", _W, f"{where}是多選題，答案卻只有一個選項：「{q.answer_text or q.answer}」")


def _answer_conflict(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    if q.answer is None or not q.explanation or q.type in (QuestionType.SHORT, QuestionType.CASE):
        return
    stated = list(FINAL_ANSWER.finditer(q.explanation))
    if stated:
        value = stated[-1].group("value")
        if _differs(q, value):
            yield Flag("answer-conflict", _W,
                       f"{where}解析得出的答案「{value}」與答案欄「{q.answer_text or q.answer}」不一致："
                       f"「…{_around(q.explanation, stated[-1].start(), stated[-1].end())}」")
        return  # the explanation ends on a stated answer: that statement decides
    fix = SELF_CORRECTION.search(q.explanation)
    if fix:
        yield Flag("answer-conflict", _W, f"{where}解析中途更正了自己，可能與答案欄「{q.answer_text or q.answer}」不一致："
                                          f"「…{_around(q.explanation, fix.start(), fix.end())}」")


def _differs(q: Question, value: str) -> bool:
    """Whether an answer stated in the explanation differs from the answer field."""
    if q.type.is_choice:
        letters = choice_letters(value)
        return letters is not None and letters != choice_letters(q.answer or "")
    if q.type is QuestionType.JUDGE:
        stated = judge_value(value)
        return stated is not None and {True: "true", False: "false"}[stated] != q.answer
    ours, theirs = NUMBER.search(q.answer or ""), NUMBER.search(value)
    if ours and theirs:
        return abs(float(ours.group()) - float(theirs.group())) > 1e-9 * max(1.0, abs(float(ours.group())))
    return re.sub(r"\s", "", value).rstrip("。.") != re.sub(r"\s", "", q.answer or "").rstrip("。.")


# -- damage checks ------------------------------------------------------------------------

@dataclass(frozen=True)
class _Views:
    """One field seen three ways: as written, without editor math, and as prose to search."""

    text: str
    plain: str  # editor math blanked out
    prose: str  # also code, URLs and garbled spans blanked out
    garbled: tuple[tuple[int, int], ...]


def _views(text: str) -> _Views:
    plain = _mask(text, EDITOR_MATH_SPAN)
    garbled = tuple(_garbled_spans(plain))
    prose = _mask(plain, FENCED_CODE, URL)
    for start, end in garbled:
        prose = prose[:start] + " " * (end - start) + prose[end:]
    return _Views(text, plain, prose, garbled)


def _lost_characters(v: _Views) -> list[tuple[int, int]]:
    return [m.span() for m in LOST_CHARACTER.finditer(v.prose) if not _ends_question(v.prose, m.end())]


def _lost_minus_signs(v: _Views) -> list[tuple[int, int]]:
    small = [m.span() for m in UNSIGNED_EXPONENT.finditer(v.prose)
             if SMALL_QUANTITY_CONTEXT.search(v.prose[max(0, m.start() - 30) : m.start()])]
    return small + [m.span() for m in ONE_MINUS.finditer(v.prose)]


def _squashed_code(v: _Views) -> list[tuple[int, int]]:
    return [m.span() for m in FENCED_CODE.finditer(v.plain) if _squashed(m.group("body"))]


# code, what the message calls it, finder of the damaged spans in one field
DAMAGE_RULES: tuple[tuple[str, str, Callable[[_Views], list[tuple[int, int]]]], ...] = (
    ("garbled-text", "疑似亂碼", lambda v: list(v.garbled)),
    ("lost-character", "疑似遺失字元（以「?」代替）", _lost_characters),
    ("lost-minus", "疑似遺失負號", _lost_minus_signs),
    ("code-whitespace-lost", "的程式碼失去了空白與換行", _squashed_code),
)


def _damage(q: Question, where: str, truncated: bool) -> Iterator[Flag]:
    for label, text in _fields(q):
        if not text:
            continue
        views = _views(text)
        for code, what, find in DAMAGE_RULES:
            spans = _clusters(find(views))
            if spans:
                quotes = "、".join(f"「{_around(text, s, e)}」" for s, e in spans[:3])
                more = f"等{len(spans)}處" if len(spans) > 3 else ""
                yield Flag(code, _W, f"{where}{label}{what}：{quotes}{more}")


def _clusters(spans: list[tuple[int, int]], gap: int = 4) -> list[tuple[int, int]]:
    """Spans sorted, with those at most ``gap`` characters apart merged into one."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start - merged[-1][1] <= gap:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _garbled_spans(text: str) -> list[tuple[int, int]]:
    hits = [m.span() for m in GARBLED_PINYIN.finditer(text)] + [m.span() for m in LATIN1_MOJIBAKE.finditer(text)]
    for m in CJK.finditer(text):
        if _rarity(m.group()) < 2:
            continue
        window = text[max(0, m.start() - 3) : m.end() + 3]
        others = sum(1 for c in window if CJK.match(c) and _rarity(c) >= 1) - 1
        if others >= 1 or "?" in window:
            hits.append(m.span())
    return _clusters(hits)


def _rarity(char: str) -> int:
    """0: a common character; 1: in Big5's less common level only; 2: in neither GB2312 nor Big5."""
    if char in COMMON_VARIANTS:
        return 0
    try:
        char.encode("gb2312")
        return 0
    except UnicodeEncodeError:
        pass
    try:
        code = int.from_bytes(char.encode("big5"), "big")
    except UnicodeEncodeError:
        return 2
    return 0 if 0xA440 <= code <= 0xC67E else 1


def _squashed(body: str) -> bool:
    """A code block that lost its line breaks, or Python that lost its indentation."""
    code = body.strip()
    if len(code) >= 30 and "\n" not in code and not re.search(r"\s", code):
        return True
    lines = body.split("\n")
    if lines[0].strip().lower() not in ("python", "py", "python3"):
        return False
    rest = [line for line in lines[1:] if line.strip()]
    indent = [len(line) - len(line.lstrip()) for line in rest]
    return any(line.rstrip().endswith(":") and indent[i + 1] <= indent[i] for i, line in enumerate(rest[:-1]))


def _ends_question(text: str, end: int) -> bool:
    return not text[end:].strip(_QUESTION_END)


def _mask(text: str, *patterns: re.Pattern[str]) -> str:
    """``text`` with every match of ``patterns`` blanked out, positions unchanged."""
    for pattern in patterns:
        text = pattern.sub(lambda m: " " * len(m.group()), text)
    return text


# -- helpers ------------------------------------------------------------------------------

def _where(chapter: int, q: Question) -> str:
    """How a message names a question: 第10題, or 第2章第3題 when numbering restarts."""
    return f"第{chapter}章第{q.number}題" if q.id.startswith("c") else f"第{q.number}題"


def _fields(q: Question) -> Iterator[tuple[str, str]]:
    yield "題幹", q.stem
    for option in q.options:
        yield f"選項{option.label}", option.text
    yield "答案", q.answer_text or ""
    yield "解析", q.explanation


def _around(text: str, start: int, end: int, context: int = 6) -> str:
    piece = text[max(0, start - context) : min(len(text), end + context)]
    return _clip(EDITOR_MATH_SPAN.sub("…", piece).replace("\n", "↵"), 40)


def _tail(q: Question) -> str:
    texts = [t for _, t in _fields(q) if t]
    return _clip(texts[-1][-20:].replace("\n", "↵")) if texts else ""


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


QUESTION_CHECKS: tuple[Callable[[Question, str, bool], Iterator[Flag]], ...] = (
    _missing_answer, _answer_against_options, _answer_conflict, _damage,
)
