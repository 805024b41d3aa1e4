/**
 * A search hit inside a folded answer.  A result link ends in "?h=terms#q7" (Material's
 * highlight parameter); the answer of question 7 is opened when it contains a term,
 * before Material highlights the terms (Material only marks text that is visible).
 * Other answers stay closed.  In the search bundle, before Material's.
 */

/** Open the answer of the linked question when it contains a searched term. */
function openHits() {
  const terms = (new URLSearchParams(location.search).get("h") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
  let id;
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {  /* a malformed address ("#%") names no question */
    return;
  }
  const target = id && document.getElementById(id);
  if (!terms.length || !target) return;
  const question = target.closest(".question") ?? target.parentElement;
  question?.querySelectorAll("details.answer:not([open])").forEach((block) => {
    const text = (block.textContent ?? "").toLowerCase();
    if (terms.some((term) => text.includes(term))) /** @type {HTMLDetailsElement} */ (block).open = true;
  });
}

export function openSearchHits() {
  document.addEventListener("DOMContentLoaded", openHits);
  window.addEventListener("hashchange", openHits);
}
