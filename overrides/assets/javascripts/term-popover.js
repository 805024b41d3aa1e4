/* A glossary term tapped on a touch screen: its definition in a small popover.
 *
 * Hover tooltips never appear on touch, and a tap on the term's link would leave the
 * page; so a tap (pointerType "touch", or any click where the device cannot hover)
 * opens a popover with the definition (the term's title, set as text, never as markup)
 * and a link to the glossary entry.  A mouse click still follows the link.  The popover
 * closes on the close button, Escape, a tap elsewhere, or a second tap on the term.
 */
(function (guide) {
  "use strict";

  var TERM = ".md-typeset a.term";
  var lastPointer = "";
  var popover = null;
  var current = null;

  function definition(term) {
    return term.getAttribute("data-guide-definition") || term.getAttribute("title") || "";
  }

  function build() {
    var strings = guide.strings;
    var box = document.createElement("div");
    box.className = "term-popover";
    box.setAttribute("role", "dialog");
    box.hidden = true;
    var text = document.createElement("p");
    text.className = "term-popover__text";
    var link = document.createElement("a");
    link.className = "term-popover__link";
    link.textContent = strings.term_popover_link;
    var close = document.createElement("button");
    close.type = "button";
    close.className = "term-popover__close";
    close.setAttribute("aria-label", strings.term_popover_close);
    close.textContent = "×";
    close.addEventListener("click", hide);
    box.append(close, text, link);
    document.body.appendChild(box);
    return box;
  }

  function place(term) {
    var rect = term.getBoundingClientRect();
    var width = Math.min(320, document.documentElement.clientWidth - 16);
    var left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
    popover.style.width = width + "px";
    popover.style.left = left + window.scrollX + "px";
    popover.style.top = rect.bottom + window.scrollY + 6 + "px";
  }

  function show(term) {
    popover = popover || build();
    current = term;
    popover.querySelector(".term-popover__text").textContent = definition(term);
    popover.querySelector(".term-popover__link").href = term.href;
    popover.setAttribute("aria-label", term.textContent);
    popover.hidden = false;
    place(term);
    term.setAttribute("aria-expanded", "true");
    document.documentElement.setAttribute("data-guide-popover", "");
  }

  function hide() {
    if (!popover || popover.hidden) return;
    popover.hidden = true;
    document.documentElement.removeAttribute("data-guide-popover");
    if (current) current.setAttribute("aria-expanded", "false");
    current = null;
  }

  function touching() {
    return lastPointer === "touch" || window.matchMedia("(hover: none)").matches;
  }

  /* Material's tooltips (content.tooltips) take the title away: keep the definition. */
  document.querySelectorAll(TERM + "[title]").forEach(function (term) {
    term.setAttribute("data-guide-definition", term.getAttribute("title"));
  });
  document.addEventListener("pointerdown", function (event) {
    lastPointer = event.pointerType;
    if (popover && !popover.hidden && !popover.contains(event.target) && !event.target.closest(TERM)) hide();
  }, true);
  document.addEventListener("click", function (event) {
    var term = event.target.closest && event.target.closest(TERM);
    if (!term || !touching() || !definition(term)) return;
    event.preventDefault();
    if (current === term) hide();
    else show(term);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape") hide();
  });
  guide.termPopover = { hide: hide };
})(window.studyGuide);
