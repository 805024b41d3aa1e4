/**
 * The home page's 今日计划: each bank's reviews due now (a link to its 今日复习), the new
 * questions suggested for today (a link to the first never answered) and where practice
 * stopped (a link to the question after the last one answered), from aggregate.js.
 */
import { format } from "../dom.js";
import { practiceData, strings } from "../page-data.js";
import { progress } from "../practice/progress.js";
import { localReviews } from "../review/local-cards.js";
import { currentCards, items, todayPlan } from "./aggregate.js";

/** @typedef {import("./aggregate.js").Item} Item */

function href(/** @type {Item} */ item) {
  return item.page + ".html#" + encodeURIComponent(item.id);
}

/** The item's link set, or its line hidden when there is nowhere to go. */
function point(/** @type {Element | null} */ line, /** @type {Item | null} */ item, /** @type {string} */ text) {
  const link = line?.querySelector("a");
  if (!line || !link) return;
  link.textContent = text;
  if (item) link.href = href(item);
  else link.removeAttribute("href");
}

export function mountPlan() {
  const panel = /** @type {HTMLElement | null} */ (document.querySelector("[data-today-plan]"));
  const data = practiceData();
  if (!panel || !Object.keys(data).length) return;
  const s = strings();
  const store = progress();
  const lookup = store.get.bind(store);
  const all = items(data);
  const cards = /** @type {Record<string, {due: number}>} */ (localReviews().exportCards());
  const now = Date.now();
  panel.querySelectorAll("[data-plan=due]").forEach((line) => {
    const mine = all.filter((item) => item.bank === line.getAttribute("data-practice-bank"));
    const { due } = todayPlan(mine, lookup, currentCards(cards, mine), now);
    const link = /** @type {HTMLAnchorElement} */ (line.querySelector("a"));
    link.textContent = due ? format(s.plan_due, { count: due }) : s.plan_due_none;
  });
  const plan = todayPlan(all, lookup, currentCards(cards, all), now);
  point(panel.querySelector("[data-plan=new]"), plan.firstNew,
        plan.fresh ? format(s.plan_new, { count: plan.fresh }) : s.plan_new_none);
  const resume = plan.resume ?? all[0] ?? null;
  const number = resume ? data[resume.bank].q[resume.id].n : 1;
  point(panel.querySelector("[data-plan=resume]"), resume,
        plan.resume ? format(s.plan_resume, { number }) : s.plan_start);
  panel.hidden = false;
}
