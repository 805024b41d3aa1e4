/* Pages that practise a bank's questions in place (chapters, home, 错题本, 收藏), after reader.js. */
import { onReady } from "../dom.js";
import { mountChapter } from "../practice/chapter.js";
import { followDrill } from "../practice/drill.js";
import { mountHome } from "../practice/home.js";
import { mountLists } from "../practice/lists.js";
import { mountBar } from "../practice/mode.js";
import { addRedo, describe } from "../practice/redo.js";
import { addStars } from "../practice/stars.js";
import { keepHistoryInProgress } from "../exam/local-history.js";
import { reviewEachAnswer } from "../review/record.js";
import { countEachDay } from "../stats/local-daily.js";
import { mountPlan } from "../stats/plan.js";

reviewEachAnswer();
keepHistoryInProgress();
countEachDay();
onReady(() => {
  const chapter = mountChapter(document);
  if (chapter) {
    mountBar(chapter);
    addStars(chapter);
    const clears = new Map(chapter.questions.map((question) => [question, addRedo(question, chapter)]));
    chapter.questions.forEach(describe);
    followDrill(chapter, (question) => clears.get(question)?.());
  }
  mountHome();
  mountPlan();
  mountLists();
});
