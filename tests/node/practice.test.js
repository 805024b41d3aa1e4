// Judging answers and keeping progress as the chapter pages do (practice/judge.js, practice/store.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { judge } from "../../overrides/src/practice/judge.js";
import { createStore, PROGRESS_KEY } from "../../overrides/src/practice/store.js";
import { MemoryStorage } from "./memory-storage.js";

/** @typedef {import("../../overrides/src/types").PracticeRecord} PracticeRecord */

/** @param {Omit<PracticeRecord, "h" | "n">} fields */
const record = (fields) => ({ h: "0", n: 1, ...fields });
const verdict = (/** @type {PracticeRecord} */ asked, /** @type {string} */ response) => judge(asked, response)?.verdict;

const Q3 = record({ t: "fill", a: "0.0005", e: "≈1.227×10^(-5)", d: 4 });  // the bundled bank's question 3
const Q9 = record({ t: "fill", a: "5.24", d: 2, u: "億" });

test("a single choice", () => {
  assert.deepEqual(judge(record({ t: "single", a: "B" }), "B"), { verdict: "right", matched: "bank", kind: null });
  assert.deepEqual(judge(record({ t: "single", a: "B" }), "A"), { verdict: "wrong", matched: null, kind: null });
});

test("a wrong multiple choice names what went wrong", () => {
  for (const [response, kind] of [["BC", "missed"], ["ABC", "extra"], ["A", "extra"]]) {
    assert.deepEqual(judge(record({ t: "multiple", a: "BCD" }), response), { verdict: "wrong", matched: null, kind });
  }
});

test("the editor's answer is accepted and named", () => {
  const asked = record({ t: "multiple", a: "AC", e: "ABC" });
  assert.equal(judge(asked, "CBA")?.matched, "editor");
  assert.equal(judge(asked, "AC")?.matched, "bank");
  assert.equal(judge(Q3, "0.0000")?.matched, "editor");  // the editor's 1.227e-5 to 4 decimals
  assert.equal(judge(Q3, "1.227e-5")?.matched, "editor");
  assert.equal(judge(Q3, "0.0005")?.matched, "bank");
});

test("a number within the decimals the stem asks, and in any unit", () => {
  for (const [response, expected] of [
    ["5.24", "right"], ["5.244", "right"], ["5.246", "wrong"], ["5.235", "right"], ["5.23", "wrong"],
    ["５．２４", "right"], ["5.24亿", "right"], ["5.24 億", "right"], ["524000000", "right"],
    ["52400万", "right"], ["5.24万", "wrong"], ["", "wrong"], ["五點二四", "wrong"]]) {
    assert.equal(verdict(Q9, response), expected, response);
  }
});

test("without decimals a number is right within one percent", () => {
  for (const [response, expected] of [["1024", "right"], ["1030", "right"], ["1040", "wrong"],
    ["1,024", "right"], ["1.024e3", "right"]]) {
    assert.equal(verdict(record({ t: "calc", a: "1024" }), response), expected, response);
  }
});

test("text is compared without width, case, spaces or separators", () => {
  for (const [answer, response, expected] of [
    ["45%", "45", "right"], ["45%", "0.45", "right"], ["45%", "45％", "right"], ["45%", "46%", "wrong"],
    ["42.3", "42.3GB", "right"], ["ReLU、Sigmoid", "relu, sigmoid", "right"],
    ["ReLU、Sigmoid", "ＲｅＬＵ and Sigmoid", "right"], ["ReLU、Sigmoid", "Sigmoid、ReLU", "wrong"],
    ["Tensor Core", "tensorcore", "right"], ["梯度裁剪", "梯度裁剪。", "right"], ["梯度裁剪", "梯度", "wrong"]]) {
    assert.equal(verdict(record({ t: "fill", a: answer }), response), expected, `${answer} / ${response}`);
  }
});

test("judge and unanswerable questions", () => {
  assert.equal(verdict(record({ t: "judge", a: "true" }), "true"), "right");
  assert.equal(verdict(record({ t: "judge", a: "true" }), "false"), "wrong");
  assert.equal(judge(record({ t: "multiple", a: null }), "A"), null);
  assert.equal(judge(record({ t: "short" }), "我會"), null);
});

test("progress is kept by bank, question and hash", () => {
  const memory = new MemoryStorage();
  const store = createStore(memory, () => 1000);
  store.record("bank", "q1", "abc", "wrong", "A");
  store.record("bank", "q1", "abc", "right", "B");
  const again = createStore(memory);
  assert.deepEqual(again.get("bank", "q1", "abc"), { n: 2, r: 1, w: 1, s: 1, last: "right", a: "B", wa: "A", t: 1000 });
  assert.equal(again.get("bank", "q1", "abd"), null);  // a corrected question starts afresh
  assert.equal(again.notice, null);
  assert.deepEqual(again.counts("bank", ["q1", "q2"], { q1: "abc", q2: "x" }), { answered: 1, right: 1, count: 2 });
});

test("a corrupted store is set aside and says so; a damaged entry alone is refused", () => {
  for (const stored of ["{not json", "[]", '{"format": "other"}']) {
    const memory = new MemoryStorage();
    memory.items[PROGRESS_KEY] = stored;
    const store = createStore(memory);
    assert.deepEqual([store.notice, store.size(), memory.getItem(PROGRESS_KEY)], ["corrupted", 0, null], stored);
    assert.equal(memory.getItem(PROGRESS_KEY + ".set-aside"), stored);
  }
  const memory = new MemoryStorage();
  memory.items[PROGRESS_KEY] = '{"format": "study-guide-progress", "version": 1, "entries": {"b/q1/ab": {"n": "many"}}}';
  assert.deepEqual([createStore(memory).notice, createStore(memory).size()], ["repaired", 0]);
});

test("export and import round trip, and the later entry wins", () => {
  const a = createStore(new MemoryStorage(), () => 5);
  a.record("b", "q1", "a1", "right", "A");
  a.record("b", "q2", "a2", "wrong", "x");
  const exported = JSON.parse(JSON.stringify(a.exportData()));
  const b = createStore(new MemoryStorage(), () => 9);
  b.record("b", "q2", "a2", "right", "y");
  assert.deepEqual(b.importData(exported), { count: 2, refused: 0 });
  assert.equal(b.get("b", "q1", "a1")?.a, "A");
  assert.equal(b.get("b", "q2", "a2")?.a, "y");
  assert.throws(() => b.importData({ format: "study-guide-progress", version: 2, entries: {} }), /not a study-guide progress file/);
  assert.equal(exported.exported, "1970-01-01T00:00:00.005Z");
});

test("a part kept beside the answers hears each answer and travels in the file", () => {
  // 今日复习's cards are such a part (review/record.js): every answer is a review, and the
  // progress file carries them; a file that is not ours reaches no part.
  /** @type {unknown[]} */
  const heard = [];
  /** @type {unknown[]} */
  const imported = [];
  const store = createStore(new MemoryStorage());
  store.extend({ name: "cards", record: (bank, id, hash, verdict) => heard.push([id, verdict]),
                 exportData: () => ({ q1: 1 }), importData: (section) => imported.push(section) });
  store.record("b", "q1", "ab", "wrong", "A");
  const exported = JSON.parse(JSON.stringify(store.exportData()));
  store.importData(exported);
  assert.throws(() => store.importData({ format: "other" }));  // refused before any part
  assert.deepEqual([heard, exported.cards, imported], [[["q1", "wrong"]], { q1: 1 }, [{ q1: 1 }]]);
});

test("without storage answers are kept for the page, and that is said", () => {
  const store = createStore(null);
  store.record("b", "q1", "h", "right", "A");
  assert.deepEqual([store.notice, store.get("b", "q1", "h")?.r], ["unavailable", 1]);
});

test("a question leaves the mistakes after two rights in a row, or by hand", () => {
  const memory = new MemoryStorage();
  const store = createStore(memory);
  /** @type {boolean[]} */
  const seen = [];
  const look = () => seen.push(store.inMistakes(store.get("b", "q1", "a1")));
  look();  // never answered
  for (const [answered, response] of [["wrong", "A"], ["right", "B"], ["wrong", "C"], ["right", "B"], ["right", "B"]]) {
    store.record("b", "q1", "a1", /** @type {"right" | "wrong"} */ (answered), response);  // a wrong answer starts the count again
    look();
  }
  store.record("b", "q2", "a2", "wrong", "x");
  store.dismiss("b", "q2", "a2");
  seen.push(store.inMistakes(store.get("b", "q2", "a2")));
  store.record("b", "q2", "a2", "right", "y");
  seen.push(createStore(memory).inMistakes(createStore(memory).get("b", "q2", "a2")));
  store.record("b", "q2", "a2", "wrong", "z");  // wrong again: back in
  seen.push(store.inMistakes(store.get("b", "q2", "a2")));
  assert.deepEqual(seen, [false, true, true, true, true, false, false, false, true]);
});

test("stars are kept, exported, imported and reset", () => {
  const memory = new MemoryStorage();
  const store = createStore(memory);
  store.star("b", "q1", true);
  store.star("b", "q2", true);
  store.star("b", "q2", false);
  const exported = JSON.parse(JSON.stringify(store.exportData()));
  store.reset();
  const after = store.isStarred("b", "q1");
  store.importData(exported);
  const again = createStore(memory);
  assert.deepEqual([after, again.isStarred("b", "q1"), again.isStarred("b", "q2")], [false, true, false]);
});

test("a choice may name the seventh and eighth options, G and H", () => {
  assert.equal(verdict(record({ t: "multiple", a: "CGH" }), "CGH"), "right");
  assert.deepEqual(judge(record({ t: "multiple", a: "CGH" }), "CG"), { verdict: "wrong", matched: null, kind: "missed" });
  assert.equal(verdict(record({ t: "single", a: "H" }), "H"), "right");
});
