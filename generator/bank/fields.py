"""One question's text -> its fields: type, exam tags, stem, options, answer, explanation.

``split_question`` gets the text after the question number and knows nothing of the
rest of the bank.  Markers are found by the compiled patterns below; the answer is
normalised by ``normalise_answer`` (choice letters sorted, true/false for judge).
"""
from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise, takewhile

from .marked_list import marked_list
from .model import OPTION_LETTERS, Option, QuestionType
from .spans import pipe_tables

_T = QuestionType
# The option letters as character-class ranges, ASCII and full width: "[{LETTER}{WIDE}]" is "[A-HＡ-Ｈ]"
LETTER = f"A-{OPTION_LETTERS[-1]}"
WIDE = f"Ａ-{chr(ord(OPTION_LETTERS[-1]) + 0xFEE0)}"
LOWER, WIDE_LOWER = LETTER.lower(), WIDE.lower()
# Keyword -> type, longest keywords first so that 單項選擇 wins over 選擇.
TYPE_KEYWORDS: tuple[tuple[str, QuestionType], ...] = (
    ("單項選擇", _T.SINGLE), ("单项选择", _T.SINGLE), ("單選", _T.SINGLE), ("单选", _T.SINGLE),
    ("多項選擇", _T.MULTIPLE), ("多项选择", _T.MULTIPLE), ("不定項選擇", _T.MULTIPLE),
    ("不定项选择", _T.MULTIPLE), ("多選", _T.MULTIPLE), ("多选", _T.MULTIPLE),
    ("判斷", _T.JUDGE), ("判断", _T.JUDGE), ("是非", _T.JUDGE),
    ("填空", _T.FILL), ("計算", _T.CALC), ("计算", _T.CALC),
    ("案例分析", _T.CASE), ("案例", _T.CASE), ("綜合分析", _T.CASE), ("综合分析", _T.CASE),
    ("簡答", _T.SHORT), ("简答", _T.SHORT), ("問答", _T.SHORT), ("问答", _T.SHORT),
    ("論述", _T.SHORT), ("论述", _T.SHORT),
)
_TYPE_WORDS = "|".join(re.escape(k) for k, _ in TYPE_KEYWORDS)
# "（單選）", "(多選題)", "[判斷]" right after the question number.
TYPE_BRACKET = re.compile(rf"\s*[（(\[【]\s*({_TYPE_WORDS})[題题]?\s*[）)\]】]")
# An exam sitting such as "【23下】" (any bracketed tag that is not a marker).
EXAM_TAG = re.compile(r"\s*【(?!(?:參考|参考|正確|正确)?答案|解析|解答)([^【】\n]{1,12})】")

# Markdown banks bold their markers ("**答案：**"): a bold pair around a marker is part of it.
_CLOSE = r"(?:(?(bold)\*\*)[ \t]{0,3}[：:]|[ \t]{0,3}[：:](?(bold)\*\*)?)"  # "**答案**：", "**答案：**", "**答案：B**"
ANSWER_MARK = re.compile(  # the lookahead only makes the scan quick: what may start a marker
    r"(?=[ \t*_【參参正標标答CcRrAa我#])(?P<bold>\*\*)?"  # blanks: "  答：B" indented
    r"(?:我的答案[ \t]{0,2}[：:][^\n:：]{0,20}?(?=(?:正確|正确)答案))?"  # an exam record: "我的答案:正确答案:A"
    r"(?:【(?:參考|参考|正確|正确|標準|标准)?答案】(?(bold)\*\*)"
    r"|(?:參考|参考|正確|正确|標準|标准)?答案(?!解析)[是为為]?" + _CLOSE  # "答案是：b"
    # no colon, on a line of its own (a heading's too), when an answer follows: "答案 B", "#### 答案 √"
    + r"|(?m:^)[ \t]{0,3}(?:#{1,6}[ \t]{1,2})?(?:參考|参考|正確|正确|標準|标准)?答案[是为為]?[ \t]{0,3}"
    r"(?:(?=[A-Ha-h]{1,8}(?![A-Za-z])|[√×✓✗✔✘❌✅對对錯错]|[Tt]rue|[Ff]alse)"
    # or alone on its line (a heading "### 答案"), over a line of nothing but the letters, maybe bold
    r"|\n[ \t]{0,3}(?P<next>\*\*)?(?=[A-Ha-h]{1,8}(?(next)\*\*)[ \t]*(?:\n|$)))"
    + r"|(?:[Cc]orrect [Aa]nswer|[Rr]ight [Aa]nswer|Answer|ANSWER)" + _CLOSE
    + r"|(?m:^)[ \t]{0,8}答" + _CLOSE  # "答：" opening a line (解答：, 回答： are no answers)
    + r"|(?m:^)[ \t]{0,8}(?:[Aa]ns|ANS)(?:\.|" + _CLOSE + ")"  # "ans: B", "Ans. C" opening a line
    # "__Suggested Answers__" on its own line, over a list that marks the right options
    + r"|(?m:^)[ \t]{0,3}(?:__|\*\*)(?:Suggested |Correct )?(?:Answers?|ANSWERS?)(?:__|\*\*)[ \t]*(?m:$))"
)
EXPLANATION_MARK = re.compile(  # the lookahead, as ANSWER_MARK's, makes the scan quick
    r"(?=[*【答解E# \t])(?P<bold>\*\*)?(?:【(?:答案)?(?:解析|解答)】(?(bold)\*\*)|(?:(?:答案)?解析|解答"
    r"|Explanation|EXPLANATION)" + _CLOSE
    + r"|(?m:^)[ \t]{0,3}#{1,6}[ \t]{1,2}(?:答案)?(?:解析|Explanation)[ \t]*(?=\n))"  # a heading "### 解析"
)


@dataclass(frozen=True)
class Marker:
    """A marker pattern with the words one of which each of its matches holds, at most
    ``reach`` characters after the match starts: :meth:`search` looks for the first word
    (the regex engine skips to it at C speed, where the marker's pattern is tried at every
    position) and searches the pattern from ``reach`` before it.  The matches are
    ``pattern``'s, found from ``pos`` as ``pattern.search`` finds them."""

    pattern: re.Pattern[str]
    words: re.Pattern[str]
    reach: int

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        word = self.words.search(text, pos, endpos)
        return None if word is None else self.pattern.search(text, max(pos, word.start() - self.reach), endpos)

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        """As ``pattern.finditer`` (a marker is never empty: the next is looked for where one ends)."""
        while (found := self.search(text, pos, endpos)) is not None:
            yield found
            pos = found.end()


# Every answer marker holds 答, [Aa]nswer/ANSWER or Ans/ANS before its colon or dot: furthest from
# its start, 13 characters in, the
# "n" of "__Suggested Answers__" (reach 18 leaves a margin; tests/unit/test_marker_search.py checks)
ANSWER = Marker(ANSWER_MARK, re.compile(r"答|nswer|NSWER|(?:[Aa]ns|ANS)(?=\*{0,2}[ \t]{0,3}[.:：])"), 18)
# and every explanation marker 解 or Explanation/EXPLANATION: "   ###### 答案解析" has it furthest, 13 in
EXPLANATION = Marker(EXPLANATION_MARK, re.compile("解|xplanation|XPLANATION"), 13)
# The answer written in the stem's brackets, "下列哪個是水果（ B ）" or "地球是圓的（√）".
_JUDGE_TOKENS = "√|×|✓|✗|✔|✘|✅|❌|對|对|錯|错|正確|正确|錯誤|错误"
JUDGE_CODES = ("0", "1")  # a judge answer written as a code: which is true, the bank does not say
def _in_brackets(answer: str) -> re.Pattern[str]:
    return re.compile(rf"[（(][ \t　]{{0,4}}(?P<a>{answer})[ \t　]{{0,4}}[）)]")


BRACKET_ANSWER = _in_brackets(rf"[{LETTER}{WIDE}]{{1,8}}|{_JUDGE_TOKENS}")
_BRACKET_TRIES = 8
BLANKED = "（　）"  # what a bracket answer leaves in the stem, so the stem does not give it away
# "(√) 地球是圓的": a judge answer written before the statement.
JUDGE_PREFIX = re.compile(r"[ \t]{0,4}[（(][ \t]{0,2}(?P<a>[√×✓✗✔✘])[ \t]{0,2}[）)]")
# Markdown task lists: "- [x] 正確的選項", "- [ ] 錯誤的選項" (an option letter may follow).
TASK_ITEM = re.compile(rf"(?m)^[ \t]*[-*+][ \t]+\[(?P<box>[ xX])\][ \t]*(?:[{LETTER}{WIDE}][ \t]*[.．、:：)）][ \t]*)?")

# Option labels: "A." "A．" "A、" "Ａ．" "(A)" "（A）" anywhere, "A " only at a line start.
OPTION_LABEL = re.compile(  # the lookahead, each label's possible first characters, makes the scan quick
    rf"(?=[(（{LETTER}{WIDE} \t])(?:"
    rf"[(（]\s*(?P<p>[{LETTER}{WIDE}])\s*[)）]|(?P<d>[{LETTER}{WIDE}])\s*[.．、]"
    rf"|(?m:^[ \t]*(?P<s>[{LETTER}])[ \t]+)(?![a-z]))"
)  # (a letter and a blank before a lower-case word is an English stem's article: "A company wants …")
# "A 甲   B 乙": a letter and blanks, several to a line ("A " alone opening a line is classic)
SPACED_LABEL = re.compile(rf"(?:(?<=[ \t])|(?m:^))(?P<d>[{LETTER}])[ \t]+(?=[^\sa-z])")
_SPACED_OR_CLASSIC = re.compile(f"{SPACED_LABEL.pattern}|{OPTION_LABEL.pattern.replace('?P<d>', '?P<c>')}")
_LETTERS = re.compile(f"[{LETTER}]")
_BRACKETED = re.compile(r"[(（【\[][ \t]*(?P<inner>[^()（）【】\[\]\n]{1,40}?)[ \t]*[)）】\]]")
CHOICE_ANSWER = re.compile(rf"[{LETTER}{LOWER}\s、,，.．;；/和及]+")
_TRUE = {"√", "✓", "✔", "✅", "對", "对", "正確", "正确", "是", "T", "TRUE", "Y", "YES", "V"}
_FALSE = {"×", "✗", "✘", "❌", "X", "錯", "错", "錯誤", "错误", "否", "F", "FALSE", "N", "NO"}
# (each alternative opens with a character of its own, not a repeat: the engine then skips to those)
_UNDERSCORES = re.compile(r"__+|＿＿+")
_EMPTY_BRACKETS = re.compile(r"（\s*[)）]|\(\s*[)）]")
BLANK = re.compile(f"{_UNDERSCORES.pattern}|{_EMPTY_BRACKETS.pattern}")
# Inline code ("`f()`"): its empty brackets are a call, not a blank (underscores in it still are:
# "`________`" is how Markdown banks keep a blank from turning into emphasis)
_INLINE_CODE = re.compile(r"`[^`\n]{1,200}`")
# A choice answer written in words: "全选（6 个文件都被修改）" (every option), or words that name
# the letters, "前三个（A、B、C）和最后一个（E）"
ALL_CHOSEN = re.compile(r"[ \t]*(?:全[选選]|都[选選]|全部[选選]项|全部[选選]項|[Aa]ll of them)")
NAMED_LETTER = re.compile(rf"(?<![A-Za-z0-9_])[{LETTER}](?![A-Za-z0-9_])")
# "B?", "B或C": words in doubt name no answer
DOUBT = re.compile(r"[?？]|[或还還]是?|可能|(?<![A-Za-z])or(?![A-Za-z])", re.IGNORECASE)
# for str.translate: "Ｇ" -> "G", "ｇ" -> "g"
FULLWIDTH_LETTERS = str.maketrans({chr(ord(c) + 0xFEE0): c for c in OPTION_LETTERS + OPTION_LETTERS.lower()})


@dataclass(frozen=True)
class Fields:
    type: QuestionType | None  # None: to be inferred by the caller
    exam_tags: tuple[str, ...]
    stem: str
    options: tuple[Option, ...]
    answer_text: str | None
    explanation: str


# Options quoted in a Markdown blockquote ("> A. 甲"), and the quote's mark at each line start
# (after a line break: the text after a number opens on the number's line, "1.>A." quotes nothing)
QUOTED_OPTION = re.compile(rf"(?<=\n)[ \t]{{0,3}}>[ \t]{{0,3}}"
                           rf"(?:[(（][{LETTER}{WIDE}][)）]|[{LETTER}{WIDE}][.．、:：)）])")
QUOTE_LEAD = re.compile(r"(?<=\n)[ \t]{0,3}>[ \t]?")


# `mkdocs serve` reads the whole bank again at every edit, and all its questions but one are the
# same text as before: each split is kept (bounded; a pure function of its arguments, which
# are immutable, as is what it returns).  bench_layouts clears it before each reading it times.
SPLITS_KEPT = 20_000


@lru_cache(maxsize=SPLITS_KEPT)
def split_question(body: str, default_type: QuestionType | None, labels: re.Pattern[str] | None = None,
                   answer_style: str = "marker", judged: str | None = None) -> Fields:
    """Split the text that follows a question number into its fields.

    ``labels`` are the option labels the bank's layout uses, ``answer_style`` where it
    writes answers besides markers (``bracket``; task lists are always read), ``judged``
    a judge answer written before the number ("(√)1. 陳述").
    """
    qtype = default_type
    if ">" in body and QUOTED_OPTION.search(body):  # "> A. 甲": the quote's marks are no text of the fields
        body = QUOTE_LEAD.sub("", body)
    bracket = TYPE_BRACKET.match(body)
    if bracket:
        qtype = type_from_words(bracket.group(1))
        body = body[bracket.end() :]
    tags = []
    prefix = judged
    if judge := JUDGE_PREFIX.match(body):  # "(√) statement"
        prefix, body = judge.group("a"), body[judge.end() :]
    while tag := EXAM_TAG.match(body):
        tags.append(tag.group(1).strip())
        body = body[tag.end() :]

    answer_mark = _marker(ANSWER, body)
    explanation_mark = _marker(EXPLANATION, body, answer_mark.end() if answer_mark else 0)
    first_mark = answer_mark or explanation_mark  # the explanation is looked for after the answer
    end_of_question = _line_lead(body, first_mark.start()) if first_mark else len(body)
    question_part = body[:end_of_question]
    answer_text = None
    if answer_mark:
        answer_end = _line_lead(body, explanation_mark.start()) if explanation_mark else len(body)
        answer_text = body[answer_mark.end() : answer_end].strip()
    explanation = body[explanation_mark.end() :].strip() if explanation_mark else ""
    if explanation_mark:  # "_解析：…_"
        explanation = _closed(explanation, _emphasis(body[_line_lead(body, explanation_mark.start()):
                                                           explanation_mark.start()]))
    if answer_mark and answer_text:  # "*Answer: B*"
        answer_text = _closed(answer_text, _emphasis(body[_line_lead(body, answer_mark.start()):answer_mark.start()]))
    if answer_mark and answer_text and answer_mark.group().count("**") % 2:  # "**答案：B**"
        first, newline, rest = answer_text.partition("\n")
        answer_text = first.rstrip().removesuffix("**").rstrip() + newline + rest
    if answer_text and (marked := _marked_letters(answer_text)) is not None:
        answer_text, rest = marked
        explanation = explanation or rest
    elif answer_text and not explanation_mark:
        answer_text, explanation = _answer_line(answer_text)

    if answer_text is None and prefix is not None:
        answer_text = prefix
    choice_expected = qtype is not None and qtype.is_choice
    stem, options = split_options(question_part, allow_single=choice_expected, labels=labels)
    if options and (label := _label_after(options[-1].text)):  # "__Question Options__" after the last
        last = options[-1]
        options = (*options[:-1], Option(last.label, last.text[: label.start()].strip()))
        explanation = f"{last.text[label.start():].strip()}\n\n{explanation}".strip()
    numbered_answer = answer_text is not None and NUMBER_ANSWER.fullmatch(answer_text.strip()) is not None
    named = NUMBER_AND_TEXT.fullmatch(answer_text.strip()) if answer_text is not None and not options else None
    numbered = numbered_options(question_part, numbered_answer) if not options else None
    if not options and named is not None and not numbered_answer:
        # "Answer: 4. Engineering Drawing" names option 4 of a list at the line starts if its text is that
        flush, k = numbered_options(question_part, True), int(named["n"]) - 1
        if flush is not None and k < len(flush[1]) and flush[1][k].text == named["text"].strip():
            numbered, answer_text = flush, OPTION_LETTERS[k]
    if numbered is not None:  # "   1. 甲"
        stem, options = numbered
        if answer_text is not None and numbered_answer:  # "答案：1, 3"
            answer_text = "".join(OPTION_LETTERS[int(n) - 1] for n in re.findall(r"\d", answer_text)
                                  if int(n) <= len(options))
    if answer_text is None and (verdicts := _verdict_marked(options)) is not None:  # "B. … (Correct)"
        options, answer_text = verdicts
    ticked = task_options(question_part)
    if ticked is not None:
        stem, options, letters = ticked
        answer_text = answer_text if answer_text is not None else letters or None
    elif not options and (listed := marked_list(question_part)) is not None:  # "* **Retirement**", "✅ …"
        stem, options = listed.stem, listed.options
        answer_text = answer_text if answer_text is not None else listed.letters
        explanation = explanation or listed.after
    elif answer_text is None and answer_style == "bracket":
        found = bracket_answer(question_part, choice_expected, labels)
        if found is not None:
            stem, options, answer_text = found
    elif answer_text is None and not options and (judged_in := _judge_in_brackets(stem)) is not None:
        stem, answer_text = judged_in  # "地球是圆的。（ √ ）" in a bank that writes markers elsewhere
    if answer_text and not explanation and not options and "\n\n" in answer_text.strip() and has_blank(stem):
        # a blank's answer is its first paragraph: what follows a blank line explains it ("记忆性知识点")
        answer_text, _, explanation = answer_text.strip().partition("\n\n")
        answer_text, explanation = answer_text.strip(), explanation.strip()
    return Fields(qtype, tuple(tags), stem.strip(), options, answer_text, explanation)


# An option's verdict at its end, "B. 0.8 (Correct)" "C. 0.2 (Incorrect)": the group names the right ones
_VERDICT = re.compile(r"[ \t]*[(（][ \t]{0,2}(?:(?P<right>Correct|CORRECT|正确|正確)|Incorrect|INCORRECT|错误|錯誤)"
                      r"[ \t]{0,2}[)）]\Z")


def _verdict_marked(options: tuple[Option, ...]) -> tuple[tuple[Option, ...], str] | None:
    """Options that each end in a verdict, one at least right, without their verdicts, and the
    letters of the right ones; ``None`` unless every option has one (a bank that marks its
    options so marks them all: one "(correct)" inside an option's text is that text)."""
    verdicts = [_VERDICT.search(o.text) for o in options]
    if not options or None in verdicts or not any(v["right"] for v in verdicts if v):
        return None
    return (tuple(Option(o.label, o.text[: v.start()]) for o, v in zip(options, verdicts, strict=True) if v),
            "".join(o.label for o, v in zip(options, verdicts, strict=True) if v and v["right"]))


# A line of nothing but a bold label ("__Question Options__", "**Notes**"): a block of its own, so
# after the options it is no part of the last one
LABEL_LINE = re.compile(r"(?m)^[ \t]{0,3}(?P<o>__|\*\*)[^\n_*]{1,60}(?P=o)[ \t]*$")


def _label_after(option: str) -> re.Match[str] | None:
    """A :data:`LABEL_LINE` on a line after the option's first (``A. **0**`` is a bold option)."""
    first_break = option.find("\n")
    return LABEL_LINE.search(option, first_break + 1) if first_break >= 0 else None


# "- B - Correct": an item of an answer list that names every option and marks the right ones
_MARKED_ITEM = re.compile(rf"[ \t]{{0,8}}[-*+][ \t]{{1,4}}(?P<l>[{LETTER}])[ \t]{{0,4}}"
                          r"(?P<mark>(?:[-–—:：(（][ \t]{0,4})?"
                          r"(?:Correct|correct|CORRECT|正确|正確|✓|✔|√)[)）]?)?[ \t]*")


def _marked_letters(text: str) -> tuple[str, str] | None:
    """``"- A\n- B - Correct\n- C"`` -> ``("B", text after the list)``; ``None`` unless the answer
    opens with such a list with at least one item marked."""
    lines = text.split("\n")
    letters, k = "", 0
    for k, line in enumerate(lines):  # noqa: B007  (k: where the list ends)
        item = _MARKED_ITEM.fullmatch(line)
        if item is None:
            break
        letters += item["l"] if item["mark"] else ""
    else:
        k = len(lines)
    if not letters:
        return None
    return letters, "\n".join(lines[k:]).strip()


# A question in parts, each under a heading "--name--" (freeCodeCamp's quizzes): "--text--" the
# stem, "--distractors--" the wrong options between "---" lines, "--answer--" the right one
PART_HEADING = re.compile(r"(?m)^[ \t]{0,3}#{1,6}[ \t]{1,4}--(?P<name>[a-z]{1,20})--[ \t]*$\n?")
PART_TITLE = re.compile(r"--(?:text|distractors|answer)--")  # such a heading is no chapter
_PART_RULE = re.compile(r"(?m)^[ \t]{0,3}-{3,}[ \t]*$")


def part_question(body: str) -> Fields | None:
    """The fields of a question written in parts, the right option read last; ``None``
    unless ``body`` has a text and an answer part."""
    if "--text--" not in body:  # the quick test: most questions have no parts
        return None
    marks = list(PART_HEADING.finditer(body))
    parts: dict[str, str] = {}
    others = [body[: marks[0].start()] if marks else body]
    for i, mark in enumerate(marks):
        text = body[mark.end() : marks[i + 1].start() if i + 1 < len(marks) else len(body)].strip()
        if PART_TITLE.fullmatch(f"--{mark['name']}--") and mark["name"] not in parts:
            parts[mark["name"]] = text
        else:  # hints, explanations: kept, after the answer
            others.append(body[mark.start() : mark.end()] + text)
    if "text" not in parts or "answer" not in parts:
        return None
    wrong = [t.strip() for t in _PART_RULE.split(parts.get("distractors", "")) if t.strip()]
    if len(wrong) >= len(OPTION_LETTERS):
        return None
    options = tuple(Option(OPTION_LETTERS[i], t) for i, t in enumerate([*wrong, parts["answer"]])) if wrong else ()
    answer = options[-1].label if options else parts["answer"]
    stem = f"{others[0].strip()}\n\n{parts['text']}".strip()
    return Fields(None, (), stem, options, answer, "\n\n".join(o.strip() for o in others[1:]))


# Options numbered 1., 2. … in a list indented under the stem, and an answer naming them
_NUMBER = f"[1-{len(OPTION_LETTERS)}]"
NUMBERED_OPTION = re.compile(rf"(?m)^[ \t]{{1,12}}(?P<n>{_NUMBER})[.．、)）][ \t]+")
# ... or not indented, under a stem whose answer names one by its number ("Answer: 2")
FLUSH_NUMBERED_OPTION = re.compile(rf"(?m)^[ \t]{{0,12}}(?P<n>{_NUMBER})[.．、)）][ \t]+")
# ... or by its number and its text ("Answer: 4. Engineering Drawing")
NUMBER_AND_TEXT = re.compile(rf"(?P<n>{_NUMBER})[.．、)）][ \t]+(?P<text>[^\n]+)")
NUMBER_ANSWER = re.compile(rf"{_NUMBER}(?:[ \t]{{0,2}}[,，、和/][ \t]{{0,2}}{_NUMBER}){{0,{len(OPTION_LETTERS) - 1}}}")


def numbered_options(text: str, flush: bool = False) -> tuple[str, tuple[Option, ...]] | None:
    """Stem and options of an indented list numbered from 1 (at least two items), or ``None``;
    with ``flush``, a list at the line starts counts too."""
    if not flush and not (text.startswith((" ", "\t")) or "\n " in text or "\n\t" in text):  # no indented line
        return None
    items: list[re.Match[str]] = []
    for match in (FLUSH_NUMBERED_OPTION if flush else NUMBERED_OPTION).finditer(text):
        if int(match["n"]) != len(items) + 1:
            break
        items.append(match)
    if len(items) < 2:
        return None
    ends = [m.start() for m in items[1:]] + [len(text)]
    options = tuple(Option(OPTION_LETTERS[k], text[m.end() : ends[k]].strip()) for k, m in enumerate(items))
    return text[: items[0].start()], options


def _answer_line(text: str) -> tuple[str, str]:
    """``"D\n\nWithin the function…"`` -> ``("D", "Within the function…")``: an answer line of
    option letters or a judge token ends at its line, and the text after it explains it."""
    first, newline, rest = text.partition("\n")
    if newline and rest.strip() and (choice_letters(first) or judge_value(first) is not None):
        return first.strip(), rest.strip()
    return text, ""


def _marker(marker: Marker, body: str, pos: int = 0) -> re.Match[str] | None:
    """The first of ``marker`` in ``body`` from ``pos``, but at ``body``'s start one that only a
    line start allows ("答案 B", "### 解析"): ``body`` opens on its number's line."""
    found = marker.search(body, pos)
    if found is not None and found.start() == 0 and not marker.pattern.match(" " + body, 1):
        found = marker.search(body, 1)
    return found


def _line_lead(text: str, offset: int) -> int:
    """Where the Markdown lead of a marker's line starts ("#### 答案：D", "> 解析：", "* 答案：B",
    "*Answer: B*"), or ``offset``.  ``text`` opens on its number's line, so a lead at its start is
    the stem ("1. - 答案：B")."""
    start = offset
    while start > 0 and offset - start < 16 and text[start - 1] in "#>*_-+ \t":
        start -= 1
    line_start = start > 0 and text[start - 1] == "\n"
    return start if line_start and text[start:offset].strip(" \t") else offset


def _emphasis(lead: str) -> str:
    """The italic opener of a marker's line ("*Answer: B*", "_解析：…_"), or ""."""
    opener = lead.strip("#>-+ \t")
    return opener if opener in ("*", "_") and lead.endswith(opener) else ""


def _closed(text: str, opener: str) -> str:
    """``text``'s first line without the italic closer matching ``opener``."""
    first, newline, rest = text.partition("\n")
    return first.rstrip().removesuffix(opener).rstrip() + newline + rest if opener else text


def has_task_list(text: str) -> bool:
    """Whether :func:`task_options` finds options in ``text``, without making them."""
    return "[" in text and 2 <= sum(1 for _ in TASK_ITEM.finditer(text)) <= len(OPTION_LETTERS)


def task_options(text: str) -> tuple[str, tuple[Option, ...], str] | None:
    """Stem, options and ticked letters of a Markdown task list, or ``None`` without one."""
    if "[" not in text:  # the quick test: every item has its box
        return None
    items = list(TASK_ITEM.finditer(text))
    if len(items) < 2 or len(items) > len(OPTION_LETTERS):
        return None
    options, letters = [], ""
    for i, item in enumerate(items):
        end = items[i + 1].start() if i + 1 < len(items) else len(text)
        options.append(Option(OPTION_LETTERS[i], text[item.end() : end].strip()))
        letters += OPTION_LETTERS[i] if item.group("box") in "xX" else ""
    return text[: items[0].start()], tuple(options), letters


def bracket_answer(text: str, choice_expected: bool, labels: re.Pattern[str] | None = None
                   ) -> tuple[str, tuple[Option, ...], str] | None:
    """Stem (the answer blanked), options and answer when the stem's brackets hold it.

    A bracket counts when, blanked, the options still read A, B … after it: so an
    option written ``(B)`` is never taken for an answer.
    """
    for k, match in enumerate(BRACKET_ANSWER.finditer(text)):
        if k == _BRACKET_TRIES:  # each try splits the text again: a bounded number keeps it linear
            break
        trial = text[: match.start()] + BLANKED + text[match.end() :]
        stem, options = split_options(trial, allow_single=choice_expected, labels=labels)
        value = match.group("a")
        if options and len(stem) > match.start() and choice_letters(value):
            return stem, options, value
        if not options and judge_value(value) is not None:
            return trial, (), value
    return None


_JUDGE_BRACKET = _in_brackets(_JUDGE_TOKENS)  # a judgement alone: a letter could be an option's


def _judge_in_brackets(stem: str) -> tuple[str, str] | None:
    """A statement's judgement in its last brackets (√ × 对 错 正确 错误: no letter, which could be
    an option's), and the statement with them blanked; ``None`` without."""
    found = list(_JUDGE_BRACKET.finditer(stem))
    if not found or stem[found[-1].end():].strip().strip("。.！!"):
        return None
    last = found[-1]
    return stem[: last.start()] + BLANKED + stem[last.end():], last["a"]


# A list item's number or bullet before a label, ending where the label starts ("1.   A、甲", "- B. 乙")
_ITEM_LEAD = re.compile(r"\n[ \t]{0,12}(?:\d{1,2}[.．]|[-*+])[ \t]{1,6}(?:\*\*)?$")


def split_options(text: str, allow_single: bool = False, labels: re.Pattern[str] | None = None
                  ) -> tuple[str, tuple[Option, ...]]:
    """Split ``text`` into the stem and options labelled A, B, C ... in sequence.

    Labels are taken in order, each the first of its letter after the previous one,
    which keeps glued options such as ``A.3B.6C.12D.24`` or ``B.p_trueC.1p_true``
    apart without cutting inside option text.
    """
    found, chosen = _in_sequence(text, labels or OPTION_LABEL)
    if len(chosen) < 2 and chosen and _starts_line(text, chosen[0][0].start()) and labels is not _SPACED_OR_CLASSIC:
        # "A 平衡性 B 协调性" in a bank that writes "A.": once "A " opens a line, letters
        # set off by blanks after it are labels too (scanned only then: a stem's "A or B" is not)
        spaced_found, spaced = _in_sequence(text, _SPACED_OR_CLASSIC, chosen[0][0].start())
        if len(spaced) > len(chosen):
            found, chosen = spaced_found, spaced
    # Options one per line but out of order (B, A, C, D), or with one left out (A, B, D: a
    # forgotten option): taken as written, since the sequence above would glue some of them
    # to their neighbours' text.
    # (Only when some label is out of the sequence: else the lines hold no more labels than it.)
    # (a label after a tab opens a column of a line as well)
    lines = [(m, letter) for m, letter in found if _starts_line(text, m.start()) or _after_tab(text, m.start())
             ] if len(found) > len(chosen) else []
    if len(lines) > len(chosen) and (sorted(letter for _, letter in lines) == list(OPTION_LETTERS[: len(lines)])
                                     or _rising_with_gaps([letter for _, letter in lines])):
        chosen = lines
    chosen = _with_bare_ends(text, found, chosen)
    if len(chosen) < 2 and not (allow_single and chosen):
        return text, ()
    chosen = _with_bare_labels(text, chosen)
    ends = [match.start() for match, _ in chosen[1:]] + [len(text)]
    # in a list ("1.   A、甲" "2.   B、乙", "- A. 甲") the item's number or bullet leads each label
    ends = [_before_item_lead(text, end) for end in ends]
    stem = text[: _before_item_lead(text, chosen[0][0].start())]
    return stem, tuple(Option(letter, text[match.end() : end].strip())
                       for (match, letter), end in zip(chosen, ends, strict=True))


def _before_item_lead(text: str, end: int) -> int:
    """``end``, or where the list item's number or bullet before it starts (:data:`_ITEM_LEAD`)."""
    lead = _ITEM_LEAD.search(text, max(0, end - 24), end)
    return end - len(lead.group()) if lead else end


# A label whose punctuation was lost, opening a line ("B心脏射血能力"): a letter, then no Latin letter
_BARE = {letter: re.compile(rf"(?m)^[ \t>]{{0,8}}{letter}(?=[^\sA-Za-z.．、:：)）])") for letter in OPTION_LETTERS}


# the same after a tab, where options share a line in columns ("A.武汉\tB.长辛店\tC上海\tD.沙长")
_TABBED_BARE = {letter: re.compile(rf"(?<=\t)[ ]{{0,4}}{letter}(?=[^\sA-Za-z.．、:：)）])")
                for letter in OPTION_LETTERS}
# A label that lost its letter and kept its punctuation, opening a line (") Organ system level")
_LETTERLESS = re.compile(r"(?m)^[ \t>]{0,8}[)）.．、](?=[ \t]{0,4}[^\s.．、)）])")


def _with_bare_labels(text: str, chosen: list[tuple[re.Match[str], str]]) -> list[tuple[re.Match[str], str]]:
    """``chosen`` with each letter left out between two labels opening lines (A, C) found
    without its punctuation at a line start in between ("A.甲" "B乙" "C.丙"), or as punctuation
    without its letter ("A) 甲" "B) 乙" ") 丙"): lost in copying, not a forgotten option, when
    the line says so (the neighbours name the letter)."""
    filled = []
    for k, (match, letter) in enumerate(chosen):
        filled.append((match, letter))
        if k + 1 == len(chosen):
            break
        following, index = chosen[k + 1][0], OPTION_LETTERS.find(letter)
        if OPTION_LETTERS.find(chosen[k + 1][1]) != index + 2:
            continue
        missing = OPTION_LETTERS[index + 1]
        bare = None
        if _starts_line(text, match.start()) and _starts_line(text, following.start()):
            bare = _BARE[missing].search(text, match.end(), following.start()) \
                or _LETTERLESS.search(text, match.end(), following.start())
        elif _after_tab(text, match.start()) or _after_tab(text, following.start()):  # options in tabbed columns
            bare = _TABBED_BARE[missing].search(text, match.end(), following.start())
        if bare is not None:
            filled.append((bare, missing))
    return filled


def _after_tab(text: str, offset: int) -> bool:
    """Whether a tab stands right before ``offset`` (blanks aside): a column of options on a line."""
    while offset > 0 and text[offset - 1] == " ":
        offset -= 1
    return offset > 0 and text[offset - 1] == "\t"


def _with_bare_ends(text: str, found: list[tuple[re.Match[str], str]], chosen: list[tuple[re.Match[str], str]]
                    ) -> list[tuple[re.Match[str], str]]:
    """``chosen`` with a first or last label that lost its punctuation, where the others open
    lines with theirs: the line right before ``B.`` (after the stem) opening with a bare ``A``
    ("A骨髓" over "B.胸腺" "C.腔上囊"), the line right after the last opening with the next
    letter ("C.丙" over "D丁"), as :func:`_with_bare_labels` finds one between."""
    if not chosen:  # no A: the labels opening lines may run B, C, D …
        lines = [(m, letter) for m, letter in found if _starts_line(text, m.start())]
        run = list(takewhile(lambda item: item[1][1] == OPTION_LETTERS[item[0] + 1], enumerate(lines)))
        line = text.rfind("\n", 0, lines[0][0].start()) if len(run) >= 2 else -1
        above = text.rfind("\n", 0, line) + 1 if line > 0 else 0
        first = _BARE["A"].match(text, above) if above > 0 and text[:above].strip() else None
        if first is None or first.end() > line:
            return chosen
        chosen = [(first, "A"), *(item for _, item in run)]
    index = OPTION_LETTERS.find(chosen[-1][1]) + 1 if len(chosen) >= 2 else len(OPTION_LETTERS)
    line = text.find("\n", chosen[-1][0].end()) if index < len(OPTION_LETTERS) else -1
    # (the line after the last label first: it seldom opens with a letter, and every choice question asks)
    last = _BARE[OPTION_LETTERS[index]].match(text, line + 1) if line >= 0 else None
    if last is None or "\n" in text[line + 1 : last.start()] \
            or not all(_starts_line(text, m.start()) for m, _ in chosen):
        return chosen
    return [*chosen, (last, OPTION_LETTERS[index])]


def _in_sequence(text: str, labels: re.Pattern[str], start: int = 0
                 ) -> tuple[list[tuple[re.Match[str], str]], list[tuple[re.Match[str], str]]]:
    """All labels from ``start``, and those taken in order A, B, C … (each the first of its
    letter after the previous one)."""
    found = [(m, _letter(m)) for m in _labels_outside_tables(text, labels, start)]
    chosen: list[tuple[re.Match[str], str]] = []
    expected, after = "A", 0  # the next letter, and where the last label taken ends
    for match, letter in found:
        if letter == expected and match.start() >= after:
            chosen.append((match, letter))
            expected, after = OPTION_LETTERS[len(chosen) : len(chosen) + 1], match.end()
    return found, chosen


def _labels_outside_tables(text: str, labels: re.Pattern[str], start: int = 0) -> Iterator[re.Match[str]]:
    """The labels from ``start`` that are not inside a Markdown table: "| ① X | A. 職責 |" is a
    cell of a matching question, not option A.  Found as they are asked for (:func:`has_options`
    stops at the first B)."""
    found = labels.finditer(text, start)
    tables = pipe_tables(text) if "|" in text else []
    if not tables:
        return found
    return _outside(found, tables)


def _outside(found: Iterator[re.Match[str]], tables: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
    t = 0
    for match in found:  # both in text order: one pass
        while t < len(tables) and tables[t][1] <= match.start():
            t += 1
        if t == len(tables) or match.end() <= tables[t][0]:
            yield match


def _rising_with_gaps(letters: list[str]) -> bool:
    """A, B, D or A, C, D: rising from A, never more than one letter left out at a time."""
    steps = [OPTION_LETTERS.find(b) - OPTION_LETTERS.find(a) for a, b in pairwise(letters)]
    return bool(letters) and letters[0] == "A" and all(step in (1, 2) for step in steps)


def has_options(text: str, labels: re.Pattern[str] | None = None) -> bool:
    """Whether :func:`split_options` finds options in ``text``; quicker, as the parser asks
    it of every candidate question."""
    if not _LABEL_LETTER.search(text):  # the quick test: every label form has its letter
        return False
    found, expected = 0, "A"
    for match in _labels_outside_tables(text, labels or OPTION_LABEL):
        found += 1
        if _letter(match) == expected:
            if expected == "B":
                return True
            expected = "B"
    return found >= 2 and bool(split_options(text, labels=labels)[1])  # options out of order


_LABEL_LETTER = re.compile(f"[{LETTER}{LOWER}{WIDE}]")


def _starts_line(text: str, offset: int) -> bool:
    while offset > 0 and text[offset - 1] in " \t":
        offset -= 1
    return offset == 0 or text[offset - 1] == "\n"


def _letter(match: re.Match[str]) -> str:
    # the letter is the last group a label closes, whichever form it is (generator.read.text.layout)
    letter = match[match.lastgroup or 0]
    return ASCII_LETTER.get(letter) or letter.translate(FULLWIDTH_LETTERS).upper()


ASCII_LETTER = {c: c for c in OPTION_LETTERS}  # a label's letter in the common case, found without translating


def type_from_words(words: str) -> QuestionType | None:
    """The question type named in ``words`` (a bracket or a heading), if any."""
    for keyword, qtype in TYPE_KEYWORDS:
        if keyword in words:
            return qtype
    return None


# An English heading naming a type, the whole heading ("### Short Answer"); "Multiple Choice"
# is no such name: English banks call their single-answer questions so.
_ENGLISH_TYPE_HEADING = re.compile(
    r"(?i)[ \t]*(?:part[ \t]+[\dA-Z]{1,3}[ \t]*[:：.\-–—][ \t]*)?"
    r"(?P<t>short[ \t-]answers?|essays?|true[ \t]*(?:or|/|and)[ \t]*false|fill[ \t-]in[ \t-]the[ \t-]blanks?)"
    r"(?:[ \t]+questions?)?[ \t]*[:：]?[ \t]*"
)


def type_from_heading(title: str) -> QuestionType | None:
    """The type a section heading names: Chinese words anywhere in it (``二、多选题``), or an
    English name as the whole heading (``Short Answer``, ``True or False``)."""
    named = type_from_words(title)
    if named is not None or (english := _ENGLISH_TYPE_HEADING.fullmatch(title)) is None:
        return named
    word = english["t"].lower()
    return _T.SHORT if word.startswith(("short", "essay")) else _T.JUDGE if word.startswith("true") else _T.FILL


_FENCED = re.compile(r"[ \t\n]*```[A-Za-z]{0,12}[ \t]*\n([^`\n]{0,60})\n```[ \t\n]*")


def unfenced(text: str) -> str:
    """An answer a bank set in a code block of one short line ("```\nC\n```") -> "C" (or "")."""
    fenced = _FENCED.fullmatch(text)
    return fenced.group(1).strip() if fenced else text


def infer_type(options: tuple[Option, ...], answer_text: str | None, stem: str) -> QuestionType:
    """Guess the type of a question whose bank does not say it."""
    written = unfenced(answer_text or "")
    # "- [ ] True / - [x] False", "A. 正确 B. 错误" answered "A": a statement to judge
    if len(options) == 2 and {_judge_word(o.text) for o in options} == {True, False}:
        return QuestionType.JUDGE
    if options:
        letters = choice_letters(written) or worded_letters(written, options)
        return QuestionType.MULTIPLE if letters and len(letters) > 1 else QuestionType.SINGLE
    if judge_value(written) is not None:
        return QuestionType.JUDGE
    if has_blank(stem):
        return QuestionType.FILL
    return QuestionType.SHORT


def has_blank(text: str) -> bool:
    """Whether ``text`` leaves a blank to fill: ``____`` anywhere, ``（  ）`` outside inline code."""
    outside_code = _INLINE_CODE.sub("`", text) if "`" in text else text
    return bool(_UNDERSCORES.search(text) or _EMPTY_BRACKETS.search(outside_code))


def worded_letters(text: str, options: tuple[Option, ...]) -> str | None:
    """The letters of a choice answer written in words ("全选", "前三个（A、B、C）和最后一个（E）"),
    or ``None`` when the words name no option of ``options`` or show doubt ("B或C？")."""
    labels = "".join(o.label for o in options)
    if not labels or DOUBT.search(text):
        return None
    if ALL_CHOSEN.match(text):
        return "".join(sorted(labels))
    named = set(NAMED_LETTER.findall(text.translate(FULLWIDTH_LETTERS)))
    return "".join(sorted(named)) if named and named <= set(labels) else None


def normalise_answer(qtype: QuestionType, text: str | None, options: tuple[Option, ...]) -> str | None:
    """The answer in the JSON contract's form: ``"BCD"``, ``"true"``/``"false"`` or the text."""
    if text is None or not text.strip():
        return None
    text = unfenced(text)
    if not text:  # an empty code block: no answer
        return None
    if qtype.is_choice:
        return choice_letters(text) or worded_letters(text, options) or text.strip()
    if qtype is QuestionType.JUDGE:
        value = judge_value(text)
        if value is None and options:  # "A.正確 B.錯誤" with answer "A"
            letters = choice_letters(text)
            chosen = next((o.text for o in options if letters == o.label), "")
            value = judge_value(chosen)
        return text.strip() if value is None else "true" if value else "false"
    return text.strip()


LETTER_ANSWER = re.compile(f"[{LETTER}]+")


def is_letter_answer(answer: str | None) -> bool:
    """Whether a normalised answer is option letters (``"BC"``), not text the bank gave."""
    return answer is not None and LETTER_ANSWER.fullmatch(answer) is not None


@lru_cache(maxsize=256)  # asked three times of each question's answer, and "B" of thousands
def choice_letters(text: str) -> str | None:
    """``"B、C"`` -> ``"BC"``; ``None`` when ``text`` is not a list of option letters."""
    text = text.translate(FULLWIDTH_LETTERS).strip().rstrip("。.")
    if (bracketed := _BRACKETED.fullmatch(text)) is not None:  # "(A)", "（B、C）", "【D】"
        text = bracketed["inner"]
    if not text or not CHOICE_ANSWER.fullmatch(text):
        return None
    letters = _LETTERS.findall(text.upper())
    return "".join(sorted(set(letters))) or None


def _judge_word(text: str) -> bool | None:
    """:func:`judge_value` of an option's text, but for a single letter ("x", "T"): one is a value."""
    return judge_value(text) if not re.fullmatch(r"\s*[A-Za-z]\s*", text) else None


def judge_value(text: str) -> bool | None:
    token = text.strip().strip("。.（）()*").upper()  # "**True**" as bold as its marker
    if token in _TRUE:
        return True
    if token in _FALSE:
        return False
    return None
