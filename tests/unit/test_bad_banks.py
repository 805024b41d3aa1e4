"""Banks that arrive broken: each gets its documented behaviour, never a traceback.

The corpus is ``tests/bad_banks/`` (small files, committed); the two big cases are
generated here.  ``python -m generator check BANK`` exits 2 when the bank cannot be
read, 1 when lint finds an error, 0 otherwise.  What each case gets:

``empty.txt``
    Exit 2: ``expected a question bank, found an empty file``.
``binary-garbage.bin`` (4 KB of random bytes)
    Exit 2, naming the first control byte: ``byte N: … found the control byte 0x16, so
    this looks like a binary file``.
``utf16-no-bom.txt``
    Exit 2 the same way (UTF-16 without a byte-order mark is full of NUL bytes).
``mixed-encodings.txt`` (UTF-8, then a question saved as GBK)
    Exit 2 naming the first byte that is not UTF-8 and its line: ``byte 68 (line 6):
    expected one encoding for the whole file … found mixed encodings``.
``mixed-encodings-silent.txt`` (a UTF-8 title line, then a GBK body)
    Exit 2 likewise.  This file decodes as GB18030 without error, so it used to come
    out as mojibake silently (``2025楂樼礆浜哄伐…``); the decoder now refuses a file
    that holds a run of ten or more non-ASCII characters of valid UTF-8 and yet is not
    UTF-8 (GBK text never holds such a run by chance: at most 5 in 200,000 characters).
``headings-only.txt``
    Exit 2: ``expected numbered questions … found no question in 45 characters``.
``empty-chapters.txt`` (headings with no questions between chapters that have some)
    A model: the empty headings become strays "heading with no questions", reported by
    ``check`` as ``info: [stray]`` lines and on the report page; exit 0.
``duplicate-numbers.txt``
    A model; the repeated number gets id ``q2-2`` (ids stay unique) and a
    ``duplicate-number`` warning; exit 0.
``missing-numbers.txt`` (1, 2, 5, 6)
    A model; question 5 gets a ``numbering-gap`` warning naming 3–4; exit 0.
``options-out-of-order.txt`` (options one per line as B, A, C, D)
    A model whose options keep the labels and the order they are written in, each with
    its own text (they used to be glued to their neighbours: ``A: "2\\nC.6\\nD.8"``).
    Each question gets an ``options-out-of-order`` warning naming the order found
    (``B、A、C、D``; ``A、B、D、C``); the answers are judged by label, so no
    ``answer-not-in-options``; exit 0.
``answer-not-in-options.txt``
    A model; each answer naming an absent option (``E``; ``D`` of ``B、D``) gets an
    ``answer-not-in-options`` error; exit 1.
``unterminated-fence.txt`` (an answer's ``` fence never closes; the next fence opens
    another block three questions on)
    A model of all four questions: the open fence is code to the end of its answer,
    and a fence followed by an info-string line (```` ```python ````) opens a block, so
    it does not close the earlier one.  (It used to swallow questions 2 and 3 into
    question 1's code.)  Question 1 gets an ``unterminated-code`` warning naming its
    answer; the others get no flag (question 4 ends the bank complete); exit 0.
10 MB bank (generated: about 19,000 synthetic questions from the bundled bank)
    A model of every question, checked in bounded time; exit 0 (damage warnings only).
A single question of 100 KB (generated)
    A model of one question whose stem and answer keep every character; exit 0.
Hostile sizes (1 MB of unclosed ``<table``, of one repeated number, of one line)
    Linear time: each used to take minutes (quadratic scans), now well under a second.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import main
from generator.pages.chapter import RenderContext, render_chapter
from generator.read.load import load_bank, read_bank
from generator.read.text.parse import parse
from testing.hostile import key_apart
from testing.synthetic import synthetic_bank
from tests.inline_bank import parse_text
from tests.linear import assert_linear
from tests.paths import BAD_BANKS, ROOT

CORPUS = BAD_BANKS


def check(capsys, path: Path) -> tuple[int, str, str]:
    """``python -m generator check`` in this process: any exception would fail the test."""
    status = main(["check", str(path), "--no-errata"])
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("name, found", [
    ("empty.txt", "found an empty file"),
    ("binary-garbage.bin", "so this looks like a binary file"),
    ("utf16-no-bom.txt", "so this looks like a binary file"),
    ("mixed-encodings.txt", "byte 68 (line 6): expected one encoding for the whole file"),
    ("mixed-encodings-silent.txt", "found mixed encodings"),
    ("headings-only.txt", "found no question in 45 characters"),
])
def test_unreadable_banks_exit_2_with_a_message_and_no_traceback(name, found):
    path = CORPUS / name
    result = subprocess.run([sys.executable, "-m", "generator", "check", str(path), "--no-errata"], cwd=ROOT,
                            capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 2, result.stdout
    assert result.stderr.startswith(f"error: {path}") and found in result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


def test_mixed_encodings_silent_would_have_decoded_as_gb18030():
    data = (CORPUS / "mixed-encodings-silent.txt").read_bytes()
    assert data.decode("gb18030").startswith("2025楂樼")  # why the decoder must refuse it


def test_pure_gbk_bank_is_read_as_gb18030(tmp_path):
    path = tmp_path / "gbk.txt"
    path.write_bytes(((CORPUS / "missing-numbers.txt").read_text(encoding="utf-8") * 200).encode("gbk"))
    bank = read_bank(path)
    assert bank.encoding == "gb18030" and bank.questions[0].stem == "甲是什麼？"


def test_empty_chapters_are_reported_as_strays(capsys):
    status, out, _ = check(capsys, CORPUS / "empty-chapters.txt")
    assert status == 0
    assert "4:1: info: [stray] heading with no questions: '二、深度學習'" in out
    assert "8:1: info: [stray] heading with no questions" in out
    bank = read_bank(CORPUS / "empty-chapters.txt")
    assert [c.title for c in bank.chapters] == ["機器學習", "數據工程"]
    assert [s.text for s in bank.stray] == ["二、深度學習", "第四章　部署"]


def test_duplicate_numbers_get_unique_ids_and_a_warning(capsys):
    status, out, _ = check(capsys, CORPUS / "duplicate-numbers.txt")
    assert status == 0 and "q2-2: warning: [duplicate-number]" in out
    assert [q.id for q in load_bank(CORPUS / "duplicate-numbers.txt").questions] == ["q1", "q2", "q2-2", "q3"]


def test_missing_numbers_get_a_numbering_gap_warning(capsys):
    status, out, _ = check(capsys, CORPUS / "missing-numbers.txt")
    assert status == 0 and "q5: warning: [numbering-gap]" in out and "3–4" in out


def test_options_out_of_order_keep_their_labels_and_texts():
    q1, q2 = read_bank(CORPUS / "options-out-of-order.txt").questions
    assert [(o.label, o.text) for o in q1.options] == [("B", "4"), ("A", "2"), ("C", "6"), ("D", "8")]
    assert [(o.label, o.text) for o in q2.options] == [("A", "1"), ("B", "3"), ("D", "4"), ("C", "5")]
    assert (q1.answer, q2.answer) == ("A", "D")


def test_options_out_of_order_are_flagged_but_their_answers_are_not(capsys):
    status, out, _ = check(capsys, CORPUS / "options-out-of-order.txt")
    assert status == 0
    assert "q1: warning: [options-out-of-order] 第1題" in out and "B、A、C、D" in out
    assert "q2: warning: [options-out-of-order] 第2題" in out and "A、B、D、C" in out
    flags = [f.code for q in load_bank(CORPUS / "options-out-of-order.txt").questions for f in q.flags]
    assert flags == ["options-out-of-order"] * 2


def test_options_in_order_are_still_split_by_sequence():
    q = parse_text("一、甲\n1.（單選）題\nA.3B.6C.12D.24\n答案：B\n").questions[0]
    assert [(o.label, o.text) for o in q.options] == [("A", "3"), ("B", "6"), ("C", "12"), ("D", "24")]


def test_answers_naming_absent_options_are_errors(capsys):
    status, out, _ = check(capsys, CORPUS / "answer-not-in-options.txt")
    assert status == 1
    assert "q1: error: [answer-not-in-options]" in out and "q2: error: [answer-not-in-options]" in out


def test_an_unterminated_fence_keeps_the_questions_after_it(capsys):
    status, out, _ = check(capsys, CORPUS / "unterminated-fence.txt")
    assert status == 0 and "4 questions" in out
    assert "q1: warning: [unterminated-code] 第1題答案" in out
    flags = {q.id: [f.code for f in q.flags] for q in load_bank(CORPUS / "unterminated-fence.txt").questions}
    assert flags == {"q1": ["unterminated-code"], "q2": [], "q3": [], "q4": []}
    q1, q2, q3, q4 = read_bank(CORPUS / "unterminated-fence.txt").questions
    assert q1.answer_text is not None
    assert q1.answer_text.startswith("```python\ndef add") and "2.（單選）" not in q1.answer_text
    assert (q2.answer, q3.answer_text.endswith("print(i)\n```"), q4.answer) == ("A", True, "true")


@pytest.mark.slow
def test_a_10_mb_bank(tmp_path, capsys):
    path = tmp_path / "big.txt"
    path.write_text(synthetic_bank(19000), encoding="utf-8")
    assert path.stat().st_size > 10_000_000
    status, out, _ = check(capsys, path)
    assert status == 0 and out.startswith(f"{path}: 19000 questions in 380 chapters")


def test_a_single_question_of_100_kb(tmp_path, capsys):
    paragraph = "在千億參數模型訓練中使用FSDP時，如何減少峰值顯存？請說明 (A) 與 [B] 的差別；x<y & z>0。\n"
    stem = paragraph * (100_000 // len(paragraph.encode()) + 1)
    answer = "```python\n" + "x = model(x)  # 前向\n" * 2000 + "```\n" + "解釋" * 5000
    path = tmp_path / "long.txt"
    path.write_text(f"一、長題\n1.（簡答）{stem}答案：{answer}\n", encoding="utf-8")
    assert path.stat().st_size > 100_000
    status, out, _ = check(capsys, path)
    assert status == 0 and "1 questions in 1 chapters" in out
    q = read_bank(path).questions[0]
    assert q.stem == stem.strip() and q.answer_text == answer.strip()
    page = render_chapter(read_bank(path), read_bank(path).chapters[0], RenderContext()).markdown
    question, key = key_apart(page)
    assert question.count("x = model(x)  # 前向") == 2000 and key.count("x = model(x)  # 前向") == 2000


def test_question_numbers_past_9999():
    bank = parse_text("一、甲\n9999.（判斷）甲。\n答案：√\n10000.（判斷）乙。\n答案：×\n10001.（判斷）丙。\n答案：√\n")
    assert [q.id for q in bank.questions] == ["q9999", "q10000", "q10001"]


def test_copyright_words_in_a_question_or_code_are_not_page_furniture():
    bank = parse_text("""
        版權所有 © 某網站
        一、法規
        1.（單選）
        下列關於軟件版權所有權的說法，正確的是
        A.甲
        B.乙
        答案：A
        解析：
        ```python
        # Copyright 2024 某公司
        print(1)
        ```
        """)
    q = bank.questions[0]
    assert q.stem == "下列關於軟件版權所有權的說法，正確的是"
    assert "# Copyright 2024 某公司" in q.explanation
    assert bank.stray == () and "版權所有 © 某網站" in bank.preamble


# Hostile shapes, ``n`` units each: the test reads four times as many as the smaller size.
HOSTILE = {
    "unclosed tables": (lambda n: "<table>" * n, 40_000),
    "one number repeated": (lambda n: "1.（單選）A.x B.y 答案：A " * n, 12_000),
    "one line of questions": (lambda n: "".join(f"{k}.（判斷）對。答案：√" for k in range(1, n)), 16_000),
    "unclosed cells": (lambda n: "一、甲\n1.（簡答）題\n答案：<table>" + "<td>格" * n + "</table>\n", 40_000),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", HOSTILE)
def test_hostile_sizes_take_linear_time(name):
    make, n = HOSTILE[name]

    def read_and_render(size):
        try:
            bank = parse(make(size), "hostile.txt", "hostile")
            for chapter in bank.chapters:
                render_chapter(bank, chapter, RenderContext())
        except Exception as error:  # only the documented error is allowed
            assert type(error).__name__ == "ParseError", repr(error)

    assert_linear(read_and_render, n)


def test_check_quotes_at_most_200_characters_of_a_stray_line(tmp_path, capsys):
    path = tmp_path / "bank.txt"
    heading = "# " + "甲" * 5000
    path.write_text(f"# 機器學習\n1.（判斷）甲是甲。\n答案：√\n{heading}\n# 數據工程\n2.（判斷）乙是乙。\n答案：√\n",
                    encoding="utf-8")
    status, out, _ = check(capsys, path)
    (stray,) = [line for line in out.splitlines() if "[stray]" in line]
    assert status == 0 and "(5,002 characters in all)" in stray and len(stray) < 400
