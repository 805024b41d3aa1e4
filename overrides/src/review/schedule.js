/**
 * 今日复习's schedule: every practice answer is a review, scheduled by FSRS from ts-fsrs (npm,
 * bundled by esbuild); nothing here schedules by itself.  Right = Good, wrong = Again; the
 * self-grades 会/不会 are recorded as right/wrong, so they map the same way.  Pure.
 */
/*! ts-fsrs (MIT License, github.com/open-spaced-repetition/ts-fsrs), bundled from npm */
import { createEmptyCard, fsrs, generatorParameters, Rating } from "ts-fsrs";

/** @typedef {import("./cards.js").StoredCard} StoredCard */

const scheduler = fsrs(generatorParameters({ enable_fuzz: false }));
const DATES = ["due", "last_review"];

/** A stored card as ts-fsrs takes it: its dates as Dates. */
function revive(/** @type {StoredCard} */ stored) {
  const card = Object.fromEntries(Object.entries(stored).map(([k, value]) =>
    [k, DATES.includes(k) && value != null ? new Date(/** @type {number} */ (value)) : value]));
  return /** @type {import("ts-fsrs").Card} */ (/** @type {unknown} */ (card));
}

/** A card as stored: its dates as ms since 1970. */
function flatten(/** @type {import("ts-fsrs").Card} */ card) {
  return /** @type {StoredCard} */ (Object.fromEntries(Object.entries(card).map(([k, value]) =>
    [k, value instanceof Date ? value.getTime() : value])));
}

/**
 * One answer to a question, as a review of its card: right (Good) or wrong (Again).
 * @param {import("./cards.js").Reviews} reviews
 * @param {string} bank
 * @param {string} id
 * @param {string} hash
 * @param {import("../types").Verdict} verdict
 * @returns {StoredCard} the card as stored (due in ms)
 */
export function review(reviews, bank, id, hash, verdict) {
  const at = new Date(reviews.clock());
  const stored = reviews.card(bank, id, hash);
  const rating = verdict === "right" ? Rating.Good : Rating.Again;
  let next;
  try {
    next = scheduler.next(stored ? revive(stored) : createEmptyCard(at), at, rating).card;
  } catch {
    next = scheduler.next(createEmptyCard(at), at, rating).card;  /* a card FSRS cannot read starts afresh */
  }
  return reviews.put(bank, id, hash, flatten(next));
}
