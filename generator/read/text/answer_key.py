"""Answer keys collected at the end of a section or file, and their entries.

A key is a heading (``参考答案``, ``答案与解析``, ``Answer Key`` …, alone on its line or
followed by the first entries) and then lines of entries, or with no heading a block of
lines holding nothing but entries, two or more on its first (``1.A 2.C 3.B``), after the
questions: ``1.A 2.C 3.B``, ``1-5 ABCDA``,
or one question a line with its explanation (``1. A 解析：…``).  Under a heading alone on its
line (``**答案**``), entries may be any text, one a line (``1. `backend/`，`uv```, ``13. 全选``),
as long as their numbers rise and no higher number opened a line before the key: a numbered
list after an answer marker is that answer, not a key.  It runs as long as its
lines read as a key: entries, blank lines, sub-headings (``一、单选题``) and the
explanations of its entries; the first line that starts with a number but is no entry (a
question) ends it, and the headings just before that line go back to the bank.

Entries are matched to questions by the parser (generator.read.text.parse) by number, group
by group when the key has one sub-heading per section.
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import partial
from itertools import chain

from ...bank.fields import EXPLANATION_MARK, LETTER
from .line_scan import LineScan

KEY_HEADING = re.compile(
    r"(?m)^[ \t]*(?:#{1,6}[ \t]{0,4})?(?:\*\*)?[【\[]?"
    r"(?:參考答案|参考答案|標準答案|标准答案|答案[與与及和]解析|答案解析|答案|Answer [Kk]ey|ANSWER KEY|Answers|ANSWERS)"
    r"(?:[ \t]{1,2}\d{1,3}(?!\d))?[】\]]?(?:\*\*)?[ \t]{0,4}[:：]?(?:\*\*)?[ \t]{0,4}"
    r"(?:[(（][^()（）\n]{1,30}[)）][ \t]{0,4}(?=\n|$))?"  # a note after it: "## Answer Key (Teacher Use Only)"
)
KEY_HEADING_SCAN = LineScan(KEY_HEADING, "答案|Answer|ANSWER")  # (each of its words holds one)
_VALUE = rf"(?:[{LETTER}]{{1,8}}|[√×✓✗✔✘]|對|对|錯|错|正確|正确|錯誤|错误|True|False|TRUE|FALSE|T|F)"
# "1.A" "1、A" "1. 答案：A" "(1) A"; the value is followed by a blank, punctuation or an explanation
ENTRY = re.compile(
    r"(?<![\d.])[(（]?(?P<n>\d{1,7})[)）]?[ \t]{0,4}[.．、:：]?[ \t]{0,4}"
    r"(?:【?(?:答案|Answer)】?[ \t]{0,2}[:：]?[ \t]{0,4})?"
    rf"(?:[(（](?P<bv>{_VALUE})[)）]|\*\*(?P<sv>{_VALUE})\*\*|(?P<v>{_VALUE}))"  # "19. (C)", "1. **C**" too
    r"(?=[ \t\n,，;；。、]|$|解析|【)"
)
# "1-5 ABCDA" "1～5：ABCDA"
RANGE = re.compile(r"(?P<a>\d{1,7})[ \t]{0,2}[-~～—–][ \t]{0,2}(?P<b>\d{1,7})[ \t]{0,2}[.．、:：]?[ \t]{0,4}"
                   rf"(?P<v>[{LETTER}√×]{{1,50}})(?![A-Za-z])")
_SUB_HEADING = re.compile(r"[ \t]*(?:#{1,6}[ \t]*)?【?[ \t]*"
                          r"(?:第[\d一二三四五六七八九十百零〇]{1,4}[章節节部]|[一二三四五六七八九十]{1,3}[、.．])")
# Under a sub-heading that repeats a section's name: "1．存储器" (any text answers question 1)
FREE_ENTRY = re.compile(r"[ \t]{0,8}[(（]?(?P<n>\d{1,7})[)）]?[ \t]{0,4}[.．、:：)）][ \t]{0,4}(?P<v>\S[^\n]*)")
_LEAD = " \t#*>"
_NAME_END = re.compile(r"[（(【】\[ \t　:：]")
_RULE = re.compile(r"[ \t]*([-=*_])\1{2,}[ \t]*")  # "=====": a box drawn around the key's heading
_STARTS_WITH_NUMBER = re.compile(r"[ \t]*(?:[#*>][ \t#*>]{0,10})?[(（]?\d")
_MARKER_SIGN = re.compile(r"[:：【\[]")
# between entries (matched in place: a copy of the rest of the line at each entry was quadratic)
_SEPARATORS = re.compile(r"[ \t,，;；、]+")
_NUMBERED_LINES = LineScan(re.compile(r"(?m)^[ \t#*>]{0,12}[(（]?(\d{1,7})"))
_UNNAMED = re.compile(r"\(\?P<\w+>")
# a line that opens with an entry (found in one scan: a bank has a numbered line a question)
_OPENS_WITH_ENTRY = (r"(?=[ \t#*>]{0,12}(?:" + _UNNAMED.sub("(?:", RANGE.pattern) + "|"
                     + _UNNAMED.sub("(?:", ENTRY.pattern) + "))")
_ENTRY_LINE, _ENTRY_FIRST_LINE = re.compile(r"\n" + _OPENS_WITH_ENTRY), re.compile(_OPENS_WITH_ENTRY)


@dataclass(frozen=True)
class KeyEntry:
    number: int
    answer: str
    explanation: str = ""
    offset: int = 0  # where the entry starts in the bank text


@dataclass
class AnswerKey:
    """One key: where it lies in the text and its entries, in groups by sub-heading."""

    start: int
    end: int
    groups: list[list[KeyEntry]] = field(default_factory=list)

    @property
    def entries(self) -> list[KeyEntry]:
        return [e for g in self.groups for e in g]


def find_keys(text: str, headings: Iterable[re.Match[str]], question: re.Pattern[str] | None = None
              ) -> list[AnswerKey]:
    """Every answer key in ``text``, in order; ``headings`` are the line headings in it (as
    generator.read.text.sections finds them), whose titles a key's sub-headings may repeat;
    ``question`` is how the bank numbers its questions ("第3題"): a line starting so, or
    with a number, and no entry, ends a key."""
    keys: list[AnswerKey] = []
    position = 0
    sections: list[tuple[int, str]] | None = None  # named at the first key heading: most banks have none
    seen: set[str] = set()  # names of the sections before the key being read
    h = 0
    numbers = _LineNumbers(text)
    for heading in KEY_HEADING_SCAN.finditer(text):  # (one scan: a bank marks thousands of answers "答案：")
        if heading.start() < position:
            continue  # inside the last key, or on the line of the last heading
        if _inline_answer(text, heading):
            position = heading.end() + 1
            continue
        if sections is None:
            sections = sorted((m.start(), section_name(m["title"])) for m in headings)
        while h < len(sections) and sections[h][0] < heading.start():
            seen.add(sections[h][1])
            h += 1
        key = _read_key(text, heading, seen, question, partial(numbers.highest_before, heading.start()))
        if key is None:
            position = heading.end() + 1
        else:
            keys.append(key)
            position = key.end
    unlabelled = _unlabelled_keys(text, keys)
    return sorted(keys + unlabelled, key=lambda k: k.start) if unlabelled else keys


def _unlabelled_keys(text: str, keys: list[AnswerKey]) -> list[AnswerKey]:
    """Keys with no heading: blocks of lines that hold nothing but entries, two or more on
    the first ("1.A 2.C 3.B", "1-5 ABCDA"), outside the keys found under headings."""
    found: list[AnswerKey] = []
    spans = [(k.start, k.end) for k in keys]
    starts = [s for s, _ in spans]
    position = 0
    for start in chain([0] if _ENTRY_FIRST_LINE.match(text) else [], (m.end() for m in _ENTRY_LINE.finditer(text))):
        k = bisect.bisect_right(starts, start) - 1
        if start < position or (k >= 0 and start < spans[k][1]):
            continue
        line_end = _line_end(text, start)
        entries = _entries(text[start:line_end], start)
        if len(entries) < 2 or any(e.explanation for e in entries):
            continue
        key = AnswerKey(start, line_end, [entries])
        line_start = line_end + 1
        while line_start < len(text):  # the block runs on over lines of entries and blank lines
            line_end = _line_end(text, line_start)
            line = text[line_start:line_end]
            more = _entries(line, line_start) if line.strip() else []
            if line.strip() and (not more or any(e.explanation for e in more)):
                break
            key.groups[0].extend(more)
            key.end = line_end if more else key.end
            line_start = line_end + 1
        found.append(key)
        position = key.end
    return found


def _inline_answer(text: str, heading: re.Match[str]) -> bool:
    """Whether ``heading`` is a question's answer marker ("答案：B"), which opens no key: text
    follows it on its line that is neither entries nor a sub-heading.  :func:`_read_key`
    would find as much, but a bank marks thousands of answers so, and this test is quick."""
    line = text[heading.end() : _line_end(text, heading.end())]
    return bool(line.strip()) and not _entries(line, 0) and _SUB_HEADING.match(line) is None


def section_name(title: str) -> str:
    """A section's title as a key's sub-heading repeats it: "单选题（每题2分）" -> "单选题"."""
    return _NAME_END.split(title, maxsplit=1)[0].strip()


class _LineNumbers:
    """The highest number opening a line before an offset, found by bisection (the
    numbered lines are listed once, at the first question asked)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.starts: list[int] | None = None
        self.highest: list[int] = []

    def highest_before(self, offset: int) -> int:
        if self.starts is None:
            self.starts, top = [], 0
            for m in _NUMBERED_LINES.finditer(self.text):
                top = max(top, int(m[1]))
                self.starts.append(m.start())
                self.highest.append(top)
        k = bisect.bisect_left(self.starts, offset)
        return self.highest[k - 1] if k else 0


def _read_key(text: str, heading: re.Match[str], sections: set[str],
              question: re.Pattern[str] | None = None, highest: Callable[[], int] = lambda: 0) -> AnswerKey | None:
    """The key under ``heading``; ``sections`` are the names of the sections before it,
    ``highest()`` the highest number opening a line before it (asked only of written entries
    under a bare heading: finding it lists every numbered line of the bank).

    Under a sub-heading that repeats one of them, or under a heading alone on its line,
    an entry may be any text ("1．存储器", a fill answer), numbered in rising order.
    """
    key = AnswerKey(heading.start(), heading.end(), [[]])
    line_start, end = heading.end(), heading.end()
    pending_end = None  # where trailing sub-headings began: they go back if the key ends
    first = True
    # "**答案**" alone on its line, no colon or 【】: a title, never an answer marker ("答案：")
    bare = not (text[heading.end() : _line_end(text, heading.end())].strip() or _MARKER_SIGN.search(heading.group()))
    free = False  # whether the current group repeats a section's name
    latest = 0  # the number of the key's last entry: a bare key's written entries rise across groups
    while line_start < len(text):
        line_end = _line_end(text, line_start)
        line = text[line_start:line_end]
        # a bare quote mark (">") is a blank line, and so is a rule boxing the heading
        line = line if line.strip(" \t>") and not _RULE.fullmatch(line) else ""
        entries = _entries(line, line_start)
        if not entries and (free or bare) and (written := FREE_ENTRY.match(line)):
            number = int(written["n"])
            if (free and number > (key.groups[-1][-1].number if key.groups[-1] else 0)) or (
                    not free and number == latest + 1 and number <= highest()):  # "20)" in a sentence: no entry
                entries = [KeyEntry(number, written["v"].strip(), "", line_start + written.start("n"))]
        sub_heading = _SUB_HEADING.match(line)
        if entries:
            key.groups[-1].extend(entries)
            latest = entries[-1].number
            pending_end = None
        elif sub_heading and not _STARTS_WITH_NUMBER.match(line) and not first:
            if key.groups[-1]:
                key.groups.append([])
            free = section_name(line[sub_heading.end():]) in sections
            pending_end = pending_end if pending_end is not None else line_start
        elif first and line.strip():
            # a key starts with its entries (on the heading's line or the next one), or
            # with the sub-heading of its first group: one repeating a section's name, or
            # followed by entries
            free = bool(sub_heading) and section_name(line[sub_heading.end():] if sub_heading else "") in sections
            if not (sub_heading and (free or _entries(_next_line(text, line_end), 0))):
                return None
            first = False
            line_start = line_end + 1
            continue
        elif line.strip() and (KEY_HEADING.match(line) or (
                # a number the bank's questions are numbered by ("20)" opening an explanation's line is none)
                question.match(line, len(line) - len(line.lstrip(_LEAD))) if question
                else _STARTS_WITH_NUMBER.match(line))):
            break  # a question, or the next key: this key is over
        elif line.strip() and key.groups[-1]:  # an explanation of the last entry
            last = key.groups[-1][-1]
            key.groups[-1][-1] = KeyEntry(last.number, last.answer, _join(last.explanation, line), last.offset)
            pending_end = None
        first = first and not line.strip()
        end = line_end + 1 if line_end < len(text) else line_end
        line_start = end
    if pending_end is not None:
        end = pending_end
    key.end = end
    key.groups = [g for g in key.groups if g]
    if bare and len(key.entries) < 2 and not any(_entries(f"{e.number}.{e.answer}", 0) for e in key.entries):
        return None  # one written entry is a numbered list's first item, not a key
    return key if key.groups else None


def _entries(line: str, offset: int) -> list[KeyEntry]:
    """The entries on one line, or none when the line is no key line."""
    found: list[KeyEntry] = []
    position = 0
    while position < len(line):
        span = RANGE.match(line, position) or ENTRY.match(line, position)
        if span is None:
            gap = _SEPARATORS.match(line, position)
            if gap is None:
                break
            position = gap.end()
            continue
        if span.re is RANGE:
            a, b, values = int(span["a"]), int(span["b"]), span["v"]
            if b - a + 1 != len(values):
                return []
            found += [KeyEntry(a + i, v, "", offset + span.start()) for i, v in enumerate(values)]
        else:
            found.append(KeyEntry(int(span["n"]), span["v"] or span["bv"] or span["sv"], "", offset + span.start()))
        position = span.end()
    if not found:
        return []
    rest = line[position:].strip()
    if rest:  # "1. A 解析：…": the rest of the line explains the one entry on it
        if len(found) > 1:
            return []
        explanation = EXPLANATION_MARK.match(rest)
        found[0] = KeyEntry(found[0].number, found[0].answer, rest[explanation.end():].strip() if explanation else rest,
                            found[0].offset)
    return found


def _line_end(text: str, offset: int) -> int:
    end = text.find("\n", offset)
    return len(text) if end < 0 else end


def _next_line(text: str, line_end: int) -> str:
    end = text.find("\n", line_end + 1)
    return text[line_end + 1 : len(text) if end < 0 else end]


def _join(explanation: str, line: str) -> str:
    line = line.strip()
    mark = EXPLANATION_MARK.match(line)
    line = line[mark.end():].strip() if mark else line
    return f"{explanation}\n{line}" if explanation else line


Section = tuple[int, list[tuple[int, int]]]  # (start, [(question start, number), …]) of one chapter


def match_keys(keys: list[AnswerKey], sections: list[Section]) -> tuple[dict[int, KeyEntry], list[KeyEntry]]:
    """Entries by the start of the question each answers, and the entries that answer none.

    A key answers the sections between the previous key and itself: group by group when
    it has one group (sub-heading) per section, else all of them by number, the k-th
    entry numbered n answering the k-th question numbered n (numbering may restart); a
    group whose numbers match no question but whose count matches them answers in order.
    """
    found: dict[int, KeyEntry] = {}
    unplaced: list[KeyEntry] = []
    flat = [(q, k) for k, (_, qs) in enumerate(sections) for q in qs]  # in text order, with their section
    starts = [q[0] for q, _ in flat]
    previous = 0
    for key in keys:
        # the questions between the previous key and this one, by section (found by bisection)
        scope: list[Section] = []
        for q, k in flat[bisect.bisect_left(starts, previous) : bisect.bisect_left(starts, key.start)]:
            if not scope or scope[-1][0] != k:
                scope.append((k, []))
            scope[-1][1].append(q)
        previous = key.end
        if len(key.groups) == len(scope) > 1:
            pairs = [(group, [section]) for group, section in zip(key.groups, scope, strict=True)]
        else:
            pairs = [(key.entries, scope)]
        for entries, chapters in pairs:
            questions = [q for _, qs in chapters for q in qs]
            by_number: dict[int, list[int]] = {}
            for start, number in questions:
                by_number.setdefault(number, []).append(start)
            if len(entries) == len(questions) and not any(e.number in by_number for e in entries):
                # numbered apart from the questions (1, 2 … for questions 3, 4 …): in order
                found.update((start, entry) for (start, _), entry in zip(questions, entries, strict=True))
                continue
            used: dict[int, int] = {}
            for entry in entries:
                numbered = by_number.get(entry.number, [])
                k = used.get(entry.number, 0)
                if k < len(numbered):
                    found[numbered[k]] = entry
                    used[entry.number] = k + 1
                else:
                    unplaced.append(entry)
    return found, unplaced


_CELL_VALUE = re.compile(_VALUE)
_RULE_ROW = re.compile(r"\|?[ \t]*:?-{2,}")


def table_key(text: str, start: int, end: int) -> AnswerKey | None:
    """A Markdown table at ``text[start:end]`` that is an answer key in a box: rows of question
    numbers each over a row of answers ("| 1 | 2 |" over "| A | C |"), or a row per question
    ("| 1 | A |", under a header such as "| 题号 | 答案 |"); None for any other table."""
    rows: list[tuple[int, list[str]]] = []
    position = start
    for line in text[start:end].split("\n"):
        if line.strip() and not _RULE_ROW.match(line.strip()):
            rows.append((position, [cell.strip() for cell in line.strip().strip("|").split("|")]))
        position += len(line) + 1
    entries: list[KeyEntry] = []
    k = 0
    while k < len(rows):
        offset, cells = rows[k]
        numbers = [int(c) for c in cells if c.isdigit()]
        if len(cells) == 2 and cells[0].isdigit() and _CELL_VALUE.fullmatch(cells[1]):
            entries.append(KeyEntry(int(cells[0]), cells[1], "", offset))
        elif numbers and len(numbers) == len(cells) and k + 1 < len(rows) and len(rows[k + 1][1]) == len(cells) \
                and all(_CELL_VALUE.fullmatch(v) for v in rows[k + 1][1] if v):
            entries += [KeyEntry(n, v, "", offset) for n, v in zip(numbers, rows[k + 1][1], strict=True) if v]
            k += 1
        elif k > 0:
            return None  # a row of something else after the first (a header): no key
        k += 1
    return AnswerKey(start, end, [entries]) if len(entries) >= 2 else None
