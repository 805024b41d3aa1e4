"""Drawing papers and scoring them (exam-draw.js) and the history of past papers
(exam-history.js) and the paper being sat (exam-resume.js), run in V8 outside the browser."""
import json
from typing import Any

import pytest
from py_mini_racer import MiniRacer

from tests.paths import ROOT

SCRIPTS = ROOT / "overrides" / "assets" / "javascripts"
FAKE_STORAGE = """
var memory = {items: {}, getItem: function (k) { return k in this.items ? this.items[k] : null; },
  setItem: function (k, v) { this.items[k] = String(v); }, removeItem: function (k) { delete this.items[k]; }};
"""
TYPES = ["single", "multiple", "judge", "fill", "calc"]


def bank(size: int = 500) -> dict[str, Any]:
    """Practice data of ``size`` questions, 50 to a chapter, the types in turn; every tenth has no answer."""
    records = {}
    for n in range(size):
        t = TYPES[n % len(TYPES)]
        answer = {"single": "B", "multiple": "AC", "judge": "true"}.get(t, "42")
        records[f"q{n}"] = {"t": t, "h": "0", "a": None if n % 10 == 9 else answer}
    chapters = [{"page": f"c{k}", "q": [f"q{n}" for n in range(k * 50, min(size, k * 50 + 50))]}
                for k in range((size + 49) // 50)]
    return {"bank": "b", "chapters": chapters, "q": records}


@pytest.fixture(scope="module")
def v8():
    context = MiniRacer()
    context.eval(FAKE_STORAGE)
    for name in ("exam-draw.js", "exam-history.js", "exam-resume.js"):
        context.eval((SCRIPTS / name).read_text(encoding="utf-8"))
    context.eval(f"var data = {json.dumps(bank())}; var options = {{}};"
                 "Object.keys(data.q).forEach(function (id) { options[id] = 4; });")
    return context


def call(v8, expression: str) -> Any:
    return json.loads(str(v8.eval(f"JSON.stringify({expression})")))


def settings(seed: str, shuffle: bool = True, chapters: tuple[int, ...] = tuple(range(10)), **counts: int) -> str:
    types = {t: {"n": counts.get(t, 3), "points": 2 if t == "multiple" else 1} for t in TYPES}
    return json.dumps({"seed": seed, "chapters": list(chapters), "types": types, "shuffle": shuffle})


def test_the_same_seed_and_settings_draw_the_same_paper(v8):
    first = call(v8, f"studyGuide.examDraw.draw(data, {settings('ABC123')}, options)")
    again = call(v8, f"studyGuide.examDraw.draw(data, {settings('ABC123')}, options)")
    other = call(v8, f"studyGuide.examDraw.draw(data, {settings('ABC124')}, options)")
    assert first == again
    assert [i["id"] for i in first["items"]] != [i["id"] for i in other["items"]]
    assert [i["t"] for i in first["items"]] == [t for t in TYPES for _ in range(3)]  # types in a fixed order


def test_a_paper_holds_distinct_answerable_questions_of_the_chosen_chapters(v8):
    paper = call(v8, f"studyGuide.examDraw.draw(data, {settings('s', chapters=(1, 3), single=20)}, options)")
    ids = [int(i["id"][1:]) for i in paper["items"]]
    assert len(ids) == len(set(ids)) == 20 + 4 * 3
    assert all(50 <= n < 100 or 150 <= n < 200 for n in ids)
    assert all(n % 10 != 9 for n in ids)  # no answer: never drawn
    assert paper["short"] == []


def test_a_type_with_fewer_questions_than_asked_is_drawn_whole_and_named(v8):
    paper = call(v8, f"studyGuide.examDraw.draw(data, {settings('s', chapters=(0,), calc=99)}, options)")
    calc = [i for i in paper["items"] if i["t"] == "calc"]
    assert len(calc) == 5  # 10 calc questions in a chapter of 50, half without an answer
    assert paper["short"] == [{"t": "calc", "count": 5}]


def test_shuffled_options_relabel_the_key(v8):
    paper = call(v8, f"studyGuide.examDraw.draw(data, {settings('x')}, options)")
    choices = [i for i in paper["items"] if i["t"] in ("single", "multiple")]
    assert all(sorted(i["perm"]) == [0, 1, 2, 3] for i in choices)
    assert all(i["perm"] is None for i in paper["items"] if i["t"] not in ("single", "multiple"))
    assert any(i["perm"] != [0, 1, 2, 3] for i in choices)
    for item in choices:
        perm = item["perm"]
        record = call(v8, f"studyGuide.examDraw.mapRecord(data.q[{json.dumps(item['id'])}], {perm})")
        key = "B" if item["t"] == "single" else "AC"
        # the option the bank calls B (index 1) is shown at the position whose perm is 1
        assert record["a"] == "".join(sorted("ABCD"[perm.index("ABCD".index(k))] for k in key))
        assert call(v8, f"studyGuide.examDraw.toBank({json.dumps(record['a'])}, {perm})") == key
    unshuffled = call(v8, f"studyGuide.examDraw.draw(data, {settings('x', shuffle=False)}, options)")
    assert all(i["perm"] is None for i in unshuffled["items"])


def test_the_score_adds_up_by_type(v8):
    paper = {"items": [{"t": "single", "points": 1}, {"t": "single", "points": 1},
                       {"t": "multiple", "points": 2.5}, {"t": "fill", "points": 3}]}
    score = call(v8, f"studyGuide.examDraw.score({json.dumps(paper)}, ['right', 'wrong', 'right', null])")
    assert score["got"] == 3.5 and score["max"] == 7.5
    assert score["byType"]["single"] == {"count": 2, "right": 1, "points": 1, "got": 1, "max": 2}
    assert score["byType"]["fill"]["got"] == 0
    assert sum(row["got"] for row in score["byType"].values()) == score["got"]


def test_drawing_is_linear_and_fast_at_5000_questions():
    context = MiniRacer()
    context.eval((SCRIPTS / "exam-draw.js").read_text(encoding="utf-8"))
    context.eval(f"var data = {json.dumps(bank(5000))};")
    elapsed = float(str(context.eval(f"""(function () {{ var t = Date.now();
        for (var i = 0; i < 20; i++) studyGuide.examDraw.draw(data, {settings('s', single=60, multiple=20, judge=10,
                                                                              fill=5, calc=5)}, {{}});
        return (Date.now() - t) / 20; }})()""")))
    assert elapsed < 50


def test_history_keeps_the_newest_papers_and_drops_a_damaged_store(v8):
    v8.eval("memory.items = {}; var h = studyGuide.createExamHistory(memory);")
    for n in range(55):
        v8.eval(f"h.add({{bank: 'b', seed: 'S{n}', settings: {{}}, when: {n}, used: 60, got: 1, max: 2}})")
    v8.eval("h.add({bank: 'other', seed: 'X', settings: {}, when: 99, used: 1, got: 0, max: 1})")
    again = call(v8, "studyGuide.createExamHistory(memory).of('b').map(function (e) { return e.seed; })")
    assert again[0] == "S54" and len(again) == 49  # at most 50 entries kept, the other bank's among them
    v8.eval("memory.items['studyGuide.examHistory.v1'] = '{not json'")
    assert call(v8, "studyGuide.createExamHistory(memory).of('b')") == []


def test_the_paper_being_sat_is_kept_per_bank_until_cleared_and_a_damaged_one_dropped(v8):
    v8.eval("memory.items = {}; var p = studyGuide.createSittingStore(memory);")
    sitting = {"paper": {"seed": "S", "items": [{"id": "q1", "t": "single", "points": 1, "perm": None}], "short": []},
               "settings": {"minutes": 30, "chapters": [0], "types": {}, "seed": "S", "shuffle": True},
               "started": 1000, "answers": {"q1": "B"}}
    v8.eval(f"p.save('b', {json.dumps(sitting)}); p.save('other', {json.dumps(sitting)}); p.clear('other')")
    assert call(v8, "studyGuide.createSittingStore(memory).load('b')") == sitting
    assert call(v8, "studyGuide.createSittingStore(memory).load('other')") is None
    v8.eval("p.clear('b')")
    assert call(v8, "studyGuide.createSittingStore(memory).load('b')") is None
    for damaged in ("'{not json'", "'[1]'", "JSON.stringify({b: {paper: 3, started: 1}})",
                    "JSON.stringify({b: {paper: {seed: 'S', items: [], short: []}, settings: {minutes: 1}, "
                    "started: '1', answers: {}}})"):
        v8.eval(f"memory.items['studyGuide.examSitting.v1'] = {damaged}")
        assert call(v8, "studyGuide.createSittingStore(memory).load('b')") is None
