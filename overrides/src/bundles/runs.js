/* The run pages of a bank (随机练习, 题型练习, 模拟考试, 今日复习), after reader.js. */
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
onReady(() => {
  mountExam();
  mountPracticeRun();
  mountReviewPage();
});
