/**
 * The 统计 page: the progress kept in this browser (read, never changed) worked out by
 * aggregate.js and drawn by chart.js, a chart and a table to each section the page holds.
 */
import { practiceData, strings } from "../page-data.js";
import { progress } from "../practice/progress.js";
import { localReviews } from "../review/local-cards.js";
import { accuracy, answersPerDay, currentCards, dayOf, dueAhead, items, mastery, rate } from "./aggregate.js";
import { drawBars, drawColumns, showChart } from "./chart.js";
import { localDaily } from "./local-daily.js";

/** @typedef {import("./aggregate.js").Tally} Tally */

function percent(/** @type {number | null} */ share) {
  return share === null ? strings().stats_none : `${Math.round(share * 100)}%`;
}

/** "12/3" for a day, 今天 for today. */
function shortDay(/** @type {string} */ day, /** @type {string} */ today) {
  return day === today ? strings().stats_today : `${Number(day.slice(5, 7))}/${Number(day.slice(8))}`;
}

/** The bars and table rows of tallies by name (chapters or types). */
function accuracyFigures(/** @type {[string, Tally][]} */ named) {
  const bars = named.map(([label, t]) => ({
    label, value: (rate(t) ?? 0) * 100, shown: t.given ? `${percent(rate(t))}（${t.right}/${t.given}）` : strings().stats_none,
  }));
  const rows = named.map(([label, t]) => [label, `${t.answered}/${t.count}`, t.given, t.right, percent(rate(t))]);
  return { bars, rows };
}

export function mountStats() {
  const root = /** @type {HTMLElement | null} */ (document.querySelector("[data-stats]"));
  if (!root) return;
  const s = strings();
  const names = new Map([...root.querySelectorAll("[data-stats-names] li")].map((li) =>
    [li.getAttribute("data-page") ?? "", li.textContent ?? ""]));
  const all = items(practiceData());
  const store = progress();
  const lookup = store.get.bind(store);
  const now = Date.now();
  const today = dayOf(now);
  const section = (/** @type {string} */ name) =>
    /** @type {HTMLElement} */ (root.querySelector(`[data-stats-chart="${name}"]`));
  const counted = accuracy(all, lookup);
  const cards = currentCards(/** @type {Record<string, {due: number}>} */ (localReviews().exportCards()), all);

  const states = mastery(all, lookup);
  const stateRows = /** @type {[string, number, string][]} */ ([
    [s.stats_mastered, states.mastered, "mastered"], [s.stats_learning, states.learning, "learning"],
    [s.stats_new, states.fresh, "new"]]);
  const share = (/** @type {number} */ n) => all.length ? ` (${Math.round((n / all.length) * 100)}%)` : "";
  showChart(section("mastery"), (width) => drawBars(stateRows.map(([label, value, tone]) =>
    ({ label, value, tone, shown: `${value}${share(value)}` })), all.length, width),
  { caption: s.stats_mastery, head: [s.stats_col_state, s.stats_col_count], rows: stateRows.map(([l, n]) => [l, n]) });

  const head = [s.stats_col_answered, s.stats_col_given, s.stats_col_right, s.stats_col_rate];
  const chapters = accuracyFigures([...counted.chapters].map(([page, t]) => [names.get(page) ?? page, t]));
  showChart(section("chapters"), (width) => drawBars(chapters.bars, 100, width),
            { caption: s.stats_chapters, head: [s.stats_col_chapter, ...head], rows: chapters.rows });
  const types = accuracyFigures([...counted.types].map(([type, t]) => [s["type_" + type] ?? type, t]));
  showChart(section("types"), (width) => drawBars(types.bars, 100, width),
            { caption: s.stats_types, head: [s.stats_col_type, ...head], rows: types.rows });

  const daily = answersPerDay(localDaily().counts(), all, lookup, now);
  showChart(section("daily"), (width) => drawColumns(daily.map(({ day, count }) =>
    ({ label: shortDay(day, today), value: count, mark: day === today })), width),
  { caption: s.stats_daily, head: [s.stats_col_day, s.stats_col_answers], rows: daily.map(({ day, count }) => [day, count]) });

  const due = dueAhead(cards, now);
  showChart(section("due"), (width) => drawColumns(due.map(({ day, count }) =>
    ({ label: shortDay(day, today), value: count, mark: day === today })), width),
  { caption: s.stats_due, head: [s.stats_col_day, s.stats_col_due], rows: due.map(({ day, count }) => [day, count]) });

  if (!states.mastered && !states.learning) {
    /** @type {HTMLElement} */ (root.querySelector(".stats__message")).textContent = s.stats_no_answers;
  }
  root.hidden = false;
  const note = /** @type {HTMLElement | null} */ (document.querySelector("[data-run-needs-script]"));
  if (note) note.hidden = true;
}
