"""The corpus of real public banks (tests/corpus, issue 12): one test per bank.

Each bank is read with the project's reader and compared with its hand-written truth
(question and chapter counts; per question the number, type, option count and answer).
A bank the parser does not read exactly yet carries ``known_gap`` in its truth file and is
an expected failure, strictly: when a parser change makes it pass, the test fails until the
``known_gap`` line is removed, and a bank that passed fails loudly when a change breaks it.
The end of the run prints "corpus: N of M banks read exactly"; ``python -m tests.corpus -v``
lists every difference.
"""
from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from generator.bank.model import Bank, Chapter, Option, Picture, Position, Question
from generator.bank.model import QuestionType as T
from generator.bank.pictures import MISSING, REMOTE, marker
from tests.corpus.run import check, known_gap
from tests.corpus.truth import BANKS, SHOWN_DIFFERENCES, Truth, TruthError, differences, load_truth, load_truths

TRUTHS = load_truths()


def _case(truth: Truth) -> object:
    marks = [pytest.mark.xfail(strict=True, reason=f"known gap: {truth.known_gap}")] if truth.known_gap else []
    return pytest.param(truth, id=truth.name, marks=marks)


@pytest.mark.parametrize("truth", [_case(t) for t in TRUTHS])
def test_bank_reads_exactly(truth: Truth, record_property: Callable[[str, object], None]) -> None:
    found = check(truth)
    record_property("corpus", [truth.name, found])  # for the summary at the end of the run (tests/conftest.py)
    assert not found, f"{truth.bank.name}: {len(found)} differences, first: " + " | ".join(found[:SHOWN_DIFFERENCES])


def test_corpus_covers_what_issue_12_asks() -> None:
    """At least 15 real banks from different sources, in both scripts and English, one of
    300+ questions, some spreadsheets; every bank has a truth file that names its source."""
    assert len(TRUTHS) >= 15
    assert {t.script for t in TRUTHS} >= {"Simplified", "Traditional", "English"}
    assert max(len(t.questions) for t in TRUTHS) >= 300
    assert any(t.bank.suffix == ".csv" for t in TRUTHS)
    assert len({t.source["repository"] for t in TRUTHS}) >= 12
    assert all(t.source.get("path") and t.source.get("commit") for t in TRUTHS)
    assert {t.bank.name for t in TRUTHS} == {p.name for p in BANKS.iterdir() if not p.name.endswith(".errata.yml")}


def _truth_for(tmp_path: Path, questions: str, pictures: str = "") -> Truth:
    path = tmp_path / "t.yml"
    count = len([line for line in questions.splitlines() if line.strip()])
    path.write_text(textwrap.dedent(f"""\
        bank: codesignal-mcq-full-spread.md
        source: {{repository: a/b, path: c, commit: d}}
        script: English
        layout: test
        questions: {count}
        chapters:
          - title: one
            questions: |
        """) + textwrap.indent(questions, " " * 6) + textwrap.dedent(pictures), encoding="utf-8")
    return load_truth(path)


def _bank(*questions: tuple[int, T, int, str | None]) -> Bank:
    """A parsed bank as the comparison sees it: one chapter of (number, type, options, answer)."""
    at = Position(1, 1, 0)
    parsed = tuple(Question(f"q{n}", n, qtype, "stem", tuple(Option("ABCDEF"[i], "x") for i in range(options)),
                            answer, "", at) for n, qtype, options, answer in questions)
    return Bank("t", "t.txt", "t", "", (Chapter(1, "one", parsed, at),))


READING = _bank((1, T.SINGLE, 2, "A"), (2, T.JUDGE, 0, "true"), (3, T.SHORT, 0, None))


def test_comparison_accepts_an_exact_reading(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n2 judge 0 true\n3 * * -\n")
    assert differences(truth, READING) == []


def test_comparison_names_each_wrong_field(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 multiple 3 AB\n2 judge 0 false\n3 short 0 要点…\n4 fill 0 x\n")
    found = differences(truth, READING)
    assert found[:2] == ["3 questions read, 4 in the bank", "questions per chapter [3], expected [4]"]
    assert found[2] == ("question 1 (chapter 1, no. 1): type single, expected multiple; 2 options, expected 3; "
                        "answer 'A', expected 'AB'")
    assert found[3:] == ["question 2 (chapter 1, no. 2): answer 'true', expected 'false'",
                         "question 3 (chapter 1, no. 3): answer none, expected '要点…'"]


def test_an_answer_ending_in_an_ellipsis_is_a_prefix(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 short 0 分而  治之…\n")
    assert differences(truth, _bank((1, T.SHORT, 0, "分而 治之，逐层分解"))) == []
    assert differences(truth, _bank((1, T.SHORT, 0, "分解"))) != []


def test_known_gap_counts_the_differences_and_quotes_the_first_lines() -> None:
    assert known_gap([]) is None
    assert known_gap(["not read: a.md: no question\nfor example: 1. …"]) == (
        "1 difference, e.g. not read: a.md: no question"
    )
    assert known_gap(["a", "b", "c", "d"]) == "4 differences, e.g. a | b | c"


PNG = Picture("0123456789abcdef.png", "image/png", "图 1", "t.md:3")
LINK = Picture("", "", "图 2", "t.md:4", url="https://example.com/a.png", kind=REMOTE)
ABSENT = Picture("", "", "图 3", "t.md:5", url="img/b.png", kind=MISSING)
EMF = Picture("0123456789abcdef.emf", "", "图 4", "t.md:6", kind="EMF")


def _pictured(stem: str, options: tuple[str, ...], explanation: str, pictures: tuple[Picture, ...]) -> Bank:
    """A bank of one single-choice question whose fields hold these texts (with picture markers)."""
    at = Position(1, 1, 0)
    question = Question("q1", 1, T.SINGLE, stem, tuple(Option("ABCD"[i], text) for i, text in enumerate(options)),
                        "A", explanation, at)
    return Bank("t", "t.md", "t", "", (Chapter(1, "one", (question,), at),), pictures=pictures)


PICTURES = """\
    pictures:
      total: 4
      questions: |
        1 stem:shown A:remote B:missing explanation:unshown
    """


def test_comparison_accepts_pictures_where_the_truth_puts_them(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n", PICTURES)
    bank = _pictured(f"如图 {marker(0)}", (f"x {marker(1)}", f"y {marker(2)}"), f"because {marker(3)}",
                     (PNG, LINK, ABSENT, EMF))
    assert differences(truth, bank) == []


def test_a_picture_the_truth_states_and_the_reading_lacks_is_a_difference(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n", "pictures:\n  total: 1\n  questions: |\n    1 stem:missing\n")
    found = differences(truth, _pictured("如图", ("x", "y"), "", ()))
    assert found == ["0 pictures read, 1 in the bank",
                     "question 1 (chapter 1, no. 1): pictures none, expected stem:missing"]


def test_a_picture_read_at_another_place_or_as_another_kind_is_a_difference(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n", PICTURES)
    moved = _pictured("如图", (f"x {marker(0)} {marker(1)}", f"y {marker(2)}"), f"because {marker(3)}",
                      (PNG, LINK, ABSENT, EMF))
    assert differences(truth, moved) == [
        "question 1 (chapter 1, no. 1): pictures A:shown A:remote B:missing explanation:unshown, "
        "expected stem:shown A:remote B:missing explanation:unshown"]
    fetched = _pictured(f"如图 {marker(0)}", (f"x {marker(1)}", f"y {marker(2)}"), f"because {marker(3)}",
                        (PNG, PNG, ABSENT, EMF))
    assert differences(truth, fetched) != []


def test_a_bank_whose_truth_states_no_pictures_must_read_none(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n")
    found = differences(truth, _pictured(f"如图 {marker(0)}", ("x", "y"), "", (LINK,)))
    assert found == ["1 pictures read, 0 in the bank",
                     "question 1 (chapter 1, no. 1): pictures stem:remote, expected none"]


def test_a_star_leaves_a_pictures_place_in_its_question_uncompared(tmp_path: Path) -> None:
    truth = _truth_for(tmp_path, "1 single 2 A\n", "pictures:\n  total: 1\n  questions: |\n    1 *:missing\n")
    assert differences(truth, _pictured("q", ("x", f"y {marker(0)}"), "", (ABSENT,))) == []
    assert differences(truth, _pictured("q", ("x", "y"), f"e {marker(0)}", (ABSENT,))) == []
    assert differences(truth, _pictured("q", ("x", "y"), f"e {marker(0)}", (LINK,))) != []


@pytest.mark.parametrize(("pictures", "message"), [
    ("pictures:\n  questions: |\n    1 stem:shown\n", "expected 'pictures:' with 'total: N'"),
    ("pictures:\n  total: 1\n  questions: |\n    2 stem:shown\n", "with a place from 1 to 1, found '2 stem:shown'"),
    ("pictures:\n  total: 1\n  questions: |\n    1 top:shown\n", "picture 'top:shown' in '1 top:shown'"),
    ("pictures:\n  total: 1\n  questions: |\n    1 stem:fetched\n", "picture 'stem:fetched'"),
    ("pictures:\n  total: 1\n  questions: |\n    1 stem:shown\n    1 A:shown\n", "question 1 is listed twice"),
    ("pictures:\n  total: 1\n  questions: |\n    1 stem:shown A:shown\n", "'total: 1' but the questions list 2"),
])
def test_a_wrong_pictures_block_names_the_truth_file_and_the_line(tmp_path: Path, pictures: str, message: str) -> None:
    with pytest.raises(TruthError, match="t.yml: .*" + re.escape(message)):
        _truth_for(tmp_path, "1 single 2 A\n", pictures)
