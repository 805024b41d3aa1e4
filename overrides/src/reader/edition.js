/**
 * The edition switch on chapter pages: practice or answer edition, for screen and print.
 *
 * The edition is <html data-guide-edition="answers|practice">, set on every page (search
 * hides answer snippets in the practice edition: search/spoilers.js); print.css does the rest.
 * It comes from ?edition=practice in the address, else from this tab's last choice, else
 * the answer edition.  In the practice edition each question gets a button that reveals its
 * answer on screen (class "is-revealed" on the question, guide.css).  Printing the answer
 * edition opens every <details> and closes again afterwards.
 */
import { strings } from "../page-data.js";
import { keep, load } from "../storage.js";
import { showChapterPdfs, showHomePdfs } from "./pdf-links.js";

/** @typedef {"answers" | "practice"} Edition */

/** @type {Edition[]} */
const EDITIONS = ["answers", "practice"];
const STORAGE_KEY = "guide-edition";
const root = document.documentElement;

/** @returns {value is Edition} */
function isEdition(/** @type {string | null} */ value) {
  return EDITIONS.some((edition) => edition === value);
}

function remembered() {
  const asked = new URLSearchParams(window.location.search).get("edition");
  if (isEdition(asked)) return asked;
  const stored = load("sessionStorage", STORAGE_KEY);  /* refused (privacy settings): the default */
  return isEdition(stored) ? stored : "answers";
}

function apply(/** @type {Edition} */ edition, /** @type {Element | null} */ switcher) {
  root.setAttribute("data-guide-edition", edition);
  if (!switcher) return;
  switcher.querySelectorAll('input[name="guide-edition"]').forEach((input) => {
    /** @type {HTMLInputElement} */ (input).checked = /** @type {HTMLInputElement} */ (input).value === edition;
  });
  keep("sessionStorage", STORAGE_KEY, edition);
}

/** Open every closed <details> while printing the answer edition; reopen nothing else. */
function watchPrinting() {
  /** @type {HTMLDetailsElement[]} */
  const opened = [];
  window.addEventListener("beforeprint", () => {
    if (root.getAttribute("data-guide-edition") === "practice") return;
    document.querySelectorAll(".md-content details:not([open])").forEach((details) => {
      /** @type {HTMLDetailsElement} */ (details).open = true;
      opened.push(/** @type {HTMLDetailsElement} */ (details));
    });
  });
  window.addEventListener("afterprint", () => opened.splice(0).forEach((details) => { details.open = false; }));
}

/** Show or hide one question's answer in the practice edition (screen only). */
function reveal(/** @type {Element} */ question, /** @type {HTMLButtonElement} */ button, /** @type {boolean} */ shown) {
  question.classList.toggle("is-revealed", shown);
  button.setAttribute("aria-expanded", String(shown));
  button.textContent = shown ? strings().hide_answer : strings().reveal_answer;
  const answer = /** @type {HTMLDetailsElement | null} */ (question.querySelector(":scope > details.answer"));
  if (shown && answer) answer.open = true;
}

/** A "顯示答案" button before each folded answer; guide.css shows it in the practice edition only. */
function addRevealButtons() {
  document.querySelectorAll(".md-typeset .question > details.answer").forEach((answer, i) => {
    const question = /** @type {Element} */ (answer.parentNode);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "answer-reveal";
    if (!answer.id) answer.id = "guide-answer-" + (i + 1);
    button.setAttribute("aria-controls", answer.id);
    reveal(question, button, false);
    button.addEventListener("click", () => reveal(question, button, !question.classList.contains("is-revealed")));
    question.insertBefore(button, answer);
  });
}

export function mountEdition() {
  showHomePdfs(EDITIONS);
  const switcher = /** @type {HTMLElement | null} */ (document.querySelector(".edition-switch"));
  apply(remembered(), switcher);
  if (!switcher) return;
  addRevealButtons();
  switcher.addEventListener("change", (event) => {
    const input = /** @type {HTMLInputElement} */ (event.target);
    if (input.name === "guide-edition" && isEdition(input.value)) apply(input.value, switcher);
  });
  switcher.querySelector(".edition-switch__print")?.addEventListener("click", () => window.print());
  showChapterPdfs(switcher, EDITIONS);
  watchPrinting();
  switcher.hidden = false;
}
