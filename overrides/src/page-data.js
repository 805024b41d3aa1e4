/**
 * What the page provides the scripts with, read here and nowhere else.
 *
 * The build writes its data as small scripts that set properties of globalThis.studyGuide
 * (constants.js, the reader and run strings, the PDF manifest, the offline search index and
 * the search workers' source) or push the parts of a bank's practice data (its index, a
 * chapter's records, a question's record and HTML: generator/practice/data.py), and main.html
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

/**
 * Each bank's practice data the page has loaded, by bank: the parts its scripts pushed, merged
 * as they come.  A record keeps its identity as fuller parts merge into it (a question's full
 * record into its index record), so whoever holds it sees what was loaded since.
 */
export function practiceData() {
  const given = provided();
  const data = (given.practiceData ??= {});
  const parts = given.practiceParts;
  if (parts?.length) for (const part of parts.splice(0)) merge(data, (given.questionHtml ??= {}), part);
  return data;
}

/**
 * @param {Record<string, import("./types").BankData>} data
 * @param {Record<string, Record<string, import("./types").QuestionBlock>>} html
 * @param {import("./types").PracticePart} part
 */
function merge(data, html, part) {
  const bank = (data[part.bank] ??= { bank: part.bank, chapters: [], q: {} });
  if (part.chapters && part.chapters.length > bank.chapters.length) bank.chapters = part.chapters;  /* the index's */
  const records = part.cols && part.chapters ? unpacked(part.chapters, part.cols) : Object.entries(part.q ?? {});
  for (const [id, record] of records) bank.q[id] = Object.assign(bank.q[id] ?? {}, record);
  if (part.html) Object.assign((html[part.bank] ??= {}), part.html);
}

/**
 * The index's records from its columns, one per field in the chapters' order of ids
 * (generator/practice/data.py bank_index); `o` and `k` are 0 where a record has none.
 * @param {{q: string[]}[]} chapters @param {import("./types").IndexColumns} cols
 * @returns {[string, import("./types").PracticeRecord][]}
 */
function unpacked(chapters, cols) {
  /** @type {[string, import("./types").PracticeRecord][]} */
  const records = [];
  let i = 0;
  for (const chapter of chapters) for (const id of chapter.q) {
    /** @type {import("./types").PracticeRecord} */
    const record = { t: cols.t[i], h: cols.h[i], n: cols.n[i] };
    if (cols.o[i]) record.o = cols.o[i];
    if (cols.k[i]) record.k = 1;
    records.push([id, record]);
    i += 1;
  }
  return records;
}

/** The questions' HTML loaded for `bank` (practice/parts.js), by id; the same object as more arrive. */
export function questionHtml(/** @type {string} */ bank) {
  practiceData();
  return ((provided().questionHtml ??= {})[bank] ??= {});
}

export function pdfManifest() {
  return provided().pdfs;
}

export function searchIndex() {
  return provided().index;
}

/** The search index the build made (search/search_lunr.js), Lunr's JSON as text. */
export function prebuiltSearchIndex() {
  return provided().lunrIndex;
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
