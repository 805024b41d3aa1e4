/* 随机练习 and 题型练习: a run of questions from the chosen chapters and types, one at a time,
 * answered and judged as on the chapter pages (practice-page.js) and recorded in the same
 * progress store (so in 错题本 and, through review-fsrs.js, in 今日复习).
 *
 * 随机练习 draws the number asked at random; 题型练习 takes every question of one type in
 * bank order.  Each question has its star (收藏), and the chapter pages' keys work: 1–6 or A–F
 * choose, Enter submits, J/K next/previous (practice-keys.js).
 * studyGuide.practiceRun.start(page, ids) runs any list (今日复习 uses it too).
 */
(function (guide) {
  "use strict";

  var run = guide.runQuestion;
  var draw = guide.examDraw;
  var element = run.element;

  function button(text, action) {
    var node = element("button", "md-button", text);
    node.type = "button";
    node.setAttribute("data-action", action);
    return node;
  }

  function Run(page, ids) {
    var self = this;
    this.page = page;
    this.questions = [];
    this.at = 0;
    page.changed = function () {
      var current = self.questions[self.at];
      if (current && current.panel.getAttribute("data-verdict")) run.reveal(current);
      if (page.onAnswer) page.onAnswer(current);
    };
    ids.forEach(function (id) {
      var record = page.data.q[id];
      var node = record && run.make(page, id, null);
      var question = node && run.answerable(page, node, id, record, { restore: function () {} });
      if (!question) return;
      if (page.store) guide.practiceExtras.addStar(page, node, id);
      self.questions.push(question);
    });
  }

  Run.prototype.render = function () {
    var self = this;
    var s = guide.strings;
    var area = this.page.area;
    area.textContent = "";
    if (!this.questions.length) {
      area.appendChild(element("p", "run-empty", s.run_none));
      return;
    }
    var bar = element("div", "run-bar");
    this.position = element("span", "run-bar__position");
    this.position.setAttribute("aria-live", "polite");
    this.previous = button(s.run_previous, "previous");
    this.next = button(s.run_next, "next");
    bar.append(this.position, this.previous, this.next, button(s.run_finish, "finish"));
    bar.addEventListener("click", function (event) {
      var action = event.target.closest("button") && event.target.closest("button").getAttribute("data-action");
      if (action === "previous") self.go(self.at - 1);
      else if (action === "next") self.go(self.at + 1);
      else if (action === "finish") self.finish();
    });
    this.sheet = element("div", "run-sheet");
    this.summary = element("div", "run-summary");
    area.append(bar, this.sheet, this.summary);
    this.questions.forEach(function (question) {
      question.node.hidden = true;
      self.sheet.appendChild(question.node);
    });
    this.go(0);
  };

  Run.prototype.go = function (at) {
    if (at < 0 || at >= this.questions.length) return;
    this.questions[this.at].node.hidden = true;
    this.at = at;
    var node = this.questions[at].node;
    node.hidden = false;
    this.position.textContent = guide.strings.run_position.replace("{n}", at + 1).replace("{total}", this.questions.length);
    this.previous.disabled = at === 0;
    this.next.disabled = at === this.questions.length - 1;
    this.summary.textContent = "";
    node.querySelector("h2").focus({ preventScroll: true });
  };

  Run.prototype.finish = function () {
    var answered = 0;
    var right = 0;
    this.questions.forEach(function (question) {
      var verdict = question.panel.getAttribute("data-verdict");
      if (verdict === "right" || verdict === "wrong") answered += 1;
      if (verdict === "right") right += 1;
    });
    var page = this.page;
    this.summary.textContent = "";
    var text = element("p", "run-summary__text", guide.strings.run_summary.replace("{total}", this.questions.length)
      .replace("{answered}", answered).replace("{right}", right));
    text.setAttribute("role", "status");
    var again = button(guide.strings.run_again, "again");
    again.addEventListener("click", function () {
      page.form.hidden = false;
      page.area.textContent = "";
      if (page.onAgain) page.onAgain();
      page.form.querySelector("input, button").focus();
    });
    this.summary.append(text, again);
  };

  /* The keys of the chapter pages (practice-keys.js), on the run being shown. */
  var keys = {
    active: function () {
      var shown = guide.practiceRun.current;
      return Boolean(shown && shown.sheet && shown.sheet.isConnected);
    },
    current: function () { return guide.practiceRun.current.questions[guide.practiceRun.current.at]; },
    go: function (step) { guide.practiceRun.current.go(guide.practiceRun.current.at + step); }
  };

  function start(page, ids) {
    var current = new Run(page, ids);
    current.render();
    if (!guide.practiceRun.current) guide.practiceKeys.listen(keys);
    guide.practiceRun.current = current;
    return current;
  }

  function idsOf(page) {
    var form = page.form;
    var chapters = run.checked(form, "chapter").map(Number);
    var ids = draw.pool(page.data, chapters, run.checked(form, "type"), false).filter(function (id) {
      var record = page.data.q[id];  /* judged with an answer, or graded by the reader */
      return record.a != null || record.e != null || record.t === "short" || record.t === "case";
    });
    if (page.kind !== "random") return ids;
    var count = Math.max(1, Math.floor(Number(form.elements.count.value) || 20));
    return draw.sample(ids, count, draw.rng(draw.newSeed()));
  }

  function mount() {
    var page = run.page(document);
    if (!page || (page.kind !== "random" && page.kind !== "types")) return;
    page.form.addEventListener("submit", function (event) {
      event.preventDefault();
      var ids = idsOf(page);
      if (!ids.length) {
        run.say(page, guide.strings.run_none);
        return;
      }
      run.say(page, "");
      page.form.hidden = true;
      start(page, ids);
    });
  }

  guide.practiceRun = { start: start };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})(window.studyGuide);
