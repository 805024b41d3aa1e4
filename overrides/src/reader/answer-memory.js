/**
 * Opened answers survive Back and Forward (and a reload).
 *
 * Which <details> of a page are open is kept in this tab's sessionStorage, by page, as
 * their positions in the page (the same for every visit to one build of the page), and
 * restored on pageshow: a page the browser kept whole (back/forward cache) is left as it
 * is, a page loaded again has its answers reopened.  What printing opens and closes again
 * (edition.js) is not remembered.  A question of a 重练错题 run (class practice-drilled) or
 * drawn into a run page is left as its script shows it: it starts folded, and reopening its
 * answer would give it away.
 */
import { keep, load } from "../storage.js";

const KEY = "guide-open:" + location.pathname;
let printing = false;

function blocks() {
  return Array.from(document.querySelectorAll(".md-content details"), (d) => /** @type {HTMLDetailsElement} */ (d));
}

function save() {
  if (printing) return;
  const open = blocks().flatMap((details, i) => (details.open ? [i] : []));
  keep("sessionStorage", KEY, JSON.stringify(open));  /* refused (privacy settings): answers start closed */
}

function restore() {
  /** @type {unknown} */
  let open;
  try {
    open = JSON.parse(load("sessionStorage", KEY) ?? "[]");
  } catch {
    return;
  }
  if (!Array.isArray(open)) return;
  const all = blocks();
  for (const i of open) {
    if (typeof i === "number" && all[i] && !all[i].closest(".practice-drilled, [data-run]")) all[i].open = true;
  }
}

export function rememberOpenAnswers() {
  /* toggle does not bubble: listen while it travels down to the <details>. */
  document.addEventListener("toggle", (event) => {
    if (/** @type {Element} */ (event.target).tagName === "DETAILS") save();
  }, true);
  window.addEventListener("beforeprint", () => { printing = true; });
  /* edition.js closes what it opened in its own afterprint; toggle events follow later */
  window.addEventListener("afterprint", () => setTimeout(() => { printing = false; }, 0));
  /* toggle comes a task after the click that closed an answer: a reload that soon would keep
     the answer open.  Saving again as the page goes fixes that. */
  window.addEventListener("pagehide", save);
  window.addEventListener("pageshow", restore);
}
