/** This browser's past papers: the one history of the page, on localStorage, carried in the progress file. */
import { progress } from "../practice/progress.js";
import { storage } from "../storage.js";
import { createHistory } from "./history.js";

/** @type {import("./history.js").History | undefined} */
let history;

export function localHistory() {
  return (history ??= createHistory(storage("localStorage")));
}

/** The past papers exported and imported with the answers, under "exams". */
export function keepHistoryInProgress() {
  const papers = localHistory();
  progress().extend({ name: "exams", record() {}, exportData: () => papers.exportPapers(),
                      importData: (section) => papers.importPapers(section) });
}
