/** The bank's past papers (history.js) as a table on the exam page; "用这个种子" fills the
    form with that paper's settings. */
import { button, element } from "../dom.js";
import { strings } from "../page-data.js";

/** @typedef {import("./history.js").PastPaper} PastPaper */

function duration(/** @type {number} */ seconds) {
  return strings().exam_minutes_used.replace("{minutes}", String(Math.floor(seconds / 60)))
    .replace("{seconds}", String(seconds % 60));
}

/** @param {HTMLElement} root @param {PastPaper[]} entries @param {(entry: PastPaper) => void} onReuse */
export function showHistory(root, entries, onReuse) {
  const s = strings();
  root.textContent = "";
  if (!entries.length) {
    root.appendChild(element("p", "", s.exam_history_none));
    return;
  }
  const table = element("table");  /* no class: Material's table style */
  const head = element("tr");
  for (const text of [s.exam_when, s.exam_seed, s.exam_got, s.exam_used, ""]) {
    head.appendChild(element("th", "", text)).setAttribute("scope", "col");
  }
  table.appendChild(head);
  for (const entry of entries) {
    const row = element("tr");
    const reuse = button("md-button exam-history__reuse", s.exam_reuse);
    reuse.setAttribute("aria-label", s.exam_reuse + " " + entry.seed);
    reuse.addEventListener("click", () => onReuse(entry));
    row.append(element("td", "", new Date(entry.when).toLocaleString(document.documentElement.lang || [])),
               element("td", "", entry.seed), element("td", "", entry.got + " / " + entry.max),
               element("td", "", duration(entry.used)), element("td"));
    /** @type {HTMLElement} */ (row.lastChild).appendChild(reuse);
    table.appendChild(row);
  }
  const scroll = element("div", "exam-history__scroll");  /* a narrow screen scrolls the table, not the page */
  scroll.appendChild(table);
  root.appendChild(scroll);
}
