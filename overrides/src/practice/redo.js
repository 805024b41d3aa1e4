/**
 * 重做 on an answered question of a chapter page: its inputs and verdict cleared and its
 * answer folded, so that it can be answered again (progress keeps every answer given).
 * Also: a question's options are named as a group by its heading, and 会/不会 are offered
 * however the answer was opened (显示答案 or its own fold).
 */

import { strings } from "../page-data.js";

/** @typedef {import("./question.js").Question} Question */

/** The 重做 button of a question (none for 会/不会, which can be pressed again as they are);
    `clear` is what it does, also for a run of 重练错题 (drill.js). */
export function addRedo(/** @type {Question} */ question, /** @type {import("./chapter.js").ChapterPractice} */ page) {
  if (question.grades) return null;
  const redo = document.createElement("button");
  redo.type = "button";
  redo.className = "md-button practice__redo";
  redo.textContent = strings().practice_redo;
  const clear = () => {
    for (const input of question.inputs) {
      input.checked = false;
      if (input.type === "text") input.value = "";
    }
    question.say("", "");
    const details = /** @type {HTMLDetailsElement | null} */ (question.node.querySelector(":scope > details.answer"));
    if (details) details.open = false;
    const reveal = /** @type {HTMLElement | null} */ (question.node.querySelector(':scope > .answer-reveal[aria-expanded="true"]'));
    reveal?.click();  /* the practice edition's 顯示答案 (reader/edition.js) */
    redo.hidden = true;
    (question.inputs[0] ?? question.node).focus();
  };
  redo.addEventListener("click", clear);
  redo.hidden = !page.store.get(page.bank, question.id, question.record.h);
  question.panel.insertBefore(redo, question.verdict);
  page.listeners.push((answered) => {
    if (answered === question) redo.hidden = false;
  });
  return clear;
}

/** The options named as a group by the heading; 会/不会 offered when the answer's fold opens. */
export function describe(/** @type {Question} */ question) {
  const options = question.node.querySelector(":scope > .options");
  const heading = question.node.querySelector(":scope > h2[id]");
  const first = question.inputs[0];
  if (options && heading && first && first.type !== "text") {
    options.setAttribute("role", first.type === "radio" ? "radiogroup" : "group");
    options.setAttribute("aria-labelledby", heading.id);
  }
  const details = /** @type {HTMLDetailsElement | null} */ (question.node.querySelector(":scope > details.answer"));
  const { grades, showButton } = question;
  if (!grades || !showButton || !details) return;
  details.addEventListener("toggle", () => {
    if (!details.open) return;
    showButton.hidden = true;
    grades.hidden = false;
  });
}
