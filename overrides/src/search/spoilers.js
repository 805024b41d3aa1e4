/**
 * Search results keep answers to themselves in the practice edition.
 *
 * Every block of a folded answer (answer line, explanation, editor's note) reaches the
 * search index holding an empty <sup> (generator/search/spoilers.py; the index drops
 * the zero-width space it holds on the page), and Material shows of a result only the
 * blocks the query was found in.  Each such block of a result is marked "guide-spoiler";
 * guide.css hides them while the page is in the practice edition (<html
 * data-guide-edition="practice">, reader/edition.js) unless the reader ticks the toggle
 * shown above the results (<html data-guide-spoilers="shown">, kept for this tab).
 */
import { strings } from "../page-data.js";
import { keep, load } from "../storage.js";

const KEY = "guide-search-spoilers";
const ZERO_WIDTH = /\u200b/g;  /* the index puts zero-width spaces between words */
const root = document.documentElement;

function isAnswerBlock(/** @type {Element} */ block) {
  return Array.from(block.querySelectorAll("sup")).some((sup) => (sup.textContent ?? "").replace(ZERO_WIDTH, "") === "");
}

function mark(/** @type {Element} */ article) {
  for (const block of article.children) if (isAnswerBlock(block)) block.classList.add("guide-spoiler");
}

function shown(/** @type {boolean} */ on) {
  if (on) root.setAttribute("data-guide-spoilers", "shown");
  else root.removeAttribute("data-guide-spoilers");
  keep("sessionStorage", KEY, on ? "shown" : "");  /* refused: the choice lasts for this page */
}

function addToggle(/** @type {Element} */ results) {
  const toggle = document.createElement("label");
  toggle.className = "guide-spoiler-toggle";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = root.getAttribute("data-guide-spoilers") === "shown";
  box.addEventListener("change", () => shown(box.checked));
  toggle.append(box, document.createTextNode(" " + strings().search_spoilers));
  const meta = results.querySelector(".md-search-result__meta");
  results.insertBefore(toggle, meta ? meta.nextSibling : results.firstChild);
}

export function hideSearchSpoilers() {
  const results = document.querySelector(".md-search-result");
  if (!results) return;
  if (load("sessionStorage", KEY) === "shown") root.setAttribute("data-guide-spoilers", "shown");
  addToggle(results);
  new MutationObserver(() => results.querySelectorAll(".md-search-result__article").forEach(mark))
    .observe(results, { childList: true, subtree: true });
}
