// 今日复习's schedule: cards (review/cards.js) scheduled by ts-fsrs (review/schedule.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createReviews, REVIEWS_KEY } from "../../overrides/src/review/cards.js";
import { review } from "../../overrides/src/review/schedule.js";
import { MemoryStorage } from "./memory-storage.js";

const DAY = 86_400_000;

/** Cards on a storage of their own, and a clock the test moves. */
function setUp() {
  const memory = new MemoryStorage();
  const clock = { now: Date.UTC(2026, 0, 5, 9) };
  const reviews = createReviews(memory, () => clock.now);
  const answer = (/** @type {"right" | "wrong"} */ verdict, id = "q1") => review(reviews, "b", id, "h1", verdict);
  return { memory, clock, reviews, answer };
}

test("due dates advance with each right answer", () => {
  const { clock, reviews, answer } = setUp();
  const start = clock.now, intervals = [];
  for (let i = 0; i < 4; i++) {
    const card = answer("right");
    assert.ok(card.due > clock.now);
    intervals.push(card.due - clock.now);
    clock.now = card.due;  // answered again when it comes due
  }
  assert.deepEqual(intervals, [...intervals].sort((a, b) => a - b));
  assert.ok(intervals[3] > intervals[0] && intervals[3] >= DAY);  // by the fourth right answer, days away
  assert.equal(reviews.card("b", "q1", "h1")?.reps, 4);
  assert.ok(start < clock.now);
});

test("a wrong answer brings a card back sooner than a right one", () => {
  const { clock, reviews, answer } = setUp();
  assert.ok(answer("wrong", "q2").due < answer("right", "q1").due);
  clock.now += DAY;
  for (let i = 0; i < 3; i++) {
    answer("right", "q3");
    clock.now += 3 * DAY;
  }
  const before = /** @type {import("../../overrides/src/review/cards.js").StoredCard} */ (reviews.card("b", "q3", "h1"));
  const lapsed = answer("wrong", "q3");
  assert.equal(lapsed.lapses, Number(before.lapses) + 1);
  assert.ok(lapsed.due - clock.now < DAY);
});

test("cards come due in order and survive a reload", () => {
  const { memory, clock, reviews, answer } = setUp();
  answer("wrong", "q1");
  answer("right", "q2");
  assert.deepEqual(reviews.due("b"), []);  // nothing due the moment it is answered
  clock.now += 2 * DAY;
  const due = createReviews(memory, () => clock.now).due("b");
  assert.deepEqual(due.map((card) => [card.id, card.hash]), [["q1", "h1"], ["q2", "h1"]]);
  assert.deepEqual(reviews.due("other"), []);
});

test("a damaged store starts afresh", () => {
  const { memory } = setUp();
  memory.items[REVIEWS_KEY] = "{broken";
  assert.deepEqual(createReviews(memory).due("b"), []);
});

test("cards travel in the progress file, and the later review wins", () => {
  const { clock, answer, reviews } = setUp();
  answer("right", "q1");
  clock.now += DAY;
  const newer = answer("wrong", "q2");
  const exported = JSON.parse(JSON.stringify(reviews.exportCards()));
  const other = createReviews({ getItem: () => null, setItem: () => {} }, () => clock.now);
  clock.now += DAY;
  review(other, "b", "q2", "h1", "right");  // reviewed later on the other device
  const kept = other.card("b", "q2", "h1");
  other.importCards(exported);
  other.importCards({ "bad key": { due: 1 }, "b/q3/h1": 5 });
  assert.deepEqual(other.card("b", "q1", "h1"), exported["b/q1/h1"]);
  assert.deepEqual(other.card("b", "q2", "h1"), kept);
  assert.notDeepEqual(kept, newer);
  assert.equal(other.card("b", "q3", "h1"), null);
});
