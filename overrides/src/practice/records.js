/**
 * Reading records the browser kept or a progress file brought: each one checked on its own,
 * repaired where the repair is certain (an answer cut to the length a store keeps), refused
 * otherwise, and counted; a collection of more than MAX_RECORDS, or of another shape, is
 * refused whole.  Pure: practice/store.js, review/cards.js and exam/history.js read with it.
 */

export const MAX_RECORDS = 100_000;  /* far above any bank's questions times their versions */

/** @returns {value is Record<string, any>} */
export function isObject(/** @type {unknown} */ value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A whole number of things: 0 or more, and safe. */
export function isCount(/** @type {unknown} */ value) {
  return Number.isSafeInteger(value) && /** @type {number} */ (value) >= 0;
}

/** A time in ms since 1970 that a Date can hold. */
export function isTime(/** @type {unknown} */ value) {
  return typeof value === "number" && Number.isFinite(value) && Math.abs(value) <= 8.64e15;
}

/**
 * The records of `found` whose key passes `key` and which `repair` keeps (returning the record
 * to keep, or null), with how many were refused; null when `found` is not an object of at
 * most MAX_RECORDS records.
 * @template T
 * @param {unknown} found
 * @param {RegExp} key
 * @param {(record: unknown) => T | null} repair
 * @returns {{records: Record<string, T>, refused: number} | null}
 */
export function readRecords(found, key, repair) {
  if (!isObject(found)) return null;
  let size = 0;
  for (const k in found) if (Object.hasOwn(found, k) && ++size > MAX_RECORDS) return null;
  /** @type {Record<string, T>} */
  const records = {};
  let refused = 0;
  for (const [k, record] of Object.entries(found)) {
    const kept = key.test(k) && k !== "__proto__" ? repair(record) : null;
    if (kept === null) refused += 1;
    else records[k] = kept;
  }
  return { records, refused };
}
