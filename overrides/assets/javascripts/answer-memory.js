/* Opened answers survive Back and Forward (and a reload).
 *
 * Which <details> of a page are open is kept in this tab's sessionStorage, by page, as
 * their positions in the page (the same for every visit to one build of the page), and
 * restored on pageshow: a page the browser kept whole (back/forward cache) is left as
 * it is, a page loaded again has its answers reopened.  What printing opens and closes
 * again (edition.js) is not remembered.
 */
(function (guide) {
  "use strict";

  var KEY = "guide-open:" + location.pathname;
  var printing = false;

  function blocks() {
    return Array.prototype.slice.call(document.querySelectorAll(".md-content details"));
  }

  function save() {
    if (printing) return;
    var open = [];
    blocks().forEach(function (details, i) {
      if (details.open) open.push(i);
    });
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify(open));
    } catch (error) {
      /* storage can be unavailable (privacy settings): answers then start closed */
    }
  }

  function restore() {
    var open;
    try {
      open = JSON.parse(window.sessionStorage.getItem(KEY) || "[]");
    } catch (error) {
      return;
    }
    if (!Array.isArray(open)) return;
    var all = blocks();
    open.forEach(function (i) {
      if (typeof i === "number" && all[i]) all[i].open = true;
    });
  }

  /* toggle does not bubble: listen while it travels down to the <details>. */
  document.addEventListener("toggle", function (event) {
    if (event.target.tagName === "DETAILS") save();
  }, true);
  window.addEventListener("beforeprint", function () { printing = true; });
  window.addEventListener("afterprint", function () {
    /* edition.js closes what it opened in its own afterprint; toggle events follow later */
    setTimeout(function () { printing = false; }, 0);
  });
  window.addEventListener("pageshow", restore);
  /* toggle fires a task after the click: a reload or link followed at once would miss it */
  window.addEventListener("pagehide", save);
  guide.answerMemory = { key: KEY, restore: restore };
})(window.studyGuide);
