/* A chapter page's practice bar: 答题模式 / 背题模式 (remembered), the chapter's counts, the keys.
 *
 * The mode is <html data-practice-mode="answer|recite">; practice.css hides the inputs and
 * marks the right options in 背题模式, and this opens every answer (closing again, on the way
 * back, those it opened).  The keys (practice-keys.js) work in 答题模式; the current question is
 * the one last used, else the first on screen.
 */
(function (guide) {
  "use strict";

  var MODE_KEY = "studyGuide.practiceMode.v1";
  var MODES = ["answer", "recite"];
  var root = document.documentElement;

  function storedMode() {
    try {
      var mode = window.localStorage.getItem(MODE_KEY);
      return MODES.indexOf(mode) >= 0 ? mode : "answer";
    } catch (error) {
      return "answer";  /* storage refused: the default */
    }
  }

  function rememberMode(mode) {
    try {
      window.localStorage.setItem(MODE_KEY, mode);
    } catch (error) {
      /* see storedMode() */
    }
  }

  function Bar(page) {
    this.page = page;
    this.opened = [];
    this.current = null;
    this.count = page.bar.querySelector(".practice-bar__count");
  }

  Bar.prototype.apply = function (mode) {
    root.setAttribute("data-practice-mode", mode);
    this.page.bar.querySelectorAll(".practice-bar__mode").forEach(function (choice) {
      choice.setAttribute("aria-pressed", String(choice.getAttribute("data-mode") === mode));
    });
    if (mode === "recite") {
      var opened = this.opened;
      document.querySelectorAll(".md-content .question > details.answer:not([open])").forEach(function (details) {
        details.open = true;
        opened.push(details);
      });
    } else {
      this.opened.splice(0).forEach(function (details) { details.open = false; });
    }
  };

  Bar.prototype.showCounts = function () {
    var page = this.page;
    var chapter = page.data.chapters.filter(function (c) {
      return c.page === page.bar.getAttribute("data-practice-chapter");
    })[0];
    if (!chapter) return;
    var hashes = {};
    chapter.q.forEach(function (id) { hashes[id] = page.data.q[id] && page.data.q[id].h; });
    var counts = page.store.counts(page.bank, chapter.q, hashes);
    this.count.textContent = guide.strings.chapter_progress.replace("{answered}", counts.answered)
      .replace("{count}", counts.count).replace("{right}", counts.right);
  };

  /* The store's notice (cleared as corrupted, or no storage), said once above the questions. */
  Bar.prototype.showNotice = function () {
    var notice = this.page.store.notice;
    if (!notice) return;
    var message = document.createElement("p");
    message.className = "practice-notice";
    message.setAttribute("role", "alert");
    message.textContent = guide.strings["progress_" + notice];
    this.page.bar.appendChild(message);
  };

  Bar.prototype.questionOf = function (node) {
    return this.page.questions.filter(function (q) { return q.node.contains(node); })[0] || null;
  };

  Bar.prototype.currentQuestion = function () {
    if (this.current) return this.current;
    var visible = this.page.questions.filter(function (q) { return q.node.getBoundingClientRect().bottom > 80; });
    return visible[0] || null;
  };

  Bar.prototype.go = function (step) {
    var all = this.page.questions;
    /* The first move goes to the question on screen; later ones step from the current one. */
    var at = all.indexOf(this.currentQuestion());
    var next = this.current ? all[Math.max(0, Math.min(all.length - 1, at + step))] : all[Math.max(0, at)];
    if (!next) return;
    this.current = next;
    var heading = next.node.querySelector(":scope > h2");
    heading.setAttribute("tabindex", "-1");
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: "start" });
  };

  function mount() {
    var started = performance.now();
    var page = guide.practicePage && guide.practicePage.mount(document);
    if (!page) return;
    var bar = new Bar(page);
    page.listeners.push(bar.showCounts.bind(bar));
    bar.apply(storedMode());
    bar.showCounts();
    bar.showNotice();
    page.bar.addEventListener("click", function (event) {
      var choice = event.target.closest(".practice-bar__mode");
      if (!choice) return;
      bar.apply(choice.getAttribute("data-mode"));
      rememberMode(choice.getAttribute("data-mode"));
    });
    document.addEventListener("focusin", function (event) {
      bar.current = bar.questionOf(event.target) || bar.current;
    });
    document.addEventListener("click", function (event) {
      bar.current = bar.questionOf(event.target) || bar.current;
    });
    guide.practiceKeys.listen({
      active: function () { return root.getAttribute("data-practice-mode") === "answer"; },
      current: bar.currentQuestion.bind(bar),
      go: bar.go.bind(bar),
      chose: function (question) { bar.current = question; }
    });
    page.bar.hidden = false;
    guide.practiceBar = bar;
    bar.ready = performance.now();  /* when practice was ready, and how long it took (benchmarks) */
    bar.took = bar.ready - started;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})(window.studyGuide);
