/**
 * The paper being sat, kept in the browser so that a reload (or a closed tab) does not lose it:
 * localStorage under "studyGuide.examSitting.v1", one paper per bank.
 *
 * Each entry: {paper: {seed, items, short}, settings, started (ms), answers: {id: response}},
 * the responses in the paper's letters.  The start time is kept, not the time left: the
 * countdown goes on while the page is away, and a paper whose time ran out is handed in on
 * return (sitting.js).  A stored value of another shape is dropped, never a broken page:
 * every field the page reads is checked.  Pure: the storage is given.
 */
import { TYPES } from "./draw.js";

/**
 * @typedef {object} SavedSitting
 * @property {import("./draw.js").Paper} paper
 * @property {import("./page.js").ExamSettings} settings
 * @property {number} started
 * @property {Record<string, string>} answers
 */

export const SITTING_KEY = "studyGuide.examSitting.v1";
const MAX_ITEMS = 1000;  /* questions on one paper */

/** @returns {value is Record<string, any>} */
function object(/** @type {unknown} */ value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function points(/** @type {unknown} */ value) {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 && value <= 1000;
}

/** A paper's settings as the form makes them (page.js): every field the pages read, of its type. */
export function validSettings(/** @type {unknown} */ settings) {
  return object(settings) && typeof settings.seed === "string" && settings.seed.length <= 64 &&
    Array.isArray(settings.chapters) && settings.chapters.length <= MAX_ITEMS &&
    settings.chapters.every((n) => Number.isSafeInteger(n) && n >= 0) &&
    object(settings.types) && Object.entries(settings.types).every(([t, wanted]) => TYPES.includes(/** @type {any} */ (t)) &&
      object(wanted) && Number.isSafeInteger(wanted.n) && wanted.n >= 0 && wanted.n <= MAX_ITEMS && points(wanted.points)) &&
    typeof settings.shuffle === "boolean" && typeof settings.minutes === "number" && settings.minutes >= 1 && settings.minutes <= 6000;
}

/** An item of a paper: an id, a type, its points and its options' order (a permutation) or null. */
function validItem(/** @type {unknown} */ item) {
  if (!object(item) || typeof item.id !== "string" || !TYPES.includes(item.t) || !points(item.points)) return false;
  if (item.perm === null) return true;
  const perm = item.perm;
  return Array.isArray(perm) && perm.length <= 26 && new Set(perm).size === perm.length &&
    perm.every((old) => Number.isSafeInteger(old) && old >= 0 && old < perm.length);
}

/** @returns {entry is SavedSitting} */
function valid(/** @type {unknown} */ entry) {
  return object(entry) && typeof entry.started === "number" && Number.isFinite(entry.started) && object(entry.paper) &&
    typeof entry.paper.seed === "string" && Array.isArray(entry.paper.items) && entry.paper.items.length <= MAX_ITEMS &&
    entry.paper.items.every(validItem) && Array.isArray(entry.paper.short) && validSettings(entry.settings) &&
    object(entry.answers) && Object.values(entry.answers).every((answer) => typeof answer === "string" && answer.length <= 2000);
}

export function createSittingStore(/** @type {Pick<Storage, "getItem" | "setItem"> | null} */ storage) {
  /** @returns {Record<string, unknown>} */
  function read() {
    try {
      const parsed = JSON.parse(storage?.getItem(SITTING_KEY) || "{}");
      return object(parsed) ? parsed : {};
    } catch {
      return {};
    }
  }

  function write(/** @type {Record<string, unknown>} */ all) {
    try {
      storage?.setItem(SITTING_KEY, JSON.stringify(all));
    } catch {
      /* full or refused: the paper is kept for this page only */
    }
  }

  return {
    load(/** @type {string} */ bank) {
      const entry = read()[bank];
      return valid(entry) ? entry : null;
    },
    save(/** @type {string} */ bank, /** @type {SavedSitting} */ entry) {
      write({ ...read(), [bank]: entry });
    },
    clear(/** @type {string} */ bank) {
      const all = read();
      if (!(bank in all)) return;
      delete all[bank];
      write(all);
    },
  };
}
