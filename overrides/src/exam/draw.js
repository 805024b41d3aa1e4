/**
 * Drawing papers and runs of questions from a bank's practice data, and scoring a paper.
 * Pure: no page, no storage.  Same seed, same settings and same data: the same paper, on any machine.
 */

/** @typedef {import("../types").BankData} BankData */
/** @typedef {import("../types").QuestionType} QuestionType */
/** @typedef {import("../types").PracticeRecord} PracticeRecord */
/** @typedef {{n: number, points: number}} Wanted */
/**
 * @typedef {object} Settings
 * @property {string} seed
 * @property {number[]} chapters indexes into data.chapters
 * @property {Partial<Record<QuestionType, Wanted>>} types
 * @property {boolean} shuffle
 */
/** @typedef {{id: string, t: QuestionType, points: number, perm: number[] | null}} Item perm[new] = old option index */
/** @typedef {{seed: string, items: Item[], short: {t: QuestionType, count: number}[]}} Paper */
/** @typedef {{count: number, right: number, points: number, got: number, max: number}} TypeScore */

/** @type {QuestionType[]} */
export const TYPES = ["single", "multiple", "judge", "fill", "calc", "short", "case"];
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* cyrb53-style string hash to 32 bits, then mulberry32: small, fast, the same everywhere. */
function hash(/** @type {string} */ text) {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  return h1 >>> 0;
}

/** A generator of numbers in [0, 1) from a seed string (same seed, same numbers). */
export function rng(/** @type {unknown} */ seed) {
  let state = hash(String(seed));
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A new seed to show and type: six letters and digits, without 0/O and 1/I. */
export function newSeed(random = Math.random) {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
  let seed = "";
  for (let i = 0; i < 6; i++) seed += alphabet.charAt(Math.floor(random() * alphabet.length));
  return seed;
}

function answerable(/** @type {PracticeRecord} */ record) {
  return record.k === 1;  /* a bank or editor's answer (generator/practice/data.py) */
}

/** Ids of the chosen chapters of those types, in bank order (only answerable ones if `judgedOnly`). */
export function pool(/** @type {BankData} */ data, /** @type {number[]} */ chapters, /** @type {string[]} */ types,
                     /** @type {boolean} */ judgedOnly) {
  const wanted = new Set(types);
  return [...chapters].sort((a, b) => a - b).flatMap((index) => data.chapters[index]?.q ?? []).filter((id) => {
    const record = data.q[id];
    return record && wanted.has(record.t) && (!judgedOnly || answerable(record));
  });
}

/**
 * n of ids, in draw order (a partial Fisher–Yates shuffle: time linear in n).
 * @template T
 * @param {T[]} ids
 * @param {number} n
 * @param {() => number} random
 */
export function sample(ids, n, random) {
  const copy = ids.slice();
  const count = Math.min(n, copy.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, count);
}

function permutation(/** @type {number} */ count, /** @type {() => number} */ random) {
  return sample(Array.from({ length: count }, (_, i) => i), count, random);
}

/**
 * A paper: the types in a fixed order, options shuffled where asked (by the index's option counts).
 * @param {BankData} data
 * @param {Settings} settings
 * @returns {Paper}
 */
export function draw(data, settings) {
  const random = rng(settings.seed);
  /** @type {Item[]} */
  const items = [];
  /** @type {Paper["short"]} */
  const short = [];
  for (const t of TYPES) {
    const wanted = settings.types[t];
    if (!wanted || !(wanted.n > 0)) continue;
    const ids = pool(data, settings.chapters, [t], true);
    if (ids.length < wanted.n) short.push({ t, count: ids.length });
    for (const id of sample(ids, wanted.n, random)) {
      const count = data.q[id]?.o ?? 0;  /* the index's option count */
      const shuffle = settings.shuffle && (t === "single" || t === "multiple") && count > 1;
      items.push({ id, t, points: wanted.points, perm: shuffle ? permutation(count, random) : null });
    }
  }
  return { seed: String(settings.seed), items, short };
}

/** Letters from the bank's to the paper's. */
export function toPaper(/** @type {string} */ letters, /** @type {number[] | null} */ perm) {
  if (!perm) return letters;
  return [...String(letters)].map((letter) => {
    const at = perm.indexOf(LETTERS.indexOf(letter));
    return at >= 0 ? LETTERS.charAt(at) : letter;
  }).sort().join("");
}

/** Letters from the paper's back to the bank's. */
export function toBank(/** @type {string} */ letters, /** @type {number[] | null} */ perm) {
  if (!perm) return letters;
  return [...String(letters)].map((letter) => {
    const old = perm[LETTERS.indexOf(letter)];
    return old === undefined ? letter : LETTERS.charAt(old);
  }).sort().join("");
}

/** The record with its key in the paper's letters. */
export function mapRecord(/** @type {PracticeRecord} */ record, /** @type {number[] | null} */ perm) {
  const mapped = { ...record };
  if (perm && record.a != null) mapped.a = toPaper(record.a, perm);
  if (perm && record.e != null) mapped.e = toPaper(record.e, perm);
  return mapped;
}

function round(/** @type {number} */ value) {
  return Math.round(value * 100) / 100;
}

/**
 * The score by type and in all; verdicts[i] is "right", "wrong" or null (not answered) for paper.items[i].
 * @param {{items: Item[]}} paper
 * @param {(string | null)[]} verdicts
 */
export function score(paper, verdicts) {
  /** @type {Partial<Record<QuestionType, TypeScore>>} */
  const byType = {};
  let got = 0, max = 0;
  paper.items.forEach((item, i) => {
    const row = byType[item.t] ??= { count: 0, right: 0, points: item.points, got: 0, max: 0 };
    row.count += 1;
    row.max += item.points;
    max += item.points;
    if (verdicts[i] === "right") {
      row.right += 1;
      row.got += item.points;
      got += item.points;
    }
  });
  return { byType, got: round(got), max: round(max) };
}
