/* Every page, after Material's bundle: the reader's additions and the offline app. */
import { onReady } from "../dom.js";
import { mountOfflineApp } from "../offline/app.js";
import { rememberOpenAnswers } from "../reader/answer-memory.js";
import { mountEdition } from "../reader/edition.js";
import { mountPictureViewer } from "../reader/picture-viewer.js";
import { mountTermPopovers } from "../reader/term-popover.js";
import { showDue } from "../review/due-badges.js";
import { localReviews } from "../review/local-cards.js";
import { hideSearchSpoilers } from "../search/spoilers.js";

mountOfflineApp();
rememberOpenAnswers();
mountTermPopovers();
mountPictureViewer();
hideSearchSpoilers();
onReady(() => {
  mountEdition();
  showDue(localReviews());
});
