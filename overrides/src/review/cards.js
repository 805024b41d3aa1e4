/**
 * 今日复习's cards, kept in localStorage under "studyGuide.reviews.v1", keyed "bank/id/hash"
 * like the progress store (a corrected question starts afresh), dates as ms since 1970.
 * Every card read (stored, or from a progress file) is checked field by field as FSRS needs
 * it: a card that is not whole ({"due": 0}) is refused, and its question starts afresh at its
 * next answer.  A store that cannot be read is set aside (practice/store.js setAside) and
 * `notice` says so.  Pure: the storage and the clock are given; schedule.js makes the cards
 * (FSRS), this only keeps them and says which are due.
 */
import { isCount, isObject, isTime, readRecords } from "../practice/records.js";
import { setAside } from "../practice/store.js";

/**
 * A card as ts-fsrs makes it, its dates in ms.
 * @typedef {object} StoredCard
 * @property {number} due
 * @property {number} stability
 * @property {number} difficulty
 * @property {number} elapsed_days
 * @property {number} scheduled_days
 * @property {number} learning_steps
 * @property {number} reps
 * @property {number} lapses
 * @property {number} state 0 new, 1 learning, 2 review, 3 relearning
 * @property {number | null} [last_review]
 */

export const REVIEWS_KEY = "studyGuide.reviews.v1";
const FORMAT = "study-guide-reviews";
const CARD_KEY = /^[^/\s]{1,200}\/[^/\s]{1,200}\/[^/\s]{1,64}$/;
const AMOUNTS = ["stability", "difficulty", "elapsed_days", "scheduled_days"];
const COUNTS = ["reps", "lapses", "learning_steps"];

/** The card as kept, or null when it is not a whole one (learning_steps, newer in ts-fsrs, defaults to 0). */
function repairCard(/** @type {unknown} */ card) {
  if (!isObject(card) || !isTime(card.due) || !(card.last_review == null || isTime(card.last_review)) ||
      !AMOUNTS.every((name) => typeof card[name] === "number" && Number.isFinite(card[name]) && card[name] >= 0) ||
      !COUNTS.every((name) => isCount(card[name] ?? 0)) || ![0, 1, 2, 3].includes(card.state)) return null;
  /** @type {StoredCard} */
  const kept = { due: card.due, stability: card.stability, difficulty: card.difficulty, elapsed_days: card.elapsed_days,
                 scheduled_days: card.scheduled_days, learning_steps: card.learning_steps ?? 0, reps: card.reps,
                 lapses: card.lapses, state: card.state };
  if (card.last_review != null) kept.last_review = card.last_review;
  return kept;
}

/**
 * @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 * @param {() => number} [clock]
 */
export function createReviews(storage, clock = Date.now) {
  /** @type {Record<string, StoredCard>} */
  let cards = {};
  /** @type {"corrupted" | null} */
  let notice = null;
  /** @type {string | null} */
  let text = null;
  try {
    text = storage?.getItem(REVIEWS_KEY) ?? null;
  } catch {
    /* refused: no cards kept */
  }
  if (text !== null) {
    /** @type {any} */
    let data = null;
    try {
      data = JSON.parse(text);
    } catch {
      /* not ours */
    }
    const found = isObject(data) && data.format === FORMAT ? readRecords(data.cards, CARD_KEY, repairCard) : null;
    if (found) cards = found.records;
    else {
      notice = "corrupted";
      setAside(storage, REVIEWS_KEY, text);
    }
  }
  const key = (/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) => `${bank}/${id}/${hash}`;

  function save() {
    try {
      storage?.setItem(REVIEWS_KEY, JSON.stringify({ format: FORMAT, version: 1, cards }));
    } catch {
      /* full or refused: the schedule holds for this page */
    }
  }

  return {
    clock,
    notice,

    card(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) {
      return cards[key(bank, id, hash)] ?? null;
    },

    /** The card after an answer, kept; returned as stored. */
    put(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash, /** @type {StoredCard} */ card) {
      cards[key(bank, id, hash)] = card;
      save();
      return card;
    },

    /** The cards of `bank` due by now ({id, hash, due}), the most overdue first. */
    due(/** @type {string} */ bank) {
      const limit = clock();
      return Object.entries(cards).filter(([k, card]) => k.startsWith(bank + "/") && card.due <= limit)
        .map(([k, card]) => {
          const [, id, hash] = k.split("/");
          return { id, hash, due: card.due };
        }).sort((a, b) => a.due - b.due);
    },

    /** Cards whose question changed (another hash in the data) never come due again. */
    forget(/** @type {string} */ bank, /** @type {string} */ id, /** @type {string} */ hash) {
      delete cards[key(bank, id, hash)];
      save();
    },

    /** For the progress file: all cards. */
    exportCards() {
      return cards;
    },

    /** Cards from a progress file merged in, each checked: the later review of a card wins.
        Returns how many were refused (-1: the section is not a set of cards). */
    importCards(/** @type {unknown} */ section) {
      const found = section === undefined ? { records: {}, refused: 0 } : readRecords(section, CARD_KEY, repairCard);
      if (!found) return -1;
      for (const [k, card] of Object.entries(found.records)) {
        if (!cards[k] || (cards[k].last_review ?? 0) <= (card.last_review ?? 0)) cards[k] = card;
      }
      save();
      return found.refused;
    },
  };
}

/** @typedef {ReturnType<typeof createReviews>} Reviews */
