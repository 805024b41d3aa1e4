"""text -> Bank: find chapter headings and question starts, then assemble the model.

Banks come on one line (scraped pages lose their line breaks), one item per line, or
as Markdown paragraphs.  The scanner therefore treats a marker at a line start and a
marker inside running text differently: inside text a question number counts only
where the numbering expects it or a type bracket follows it, and a chapter heading
only when it carries the next chapter numeral and runs straight into a question.
Nothing is dropped: text outside questions becomes the preamble, a chapter's intro
or a :class:`~generator.bank.model.Stray`.
"""
from __future__ import annotations

import bisect
import gc
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import chain

from ...bank import fields as F
from ...bank.ids import question_ids
from ...bank.lint import where
from ...bank.model import Bank, Chapter, Flag, LayoutReport, Position, Question, QuestionType, Severity, Stray
from ...bank.repair import OffsetMap
from ...bank.spans import code_and_table_spans
from ...base.errors import ParseError
from ...base.numerals import chinese_number
from ...base.safe_text import CONTROL_CHARACTER
from ...base.text import clip
from .accounting import QuestionLine, field_holding, question_like_lines
from .answer_key import AnswerKey, KeyEntry, find_keys, match_keys, table_key
from .bold_options import bold_answers
from .field_bullets import field_bullet_fields
from .layout import (
    DEFAULT_NUMBERING,
    FIELD_BULLET_QUESTIONS,
    JUDGED_BULLET_QUESTIONS,
    MARKUA_QUESTIONS,
    NUMBERINGS,
    Layout,
    at_line_start,
    detect_layout,
    judged_line_start,
    number_of,
)
from .lists import numbered_lists
from .markua_quiz import markua_fields
from .restarts import part_title, restart_title, type_title
from .sections import (
    ANSWER_CONTAINER,
    ANSWER_SUMMARY,
    CASE_SCAN,
    CONTAINER_LINE,
    FURNITURE,
    FURNITURE_SCAN,
    HEADING_SCANS,
    INLINE_HEADING,
    LINE_HEADINGS,
    MARKUP_SCAN,
    POINTS,
    front_matter,
)

_NEWLINE = re.compile("\n")
_FIELD_MARK = re.compile(f"{F.ANSWER_MARK.pattern}|{F.EXPLANATION_MARK.pattern.replace('bold', 'xbold')}")
_H1 = re.compile(r"[ \t]*#[ \t]")
_INDENT = re.compile(r"[ \t]{0,40}")
_GLUED_NUMBER = re.compile(r"(?m)^[ \t]{0,3}(?P<n>\d{1,7})[.．](?=\d)")  # "35.1型…": see _with_glued_numbers
_HEADING_LEVEL = re.compile(r"[ \t]{0,3}(#{1,6})[ \t]")
# A heading over answers that repeat the questions ("## Answer Key")
_KEY_TITLE = re.compile(r"(?:Answer Key|ANSWER KEY|Answers|ANSWERS|Solutions|參考答案|参考答案"
                        r"|答案(?:[與与及和]?解析)?)[ \t:：]*")
# A character every sign of a question holds, one at least: a type bracket or judge prefix its
# bracket, an answer marker 答 or the "e" of "Answer", options a letter or a task box, a blank
# its underscore or bracket (tests/unit/test_quick_tests.py checks)
_QUESTION_SIGN = re.compile(rf"[答{F.LETTER}{F.LOWER}{F.WIDE}\[_＿（(【]")
# a list item, or a line opening with a number or an option letter ("- 甲", "1. 乙", "  A 硬盘")
_LISTED_LINE = re.compile(rf"(?m)^[ \t]{{0,8}}(?:[-*+]|\d{{1,3}}[.．、)）]|[{F.LETTER}][.．、)）]?)[ \t]+\S")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]{0,10}\b[^<>\n]{0,80}>")  # "<div>", "</p>" around a card's answer


@dataclass(slots=True)  # one per candidate: a bank has tens of thousands
class _Event:
    kind: str  # "heading" or "question"
    start: int
    end: int  # where the event's own marker text ends
    title: str = ""
    number: int = 0
    line_start: bool = False
    case: bool = False  # taken as it stands: a case question named by a heading ("### 应用题一"), a card, a label
    card: str = ""  # a <details> card's question (its summary)


class _Features:
    """What the text from a candidate question number to the next candidate holds (the
    parser asks it of every candidate: each feature is looked for only when first asked,
    as most candidates are judged by their answer marker alone, and none in text that holds
    no character any sign of a question holds, as most list items in explanations)."""

    __slots__ = ("_answer", "_options", "labels", "segment", "signed", "type_bracket")

    def __init__(self, segment: str, labels: re.Pattern[str]) -> None:
        self.segment, self.labels = segment, labels
        self.signed = _QUESTION_SIGN.search(segment) is not None
        self.type_bracket = self.signed and F.TYPE_BRACKET.match(segment) is not None
        self._answer: bool | None = None if self.signed else False
        self._options: bool | None = None if self.signed else False

    @property
    def answer(self) -> bool:
        if self._answer is None:
            self._answer = F.ANSWER.search(self.segment) is not None
        return self._answer

    @property
    def options(self) -> bool:
        if self._options is None:
            self._options = F.has_options(self.segment, self.labels) or F.has_task_list(self.segment)
        return self._options

    @property
    def text(self) -> bool:
        """Anything but white space."""
        return bool(self.segment.strip())

    @property
    def looks_like_question(self) -> bool:
        return self.signed and (self.type_bracket or self.answer or self.options or F.has_blank(self.segment)
                                or F.JUDGE_PREFIX.match(self.segment) is not None)


@dataclass
class _ChapterDraft:
    title: str
    start: int
    default_type: QuestionType | None
    body_start: int  # where the heading's own text ends
    points: float | None = None  # "每题2分" in the heading
    questions: list[_Event] = field(default_factory=list)


@dataclass
class _State:
    answers_given: bool  # whether the bank marks answers at all
    chapters: list[_ChapterDraft] = field(default_factory=list)
    previous: int = 0  # number of the last accepted question in this chapter
    last: _Event | None = None  # the last accepted question anywhere


def _chapter_draft(heading: _Event) -> _ChapterDraft:
    """The chapter a heading opens, with the type and points its title names ("二、多选题（每题2分）")."""
    points = POINTS.search(heading.title)
    return _ChapterDraft(heading.title, heading.start, F.type_from_heading(heading.title), heading.end,
                         float(points.group(1)) if points else None)


def parse(text: str, source: str, slug: str, offsets: OffsetMap | None = None,
          original: str | None = None, answers: Mapping[int, str] | None = None) -> Bank:
    """Parse repaired bank ``text``; ``original`` and ``offsets`` locate positions in the source.

    ``answers`` are known otherwise (a Word bank's formatting marks them), by the source offset
    of their question's start: each is taken as written where the text writes none."""
    with _collector_paused():
        scanner = _Scanner(text, source, offsets or OffsetMap(), original if original is not None else text, answers)
        return scanner.run(slug)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector paused: parsing makes no cycles to collect, but hundreds of
    thousands of objects (matches, candidates, the model), and the collector's passes over
    them, all in vain, were a tenth of a big bank's parse."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class _Scanner:
    def __init__(self, text: str, source: str, offsets: OffsetMap, original: str,
                 answers: Mapping[int, str] | None = None) -> None:
        self.text, self.source, self.offsets = text, source, offsets
        self.given_answers: Mapping[int, str] = answers or {}  # see parse()
        self.layout: Layout = detect_layout(text)
        self.labels = self.layout.option_pattern  # asked of every candidate: looked up once
        self.line_starts = [0] + [m.end() for m in _NEWLINE.finditer(original)]
        # Sorted, non-overlapping spans searched by bisection: banks of thousands of
        # questions hold thousands of code blocks, and a scan per event was quadratic.
        code = code_and_table_spans(text)
        self.opaque, self.opaque_starts = code, [s for s, _ in code]
        # Answer keys take no question boundary either: their "1.A 2.C" are no questions.
        # each form of line heading (as generator.read.text.sections lists them), found once
        self.headings = [list(scan.finditer(text)) for scan in HEADING_SCANS]
        self.keys = [k for k in find_keys(text, chain(*self.headings), self.layout.numbering.pattern)
                     if not self._in_opaque(k.start, k.end)]
        # a table may be a key in a box ("| 1 | 2 |" over "| A | C |")
        boxed = [key for s, e in code if text.startswith("|", s) and (key := table_key(text, s, e)) is not None]
        if boxed:
            self.keys = sorted(self.keys + boxed, key=lambda k: k.start)
        self.opaque = sorted(code + [(k.start, k.end) for k in self.keys])
        self.opaque_starts = [s for s, _ in self.opaque]
        self.key_starts = [k.start for k in self.keys]
        self.repeated_keys: list[AnswerKey] = []  # keys that repeat the questions, found while scanning
        self.key_entries: dict[int, KeyEntry] = {}  # by the start of the question each answers
        self.ids: Iterator[str] = iter(())  # the questions' ids, in order
        # Page furniture and markup lines, outside code and tables, leftmost first.
        self.furniture = sorted((m.start(), m.end(), reason) for scan, reason in ((FURNITURE_SCAN, "page furniture"),
                                                                                  (MARKUP_SCAN, "markup"))
                                for m in scan.finditer(text) if not self._in_opaque(*m.span()))
        self.furniture_starts = [s for s, _, _ in self.furniture]
        self.event_starts: list[int] = []
        self.next_anchor: list[int] = []
        self.lists: set[int] = set()  # starts of numbered lists that are no questions
        self._feature_cache: dict[int, _Features] = {}
        self.strays: list[Stray] = []
        self.spans: list[tuple[int, int, bool]] = []  # each question's start and end, and whether a case

    # -- positions and slices -------------------------------------------------
    def position(self, offset: int) -> Position:
        source_offset = self.offsets.to_source(offset)
        line = bisect.bisect_right(self.line_starts, source_offset)
        return Position(line, source_offset - self.line_starts[line - 1] + 1, source_offset)

    def slice(self, start: int, end: int, question: bool = False) -> str:
        """Text between two offsets, less page furniture and markup lines (which become strays);
        in a ``question``, a summary that names the answer it folds away becomes a marker."""
        pieces, last = [], start
        first = bisect.bisect_left(self.furniture_starts, start)
        marks: list[int] | None = None  # answer markers in the slice, found at the first summary
        for f_start, f_end, reason in self.furniture[first:bisect.bisect_left(self.furniture_starts, end)]:
            if start <= f_start < end and self.text[f_start:f_end].strip():
                pieces.append(self.text[last:f_start])
                if question and ANSWER_SUMMARY.search(self.text, f_start, f_end):
                    if marks is None:
                        marks = [m.start() for m in F.ANSWER_MARK.finditer(self.text, start, end)]
                    if bisect.bisect_left(marks, f_end) == len(marks):  # the summary is the only marker
                        pieces.append("\n答案：\n")
                # A line that runs on into a question ("版權所有 ©題目1（單選）…") is furniture up to it.
                last = min(f_end, end)
                self.strays.append(Stray(self.text[f_start:last].strip(), self.position(f_start), reason))
        pieces.append(self.text[last:end])
        return "".join(pieces)

    def _in_opaque(self, start: int, end: int) -> bool:
        """Whether ``[start, end)`` overlaps a code block or table."""
        i = bisect.bisect_left(self.opaque_starts, end) - 1
        return i >= 0 and self.opaque[i][1] > start

    def _opaque(self, offset: int) -> bool:
        i = bisect.bisect_left(self.opaque_starts, offset) - 1
        return i >= 0 and offset < self.opaque[i][1]

    # -- scanning -------------------------------------------------------------
    def candidates(self) -> list[_Event]:
        questions = (self._heading_questions() if self.layout.heading_questions
                     else self._card_questions() if self.layout.card_questions else self._numbered_questions())
        questions = self._with_case_questions(questions)
        line_questions = {e.start for e in questions if e.line_start}
        key_headings = {k.start for k in self.keys}  # "### 答案" over a key is its heading, no chapter's
        markdown: list[_Event] = []
        plain: list[_Event] = []
        for form, found in enumerate(self.headings):
            for m in found:
                # "## 1. 題幹" and "## Question 3:" are questions set as headings, not chapters;
                # "#### 答案：D" is an answer, "#### --text--" part of a question
                title = m.group("title")
                if m.start() not in line_questions and m.start() not in key_headings \
                        and not _FIELD_MARK.match(title) and not F.PART_TITLE.fullmatch(title) \
                        and not _FIELD_MARK.match(self.text, m.start()):  # "### 答案" over "**B**": a field
                    heading = _Event("heading", m.start(), m.end(), title.strip(), line_start=True)
                    (plain if form else markdown).append(heading)
        for m in INLINE_HEADING.finditer(self.text):
            number = chinese_number(m.group("numeral") or m.group("chapter")) or 0  # 0 only for 第0章
            plain.append(_Event("heading", m.start(), m.end(), m.group("title").strip(), number))
        events = plain + _in_section_style(markdown, plain)
        events += questions
        events = [e for e in events if not self._opaque(e.start)]
        return self._without_sub_items(sorted(events, key=lambda e: (e.start, e.kind != "heading", -e.end)))

    def _without_sub_items(self, events: list[_Event]) -> list[_Event]:
        """``events`` less the items 1, 2, 3 … of a list indented deeper than the numbered
        question just before them: its options or tasks ("1. 哪個？" over "   1. 甲" "   2. 乙")."""
        kept: list[_Event] = []
        top: _Event | None = None  # the last question not so dropped, since the last heading
        sub = 0
        for event in events:
            if event.kind == "heading" or event.case or not event.line_start:
                top = None if event.kind == "heading" else top
            elif top is not None and event.number == sub + 1 and self._indent(event.start) > self._indent(top.start):
                sub += 1
                continue
            else:
                top, sub = event, 0
            kept.append(event)
        return kept

    def _numbered_questions(self) -> list[_Event]:
        questions = []
        text, anywhere = self.text, not self.layout.line_start_only  # (looked up once: a bank has thousands)
        for m in self.layout.numbering.pattern.finditer(text):
            start, end = m.span()
            line_start = at_line_start(text, start)
            if line_start:  # the line's lead ("## ", "**", "> ") is part of the question's marker
                start = text.rfind("\n", max(0, start - 200), start) + 1 if start else 0
            elif (judged := judged_line_start(text, start)) is not None:  # "(√)1. 陳述"
                start, line_start = judged, True
            if not line_start and text[end : end + 1].isdigit():
                continue  # "3．1" inside text is a number; at a line start, "3．1KB等于…" is question 3
            # (in code, a table or an answer key, no question: dropped here, not after an event is
            # made of each of a key's many "1.A 2.C")
            if (line_start or anywhere) and not self._opaque(start):
                questions.append(_Event("question", start, end, "", number_of(m), line_start))
        return self._with_glued_numbers(questions) if self.layout.numbering is DEFAULT_NUMBERING else questions

    def _with_glued_numbers(self, questions: list[_Event]) -> list[_Event]:
        """``questions`` and the numbers glued to a stem that opens with a digit ("35.1型超敏反应"),
        taken for a decimal: a line starting so is a question when it fills the gap in a run (34 at
        a line start before it, 36 after)."""
        starts = [q.start for q in questions]
        glued = []
        for m in _GLUED_NUMBER.finditer(self.text):
            k, number = bisect.bisect_left(starts, m.start()), int(m["n"])
            if 0 < k < len(questions) and questions[k - 1].line_start and questions[k].line_start \
                    and questions[k - 1].number == number - 1 and questions[k].number == number + 1 \
                    and not self._opaque(m.start()):
                glued.append(_Event("question", m.start(), m.end(), "", number, True))
        return sorted(questions + glued, key=lambda e: e.start) if glued else questions

    def _with_case_questions(self, questions: list[_Event]) -> list[_Event]:
        """``questions`` and the case questions set as headings ("### 应用题一"), less the
        numbered tasks inside those (to the next heading).  A heading so named over text with
        options is a section of questions on one case, and stays a heading."""
        cases: list[_Event] = []
        spans: list[tuple[int, int]] = []
        headings = [h.start() for h in self.headings[0]]  # the Markdown headings, found already
        for m in CASE_SCAN.finditer(self.text):
            if self._opaque(m.start()):
                continue
            following = bisect.bisect_left(headings, m.end())
            end = headings[following] if following < len(headings) else len(self.text)
            if F.has_options(self.text[m.end() : end], self.labels):
                continue
            cases.append(_Event("question", m.start(), m.end(), number=chinese_number(m["n"]) or 0,
                                line_start=True, case=True))
            spans.append((m.start(), end))
        if not cases:
            return questions
        starts = [s for s, _ in spans]
        inside = [(k := bisect.bisect_right(starts, q.start) - 1) >= 0 and q.start < spans[k][1] for q in questions]
        return sorted([q for q, dropped in zip(questions, inside, strict=True) if not dropped] + cases,
                      key=lambda e: e.start)

    def _card_questions(self) -> list[_Event]:
        """"<details><summary>JVM的全称是__。</summary><div>Java Virtual Machine</div></details>",
        or "__Practice Question__" opening each: questions numbered in order."""
        card = self.layout.numbering.pattern
        return [_Event("question", start, m.end(), number=k, line_start=True, card=m.groupdict().get("stem") or "",
                       case=True)
                for k, start in enumerate(self.layout.card_questions, 1) if (m := card.match(self.text, start))]

    def _heading_questions(self) -> list[_Event]:
        """"### 棧的特點是？" followed by its options: questions numbered in order."""
        heading = self.layout.numbering.pattern
        return [_Event("question", start, m.end(), number=k, line_start=True)
                for k, start in enumerate(self.layout.heading_questions, 1) if (m := heading.match(self.text, start))]

    def run(self, slug: str) -> Bank:
        events = self.candidates()
        self.event_starts = [e.start for e in events]
        # for each event, the first at or after it that is a heading or at a line start
        self.next_anchor = [len(events)] * (len(events) + 1)
        for k in range(len(events) - 1, -1, -1):
            anchor = events[k].kind == "heading" or events[k].line_start
            self.next_anchor[k] = k if anchor else self.next_anchor[k + 1]
        state = _State(answers_given=bool(F.ANSWER.search(self.text) or self.keys))
        if state.answers_given or self.layout.answer_count > 0:
            self.lists = numbered_lists(events, lambda i: self._features(events, i).looks_like_question)
        consumed = 0
        for i, event in enumerate(events):
            if event.start < consumed or event.start in self.lists:
                continue
            if event.kind == "heading" and state.last is not None and (key_end := self._repeated_key(events, i, state)):
                consumed = key_end
                continue
            if event.kind == "heading":
                if not self._heading_accepted(events, i, state):
                    continue
                state.chapters.append(_chapter_draft(event))
                state.previous = 0
            elif self._restarts(events, i, state):
                state.chapters.append(self._restarted_chapter(event, state))
                state.chapters[-1].questions.append(event)
                state.previous, state.last = event.number, event
            elif self._question_accepted(events, i, state):
                if not state.chapters:
                    state.chapters.append(_ChapterDraft("", event.start, None, event.start))
                state.chapters[-1].questions.append(event)
                state.previous, state.last = event.number, event
            else:
                continue
            consumed = event.end
        self._title_first_section(state)
        if self.repeated_keys:
            self.keys = sorted(self.keys + self.repeated_keys, key=lambda key: key.start)
            self.key_starts = [key.start for key in self.keys]
        return self.assemble(slug, state.chapters)

    def _indent(self, offset: int) -> int:
        if offset >= len(self.text) or self.text[offset] not in " \t":  # the quick test: most lines
            return 0
        found = _INDENT.match(self.text, offset)
        return len(found.group().expandtabs(4)) if found else 0

    def _repeated_key(self, events: list[_Event], i: int, state: _State) -> int | None:
        """Under a heading "## Answer Key" that repeats the questions by number, each with its
        answer ("**Question 1** … **Answer**: True"), to the next heading as high: a key
        (added to ``self.keys``), whose end is returned; ``None`` for any other heading.
        So too under a heading repeating an earlier section's title, to the next heading, when
        its items repeat numbers of that section's questions, each only an answer ("44. 答：…",
        "3. B"): past papers repeat a section's title over questions with stems of their own."""
        heading = events[i]
        level = _HEADING_LEVEL.match(self.text, heading.start)
        named = level is not None and _KEY_TITLE.fullmatch(heading.title) is not None
        repeated = None if named else next((c for c in reversed(state.chapters) if c.title == heading.title
                                            and c.start != heading.start), None)
        if not named and repeated is None:
            return None
        depth = len(level[1]) if level is not None and named else 0
        end = len(self.text)
        inside: list[_Event] = []
        for k in range(i + 1, len(events)):  # no slice: a copy of the rest at every heading is quadratic
            event = events[k]
            if event.kind == "heading" and (not depth or ((other := _HEADING_LEVEL.match(self.text, event.start))
                                                          and len(other[1]) <= depth)):
                end = event.start
                break
            if event.kind == "question" and event.line_start:
                inside.append(event)
        entries = []
        for k, event in enumerate(inside):
            block_end = inside[k + 1].start if k + 1 < len(inside) else end
            block = self.text[event.end : block_end]
            parts = F.split_question(block, None)
            if repeated is not None and not (_answer_like(block) or F.ANSWER_MARK.match(block.lstrip())):
                return None  # a question with a stem: a new section so titled
            answer = parts.answer_text or (block.strip() if repeated is not None else None)  # "3. B"
            if answer:
                entries.append(KeyEntry(event.number, answer, parts.explanation, event.start))
        numbers = {q.number for q in repeated.questions} if repeated is not None else set()
        if not entries or (repeated is not None and not all(e.number in numbers for e in entries)):
            return None
        self.repeated_keys.append(AnswerKey(heading.start, end, [entries]))  # joins self.keys after the scan
        return end

    def _segment(self, events: list[_Event], i: int) -> str:
        """The text from the end of event ``i`` to the next candidate: of any kind after a
        number inside text; after one at a line start, to the next heading or number at a
        line start ("### 36. 题目：给 a 赋 1、b 赋 2" runs past the "1、" inside it)."""
        # events are sorted by start, so the next one at or past this end is found by bisection
        j = bisect.bisect_left(self.event_starts, events[i].end, lo=i + 1)
        if events[i].line_start and j < len(events):
            j = self.next_anchor[j]
        following = events[j].start if j < len(events) else len(self.text)
        return self.text[events[i].end : following]

    def _heading_accepted(self, events: list[_Event], i: int, state: _State) -> bool:
        """A heading counts if its first question would count as the start of a new chapter.

        A heading followed directly by another heading (or by nothing) is kept too, and
        later reported as a heading with no questions; one followed by text that is not a
        question (``# 註釋`` inside an answer) stays part of that answer.
        """
        event = events[i]
        if not (event.line_start or event.number == len(state.chapters) + 1):
            return False
        j = next((k for k in range(i + 1, len(events))
                  if events[k].start >= event.end and events[k].start not in self.lists), None)
        if j is None or events[j].kind == "heading":
            return True
        trial = _State(state.answers_given, [_chapter_draft(event)], 0, state.last)
        return self._question_accepted(events, j, trial)

    def _features(self, events: list[_Event], i: int) -> _Features:
        """What the text after candidate ``i`` holds, worked out once per candidate."""
        found = self._feature_cache.get(i)
        if found is None:
            found = _Features(self._segment(events, i), self.labels)
            self._feature_cache[i] = found
        return found

    def _restarts(self, events: list[_Event], i: int, state: _State) -> bool:
        """Whether question candidate ``i`` restarts the numbering within a section: numbered 1
        (or back below the last number, the next candidate at a line start going on from it, and
        not going on from the number before the last),
        at a line start, bringing options or an answer of its own (or a type bracket), or numbered 1
        after a line naming a question type."""
        event = events[i]
        if event.kind != "question" or not event.line_start or event.case or not state.chapters \
                or not state.chapters[-1].questions or event.number > state.previous \
                or (event.number == state.previous and event.number != 1):
            return False
        if event.number != 1 and _after_typo(state.chapters[-1].questions, event.number):
            return False  # the number before broke the run, not this one
        if event.number != 1:
            following = next((e for e in events[i + 1 : i + 40] if e.line_start), None)
            if following is None or following.kind != "question" or following.number != event.number + 1:
                return False
        features = self._features(events, i)
        if features.signed and (features.type_bracket or features.answer or features.options):
            return True
        # (not "1. B" under "【一、单选题】": a key's section repeats the headings, each over letters)
        return event.number == 1 and not _answer_like(features.segment) \
            and type_title(self.text, event.start, state.last.end if state.last else 0)

    def _restarted_chapter(self, event: _Event, state: _State) -> _ChapterDraft:
        """The section a restarting question opens, titled by the line before it if that names
        one (generator.read.text.restarts), else 第N部分."""
        floor = state.last.end if state.last is not None else 0
        named = restart_title(self.text, event.start, floor)
        if named is None:
            return _ChapterDraft(part_title(len(state.chapters) + 1), event.start, None, event.start)
        start, end, title = named
        return _chapter_draft(_Event("heading", start, end, title, line_start=True))

    def _title_first_section(self, state: _State) -> None:
        """When the numbering started again, the first section too is titled by the line before
        its first question if that names one ("2008年4月" before the first paper)."""
        first = state.chapters[0] if len(state.chapters) > 1 else None
        if first is None or first.title or not first.questions or first.start != first.questions[0].start:
            return
        named = restart_title(self.text, first.start, 0)
        if named is not None:
            state.chapters[0] = replace(_chapter_draft(_Event("heading", named[0], named[1], named[2],
                                                              line_start=True)), questions=first.questions)

    def _question_accepted(self, events: list[_Event], i: int, state: _State) -> bool:
        event, features = events[i], self._features(events, i)
        if features.type_bracket or event.case:
            return True
        in_chapter = state.chapters[-1].questions if state.chapters else []
        # a chapter's first question restarts the numbering, or runs on with it ("四、连线题" over 17.)
        expected = event.number == state.previous + 1 or (not in_chapter and (
            event.number == 1 or (state.last is not None and event.number == state.last.number + 1)))
        expected = expected or _after_typo(in_chapter, event.number)
        # features.answer and .options are looked for only when needed, hence no local names
        if not event.line_start:
            return expected and (features.answer or features.options)
        if expected and not in_chapter and state.chapters and state.chapters[-1].default_type is not None:
            return True  # under "二、简答题" the numbering goes on with questions, not an answer's list
        if expected:
            if features.answer or features.options or not state.answers_given:
                return True
            # A numbered list inside an answer looks like questions: past the last
            # question's answer (or explanation, when a key gives the answers), a new
            # question must bring an answer or options of its own.
            last_answered = state.last is not None and bool(
                F.ANSWER.search(self.text, state.last.end, event.start)
                or (self.keys and F.EXPLANATION.search(self.text, state.last.end, event.start)))
            # The bank's last candidate, numbered next, is a question cut off by the bank's end.
            return not last_answered or (i == len(events) - 1 and features.text)
        return features.answer or (event.number > state.previous and features.options)

    # -- assembly -------------------------------------------------------------
    def assemble(self, slug: str, drafts: list[_ChapterDraft]) -> Bank:
        ends = [d.start for d in drafts[1:]] + [len(self.text)]
        # Headings before the first question (a bank's title set as a heading) belong
        # to the preamble, which is kept verbatim, page furniture included.
        first_kept = next((i for i, d in enumerate(drafts) if d.questions), len(drafts))
        preamble = self.text[: drafts[first_kept].start if first_kept < len(drafts) else len(self.text)].strip()
        kept = []
        # strict=False: with no draft at all, ``ends`` still holds the text's end.
        for draft, end in list(zip(drafts, ends, strict=False))[first_kept:]:
            if draft.questions:
                kept.append((draft, end))
            else:  # kept, and reported: a heading whose questions are missing
                self.strays.append(Stray(self.text[draft.start : end].strip(), self.position(draft.start),
                                         "heading with no questions"))
        if not kept:
            raise ParseError(self.source, "numbered questions: " + " or ".join(f"'{r.example}'" for r in NUMBERINGS)
                             + ", each followed by options ('A. …') or an answer ('答案：B')",
                             f"no question in {len(self.text)} characters" + self._fenced_questions()
                             + (f"; it starts:\n{_first_lines(self.text)}" if self.text.strip() else ""))
        front_end, title = front_matter(preamble)  # site metadata names the bank, or comes before its name
        title = title or next((line.strip(" #\t") for line in preamble[front_end:].splitlines()
                               if line.strip(" #\t") and not FURNITURE.fullmatch(line)), "")
        if not title and not preamble[front_end:].strip() and _H1.match(self.text, kept[0][0].start):
            title = kept[0][0].title  # "# Python Quiz" opening the file (after front matter) names it too
        sections = [(d.start, [(m.start, m.number) for m in d.questions]) for d, _ in kept]
        self.key_entries, unplaced = match_keys(self.keys, sections)
        self.ids = iter(question_ids([[m.number for m in d.questions] for d, _ in kept]))
        chapters = tuple(self._chapter(n, draft, end) for n, (draft, end) in enumerate(kept, 1))
        answer_keys = tuple(Stray(self.text[k.start : k.end].strip(), self.position(k.start), "answer key")
                            for k in self.keys)
        chapters = bold_answers(chapters)
        chapters, unread = self._accounted(chapters)
        return Bank(slug=slug, source=self.source, title=title, preamble=preamble, chapters=chapters,
                    stray=tuple(sorted(self.strays, key=lambda s: s.position.offset)), answer_keys=answer_keys,
                    layout=self._report(len(chapters), unplaced), unread=unread)

    def _fenced_questions(self) -> str:
        """What a bank with no question read says of its fenced code blocks that hold lines like
        questions (list items, numbered or lettered lines): code is shown as written, never read."""
        lines = [self.position(start).line for start, end in self.opaque
                 if self.text.startswith(("```", "~~~"), start)
                 and len(_LISTED_LINE.findall(self.text, start, end)) >= 2]
        if not lines:
            return ""
        where = ", ".join(map(str, lines[:5])) + (" …" if len(lines) > 5 else "")
        return (f"; {len(lines)} code block{'s' * (len(lines) > 1)} (``` from line {where}) hold lines like "
                "questions, and code is shown as written, never read as questions: write them outside the fences")

    def _accounted(self, chapters: tuple[Chapter, ...]) -> tuple[tuple[Chapter, ...], tuple[Stray, ...]]:
        """``chapters`` with a flag on each question that absorbed question-like lines, and the
        question-like lines that no question holds (generator.read.text.accounting)."""
        skipped = sorted(self.opaque + [(k.start, k.end) for k in self.repeated_keys])
        found = question_like_lines(self.text, self.layout.numbering.pattern, [s for s, _, _ in self.spans],
                                    [e for _, e, _ in self.spans], skipped)
        unread = tuple(Stray(line.text, self.position(line.offset), "numbered question not read")
                       for line in found if line.question is None)
        absorbed: dict[int, list[QuestionLine]] = {}
        for line in found:
            if line.question is not None and not self.spans[line.question][2]:  # a case holds its tasks
                absorbed.setdefault(line.question, []).append(line)
        if not absorbed:
            return chapters, unread
        flagged, index = [], 0
        for chapter in chapters:
            questions = []
            for q in chapter.questions:
                lines = absorbed.get(index)
                questions.append(q if lines is None else self._absorbing(chapter.number, q, lines))
                index += 1
            flagged.append(replace(chapter, questions=tuple(questions)))
        return tuple(flagged), unread

    def _absorbing(self, chapter: int, q: Question, lines: list[QuestionLine]) -> Question:
        """``q`` flagged ``absorbed-question``: its fields hold ``lines``, which look like questions."""
        first = lines[0]
        options = [(o.label, o.text) for o in q.options]
        field, label = field_holding(first.text.lstrip(" #>*"), q.stem, options, q.answer_text, q.explanation)
        more = f"等{len(lines)}行" if len(lines) > 1 else ""
        message = (f"{where(chapter, q)}的{_FIELD_NAMES[field]}{label}裡有看似另一道題的文字"
                   f"（第{self.position(first.offset).line}行「{clip(first.text, 30)}」{more}），"
                   "題庫在此可能漏讀了題目")
        return replace(q, flags=(*q.flags, Flag("absorbed-question", Severity.WARNING, message)))

    def _report(self, sections: int, unplaced: list[KeyEntry]) -> LayoutReport:
        layout, entries = self.layout, sum(len(k.entries) for k in self.keys)
        return LayoutReport(
            f"{layout.numbering.name} ({layout.numbering.example})", layout.numbering_run,
            f"{layout.options.name} ({layout.options.example})", layout.option_count,
            f"{layout.answers.name} ({layout.answers.example})", layout.answer_count,
            len(self.keys), entries, len(self.key_entries), sections,
            tuple(Stray(f"{e.number}. {e.answer}", self.position(e.offset), "answer-key entry for no question")
                  for e in unplaced))

    def _chapter(self, number: int, draft: _ChapterDraft, end: int) -> Chapter:
        questions = []
        marks = draft.questions
        intro = self.slice(draft.body_start, marks[0].start).strip()
        for i, mark in enumerate(marks):
            q_end = marks[i + 1].start if i + 1 < len(marks) else end
            key = bisect.bisect_left(self.key_starts, mark.end)  # a key ends the question before it
            if key < len(self.key_starts):
                q_end = min(q_end, self.key_starts[key])
            q_end = self._after_answer_container(mark.end, q_end)
            questions.append(self._question(mark, q_end, draft))
            self.spans.append((mark.start, q_end, mark.case))
        title = draft.title or "題目"
        return Chapter(number, title, tuple(questions), self.position(draft.start), intro)

    def _after_answer_container(self, start: int, end: int) -> int:
        """Where a question from ``start`` to ``end`` ends: where its answer's container closes
        ("::: tip 答案解析" … ":::") when right after it another container opens that names no
        answer ("::: info 辅导班": a site's advert or note).  That container and what follows it
        up to ``end`` are no part of the question: they are kept as a stray ("after the answer")."""
        first = bisect.bisect_left(self.furniture_starts, start)
        containers = [line for f_start, f_end, reason in
                      self.furniture[first:bisect.bisect_left(self.furniture_starts, end)]
                      if reason == "markup" and (line := CONTAINER_LINE.fullmatch(self.text, f_start, f_end))]
        threes = zip(containers, containers[1:], containers[2:], strict=False)  # each three lines in a row
        for opening, closing, following in threes:
            after = following.start()
            if ANSWER_CONTAINER.match(opening.group()) and not closing["title"] and following["title"] \
                    and not ANSWER_CONTAINER.match(following.group()) and not self.text[closing.end():after].strip():
                if rest := self.slice(after, end).strip():
                    self.strays.append(Stray(rest, self.position(after), "after the answer"))
                return closing.end()
        return end

    def _unbolded_stem(self, mark: _Event, body: str) -> str:
        """``body`` less the ``**`` that closes a bold opened before the number ("**1.題幹**")."""
        marker = self.text[mark.start : mark.end]
        if not (marker.lstrip(" \t#>").startswith("**") and marker.count("**") % 2):
            return body
        line_end = body.find("\n")
        line_end = len(body) if line_end < 0 else line_end
        closing = body.rfind("**", 0, line_end)
        stem = body[:closing]
        if closing < 0 or body[closing + 2 : line_end].strip() or F.ANSWER_MARK.search(stem) \
                or F.EXPLANATION_MARK.search(stem):
            return body
        return stem + body[closing + 2 :]

    def _question(self, mark: _Event, end: int, draft: _ChapterDraft) -> Question:
        body = self.slice(mark.end, end, question=True)
        if mark.card:  # the summary asks, what the card folds answers
            answer = "\n".join(line for line in (_TAG.sub("", line).strip() for line in body.splitlines()) if line)
            body = _TAG.sub("", mark.card) + (f"\n答案：{answer}" if answer else "")
        body = self._unbolded_stem(mark, body)
        judged = F.JUDGE_PREFIX.match(self.text, mark.start, mark.end)  # "(√)1. 陳述"
        if self.layout.numbering is JUDGED_BULLET_QUESTIONS:  # "* (T) statement"
            judged = JUDGED_BULLET_QUESTIONS.pattern.match(self.text, mark.start)
        fielded = (field_bullet_fields(body) if self.layout.numbering is FIELD_BULLET_QUESTIONS
                   else markua_fields(body) if self.layout.numbering is MARKUA_QUESTIONS else None)
        parts = fielded or F.part_question(self.text[mark.end : end]) or F.split_question(  # its "---" are no markup
            body, draft.default_type, self.labels, self.layout.answers.name,
            judged["a"] if judged else None)
        answer_text, explanation = parts.answer_text, parts.explanation
        entry = self.key_entries.get(mark.start)
        if entry is not None and answer_text is None:
            answer_text, explanation = entry.answer, explanation or entry.explanation
        given = self.given_answers.get(self.offsets.to_source(mark.start)) if self.given_answers else None
        if given is not None and not (answer_text or "").strip():
            answer_text = given
        qtype = parts.type or F.infer_type(parts.options, answer_text, parts.stem)
        normalised = F.normalise_answer(qtype, answer_text, parts.options)
        # Letters read from words: the words say more, as the explanation (not letters with a
        # control character that no reader sees, "A\x1b").
        if qtype.is_choice and answer_text and not F.choice_letters(CONTROL_CHARACTER.sub("", answer_text)) \
                and not explanation and F.is_letter_answer(normalised):
            explanation = answer_text.strip()
        return Question(
            id=next(self.ids), number=mark.number, type=qtype, stem=parts.stem, options=parts.options,
            answer=normalised, answer_text=answer_text, explanation=explanation,
            position=self.position(mark.start), exam_tags=parts.exam_tags,
            end_offset=self.offsets.to_source(end), points=draft.points,
        )


_FIELD_NAMES = {"option": "選項", "answer": "答案", "explanation": "解析", "stem": "題幹"}


def _answer_like(segment: str) -> bool:
    """Whether a numbered item's text is an answer ("B", "AC", "√"), as an answer key writes it."""
    line = segment.strip().split("\n", 1)[0]
    return F.choice_letters(line) is not None or F.judge_value(line) is not None


def _after_typo(questions: list[_Event], number: int) -> bool:
    """Whether ``number`` goes on from the question before the last, whose number broke the
    run: a typo the next number shows (24, **35**, 26)."""
    return len(questions) >= 2 and questions[-1].number != questions[-2].number + 1 \
        and number == questions[-2].number + 2


def _first_lines(text: str, count: int = 3) -> str:
    return "\n".join(f"  {i}: {clip(line, 60)}" for i, line in enumerate(text.strip("\n").split("\n")[:count], 1))


def _in_section_style(markdown: list[_Event], plain: list[_Event]) -> list[_Event]:
    """The Markdown headings that are sections.  A bank whose sections start with 一、 or 第一章
    lines keeps that style: a later "# …" line (in an explanation, say) is a section only when
    its title is itself such a heading ("## 二、多选题"); a "# …" opening the file names the bank."""
    first_plain = min((e.start for e in plain), default=None)
    if first_plain is None:
        return markdown
    return [e for e in markdown if e.start < first_plain or any(p.match(e.title) for p in LINE_HEADINGS[1:])]
