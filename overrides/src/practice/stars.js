/** 收藏: a star on each question, a toggle button (aria-pressed) after its heading; the
    starred questions are listed on the 收藏 page (lists.js).  Runs of questions add it too. */
import { strings } from "../page-data.js";

/** The star after a question's heading; `page`: the bank and store it is practised with. */
export function addStar(/** @type {import("./question.js").Practised} */ page, /** @type {Element} */ node,
                        /** @type {string} */ id) {
  const star = document.createElement("button");
  star.type = "button";
  star.className = "practice-star";
  const icon = document.createElement("span");
  icon.setAttribute("aria-hidden", "true");
  star.append(icon, document.createTextNode(strings().star));
  const show = (/** @type {boolean} */ on) => {
    star.setAttribute("aria-pressed", String(on));
    icon.textContent = on ? "★ " : "☆ ";
    star.title = on ? strings().star_remove : strings().star;
  };
  show(page.store.isStarred(page.bank, id));
  star.addEventListener("click", () => {
    const on = star.getAttribute("aria-pressed") !== "true";
    page.store.star(page.bank, id, on);
    show(on);
  });
  node.querySelector(":scope > h2")?.insertAdjacentElement("afterend", star);
}

/** A star on each question of a chapter page that has practice data. */
export function addStars(/** @type {import("./chapter.js").ChapterPractice} */ page) {
  document.querySelectorAll(".md-content .question").forEach((node) => {
    const heading = node.querySelector(":scope > h2[id]");
    if (heading && page.data.q[heading.id]) addStar(page, node, heading.id);
  });
}
