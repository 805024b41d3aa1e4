/**
 * What each option of an answered question is marked as, the way exam apps mark them: the
 * options picked right or wrong, the right ones not picked (漏选 in a multiple choice, else
 * simply the key).  Pure: the record and the picks are given; question.js draws the marks.
 */
import { judge } from "./judge.js";

/** @typedef {"right" | "wrong" | "missed" | "key" | ""} Mark */

function letters(/** @type {string | null | undefined} */ text) {
  return [...new Set(String(text ?? "").toUpperCase().replace(/[^A-Z]/g, ""))];
}

/** The key the picks are held to: the editor's when they matched it alone, else the bank's (or the editor's where the bank has none). */
function keyOf(/** @type {import("../types").PracticeRecord} */ record, /** @type {string[]} */ picked) {
  const answer = picked.length && judge(record, picked.join(""))?.matched === "editor" ? record.e : record.a ?? record.e;
  if (answer == null) return [];
  return record.t === "judge" ? [answer] : letters(answer);
}

/**
 * The mark of each option value (letters "A"…, or "true"/"false" for 判断), in `values` order.
 * @param {import("../types").PracticeRecord} record
 * @param {string[]} values every option's value
 * @param {string[]} picked the values chosen (none: the key alone is marked)
 * @returns {Mark[]}
 */
export function optionMarks(record, values, picked) {
  const key = keyOf(record, picked);
  return values.map((value) => {
    const inKey = key.includes(value);
    if (picked.includes(value)) return inKey ? "right" : "wrong";
    if (!inKey) return "";
    return record.t === "multiple" && picked.length ? "missed" : "key";
  });
}
