/**
 * 模拟考试: the settings form, the paper drawn with a seed (draw.js) and sat (sitting.js), and
 * the history of past papers (history-table.js).  A paper being sat when the page was left is
 * taken up again.
 */
import { element } from "../dom.js";
import { strings } from "../page-data.js";
import { checked, loadDrawn, runPage, say } from "../runs/run-page.js";
import { draw, newSeed, TYPES } from "./draw.js";
import { showHistory } from "./history-table.js";
import { localHistory } from "./local-history.js";
import { Sitting, sittings } from "./sitting.js";

/** @typedef {import("./draw.js").Settings & {minutes: number}} ExamSettings */

/** @param {HTMLFormElement} form @param {string} name */
function field(form, name) {
  return /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
}

/** @returns {ExamSettings} */
function settingsOf(/** @type {HTMLFormElement} */ form) {
  /** @type {ExamSettings["types"]} */
  const types = {};
  for (const t of TYPES) {
    const count = form.querySelector(`input[name='count-${t}']`), points = form.querySelector(`input[name='points-${t}']`);
    if (!count || !points) continue;
    types[t] = { n: Math.max(0, Math.floor(Number(/** @type {HTMLInputElement} */ (count).value) || 0)),
                 points: Math.max(0, Number(/** @type {HTMLInputElement} */ (points).value) || 0) };
  }
  return { chapters: checked(form, "chapter").map(Number), types, seed: field(form, "seed").value.trim(),
           minutes: Math.max(1, Number(field(form, "minutes").value) || 60), shuffle: field(form, "shuffle").checked };
}

/** A past paper's settings back in the form (用这个种子). */
function fill(/** @type {HTMLFormElement} */ form, /** @type {ExamSettings} */ settings) {
  form.querySelectorAll("input[name='chapter']").forEach((input) => {
    /** @type {HTMLInputElement} */ (input).checked = settings.chapters.includes(Number(/** @type {HTMLInputElement} */ (input).value));
  });
  for (const [t, wanted] of Object.entries(settings.types)) {
    const count = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name='count-${t}']`));
    const points = /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name='points-${t}']`));
    if (count) count.value = String(wanted.n);
    if (points) points.value = String(wanted.points);
  }
  field(form, "seed").value = settings.seed;
  field(form, "minutes").value = String(settings.minutes);
  field(form, "shuffle").checked = settings.shuffle;
}

export function mountExam() {
  const found = runPage(document);
  const historyList = /** @type {HTMLElement | null | undefined} */ (found?.root.querySelector("[data-exam-history-list]"));
  if (!found || found.kind !== "exam" || !historyList) return;
  const form = found.form;
  const listHistory = () => showHistory(historyList, localHistory().of(found.bank), found.data, (entry) => {
    fill(form, entry.settings);
    form.scrollIntoView({ block: "start" });
    field(form, "seed").focus();
  });
  const page = Object.assign(found, {
    onHandedIn() {  /* the form again, below the paper, for the next one */
      found.root.insertBefore(form, historyList.parentNode);
      form.hidden = false;
      listHistory();
    },
  });

  /** The paper's questions loaded, then the paper sat (those that could not be loaded are said, and left out). */
  async function begin(/** @type {import("./draw.js").Paper} */ paper, /** @type {ExamSettings} */ settings,
                       /** @type {ConstructorParameters<typeof Sitting>[3]} */ saved) {
    const missing = await loadDrawn(page, paper.items.map((item) => item.id));
    const sitting = new Sitting(page, paper, settings, saved);
    sitting.render();
    const short = paper.short.map((type) =>  /* fewer questions of a type than asked */
      strings().exam_short.replace("{type}", strings()["type_" + type.t]).replace("{count}", String(type.count))).join(" ");
    if (short) sitting.bar.after(element("p", "exam-short", short));
    if (missing) sitting.bar.after(missing);
    const first = sitting.sheet.querySelector("h2");
    if (first && !sitting.done) first.focus();  /* handed in on return: the score has the focus */
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const settings = settingsOf(form);
    settings.seed ||= newSeed();
    field(form, "seed").value = settings.seed;
    const paper = draw(page.data, settings);
    if (!paper.items.length) {
      say(page, strings().exam_invalid);
      return;
    }
    say(page, "");
    begin(paper, settings, undefined);
  });
  const saved = sittings.load(page.bank);
  if (saved) begin(saved.paper, saved.settings, saved);
  listHistory();
}
