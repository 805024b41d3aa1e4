/**
 * A glossary term tapped on a touch screen: its definition in a small popover.
 *
 * Hover tooltips never appear on touch, and a tap on the term's link would leave the page;
 * so a tap (pointerType "touch", or any click where the device cannot hover) opens a
 * popover with the definition (the term's title, set as text, never as markup) and a link
 * to the glossary entry.  A mouse click still follows the link.  The popover closes on the
 * close button, Escape, a tap elsewhere, or a second tap on the term.
 */
import { button, element } from "../dom.js";
import { strings } from "../page-data.js";

const TERM = ".md-typeset a.term";
let lastPointer = "";
/** @type {{box: HTMLElement, text: HTMLElement, link: HTMLAnchorElement} | null} */
let popover = null;
/** @type {HTMLAnchorElement | null} */
let current = null;

const ENTITY = /&(amp|lt|gt|quot|#39);/g;
/** @type {Record<string, string>} */
const DECODED = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/**
 * A term's title as its definition reads.  The build writes the title as the HTML of the
 * definition, because Material's tooltip sets it as HTML (generator/pages/prose.py): read back,
 * its entities are decoded once, in one pass, so `&amp;lt;` stays the text `&lt;`, and the
 * popover sets the result as text (nothing in it is ever read as markup).
 */
export function definitionText(/** @type {string} */ title) {
  return title.replace(ENTITY, (_, name) => DECODED[name]);
}

function definition(/** @type {Element} */ term) {
  return definitionText(term.getAttribute("data-guide-definition") || term.getAttribute("title") || "");
}

function build() {
  const box = element("div", "term-popover");
  box.setAttribute("role", "dialog");
  box.hidden = true;
  const text = element("p", "term-popover__text");
  const link = element("a", "term-popover__link", strings().term_popover_link);
  const close = button("term-popover__close", "×");
  close.setAttribute("aria-label", strings().term_popover_close);
  close.addEventListener("click", hide);
  box.append(close, text, link);
  document.body.appendChild(box);
  return { box, text, link };
}

function place(/** @type {HTMLElement} */ box, /** @type {Element} */ term) {
  const rect = term.getBoundingClientRect();
  const width = Math.min(320, document.documentElement.clientWidth - 16);
  const left = Math.max(8, Math.min(rect.left, document.documentElement.clientWidth - width - 8));
  box.style.width = width + "px";
  box.style.left = left + window.scrollX + "px";
  box.style.top = rect.bottom + window.scrollY + 6 + "px";
}

function show(/** @type {HTMLAnchorElement} */ term) {
  popover ??= build();
  current = term;
  popover.text.textContent = definition(term);
  popover.link.href = term.href;
  popover.box.setAttribute("aria-label", term.textContent ?? "");
  popover.box.hidden = false;
  place(popover.box, term);
  term.setAttribute("aria-expanded", "true");
  document.documentElement.setAttribute("data-guide-popover", "");
}

function hide() {
  if (!popover || popover.box.hidden) return;
  popover.box.hidden = true;
  document.documentElement.removeAttribute("data-guide-popover");
  current?.setAttribute("aria-expanded", "false");
  current = null;
}

function touching() {
  return lastPointer === "touch" || window.matchMedia("(hover: none)").matches;
}

export function mountTermPopovers() {
  /* Material's tooltips (content.tooltips) take the title away: keep the definition. */
  document.querySelectorAll(TERM + "[title]").forEach((term) => {
    term.setAttribute("data-guide-definition", term.getAttribute("title") ?? "");
  });
  document.addEventListener("pointerdown", (event) => {
    lastPointer = event.pointerType;
    const target = /** @type {Element} */ (event.target);
    if (popover && !popover.box.hidden && !popover.box.contains(target) && !target.closest(TERM)) hide();
  }, true);
  document.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target);
    const term = /** @type {HTMLAnchorElement | null} */ (target.closest?.(TERM) ?? null);
    if (!term || !touching() || !definition(term)) return;
    event.preventDefault();
    if (current === term) hide();
    else show(term);
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") hide();
  });
}
