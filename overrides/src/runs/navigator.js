/**
 * Going through a run of questions or a paper as exam apps do (issue 29, item 2).
 *
 * - The bar: 上一题, the position, 下一题 (and what the page adds: 结束, the clock, 交卷).
 * - The 答题卡: a grid of the questions' numbers, each coloured and named by its state
 *   (未答, 已答 on a paper being sat, 答对, 答错, 标记), a tap jumps to it; the counts above.
 * - The view: one question at a time (always on a phone), or the whole run on a wide screen,
 *   a toggle there, remembered; on one question, a swipe left or right moves.
 * - Tools: 标记 the current question, A−/A+ (the questions' font size, remembered), and on a
 *   practice run 答对后自动下一题 (remembered).
 * - Keys (practice/keys.js): 1–8 or A–H choose, Enter submits, ←/→ move.
 */
import { button, element, format } from "../dom.js";
import { strings } from "../page-data.js";
import { listenToKeys } from "../practice/keys.js";
import { keep, load } from "../storage.js";
import { keepTopButtonOff } from "./top-button.js";

/** @typedef {import("../practice/question.js").Question} Question */
/** @typedef {"unanswered" | "answered" | "right" | "wrong"} State */

const VIEW_KEY = "studyGuide.runView.v1";
const FONT_KEY = "studyGuide.fontScale.v1";
const AUTO_KEY = "studyGuide.autoNext.v1";
const FONT_STEPS = [0.85, 1, 1.15, 1.3, 1.5];
const PHONE = "(max-width: 44.9375em)";  /* Material's own breakpoint below tablets */
const SWIPE = 60;  /* pixels across, at least twice the distance down */
const AUTO_DELAY = 900;  /* ms to see the verdict before moving on */

function storedFont() {
  const stored = Number(load("localStorage", FONT_KEY));
  return FONT_STEPS.includes(stored) ? stored : 1;
}

/** @type {Navigator | null} the navigator the keys act on */
let shown = null;

export class Navigator {
  at = 0;
  /** @type {Set<Question>} */
  marked = new Set();
  bar = element("div", "run-bar");
  position = element("span", "run-bar__position");
  previous = button("md-button run-bar__previous", strings().run_previous);
  next = button("md-button run-bar__next", strings().run_next);
  card = element("div", "run-card");
  cardToggle = button("run-card__toggle", "");
  counts = element("span", "run-card__counts");
  grid = element("ol", "run-card__grid");
  tools = element("div", "run-tools");
  markButton = button("md-button run-tools__mark", strings().card_mark);
  /** @type {HTMLInputElement | null} */
  auto = null;
  /** @type {number | undefined} */
  autoTimer;
  /** @type {HTMLElement | undefined} where it is mounted */
  area;
  font = 1;

  /**
   * @param {object} options
   * @param {Question[]} options.questions
   * @param {HTMLElement} options.sheet where the questions are
   * @param {(question: Question) => State} options.state
   * @param {"one" | "all"} options.view the wide screen's view until the reader picks one
   * @param {boolean} [options.autoNext] offer 答对后自动下一题
   * @param {() => boolean} [options.judged] whether answers are judged yet (a paper being sat: not)
   */
  constructor({ questions, sheet, state, view, autoNext = false, judged = () => true }) {
    this.judged = judged;
    this.questions = questions;
    this.sheet = sheet;
    this.state = state;
    this.phone = window.matchMedia(PHONE);
    const stored = load("localStorage", VIEW_KEY);
    this.wideView = stored === "one" || stored === "all" ? stored : view;
    this.#bar();
    this.#card();
    this.#tools(autoNext);
    this.#swipe();
    this.setFont(storedFont());
    sheet.addEventListener("focusin", (event) => this.#follow(event));
    sheet.addEventListener("click", (event) => this.#follow(event));
    this.phone.addEventListener("change", () => this.#layout());
    if (!shown) listenToKeys({
      active: () => Boolean(shown?.sheet.isConnected),
      current: () => shown?.questions[shown.at] ?? null,
      go: (step) => shown?.go(shown.at + step),
    });
    shown = this;
  }

  #bar() {
    this.position.setAttribute("aria-live", "polite");
    this.previous.setAttribute("data-action", "previous");
    this.next.setAttribute("data-action", "next");
    this.previous.addEventListener("click", () => this.go(this.at - 1));
    this.next.addEventListener("click", () => this.go(this.at + 1));
    this.bar.append(this.previous, this.position, this.next);
  }

  /** The 答题卡: a toggle with its counts (open on a wide screen, folded on a phone), then the grid. */
  #card() {
    const s = strings();
    this.cardToggle.append(element("span", "run-card__title", s.card_heading), this.counts);
    this.cardToggle.addEventListener("click", () => this.#openCard(this.cardToggle.getAttribute("aria-expanded") !== "true"));
    this.grid.id = "run-card-" + Math.random().toString(36).slice(2);
    this.cardToggle.setAttribute("aria-controls", this.grid.id);
    this.grid.setAttribute("aria-label", s.card_heading);
    this.questions.forEach((question, i) => {
      const item = element("li");
      const jump = button("run-card__item", String(i + 1));
      jump.addEventListener("click", () => {
        this.go(i);
        if (this.phone.matches) this.#openCard(false);
      });
      item.appendChild(jump);
      this.grid.appendChild(item);
    });
    this.card.append(this.cardToggle, this.grid);
    this.#openCard(!this.phone.matches);
  }

  #openCard(/** @type {boolean} */ open) {
    this.grid.hidden = !open;
    this.cardToggle.setAttribute("aria-expanded", String(open));
  }

  #tools(/** @type {boolean} */ autoNext) {
    const s = strings();
    const views = element("span", "run-tools__views");
    views.setAttribute("role", "group");
    views.setAttribute("aria-label", s.view_label);
    for (const [view, name] of [["one", "view_one"], ["all", "view_all"]]) {
      const choice = button("md-button run-tools__view", s[name]);
      choice.setAttribute("data-view", view);
      choice.addEventListener("click", () => {
        this.wideView = /** @type {"one" | "all"} */ (view);
        keep("localStorage", VIEW_KEY, view);
        this.#layout();
      });
      views.appendChild(choice);
    }
    const smaller = button("md-button run-tools__font", "A−");
    smaller.appendChild(element("span", "run-tools__said", s.font_smaller));
    smaller.addEventListener("click", () => this.setFont(FONT_STEPS[Math.max(0, FONT_STEPS.indexOf(this.font) - 1)], true));
    const larger = button("md-button run-tools__font", "A+");
    larger.appendChild(element("span", "run-tools__said", s.font_larger));
    larger.addEventListener("click", () => this.setFont(FONT_STEPS[Math.min(FONT_STEPS.length - 1, FONT_STEPS.indexOf(this.font) + 1)], true));
    this.markButton.setAttribute("aria-pressed", "false");
    this.markButton.addEventListener("click", () => {
      const question = this.questions[this.at];
      if (!this.marked.delete(question)) this.marked.add(question);
      this.refresh();
    });
    this.tools.append(views, smaller, larger, this.markButton);
    if (autoNext) {
      const label = element("label", "run-tools__auto");
      this.auto = element("input");
      this.auto.type = "checkbox";
      this.auto.checked = load("localStorage", AUTO_KEY) === "on";
      this.auto.addEventListener("change", () => keep("localStorage", AUTO_KEY, this.auto?.checked ? "on" : ""));
      label.append(this.auto, " " + s.auto_next);
      this.tools.appendChild(label);
    }
  }

  /** A swipe across the question on one-question view: left for the next, right for the previous. */
  #swipe() {
    /** @type {{x: number, y: number} | null} */
    let start = null;
    this.sheet.addEventListener("touchstart", (event) => {
      const touch = event.touches[0];
      start = event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    }, { passive: true });
    this.sheet.addEventListener("touchend", (event) => {
      const touch = event.changedTouches[0];
      if (!start || !touch || this.view() !== "one") return;
      const dx = touch.clientX - start.x, dy = touch.clientY - start.y;
      start = null;
      if (Math.abs(dx) >= SWIPE && Math.abs(dx) >= 2 * Math.abs(dy)) this.go(this.at + (dx < 0 ? 1 : -1));
    });
  }

  /** The questions' font size, a step of FONT_STEPS; remembered when the reader chose it. */
  setFont(/** @type {number} */ scale, remember = false) {
    this.font = scale;
    this.sheet.style.setProperty("--run-font-scale", String(scale));
    if (remember) keep("localStorage", FONT_KEY, scale === 1 ? "" : String(scale));
  }

  view() {
    return this.phone.matches ? "one" : this.wideView;
  }

  /** Each question shown or hidden for the view, the toggles said. */
  #layout() {
    const view = this.view();
    this.sheet.setAttribute("data-view", view);
    this.tools.querySelectorAll(".run-tools__view").forEach((choice) => {
      choice.setAttribute("aria-pressed", String(choice.getAttribute("data-view") === view));
    });
    this.questions.forEach((question, i) => { question.node.hidden = view === "one" && i !== this.at; });
  }

  /** The question the reader works in, in the whole-run view, is the current one. */
  #follow(/** @type {Event} */ event) {
    const at = this.questions.findIndex((q) => q.node.contains(/** @type {Node} */ (event.target)));
    if (at >= 0 && at !== this.at) {
      this.at = at;
      this.refresh();
    }
  }

  /** To question `at` (out of range: nowhere): shown, its heading focused (and scrolled to on the whole run). */
  go(/** @type {number} */ at) {
    if (at < 0 || at >= this.questions.length) return;
    window.clearTimeout(this.autoTimer);
    this.at = at;
    this.#layout();
    this.refresh();
    const heading = /** @type {HTMLElement | null} */ (this.questions[at].node.querySelector("h2"));
    heading?.focus({ preventScroll: true });
    if (this.view() === "all") heading?.scrollIntoView({ block: "start" });
    else if (this.card.getBoundingClientRect().top < this.bar.getBoundingClientRect().bottom) {
      /* Scrolled past the run's start, the sticky bar covers the 答题卡's line: back to the start. */
      this.area?.scrollIntoView({ block: "start" });
    }
  }

  /** After an answer: the card said again, and on a right one the next question after a moment, if asked. */
  answered(/** @type {Question} */ question) {
    this.refresh();
    if (!this.auto?.checked || this.state(question) !== "right" || this.view() !== "one") return;
    const at = this.questions.indexOf(question);
    if (at !== this.at || at === this.questions.length - 1) return;
    window.clearTimeout(this.autoTimer);
    this.autoTimer = window.setTimeout(() => { if (this.at === at) this.go(at + 1); }, AUTO_DELAY);
  }

  /** The position, the buttons and the 答题卡 as things stand. */
  refresh() {
    const s = strings();
    const total = this.questions.length;
    this.position.textContent = format(s.run_position, { n: this.at + 1, total });
    this.previous.disabled = this.at === 0;
    this.next.disabled = this.at === total - 1;
    this.markButton.setAttribute("aria-pressed", String(this.marked.has(this.questions[this.at])));
    const tally = { answered: 0, right: 0, wrong: 0, marked: this.marked.size, total };
    this.grid.querySelectorAll("button").forEach((jump, i) => {
      const question = this.questions[i];
      const state = this.state(question);
      if (state !== "unanswered") tally.answered += 1;
      if (state === "right") tally.right += 1;
      if (state === "wrong") tally.wrong += 1;
      const marked = this.marked.has(question);
      jump.setAttribute("data-state", state);
      jump.toggleAttribute("data-marked", marked);
      jump.setAttribute("aria-label", format(s.card_item, { n: i + 1, state: s["state_" + state] + (marked ? "，" + s.state_marked : "") }));
      if (i === this.at) jump.setAttribute("aria-current", "step");
      else jump.removeAttribute("aria-current");
    });
    this.counts.textContent = format(this.judged() ? s.card_counts : s.card_counts_sitting, tally);
  }

  /** Shown in `area`: the bar, the card and tools, then the questions (which the page put in `sheet`). */
  mount(/** @type {HTMLElement} */ area) {
    this.area = area;
    area.append(this.bar, this.card, this.tools, this.sheet);
    keepTopButtonOff(this.bar);
    this.go(Math.min(this.at, this.questions.length - 1));
  }
}
