/* What the run pages (随机练习, 题型练习, 模拟考试, 今日复习) share: a question as its chapter page
 * shows it, made answerable with the chapter pages' own inputs and judging (practice-page.js).
 *
 * The questions' HTML comes from studyGuide.questionHtml[bank] (generator/site/question_html.py):
 * cut at build from the rendered chapter pages, so it went through the guide's own escaping,
 * prose and KaTeX, never through anything here.  studyGuide.runQuestion:
 *   page(root)                 the run page's bank, data and form, shown; null without its data
 *   make(page, id, heading)    a question's node (heading replaced, if given), or null
 *   shuffle(node, perm)        its options in the paper's order, letters relabelled
 *   answerable(page, node, id, record, hooks)   a practicePage.Question mounted on it; hooks
 *                              (submit, restore …) replace the chapter page's behaviour
 *   reveal(question)           its answer shown (also in the practice edition)
 *   checked(form, name)        the values of a form's ticked inputs of that name
 */
(function (guide) {
  "use strict";

  function page(root) {
    var run = root.querySelector("[data-run]");
    if (!run) return null;
    var bank = run.getAttribute("data-practice-bank");
    var data = guide.practiceData && guide.practiceData[bank];
    var html = guide.questionHtml && guide.questionHtml[bank];
    if (!data || !html || !guide.practicePage) return null;
    var note = root.querySelector("[data-run-needs-script]");
    if (note) note.hidden = true;
    run.hidden = false;
    return {
      kind: run.getAttribute("data-run"), bank: bank, data: data, html: html, root: run,
      form: run.querySelector("[data-run-form]"), area: run.querySelector("[data-run-area]"),
      message: run.querySelector(".run-form__message"), store: guide.practiceStore, changed: function () {}
    };
  }

  function make(runPage, id, heading) {
    var entry = runPage.html[id];
    if (!entry) return null;
    var template = document.createElement("template");
    template.innerHTML = entry.h;  /* the guide's own rendering of the bank, escaped at build */
    var node = template.content.firstElementChild;
    var title = node && node.querySelector(":scope > h2");
    if (!title) return null;
    if (heading) title.textContent = heading;
    else title.querySelectorAll(".headerlink").forEach(function (link) { link.remove(); });
    title.setAttribute("tabindex", "-1");
    return node;
  }

  function shuffle(node, perm) {
    var list = node.querySelector(":scope > .options > ul");
    if (!perm || !list) return;
    var items = Array.prototype.slice.call(list.children);
    perm.forEach(function (old, now) {
      var item = items[old];
      var letter = item.querySelector("strong");
      if (letter) letter.textContent = guide.examDraw.LETTERS.charAt(now) + ".";
      list.appendChild(item);
    });
  }

  function answerable(runPage, node, id, record, hooks) {
    var Question = guide.practicePage.Question;
    var question = new Question(node, id, record, runPage);
    Object.keys(hooks || {}).forEach(function (name) { question[name] = hooks[name]; });
    return question.mount() ? question : null;
  }

  function reveal(question) {
    question.node.classList.add("is-revealed");
    guide.practicePage.openAnswer(question.node);
  }

  function checked(form, name) {
    return Array.prototype.slice.call(form.querySelectorAll("input[name='" + name + "']"))
      .filter(function (input) { return input.checked; })
      .map(function (input) { return input.value; });
  }

  function say(runPage, text) {
    runPage.message.textContent = text;
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  guide.runQuestion = { page: page, make: make, shuffle: shuffle, answerable: answerable, reveal: reveal,
                        checked: checked, say: say, element: element };
})(window.studyGuide);
