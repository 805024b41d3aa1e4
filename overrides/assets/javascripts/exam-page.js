/* 模拟考试: the settings form, the paper drawn with a seed (exam-draw.js), a countdown, 交卷
 * (confirmed; automatic when the time runs out), the score by type, the review of every answer
 * and the history of past papers (exam-history.js).  The paper being sat, its start time and its
 * answers are saved as they change (exam-resume.js) and taken up again when the page is opened.
 *
 * During the sitting the questions take answers without judging them (the chapter pages'
 * inputs, practice-page.js, with submit replaced) and their answers stay hidden; at 交卷 each
 * is judged against its record with the key in the paper's letters, shown with its answer and
 * explanation, and recorded in the progress store in the bank's letters.
 */
(function (guide) {
  "use strict";

  var run = guide.runQuestion;
  var draw = guide.examDraw;
  var element = run.element;

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? values[key] : all; });
  }

  function settingsOf(form) {
    var types = {};
    draw.TYPES.forEach(function (t) {
      var count = form.querySelector("input[name='count-" + t + "']");
      var points = form.querySelector("input[name='points-" + t + "']");
      if (count && points) {
        types[t] = { n: Math.max(0, Math.floor(Number(count.value) || 0)), points: Math.max(0, Number(points.value) || 0) };
      }
    });
    return { chapters: run.checked(form, "chapter").map(Number), types: types, seed: form.elements.seed.value.trim(),
             minutes: Math.max(1, Number(form.elements.minutes.value) || 60), shuffle: form.elements.shuffle.checked };
  }

  /* A past paper's settings back in the form (用这个种子). */
  function fill(form, settings) {
    form.querySelectorAll("input[name='chapter']").forEach(function (input) {
      input.checked = settings.chapters.indexOf(Number(input.value)) >= 0;
    });
    Object.keys(settings.types).forEach(function (t) {
      var count = form.querySelector("input[name='count-" + t + "']");
      var points = form.querySelector("input[name='points-" + t + "']");
      if (count) count.value = settings.types[t].n;
      if (points) points.value = settings.types[t].points;
    });
    form.elements.seed.value = settings.seed;
    form.elements.minutes.value = settings.minutes;
    form.elements.shuffle.checked = settings.shuffle;
  }

  /* saved: {started, answers} of a paper taken up again after a reload, or undefined. */
  function Sitting(page, paper, settings, saved) {
    this.page = page;
    this.paper = paper;
    this.settings = settings;
    this.questions = [];
    this.started = saved ? saved.started : Date.now();
    this.answers = saved ? saved.answers : {};
    this.end = this.started + settings.minutes * 60000;
  }

  Sitting.prototype.render = function () {
    var self = this;
    var s = guide.strings;
    var area = this.page.area;
    area.textContent = "";
    var bar = this.bar = element("div", "exam-bar");
    bar.appendChild(element("span", "exam-bar__seed", s.exam_seed + "：" + this.paper.seed));
    bar.appendChild(element("span", "exam-bar__label", s.exam_remaining));
    this.clock = element("span", "exam-bar__clock");
    this.clock.setAttribute("role", "timer");
    this.clock.setAttribute("aria-label", s.exam_remaining);
    bar.appendChild(this.clock);
    this.handInButton = element("button", "md-button md-button--primary exam-bar__hand-in", s.exam_hand_in);
    this.handInButton.type = "button";
    this.handInButton.addEventListener("click", function () { self.handIn(false); });
    bar.appendChild(this.handInButton);
    this.result = element("div", "exam-result");
    this.sheet = element("div", "exam-paper is-sitting");
    area.append(bar, this.result, this.sheet);
    this.paper.items.forEach(function (item, i) {
      var record = draw.mapRecord(self.page.data.q[item.id], item.perm);
      var heading = format(s.exam_heading, { n: i + 1, type: s["type_" + item.t] || item.t, points: item.points });
      var node = run.make(self.page, item.id, heading);
      if (!node) return;
      run.shuffle(node, item.perm);
      var question = run.answerable(self.page, node, item.id, record,
                                    { submit: function () {}, restore: function () {} });
      if (!question) return;
      question.item = item;
      self.sheet.appendChild(node);
      self.questions.push(question);
      guide.examResume.put(question, self.answers[item.id] || "");
    });
    this.sheet.addEventListener("input", this.save.bind(this));
    this.sheet.addEventListener("change", this.save.bind(this));
    this.save();
    this.tick();
    this.timer = window.setInterval(this.tick.bind(this), 1000);
  };

  Sitting.prototype.save = function () {
    if (this.done) return;
    var answers = {};
    this.questions.forEach(function (q) { answers[q.id] = q.response(); });
    guide.examResume.store.save(this.page.bank, { paper: this.paper, settings: this.settings, started: this.started,
                                                  answers: answers });
  };

  Sitting.prototype.tick = function () {
    var left = Math.max(0, Math.ceil((this.end - Date.now()) / 1000));
    var seconds = String(left % 60);
    this.clock.textContent = Math.floor(left / 60) + ":" + (seconds.length < 2 ? "0" : "") + seconds;
    if (left <= 0) this.handIn(true);
  };

  Sitting.prototype.handIn = function (timeUp) {
    if (this.done) return;
    var s = guide.strings;
    var open = this.questions.filter(function (q) { return !q.response(); }).length;
    if (!timeUp && !window.confirm(open ? s.exam_confirm.replace("{count}", open) : s.exam_confirm_all)) return;
    this.done = true;
    window.clearInterval(this.timer);
    guide.examResume.store.clear(this.page.bank);
    var page = this.page;
    var verdicts = this.questions.map(function (q) {
      var response = q.response();
      q.inputs.forEach(function (input) { input.disabled = true; });
      run.reveal(q);
      if (q.item.perm) q.panel.appendChild(element("p", "exam-moved", moved(q.item.perm)));
      if (!response) {
        q.say(s.verdict_wrong + " · " + s.exam_unanswered, "wrong");
        return null;
      }
      var result = guide.practiceJudge.judge(q.record, response);
      if (!result) return null;
      q.show(result, response);
      if (page.store) page.store.record(page.bank, q.id, q.record.h, result.verdict, draw.toBank(response, q.item.perm));
      return result.verdict;
    });
    var paper = { items: this.questions.map(function (q) { return q.item; }) };
    var score = draw.score(paper, verdicts);
    this.sheet.classList.remove("is-sitting");
    this.bar.remove();
    this.showScore(score, timeUp);
    guide.examHistory.store.add({ bank: page.bank, seed: this.paper.seed, settings: this.settings, when: this.started,
                                  used: Math.round((Math.min(Date.now(), this.end) - this.started) / 1000),
                                  got: score.got, max: score.max, byType: score.byType });
    if (page.onHandedIn) page.onHandedIn();
  };

  /* 本卷的 A B C D 即原题的 C A D B. */
  function moved(perm) {
    return guide.strings.exam_moved
      .replace("{now}", perm.map(function (old, now) { return draw.LETTERS.charAt(now); }).join(" "))
      .replace("{was}", perm.map(function (old) { return draw.LETTERS.charAt(old); }).join(" "));
  }

  Sitting.prototype.showScore = function (score, timeUp) {
    var s = guide.strings;
    var heading = element("h2", "exam-result__title", s.exam_result);
    heading.id = "exam-result";
    heading.setAttribute("tabindex", "-1");
    var total = element("p", "exam-result__total", s.exam_score.replace("{got}", score.got).replace("{max}", score.max));
    total.setAttribute("role", "status");
    var table = element("table");  /* no class: Material's table style */
    var rows = [[s.exam_type, s.run_count, s.exam_right, s.exam_got]];
    draw.TYPES.forEach(function (t) {
      var row = score.byType[t];
      if (row) rows.push([s["type_" + t] || t, row.count, row.right, Math.round(row.got * 100) / 100 + " / " + row.max]);
    });
    rows.push([s.exam_total, this.questions.length, "", score.got + " / " + score.max]);
    rows.forEach(function (cells, r) {
      var row = element("tr");
      cells.forEach(function (text) {
        var cell = element(r ? "td" : "th", "", String(text));
        if (!r) cell.setAttribute("scope", "col");
        row.appendChild(cell);
      });
      table.appendChild(row);
    });
    this.result.append(heading, total, element("p", "", s.exam_seed + "：" + this.paper.seed));
    if (timeUp) this.result.appendChild(element("p", "exam-result__time-up", s.exam_time_up));
    this.result.append(table, element("h2", "exam-result__review", s.exam_review));
    heading.focus();
  };

  function mount() {
    var page = run.page(document);
    if (!page || page.kind !== "exam") return;
    var form = page.form;
    var historyList = page.root.querySelector("[data-exam-history-list]");
    var showHistory = function () {
      guide.examHistory.list(historyList, page.bank, function (entry) {
        fill(form, entry.settings);
        form.scrollIntoView({ block: "start" });
        form.elements.seed.focus();
      });
    };
    page.onHandedIn = function () {  /* the form again, below the paper, for the next one */
      page.root.insertBefore(form, historyList.parentNode);
      form.hidden = false;
      showHistory();
    };
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var settings = settingsOf(form);
      settings.seed = settings.seed || draw.newSeed();
      form.elements.seed.value = settings.seed;
      var options = {};
      Object.keys(page.html).forEach(function (id) { options[id] = page.html[id].o; });
      var paper = draw.draw(page.data, settings, options);
      if (!paper.items.length) {
        run.say(page, guide.strings.exam_invalid);
        return;
      }
      run.say(page, "");
      begin(paper, settings);
    });
    function begin(paper, settings, saved) {
      form.hidden = true;
      var sitting = guide.examSitting = new Sitting(page, paper, settings, saved);
      sitting.render();
      var short = paper.short.map(function (type) {  /* fewer questions of a type than asked */
        return guide.strings.exam_short.replace("{type}", guide.strings["type_" + type.t]).replace("{count}", type.count);
      }).join(" ");
      if (short) sitting.bar.after(element("p", "exam-short", short));
      var first = sitting.sheet.querySelector("h2");
      if (first && !sitting.done) first.focus();  /* handed in on return: the score has the focus */
    }
    var saved = guide.examResume.store.load(page.bank);
    if (saved) begin(saved.paper, saved.settings, saved);
    showHistory();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
})(window.studyGuide);
