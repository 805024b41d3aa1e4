/* 答题模式 on a chapter page: each question gets the inputs its type needs, is judged
 * (practice-judge.js) and remembered (practice-store.js).
 *
 * The contract tests and assistive technology rely on: single and judge are radio inputs,
 * each labelled with its option letter first (judge: 对/错), judged as soon as one is chosen;
 * multiple are checkboxes with 提交 (少选/错选 named); fill and calc a text box with 提交;
 * short and case 显示答案, then 会/不会.  The verdict goes to a role="status" live region inside
 * the question, and the folded answer opens.  A question the store knows is shown as it was
 * last answered.  Without the chapter's practice data (or without JavaScript) nothing changes.
 * practice-mode.js adds the modes, the counts and the keys through studyGuide.practicePage.
 */
(function (guide) {
  "use strict";

  var CHOICE = { single: "radio", multiple: "checkbox" };

  function element(tag, className, text) {
    var node = document.createElement(tag);
    node.className = className || "";
    node.textContent = text || "";
    return node;
  }

  function button(text, className) {
    var node = element("button", "md-button practice__button" + (className ? " " + className : ""), text);
    node.type = "button";
    return node;
  }

  /* The answer opens: the folded block, and in the practice edition the question's answer (edition.js). */
  function openAnswer(question) {
    var details = question.querySelector(":scope > details.answer");
    if (details) details.open = true;
    var reveal = question.querySelector(":scope > .answer-reveal");
    if (reveal && reveal.getAttribute("aria-expanded") !== "true") reveal.click();
  }

  function Question(node, id, record, page) {
    this.node = node;
    this.id = id;
    this.record = record;
    this.page = page;
    this.inputs = [];
    this.panel = element("div", "practice");
    this.panel.setAttribute("data-search-exclude", "");
    this.verdict = element("p", "practice__verdict");
    this.verdict.setAttribute("role", "status");
  }

  Question.prototype.mount = function () {
    var type = this.record.t;
    var answerable = this.record.a != null || this.record.e != null;
    if (CHOICE[type] && answerable) this.choices(CHOICE[type]);
    else if (type === "judge" && answerable) this.judgeChoices();
    else if ((type === "fill" || type === "calc") && answerable) this.textBox();
    else if (type === "short" || type === "case") this.selfGrade();
    else return false;
    this.panel.appendChild(this.verdict);
    var details = this.node.querySelector(":scope > .answer-reveal, :scope > details.answer");
    this.node.insertBefore(this.panel, details);
    this.node.classList.add("has-practice");
    this.restore();
    return true;
  };

  Question.prototype.input = function (type, value) {
    var input = element("input");
    input.type = type;
    input.name = "practice-" + this.id;
    input.value = value;
    this.inputs.push(input);
    return input;
  };

  /* Each option becomes a label holding its input first, then the letter and text as printed. */
  Question.prototype.choices = function (type) {
    var self = this;
    var keys = this.record.a ? this.record.a.split("") : [];
    this.node.querySelectorAll(":scope > .options > ul > li").forEach(function (item) {
      var letter = (item.querySelector("strong") || item).textContent.trim().charAt(0);
      var label = element("label", "practice-option");
      var input = self.input(type, letter);
      label.appendChild(input);
      while (item.firstChild) label.appendChild(item.firstChild);
      item.appendChild(label);
      if (keys.indexOf(letter) >= 0) {
        item.classList.add("is-key");
        label.appendChild(element("span", "practice-option__key", guide.strings.key_option));
      }
      if (type === "radio") input.addEventListener("change", function () { self.submit(); });
    });
    if (type === "checkbox") this.submitButton();
  };

  Question.prototype.judgeChoices = function () {
    var self = this;
    var group = element("div", "practice__judge");
    group.setAttribute("role", "radiogroup");
    group.setAttribute("aria-label", guide.strings.practice_choices);
    [["true", "A", "judge_true"], ["false", "B", "judge_false"]].forEach(function (choice) {
      var label = element("label", "practice-option practice-option--judge");
      var input = self.input("radio", choice[0]);
      input.addEventListener("change", function () { self.submit(); });
      label.appendChild(input);
      label.appendChild(document.createTextNode(choice[1] + ". " + guide.strings[choice[2]]));
      if (self.record.a === choice[0]) label.classList.add("is-key");
      group.appendChild(label);
    });
    this.panel.appendChild(group);
  };

  Question.prototype.textBox = function () {
    var self = this;
    var label = element("label", "practice__field");
    label.appendChild(element("span", "practice__field-label", guide.strings.practice_input));
    var input = this.input("text", "");
    input.autocomplete = "off";
    input.addEventListener("keydown", function (event) {
      if (event.key === "Enter") {
        event.preventDefault();
        self.submit();
      }
    });
    label.appendChild(input);
    this.panel.appendChild(label);
    this.submitButton();
  };

  Question.prototype.submitButton = function () {
    var submit = button(guide.strings.practice_submit, "practice__submit");
    submit.addEventListener("click", this.submit.bind(this));
    this.panel.appendChild(submit);
    this.submitter = submit;
  };

  /* 显示答案, then 会/不会: the reader grades an open answer. */
  Question.prototype.selfGrade = function () {
    var self = this;
    var show = button(guide.strings.reveal_answer, "practice__show");
    var grades = element("span", "practice__grades");
    grades.hidden = true;
    grades.appendChild(element("span", "practice__grades-label", guide.strings.practice_self_grade));
    [["right", "practice_known"], ["wrong", "practice_unknown"]].forEach(function (grade) {
      var choice = button(guide.strings[grade[1]], "practice__grade");
      choice.setAttribute("data-grade", grade[0]);
      choice.addEventListener("click", function () { self.grade(grade[0]); });
      grades.appendChild(choice);
    });
    show.addEventListener("click", function () {
      openAnswer(self.node);
      show.hidden = true;
      grades.hidden = false;
      grades.querySelector("button").focus();
    });
    this.panel.append(show, grades);
    this.showButton = show;
    this.grades = grades;
  };

  Question.prototype.response = function () {
    if (this.record.t === "fill" || this.record.t === "calc") return this.inputs[0].value.trim();
    return this.inputs.filter(function (input) { return input.checked; })
      .map(function (input) { return input.value; }).join("");
  };

  Question.prototype.submit = function () {
    var response = this.response();
    if (!response) {
      this.say(guide.strings.verdict_empty, "");
      return;
    }
    var result = guide.practiceJudge.judge(this.record, response);
    if (!result) return;
    this.page.store.record(this.page.bank, this.id, this.record.h, result.verdict, response);
    this.show(result, response);
    this.page.changed(this);
  };

  Question.prototype.grade = function (verdict) {
    this.page.store.record(this.page.bank, this.id, this.record.h, verdict,
                            guide.strings[verdict === "right" ? "practice_known" : "practice_unknown"]);
    this.showGrade(verdict);
    this.page.changed(this);
  };

  Question.prototype.say = function (text, state) {
    this.verdict.textContent = text;
    this.panel.setAttribute("data-verdict", state);
  };

  Question.prototype.show = function (result, response) {
    var s = guide.strings;
    var parts = [result.verdict === "right" ? s.verdict_right : s.verdict_wrong];
    if (result.kind) parts.push(s["verdict_" + result.kind]);
    if (result.matched && this.record.e != null) {
      parts.push(s["verdict_" + (result.matched === "both" ? "bank" : result.matched)]);
    }
    if (this.record.t === "fill" || this.record.t === "calc") {
      parts.push(s.verdict_your_answer.replace("{answer}", response));
    }
    this.say(parts.join(" · "), result.verdict);
    openAnswer(this.node);
  };

  Question.prototype.showGrade = function (verdict) {
    this.say(guide.strings[verdict === "right" ? "verdict_known" : "verdict_unknown"], verdict);
    this.grades.querySelectorAll("button").forEach(function (choice) {
      choice.setAttribute("aria-pressed", String(choice.getAttribute("data-grade") === verdict));
    });
  };

  /* As last answered: inputs filled in, the verdict said again, the answer open. */
  Question.prototype.restore = function () {
    var entry = this.page.store.get(this.page.bank, this.id, this.record.h);
    if (!entry) return;
    if (this.grades) {
      this.showButton.hidden = true;
      this.grades.hidden = false;
      this.showGrade(entry.last);
      openAnswer(this.node);
      return;
    }
    var answer = entry.a || "";
    this.inputs.forEach(function (input) {
      if (input.type === "text") input.value = answer;
      else input.checked = input.value === answer || (input.value.length === 1 && answer.indexOf(input.value) >= 0);
    });
    var result = guide.practiceJudge.judge(this.record, answer);
    if (result) this.show(result, answer);
  };

  /* The chapter's questions, practised; null when the page has no practice data. */
  function mountPage(root) {
    var bar = root.querySelector(".practice-bar");
    var data = bar && guide.practiceData && guide.practiceData[bar.getAttribute("data-practice-bank")];
    if (!data || !guide.practiceStore) return null;
    var page = { bank: data.bank, data: data, bar: bar, store: guide.practiceStore, questions: [], listeners: [],
                 changed: function (question) { page.listeners.forEach(function (f) { f(question); }); } };
    root.querySelectorAll(".question").forEach(function (node) {
      var heading = node.querySelector(":scope > h2[id]");
      var record = heading && data.q[heading.id];
      if (!record) return;
      var question = new Question(node, heading.id, record, page);
      if (question.mount()) page.questions.push(question);
    });
    return page;
  }

  guide.practicePage = { mount: mountPage, openAnswer: openAnswer, Question: Question };
})(window.studyGuide);
