// The parts of the practice data (generator/practice/data.py) merged as the page loads them (page-data.js).
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { practiceData, questionHtml } from "../../overrides/src/page-data.js";

/** @typedef {import("../../overrides/src/types").PracticePart} PracticePart */
/** @typedef {import("../../overrides/src/types").PracticeRecord} PracticeRecord */

const CHAPTERS = [{ page: "b/chapter-1", q: ["q1", "q2"] }, { page: "b/chapter-2", q: ["q3"] }];
/** @type {Record<string, PracticeRecord>} the index's records, packed in columns in the chapters' order (generator/practice/data.py) */
const RECORDS = { q1: { t: "single", h: "h1", n: 1, o: 4, k: 1 }, q2: { t: "short", h: "h2", n: 2 }, q3: { t: "fill", h: "h3", n: 3, k: 1 } };
/** @type {PracticePart} */
const INDEX = { bank: "b", chapters: CHAPTERS, cols: { t: ["single", "short", "fill"], h: ["h1", "h2", "h3"], n: [1, 2, 3],
                                                       o: [4, 0, 0], k: [1, 0, 1] } };
/** @type {PracticePart & {q: Record<string, PracticeRecord>}} */
const CHAPTER_2 = { bank: "b", chapters: [CHAPTERS[1]], q: { q3: { t: "fill", h: "h3", n: 3, k: 1, s: "求…", a: "5.24" } } };

/** Parts pushed as the build's scripts push them. */
function push(/** @type {PracticePart[]} */ ...parts) {
  const given = /** @type {{practiceParts?: PracticePart[]}} */ (globalThis.studyGuide ??= {});
  (given.practiceParts ??= []).push(...structuredClone(parts));
}

beforeEach(() => { globalThis.studyGuide = {}; });

test("a chapter's records merge into the index's, which keeps its chapters and its records' identity", () => {
  push(INDEX);
  const record = practiceData().b.q.q3;
  assert.equal(record.a, undefined);
  push(CHAPTER_2);
  const data = practiceData().b;
  assert.equal(data.q.q3, record);  /* the same object, now whole */
  assert.deepEqual(record, CHAPTER_2.q.q3);
  assert.deepEqual(data.chapters, CHAPTERS);
  assert.deepEqual(data.q.q1, RECORDS.q1);
});

test("the index's columns unpack to one record per question, without the absent option count and key", () => {
  push(INDEX);
  assert.deepEqual(practiceData().b.q, RECORDS);
});

test("a chapter page's one part is its bank's data: that chapter and its records", () => {
  push(CHAPTER_2);
  assert.deepEqual(practiceData(), { b: { bank: "b", chapters: [CHAPTERS[1]], q: CHAPTER_2.q } });
});

test("a question's part adds its HTML to the object the run page already holds", () => {
  push(INDEX);
  const html = questionHtml("b");
  assert.deepEqual(html, {});
  push({ bank: "b", q: { q1: { ...RECORDS.q1, s: "下列…", a: "B" } }, html: { q1: { h: "<div class=\"question\"></div>", o: 4 } } });
  practiceData();
  assert.equal(questionHtml("b"), html);
  assert.deepEqual(Object.keys(html), ["q1"]);
  assert.equal(practiceData().b.q.q1.a, "B");
  assert.deepEqual(practiceData().b.chapters, CHAPTERS);  /* a question's part names no chapter */
});

test("each part is merged once", () => {
  push(INDEX, CHAPTER_2);
  practiceData();
  assert.deepEqual(/** @type {{practiceParts: unknown[]}} */ (globalThis.studyGuide).practiceParts, []);
  practiceData().b.q.q3.a = "changed";
  assert.equal(practiceData().b.q.q3.a, "changed");  /* not merged over again */
});
