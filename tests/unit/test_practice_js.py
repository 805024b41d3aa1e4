"""Judging answers and keeping progress as the chapter pages do (practice-judge.js, practice-store.js),
run in V8 outside the browser."""
import json
from typing import Any

import pytest
from py_mini_racer import MiniRacer

from tests.paths import ROOT

SCRIPTS = ROOT / "overrides" / "assets" / "javascripts"
# A storage as localStorage behaves, in memory.
FAKE_STORAGE = """
var memory = {items: {}, getItem: function (k) { return k in this.items ? this.items[k] : null; },
  setItem: function (k, v) { this.items[k] = String(v); }, removeItem: function (k) { delete this.items[k]; }};
"""


@pytest.fixture(scope="module")
def v8():
    context = MiniRacer()
    context.eval(FAKE_STORAGE)
    for name in ("practice-judge.js", "practice-store.js"):
        context.eval((SCRIPTS / name).read_text(encoding="utf-8"))
    return context


def judge(v8, record: dict, response: str) -> Any:
    return json.loads(str(v8.eval(f"JSON.stringify(studyGuide.practiceJudge.judge({json.dumps(record)}, "
                                  f"{json.dumps(response)}))")))


def verdict(v8, record: dict, response: str) -> Any:
    result = judge(v8, record, response)
    return result and result["verdict"]


Q3 = {"t": "fill", "a": "0.0005", "e": "≈1.227×10^(-5)", "d": 4}  # the bundled bank's question 3
Q9 = {"t": "fill", "a": "5.24", "d": 2, "u": "億"}


@pytest.mark.parametrize("response, expected", [
    ("B", {"verdict": "right", "matched": "bank", "kind": None}),
    ("A", {"verdict": "wrong", "matched": None, "kind": None}),
])
def test_a_single_choice(v8, response, expected):
    assert judge(v8, {"t": "single", "a": "B"}, response) == expected


@pytest.mark.parametrize("response, kind", [("BC", "missed"), ("ABC", "extra"), ("A", "extra")])
def test_a_wrong_multiple_choice_names_what_went_wrong(v8, response, kind):
    assert judge(v8, {"t": "multiple", "a": "BCD"}, response) == {"verdict": "wrong", "matched": None, "kind": kind}


def test_the_editors_answer_is_accepted_and_named(v8):
    record = {"t": "multiple", "a": "AC", "e": "ABC"}
    assert judge(v8, record, "CBA")["matched"] == "editor"
    assert judge(v8, record, "AC")["matched"] == "bank"
    assert judge(v8, Q3, "0.0000")["matched"] == "editor"  # the editor's 1.227e-5 to 4 decimals
    assert judge(v8, Q3, "1.227e-5")["matched"] == "editor"
    assert judge(v8, Q3, "0.0005")["matched"] == "bank"


@pytest.mark.parametrize("response, expected", [
    ("5.24", "right"), ("5.244", "right"), ("5.246", "wrong"), ("5.235", "right"), ("5.23", "wrong"),
    ("５．２４", "right"), ("5.24亿", "right"), ("5.24 億", "right"), ("524000000", "right"),
    ("52400万", "right"), ("5.24万", "wrong"), ("", "wrong"), ("五點二四", "wrong"),
])
def test_a_number_within_the_decimals_the_stem_asks_and_in_any_unit(v8, response, expected):
    assert verdict(v8, Q9, response) == expected


@pytest.mark.parametrize("response, expected", [("1024", "right"), ("1030", "right"), ("1040", "wrong"),
                                                ("1,024", "right"), ("1.024e3", "right")])
def test_without_decimals_a_number_is_right_within_one_percent(v8, response, expected):
    assert verdict(v8, {"t": "calc", "a": "1024"}, response) == expected


@pytest.mark.parametrize("answer, response, expected", [
    ("45%", "45", "right"), ("45%", "0.45", "right"), ("45%", "45％", "right"), ("45%", "46%", "wrong"),
    ("42.3", "42.3GB", "right"), ("ReLU、Sigmoid", "relu, sigmoid", "right"),
    ("ReLU、Sigmoid", "ＲｅＬＵ and Sigmoid", "right"), ("ReLU、Sigmoid", "Sigmoid、ReLU", "wrong"),
    ("Tensor Core", "tensorcore", "right"), ("梯度裁剪", "梯度裁剪。", "right"), ("梯度裁剪", "梯度", "wrong"),
])
def test_text_is_compared_without_width_case_spaces_or_separators(v8, answer, response, expected):
    assert verdict(v8, {"t": "fill", "a": answer}, response) == expected


def test_judge_and_unanswerable_questions(v8):
    assert verdict(v8, {"t": "judge", "a": "true"}, "true") == "right"
    assert verdict(v8, {"t": "judge", "a": "true"}, "false") == "wrong"
    assert judge(v8, {"t": "multiple", "a": None}, "A") is None
    assert judge(v8, {"t": "short"}, "我會") is None


def store(v8, code: str) -> Any:
    return json.loads(str(v8.eval(f"JSON.stringify((function () {{ {code} }})())")))


def test_progress_is_kept_by_bank_question_and_hash(v8):
    result = store(v8, """
      memory.items = {};
      var s = studyGuide.createPracticeStore(memory, function () { return 1000; });
      s.record("bank", "q1", "abc", "wrong", "A");
      s.record("bank", "q1", "abc", "right", "B");
      var again = studyGuide.createPracticeStore(memory);
      return [again.get("bank", "q1", "abc"), again.get("bank", "q1", "abd"), again.notice,
              again.counts("bank", ["q1", "q2"], {q1: "abc", q2: "x"})];
    """)
    assert result[0] == {"n": 2, "r": 1, "w": 1, "s": 1, "last": "right", "a": "B", "wa": "A", "t": 1000}
    assert result[1] is None  # a corrected question starts afresh
    assert result[2] is None
    assert result[3] == {"answered": 1, "right": 1, "count": 2}


@pytest.mark.parametrize("stored", ["{not json", "[]", '{"format": "study-guide-progress", "version": 1, '
                                    '"entries": {"b/q1/ab": {"n": "many"}}}', '{"format": "other"}'])
def test_a_corrupted_store_is_cleared_and_says_so(v8, stored):
    result = store(v8, f"""
      memory.items = {{"studyGuide.progress.v1": {json.dumps(stored)}}};
      var s = studyGuide.createPracticeStore(memory);
      return [s.notice, s.size(), memory.getItem("studyGuide.progress.v1")];
    """)
    assert result == ["corrupted", 0, None]


def test_export_and_import_round_trip_and_the_later_entry_wins(v8):
    result = store(v8, """
      memory.items = {};
      var a = studyGuide.createPracticeStore(memory, function () { return 5; });
      a.record("b", "q1", "a1", "right", "A");
      a.record("b", "q2", "a2", "wrong", "x");
      var exported = JSON.parse(JSON.stringify(a.exportData()));
      memory.items = {};
      var b = studyGuide.createPracticeStore(memory, function () { return 9; });
      b.record("b", "q2", "a2", "right", "y");
      var count = b.importData(exported);
      var bad;
      try { b.importData({format: "study-guide-progress", version: 2, entries: {}}); } catch (e) { bad = e.message; }
      return [count, b.get("b", "q1", "a1").a, b.get("b", "q2", "a2").a, bad, exported.exported];
    """)
    assert result[:3] == [2, "A", "y"] and "not a study-guide progress file" in result[3]
    assert result[4] == "1970-01-01T00:00:00.005Z"


def test_a_part_kept_beside_the_answers_hears_each_answer_and_travels_in_the_file(v8):
    """今日复习's cards are such a part (review-fsrs.js): every answer is a review, and the
    progress file carries them; a file that is not ours reaches no part."""
    result = store(v8, """
      memory.items = {};
      var heard = [], imported = [];
      var s = studyGuide.createPracticeStore(memory);
      s.extend({name: "cards", record: function (bank, id, hash, verdict) { heard.push([id, verdict]); },
                exportData: function () { return {q1: 1}; },
                importData: function (section) { imported.push(section); }});
      s.record("b", "q1", "ab", "wrong", "A");
      var exported = JSON.parse(JSON.stringify(s.exportData()));
      s.importData(exported);
      try { s.importData({format: "other"}); } catch (e) { /* refused before any part */ }
      return [heard, exported.cards, imported];
    """)
    assert result == [[["q1", "wrong"]], {"q1": 1}, [{"q1": 1}]]


def test_without_storage_answers_are_kept_for_the_page_and_that_is_said(v8):
    assert store(v8, """
      var s = studyGuide.createPracticeStore(null);
      s.record("b", "q1", "h", "right", "A");
      return [s.notice, s.get("b", "q1", "h").r];
    """) == ["unavailable", 1]


def test_a_question_leaves_the_mistakes_after_two_rights_in_a_row_or_by_hand(v8):
    assert store(v8, """
      memory.items = {};
      var s = studyGuide.createPracticeStore(memory);
      var seen = [];
      var look = function () { seen.push(s.inMistakes(s.get("b", "q1", "a1"))); };
      look();                                   // never answered
      s.record("b", "q1", "a1", "wrong", "A"); look();
      s.record("b", "q1", "a1", "right", "B"); look();
      s.record("b", "q1", "a1", "wrong", "C"); look();  // a wrong answer starts the count again
      s.record("b", "q1", "a1", "right", "B"); look();
      s.record("b", "q1", "a1", "right", "B"); look();
      s.record("b", "q2", "a2", "wrong", "x");
      s.dismiss("b", "q2", "a2");
      seen.push(s.inMistakes(s.get("b", "q2", "a2")));
      s.record("b", "q2", "a2", "right", "y");
      seen.push(s.inMistakes(studyGuide.createPracticeStore(memory).get("b", "q2", "a2")));
      s.record("b", "q2", "a2", "wrong", "z");  // wrong again: back in
      seen.push(s.inMistakes(s.get("b", "q2", "a2")));
      return seen;
    """) == [False, True, True, True, True, False, False, False, True]


def test_stars_are_kept_exported_imported_and_reset(v8):
    assert store(v8, """
      memory.items = {};
      var s = studyGuide.createPracticeStore(memory);
      s.star("b", "q1", true);
      s.star("b", "q2", true);
      s.star("b", "q2", false);
      var exported = JSON.parse(JSON.stringify(s.exportData()));
      s.reset();
      var after = [s.isStarred("b", "q1")];
      s.importData(exported);
      var again = studyGuide.createPracticeStore(memory);
      return after.concat([again.isStarred("b", "q1"), again.isStarred("b", "q2")]);
    """) == [False, True, False]
