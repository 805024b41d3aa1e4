/* 今日复习's schedule: every practice answer is a review, scheduled by FSRS from ts-fsrs
 * (studyGuide.FSRS, served from node_modules: generator/site/fsrs_asset.py); nothing here
 * schedules by itself.  Right = Good, wrong = Again; the self-grades 会/不会 are recorded as
 * right/wrong, so they map the same way.
 *
 * Cards live in localStorage under "studyGuide.reviews.v1", keyed "bank/id/hash" like the
 * progress store (a corrected question starts afresh), dates as ms since 1970.  A store that
 * cannot be read is started afresh.  createReviews(storage, FSRS, now) is the pure part, tested
 * in V8 (tests/unit/test_review_js.py).  In the browser the progress store's record() is
 * wrapped so that each answer, on any page, is also a review, and its export and import carry
 * the cards ("reviews"); the navigation's 今日复习 links show how many cards are due.
 */
(function (guide) {
  "use strict";

  var KEY = "studyGuide.reviews.v1";
  var FORMAT = "study-guide-reviews";
  var DATES = ["due", "last_review"];

  function createReviews(storage, FSRS, now) {
    var clock = now || Date.now;
    var scheduler = FSRS.fsrs(FSRS.generatorParameters({ enable_fuzz: false }));
    var cards = {};

    try {
      var data = JSON.parse((storage && storage.getItem(KEY)) || "null");
      if (data && data.format === FORMAT && data.cards && typeof data.cards === "object") cards = data.cards;
    } catch (error) {
      cards = {};
    }

    function save() {
      try {
        if (storage) storage.setItem(KEY, JSON.stringify({ format: FORMAT, version: 1, cards: cards }));
      } catch (error) {
        /* full or refused: the schedule holds for this page */
      }
    }

    function revive(stored) {
      var card = {};
      Object.keys(stored).forEach(function (k) {
        card[k] = DATES.indexOf(k) >= 0 && stored[k] != null ? new Date(stored[k]) : stored[k];
      });
      return card;
    }

    function flatten(card) {
      var stored = {};
      Object.keys(card).forEach(function (k) {
        stored[k] = card[k] instanceof Date ? card[k].getTime() : card[k];
      });
      return stored;
    }

    var reviews = {};

    /* One answer: right (Good) or wrong (Again).  Returns the card as stored (due in ms). */
    reviews.review = function (bank, id, hash, verdict) {
      var key = bank + "/" + id + "/" + hash;
      var at = new Date(clock());
      var card = cards[key] ? revive(cards[key]) : FSRS.createEmptyCard(at);
      var rating = verdict === "right" ? FSRS.Rating.Good : FSRS.Rating.Again;
      cards[key] = flatten(scheduler.next(card, at, rating).card);
      save();
      return cards[key];
    };

    reviews.card = function (bank, id, hash) {
      return cards[bank + "/" + id + "/" + hash] || null;
    };

    /* The cards of ``bank`` due by now ({id, hash, due}), the most overdue first. */
    reviews.due = function (bank) {
      var limit = clock();
      var prefix = bank + "/";
      return Object.keys(cards).filter(function (key) {
        return key.indexOf(prefix) === 0 && typeof cards[key].due === "number" && cards[key].due <= limit;
      }).map(function (key) {
        var parts = key.split("/");
        return { id: parts[1], hash: parts[2], due: cards[key].due };
      }).sort(function (a, b) { return a.due - b.due; });
    };

    /* Cards whose question changed (another hash in the data) never come due again. */
    reviews.forget = function (bank, id, hash) {
      delete cards[bank + "/" + id + "/" + hash];
      save();
    };

    /* For the progress file: all cards, and merged back in (the later review of a card wins). */
    reviews.exportCards = function () {
      return cards;
    };

    reviews.importCards = function (found) {
      if (!found || typeof found !== "object" || Array.isArray(found)) return;
      Object.keys(found).forEach(function (key) {
        var card = found[key];
        if (!card || typeof card.due !== "number" || !/^[^/\s]+\/[^/\s]+\/[^/\s]+$/.test(key)) return;
        if (!cards[key] || (cards[key].last_review || 0) <= (card.last_review || 0)) cards[key] = card;
      });
      save();
    };

    return reviews;
  }

  /* Beside each 今日复习 link in the navigation: the number due in its bank. */
  function showDue() {
    document.querySelectorAll(".md-nav__link[href$='/review.html'], .md-nav__link[href='review.html']")
      .forEach(function (link) {
        var parts = link.href.split("/");
        var bank = decodeURIComponent(parts[parts.length - 2] || "");
        var count = guide.reviews.due(bank).length;
        var badge = link.querySelector(".review-due") || document.createElement("span");
        badge.className = "review-due";
        badge.setAttribute("aria-hidden", "true");
        badge.hidden = !count;
        badge.textContent = String(count);
        badge.setAttribute("title", guide.strings.nav_due.replace("{count}", count));
        var hidden = link.querySelector(".review-due__text") || document.createElement("span");
        hidden.className = "review-due__text";
        hidden.textContent = count ? "（" + guide.strings.nav_due.replace("{count}", count) + "）" : "";
        if (!badge.parentNode) link.append(badge, hidden);
      });
  }

  function mount() {
    var store = guide.practiceStore;
    if (!guide.FSRS || !store) return;
    guide.reviews = createReviews(guide.localStore(), guide.FSRS);
    store.extend({
      name: "reviews",
      record: function (bank, id, hash, verdict) {
        guide.reviews.review(bank, id, hash, verdict);
        showDue();
      },
      exportData: function () { return guide.reviews.exportCards(); },
      importData: function (cards) {
        guide.reviews.importCards(cards);
        showDue();
      }
    });
    showDue();
  }

  guide.createReviews = createReviews;
  guide.reviewsKey = KEY;
  if (typeof window !== "undefined" && typeof document !== "undefined") {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
    else mount();
  }
})(globalThis.studyGuide = globalThis.studyGuide || {});
