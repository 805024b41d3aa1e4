/** This browser's log of answers per day: the one of the page, on localStorage, fed by every answer. */
import { progress } from "../practice/progress.js";
import { storage } from "../storage.js";
import { createDaily } from "./daily.js";

/** @type {import("./daily.js").Daily | undefined} */
let daily;

export function localDaily() {
  return (daily ??= createDaily(storage("localStorage")));
}

/** Each answer the progress store records is counted on its day; the progress file carries the days ("daily"). */
export function countEachDay() {
  const log = localDaily();
  progress().extend({
    name: "daily",
    record: () => log.record(),
    exportData: () => log.counts(),
    importData: (section) => log.importDays(section),
  });
}
