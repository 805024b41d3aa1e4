/**
 * 随机练习 and 题型练习: a run of questions from the chosen chapters and types, one at a time,
 * answered and judged as on the chapter pages and recorded in the same progress store (so in
 * 错题本 and, through review/record.js, in 今日复习).
 *
 * 随机练习 draws the number asked at random; 题型练习 takes every question of one type in bank
 * order.  Each question has its star (收藏); the 答题卡, the views, swipes, font size and keys
 * are the navigator's (navigator.js).  今日复习 runs its list here too.
 */
import { button, element, format } from "../dom.js";
import { newSeed, pool, rng, sample } from "../exam/draw.js";
import { strings } from "../page-data.js";
import { addStar } from "../practice/stars.js";
import { Navigator } from "./navigator.js";
import { answerable, checked, loadDrawn, questionNode, reveal, runPage, say } from "./run-page.js";

/** @typedef {import("./run-page.js").RunPage} RunPage */
/** @typedef {import("../practice/question.js").Question} Question */
/** @typedef {RunPage & {onAnswer?: (question: Question | undefined) => void, onAgain?: () => void}} RunOwner */

/** A question's state on the 答题卡: its verdict, once given. */
function stateOf(/** @type {Question} */ question) {
  const verdict = question.panel.getAttribute("data-verdict");
  return verdict === "right" || verdict === "wrong" ? verdict : "unanswered";
}

class Run {
  /** @type {Question[]} */
  questions = [];
  sheet = element("div", "run-sheet");
  summary = element("div", "run-summary");
  /** @type {Navigator | undefined} */
  navigator;

  constructor(/** @type {RunOwner} */ page, /** @type {string[]} */ ids) {
    this.page = page;
    page.changed = (question) => {
      if (question.panel.getAttribute("data-verdict")) reveal(question);
      page.onAnswer?.(question);
      this.navigator?.answered(question);
    };
    for (const id of ids) {
      const record = page.data.q[id];
      const node = record && questionNode(page, id, null);
      const question = node && answerable(page, node, id, record, { restoring: false });
      if (!node || !question) continue;
      addStar(page, node, id);
      this.questions.push(question);
    }
  }

  render() {
    const s = strings();
    const area = this.page.area;
    area.textContent = "";
    if (!this.questions.length) {
      area.appendChild(element("p", "run-empty", s.run_none));
      return;
    }
    for (const question of this.questions) this.sheet.appendChild(question.node);
    this.navigator = new Navigator({ questions: this.questions, sheet: this.sheet, state: stateOf, view: "one", autoNext: true });
    const finish = button("md-button run-bar__finish", s.run_finish);
    finish.setAttribute("data-action", "finish");
    finish.addEventListener("click", () => this.finish());
    this.navigator.bar.appendChild(finish);
    this.navigator.mount(area);
    area.appendChild(this.summary);
  }

  /** The summary below the run, brought into view with the focus on it. */
  finish() {
    const states = this.questions.map(stateOf);
    const page = this.page;
    this.summary.textContent = "";
    const text = element("p", "run-summary__text", format(strings().run_summary, {
      total: this.questions.length, answered: states.filter((state) => state !== "unanswered").length,
      right: states.filter((state) => state === "right").length }));
    text.setAttribute("role", "status");
    text.setAttribute("tabindex", "-1");
    const again = button("md-button", strings().run_again);
    again.setAttribute("data-action", "again");
    again.addEventListener("click", () => {
      page.form.hidden = false;
      page.area.textContent = "";
      page.onAgain?.();
      /** @type {HTMLElement | null} */ (page.form.querySelector("input, button"))?.focus();
    });
    this.summary.append(text, again);
    text.focus({ preventScroll: true });
    this.summary.scrollIntoView({ block: "center" });
  }
}

/** Run the questions `ids` on the page, once loaded (those that could not be are said, and left out). */
export async function startRun(/** @type {RunOwner} */ page, /** @type {string[]} */ ids) {
  const missing = await loadDrawn(page, ids);
  const run = new Run(page, ids);
  run.render();
  if (missing) page.area.prepend(missing);
  return run;
}

/** The questions the form asks for: 随机练习 draws the number asked, 题型练习 takes them all. */
function idsOf(/** @type {RunPage} */ page) {
  const form = page.form;
  const chapters = checked(form, "chapter").map(Number);
  const ids = pool(page.data, chapters, checked(form, "type"), false).filter((id) => {
    const record = page.data.q[id];  /* judged with an answer, or graded by the reader */
    return record.k === 1 || record.t === "short" || record.t === "case";
  });
  if (page.kind !== "random") return ids;
  const count = Math.max(1, Math.floor(Number(/** @type {HTMLInputElement} */ (form.elements.namedItem("count")).value) || 20));
  return sample(ids, count, rng(newSeed()));
}

export function mountPracticeRun() {
  const page = runPage(document);
  if (!page || (page.kind !== "random" && page.kind !== "types")) return;
  page.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const ids = idsOf(page);
    if (!ids.length) {
      say(page, strings().run_none);
      return;
    }
    startRun(page, ids);
  });
}
