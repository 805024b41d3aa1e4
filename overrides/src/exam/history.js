/**
 * Past papers of 模拟考试, kept in the browser: localStorage under "studyGuide.examHistory.v1".
 * Each entry: {bank, seed, settings, when (ms), used (seconds), got, max, byType, wrong: the
 * ids of the questions answered wrong or left open}, newest first, at most MAX kept.  Every
 * entry read, stored or from a progress file (where they travel as "exams"), is checked field
 * by field; bad ones are refused, never a broken page.  Pure: the storage is given.
 */
import { validSettings } from "./sitting-store.js";

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
 * @property {string[]} [wrong] ids answered wrong or left open (papers from before it was kept have none)
 */

export const HISTORY_KEY = "studyGuide.examHistory.v1";
const MAX = 50;
const MAX_WRONG = 1000;

function number(/** @type {unknown} */ value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

/** @returns {entry is PastPaper} */
export function validPaper(/** @type {any} */ entry) {
  return entry !== null && typeof entry === "object" && !Array.isArray(entry) && typeof entry.bank === "string" &&
    entry.bank.length <= 200 && typeof entry.seed === "string" && entry.seed.length <= 64 &&
    number(entry.when) && entry.when <= 8.64e15 && number(entry.got) && number(entry.max) && number(entry.used) &&
    validSettings(entry.settings) && entry.byType !== null && typeof entry.byType === "object" &&
    (entry.wrong === undefined || (Array.isArray(entry.wrong) && entry.wrong.length <= MAX_WRONG &&
                                   entry.wrong.every((/** @type {unknown} */ id) => typeof id === "string" && id.length <= 200)));
}

/** The valid entries of a list, or [] when it is not a list; how many were refused. */
function readPapers(/** @type {unknown} */ list) {
  if (!Array.isArray(list) || list.length > 10 * MAX) return { papers: [], refused: Array.isArray(list) ? list.length : 0 };
  const papers = list.filter(validPaper);
  return { papers, refused: list.length - papers.length };
}

export function createHistory(/** @type {Pick<Storage, "getItem" | "setItem"> | null} */ storage) {
  /** @type {PastPaper[]} */
  let entries;
  try {
    entries = readPapers(JSON.parse(storage?.getItem(HISTORY_KEY) || "[]")).papers;
  } catch {
    entries = [];
  }
  const save = () => {
    try {
      storage?.setItem(HISTORY_KEY, JSON.stringify(entries));
    } catch {
      /* full or refused: kept for this page only */
    }
  };
  return {
    add(/** @type {PastPaper} */ entry) {
      entries = [entry, ...entries].slice(0, MAX);
      save();
    },
    of(/** @type {string} */ bank) {
      return entries.filter((entry) => entry.bank === bank);
    },
    /** For the progress file: every past paper. */
    exportPapers() {
      return entries;
    },
    /** Past papers from a progress file merged in (one paper, by bank, seed and start, once),
        newest first; returns how many were refused. */
    importPapers(/** @type {unknown} */ section) {
      if (section === undefined) return 0;
      const { papers, refused } = readPapers(section);
      const key = (/** @type {PastPaper} */ p) => `${p.bank}\n${p.seed}\n${p.when}`;
      const known = new Set(entries.map(key));
      entries = [...entries, ...papers.filter((p) => !known.has(key(p)))].sort((a, b) => b.when - a.when).slice(0, MAX);
      save();
      return refused;
    },
  };
}

/** @typedef {ReturnType<typeof createHistory>} History */
