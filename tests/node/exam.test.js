// Drawing papers and scoring them (exam/draw.js), the history of past papers (exam/history.js)
// and the paper being sat (exam/sitting-store.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { draw, mapRecord, score, toBank } from "../../overrides/src/exam/draw.js";
import { createHistory, HISTORY_KEY } from "../../overrides/src/exam/history.js";
import { createSittingStore, SITTING_KEY } from "../../overrides/src/exam/sitting-store.js";
import { MemoryStorage } from "./memory-storage.js";

/** @typedef {import("../../overrides/src/types").QuestionType} QuestionType */

/** @type {QuestionType[]} */
const TYPES = ["single", "multiple", "judge", "fill", "calc"];

/** Practice data of `size` questions, 50 to a chapter, the types in turn, choices of 4 options; every tenth has no answer. */
function bank(size = 500) {
  /** @type {import("../../overrides/src/types").BankData["q"]} */
  const q = {};
  for (let n = 0; n < size; n++) {
    const t = TYPES[n % TYPES.length];
    /** @type {Partial<Record<QuestionType, string>>} */
    const keys = { single: "B", multiple: "AC", judge: "true" };
    const o = t === "single" || t === "multiple" ? { o: 4 } : {};  /* the index's option count */
    q[`q${n}`] = n % 10 === 9 ? { t, h: "0", n, a: null, ...o } : { t, h: "0", n, k: 1, a: keys[t] ?? "42", ...o };
  }
  const chapters = Array.from({ length: Math.ceil(size / 50) }, (_, k) => ({
    page: `c${k}`, q: Object.keys(q).slice(k * 50, k * 50 + 50),
  }));
  return { bank: "b", chapters, q };
}

const data = bank();

/**
 * @param {string} seed
 * @param {{shuffle?: boolean, chapters?: number[]} & Partial<Record<QuestionType, number>>} [counts]
 */
function settings(seed, { shuffle = true, chapters = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], ...counts } = {}) {
  const types = Object.fromEntries(TYPES.map((t) => [t, { n: counts[t] ?? 3, points: t === "multiple" ? 2 : 1 }]));
  return { seed, chapters, types, shuffle };
}

test("the same seed and settings draw the same paper", () => {
  const first = draw(data, settings("ABC123"));
  assert.deepEqual(draw(data, settings("ABC123")), first);
  const other = draw(data, settings("ABC124"));
  assert.notDeepEqual(other.items.map((i) => i.id), first.items.map((i) => i.id));
  assert.deepEqual(first.items.map((i) => i.t), TYPES.flatMap((t) => [t, t, t]));  // types in a fixed order
});

test("a paper holds distinct answerable questions of the chosen chapters", () => {
  const paper = draw(data, settings("s", { chapters: [1, 3], single: 20 }));
  const ids = paper.items.map((i) => Number(i.id.slice(1)));
  assert.equal(new Set(ids).size, 20 + 4 * 3);
  assert.equal(ids.length, 20 + 4 * 3);
  assert.ok(ids.every((n) => (n >= 50 && n < 100) || (n >= 150 && n < 200)));
  assert.ok(ids.every((n) => n % 10 !== 9));  // no answer: never drawn
  assert.deepEqual(paper.short, []);
});

test("a type with fewer questions than asked is drawn whole and named", () => {
  const paper = draw(data, settings("s", { chapters: [0], calc: 99 }));
  assert.equal(paper.items.filter((i) => i.t === "calc").length, 5);  // 10 in a chapter of 50, half without an answer
  assert.deepEqual(paper.short, [{ t: "calc", count: 5 }]);
});

test("shuffled options relabel the key", () => {
  const paper = draw(data, settings("x"));
  const choices = paper.items.filter((i) => i.t === "single" || i.t === "multiple");
  assert.ok(choices.every((i) => [...(i.perm ?? [])].sort().join() === "0,1,2,3"));
  assert.ok(paper.items.filter((i) => !choices.includes(i)).every((i) => i.perm === null));
  assert.ok(choices.some((i) => i.perm?.join() !== "0,1,2,3"));
  for (const item of choices) {
    const perm = /** @type {number[]} */ (item.perm);
    const record = mapRecord(data.q[item.id], perm);
    const key = item.t === "single" ? "B" : "AC";
    // the option the bank calls B (index 1) is shown at the position whose perm is 1
    assert.equal(record.a, [...key].map((k) => "ABCD"[perm.indexOf("ABCD".indexOf(k))]).sort().join(""));
    assert.equal(toBank(/** @type {string} */ (record.a), perm), key);
  }
  assert.ok(draw(data, settings("x", { shuffle: false })).items.every((i) => i.perm === null));
});

test("the score adds up by type", () => {
  const items = /** @type {import("../../overrides/src/exam/draw.js").Item[]} */ ([
    { id: "a", t: "single", points: 1, perm: null }, { id: "b", t: "single", points: 1, perm: null },
    { id: "c", t: "multiple", points: 2.5, perm: null }, { id: "d", t: "fill", points: 3, perm: null }]);
  const scored = score({ items }, ["right", "wrong", "right", null]);
  assert.equal(scored.got, 3.5);
  assert.equal(scored.max, 7.5);
  assert.deepEqual(scored.byType.single, { count: 2, right: 1, points: 1, got: 1, max: 2 });
  assert.equal(scored.byType.fill?.got, 0);
  assert.equal(Object.values(scored.byType).reduce((sum, row) => sum + row.got, 0), scored.got);
});

test("drawing is linear and fast at 5,000 questions", () => {
  const large = bank(5000);
  const asked = settings("s", { single: 60, multiple: 20, judge: 10, fill: 5, calc: 5 });
  const started = performance.now();
  for (let i = 0; i < 20; i++) draw(large, asked);
  assert.ok((performance.now() - started) / 20 < 50);
});

test("history keeps the newest papers and drops a damaged store", () => {
  const memory = new MemoryStorage();
  const history = createHistory(memory);
  const paper = { settings: { ...settings("S"), minutes: 60 }, used: 60, got: 1, max: 2, byType: {} };
  for (let n = 0; n < 55; n++) history.add({ ...paper, bank: "b", seed: `S${n}`, when: n });
  history.add({ ...paper, bank: "other", seed: "X", when: 99 });
  const again = createHistory(memory).of("b").map((e) => e.seed);
  assert.equal(again[0], "S54");
  assert.equal(again.length, 49);  // at most 50 entries kept, the other bank's among them
  memory.items[HISTORY_KEY] = "{not json";
  assert.deepEqual(createHistory(memory).of("b"), []);
});

test("the paper being sat is kept per bank until cleared, and a damaged one dropped", () => {
  const memory = new MemoryStorage();
  const sittings = createSittingStore(memory);
  const sitting = {
    paper: { seed: "S", items: [{ id: "q1", t: /** @type {QuestionType} */ ("single"), points: 1, perm: null }], short: [] },
    settings: { minutes: 30, chapters: [0], types: {}, seed: "S", shuffle: true }, started: 1000, answers: { q1: "B" },
  };
  sittings.save("b", sitting);
  sittings.save("other", sitting);
  sittings.clear("other");
  assert.deepEqual(createSittingStore(memory).load("b"), sitting);
  assert.equal(createSittingStore(memory).load("other"), null);
  sittings.clear("b");
  assert.equal(createSittingStore(memory).load("b"), null);
  for (const damaged of ["{not json", "[1]", JSON.stringify({ b: { paper: 3, started: 1 } }),
    JSON.stringify({ b: { paper: { seed: "S", items: [], short: [] }, settings: { minutes: 1 }, started: "1", answers: {} } })]) {
    memory.items[SITTING_KEY] = damaged;
    assert.equal(createSittingStore(memory).load("b"), null);
  }
});
