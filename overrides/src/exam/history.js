/**
 * Past papers of 模拟考试, kept in the browser: localStorage under "studyGuide.examHistory.v1".
 * Each entry: {bank, seed, settings, when (ms), used (seconds), got, max, byType}, newest
 * first, at most MAX kept.  A stored value that is not a list of such entries is dropped,
 * never a broken page.  Pure: the storage is given.
 */

/**
 * @typedef {object} PastPaper
 * @property {string} bank
 * @property {string} seed
 * @property {import("./page.js").ExamSettings} settings
 * @property {number} when
 * @property {number} used
 * @property {number} got
 * @property {number} max
 * @property {object} byType
 */

export const HISTORY_KEY = "studyGuide.examHistory.v1";
const MAX = 50;

/** @returns {entry is PastPaper} */
function valid(/** @type {any} */ entry) {
  return entry !== null && typeof entry === "object" && typeof entry.bank === "string" &&
    typeof entry.seed === "string" && typeof entry.when === "number" && typeof entry.got === "number" &&
    typeof entry.max === "number" && typeof entry.used === "number" && typeof entry.settings === "object";
}

export function createHistory(/** @type {Pick<Storage, "getItem" | "setItem"> | null} */ storage) {
  /** @type {PastPaper[]} */
  let entries;
  try {
    const parsed = JSON.parse(storage?.getItem(HISTORY_KEY) || "[]");
    entries = Array.isArray(parsed) ? parsed.filter(valid) : [];
  } catch {
    entries = [];
  }
  return {
    add(/** @type {PastPaper} */ entry) {
      entries = [entry, ...entries].slice(0, MAX);
      try {
        storage?.setItem(HISTORY_KEY, JSON.stringify(entries));
      } catch {
        /* full or refused: kept for this page only */
      }
    },
    of(/** @type {string} */ bank) {
      return entries.filter((entry) => entry.bank === bank);
    },
  };
}
