/**
 * 今日复习's cards, kept in localStorage under "studyGuide.reviews.v1", keyed "bank/id/hash"
 * like the progress store (a corrected question starts afresh), dates as ms since 1970.  A
 * store that cannot be read is started afresh.  Pure: the storage and the clock are given;
 * schedule.js makes the cards (FSRS), this only keeps them and says which are due.
 */

/** @typedef {{due: number, last_review?: number | null} & Record<string, unknown>} StoredCard */

export const REVIEWS_KEY = "studyGuide.reviews.v1";
const FORMAT = "study-guide-reviews";
const CARD_KEY = /^[^/\s]+\/[^/\s]+\/[^/\s]+$/;

/** @returns {value is StoredCard} */
function isCard(/** @type {unknown} */ value) {
  return value !== null && typeof value === "object" && typeof (/** @type {StoredCard} */ (value)).due === "number";
}

/**
 * @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 * @param {() => number} [clock]
 */
export function createReviews(storage, clock = Date.now) {
  /** @type {Record<string, StoredCard>} */
  let cards = {};
  try {
    const data = JSON.parse(storage?.getItem(REVIEWS_KEY) ?? "null");
    if (data?.format === FORMAT && data.cards && typeof data.cards === "object") cards = data.cards;
  } catch {
    cards = {};
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
      return Object.entries(cards).filter(([k, card]) => k.startsWith(bank + "/") && typeof card.due === "number" && card.due <= limit)
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

    /** Cards from a progress file merged in: the later review of a card wins. */
    importCards(/** @type {unknown} */ found) {
      if (!found || typeof found !== "object" || Array.isArray(found)) return;
      for (const [k, card] of Object.entries(found)) {
        if (!isCard(card) || !CARD_KEY.test(k)) continue;
        if (!cards[k] || (cards[k].last_review ?? 0) <= (card.last_review ?? 0)) cards[k] = card;
      }
      save();
    },
  };
}

/** @typedef {ReturnType<typeof createReviews>} Reviews */
