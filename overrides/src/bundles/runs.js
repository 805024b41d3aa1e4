/* The run pages of a bank (随机练习, 题型练习, 模拟考试, 今日复习), before Material's bundle and reader.js. */
import { onReady } from "../dom.js";
import { mountExam } from "../exam/page.js";
import { mountReviewPage } from "../review/page.js";
import { mountPracticeRun } from "../runs/practice-run.js";
import { keepHistoryInProgress } from "../exam/local-history.js";
import { reviewEachAnswer } from "../review/record.js";
import { countEachDay } from "../stats/local-daily.js";

reviewEachAnswer();
keepHistoryInProgress();
countEachDay();
/* This bundle comes at the end of the body and before Material's (overrides/main.html): the
   page's content is parsed, so its form is shown and working now, before Material's bundle has
   run, rather than at DOMContentLoaded after it. */
const mount = () => {
  mountExam();
  mountPracticeRun();
  mountReviewPage();
};
if (document.querySelector("[data-run]")) mount();
else onReady(mount);
