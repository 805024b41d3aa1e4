/** 答题模式 on a chapter page: each question with practice data made answerable (question.js).
    Without the chapter's practice data (or without JavaScript) nothing changes. */
import { practiceData } from "../page-data.js";
import { progress } from "./progress.js";
import { Question } from "./question.js";

/**
 * A chapter page's practice: its bank's data, the practice bar, the questions mounted, and
 * `listeners`, told of every answer (mode.js counts, redo.js and drill.js follow).
 * @typedef {object} ChapterPractice
 * @property {string} bank
 * @property {import("../types").BankData} data
 * @property {HTMLElement} bar
 * @property {import("./store.js").Store} store
 * @property {Question[]} questions
 * @property {((question: Question) => void)[]} listeners
 * @property {(question: Question) => void} changed
 */

/** The chapter's questions, practised; null when the page has no practice data. */
export function mountChapter(/** @type {ParentNode} */ root) {
  const bar = /** @type {HTMLElement | null} */ (root.querySelector(".practice-bar"));
  const data = bar && practiceData()[bar.getAttribute("data-practice-bank") ?? ""];
  if (!bar || !data) return null;
  /** @type {ChapterPractice} */
  const page = {
    bank: data.bank, data, bar, store: progress(), questions: [], listeners: [],
    changed: (question) => page.listeners.forEach((listener) => listener(question)),
  };
  root.querySelectorAll(".question").forEach((node) => {
    const heading = node.querySelector(":scope > h2[id]");
    const record = heading && data.q[heading.id];
    if (!heading || !record) return;
    const question = new Question(/** @type {HTMLElement} */ (node), heading.id, record, page);
    if (question.mount()) page.questions.push(question);
  });
  return page;
}
