/**
 * What the page provides the scripts with, read here and nowhere else.
 *
 * The build writes its data as small scripts that set properties of globalThis.studyGuide
 * (constants.js, the reader and run strings, each bank's practice data and questions, the
 * PDF manifest, the offline search index and the search workers' source), and main.html
 * saves the browser's own Worker there before the iframe-worker shim replaces it.  Each is
 * read when asked for, never copied at load, so a data script that comes later still counts.
 * `expose` publishes what tests and benchmarks read (timings, foldQuery …): no module reads it back.
 */

/** @typedef {import("./types").Provided} Provided */

/** @returns {Partial<Provided> & Record<string, unknown>} */
function provided() {
  return (globalThis.studyGuide ??= {});
}

/** Values shared with Python (generator/site/frontend.py): the Han class, the sentinel, message numbers. */
export function constants() {
  const found = provided().constants;
  if (!found) throw new Error("constants.js (written by the build) has not been loaded");
  return found;
}

/** The interface strings in the edition's script (reader-strings.js, run-strings.js). */
export function strings() {
  return provided().strings ?? {};
}

/** Each bank's practice data the page loads, by bank. */
export function practiceData() {
  return provided().practiceData ?? {};
}

/** @param {string} bank @returns {Record<string, import("./types").QuestionBlock> | undefined} */
export function questionHtml(bank) {
  return provided().questionHtml?.[bank];
}

export function pdfManifest() {
  return provided().pdfs;
}

export function searchIndex() {
  return provided().index;
}

export function searchWorkerSource() {
  return provided().searchWorker;
}

/** The browser's Worker, saved before the iframe-worker shim took its place (main.html). */
export function nativeWorker() {
  return provided().nativeWorker;
}

/** @param {Record<string, unknown>} hooks what tests and benchmarks read on window.studyGuide */
export function expose(hooks) {
  Object.assign(provided(), hooks);
}
