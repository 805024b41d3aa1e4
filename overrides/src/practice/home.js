/**
 * The home page's practice: answered/right counts beside each chapter, and the progress panel
 * (export all progress as one JSON file, import one, reset with confirmation).
 *
 * Export is a download made in the page (a Blob link), import a file the reader picks (read
 * with FileReader): both work from a folder (file://) as from a web server.  Importing merges:
 * of two entries for one question the later wins, and each record is checked (store.js); a
 * file over MAX_IMPORT_MB is refused before it is read, and an import the browser's storage
 * cannot hold imports nothing: the message says which, never "imported" for nothing.
 */
import { format } from "../dom.js";
import { practiceData, strings } from "../page-data.js";
import { hashesOf, noticeOf, progress } from "./progress.js";

/** @typedef {import("./store.js").Store} Store */

const MAX_IMPORT_MB = 20;  /* four times what a browser's storage holds for a page */

/** Each chapter the practice data knows: its counts, in the span the page holds for it. */
function showCounts(/** @type {Store} */ store) {
  /** @type {Map<string, HTMLElement>} */
  const spans = new Map();
  document.querySelectorAll(".practice-count[data-practice-chapter]").forEach((span) => {
    spans.set(span.getAttribute("data-practice-chapter") ?? "", /** @type {HTMLElement} */ (span));
  });
  for (const [bank, data] of Object.entries(practiceData())) {
    for (const chapter of data.chapters) {
      const span = spans.get(chapter.page);
      if (!span) continue;
      span.textContent = format(strings().home_progress, store.counts(bank, chapter.q, hashesOf(data, chapter.q)));
      span.hidden = false;
    }
  }
}

function today() {
  const now = new Date();
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return now.getFullYear() + pad(now.getMonth() + 1) + pad(now.getDate());
}

/** The progress file downloaded; how many answers it holds. */
function exportProgress(/** @type {Store} */ store) {
  const data = store.exportData();
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = "study-guide-progress-" + today() + ".json";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  return Object.keys(/** @type {object} */ (data.entries)).length;
}

/** A progress file's text imported; what to say of it. */
function importProgress(/** @type {Store} */ store, /** @type {string} */ text) {
  const s = strings();
  /** @type {unknown} */
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return s.progress_import_failed;
  }
  try {
    const { count, refused } = store.importData(data);
    showCounts(store);
    return format(s.progress_imported, { count }) + (refused ? format(s.progress_refused, { refused }) : "");
  } catch (error) {
    return String(error).includes("too large") ? s.progress_too_large : s.progress_import_failed;
  }
}

export function mountHome() {
  const panel = /** @type {HTMLElement | null} */ (document.querySelector(".practice-progress"));
  const message = panel?.querySelector(".practice-progress__message");
  const file = /** @type {HTMLInputElement | null | undefined} */ (panel?.querySelector("input[type=file]"));
  if (!panel || !message || !file || !Object.keys(practiceData()).length) return;
  const store = progress();
  const say = (/** @type {string} */ text) => { message.textContent = text; };
  showCounts(store);
  if (store.notice) panel.insertBefore(noticeOf(store.notice), panel.querySelector(".practice-progress__actions"));
  panel.addEventListener("click", (event) => {
    const kind = /** @type {Element} */ (event.target).closest("[data-action]")?.getAttribute("data-action");
    if (kind === "export") {
      say(format(strings().progress_exported, { count: exportProgress(store) }));
    } else if (kind === "import") {
      file.click();
    } else if (kind === "reset" && window.confirm(strings().progress_reset_confirm)) {
      store.reset();
      showCounts(store);
      say(strings().progress_cleared);
    }
  });
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    if (!chosen) return;
    file.value = "";
    if (chosen.size > MAX_IMPORT_MB * 1e6) {
      say(format(strings().progress_file_too_large, { size: Math.ceil(chosen.size / 1e6), limit: MAX_IMPORT_MB }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => say(importProgress(store, String(reader.result)));
    reader.onerror = () => say(strings().progress_import_failed);
    reader.readAsText(chosen);
  });
  panel.hidden = false;
}
