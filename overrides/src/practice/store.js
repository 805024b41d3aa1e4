/**
 * Practice progress, kept in the browser: localStorage under "studyGuide.progress.v1".
 *
 * One entry per question and version of its text, keyed "bank/id/hash" (the hash comes from
 * the practice data, so a corrected question starts afresh):
 *   {n: answers given, r: right, w: wrong, s: rights in a row, last: "right"|"wrong",
 *    a: the last answer, wa: the last wrong answer, t: when (ms since 1970), x: taken out of the
 *    错题本 by hand (until the next wrong answer)}
 * A question is in the 错题本 once answered wrong, until it is answered right twice in a row.
 * Starred questions are kept beside, keyed "bank/id" (a corrected question stays starred).
 * Every entry read, from storage or a progress file, is checked (records.js): bad ones are
 * refused and counted, so one broken entry never costs the others.  A store that cannot be
 * read at all (edited by hand, another program) is set aside under PROGRESS_KEY + ".set-aside"
 * (not lost: it can be sent in or repaired) and `notice` says so ("corrupted"; "repaired" when
 * only some entries were refused); without storage (privacy settings) answers are kept for the
 * page's life only (notice "unavailable").  An import the storage cannot hold imports nothing.
 * Pure: the storage and the clock are given.
 */
import { isCount, isObject, isTime, readRecords } from "./records.js";

/** @typedef {import("../types").Verdict} Verdict */
/**
 * @typedef {object} Entry
 * @property {number} n answers given
 * @property {number} r right
 * @property {number} w wrong
 * @property {number} s rights in a row
 * @property {Verdict} last
 * @property {string} [a] the last answer
 * @property {string} [wa] the last wrong answer
 * @property {number} t when (ms since 1970)
 * @property {true} [x] taken out of the 错题本 by hand
 */
/**
 * What other modules keep beside the answers (今日复习's cards): it hears every answer and
 * travels in the same progress file, under its name.
 * @typedef {object} Part
 * @property {string} name
 * @property {(bank: string, id: string, hash: string, verdict: Verdict) => void} record
 * @property {() => unknown} exportData
 * @property {(section: unknown) => number | void} importData how many of its records it refused
 */
/** @typedef {Pick<Storage, "getItem" | "setItem" | "removeItem">} KeyValueStorage */

export const PROGRESS_KEY = "studyGuide.progress.v1";
const FORMAT = "study-guide-progress";
const MAX_ANSWER = 2000;  /* characters of an answer kept: a pasted essay stays small */
const ENTRY_KEY = /^[^/\s]{1,200}\/[^/\s]{1,200}\/[0-9a-f]{1,64}$/;
const STAR_KEY = /^[^/\s]{1,200}\/[^/\s]{1,200}$/;
export const RIGHTS_TO_LEAVE = 2;  /* rights in a row that take a question out of the 错题本 */

/** An entry as kept, or null when it cannot be one: its counts and verdict are checked, answers
    longer than a store keeps are cut, and a last wrong answer of another type dropped. */
function repairEntry(/** @type {unknown} */ entry) {
  if (!isObject(entry) || !isCount(entry.n) || !isCount(entry.r) || !isCount(entry.w) || !isCount(entry.s) ||
      (entry.last !== "right" && entry.last !== "wrong") || !isTime(entry.t) ||
      (entry.a !== undefined && typeof entry.a !== "string") || (entry.x !== undefined && entry.x !== true)) return null;
  /** @type {Entry} */
  const kept = { n: entry.n, r: entry.r, w: entry.w, s: entry.s, last: entry.last, t: entry.t };
  if (typeof entry.a === "string") kept.a = entry.a.slice(0, MAX_ANSWER);
  if (typeof entry.wa === "string") kept.wa = entry.wa.slice(0, MAX_ANSWER);
  if (entry.x) kept.x = true;
  return kept;
}

/**
 * The entries and stars of a stored or imported document, each checked (bad ones refused and
 * counted), or null when it is not one of ours.
 * @returns {{entries: Record<string, Entry>, stars: Record<string, number>, refused: number} | null}
 */
function progressOf(/** @type {unknown} */ data) {
  if (!isObject(data) || data.format !== FORMAT || data.version !== 1) return null;
  const entries = readRecords(data.entries, ENTRY_KEY, repairEntry);
  const stars = readRecords(data.stars ?? {}, STAR_KEY, (when) => (isTime(when) ? /** @type {number} */ (when) : null));
  if (!entries || !stars) return null;
  return { entries: entries.records, stars: stars.records, refused: entries.refused + stars.refused };
}

/**
 * A stored value that cannot be read, moved aside to `key` + ".set-aside" (when there is room)
 * so that the page starts afresh without losing it.
 * @param {Pick<Storage, "setItem"> & Partial<Pick<Storage, "removeItem">> | null} storage
 * @param {string} key
 * @param {string} text
 */
export function setAside(storage, key, text) {
  try {
    storage?.setItem(key + ".set-aside", text);
  } catch {
    /* no room for a copy: it goes, as it could not be read anyway */
  }
  try {
    storage?.removeItem?.(key);
  } catch {
    /* nothing more to do: it is not read again */
  }
}

/**
 * @param {KeyValueStorage | null} storage
 * @param {() => number} [clock]
 */
export function createStore(storage, clock = Date.now) {
  /** @type {Record<string, Entry>} */
  let entries = {};
  /** @type {Record<string, number>} */
  let stars = {};
  /** @type {Part[]} */
  const parts = [];
  const key = (/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) => `${bank}/${id}/${hash}`;
  const document = () => ({ format: FORMAT, version: 1, entries, stars });

  const store = {
    /** @type {"unavailable" | "corrupted" | "repaired" | null} */
    notice: storage ? null : "unavailable",

    get(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) {
      return entries[key(bank, id, hash)] ?? null;
    },

    /** One answer given: right or wrong, with what was answered (letters, text, 会/不会). */
    record(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash,
           /** @type {Verdict} */ verdict, /** @type {string} */ answer) {
      const k = key(bank, id, hash);
      const before = entries[k] ?? { n: 0, r: 0, w: 0, s: 0 };
      const text = String(answer).slice(0, MAX_ANSWER);
      const right = verdict === "right";
      /** @type {Entry} */
      const entry = {
        n: before.n + 1, r: before.r + (right ? 1 : 0), w: before.w + (right ? 0 : 1), s: right ? before.s + 1 : 0,
        last: verdict, a: text, wa: right ? before.wa : text, t: clock(),
      };
      if (entry.wa === undefined) delete entry.wa;
      if (right && entries[k]?.x) entry.x = true;
      entries[k] = entry;
      save();
      for (const part of parts) {
        try {
          part.record(bank, id, hash, verdict);
        } catch (error) {
          console.error(error);  /* a part's failure never costs the answer itself */
        }
      }
      return entry;
    },

    extend(/** @type {Part} */ part) {
      parts.push(part);
    },

    /** How many of a chapter's questions were answered and how many last answered right. */
    counts(/** @type {string} */ bank, /** @type {string[]} */ ids, /** @type {Record<string, string>} */ hashes) {
      const found = ids.map((id) => store.get(bank, id, hashes[id])).filter((entry) => entry !== null);
      return { answered: found.length, right: found.filter((entry) => entry.last === "right").length, count: ids.length };
    },

    inMistakes(/** @type {Entry | null} */ entry) {
      return entry !== null && entry.w > 0 && !entry.x && entry.s < RIGHTS_TO_LEAVE;
    },

    /** Out of the 错题本 by hand; a later wrong answer brings it back. */
    dismiss(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) {
      const entry = entries[key(bank, id, hash)];
      if (!entry) return;
      entry.x = true;
      save();
    },

    isStarred(/** @type {string} */ bank, /** @type {string} */ id) {
      return Object.hasOwn(stars, `${bank}/${id}`);
    },

    star(/** @type {string} */ bank, /** @type {string} */ id, /** @type {boolean} */ on) {
      if (on) stars[`${bank}/${id}`] = clock();
      else delete stars[`${bank}/${id}`];
      save();
    },

    exportData() {
      /** @type {Record<string, unknown>} */
      const data = { ...document(), exported: new Date(clock()).toISOString() };
      for (const part of parts) data[part.name] = part.exportData();
      return data;
    },

    /** Merge an exported document: the later of two entries for one question wins, bad ones
        are refused.  Returns how many entries were taken and refused; throws when it is not an
        export of this guide, or when the storage cannot hold the result (nothing imported). */
    importData(/** @type {unknown} */ data) {
      const found = progressOf(data);
      if (!found || !isObject(data)) throw new Error("not a study-guide progress file");
      const before = { entries: { ...entries }, stars: { ...stars } };
      for (const [k, entry] of Object.entries(found.entries)) {
        if (!entries[k] || entries[k].t <= entry.t) entries[k] = entry;
      }
      Object.assign(stars, found.stars);
      if (storage && !write()) {
        ({ entries, stars } = before);
        throw new Error("too large for this browser's storage");
      }
      let refused = found.refused;
      for (const part of parts) {
        try {
          refused += Math.abs(Number(part.importData(data[part.name])) || 0);
        } catch (error) {
          console.error(error);  /* a part's own records are checked by the part */
        }
      }
      return { count: Object.keys(found.entries).length, refused };
    },

    reset() {
      entries = {};
      stars = {};
      try {
        storage?.removeItem(PROGRESS_KEY);
      } catch {
        store.notice = "unavailable";
      }
    },

    size() {
      return Object.keys(entries).length;
    },
  };

  /** The document written to storage; false when the storage refused it (full, or privacy settings). */
  function write() {
    try {
      storage?.setItem(PROGRESS_KEY, JSON.stringify(document()));
      return true;
    } catch {
      return false;
    }
  }

  function save() {
    if (!write()) store.notice = "unavailable";  /* the page goes on with what it has */
  }

  function load() {
    /** @type {string | null} */
    let text = null;
    try {
      text = storage ? storage.getItem(PROGRESS_KEY) : null;
    } catch {
      store.notice = "unavailable";
    }
    if (text === null) return;
    /** @type {unknown} */
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON: not ours either */
    }
    const found = progressOf(data);
    if (found) {
      ({ entries, stars } = found);
      if (found.refused) store.notice = "repaired";
      return;
    }
    store.notice = "corrupted";
    setAside(storage, PROGRESS_KEY, text);
  }

  load();
  return store;
}

/** @typedef {ReturnType<typeof createStore>} Store */
