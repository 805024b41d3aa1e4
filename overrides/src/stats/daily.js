/**
 * Answers given per day, kept in localStorage under "studyGuide.daily.v1" for the 统计 page's
 * chart: the progress store keeps only each question's last answer, not the days worked.
 * {format, version, days: {"2026-01-05": answers}}, the last MAX_DAYS days kept.  A log that
 * cannot be read starts afresh; an imported one is merged day by day, the larger count
 * winning (the same day exported from one browser and imported into it again counts once).
 * Pure: the storage and the clock are given.
 */
import { dayOf } from "./aggregate.js";

export const DAILY_KEY = "studyGuide.daily.v1";
const FORMAT = "study-guide-daily";
const MAX_DAYS = 400;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The valid days of a document's `days` ({} when there are none). */
function daysOf(/** @type {unknown} */ found) {
  if (!found || typeof found !== "object" || Array.isArray(found)) return {};
  return Object.fromEntries(Object.entries(found).filter(([day, count]) =>
    DAY_KEY.test(day) && typeof count === "number" && Number.isInteger(count) && count > 0));
}

/**
 * @param {Pick<Storage, "getItem" | "setItem"> | null} storage
 * @param {() => number} [clock]
 */
export function createDaily(storage, clock = Date.now) {
  /** @type {Record<string, number>} */
  let counts = {};
  try {
    const data = JSON.parse(storage?.getItem(DAILY_KEY) ?? "null");
    if (data?.format === FORMAT) counts = daysOf(data.days);
  } catch {
    counts = {};
  }

  function save() {
    const kept = Object.keys(counts).sort().slice(-MAX_DAYS);
    counts = Object.fromEntries(kept.map((day) => [day, counts[day]]));
    try {
      storage?.setItem(DAILY_KEY, JSON.stringify({ format: FORMAT, version: 1, days: counts }));
    } catch {
      /* full or refused: the count holds for this page */
    }
  }

  return {
    /** One answer given, now. */
    record() {
      const day = dayOf(clock());
      counts[day] = (counts[day] ?? 0) + 1;
      save();
    },

    /** Answers per day ("2026-01-05" → count). */
    counts() {
      return { ...counts };
    },

    /** Days from a progress file merged in; anything but a day and a whole count is left out and counted. */
    importDays(/** @type {unknown} */ found) {
      const days = Object.entries(daysOf(found));
      for (const [day, count] of days) counts[day] = Math.max(counts[day] ?? 0, count);
      save();
      const given = found && typeof found === "object" && !Array.isArray(found) ? Object.keys(found).length : 0;
      return given - days.length;
    },
  };
}

/** @typedef {ReturnType<typeof createDaily>} Daily */
