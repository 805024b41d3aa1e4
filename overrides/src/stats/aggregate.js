/**
 * The 统计 page's and the home page's figures, worked out from what the browser keeps: the
 * progress store's entries (practice/store.js), 今日复习's cards (review/cards.js) and the
 * answers counted per day (stats/daily.js).  Pure: the progress is read through a lookup,
 * the time is given, days are the reader's local days ("2026-01-05").
 *
 * A question is counted by its current text (the hash of the practice data): an answer to a
 * text since corrected no longer counts, as practice starts such a question afresh.
 * mastered = last answered right with two rights in a row (what takes a question out of the
 * 错题本), learning = answered otherwise, new = never answered.
 */

import { RIGHTS_TO_LEAVE } from "../practice/store.js";  // mastered: out of the 错题本 by answers

/** @typedef {import("../types").BankData} BankData */
/** @typedef {import("../types").QuestionType} QuestionType */
/** @typedef {import("../practice/store.js").Entry} Entry */
/** @typedef {(bank: string, id: string, hash: string) => Entry | null} Lookup */
/** @typedef {{due: number}} Card */
/** @typedef {{answered: number, given: number, right: number, count: number}} Tally */
/** @typedef {{bank: string, id: string, page: string, type: QuestionType, hash: string}} Item */

const DAY = 86_400_000;
export const NEW_PER_DAY = 20;  /* new questions suggested a day, as Anki's default */

/** The local day of a time: "2026-01-05". */
export function dayOf(/** @type {number} */ time) {
  const date = new Date(time);
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The `count` local days ending with (or, ahead, starting from) the day of `now`, in order. */
export function days(/** @type {number} */ now, /** @type {number} */ count, /** @type {"back" | "ahead"} */ way) {
  const start = new Date(now);
  start.setHours(12, 0, 0, 0);  /* noon: a day's length changing with summer time moves no day */
  return Array.from({ length: count }, (_, i) => {
    const step = way === "back" ? i - count + 1 : i;
    return dayOf(start.getTime() + step * DAY);
  });
}

/** Every question of the practice data, in the order of its banks' chapters. */
export function items(/** @type {Record<string, BankData>} */ data) {
  return Object.entries(data).flatMap(([bank, found]) => found.chapters.flatMap((chapter) =>
    chapter.q.filter((id) => found.q[id]).map((id) => ({
      bank, id, page: chapter.page, type: found.q[id].t, hash: found.q[id].h,
    }))));
}

/** An empty tally: questions answered, answers given, answers right, questions. */
function tally() {
  return { answered: 0, given: 0, right: 0, count: 0 };
}

function add(/** @type {Tally} */ into, /** @type {Entry | null} */ entry) {
  into.count += 1;
  if (!entry) return;
  into.answered += 1;
  into.given += entry.n;
  into.right += entry.r;
}

/** Accuracy by chapter (keyed by its page) and by question type, over every answer given. */
export function accuracy(/** @type {Item[]} */ all, /** @type {Lookup} */ lookup) {
  /** @type {Map<string, Tally>} */
  const chapters = new Map();
  /** @type {Map<QuestionType, Tally>} */
  const types = new Map();
  for (const item of all) {
    const entry = lookup(item.bank, item.id, item.hash);
    for (const [map, key] of /** @type {[Map<string, Tally>, string][]} */ ([[chapters, item.page], [types, item.type]])) {
      if (!map.has(key)) map.set(key, tally());
      add(/** @type {Tally} */ (map.get(key)), entry);
    }
  }
  return { chapters, types };
}

/** The share of answers right, 0 to 1; null when none was given. */
export function rate(/** @type {Tally} */ counted) {
  return counted.given ? counted.right / counted.given : null;
}

/** Mastered, learning and new questions. */
export function mastery(/** @type {Item[]} */ all, /** @type {Lookup} */ lookup) {
  const counts = { mastered: 0, learning: 0, fresh: 0 };
  for (const item of all) {
    const entry = lookup(item.bank, item.id, item.hash);
    if (!entry) counts.fresh += 1;
    else if (entry.last === "right" && entry.s >= RIGHTS_TO_LEAVE) counts.mastered += 1;
    else counts.learning += 1;
  }
  return counts;
}

/**
 * Answers given on each of the last `span` days.  The log (stats/daily.js) counts every answer
 * from the day it started; before that only each question's last answer is known (the store
 * keeps its time), so earlier days count those.
 * @param {Record<string, number>} log answers per day
 * @param {Item[]} all
 * @param {Lookup} lookup
 * @param {number} now
 * @param {number} [span]
 */
export function answersPerDay(log, all, lookup, now, span = 30) {
  const shown = days(now, span, "back");
  const logged = Object.keys(log).sort()[0] ?? "9999";
  /** @type {Record<string, number>} */
  const before = {};
  for (const item of all) {
    const entry = lookup(item.bank, item.id, item.hash);
    const day = entry ? dayOf(entry.t) : null;
    if (day && day < logged) before[day] = (before[day] ?? 0) + 1;
  }
  return shown.map((day) => ({ day, count: day < logged ? before[day] ?? 0 : log[day] ?? 0 }));
}

/** Review cards coming due on each of the next `span` days, today holding those overdue. */
export function dueAhead(/** @type {Card[]} */ cards, /** @type {number} */ now, span = 14) {
  const shown = days(now, span, "ahead");
  const counts = new Map(shown.map((day) => [day, 0]));
  for (const card of cards) {
    const day = card.due <= now ? shown[0] : dayOf(card.due);
    if (counts.has(day)) counts.set(day, /** @type {number} */ (counts.get(day)) + 1);
  }
  return shown.map((day) => ({ day, count: /** @type {number} */ (counts.get(day)) }));
}

/**
 * The cards of the practice data's questions (their current text), from all cards kept
 * ("bank/id/hash" → card).
 * @param {Record<string, Card>} cards
 * @param {Item[]} all
 */
export function currentCards(cards, all) {
  return all.map((item) => cards[`${item.bank}/${item.id}/${item.hash}`]).filter((card) => card && typeof card.due === "number");
}

/**
 * Today's plan: reviews due now, new questions to take up (the first never answered, in the
 * banks' order) and where practice stopped (the question after the last one answered).
 * @param {Item[]} all
 * @param {Lookup} lookup
 * @param {Card[]} cards the current cards (currentCards)
 * @param {number} now
 */
export function todayPlan(all, lookup, cards, now) {
  const due = cards.filter((card) => card.due <= now).length;
  const fresh = all.filter((item) => !lookup(item.bank, item.id, item.hash));
  let last = -1, lastTime = -Infinity;
  all.forEach((item, i) => {
    const entry = lookup(item.bank, item.id, item.hash);
    if (entry && entry.t > lastTime) [last, lastTime] = [i, entry.t];
  });
  const next = last < 0 ? null : all[last + 1]?.bank === all[last].bank ? all[last + 1] : all[last];
  return { due, fresh: Math.min(NEW_PER_DAY, fresh.length), firstNew: fresh[0] ?? null, resume: next };
}
