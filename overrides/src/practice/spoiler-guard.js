/**
 * Nothing gives a question's answer away before its answer opens.
 *
 * Until then its stem and options carry no glossary definition (Material's hover tooltip, the
 * tap popover of reader/term-popover.js), no link that leaves the page (a tap on a term inside
 * an option would leave a paper being sat), no tags and no related questions (the footer); the
 * links stand in as plain text.  A picture's link stays: it opens the picture in the page's
 * viewer (reader/picture-viewer.js) and tells nothing of the answer.  The answer is open when its fold is (details.answer), when the
 * practice edition's 显示答案 has revealed it (class is-revealed), and never while a paper is
 * being sat (.is-sitting).  Once open, everything returns; folded again (重做), it goes again.
 */

const LINKS = ":scope > :not(h2, details, .practice, .question-footer, .answer-reveal) a[href]:not(.picture)";

/** Whether the question's answer shows. */
export function answerShown(/** @type {Element} */ node) {
  if (node.closest(".is-sitting")) return false;
  const details = /** @type {HTMLDetailsElement | null} */ (node.querySelector(":scope > details.answer"));
  return Boolean(details?.open) || node.classList.contains("is-revealed");
}

/**
 * Keep `node`'s spoilers away while its answer is folded; `changed(shown)` is told each time
 * the answer opens or folds (and once at the start), and again on `update()`.
 * @param {HTMLElement} node the question
 * @param {(shown: boolean) => void} changed
 */
export function guardSpoilers(node, changed) {
  /** @type {[HTMLAnchorElement, HTMLElement][]} */
  const links = Array.from(node.querySelectorAll(LINKS), (link) => {
    const stand = document.createElement("span");
    stand.className = "practice-unlinked";
    return [/** @type {HTMLAnchorElement} */ (link), stand];
  });
  const footers = Array.from(node.querySelectorAll(":scope > .question-footer"), (footer) => /** @type {HTMLElement} */ (footer));
  /** @type {boolean | null} */
  let shown = null;

  function apply(/** @type {boolean} */ now) {
    for (const [link, stand] of links) {
      const [from, to] = now ? [stand, link] : [link, stand];
      if (!from.isConnected && to.isConnected) continue;
      to.append(...from.childNodes);
      from.replaceWith(to);
    }
    for (const footer of footers) footer.hidden = !now;
  }

  const update = () => {
    const now = answerShown(node);
    if (now !== shown) apply(now);
    shown = now;
    changed(now);
  };
  const observer = new MutationObserver(() => {
    if (answerShown(node) !== shown) update();
  });
  observer.observe(node, { attributes: true, attributeFilter: ["class", "open"], subtree: true });
  /* A paper handed in: the sheet's class changes, not the question's. */
  const sheet = node.closest(".is-sitting");
  if (sheet) observer.observe(sheet, { attributes: true, attributeFilter: ["class"] });
  update();
  return { update };
}
