/** Beside each 今日复习 link in the navigation: how many of its bank's cards are due. */
import { strings } from "../page-data.js";

export function showDue(/** @type {import("./cards.js").Reviews} */ reviews) {
  document.querySelectorAll(".md-nav__link[href$='/review.html'], .md-nav__link[href='review.html']").forEach((node) => {
    const link = /** @type {HTMLAnchorElement} */ (node);
    const parts = link.href.split("/");
    const count = reviews.due(decodeURIComponent(parts[parts.length - 2] ?? "")).length;
    const said = strings().nav_due.replace("{count}", String(count));
    const badge = link.querySelector(".review-due") ?? document.createElement("span");
    badge.className = "review-due";
    badge.setAttribute("aria-hidden", "true");
    /** @type {HTMLElement} */ (badge).hidden = !count;
    badge.textContent = String(count);
    badge.setAttribute("title", said);
    const hidden = link.querySelector(".review-due__text") ?? document.createElement("span");
    hidden.className = "review-due__text";
    hidden.textContent = count ? "（" + said + "）" : "";
    if (!badge.parentNode) link.append(badge, hidden);
  });
}
