/* The chapter PDFs of this guide, for the links on chapter pages (see overrides/src/reader/pdf-links.js).
 * Empty as built; `python -m generator pdf` rewrites this file in the built site. */
window.studyGuide.pdfs = { base: new URL("../../", document.currentScript.src).href, chapters: {} };
