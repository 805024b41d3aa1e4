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

/** @type {Map<string, Promise<boolean>>} address -> loaded */
const loading = new Map();

/** The address of `name` (without .js) in `bank`'s folder beside its index script, or null. */
function address(/** @type {string} */ bank, /** @type {string} */ name) {
  const end = "/assets/practice/" + bank + ".js";
  const index = Array.from(document.scripts).find((script) => script.src.endsWith(end));
  return index ? index.src.slice(0, -3) + "/" + name + ".js" : null;
}

function load(/** @type {string | null} */ src) {
  if (!src) return Promise.resolve(false);
  let loaded = loading.get(src);
  if (!loaded) {
    loaded = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = src;
      script.onload = () => resolve(true);
      script.onerror = () => resolve(false);
      document.head.appendChild(script);
    });
    loading.set(src, loaded);
  }
  return loaded;
}

/** The questions `ids` of `bank` with their records and HTML, loaded together; how many could not be. */
export async function loadQuestions(/** @type {string} */ bank, /** @type {string[]} */ ids) {
  const html = questionHtml(bank);
  const wanted = [...new Set(ids)].filter((id) => !html[id]);
  const loaded = await Promise.all(wanted.map((id) => load(address(bank, "q/" + encodeURIComponent(id)))));
  practiceData();  /* the parts merged */
  return loaded.filter((ok) => !ok).length;
}

/** The records of the chapters `pages` ("bank/chapter-3") of `bank`; how many could not be loaded. */
export async function loadChapters(/** @type {string} */ bank, /** @type {string[]} */ pages) {
  const loaded = await Promise.all([...new Set(pages)].map((page) =>
    load(address(bank, encodeURIComponent(page.split("/").pop() ?? "")))));
  practiceData();
  return loaded.filter((ok) => !ok).length;
}
