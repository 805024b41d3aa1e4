/**
 * A chapter page's practice bar: 答题模式 / 背题模式 (remembered), the chapter's counts, the keys.
 *
 * The mode is <html data-practice-mode="answer|recite">; practice.css hides the inputs and
 * marks the right options in 背题模式, and this opens every answer (closing again, on the way
 * back, those it opened).  The keys (keys.js) work in 答题模式; the current question is the
 * one last used, else the first on screen.
 */
import { strings } from "../page-data.js";
import { keep, load } from "../storage.js";
import { listenToKeys } from "./keys.js";
import { hashesOf, noticeOf } from "./progress.js";

/** @typedef {import("./chapter.js").ChapterPractice} ChapterPractice */
/** @typedef {import("./question.js").Question} Question */

const MODE_KEY = "studyGuide.practiceMode.v1";
const MODES = ["answer", "recite"];
const root = document.documentElement;

function storedMode() {
  const mode = load("localStorage", MODE_KEY);  /* refused: the default */
  return mode && MODES.includes(mode) ? mode : "answer";
}

class PracticeBar {
  /** @type {HTMLDetailsElement[]} answers 背题模式 opened */
  opened = [];
  /** @type {Question | null} */
  current = null;

  constructor(/** @type {ChapterPractice} */ page) {
    this.page = page;
    this.count = page.bar.querySelector(".practice-bar__count");
  }

  apply(/** @type {string} */ mode) {
    root.setAttribute("data-practice-mode", mode);
    this.page.bar.querySelectorAll(".practice-bar__mode").forEach((choice) => {
      choice.setAttribute("aria-pressed", String(choice.getAttribute("data-mode") === mode));
    });
    if (mode === "recite") {
      document.querySelectorAll(".md-content .question > details.answer:not([open])").forEach((details) => {
        /** @type {HTMLDetailsElement} */ (details).open = true;
        this.opened.push(/** @type {HTMLDetailsElement} */ (details));
      });
    } else {
      this.opened.splice(0).forEach((details) => { details.open = false; });
    }
    this.page.questions.forEach((question) => question.guard?.update());  /* 背题模式 marks the key alone */
  }

  showCounts() {
    const { data, bar, store, bank } = this.page;
    const chapter = data.chapters.find((c) => c.page === bar.getAttribute("data-practice-chapter"));
    if (!chapter || !this.count) return;
    const counts = store.counts(bank, chapter.q, hashesOf(data, chapter.q));
    this.count.textContent = strings().chapter_progress.replace("{answered}", String(counts.answered))
      .replace("{count}", String(counts.count)).replace("{right}", String(counts.right));
  }

  /** The store's notice (cleared as corrupted, or no storage), said once above the questions. */
  showNotice() {
    const notice = this.page.store.notice;
    if (notice) this.page.bar.appendChild(noticeOf(notice));
  }

  questionOf(/** @type {Node} */ node) {
    return this.page.questions.find((q) => q.node.contains(node)) ?? null;
  }

  currentQuestion() {
    return this.current ?? this.page.questions.find((q) => q.node.getBoundingClientRect().bottom > 80) ?? null;
  }

  go(/** @type {number} */ step) {
    const all = this.page.questions;
    /* The first move goes to the question on screen; later ones step from the current one. */
    const at = all.indexOf(/** @type {Question} */ (this.currentQuestion()));
    const next = this.current ? all[Math.max(0, Math.min(all.length - 1, at + step))] : all[Math.max(0, at)];
    if (!next) return;
    this.current = next;
    const heading = /** @type {HTMLElement} */ (next.node.querySelector(":scope > h2"));
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start" });
  }
}

/** The bar of a chapter's practice, shown: mode, counts, notice, keys. */
export function mountBar(/** @type {ChapterPractice} */ page) {
  const bar = new PracticeBar(page);
  page.listeners.push(() => bar.showCounts());
  bar.apply(storedMode());
  bar.showCounts();
  bar.showNotice();
  page.bar.addEventListener("click", (event) => {
    const choice = /** @type {Element} */ (event.target).closest(".practice-bar__mode");
    const mode = choice?.getAttribute("data-mode");
    if (!mode) return;
    bar.apply(mode);
    keep("localStorage", MODE_KEY, mode);
  });
  const follow = (/** @type {Event} */ event) => { bar.current = bar.questionOf(/** @type {Node} */ (event.target)) ?? bar.current; };
  document.addEventListener("focusin", follow);
  document.addEventListener("click", follow);
  listenToKeys({
    active: () => root.getAttribute("data-practice-mode") === "answer",
    current: () => bar.currentQuestion(),
    go: (step) => bar.go(step),
    chose: (question) => { bar.current = question; },
  });
  page.bar.hidden = false;
}
