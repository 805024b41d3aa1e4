// Progress files and stored state a red team wrote (issue 30, defects 5 and 18): every record
// validated, bad ones refused or repaired, the pages' stores never broken by what they read.
import assert from "node:assert/strict";
import { test } from "node:test";

import { createHistory, HISTORY_KEY } from "../../overrides/src/exam/history.js";
import { createSittingStore, SITTING_KEY } from "../../overrides/src/exam/sitting-store.js";
import { createStore, PROGRESS_KEY } from "../../overrides/src/practice/store.js";
import { createReviews, REVIEWS_KEY } from "../../overrides/src/review/cards.js";
import { review } from "../../overrides/src/review/schedule.js";
import { MemoryStorage } from "./memory-storage.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 0, 5, 9);
const ENTRY = { n: 1, r: 1, w: 0, s: 1, last: "right", a: "B", t: NOW };

/** A localStorage that refuses to hold more than `quota` characters, as browsers do (about 5 MB). */
class SmallStorage extends MemoryStorage {
  constructor(/** @type {number} */ quota) {
    super();
    this.quota = quota;
  }

  /** @override */
  setItem(/** @type {string} */ key, /** @type {unknown} */ value) {
    const others = Object.entries(this.items).filter(([k]) => k !== key).reduce((sum, [, v]) => sum + v.length, 0);
    if (others + String(value).length > this.quota) throw new Error("QuotaExceededError");
    super.setItem(key, value);
  }
}

/** The cards and answers of a progress file, as the home page's import reads it. */
function progressFile(/** @type {Record<string, unknown>} */ entries, /** @type {unknown} */ reviews) {
  return { format: "study-guide-progress", version: 1, entries, stars: {}, reviews };
}

/** A store with the review cards beside it, as the pages join them (review/record.js). */
function practice(/** @type {MemoryStorage} */ memory) {
  const store = createStore(memory, () => NOW);
  const cards = createReviews(memory, () => NOW);
  store.extend({ name: "reviews", record: (bank, id, hash, verdict) => review(cards, bank, id, hash, verdict),
                 exportData: () => cards.exportCards(), importData: (section) => cards.importCards(section) });
  return { store, cards };
}

test("an imported review card {due: 0} is refused and practice goes on", () => {
  const memory = new MemoryStorage();
  const { store, cards } = practice(memory);
  const result = store.importData(progressFile({ "b/q1/ab": ENTRY }, { "b/q1/ab": { due: 0 }, "b/q2/ab": { due: "soon" } }));
  assert.equal(result.count, 1);
  assert.equal(cards.card("b", "q1", "ab"), null);
  store.record("b", "q1", "ab", "right", "B");  // threw "Invalid date" inside ts-fsrs before
  const card = cards.card("b", "q1", "ab");
  assert.ok(card && Number.isFinite(card.due) && card.due > NOW);
  assert.deepEqual(createReviews(memory, () => NOW + 30 * DAY).due("b").map((c) => c.id), ["q1"]);
});

test("stored review cards of any shape never break an answer", () => {
  for (const stored of [{ due: 0 }, { due: NOW, stability: "x", state: 9 }, { due: Infinity }, { due: NOW, reps: -1 }, []]) {
    const memory = new MemoryStorage();
    memory.items[REVIEWS_KEY] = JSON.stringify({ format: "study-guide-reviews", version: 1, cards: { "b/q1/ab": stored } });
    const { store, cards } = practice(memory);
    assert.deepEqual(cards.due("b"), [], JSON.stringify(stored));
    store.record("b", "q1", "ab", "wrong", "A");
    assert.ok(Number.isFinite(cards.card("b", "q1", "ab")?.due), JSON.stringify(stored));
  }
});

test("a stored card store that is not ours is set aside and said", () => {
  const memory = new MemoryStorage();
  memory.items[REVIEWS_KEY] = '{"format": "study-guide-reviews", "cards": [1, 2]}';
  const cards = createReviews(memory, () => NOW);
  assert.equal(cards.notice, "corrupted");
  assert.equal(memory.getItem(REVIEWS_KEY + ".set-aside"), '{"format": "study-guide-reviews", "cards": [1, 2]}');
});

test("an import keeps the good records, refuses the bad and says how many", () => {
  const store = createStore(new MemoryStorage(), () => NOW);
  const entries = {
    "b/q1/ab": ENTRY,
    "b/q2/ab": { ...ENTRY, n: "many" },
    "b/q3/ab": { ...ENTRY, a: ["A", "B"] },
    "b/q4/ab": { ...ENTRY, last: "maybe" },
    "not a key": ENTRY,
    "b/q5/ab": { ...ENTRY, a: "x".repeat(100_000) },
    "b/q6/ab": { ...ENTRY, t: Infinity },
  };
  const result = store.importData({ ...progressFile(entries, undefined), stars: { "b/q1": NOW, "b/q2": "x", bad: 1 } });
  assert.deepEqual(result, { count: 2, refused: 7 });
  assert.equal(store.get("b", "q5", "ab")?.a?.length, 2000);  // repaired: the answer cut to what a store keeps
  assert.equal(store.get("b", "q2", "ab"), null);
  assert.ok(store.isStarred("b", "q1") && !store.isStarred("b", "q2"));
});

test("huge arrays and other shapes are refused as a whole", () => {
  const store = createStore(new MemoryStorage(), () => NOW);
  const huge = Array.from({ length: 200_000 }, () => ENTRY);
  for (const data of [{ format: "study-guide-progress", version: 1, entries: huge }, huge, null, "text",
    { format: "study-guide-progress", version: 1, entries: Object.fromEntries(huge.map((e, i) => [`b/q${i}/ab`, e])) }]) {
    assert.throws(() => store.importData(data), /progress file/);
  }
  assert.equal(store.size(), 0);
});

test("an import too large for the browser's storage imports nothing and says so", () => {
  const memory = new SmallStorage(50_000);
  const store = createStore(memory, () => NOW);
  store.record("b", "q0", "ab", "wrong", "A");
  const entries = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`b/q${i + 1}/ab`, ENTRY]));
  assert.throws(() => store.importData(progressFile(entries, undefined)), /too large/);
  assert.equal(store.size(), 1);  // nothing half-imported in the page either
  assert.equal(Object.keys(JSON.parse(memory.getItem(PROGRESS_KEY) ?? "{}").entries).length, 1);
  assert.equal(store.notice, null);
});

test("a corrupted progress store is set aside, not lost, and said", () => {
  const memory = new MemoryStorage();
  memory.items[PROGRESS_KEY] = "{not json";
  const store = createStore(memory);
  assert.deepEqual([store.notice, store.size(), memory.getItem(PROGRESS_KEY + ".set-aside")], ["corrupted", 0, "{not json"]);
});

test("exam history and a paper being sat of any shape load as valid or not at all", () => {
  const memory = new MemoryStorage();
  const paper = { seed: "S", items: [{ id: "q1", t: "single", points: 1, perm: [1, 0] }], short: [] };
  const settings = { seed: "S", chapters: [0], types: { single: { n: 1, points: 1 } }, shuffle: true, minutes: 60 };
  memory.items[HISTORY_KEY] = JSON.stringify([
    { bank: "b", seed: "S", settings, when: NOW, used: 30, got: 1, max: 1, byType: {}, wrong: [] },
    { bank: "b", seed: "S", settings: { chapters: "all" }, when: NOW, used: 30, got: 1, max: 1, byType: {} },
    { bank: "b", seed: "S", settings, when: NOW, used: 30, got: 1, max: 1, byType: {}, wrong: [1, 2] },
  ]);
  assert.equal(createHistory(memory).of("b").length, 1);
  for (const items of [[{ id: 1 }], [{ id: "q1", t: "single", points: 1, perm: [5, 5] }], [null]]) {
    memory.items[SITTING_KEY] = JSON.stringify({ b: { paper: { ...paper, items }, settings, started: NOW, answers: {} } });
    assert.equal(createSittingStore(memory).load("b"), null, JSON.stringify(items));
  }
  memory.items[SITTING_KEY] = JSON.stringify({ b: { paper, settings, started: NOW, answers: { q1: 5 } } });
  assert.equal(createSittingStore(memory).load("b"), null);
  memory.items[SITTING_KEY] = JSON.stringify({ b: { paper, settings, started: NOW, answers: { q1: "A" } } });
  assert.deepEqual(createSittingStore(memory).load("b")?.answers, { q1: "A" });
});

test("the hostile progress file of tests/hostile imports its good answers and refuses the rest", async () => {
  const { readFile } = await import("node:fs/promises");
  const file = JSON.parse(await readFile(new URL("../hostile/progress_import.json", import.meta.url), "utf-8"));
  const memory = new MemoryStorage();
  const { store, cards } = practice(memory);
  const papers = createHistory(memory);
  store.extend({ name: "exams", record() {}, exportData: () => papers.exportPapers(),
                 importData: (section) => papers.importPapers(section) });
  assert.deepEqual(store.importData(file), { count: 2, refused: 16 });
  assert.equal(store.get("bank", "q6", "ab")?.a?.length, 2000);
  assert.equal(Object.getPrototypeOf({}).n, undefined);  // "__proto__" was refused, not merged into Object
  assert.deepEqual([cards.due("bank"), papers.of("bank")], [[], []]);
  store.record("bank", "q1", "ab", "right", "B");
  assert.ok(Number.isFinite(cards.card("bank", "q1", "ab")?.due));
});
