"""Parse time per bank layout: ``python -m benchmarks.bench_layouts [--questions 20000]``.

For each layout that generator.read.text.layout recognises (those of issue 27 too: sections
opened by numbering that starts again, answers without a colon, numbered options, options with
no punctuation, a key with no label, bold bullet options, unnumbered statements, "ans: B",
options lettered to H; and
the headerless rows of generator.read.sheet.delimited), a bank of that many questions
(five sections, explanations holding numbered lists, the answers inline or in a key at
the end) is made in memory and parsed (layout detection, assembly, key matching: repair
and parse as ``read_bank`` runs them).  Prints the seconds each layout took, on the clock
and of CPU, the best of three runs (the target is judged on CPU time, which other work on a
shared machine inflates less, and on the best run, as timeit does: other work only ever
adds time): under 2 s each for 20,000 questions.  Exit status 1 when a layout parses wrongly
(not every question found whole, or not every answer); time is a figure (``make bench``).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from benchmarks.figures import figure
from generator.bank.fields import split_question
from generator.bank.model import Bank
from generator.read.families import text_bank
from generator.read.sheet.delimited import read_delimited

TARGET = 2.0  # seconds for 20,000 questions
SECTIONS = 5
RUNS = 3


def _choice(number: str, n: int, label: Callable[[str], str], answer: str) -> str:
    options = "\n".join(f"{label(x)}選項{x}{n}" for x in "ABCD")
    return f"{number}下列關於第{n}題的說法正確的是\n{options}\n{answer}解析：\n1. 第一點\n2. 第二點\n"


# name -> question n (1-based within its section) -> text; key(section) -> the key's text or ""
LAYOUTS: dict[str, Callable[[int], str]] = {
    "dot + classic": lambda n: _choice(f"{n}. ", n, lambda x: f"{x}. ", "答案：B\n"),
    "1、 + A、 one line": lambda n: f"{n}、第{n}題A、甲B、乙C、丙D、丁答案：C解析：因為{n}。",
    "(1) + A) ": lambda n: _choice(f"({n}) ", n, lambda x: f"{x}) ", "【答案】B\n"),
    "第1题 + A：": lambda n: _choice(f"第{n}题 ", n, lambda x: f"{x}：", "正确答案：B\n"),
    "Question 1 + **A:**": lambda n: _choice(f"## Question {n}:", n, lambda x: f"**{x}:** ", "**Answer:** B, C\n"),
    "(a) options + bracket answer": lambda n: f"{n}. 第{n}題選哪個（ B ）\n(a) 甲 (b) 乙 (c) 丙\n",
    "task list": lambda n: f"### {n}. 第{n}題\n- [ ] 甲\n- [x] 乙\n- [ ] 丙\n\n",
    "headings, no numbers": lambda n: f"### 問題：哪個是第{n}個\n- [ ] 甲\n- [x] 乙\n- [ ] 丙\n\n",
    "answer key per section": lambda n: _choice(f"{n}. ", n, lambda x: f"{x}. ", ""),
    # issue 27's layouts
    "restarts under date lines": lambda n: _choice(f"{n}. ", n, lambda x: f"{x}. ", "答案：B\n"),
    "答案 B, no colon": lambda n: _choice(f"{n}. ", n, lambda x: f"{x}. ", "#### 答案 B\n"),
    "Question N + 1) options": lambda n: f"Question {n}: 第{n}題問什麼\n1) 甲\n2) 乙\n3) 丙\nAnswer: 2\n",
    "bare options A甲": lambda n: _choice(f"{n}、", n, lambda x: x, "答案：B\n"),
    "key block, no label": lambda n: _choice(f"{n}. ", n, lambda x: f"{x}. ", ""),
    "bold bullet options": lambda n: f"## Question {n}\n\n*選哪個是第{n}題的答案？*\n\n"
                                     "* 甲\n* **乙**\n* 丙\n\n> 因為乙。\n\n",
    "unnumbered statements": lambda n: f"陳述第{n}題是對的。\n正确答案：正确\n解析：因為。\n\n",
    "ans: B, A-E options": lambda n: f"{n}.  Which is right in 第{n}題?\n"
                                     + "".join(f"    {x}.  option {x}\n" for x in "ABCDE") + "    ans: B\n\n",
    "eight options A-H": lambda n: f"{n}. 第{n}題選哪些\n" + "".join(f"{x}. 選項{x}\n" for x in "ABCDEFGH")
                                   + "答案：CGH\n",
}
# Layouts of one question a line, read by generator.read.sheet.delimited: no sections, no preamble
ROWS: dict[str, Callable[[int], str]] = {
    "rows 1|||stem|||对": lambda n: f"{n}|||第{n}題的陳述是對的。|||对\n",
    "tab rows, options @, position": lambda n: f"{n}\t第{n}題選哪個？\t甲@乙@丙@丁\t2\r\n",
}
# The line opening each section, where a layout has its own
SECTION_LINES: dict[str, Callable[[int], str]] = {
    "headings, no numbers": lambda s: f"## 第{s}部分\n",
    "restarts under date lines": lambda s: f"200{s}年4月\n",
    "Question N + 1) options": lambda s: f"Unit {s}\n",
}


def make_bank(layout: str, questions: int) -> str:
    if layout in ROWS:
        return "".join(ROWS[layout](n) for n in range(1, questions // SECTIONS * SECTIONS + 1))
    per_section = questions // SECTIONS
    parts = ["題庫\n考試須知\n1. 本卷共五章\n2. 考試時間120分鐘\n"]
    for s in range(1, SECTIONS + 1):
        parts.append(SECTION_LINES.get(layout, lambda s: f"第{s}章 第{s}部分\n")(s))
        parts += [LAYOUTS[layout](n) for n in range(1, per_section + 1)]
        if layout in ("answer key per section", "key block, no label"):
            entries = " ".join(f"{n}.B" for n in range(1, per_section + 1)) + "\n"
            parts.append(("参考答案\n" if layout == "answer key per section" else "") + entries)
    return "\n".join(parts) + "\n"


def _read(layout: str, text: str) -> Bank:
    """The bank in ``text`` as ``read_bank`` reads it: repaired and parsed, or as rows."""
    if layout in ROWS:
        return read_delimited(text, "bench.txt", "bench")
    return text_bank(text, "bench.txt", "bench")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=20000)
    parser.add_argument("--only", help="the layouts whose names hold this text (all by default)", default="")
    args = parser.parse_args(argv)
    failed = 0
    print(f"{'layout':32} {'questions':>9} {'answers':>8} {'wall s':>7} {'CPU s':>7}")
    for name in [n for n in [*LAYOUTS, *ROWS] if args.only in n]:
        text = make_bank(name, args.questions)
        seconds = cpu = float("inf")
        for _ in range(RUNS):
            split_question.cache_clear()  # each reading splits every question, as a first one does
            start, started = time.perf_counter(), time.process_time()
            bank = _read(name, text)
            seconds, cpu = min(seconds, time.perf_counter() - start), min(cpu, time.process_time() - started)
        answered = sum(q.answer is not None for q in bank.questions)
        whole = sum(q.stem.count("題") == 1 for q in bank.questions)  # none swallowed, no list item taken
        right = len(bank.questions) == args.questions // SECTIONS * SECTIONS == answered == whole
        slow = cpu > TARGET * max(1.0, args.questions / 20000)
        failed += not right
        verdict = "" if right and not slow else "  <- too slow" if right else "  <- parsed wrongly"
        figure(f"parse {args.questions:,} questions: {name}", cpu, "s CPU", f"< {TARGET:g} s at 20,000", not slow)
        print(f"{name:32} {len(bank.questions):>9} {answered:>8} {seconds:>7.2f} {cpu:>7.2f}{verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
