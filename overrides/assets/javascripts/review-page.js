/* 今日复习: the bank's questions due today by FSRS (review-fsrs.js), practised in a row with
 * the same inputs, judging and progress store as everywhere (practice-run.js).  Each answer
 * is a review, so a question answered leaves the due list and its next date is shown.
 * Cards of questions since corrected (another text hash) are dropped here.
 */
(function (guide) {
  "use strict";

  var run = guide.runQuestion;

  function dueIds(page) {
    return guide.reviews.due(page.bank).filter(function (card) {
      var record = page.data.q[card.id];
      if (record && record.h === card.hash) return true;
      guide.reviews.forget(page.bank, card.id, card.hash);
      return false;
    }).map(function (card) { return card.id; });
  }

  function nextDate(card) {
    var lang = document.documentElement.lang || [];  /* the edition's: zh-Hans or zh-Hant */
    return new Date(card.due).toLocaleString(lang, { dateStyle: "medium", timeStyle: "short" });
  }

  function showCount(page) {
    var count = dueIds(page).length;
    var button = page.form.querySelector("button[type=submit]");
    button.hidden = !count;
    run.say(page, count ? guide.strings.review_due.replace("{count}", count) : guide.strings.review_none);
    return count;
  }

  /* Under the verdict of each question answered: when it comes back. */
  function showNext(page, question) {
    if (!question) return;
    var card = guide.reviews.card(page.bank, question.id, question.record.h);
    if (!card) return;
    var line = question.panel.querySelector(".review-next") || document.createElement("p");
    line.className = "review-next";
    line.textContent = guide.strings.review_next_due.replace("{date}", nextDate(card));
    question.panel.appendChild(line);
  }

  function mount() {
    var page = run.page(document);
    if (!page || page.kind !== "review" || !guide.reviews) return;
    showCount(page);
    page.onAnswer = function (question) { showNext(page, question); };
    page.onAgain = function () { showCount(page); };
    page.form.addEventListener("submit", function (event) {
      event.preventDefault();
      var ids = dueIds(page);
      if (!ids.length) {
        showCount(page);
        return;
      }
      page.form.hidden = true;
      guide.practiceRun.start(page, ids);
    });
  }

  /* After review-fsrs.js has made studyGuide.reviews (both wait for the page to be read). */
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})(window.studyGuide);
