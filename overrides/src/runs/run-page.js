/**
 * What the run pages (随机练习, 题型练习, 模拟考试, 今日复习) share: the page's bank, data and form,
 * and a question as its chapter page shows it, made answerable with the chapter pages' own
 * inputs and judging (practice/question.js).
 *
 * The page loads the bank's index; a run loads the questions it draws (practice/parts.js), each
 * with its HTML (generator/site/question_html.py): cut at build from the rendered chapter pages,
 * so it went through the guide's own escaping, prose and KaTeX, never through anything here.
 */
import { element, format } from "../dom.js";
import { LETTERS } from "../exam/draw.js";
import { practiceData, questionHtml, strings } from "../page-data.js";
import { loadQuestions } from "../practice/parts.js";
import { progress } from "../practice/progress.js";
import { openAnswer, Question } from "../practice/question.js";

/**
 * A run page, shown once its data is in.
 * @typedef {object} RunPage
 * @property {string} kind "random", "types", "exam" or "review"
 * @property {string} bank
 * @property {import("../types").BankData} data
 * @property {Record<string, import("../types").QuestionBlock>} html the drawn questions', as they load
 * @property {HTMLElement} root
 * @property {HTMLFormElement} form
 * @property {HTMLElement} area
 * @property {HTMLElement} message
 * @property {import("../practice/store.js").Store} store
 * @property {(question: Question) => void} changed told of every answer
 */

/** The run page's bank, data and form, shown; null without its data. */
export function runPage(/** @type {ParentNode} */ root) {
  const run = /** @type {HTMLElement | null} */ (root.querySelector("[data-run]"));
  if (!run) return null;
  const bank = run.getAttribute("data-practice-bank") ?? "";
  const data = practiceData()[bank], html = questionHtml(bank);
  const form = run.querySelector("form[data-run-form]"), area = run.querySelector("[data-run-area]");
  const message = run.querySelector(".run-form__message");
  if (!data || !form || !area || !message) return null;
  const note = /** @type {HTMLElement | null} */ (root.querySelector("[data-run-needs-script]"));
  if (note) note.hidden = true;
  run.hidden = false;
  /** @type {RunPage} */
  const page = {
    kind: run.getAttribute("data-run") ?? "", bank, data, html, root: run,
    form: /** @type {HTMLFormElement} */ (form), area: /** @type {HTMLElement} */ (area),
    message: /** @type {HTMLElement} */ (message), store: progress(), changed: () => {},
  };
  return page;
}

/** A question's node as its chapter page shows it (its heading replaced, if given), or null. */
export function questionNode(/** @type {RunPage} */ page, /** @type {string} */ id, /** @type {string | null} */ heading) {
  const entry = page.html[id];
  if (!entry) return null;
  const template = document.createElement("template");
  template.innerHTML = entry.h;  /* the guide's own rendering of the bank, escaped at build */
  const node = /** @type {HTMLElement | null} */ (template.content.firstElementChild);
  const title = /** @type {HTMLElement | null} */ (node?.querySelector(":scope > h2") ?? null);
  if (!node || !title) return null;
  if (heading) title.textContent = heading;
  else title.querySelectorAll(".headerlink").forEach((link) => link.remove());
  title.setAttribute("tabindex", "-1");
  return node;
}

/** Its options in the paper's order (perm[new] = old), letters relabelled. */
export function shuffleOptions(/** @type {HTMLElement} */ node, /** @type {number[] | null} */ perm) {
  const list = node.querySelector(":scope > .options > ul");
  if (!perm || !list) return;
  const items = Array.from(list.children);
  perm.forEach((old, now) => {
    const item = items[old];
    const letter = item.querySelector("strong");
    if (letter) letter.textContent = LETTERS.charAt(now) + ".";
    list.appendChild(item);
  });
}

/**
 * A Question mounted on the node, or null when it gives nothing to answer.
 * @param {RunPage} page
 * @param {HTMLElement} node
 * @param {string} id
 * @param {import("../types").PracticeRecord} record
 * @param {ConstructorParameters<typeof Question>[4]} options
 */
export function answerable(page, node, id, record, options) {
  const question = new Question(node, id, record, page, options);
  return question.mount() ? question : null;
}

/** Its answer shown (also in the practice edition). */
export function reveal(/** @type {Question} */ question) {
  question.node.classList.add("is-revealed");
  openAnswer(question.node);
}

/** The values of a form's ticked inputs of that name. */
export function checked(/** @type {HTMLFormElement} */ form, /** @type {string} */ name) {
  return Array.from(form.querySelectorAll(`input[name='${name}']`), (input) => /** @type {HTMLInputElement} */ (input))
    .filter((input) => input.checked).map((input) => input.value);
}

export function say(/** @type {RunPage} */ page, /** @type {string} */ text) {
  page.message.textContent = text;
}

/**
 * The drawn questions `ids` loaded (practice/parts.js), said while they load, then the form
 * hidden.  Returns null when every one loaded, else the note saying how many could not be:
 * the run or paper goes on without them.
 */
export async function loadDrawn(/** @type {RunPage} */ page, /** @type {string[]} */ ids) {
  say(page, strings().run_loading);
  const missing = await loadQuestions(page.bank, ids);
  say(page, "");
  page.form.hidden = true;
  if (!missing) return null;
  const note = element("p", "practice-notice", format(strings().run_missing, { count: missing }));
  note.setAttribute("role", "status");
  return note;
}
