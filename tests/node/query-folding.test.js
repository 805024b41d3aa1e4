// Query folding as the browser does it (search/query-folding.js), with the tables, separator and
// constants the Python side writes (tests/golden/query-folding.json, from test_query_folding_cases.py).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { queryFolding } from "../../overrides/src/search/query-folding.js";

const cases = JSON.parse(readFileSync(new URL("../golden/query-folding.json", import.meta.url), "utf8"));
const SENTINEL = cases.constants.sentinel;
const fold = (/** @type {string} */ query, config = cases.config) => queryFolding(config, cases.constants)(query);

test("Chinese is cut into the index's words, the sentinel behind each", () => {
  const folded = fold("位置编码与混合精度训练");
  assert.equal(folded, ["位置编码", "与", "混合精度", "训练"].map((word) => word + SENTINEL).join(" "));
  assert.ok(folded.split(" ").every((piece) => cases.indexWords.includes(piece.replace(SENTINEL, ""))));
});

test("the other script is written as the index writes it", () => {
  assert.equal(fold("位置編碼"), "位置编码" + SENTINEL);
});

test("a piece that only begins a word is a prefix search, and unknown Chinese stays", () => {
  assert.equal(fold("混合精"), "混合精");  // begins 混合精度: no sentinel
  assert.equal(fold("量化蒸馏"), "量化" + SENTINEL + " 蒸馏");  // 蒸馏 is no word of the index
});

test("run-together English is split only where the index holds the words", () => {
  assert.equal(fold("KVcacheeviction"), "kv cache eviction");
  assert.equal(fold("KV-cache"), "kv cache");
  assert.equal(fold("FlashAttention"), "FlashAttention");  // "flash attention" is listed only with both words
  assert.equal(fold("FlashAttention", cases.configWithFlash), "flash attention");
});

test("a word with signs requires each part the Python separator cuts", () => {
  for (const [query, parts] of Object.entries(cases.signedParts)) {
    assert.equal(fold(query), parts.map((/** @type {string} */ part) => "+" + part).join(" "), query);
  }
  assert.equal(fold("+lr"), "+lr");
  assert.equal(fold("4096"), "4096");
  assert.equal(fold("title:size=4096"), "title:size=4096");  // Lunr's syntax left alone
});

test("Latin beside Chinese is set apart by the Python Han class", () => {
  assert.equal(fold("INT8量化"), "INT8 量化" + SENTINEL);
  for (const [char, apart] of Object.entries(cases.hanEdges)) {
    assert.equal(fold("a" + char, null) === "a " + char, apart, char.codePointAt(0)?.toString(16));
  }
});

test("without the index config a query only has its spacing tidied", () => {
  assert.equal(fold("  位置編碼  KVcache size=4096 ", null), "位置編碼 KVcache size=4096");
});
