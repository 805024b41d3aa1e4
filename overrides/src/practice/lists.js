/**
 * The 错题本 and 收藏 pages: lists made in the browser from the progress it keeps.
 *
 * 错题本: every question answered wrong and not yet answered right twice in a row (nor taken
 * out by hand), with a link, how often it was answered wrong and the last wrong answer;
 * 重练错题 opens them one after another (drill.js).  收藏: every starred question.  Bank text
 * (a stem's opening, an answer typed) is only ever set as text.  The page loads the banks'
 * indexes; the stems' openings come with the records of the chapters listed (parts.js).
 */
import { button, element } from "../dom.js";
import { practiceData, strings } from "../page-data.js";
import { startDrill } from "./drill.js";
import { loadChapters } from "./parts.js";
import { noticeOf, progress } from "./progress.js";

/** @typedef {import("./store.js").Store} Store */
/** @typedef {{bank: string, id: string, page: string, record: import("../types").PracticeRecord}} Item */

/** Every question of the practice data, in the order of the banks' chapters. */
function questions() {
  return Object.entries(practiceData()).flatMap(([bank, data]) => data.chapters.flatMap((chapter) =>
    chapter.q.filter((id) => data.q[id]).map((id) => ({ bank, id, page: chapter.page, record: data.q[id] }))));
}

function shownAnswer(/** @type {Item["record"]} */ record, /** @type {string} */ answer) {
  return record.t === "judge" && (answer === "true" || answer === "false") ? strings()[answer] : answer;
}

function link(/** @type {Item} */ item) {
  const a = element("a", "practice-list__link",
                    strings().question.replace("{number}", String(item.record.n)) + " · " + (item.record.s ?? ""));
  a.href = item.page + ".html#" + encodeURIComponent(item.id);
  return a;
}

/** The entry of a question in the 错题本: its facts and the button that takes it out. */
function mistake(/** @type {Item} */ item, /** @type {Store} */ store, /** @type {(said?: string) => void} */ again) {
  const s = strings();
  const entry = store.get(item.bank, item.id, item.record.h);
  const facts = [s.mistakes_times.replace("{count}", String(entry?.w))];
  if (entry?.wa) facts.push(s.mistakes_last.replace("{answer}", shownAnswer(item.record, entry.wa)));
  const remove = button("md-button practice-list__remove", s.mistakes_remove);
  remove.addEventListener("click", () => {
    store.dismiss(item.bank, item.id, item.record.h);
    again(s.mistakes_removed);
  });
  return [element("span", "practice-list__facts", facts.join(" · ")), remove];
}

function starred(/** @type {Item} */ item, /** @type {Store} */ store, /** @type {() => void} */ again) {
  const remove = button("md-button practice-list__remove", strings().star_remove);
  remove.addEventListener("click", () => {
    store.star(item.bank, item.id, false);
    again();
  });
  return [remove];
}

/** The questions the list holds. */
function listed(/** @type {string} */ kind, /** @type {Store} */ store) {
  return questions().filter((item) => kind === "starred" ? store.isStarred(item.bank, item.id)
    : store.inMistakes(store.get(item.bank, item.id, item.record.h)));
}

/** The records (stems' openings) of the chapters whose questions the list holds, loaded. */
async function loadListed(/** @type {string} */ kind, /** @type {Store} */ store) {
  /** @type {Map<string, string[]>} */
  const pages = new Map();
  for (const item of listed(kind, store)) {
    if (item.record.s === undefined) pages.set(item.bank, [...(pages.get(item.bank) ?? []), item.page]);
  }
  await Promise.all([...pages].map(([bank, wanted]) => loadChapters(bank, wanted)));
}

function render(/** @type {HTMLElement} */ list, /** @type {string} */ kind, /** @type {Store} */ store) {
  const s = strings();
  const say = element("p", "practice-list__message");
  say.setAttribute("role", "status");
  const items = listed(kind, store);
  list.textContent = "";
  if (store.notice) list.appendChild(noticeOf(store.notice));
  if (!items.length) {
    list.append(element("p", "practice-list__empty", s[kind + "_empty"]), say);
    return;
  }
  if (kind === "mistakes") {
    const drill = button("md-button md-button--primary practice-list__drill", s.mistakes_drill);
    drill.addEventListener("click", () => startDrill(items));
    list.appendChild(drill);
  }
  const ol = element("ol", "practice-list__items");
  /** The list drawn again, saying `said`. */
  const again = (said = "") => {
    render(list, kind, store);
    const message = list.querySelector(".practice-list__message");
    if (message && said) message.textContent = said;
  };
  for (const item of items) {
    const li = element("li", "practice-list__item");
    li.append(link(item), ...(kind === "mistakes" ? mistake(item, store, again) : starred(item, store, again)));
    ol.appendChild(li);
  }
  list.append(ol, say);
}

export async function mountLists() {
  const list = /** @type {HTMLElement | null} */ (document.querySelector(".practice-list[data-practice-list]"));
  if (!list || !Object.keys(practiceData()).length) return;
  const kind = list.getAttribute("data-practice-list") ?? "", store = progress();
  await loadListed(kind, store);
  render(list, kind, store);
}
