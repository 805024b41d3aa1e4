"""What ``check`` and the exports say about a hostile bank (issue 30): line numbers that match
the file as an editor counts them, terminal escapes shown escaped, no internal markers."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.cli import main

TWO = "一、單項選擇題\n1.（單選）數據{sep}甲\nA.甲\nB.乙\n答案：A\n2.（單選）第二\nA.甲\nB.乙\n"


@pytest.mark.parametrize("sep", ["\f", "\v", "\u2028", "\u2029", "\x85", "\f\n"])
def test_form_feeds_and_line_separators_keep_the_line_numbers_an_editor_shows(tmp_path, capsys, sep):
    bank = tmp_path / "bank.txt"
    bank.write_text(TWO.format(sep=sep), encoding="utf-8")
    main(["check", str(bank)])
    out = capsys.readouterr().out
    lines = bank.read_bytes().split(b"\n")  # what grep -n, sed and an editor's line count go by
    number = next(i for i, line in enumerate(lines, 1) if "2.（單選）".encode() in line)
    assert f"{bank}:{number}:1: q2:" in out, out


@pytest.mark.parametrize("escape", ["\x1b[2J\x1b[H", "\x1b]0;pwned\x1b\\", "\x1b[31m", "\x9b2J", "\u202e"])
def test_check_shows_terminal_escapes_escaped(tmp_path, capsys, escape):
    bank = tmp_path / "bank.txt"
    bank.write_text(f"一、單項選擇題\n1.（單選）數據{escape}很多\nA.甲\nB.乙\n答案：C{escape}\n"
                    f"2.（單選）第二{escape}\nA.甲\nB.乙\n", encoding="utf-8", errors="surrogatepass")
    status = main(["check", str(bank)])
    captured = capsys.readouterr()
    for stream in (captured.out, captured.err):
        assert "\x1b" not in stream and "\x9b" not in stream and "\x07" not in stream and "\u202e" not in stream
    assert status in (1, 2) and ("\\x1b" in captured.out + captured.err or "\\u202e" in captured.out + captured.err
                                 or "\\x9b" in captured.out + captured.err)


def test_the_json_export_carries_formulas_as_dollars_not_internal_markers(tmp_path, capsys):
    bank = tmp_path / "quiz.txt"
    bank.write_text("一、單項選擇題\n1.（單選）數據\nA.甲\nB.乙\n答案：A\n解析：甲。\n", encoding="utf-8")
    bank.with_suffix(".errata.yml").write_text(
        "q1:\n  notes: ['均值 $\\mu$ 與 $$\\sum_i x_i$$，費用 \\$5。']\n  editor_answer: B\n"
        "  explanation: [{replace: '甲。', with: '甲，$x^2$。'}]\n", encoding="utf-8")
    assert main(["export", str(bank), "--format", "json"]) == 0
    out = capsys.readouterr().out
    assert not any(marker in out for marker in ("\\u0002", "\\u0003", "\\u0004", "\\u0005", "\x02", "\x03"))
    q1 = json.loads(out)["chapters"][0]["questions"][0]
    assert q1["notes"] == ["均值 $\\mu$ 與 $$\\sum_i x_i$$，費用 \\$5。"]
    assert q1["explanation"] == "甲，$x^2$。"


def test_the_json_export_reads_back_with_its_formulas(tmp_path, capsys):
    from generator.read.load import load_bank

    bank = tmp_path / "quiz.txt"
    bank.write_text("一、單項選擇題\n1.（單選）數據\nA.甲\nB.乙\n答案：A\n解析：甲。\n", encoding="utf-8")
    bank.with_suffix(".errata.yml").write_text("q1:\n  notes: ['均值 $\\mu$，費用 \\$5。']\n", encoding="utf-8")
    main(["export", str(bank), "--format", "json", "-o", str(tmp_path / "out.json")])
    capsys.readouterr()
    again = load_bank(tmp_path / "out.json")
    assert again.questions[0].notes == load_bank(bank).questions[0].notes


# -- 9. question numbers of 100,000 and more ----------------------------------------------

@pytest.mark.parametrize("marker", ["{n}.", "{n}、", "{n}）", "（{n}）", "第{n}題", "Q{n}.", "題目{n}."])
def test_question_numbers_of_100000_and_more_are_read(tmp_path, marker):
    from generator.read.load import load_bank

    numbers = (99_999, 100_000, 100_001, 1_234_567)
    questions = (f"{marker.format(n=n)}（單選）第{n}道題\nA.甲\nB.乙\n答案：A\n" for n in numbers)
    text = "一、單項選擇題\n" + "".join(questions)
    bank = tmp_path / "bank.txt"
    bank.write_text(text, encoding="utf-8")
    assert [q.number for q in load_bank(bank).questions] == list(numbers)


def test_an_answer_key_reaches_question_100000(tmp_path):
    from generator.read.load import load_bank

    numbers = (99_999, 100_000, 100_001)
    text = ("一、單項選擇題\n" + "".join(f"{n}.（單選）第{n}道題\nA.甲\nB.乙\n" for n in numbers)
            + "參考答案\n" + " ".join(f"{n}.B" for n in numbers) + "\n")
    bank = tmp_path / "bank.txt"
    bank.write_text(text, encoding="utf-8")
    assert [(q.number, q.answer) for q in load_bank(bank).questions] == [(n, "B") for n in numbers]


# -- the corpus files (tests/hostile) -------------------------------------------------------

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"


def test_the_corpus_bank_of_terminal_escapes_is_checked_escaped(capsys):
    main(["check", str(HOSTILE / "terminal_escapes.txt")])
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\\x1b[31m" in out


def test_the_corpus_bank_of_line_breaks_numbers_lines_as_an_editor_does(capsys):
    path = HOSTILE / "line_breaks.txt"
    main(["check", str(path)])
    out = capsys.readouterr().out
    lines = path.read_bytes().split(b"\n")
    number = next(i for i, line in enumerate(lines, 1) if "3.（單選）".encode() in line)
    assert f"{path}:{number}:1: q3:" in out, out


def test_the_corpus_bank_of_big_numbers_keeps_every_question():
    from generator.read.load import load_bank

    assert [q.number for q in load_bank(HOSTILE / "big_numbers.txt").questions] == [99_999, 100_000, 100_001,
                                                                                     1_234_567]
