/* Search results keep answers to themselves in the practice edition.
 *
 * Every block of a folded answer (answer line, explanation, editor's note) reaches the
 * search index holding an empty <sup> (generator/search/spoilers.py; the index
 * drops the zero-width space it holds on the page), and Material shows of a result only the blocks
 * the query was found in.  Each such block of a result is marked "guide-spoiler";
 * guide.css hides them while the page is in the practice edition (<html
 * data-guide-edition="practice">, edition.js) unless the reader ticks the toggle shown
 * above the results (<html data-guide-spoilers="shown">, kept for this tab).
 */
(function (guide) {
  "use strict";

  var KEY = "guide-search-spoilers";
  var ZERO_WIDTH = /\u200b/g;  /* the index puts zero-width spaces between words */
  var root = document.documentElement;

  function isAnswerBlock(block) {
    return Array.prototype.some.call(block.querySelectorAll("sup"), function (sup) {
      return sup.textContent.replace(ZERO_WIDTH, "") === "";
    });
  }

  function mark(article) {
    Array.prototype.forEach.call(article.children, function (block) {
      if (isAnswerBlock(block)) block.classList.add("guide-spoiler");
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
