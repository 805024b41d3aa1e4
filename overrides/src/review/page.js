/**
 * 今日复习: the bank's questions due today by FSRS (schedule.js), practised in a row with the same
 * inputs, judging and progress store as everywhere (runs/practice-run.js).  Each answer is a review,
 * so a question answered leaves the due list and its next date is shown.  Cards of questions
 * since corrected (another text hash) are dropped here.
 */
import { element } from "../dom.js";
import { strings } from "../page-data.js";
import { localReviews } from "./local-cards.js";
import { startRun } from "../runs/practice-run.js";
import { runPage, say } from "../runs/run-page.js";

/** @typedef {import("../runs/run-page.js").RunPage} RunPage */
/** @typedef {import("../practice/question.js").Question} Question */

function dueIds(/** @type {RunPage} */ page) {
  const reviews = localReviews();
  return reviews.due(page.bank).filter((card) => {
    if (page.data.q[card.id]?.h === card.hash) return true;
    reviews.forget(page.bank, card.id, card.hash);
    return false;
  }).map((card) => card.id);
}

function nextDate(/** @type {{due: number}} */ card) {
  const lang = document.documentElement.lang || [];  /* the edition's: zh-Hans or zh-Hant */
  return new Date(card.due).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
}

function showCount(/** @type {RunPage} */ page) {
  const count = dueIds(page).length;
  const submit = /** @type {HTMLButtonElement | null} */ (page.form.querySelector("button[type=submit]"));
  if (submit) submit.disabled = !count;  /* shown, but not to be pressed with nothing due */
  say(page, count ? strings().review_due.replace("{count}", String(count)) : strings().review_none);
}

/** Under the verdict of each question answered: when it comes back. */
function showNext(/** @type {RunPage} */ page, /** @type {Question | undefined} */ question) {
  const card = question && localReviews().card(page.bank, question.id, question.record.h);
  if (!question || !card) return;
  const line = question.panel.querySelector(".review-next") ?? document.createElement("p");
  line.className = "review-next";
  line.textContent = strings().review_next_due.replace("{date}", nextDate(card));
  question.panel.appendChild(line);
}

export function mountReviewPage() {
  const page = runPage(document);
  if (!page || page.kind !== "review") return;
  if (localReviews().notice) {  /* the cards could not be read: set aside, said once */
    const notice = element("p", "practice-notice", strings().reviews_corrupted);
    notice.setAttribute("role", "alert");
    page.form.before(notice);
  }
  showCount(page);
  const owner = Object.assign(page, { onAnswer: (/** @type {Question | undefined} */ question) => showNext(page, question),
                                      onAgain: () => showCount(page) });
  page.form.addEventListener("submit", (event) => {
    event.preventDefault();
    const ids = dueIds(page);
    if (!ids.length) {
      showCount(page);
      return;
    }
    startRun(owner, ids);
  });
}
