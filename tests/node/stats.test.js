// The 统计 page's figures (stats/aggregate.js) and the log of answers per day (stats/daily.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { accuracy, answersPerDay, currentCards, dayOf, days, dueAhead, items, mastery, NEW_PER_DAY, rate, todayPlan }
  from "../../overrides/src/stats/aggregate.js";
import { createDaily, DAILY_KEY } from "../../overrides/src/stats/daily.js";
import { MemoryStorage } from "./memory-storage.js";

const HOUR = 3_600_000, DAY = 24 * HOUR;
const NOW = new Date(2026, 2, 10, 15).getTime();  /* local time, as the page's days are */

/** Two banks: b1 with chapters c1 (q1 single, q2 multiple, q3 single) and c2 (q4 judge), b2 with one chapter (p1). */
/** @type {Record<string, import("../../overrides/src/types").BankData>} */
const DATA = {
  b1: { bank: "b1", chapters: [{ page: "b1/c1", q: ["q1", "q2", "q3"] }, { page: "b1/c2", q: ["q4", "gone"] }],
        q: { q1: { t: "single", h: "h1", n: 1 }, q2: { t: "multiple", h: "h2", n: 2 }, q3: { t: "single", h: "h3", n: 3 },
             q4: { t: "judge", h: "h4", n: 4 } } },
  b2: { bank: "b2", chapters: [{ page: "b2/c1", q: ["p1"] }], q: { p1: { t: "single", h: "k1", n: 1 } } },
};

function entry(/** @type {number} */ n, /** @type {number} */ r, /** @type {number} */ s, /** @type {"right" | "wrong"} */ last,
               /** @type {number} */ t) {
  return { n, r, w: n - r, s, last, t };
}

/** A lookup over entries keyed "bank/id/hash", as the progress store's get. */
function lookupOf(/** @type {Record<string, any>} */ entries) {
  return (/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) => entries[`${bank}/${id}/${hash}`] ?? null;
}

const ENTRIES = {
  "b1/q1/h1": entry(3, 3, 2, "right", NOW - HOUR),  // mastered
  "b1/q2/h2": entry(2, 1, 0, "wrong", NOW - 2 * HOUR),  // learning
  "b1/q3/old": entry(4, 4, 4, "right", NOW),  // an answer to a text since corrected: q3 is new
  "b1/q4/h4": entry(1, 1, 1, "right", NOW - 40 * DAY),  // right once: learning
};

test("items list every question of the data in chapter order, skipping ids without a record", () => {
  const all = items(DATA);
  assert.deepEqual(all.map((item) => `${item.bank}/${item.id}`), ["b1/q1", "b1/q2", "b1/q3", "b1/q4", "b2/p1"]);
  assert.deepEqual(all[3], { bank: "b1", id: "q4", page: "b1/c2", type: "judge", hash: "h4" });
});

test("accuracy by chapter and by type counts every answer given to the current texts", () => {
  const { chapters, types } = accuracy(items(DATA), lookupOf(ENTRIES));
  assert.deepEqual(chapters.get("b1/c1"), { answered: 2, given: 5, right: 4, count: 3 });
  assert.deepEqual(chapters.get("b1/c2"), { answered: 1, given: 1, right: 1, count: 1 });
  assert.deepEqual(chapters.get("b2/c1"), { answered: 0, given: 0, right: 0, count: 1 });
  assert.deepEqual(types.get("single"), { answered: 1, given: 3, right: 3, count: 3 });
  assert.equal(rate(/** @type {any} */ (chapters.get("b1/c1"))), 0.8);
  assert.equal(rate(/** @type {any} */ (chapters.get("b2/c1"))), null);
});

test("mastered needs the last answer right twice in a row; answered otherwise is learning; never is new", () => {
  assert.deepEqual(mastery(items(DATA), lookupOf(ENTRIES)), { mastered: 1, learning: 2, fresh: 2 });
  const once = { "b1/q1/h1": entry(5, 4, 1, "right", NOW) };
  assert.deepEqual(mastery(items(DATA), lookupOf(once)), { mastered: 0, learning: 1, fresh: 4 });
});

test("days run back to today and ahead from it, across a month's end", () => {
  assert.deepEqual(days(NOW, 3, "back"), ["2026-03-08", "2026-03-09", "2026-03-10"]);
  assert.deepEqual(days(new Date(2026, 1, 27, 23, 59).getTime(), 3, "ahead"), ["2026-02-27", "2026-02-28", "2026-03-01"]);
  assert.equal(dayOf(new Date(2026, 0, 5, 0, 0).getTime()), "2026-01-05");
});

test("answers per day come from the log; days before it began from each question's last answer", () => {
  const log = { "2026-03-09": 5, "2026-03-10": 2 };
  const entries = { ...ENTRIES, "b1/q4/h4": entry(1, 1, 1, "right", NOW - 3 * DAY), "b2/p1/k1": entry(1, 0, 0, "wrong", NOW - 3 * DAY) };
  const counted = answersPerDay(log, items(DATA), lookupOf(entries), NOW, 5);
  assert.deepEqual(counted, [{ day: "2026-03-06", count: 0 }, { day: "2026-03-07", count: 2 }, { day: "2026-03-08", count: 0 },
                             { day: "2026-03-09", count: 5 }, { day: "2026-03-10", count: 2 }]);
  assert.equal(answersPerDay({}, items(DATA), lookupOf(ENTRIES), NOW).length, 30);
  // Without a log, today's answers are each question's last: q1 and q2 (q3's is of an old text).
  assert.equal(answersPerDay({}, items(DATA), lookupOf(ENTRIES), NOW).at(-1)?.count, 2);
});

test("reviews due ahead: overdue cards count today, cards past the span are left out", () => {
  const cards = [{ due: NOW - 3 * DAY }, { due: NOW + HOUR }, { due: NOW + 2 * DAY }, { due: NOW + 2 * DAY + HOUR },
                 { due: NOW + 20 * DAY }];
  const ahead = dueAhead(cards, NOW, 14);
  assert.equal(ahead.length, 14);
  assert.deepEqual(ahead.slice(0, 3).map((d) => d.count), [2, 0, 2]);
  assert.equal(ahead.reduce((sum, d) => sum + d.count, 0), 4);
});

test("only the cards of the questions' current texts count", () => {
  const cards = { "b1/q1/h1": { due: 1 }, "b1/q3/old": { due: 2 }, "b2/p1/k1": { due: 3 }, "b9/x/y": { due: 4 } };
  assert.deepEqual(currentCards(cards, items(DATA)).map((c) => c.due), [1, 3]);
});

test("today's plan: due now, new questions from the first never answered, the question after the last answered", () => {
  const all = items(DATA);
  const plan = todayPlan(all, lookupOf(ENTRIES), [{ due: NOW - HOUR }, { due: NOW + HOUR }], NOW);
  assert.equal(plan.due, 1);
  assert.equal(plan.fresh, 2);
  assert.equal(plan.firstNew?.id, "q3");
  assert.equal(plan.resume?.id, "q2");  // q1 was answered last (q3's later answer is of an old text)
  // The last question of a bank answered last: it is where to go on, not the next bank's first.
  const last = todayPlan(all, lookupOf({ "b1/q4/h4": entry(1, 1, 1, "right", NOW) }), [], NOW);
  assert.equal(last.resume?.id, "q4");
  assert.equal(todayPlan(all, lookupOf({}), [], NOW).resume, null);
  const many = { bank: "m", chapters: [{ page: "m/c", q: Array.from({ length: 50 }, (_, i) => `q${i}`) }],
                 q: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`q${i}`, { t: "single", h: "h", n: i }])) };
  assert.equal(todayPlan(items({ m: /** @type {import("../../overrides/src/types").BankData} */ (many) }), lookupOf({}), [], NOW).fresh, NEW_PER_DAY);
});

test("the daily log counts answers on their day and keeps them", () => {
  const memory = new MemoryStorage();
  const clock = { now: NOW };
  const daily = createDaily(memory, () => clock.now);
  daily.record();
  daily.record();
  clock.now += DAY;
  daily.record();
  assert.deepEqual(daily.counts(), { "2026-03-10": 2, "2026-03-11": 1 });
  assert.deepEqual(createDaily(memory).counts(), daily.counts());
  assert.equal(JSON.parse(memory.items[DAILY_KEY]).format, "study-guide-daily");
});

test("the daily log merges an import day by day and leaves out what is not a day and a count", () => {
  const daily = createDaily(new MemoryStorage(), () => NOW);
  daily.record();
  const refused = daily.importDays({ "2026-03-10": 1, "2026-03-01": 7, "2026-3-2": 4, "2026-03-03": -1,
                                     "2026-03-04": 1.5, "2026-03-05": "9" });
  assert.equal(refused, 4);  // the import's message counts them
  daily.importDays([1, 2]);
  daily.importDays(null);
  assert.deepEqual(daily.counts(), { "2026-03-10": 1, "2026-03-01": 7 });
});

test("a log that cannot be read starts afresh, as does one without storage", () => {
  const memory = new MemoryStorage();
  memory.setItem(DAILY_KEY, "{not json");
  assert.deepEqual(createDaily(memory).counts(), {});
  memory.setItem(DAILY_KEY, JSON.stringify({ format: "study-guide-daily", days: { "2026-03-01": "x", "2026-03-02": 3 } }));
  assert.deepEqual(createDaily(memory).counts(), { "2026-03-02": 3 });
  const none = createDaily(null, () => NOW);
  none.record();
  assert.deepEqual(none.counts(), { "2026-03-10": 1 });
});

test("the log keeps the last 400 days", () => {
  const memory = new MemoryStorage();
  const clock = { now: NOW };
  const daily = createDaily(memory, () => clock.now);
  for (let i = 0; i < 410; i++, clock.now += DAY) daily.record();
  const kept = Object.keys(createDaily(memory).counts()).sort();
  assert.equal(kept.length, 400);
  assert.equal(kept.at(-1), dayOf(clock.now - DAY));
});
