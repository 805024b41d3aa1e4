/**
 * Links to the chapter PDFs, from the manifest `python -m generator pdf` writes into the
 * built site (assets/javascripts/pdf-manifest.js): on a chapter page beside the edition
 * switch, and on the home page under the deck and spreadsheet downloads.
 */
import { pdfManifest } from "../page-data.js";

/** @typedef {import("./edition.js").Edition} Edition */

/** The chapter's PDFs, an address for each of the `editions` printed, in their order. */
function pdfsOf(/** @type {string | undefined} */ chapter, /** @type {Edition[]} */ editions) {
  const manifest = pdfManifest();
  const found = manifest && chapter ? manifest.chapters?.[chapter] : undefined;
  if (!manifest || !found) return [];
  return editions.filter((edition) => found[edition]).map((edition) => ({
    edition, href: new URL(/** @type {string} */ (found[edition]), manifest.base).href,
  }));
}

/** On a chapter page: a link to each edition's PDF, named as the switch names the edition. */
export function showChapterPdfs(/** @type {HTMLElement} */ switcher, /** @type {Edition[]} */ editions) {
  const holder = switcher.querySelector(".edition-switch__pdfs");
  if (!holder) return;
  for (const { edition, href } of pdfsOf(switcher.dataset.chapter, editions)) {
    const input = switcher.querySelector(`input[value="${edition}"]`);
    const link = document.createElement("a");
    link.href = href;
    link.textContent = switcher.dataset.pdfLabel + "（" + (input?.parentNode?.textContent ?? "") + "）";
    holder.appendChild(link);
  }
}

/** The home page's list of chapter PDFs: each chapter the manifest names, with its editions. */
export function showHomePdfs(/** @type {Edition[]} */ editions) {
  document.querySelectorAll(".downloads__pdfs").forEach((list) => {
    const labels = /** @type {HTMLElement} */ (list).dataset;
    list.querySelectorAll("li[data-chapter]").forEach((item) => {
      const pdfs = pdfsOf(/** @type {HTMLElement} */ (item).dataset.chapter, editions);
      if (!pdfs.length) return;
      for (const { edition, href } of pdfs) {
        const link = document.createElement("a");
        link.href = href;
        link.textContent = labels[edition + "Label"] ?? "";
        item.append(document.createTextNode(" "), link);
      }
      /** @type {HTMLElement} */ (item).hidden = false;
      /** @type {HTMLElement} */ (list).hidden = false;
    });
  });
}
