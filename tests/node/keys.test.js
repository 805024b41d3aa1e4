// Which option a practice key names (practice/keys.js): digits and letters up to the eighth option, H.
import assert from "node:assert/strict";
import { test } from "node:test";

import { optionIndex } from "../../overrides/src/practice/keys.js";

test("1–8 and A–H, in either case, name the options in order", () => {
  assert.deepEqual([..."12345678"].map(optionIndex), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual([..."ABCDEFGH"].map(optionIndex), [0, 1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual([..."abcdefgh"].map(optionIndex), [0, 1, 2, 3, 4, 5, 6, 7]);
});

test("other keys name no option", () => {
  for (const key of ["9", "0", "I", "i", "z", "Enter", "ArrowRight", "F1", " ", "", "ab"]) {
    assert.equal(optionIndex(key), -1, key);
  }
});
