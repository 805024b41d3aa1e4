"""Decide a text bank's layout once, over the whole document, before any question is cut.

Each kind of marker has a table of recognisers, each with an example of what it reads
(the model is mistune's ``block_parser.py`` rule table).  :func:`detect_layout` scores
them over the document:

- numbering: the recogniser whose line-start numbers run longest (1, 2, 3 … with no
  gap), then most often, wins; ``dot`` (``1.``) wins ties, and is the only one read
  inside running text (banks scraped onto one line use it);
- options: the label form shared by most questions (pairs of an ``A`` label followed by
  a ``B`` label); ``classic`` (``A.`` ``（A）``) wins ties and is always read too;
- answers: a marker (``答案：``) unless the document marks fewer answers so than it
  writes them in the stem's brackets (``（ B ）``) or as ticked task-list items.

Every pattern is linear: no nested or overlapping quantifiers, every repeat bounded.
"""
from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from itertools import chain

from ...bank.fields import (
    ANSWER,
    ANSWER_MARK,
    ASCII_LETTER,
    BRACKET_ANSWER,
    FULLWIDTH_LETTERS,
    LETTER,
    LOWER,
    OPTION_LABEL,
    SPACED_LABEL,
    TASK_ITEM,
    WIDE,
    has_options,
)
from ...bank.model import Bank, LayoutReport, TableReport
from ...bank.spans import code_and_table_spans
from .line_scan import LineScan

# "1." "1．" "1、" "題目1" (with a bold "**" around the number as Markdown banks write it); a
# digit may follow only "．" ("3．1KB等于…"), and the parser takes that only at a line start
DOT_NUMBER = re.compile(
    r"(?=[\d題题])(?<![\d.．])"  # the lookahead first: a quick scan to the next digit
    r"(?:(?:題目|题目)[ \t]*(?P<wn>\d{1,7})[.．、:：]?|(?P<n>\d{1,7})[ \t]*(?:[.．、](?!\d)|．))(?:\*\*)?"
)


@dataclass(frozen=True)
class Recogniser:
    """One way of writing a marker: its name in reports, an example, and its pattern."""

    name: str
    example: str
    pattern: re.Pattern[str]


# Question starts; each captures the number as ``n`` (or ``wn``).  All but ``dot`` count
# only at a line start (after blanks, ``#``, ``>`` or ``*``).
NUMBERINGS: tuple[Recogniser, ...] = (
    Recogniser("dot", "1. / 1、 / 1． / 題目1", DOT_NUMBER),
    Recogniser("paren", "1) / 1）", re.compile(r"(?<![\d(（])(?P<n>\d{1,7})[ \t]*[)）](?:\*\*)?")),
    Recogniser("enclosed", "(1) / （1）", re.compile(r"[(（][ \t]*(?P<n>\d{1,7})[ \t]*[)）][.．、:：]?(?:\*\*)?")),
    Recogniser("di-ti", "第1题", re.compile(r"第[ \t]*(?P<n>\d{1,7})[ \t]*[題题][.．、:：]?(?:\*\*)?")),
    Recogniser("question", "Question 1 / Q1",
               re.compile(r"(?:Question|QUESTION|Q)[ \t]*(?P<n>\d{1,7})(?![\d.．]\d)(?!\d)[ \t]*[.．:：)]?(?:\*\*)?")),
)
DEFAULT_NUMBERING = NUMBERINGS[0]
# Questions numbered in Markdown headings, each over a plain numbered list of its options
# ("#### 1. stem" then "1. 甲" "2. 乙"): only the numbers right after a heading's "#" count.
HEADING_NUMBERS = Recogniser("heading-dot", "#### 1. <stem> over options 1. 2. 3.",
                             re.compile(r"(?<=#[ \t])" + DOT_NUMBER.pattern))
_HEADING_NUMBER = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t](?:\*\*)?(\d{1,7})[.．、]")
# A bank may set each question as a Markdown heading followed by its options, with no
# number ("### 棧的特點是？" then "- [x] 後進先出"): numbered in order.
HEADING_QUESTIONS = Recogniser("heading", "### <stem> followed by options",
                               re.compile(r"(?m:^)[ \t]{0,3}#{1,6}[ \t]+(?=\S)"))
# Flash cards: an unnumbered question folded as "<details><summary>stem</summary>answer</details>"
# (a summary that names an answer, "<summary>Answer</summary>", folds a numbered question's answer).
CARD_QUESTIONS = Recogniser("card", "<details><summary>stem</summary> answer </details>",
                            re.compile(r"(?m:^)[ \t]{0,3}<details\b[^<>\n]{0,80}>[ \t\n]{0,200}"
                                       r"<summary\b[^<>\n]{0,80}>(?P<stem>[^\n]{1,2000}?)</summary>"))
# Unnumbered questions each opened by the same label on a line of its own ("__Practice Question__",
# "**Question**", "## Question", freeCodeCamp's "### --question--"), as quiz exporters write them.
LABELLED_QUESTIONS = Recogniser("label", "__Question__ / **Practice Question** on its own line",
                                re.compile(r"(?m:^)[ \t]{0,3}(?:#{1,6}[ \t]{1,4})?(?P<o>__|\*\*)?"
                                           r"(?:--question--|(?:Practice |Sample |Quiz )?"
                                           r"(?:Question|QUESTION|问题|問題|题目|題目))"
                                           r"(?(o)(?P=o))[ \t]*[:：]?[ \t]*(?m:$)"))
# Unnumbered questions each a bullet of named fields ("- Question: …" over "- Answer: …" and
# "- Choices: a; b; c"), as a course's question sheet writes them (see generator.read.text.field_bullets).
FIELD_BULLET_QUESTIONS = Recogniser("field-bullet", "- Question: <stem> over - Answer: … and - Choices: a; b; c",
                                    re.compile(r"(?m:^)[ \t]{0,3}[-*+][ \t]{1,4}Question[ \t]{0,3}:[ \t]*"))
# Unnumbered statements to judge, each a bullet opening with its answer in brackets ("* (T) …",
# "- （×）…"), as study notes list them under a passage.
JUDGED_BULLET_QUESTIONS = Recogniser("judged-bullet", "* (T) <statement> / - （×）<statement>",
                                     re.compile(r"(?m:^)[ \t]{0,3}[-*+][ \t]{1,4}[(（][ \t]{0,2}"
                                                r"(?P<a>[TF√×✓✗✔✘]|对|错|對|錯)[ \t]{0,2}[)）][ \t]*"))
# Markua's quiz questions ("? stem" over choices "a)" "C)" or accepted answers "! …"; see
# generator.read.text.markua_quiz): the "? " lines count when some line holds a choice or an answer.
MARKUA_QUESTIONS = Recogniser("markua", "? <stem> over a) b) C) (capital: right) or ! <answer>",
                              re.compile(r"(?m:^)[ \t]{0,3}\?[ \t]+(?=\S)"))
_MARKUA_MARK = re.compile(r"(?m)^[ \t]{0,3}(?:[A-Za-z]\)|!)[ \t]+\S")
# Unnumbered paragraphs, a blank line between them, each a stem over its answer marker
# ("地球是圆的。" then "正确答案：正确"): a bank of statements to judge, as a quiz script keeps them.
PARAGRAPH_QUESTIONS = Recogniser("paragraph", "<stem>, then 答案：… on a line of its own; a blank line between",
                                 re.compile(r"[ \t]{0,3}"))
_BLANK_LINES = re.compile(r"\n[ \t]*\n")
_PREAMBLE_NUMBERS = 9  # numbered lines a preamble has at the most ("1. 本卷共五章"), beside unnumbered questions
HEADING_QUESTION_SCAN = LineScan(HEADING_QUESTIONS.pattern)
_ANSWER_WORDS = re.compile(r"答案|[Aa]nswer|Solution|解答|解析|Explanation")

# Option label forms besides the classic ones, each read together with OPTION_LABEL; groups
# ``d`` (the letter) as there.  A Markdown list dash or bold around a label belongs to it.
_MD_LEAD = r"(?:(?m:^)[ \t]*[-*+][ \t]+)?(?:\*\*)?"
_MD_TAIL = r"(?:\*\*)?"
OPTION_FORMS: tuple[Recogniser, ...] = (
    Recogniser("classic", "A. / A、 / A． / (A) / （A） / Ａ．", OPTION_LABEL),
    Recogniser("colon", "A: / A： / **A:** / - A:",
               re.compile(rf"(?<![A-Za-z])(?P<d>[{LETTER}{WIDE}])[ \t]*[:：]" + _MD_TAIL)),
    Recogniser("close-paren", "A) / A）", re.compile(rf"(?<![A-Za-z(（])(?P<d>[{LETTER}{WIDE}])[)）]" + _MD_TAIL)),
    Recogniser("list", "- A. / **A.**",
               re.compile(rf"(?m:^)[ \t]*(?:[-*+][ \t]+(?:\*\*)?|\*\*)(?P<d>[{LETTER}{WIDE}])[ \t]*[.．、]"
                          + _MD_TAIL)),
    Recogniser("lower", "(a) / a. / a)",
               re.compile(rf"[(（][ \t]*(?P<d>[{LOWER}])[ \t]*[)）]|(?m:^)[ \t]*(?P<s>[{LOWER}])[.．)）]")),
    Recogniser("spaced", "A start()   B run()", SPACED_LABEL),
    # a letter glued to the option's (not ASCII) text at a line start: "A骨髓" "B心脏"
    Recogniser("bare", "A骨髓 / B心脏", re.compile(rf"(?m:^)[ \t]{{0,4}}(?P<d>[{LETTER}{WIDE}])(?=[^\x00-\x7f\s])")),
)
DEFAULT_OPTIONS = OPTION_FORMS[0]
_LEAD_FORMS = ("colon", "close-paren")  # read with a Markdown list dash or bold before the label
_OPTION_TIES = ("bare", "spaced", "lower", "close-paren", "colon", "classic", "list")

ANSWER_STYLES: tuple[Recogniser, ...] = (
    Recogniser("marker", "答案：B / 【答案】B / 正确答案：B / **Answer:** B, C", ANSWER_MARK),
    Recogniser("bracket", "下列哪個是水果（ B ）", BRACKET_ANSWER),
    Recogniser("task-list", "- [x] 正確的選項", TASK_ITEM),
)
DEFAULT_ANSWERS = ANSWER_STYLES[0]

_LINE_LEAD = " \t*#>"


# "(√)1. 地球是圓的": a judge answer before the number of a statement at a line start
JUDGED_LINE = r"[（(][ \t]{0,2}[√×✓✗✔✘][ \t]{0,2}[）)][ \t]{0,4}"
_JUDGED_LINE = re.compile(r"[ \t]{0,8}" + JUDGED_LINE)


@dataclass(frozen=True)
class Layout:
    """What :func:`detect_layout` chose, with the evidence (counts) behind each choice."""

    numbering: Recogniser = DEFAULT_NUMBERING
    options: Recogniser = DEFAULT_OPTIONS
    answers: Recogniser = DEFAULT_ANSWERS
    numbering_run: int = 0  # the longest run 1, 2, 3 … of line-start numbers
    heading_questions: tuple[int, ...] = ()  # starts of the headings that are questions ("heading")
    card_questions: tuple[int, ...] = ()  # starts of the unnumbered questions ("card", "label")
    option_count: int = 0  # A→B label pairs of the chosen form
    answer_count: int = 0

    @property
    def option_pattern(self) -> re.Pattern[str]:
        """Labels of the chosen form and the classic ones, as one pattern."""
        return _option_pattern(self.options)

    @property
    def line_start_only(self) -> bool:
        """Whether question numbers count only at a line start (all but ``dot``)."""
        return self.numbering is not DEFAULT_NUMBERING


def at_line_start(text: str, offset: int) -> bool:
    """Whether only blanks and Markdown lead characters stand before ``offset`` on its line."""
    start = offset
    # bounded: a bank on one line is megabytes long, and the lead is never that long
    while offset > 0 and start - offset < 200 and text[offset - 1] in _LINE_LEAD:
        offset -= 1
    return offset == 0 or text[offset - 1] == "\n"


def judged_line_start(text: str, offset: int) -> int | None:
    """Where the line starts when only a judge answer ("(√)") stands before ``offset`` on it."""
    start = text.rfind("\n", max(0, offset - 24), offset) + 1
    if start == 0 and offset > 24:
        return None
    found = _JUDGED_LINE.match(text, start)
    return start if found is not None and found.end() == offset else None


def number_of(match: re.Match[str]) -> int:
    return int(match.group("n") or match.group("wn"))


def detect_layout(text: str) -> Layout:
    """Score every recogniser over ``text`` and keep the winner of each kind."""
    numbers: list[list[int]] = [[] for _ in NUMBERINGS]
    first = _NUMBER_LINE.match(text)
    for m in chain([first] if first else [], _NUMBER_SCAN.finditer(text)):
        k, groups = _NUMBER_GROUPS[m.lastgroup or "k0"]
        numbers[k].append(int(next(filter(None, map(m.group, groups)), 0)))
    scored = [(_longest_run(found), len(found), -k, NUMBERINGS[k]) for k, found in enumerate(numbers)]
    run, count, _, numbering = max(scored, key=lambda s: s[:3])
    run, count, numbering = _outer_numbering(numbers, (run, count, numbering))
    if numbering is DEFAULT_NUMBERING:
        run, count, numbering = _heading_numbering(text, numbers[0], (run, count, numbering))
    pairs = _label_pairs(text)
    # On a tie classic wins, but for "list", which reads all of its labels and more ("- A.").
    option_count, _, options = max((pairs[k], _OPTION_TIES.index(form.name), form)
                                   for k, form in enumerate(OPTION_FORMS))
    # Headings followed by options are the questions when they outnumber the numbers at line
    # starts (a preamble's "1. 2." has some); with neither, "1." reads a bank on one line.
    headings = _heading_questions(text, _option_pattern(options), count)
    unnumbered = None if count else _unnumbered_questions(text, len(headings))
    if unnumbered is None and 0 < count <= _PREAMBLE_NUMBERS and not headings:  # "1. 本卷共五章" before them
        paragraphs = _answered_paragraphs(text)
        unnumbered = (PARAGRAPH_QUESTIONS, paragraphs) if len(paragraphs) > 2 * count else None
    cards: tuple[int, ...] = ()
    if unnumbered is not None:
        numbering, cards = unnumbered
        headings, run, count = (), len(cards), len(cards)
    elif len(headings) > count:
        numbering, run, count, cards = HEADING_QUESTIONS, len(headings), len(headings), ()
    else:
        headings, cards = (), ()
        numbering = numbering if count else DEFAULT_NUMBERING
    marked = sum(1 for _ in ANSWER.finditer(text))
    answers, answer_count = DEFAULT_ANSWERS, marked
    for style in ANSWER_STYLES[1:]:
        found = sum(1 for m in style.pattern.finditer(text) if _counts_as_answer(style, m))
        if found > answer_count:
            answers, answer_count = style, found
    return Layout(numbering, options, answers, run, headings, cards, option_count, answer_count)


_OPTION_LIST = (3, 8)  # how long a list of numbered options runs, at least and at most


def _outer_numbering(numbers: list[list[int]], best: tuple[int, int, Recogniser]
                     ) -> tuple[int, int, Recogniser]:
    """The numbering of the questions when the longest run is their options' ("Q1." over
    "1. 3" "2. 4" "3. 5"): another numbering that runs 1, 2, 3 … without a restart wins when
    the best one runs three to eight long, starting again at 1 under nearly each of its
    numbers, with two numbers or more to each of them."""
    k = NUMBERINGS.index(best[2])
    restarts, low, high = numbers[k].count(1), *_OPTION_LIST
    if not low <= best[0] <= high:
        return best
    for j, found in enumerate(numbers):
        run = _longest_run(found)
        if j != k and 2 <= run == len(found) and restarts * 5 >= run * 4 and best[1] >= 2 * run:
            return run, len(found), NUMBERINGS[j]
    return best


def _heading_numbering(text: str, numbers: list[int], best: tuple[int, int, Recogniser]
                       ) -> tuple[int, int, Recogniser]:
    """The numbers in Markdown headings when they run 1, 2, 3 … and the dot numbers' longest
    run is the options' under them (three to eight long, starting again at 1 under nearly each
    heading, two numbers or more to each): as :func:`_outer_numbering`, within one numbering."""
    low, high = _OPTION_LIST
    if not low <= best[0] <= high or "#" not in text:
        return best
    headed = [int(m[1]) for m in _HEADING_NUMBER.finditer(text)]
    run = _longest_run(headed)
    restarts = numbers.count(1) - headed.count(1)
    if 2 <= run == len(headed) and restarts * 5 >= run * 4 and len(numbers) - run >= 2 * run:
        return run, run, HEADING_NUMBERS
    return best


def _unnumbered_questions(text: str, headings: int) -> tuple[Recogniser, tuple[int, ...]] | None:
    """With no numbers, the starts of at least two questions opened by field bullets, judged
    bullets, Markua's "? " or label lines (as many as
    the question headings, or more: "## Question" each time is a label, no stem), else with
    no question headings either, by <details> cards."""
    bullets = tuple(m.start() for m in FIELD_BULLET_QUESTIONS.pattern.finditer(text))
    if len(bullets) >= max(2, headings):
        return FIELD_BULLET_QUESTIONS, bullets
    judged = tuple(m.start() for m in JUDGED_BULLET_QUESTIONS.pattern.finditer(text))
    if len(judged) >= max(2, headings):
        return JUDGED_BULLET_QUESTIONS, judged
    markua = tuple(m.start() for m in MARKUA_QUESTIONS.pattern.finditer(text))
    if len(markua) >= max(2, headings) and _MARKUA_MARK.search(text):
        return MARKUA_QUESTIONS, markua
    labels = tuple(m.start() for m in LABELLED_QUESTIONS.pattern.finditer(text))
    if len(labels) >= max(2, headings):
        return LABELLED_QUESTIONS, labels
    if headings:
        return None
    cards = tuple(m.start() for m in CARD_QUESTIONS.pattern.finditer(text) if not _ANSWER_WORDS.search(m["stem"]))
    if len(cards) >= 2:
        return CARD_QUESTIONS, cards
    paragraphs = _answered_paragraphs(text)
    return (PARAGRAPH_QUESTIONS, paragraphs) if paragraphs else None


def _answered_paragraphs(text: str) -> tuple[int, ...]:
    """The starts of the paragraphs that open with a line of text and hold an answer marker at
    the start of a later line, when there are two or more and they are most paragraphs (an
    explanation may run over a blank line; a title may come first)."""
    starts, end = [0], len(text)
    starts += [m.end() for m in _BLANK_LINES.finditer(text)]
    answered, paragraphs = [], 0
    for i, start in enumerate(starts):
        stop = starts[i + 1] if i + 1 < len(starts) else end
        block = text[start:stop].strip("\n")
        if not block.strip():
            continue
        paragraphs += 1
        first_end = block.find("\n")
        mark = ANSWER.search(block, first_end) if first_end > 0 else None
        if mark is not None and at_line_start(block, mark.start()) and not ANSWER_MARK.match(block.lstrip()) \
                and not block.lstrip().startswith("#"):
            answered.append(start + len(text[start:stop]) - len(text[start:stop].lstrip("\n")))
    return tuple(answered) if len(answered) >= 2 and 2 * len(answered) >= paragraphs else ()


def _heading_questions(text: str, labels: re.Pattern[str], numbered: int) -> tuple[int, ...]:
    """Starts of the Markdown headings followed, before the next heading, by options
    (none when there are no more headings than ``numbered`` line starts)."""
    heads = [m.start() for m in HEADING_QUESTION_SCAN.finditer(text)]
    if len(heads) <= numbered:
        return ()
    found = []
    code = code_and_table_spans(text) if "```" in text else []  # options shown as code are no options
    for i, start in enumerate(heads):
        end = heads[i + 1] if i + 1 < len(heads) else len(text)
        section = "".join(text[a:b] for a, b in _outside(code, start, end))
        if TASK_ITEM.search(section) or has_options(section, labels):
            found.append(start)
    return tuple(found)


def _outside(spans: list[tuple[int, int]], start: int, end: int) -> list[tuple[int, int]]:
    """The stretches of ``[start, end)`` outside the sorted ``spans``."""
    pieces, k = [], max(bisect.bisect_right(spans, (start, 0)) - 1, 0)
    while k < len(spans) and spans[k][0] < end:
        a, b = spans[k]
        if b > start:
            pieces.append((start, max(start, a)))
            start = max(start, b)
        k += 1
    pieces.append((start, max(start, end)))
    return [(a, b) for a, b in pieces if b > a]


def _counts_as_answer(style: Recogniser, match: re.Match[str]) -> bool:
    # a task list marks answers by its ticked items; a bracket needs something in it
    return style.name != "task-list" or match.group("box") in "xX"


def _longest_run(numbers: list[int]) -> int:
    best = length = 0
    previous = None
    for n in numbers:
        length = length + 1 if previous is not None and n == previous + 1 else 1 if n == 1 else 0
        best = max(best, length)
        previous = n
    return best


def _label_pairs(text: str) -> list[int]:
    """Per option form, how often a label of it that reads ``B`` follows an ``A`` label."""
    pairs, previous = [0] * len(OPTION_FORMS), ""
    for m in _OPTION_SCAN.finditer(text):
        k, groups = _OPTION_LETTER_GROUPS[m.lastgroup or "o0"]
        letter = next(filter(None, map(m.group, groups)), "")
        letter = ASCII_LETTER.get(letter) or letter.translate(FULLWIDTH_LETTERS).upper()
        pairs[k] += previous == "A" and letter == "B"
        previous = letter
    return pairs


def _suffixed(pattern: str, suffix: str) -> str:
    """``pattern`` with its group names suffixed, so that several fit in one alternation."""
    return re.sub(r"\(\?P<(\w+)>", rf"(?P<\1_{suffix}>", pattern)


# What any option label of the combined patterns (_option_pattern) may start with: a lead
# ("- ", "**", blanks) or a label's bracket or letter.  A lookahead so cheap (one character)
# first makes scans that try every position quick.
_LABEL_START = rf"(?=[ \t*+(（{LETTER}{LOWER}{WIDE}-])"
# One scan for all numberings at line starts, one for all option forms: a scan per recogniser
# of a 20,000-question bank was most of parsing.
# The numberings after blanks and Markdown leads, once a judge prefix's or a number's first
# character shows (the lookahead passes over other lines quickly)
_NUMBER_LINE = re.compile(r"[ \t*#>]{0,20}(?=[\d題题(（第Q])(?:" + JUDGED_LINE + r")?(?:" + "|".join(
    f"(?P<k{k}>{_suffixed(r.pattern.pattern, str(k))})" for k, r in enumerate(NUMBERINGS)) + ")", re.M)
# after each newline (the text's first line is matched on its own): a literal first lets the
# regex engine skip to it, where "^" is tried at every position; no match holds a newline
_NUMBER_SCAN = re.compile("\n" + _NUMBER_LINE.pattern, re.M)
# The option forms, after a quick test that a label may start here: a bracket or a letter, or a
# line start (where the forms' blanks and list leads stand; scored without the lead of "**A:**"),
# then a letter followed by a blank, punctuation or text not ASCII ("A骨髓"), a bracket, or the
# "- " or "**" of a "list" label with its letter and dot
_OPTION_SCAN = re.compile(rf"(?=[(（{LETTER}{LOWER}{WIDE}]|(?m:^))(?=[ \t]{{0,16}}(?:[(（]"
                          rf"|[{LETTER}{LOWER}{WIDE}][\s.．、:：)）\x80-\U0010ffff]"
                          rf"|(?:[-*+][ \t]+(?:\*\*)?|\*\*)[{LETTER}{WIDE}][ \t]*[.．、]))(?:" + "|".join(
    f"(?P<o{k}>{_suffixed(form.pattern.pattern, str(k))})" for k, form in enumerate(OPTION_FORMS)) + ")")
# The outer group a match closes last names its recogniser: its index, and the groups that
# may hold its number or letter (looked up once, not rebuilt for every match)
_NUMBER_GROUPS = {f"k{k}": (k, tuple(f"{name}_{k}" for name in r.pattern.groupindex)) for k, r in enumerate(NUMBERINGS)}
_OPTION_LETTER_GROUPS = {f"o{k}": (k, tuple(f"{name}_{k}" for name in form.pattern.groupindex))
                         for k, form in enumerate(OPTION_FORMS)}


_COMBINED: dict[str, re.Pattern[str]] = {}


def _option_pattern(form: Recogniser) -> re.Pattern[str]:
    if form is DEFAULT_OPTIONS:
        return OPTION_LABEL
    if form.name not in _COMBINED:
        # the form first: at one position its longer label ("- A:") beats the classic one
        extra = re.sub(r"\(\?P<(\w)>", r"(?P<x\1>", form.pattern.pattern)
        if form.name in _LEAD_FORMS:  # scored without it (a pattern with no fixed start scans slowly)
            extra = _MD_LEAD + extra
        # the lookahead, the first characters any label form may start with, makes the scan quick
        _COMBINED[form.name] = re.compile(f"{_LABEL_START}(?:{extra}|{OPTION_LABEL.pattern})")
    return _COMBINED[form.name]


def describe(bank: Bank) -> list[str]:
    """What ``check`` says of the layout recognised in ``bank``: one summary line, then the
    text it could not place (key entries that answer no question), with line:column."""
    report, tables = bank.layout, [_table_line(t) for t in bank.tables]
    if report is None:
        return tables
    keys = (f"{report.keys} ({report.key_matched} of {report.key_entries} entries matched)"
            if report.keys else "none")
    lines = [f"layout: numbering {report.numbering}, longest run {report.numbering_run}; "
             f"options {report.options}, {report.option_pairs} A→B pairs; "
             f"answers {report.answers}, {report.answer_count} found; answer keys {keys}; "
             f"sections {report.sections}" + _formatting(report)]
    lines += [f"{bank.source}:{s.position.line}:{s.position.column}: info: [unplaced] {s.reason}: {s.text!r}"
              for s in report.unplaced]
    return lines + tables


def _table_line(table: TableReport) -> str:
    """``table bank.csv: 27 rows; options in the stem cell …; type codes 0 = single …``."""
    line = f"table {table.where}: {table.rows} rows; options {table.options}"
    if table.type_codes:
        line += "; type codes " + ", ".join(f"{code} = {qtype}" for code, qtype in table.type_codes)
    if table.answers_by_text:
        line += f"; {table.answers_by_text} answers written as the option's text"
    return line


def _formatting(report: LayoutReport) -> str:
    """"; answers from formatting: red text (12 questions)", when a Word bank's look marks answers."""
    if not report.formatting:
        return ""
    disagreeing = (f", {report.formatting_disagreements} disagreeing with the written answer"
                   if report.formatting_disagreements else "")
    count = report.formatting_answers
    return f"; answers from formatting: {report.formatting} ({count} question{'s' * (count != 1)}{disagreeing})"
