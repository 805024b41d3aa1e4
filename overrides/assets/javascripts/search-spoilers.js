/* Search results keep answers to themselves in the practice edition.
 *
 * A question's search text holds its stem, options, then the answer line ("答案：…"),
 * the explanation and the editor's note, in that order.  Every paragraph of a result from
 * the answer line on is marked "guide-spoiler"; guide.css hides them while the page is in
 * the practice edition (<html data-guide-edition="practice">, edition.js) unless the reader
 * ticks the toggle shown above the results (<html data-guide-spoilers="shown">, kept for
 * this tab).  The answer label comes from studyGuide.strings (reader-strings.js).
 */
(function (guide) {
  "use strict";

  var KEY = "guide-search-spoilers";
  var root = document.documentElement;
  var SEPARATORS = /[\s\u200b]+/g;  /* the index puts zero-width spaces between words */

  function label() {
    return guide.strings.answer.replace(SEPARATORS, "") + "：";
  }

  /* Mark the answer paragraph of a result and every paragraph after it. */
  function mark(article) {
    if (article.hasAttribute("data-guide-checked")) return;
    article.setAttribute("data-guide-checked", "");
    var start = label();
    var spoiling = false;
    Array.prototype.forEach.call(article.children, function (child) {
      if (child.classList.contains("md-search-result__terms")) return;
      if (!spoiling && child.tagName === "P") {
        spoiling = child.textContent.replace(SEPARATORS, "").indexOf(start) === 0;
      }
      if (spoiling) child.classList.add("guide-spoiler");
    });
  }

  function shown(on) {
    if (on) root.setAttribute("data-guide-spoilers", "shown");
    else root.removeAttribute("data-guide-spoilers");
    try {
      window.sessionStorage.setItem(KEY, on ? "shown" : "");
    } catch (error) {
      /* storage unavailable: the choice lasts for this page */
    }
  }

  function addToggle(results) {
    var toggle = document.createElement("label");
    toggle.className = "guide-spoiler-toggle";
    var box = document.createElement("input");
    box.type = "checkbox";
    box.checked = root.getAttribute("data-guide-spoilers") === "shown";
    box.addEventListener("change", function () { shown(box.checked); });
    toggle.append(box, document.createTextNode(" " + guide.strings.search_spoilers));
    var meta = results.querySelector(".md-search-result__meta");
    results.insertBefore(toggle, meta ? meta.nextSibling : results.firstChild);
  }

  function mount() {
    var results = document.querySelector(".md-search-result");
    if (!results) return;
    try {
      if (window.sessionStorage.getItem(KEY) === "shown") root.setAttribute("data-guide-spoilers", "shown");
    } catch (error) {
      /* see shown() */
    }
    addToggle(results);
    new MutationObserver(function () {
      results.querySelectorAll(".md-search-result__article").forEach(mark);
    }).observe(results, { childList: true, subtree: true });
  }

  mount();
  guide.searchSpoilers = { mark: mark };
})(window.studyGuide);
