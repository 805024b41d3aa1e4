// What an answered question shows (practice/marks.js) and a term's definition as the popover reads it
// (reader/term-popover.js, issue 30 defect 12).
import assert from "node:assert/strict";
import { test } from "node:test";

import { optionMarks } from "../../overrides/src/practice/marks.js";
import { definitionText } from "../../overrides/src/reader/term-popover.js";

/** @typedef {import("../../overrides/src/types").PracticeRecord} PracticeRecord */

/** @param {Omit<PracticeRecord, "h" | "n">} fields */
const record = (fields) => ({ h: "0", n: 1, ...fields });
const ABCD = ["A", "B", "C", "D"];

test("a single choice: the pick right or wrong, and the key", () => {
  assert.deepEqual(optionMarks(record({ t: "single", a: "B" }), ABCD, ["A"]), ["wrong", "key", "", ""]);
  assert.deepEqual(optionMarks(record({ t: "single", a: "B" }), ABCD, ["B"]), ["", "right", "", ""]);
  assert.deepEqual(optionMarks(record({ t: "single", a: "B" }), ABCD, []), ["", "key", "", ""]);
});

test("a multiple choice shows missed and wrong picks apart", () => {
  assert.deepEqual(optionMarks(record({ t: "multiple", a: "BCD" }), ABCD, ["A", "B"]), ["wrong", "right", "missed", "missed"]);
  assert.deepEqual(optionMarks(record({ t: "multiple", a: "BCD" }), ABCD, []), ["", "key", "key", "key"]);
});

test("picks that match the editor's answer are held to it", () => {
  const asked = record({ t: "multiple", a: "AC", e: "ABC" });
  assert.deepEqual(optionMarks(asked, ABCD, ["A", "B", "C"]), ["right", "right", "right", ""]);
  assert.deepEqual(optionMarks(asked, ABCD, ["A", "B"]), ["right", "wrong", "missed", ""]);
});

test("true or false", () => {
  assert.deepEqual(optionMarks(record({ t: "judge", a: "false" }), ["true", "false"], ["true"]), ["wrong", "key"]);
});

test("a definition with & < > reads as written: the title's entities decoded once", () => {
  // generator/pages/prose.py writes the title as the definition's HTML (Material's tooltip sets it as HTML).
  assert.equal(definitionText("R&amp;D 与 p&lt;q、a&gt;b"), "R&D 与 p<q、a>b");
  assert.equal(definitionText("写作 &amp;amp; 的实体"), "写作 &amp; 的实体");
  assert.equal(definitionText("&lt;img onerror=x&gt;"), "<img onerror=x>");  // text, set with textContent
});
