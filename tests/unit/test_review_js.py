"""今日复习's schedule (review-fsrs.js) with ts-fsrs as the site serves it
(generator/site/fsrs_asset.py), run in V8 outside the browser."""
import json
from collections.abc import Iterator
from typing import Any

import pytest
from py_mini_racer import MiniRacer

from generator.site.fsrs_asset import fsrs_script
from tests.paths import ROOT

SCRIPTS = ROOT / "overrides" / "assets" / "javascripts"
DAY = 86_400_000
SETUP = """
var memory = {items: {}, getItem: function (k) { return k in this.items ? this.items[k] : null; },
  setItem: function (k, v) { this.items[k] = String(v); }, removeItem: function (k) { delete this.items[k]; }};
var now = Date.UTC(2026, 0, 5, 9);
function clock() { return now; }
"""


@pytest.fixture
def v8() -> Iterator[MiniRacer]:
    context = MiniRacer()
    context.eval(SETUP)
    context.eval(fsrs_script(ROOT))
    context.eval((SCRIPTS / "review-fsrs.js").read_text(encoding="utf-8"))
    context.eval("var reviews = studyGuide.createReviews(memory, studyGuide.FSRS, clock);")
    yield context
    context.close()


def call(v8: MiniRacer, expression: str) -> Any:
    return json.loads(str(v8.eval(f"JSON.stringify({expression})")))


def review(v8: MiniRacer, verdict: str, qid: str = "q1") -> dict:
    return call(v8, f"reviews.review('b', {json.dumps(qid)}, 'h1', {json.dumps(verdict)})")


def test_the_served_library_publishes_no_global_but_studyguide(v8):
    assert v8.eval("typeof FSRS") == "undefined"
    assert v8.eval("typeof studyGuide.FSRS.fsrs") == "function"


def test_due_dates_advance_with_each_right_answer(v8):
    now = v8.eval("now")
    intervals = []
    for _ in range(4):
        card = review(v8, "right")
        assert card["due"] > v8.eval("now")
        intervals.append(card["due"] - v8.eval("now"))
        v8.eval(f"now = {card['due']}")  # answered again when it comes due
    assert intervals == sorted(intervals) and intervals[-1] > intervals[0]
    assert intervals[-1] >= DAY  # by the fourth right answer, days away
    assert call(v8, "reviews.card('b', 'q1', 'h1')")["reps"] == 4
    assert now < v8.eval("now")


def test_a_wrong_answer_brings_a_card_back_sooner_than_a_right_one(v8):
    right = review(v8, "right", "q1")
    wrong = review(v8, "wrong", "q2")
    assert wrong["due"] < right["due"]
    v8.eval(f"now += {DAY}")
    for _ in range(3):
        review(v8, "right", "q3")
        v8.eval(f"now += {3 * DAY}")
    before = call(v8, "reviews.card('b', 'q3', 'h1')")
    lapsed = review(v8, "wrong", "q3")
    assert lapsed["lapses"] == before["lapses"] + 1 and lapsed["due"] - v8.eval("now") < DAY


def test_cards_come_due_in_order_and_survive_a_reload(v8):
    review(v8, "wrong", "q1")
    review(v8, "right", "q2")
    assert call(v8, "reviews.due('b')") == []  # nothing due the moment it is answered
    v8.eval(f"now += {2 * DAY}")
    due = call(v8, "studyGuide.createReviews(memory, studyGuide.FSRS, clock).due('b')")
    assert [card["id"] for card in due] == ["q1", "q2"] and all(card["hash"] == "h1" for card in due)
    assert call(v8, "reviews.due('other')") == []


def test_a_damaged_store_starts_afresh(v8):
    v8.eval("memory.items['studyGuide.reviews.v1'] = '{broken'")
    assert call(v8, "studyGuide.createReviews(memory, studyGuide.FSRS, clock).due('b')") == []


def test_cards_travel_in_the_progress_file_and_the_later_review_wins(v8):
    review(v8, "right", "q1")
    v8.eval(f"now += {DAY}")
    newer = review(v8, "wrong", "q2")
    exported = call(v8, "reviews.exportCards()")
    v8.eval("var other = studyGuide.createReviews({getItem: function () { return null; }, setItem: function () {}}, "
            "studyGuide.FSRS, clock);")
    v8.eval(f"now += {DAY}; other.review('b', 'q2', 'h1', 'right');")  # reviewed later on the other device
    kept = call(v8, "other.card('b', 'q2', 'h1')")
    v8.eval(f"other.importCards({json.dumps(exported)}); other.importCards({{'bad key': {{due: 1}}, 'b/q3/h1': 5}});")
    assert call(v8, "other.card('b', 'q1', 'h1')") == exported["b/q1/h1"]
    assert call(v8, "other.card('b', 'q2', 'h1')") == kept != newer
    assert call(v8, "other.card('b', 'q3', 'h1')") is None
