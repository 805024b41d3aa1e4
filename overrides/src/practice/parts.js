/**
 * The parts of a bank's practice data a page loads as it needs them: the questions a run or
 * paper draws (their records and HTML, generator/site/question_html.py) and the chapters' records
 * a list shows (generator/practice/data.py).  A page loads its bank's index up front (its front
 * matter); the parts sit in a folder beside the index script, named as generator/pages/paths.py
 * names them, so their addresses are the index's, relative or from a folder alike.
 *
 * Scripts, not fetched JSON: a page opened from a folder (file://) may load a script but not
 * read a file.  Each is loaded once; one that fails (offline, never downloaded) is counted, not
 * retried, and what it held is missing from the page.
 */
import { practiceData, questionHtml } from "../page-data.js";
import { loadScript } from "../search/page-scripts.js";

/** @type {Map<string, Promise<boolean>>} address -> loaded */
const loading = new Map();

/** The address of `name` (without .js) in `bank`'s folder beside its index script, or null. */
function address(/** @type {string} */ bank, /** @type {string} */ name) {
  const end = "/assets/practice/" + bank + ".js";
  const index = Array.from(document.scripts).find((script) => script.src.endsWith(end));
  return index ? index.src.slice(0, -3) + "/" + name + ".js" : null;
}

/** The parts `names` of `bank` loaded together, each address once, and merged; how many could not be. */
async function loadParts(/** @type {string} */ bank, /** @type {string[]} */ names) {
  const loaded = await Promise.all([...new Set(names)].map((name) => {
    const src = address(bank, name);
    if (!src) return false;
    let done = loading.get(src);
    if (!done) loading.set(src, done = new Promise((resolve) => loadScript(src, resolve)));
    return done;
  }));
  practiceData();  /* the parts merged */
  return loaded.filter((ok) => !ok).length;
}

/** The questions `ids` of `bank` with their records and HTML; how many could not be loaded. */
export function loadQuestions(/** @type {string} */ bank, /** @type {string[]} */ ids) {
  const html = questionHtml(bank);
  return loadParts(bank, ids.filter((id) => !html[id]).map((id) => "q/" + encodeURIComponent(id)));
}

/** The records of the chapters `pages` ("bank/chapter-3") of `bank`; how many could not be loaded. */
export function loadChapters(/** @type {string} */ bank, /** @type {string[]} */ pages) {
  return loadParts(bank, pages.map((page) => encodeURIComponent(page.split("/").pop() ?? "")));
}
