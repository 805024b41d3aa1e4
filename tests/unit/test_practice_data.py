"""The practice data written at build (generator/practice/data.py): what the pages judge answers by."""
import gzip
from dataclasses import replace

import pytest

from generator.bank.model import Option, Position, Question, QuestionType
from generator.practice.data import (
    bank_data,
    bank_index,
    chapter_data,
    decimals_asked,
    full_records,
    index_records,
    practice_record,
    practice_script,
    question_hash,
)
from generator.read.load import corrected_bank
from tests.node_scripts import run_scripts
from tests.paths import BUNDLED


def question(type_: QuestionType = QuestionType.FILL, stem: str = "參數量為______億（保留2位小數）。",
             answer: str | None = "5.24", **fields) -> Question:
    options = (Option("A", "甲"), Option("B", "乙"), Option("C", "丙")) if type_.is_choice else ()
    return Question("q1", 1, type_, stem, options, answer, "", Position(1, 1, 0), **fields)


def answers(record: dict) -> dict:
    """A record without its hash and list labels."""
    return {key: value for key, value in record.items() if key not in ("h", "n", "s")}


@pytest.fixture(scope="module")
def bundled():
    return bank_data(corrected_bank(BUNDLED), "hans")


@pytest.mark.parametrize("stem, decimals", [
    ("則更新量為______（保留4位小數）。", 4),
    ("约为______GB（保留1位小数）", 1),
    ("結果保留兩位小數", 2),
    ("精確到小數點後3位", 3),
    ("答案保留整數", 0),
    ("保留2位有效數字", None),  # significant figures: compared within 1 %
    ("求期望加速比", None),
])
def test_the_decimals_the_stem_asks_for(stem, decimals):
    assert decimals_asked(stem) == decimals


def test_a_fill_record_has_the_bank_answer_the_editors_the_decimals_and_the_unit_after_the_blank():
    record = practice_record(question(editor_answer="5.25"), "hans")
    assert record == {"t": "fill", "h": record["h"], "n": 1, "s": "参数量为______亿（保留2位小数）。", "a": "5.24",
                      "e": "5.25", "d": 2, "u": "亿"}


def test_an_editors_formula_is_written_as_text_and_text_answers_in_the_editions_script():
    editor = "\x02\\approx1.227\\times10^{-5}\x03"
    record = practice_record(question(stem="求更新量", answer="約為0.0005", editor_answer=editor), "hans")
    assert record["a"] == "约为0.0005" and record["e"] == "≈1.227×10^(-5)" and "d" not in record


def test_choice_and_judge_answers_stay_letters_and_true_false_and_short_answers_are_left_out():
    multiple = practice_record(question(QuestionType.MULTIPLE, "下列正確的有", "AC", editor_answer="ABC"))
    assert answers(multiple) == {"t": "multiple", "a": "AC", "e": "ABC"}
    assert practice_record(question(QuestionType.JUDGE, "對嗎", "true"))["a"] == "true"
    short = practice_record(question(QuestionType.SHORT, "簡述", "很長的參考答案"))
    assert set(short) == {"t", "h", "n", "s"}


def test_the_hash_changes_with_a_correction_and_not_with_the_edition():
    q = question()
    assert question_hash(q) == question_hash(replace(q, explanation="解析改了"))  # not answered: no new hash
    assert question_hash(q) != question_hash(replace(q, stem=q.stem.replace("億", "萬")))
    assert question_hash(q) != question_hash(replace(q, editor_answer="5.25"))
    assert practice_record(q, "hans")["h"] == practice_record(q, "hant")["h"]


def test_the_bundled_bank_lists_every_chapter_and_question_in_order(bundled):
    assert [c["page"] for c in bundled["chapters"]] == [f"ai-trainer/chapter-{n}" for n in range(1, 6)]
    assert bundled["chapters"][0]["q"] == ["q1", "q2", "q3", "q4", "q5", "q6"]
    assert bundled["q"]["q3"]["e"] == "≈1.227×10^(-5)" and bundled["q"]["q3"]["d"] == 4
    assert answers(bundled["q"]["q14"]) == {"t": "multiple", "a": "AC", "e": "ABC", "o": 4, "k": 1}
    assert bundled["q"]["q14"]["n"] == 14 and bundled["q"]["q14"]["s"] == "关于大模型评估基准，下列说法正确的有"
    assert bundled["q"]["q3"]["s"].endswith("…") and len(bundled["q"]["q3"]["s"]) == 41
    assert bundled["q"]["q26"]["a"] is None  # cut off before its answer


def test_the_script_pushes_its_part_for_the_page_and_is_small(bundled):
    script = practice_script(bundled)
    *_, kept, given = run_scripts("var studyGuide = {strings: 1};", script, script, "studyGuide.strings",
                                  "studyGuide.practiceParts")
    assert kept == 1 and given == [bundled, bundled]  # each script adds its part, none replaces another
    assert len(gzip.compress(script.encode())) < 1024 * len(bundled["q"])
    assert script.isascii()  # every bank character escaped: nothing can end the literal


def test_the_index_holds_what_a_draw_needs_and_no_answer_or_stem():
    bank = corrected_bank(BUNDLED)
    index = bank_index(bank, full_records(bank, "hans"))
    assert [c["q"] for c in index["chapters"]] == [[q.id for q in c.questions] for c in bank.chapters]
    assert set(index) == {"bank", "chapters", "cols"}  # no record per id: packed in columns
    assert all(len(column) == len(bank.questions) for column in index["cols"].values())
    records = index_records(index)
    assert list(records) == [q.id for q in bank.questions]
    assert records["q14"] == {"t": "multiple", "h": question_hash(bank.questions[13]), "n": 14, "o": 4, "k": 1}
    assert "k" not in records["q26"]  # cut off before its answer: nothing to judge it by
    assert "o" not in records["q3"] and bank.questions[2].type is QuestionType.FILL
    assert all(set(record) <= {"t", "h", "n", "o", "k"} for record in records.values())
    assert set(index["cols"]) == {"t", "h", "n", "o", "k"}  # no stem, no answer


def test_the_packed_index_is_smaller_than_a_record_per_id():
    bank = corrected_bank(BUNDLED)
    index = bank_index(bank, full_records(bank))
    per_id = {**index, "cols": None, "q": index_records(index)}
    assert len(practice_script(index)) < 0.8 * len(practice_script(per_id))


def test_a_chapters_part_holds_its_full_records_which_extend_the_index_records(bundled):
    bank = corrected_bank(BUNDLED)
    records = full_records(bank, "hans")
    index = index_records(bank_index(bank, records))
    part = chapter_data(bank, bank.chapters[2], records)
    assert part["chapters"] == [bank_index(bank, records)["chapters"][2]]
    assert list(part["q"]) == [q.id for q in bank.chapters[2].questions]
    for qid, record in part["q"].items():
        assert record == {**index[qid], **record} == bundled["q"][qid]  # the index's fields, the same


def test_bank_text_cannot_end_the_script_early():
    data = {"bank": "b", "chapters": [], "q": {"q1": practice_record(question(answer='"]});</script><b>x'))}}
    assert run_scripts(practice_script(data), "studyGuide.practiceParts[0].q.q1.a")[-1] == '"]});</script><b>x'
