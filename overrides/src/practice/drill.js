/**
 * 重练错题: the 错题本 page (lists.js) starts a run over its questions, keeps the list in this
 * tab (sessionStorage) and opens the first; once the run's question on a chapter page is
 * answered, a link leads to the next one, and after the last back to the 错题本.
 */
import { strings } from "../page-data.js";
import { keep, load } from "../storage.js";

const DRILL_KEY = "studyGuide.drill.v1";

/** @typedef {{page: string, id: string}} Item */
/** @typedef {{items: Item[], root: string, back: string}} Drill */

/** Start the run over `items` (on the 错题本 page), opening the first. */
export function startDrill(/** @type {Item[]} */ items) {
  /** @type {Drill} */
  const run = {
    items: items.map(({ page, id }) => ({ page, id })),
    root: new URL(".", location.href).href,
    back: location.href.split("#")[0],
  };
  keep("sessionStorage", DRILL_KEY, JSON.stringify(run));  /* refused: the first question opens all the same */
  location.href = items[0].page + ".html#" + encodeURIComponent(items[0].id);
}

/** @returns {Drill | null} the run of this tab, unless there is none or it is not ours */
function drill() {
  try {
    const run = JSON.parse(load("sessionStorage", DRILL_KEY) ?? "null");
    return run && Array.isArray(run.items) && typeof run.back === "string" && typeof run.root === "string" ? run : null;
  } catch {
    return null;
  }
}

/** The item of the run this page's address shows, or -1. */
function position(/** @type {Drill} */ run) {
  const id = decodeURIComponent(location.hash.slice(1));
  const path = decodeURIComponent(location.pathname);
  return run.items.findIndex((item) => item.id === id && path.endsWith("/" + item.page + ".html"));
}

/**
 * On a chapter page: the run's questions here start cleared (`clear`) and folded, this one and
 * those still to come, and once this one is answered a link leads on to the next, or back to
 * the 错题本.
 * @param {import("./chapter.js").ChapterPractice} page
 * @param {(question: import("./question.js").Question) => void} clear
 */
export function followDrill(page, clear) {
  const run = drill();
  if (!run) return;
  const at = position(run);
  const question = at < 0 ? null : page.questions.find((q) => q.id === run.items[at].id);
  if (!question) return;
  const here = run.items[at].page;
  const ahead = new Set(run.items.slice(at + 1).filter((item) => item.page === here).map((item) => item.id));
  for (const q of [...page.questions.filter((q) => ahead.has(q.id)), question]) {  /* this one last: it takes the focus */
    q.node.classList.add("practice-drilled");  /* reader/answer-memory.js leaves it folded */
    clear(q);
  }
  const next = run.items[at + 1];
  const link = document.createElement("a");
  link.className = "md-button md-button--primary practice__next";
  link.href = next ? new URL(next.page + ".html#" + next.id, run.root).href : run.back;
  link.textContent = next
    ? strings().drill_next.replace("{done}", String(at + 1)).replace("{total}", String(run.items.length))
    : strings().drill_done;
  link.hidden = true;
  question.panel.appendChild(link);
  page.listeners.push((answered) => {
    if (answered !== question) return;
    link.hidden = false;
    if (!next) keep("sessionStorage", DRILL_KEY, "");
  });
  /* Moving to another question of this page by its link keeps the run going. */
  window.addEventListener("hashchange", () => {
    const now = position(run);
    if (now >= 0 && now !== at) window.location.reload();
  });
}
