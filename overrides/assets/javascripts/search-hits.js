/*
 * A search hit inside a folded answer.  A result link ends in "?h=terms#q7" (Material's
 * highlight parameter); the answer of question 7 is opened when it contains a term,
 * before Material highlights the terms (Material only marks text that is visible).
 * Other answers stay closed.  Loaded in <head> (main.html), before Material's bundle.
 */
(function () {
  "use strict";

  /* Open the answer of the linked question when it contains a searched term. */
  function openHits() {
    var params = new URLSearchParams(location.search);
    var terms = (params.get("h") || "").toLowerCase().split(/\s+/).filter(Boolean);
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (error) {  /* a malformed address ("#%") names no question */
      return;
    }
    var target = id && document.getElementById(id);
    if (!terms.length || !target) return;
    var question = target.closest(".question") || target.parentElement;
    var blocks = question.querySelectorAll("details.answer:not([open])");
    for (var i = 0; i < blocks.length; i++) {
      var text = blocks[i].textContent.toLowerCase();
      if (terms.some(function (term) { return text.indexOf(term) >= 0; })) blocks[i].open = true;
    }
  }

  document.addEventListener("DOMContentLoaded", openHits);
  window.addEventListener("hashchange", openHits);
})();
