/** The bank's past papers (history.js) as a table on the exam page: when, the paper (its seed
    and questions), the score, the time used and the questions answered wrong, each a link to
    its chapter page; "用这个种子" fills the form with that paper's settings. */
import { button, element, format } from "../dom.js";
import { strings } from "../page-data.js";

/** @typedef {import("./history.js").PastPaper} PastPaper */

function duration(/** @type {number} */ seconds) {
  return strings().exam_minutes_used.replace("{minutes}", String(Math.floor(seconds / 60)))
    .replace("{seconds}", String(seconds % 60));
}

/** Links to the questions a paper got wrong, by their numbers (none: a dash). */
function wrongLinks(/** @type {PastPaper} */ entry, /** @type {import("../types").BankData} */ data) {
  const cell = element("td", "exam-history__wrong");
  if (!entry.wrong) return cell;
  if (!entry.wrong.length) cell.textContent = "—";
  const pageOf = new Map(data.chapters.flatMap((chapter) => chapter.q.map((id) => [id, chapter.page])));
  entry.wrong.forEach((id, i) => {
    const record = data.q[id], page = pageOf.get(id);
    if (i) cell.append("、");
    if (!record || !page) {
      cell.append(id);
      return;
    }
    const link = element("a", "", String(record.n));
    link.href = page + ".html#" + encodeURIComponent(id);
    link.setAttribute("aria-label", strings().question.replace("{number}", String(record.n)));
    cell.appendChild(link);
  });
  return cell;
}

/**
 * @param {HTMLElement} root
 * @param {PastPaper[]} entries
 * @param {import("../types").BankData} data
 * @param {(entry: PastPaper) => void} onReuse
 */
export function showHistory(root, entries, data, onReuse) {
  const s = strings();
  root.textContent = "";
  if (!entries.length) {
    root.appendChild(element("p", "", s.exam_history_none));
    return;
  }
  const table = element("table");  /* no class: Material's table style */
  const head = element("tr");
  for (const text of [s.exam_when, s.exam_paper, s.exam_got, s.exam_used, s.exam_wrong, ""]) {
    head.appendChild(element("th", "", text)).setAttribute("scope", "col");
  }
  table.appendChild(head);
  for (const entry of entries) {
    const row = element("tr");
    const reuse = button("md-button exam-history__reuse", s.exam_reuse);
    reuse.setAttribute("aria-label", s.exam_reuse + " " + entry.seed);
    reuse.addEventListener("click", () => onReuse(entry));
    const count = Object.values(entry.settings.types).reduce((sum, wanted) => sum + wanted.n, 0);
    row.append(element("td", "", new Date(entry.when).toLocaleString(document.documentElement.lang || [])),
               element("td", "", format(s.exam_paper_of, { seed: entry.seed, count })),
               element("td", "", entry.got + " / " + entry.max),
               element("td", "", duration(entry.used)), wrongLinks(entry, data), element("td"));
    /** @type {HTMLElement} */ (row.lastChild).appendChild(reuse);
    table.appendChild(row);
  }
  const scroll = element("div", "exam-history__scroll");  /* a narrow screen scrolls the table, not the page */
  scroll.appendChild(table);
  root.appendChild(scroll);
}
