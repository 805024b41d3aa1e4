/**
 * 随机练习 and 题型练习: a run of questions from the chosen chapters and types, one at a time,
 * answered and judged as on the chapter pages and recorded in the same progress store (so in
 * 错题本 and, through review/record.js, in 今日复习).
 *
 * 随机练习 draws the number asked at random; 题型练习 takes every question of one type in bank
 * order.  Each question has its star (收藏), and the chapter pages' keys work: 1–6 or A–F
 * choose, Enter submits, J/K next/previous (practice/keys.js).  今日复习 runs its list here too.
 */
import { button, element } from "../dom.js";
import { newSeed, pool, rng, sample } from "../exam/draw.js";
import { strings } from "../page-data.js";
import { listenToKeys } from "../practice/keys.js";
import { addStar } from "../practice/stars.js";
import { answerable, checked, questionNode, reveal, runPage, say } from "./run-page.js";

/** @typedef {import("./run-page.js").RunPage} RunPage */
/** @typedef {import("../practice/question.js").Question} Question */
/** @typedef {RunPage & {onAnswer?: (question: Question | undefined) => void, onAgain?: () => void}} RunOwner */

function actionButton(/** @type {string} */ text, /** @type {string} */ action) {
  const node = button("md-button", text);
  node.setAttribute("data-action", action);
  return node;
}

class Run {
  /** @type {Question[]} */
  questions = [];
  at = 0;
  sheet = element("div", "run-sheet");
  summary = element("div", "run-summary");
  position = element("span", "run-bar__position");
  previous = actionButton(strings().run_previous, "previous");
  next = actionButton(strings().run_next, "next");

  constructor(/** @type {RunOwner} */ page, /** @type {string[]} */ ids) {
    this.page = page;
    page.changed = () => {
      const current = this.questions[this.at];
      if (current?.panel.getAttribute("data-verdict")) reveal(current);
      page.onAnswer?.(current);
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
    const bar = element("div", "run-bar");
    this.position.setAttribute("aria-live", "polite");
    bar.append(this.position, this.previous, this.next, actionButton(s.run_finish, "finish"));
    bar.addEventListener("click", (event) => {
      const action = /** @type {Element} */ (event.target).closest("button")?.getAttribute("data-action");
      if (action === "previous") this.go(this.at - 1);
      else if (action === "next") this.go(this.at + 1);
      else if (action === "finish") this.finish();
    });
    area.append(bar, this.sheet, this.summary);
    for (const question of this.questions) {
      question.node.hidden = true;
      this.sheet.appendChild(question.node);
    }
    this.go(0);
  }

  go(/** @type {number} */ at) {
    if (at < 0 || at >= this.questions.length) return;
    this.questions[this.at].node.hidden = true;
    this.at = at;
    const node = this.questions[at].node;
    node.hidden = false;
    this.position.textContent = strings().run_position.replace("{n}", String(at + 1)).replace("{total}", String(this.questions.length));
    this.previous.disabled = at === 0;
    this.next.disabled = at === this.questions.length - 1;
    this.summary.textContent = "";
    node.querySelector("h2")?.focus({ preventScroll: true });
  }

  finish() {
    const verdicts = this.questions.map((question) => question.panel.getAttribute("data-verdict"));
    const answered = verdicts.filter((verdict) => verdict === "right" || verdict === "wrong").length;
    const right = verdicts.filter((verdict) => verdict === "right").length;
    const page = this.page;
    this.summary.textContent = "";
    const text = element("p", "run-summary__text", strings().run_summary.replace("{total}", String(this.questions.length))
      .replace("{answered}", String(answered)).replace("{right}", String(right)));
    text.setAttribute("role", "status");
    const again = actionButton(strings().run_again, "again");
    again.addEventListener("click", () => {
      page.form.hidden = false;
      page.area.textContent = "";
      page.onAgain?.();
      /** @type {HTMLElement | null} */ (page.form.querySelector("input, button"))?.focus();
    });
    this.summary.append(text, again);
  }
}

/** @type {Run | null} the run being shown */
let current = null;

/** Run the questions `ids` on the page, one at a time. */
export function startRun(/** @type {RunOwner} */ page, /** @type {string[]} */ ids) {
  const run = new Run(page, ids);
  run.render();
  if (!current) {
    /* The keys of the chapter pages, on the run being shown. */
    listenToKeys({
      active: () => Boolean(current?.sheet.isConnected),
      current: () => current?.questions[current.at] ?? null,
      go: (step) => current?.go(current.at + step),
    });
  }
  current = run;
  return run;
}

/** The questions the form asks for: 随机练习 draws the number asked, 题型练习 takes them all. */
function idsOf(/** @type {RunPage} */ page) {
  const form = page.form;
  const chapters = checked(form, "chapter").map(Number);
  const ids = pool(page.data, chapters, checked(form, "type"), false).filter((id) => {
    const record = page.data.q[id];  /* judged with an answer, or graded by the reader */
    return record.a != null || record.e != null || record.t === "short" || record.t === "case";
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
    say(page, "");
    page.form.hidden = true;
    startRun(page, ids);
  });
}
