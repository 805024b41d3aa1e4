/** Every practice answer, on any page, made a review of its card (schedule.js). */
import { progress } from "../practice/progress.js";
import { showDue } from "./due-badges.js";
import { localReviews } from "./local-cards.js";
import { review } from "./schedule.js";

/** Each answer the progress store records is also a review, and the progress file carries
    the cards ("reviews"); the navigation's counts follow. */
export function reviewEachAnswer() {
  const cards = localReviews();
  progress().extend({
    name: "reviews",
    record(bank, id, hash, verdict) {
      review(cards, bank, id, hash, verdict);
      showDue(cards);
    },
    exportData: () => cards.exportCards(),
    importData(section) {
      const refused = cards.importCards(section);
      showDue(cards);
      return refused;
    },
  });
}
