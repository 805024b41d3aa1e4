/**
 * A paper being sat: the questions with their answers hidden, a countdown, 交卷 (confirmed;
 * automatic when the time runs out), then each answer judged against its record with the key
 * in the paper's letters, shown with its answer and explanation, recorded in the progress
 * store in the bank's letters, and the score by type.  The answers are saved as they change
 * (sitting-store.js), so a reload takes the paper up again.
 */
import { button, element, format } from "../dom.js";
import { strings } from "../page-data.js";
import { judge } from "../practice/judge.js";
import { putAnswer } from "../practice/question.js";
import { storage } from "../storage.js";
import { Navigator } from "../runs/navigator.js";
import { answerable, questionNode, reveal, shuffleOptions } from "../runs/run-page.js";
import { LETTERS, mapRecord, score, toBank, toPaper, TYPES } from "./draw.js";
import { localHistory } from "./local-history.js";
import { createSittingStore } from "./sitting-store.js";

/** @typedef {import("../runs/run-page.js").RunPage & {onHandedIn?: () => void}} ExamPage */
/** @typedef {import("./page.js").ExamSettings} ExamSettings */
/** @typedef {import("../practice/question.js").Question & {item: import("./draw.js").Item}} PaperQuestion */

export const sittings = createSittingStore(storage("localStorage"));

/** The answer line of a shuffled question in the paper's letters: each run of letters (A、C) mapped and sorted. */
function relabelAnswer(/** @type {Element} */ node, /** @type {number[]} */ perm) {
  const line = node.querySelector(":scope > details.answer > p");
  if (!line) return;
  const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    if (text.parentElement?.closest("strong, a, .sg-math")) continue;
    text.textContent = (text.textContent ?? "").replace(/\b[A-Z](?:、[A-Z])*\b/g,
      (run) => [...toPaper(run.replace(/、/g, ""), perm)].join("、"));
  }
}

/** 本卷的 A B C D 即原题的 C A D B. */
function moved(/** @type {number[]} */ perm) {
  return strings().exam_moved
    .replace("{now}", perm.map((old, now) => LETTERS.charAt(now)).join(" "))
    .replace("{was}", perm.map((old) => LETTERS.charAt(old)).join(" "));
}

export class Sitting {
  /** @type {PaperQuestion[]} */
  questions = [];
  done = false;
  /** @type {number | undefined} */
  timer;
  /** @type {Navigator | undefined} */
  navigator;
  /** @type {HTMLElement} the navigator's bar, with the seed, the clock and 交卷 while sitting */
  bar = element("div");
  /** @type {Element[]} what the bar holds only while sitting */
  sittingOnly = [];
  clock = element("span", "exam-bar__clock");
  result = element("div", "exam-result");
  sheet = element("div", "exam-paper is-sitting");

  /**
   * @param {ExamPage} page
   * @param {import("./draw.js").Paper} paper
   * @param {ExamSettings} settings
   * @param {{started: number, answers: Record<string, string>}} [saved] a paper taken up again after a reload
   */
  constructor(page, paper, settings, saved) {
    this.page = page;
    this.paper = paper;
    this.settings = settings;
    this.started = saved ? saved.started : Date.now();
    this.answers = saved ? saved.answers : {};
    this.end = this.started + settings.minutes * 60000;
  }

  /** A question's state on the 答题卡: answered or not while sitting, then its verdict (left open: unanswered). */
  stateOf(/** @type {PaperQuestion} */ question) {
    if (!question.response()) return "unanswered";
    if (!this.done) return "answered";
    return question.panel.getAttribute("data-verdict") === "right" ? "right" : "wrong";
  }

  render() {
    const s = strings();
    this.page.area.textContent = "";
    this.paper.items.forEach((item, i) => {
      const bankRecord = this.page.data.q[item.id];
      if (!bankRecord) return;  /* a paper kept from an older build of the bank */
      const record = mapRecord(bankRecord, item.perm);
      const heading = format(s.exam_heading, { n: i + 1, type: s["type_" + item.t] || item.t, points: item.points });
      const node = questionNode(this.page, item.id, heading);
      if (!node) return;
      shuffleOptions(node, item.perm);
      const question = answerable(this.page, node, item.id, record, { judging: false, restoring: false });
      if (!question) return;
      this.sheet.appendChild(node);
      this.questions.push(Object.assign(question, { item }));
      putAnswer(question.inputs, this.answers[item.id] ?? "");
    });
    const navigator = new Navigator({ questions: this.questions, sheet: this.sheet, view: "all",
                                      state: (q) => this.stateOf(/** @type {PaperQuestion} */ (q)), judged: () => this.done });
    this.navigator = navigator;
    this.bar = navigator.bar;
    this.bar.classList.add("exam-bar");
    this.clock.setAttribute("role", "timer");
    this.clock.setAttribute("aria-label", s.exam_remaining);
    const handIn = button("md-button md-button--primary exam-bar__hand-in", s.exam_hand_in);
    handIn.addEventListener("click", () => this.handIn(false));
    const seed = element("span", "exam-bar__seed", s.exam_seed + "：" + this.paper.seed);
    const label = element("span", "exam-bar__label", s.exam_remaining);
    this.sittingOnly = [seed, label, this.clock, handIn];
    this.bar.prepend(seed);
    this.bar.append(label, this.clock, handIn);
    this.page.area.append(this.result);
    navigator.mount(this.page.area);
    const changed = () => {
      this.save();
      navigator.refresh();
    };
    this.sheet.addEventListener("input", changed);
    this.sheet.addEventListener("change", changed);
    this.save();
    this.tick();
    this.timer = window.setInterval(() => this.tick(), 1000);
  }

  save() {
    if (this.done) return;
    const answers = Object.fromEntries(this.questions.map((q) => [q.id, q.response()]));
    sittings.save(this.page.bank, { paper: this.paper, settings: this.settings, started: this.started, answers });
  }

  tick() {
    const left = Math.max(0, Math.ceil((this.end - Date.now()) / 1000));
    this.clock.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
    if (left <= 0) this.handIn(true);
  }

  handIn(/** @type {boolean} */ timeUp) {
    if (this.done) return;
    const s = strings();
    const open = this.questions.filter((q) => !q.response()).length;
    if (!timeUp && !window.confirm(open ? s.exam_confirm.replace("{count}", String(open)) : s.exam_confirm_all)) return;
    this.done = true;
    window.clearInterval(this.timer);
    const page = this.page;
    sittings.clear(page.bank);
    this.sheet.classList.remove("is-sitting");  /* first: the answers and what they bring may show now */
    const verdicts = this.questions.map((q) => {
      const response = q.response();
      /* The paper is locked: nothing on it can be changed or submitted again. */
      for (const control of q.panel.querySelectorAll("input, button")) /** @type {HTMLInputElement} */ (control).disabled = true;
      for (const input of q.inputs) input.disabled = true;
      if (q.submitter) q.submitter.hidden = true;
      if (q.item.perm) {
        relabelAnswer(q.node, q.item.perm);
        q.panel.appendChild(element("p", "exam-moved", moved(q.item.perm)));
      }
      reveal(q);
      if (!response) {
        q.say(s.verdict_wrong + " · " + s.exam_unanswered, "wrong");
        return null;
      }
      const result = judge(q.record, response);
      if (!result) return null;
      q.show(result, response);
      page.store.record(page.bank, q.id, q.record.h, result.verdict, toBank(response, q.item.perm));
      return result.verdict;
    });
    const scored = score({ items: this.questions.map((q) => q.item) }, verdicts);
    this.sittingOnly.forEach((part) => part.remove());
    this.navigator?.refresh();
    this.showScore(scored, timeUp);
    localHistory().add({ bank: page.bank, seed: this.paper.seed, settings: this.settings, when: this.started,
                         used: Math.round((Math.min(Date.now(), this.end) - this.started) / 1000),
                         got: scored.got, max: scored.max, byType: scored.byType,
                         wrong: this.questions.filter((q, i) => verdicts[i] !== "right").map((q) => q.id) });
    page.onHandedIn?.();
  }

  showScore(/** @type {ReturnType<typeof score>} */ scored, /** @type {boolean} */ timeUp) {
    const s = strings();
    const heading = element("h2", "exam-result__title", s.exam_result);
    heading.id = "exam-result";
    heading.setAttribute("tabindex", "-1");
    const total = element("p", "exam-result__total", s.exam_score.replace("{got}", String(scored.got)).replace("{max}", String(scored.max)));
    total.setAttribute("role", "status");
    const table = element("table");  /* no class: Material's table style */
    /** @type {(string | number)[][]} */
    const rows = [[s.exam_type, s.run_count, s.exam_right, s.exam_got]];
    for (const t of TYPES) {
      const row = scored.byType[t];
      if (row) rows.push([s["type_" + t] || t, row.count, row.right, Math.round(row.got * 100) / 100 + " / " + row.max]);
    }
    rows.push([s.exam_total, this.questions.length, "", scored.got + " / " + scored.max]);
    rows.forEach((cells, r) => {
      const row = element("tr");
      for (const text of cells) {
        const cell = element(r ? "td" : "th", "", String(text));
        if (!r) cell.setAttribute("scope", "col");
        row.appendChild(cell);
      }
      table.appendChild(row);
    });
    this.result.append(heading, total, element("p", "", s.exam_seed + "：" + this.paper.seed));
    if (timeUp) this.result.appendChild(element("p", "exam-result__time-up", s.exam_time_up));
    this.result.append(table, element("h2", "exam-result__review", s.exam_review));
    heading.focus();
  }
}
