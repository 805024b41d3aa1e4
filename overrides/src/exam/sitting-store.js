/**
 * The paper being sat, kept in the browser so that a reload (or a closed tab) does not lose it:
 * localStorage under "studyGuide.examSitting.v1", one paper per bank.
 *
 * Each entry: {paper: {seed, items, short}, settings, started (ms), answers: {id: response}},
 * the responses in the paper's letters.  The start time is kept, not the time left: the
 * countdown goes on while the page is away, and a paper whose time ran out is handed in on
 * return (sitting.js).  A stored value of another shape is dropped, never a broken page.
 * Pure: the storage is given.
 */

/**
 * @typedef {object} SavedSitting
 * @property {import("./draw.js").Paper} paper
 * @property {import("./page.js").ExamSettings} settings
 * @property {number} started
 * @property {Record<string, string>} answers
 */

export const SITTING_KEY = "studyGuide.examSitting.v1";

/** @returns {value is Record<string, any>} */
function object(/** @type {unknown} */ value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** @returns {entry is SavedSitting} */
function valid(/** @type {unknown} */ entry) {
  return object(entry) && typeof entry.started === "number" && object(entry.paper) &&
    typeof entry.paper.seed === "string" && Array.isArray(entry.paper.items) && Array.isArray(entry.paper.short) &&
    object(entry.settings) && typeof entry.settings.minutes === "number" && object(entry.answers);
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
