/* The practice keys, shared by the chapter pages (practice-mode.js) and the runs of questions
 * (practice-run.js): 1–6 or A–F choose in the current question (judge: 1/A 对, 2/B 错), Enter
 * submits it, J/K go to the next/previous question.  They are taken on the window, capturing,
 * before Material's own keys (F and S open its search), and only when no text field has the focus.
 *
 * studyGuide.practiceKeys.listen(target), target being what the keys act on:
 *   active()        whether the keys are taken now
 *   current()       the question they act on (a practicePage.Question), or null
 *   go(step)        move by one question (+1 next, -1 previous)
 *   chose(question) optional: told before an option of that question is chosen by key
 */
(function (guide) {
  "use strict";

  var TEXT_FIELD = "input[type=text], input[type=search], textarea, [contenteditable]";

  /* The input a key names in a question of options, or null. */
  function inputFor(question, key) {
    if (!question || !question.inputs.length || question.inputs[0].type === "text") return null;
    var index = /^[1-6]$/.test(key) ? Number(key) - 1 : "abcdef".indexOf(key.toLowerCase());
    return question.inputs[index] || null;
  }

  function handle(target, event) {
    if (!target.active() || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    var node = event.target;
    if (node.closest && node.closest(TEXT_FIELD)) return;
    var key = event.key;
    var question = target.current();
    var handled = true;
    if (key === "j" || key === "J") {
      target.go(1);
    } else if (key === "k" || key === "K") {
      target.go(-1);
    } else if (/^[1-6a-fA-F]$/.test(key) && inputFor(question, key)) {
      var input = inputFor(question, key);
      if (target.chose) target.chose(question);
      input.focus();
      input.click();
    } else if (key === "Enter" && !(node.closest && node.closest("button, a, summary")) &&
               question && question.submitter) {
      question.submit();
    } else {
      handled = false;
    }
    if (handled) {
      event.preventDefault();
      event.stopPropagation();
    }
  }

  function listen(target) {
    window.addEventListener("keydown", function (event) { handle(target, event); }, true);
  }

  guide.practiceKeys = { listen: listen };
})(window.studyGuide);
