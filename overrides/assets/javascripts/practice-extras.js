/* On a chapter page: a star on each question (收藏), 重做 on an answered question, and the way on
 * through a run of 重练错题.
 *
 * 重做 clears a question's inputs and verdict and folds its answer, so that it can be answered
 * again (progress keeps every answer given); the question a run of 重练错题 opens starts cleared.
 * A question's options are named as a group by its heading, and 会/不会 are offered however the
 * answer was opened (显示答案 or its own fold).
 * The star is a toggle button (aria-pressed) after the question's heading (the runs of questions
 * add it too: studyGuide.practiceExtras.addStar); the starred questions are listed on the 收藏
 * page (practice-lists.js).  A run of 重练错题 is started on
 * the 错题本 page, which keeps the list in this tab (sessionStorage) and opens its first
 * question; once that question is answered here, a link leads to the next one, and after the
 * last back to the 错题本.
 */
(function (guide) {
  "use strict";

  var DRILL_KEY = "studyGuide.drill.v1";

  /* The star after a question's heading; page: {bank, store} (a chapter page's or a run's). */
  function addStar(page, node, id) {
    var strings = guide.strings;
    var star = document.createElement("button");
    star.type = "button";
    star.className = "practice-star";
    var icon = document.createElement("span");
    icon.setAttribute("aria-hidden", "true");
    star.appendChild(icon);
    star.appendChild(document.createTextNode(strings.star));
    var show = function (on) {
      star.setAttribute("aria-pressed", String(on));
      icon.textContent = on ? "★ " : "☆ ";
      star.title = on ? strings.star_remove : strings.star;
    };
    show(page.store.isStarred(page.bank, id));
    star.addEventListener("click", function () {
      var on = star.getAttribute("aria-pressed") !== "true";
      page.store.star(page.bank, id, on);
      show(on);
    });
    node.querySelector(":scope > h2").insertAdjacentElement("afterend", star);
  }

  function addStars(bar) {
    document.querySelectorAll(".md-content .question").forEach(function (node) {
      var heading = node.querySelector(":scope > h2[id]");
      if (heading && bar.page.data.q[heading.id]) addStar(bar.page, node, heading.id);
    });
  }

  function addRedo(question) {
    if (question.grades) return null;  /* 会/不会 can be pressed again as they are */
    var redo = document.createElement("button");
    redo.type = "button";
    redo.className = "md-button practice__redo";
    redo.textContent = guide.strings.practice_redo;
    redo.clear = function () {
      question.inputs.forEach(function (input) {
        input.checked = false;
        if (input.type === "text") input.value = "";
      });
      question.say("", "");
      var details = question.node.querySelector(":scope > details.answer");
      if (details) details.open = false;
      var reveal = question.node.querySelector(':scope > .answer-reveal[aria-expanded="true"]');
      if (reveal) reveal.click();  /* the practice edition's 顯示答案 (edition.js) */
      redo.hidden = true;
      (question.inputs[0] || question.node).focus();
    };
    redo.addEventListener("click", redo.clear);
    redo.hidden = !question.page.store.get(question.page.bank, question.id, question.record.h);
    question.panel.insertBefore(redo, question.verdict);
    question.redo = redo;
    question.page.listeners.push(function (answered) {
      if (answered === question) redo.hidden = false;
    });
    return redo;
  }

  function describe(question) {
    var options = question.node.querySelector(":scope > .options");
    var heading = question.node.querySelector(":scope > h2[id]");
    if (options && question.inputs.length && question.inputs[0].type !== "text") {
      options.setAttribute("role", question.inputs[0].type === "radio" ? "radiogroup" : "group");
      options.setAttribute("aria-labelledby", heading.id);
    }
    var details = question.node.querySelector(":scope > details.answer");
    if (question.grades && details) {
      details.addEventListener("toggle", function () {
        if (!details.open) return;
        question.showButton.hidden = true;
        question.grades.hidden = false;
      });
    }
  }

  function drill() {
    try {
      var run = JSON.parse(window.sessionStorage.getItem(DRILL_KEY) || "null");
      var ok = run && Array.isArray(run.items) && typeof run.back === "string" && typeof run.root === "string";
      return ok ? run : null;
    } catch (error) {
      return null;  /* no storage, or not ours: no run */
    }
  }

  /* The item of the run this page's address shows, or -1. */
  function position(run) {
    var id = decodeURIComponent(location.hash.slice(1));
    var path = decodeURIComponent(location.pathname);
    for (var i = 0; i < run.items.length; i++) {
      var item = run.items[i];
      if (item.id === id && path.slice(-(item.page.length + 6)) === "/" + item.page + ".html") return i;
    }
    return -1;
  }

  /* After the run's question here is answered: a link on to the next, or back to the 错题本. */
  function followDrill(bar) {
    var run = drill();
    if (!run) return;
    var at = position(run);
    var question = at < 0 ? null : bar.page.questions.filter(function (q) { return q.id === run.items[at].id; })[0];
    if (!question) return;
    if (question.redo) question.redo.clear();
    var next = run.items[at + 1];
    var link = document.createElement("a");
    link.className = "md-button md-button--primary practice__next";
    link.href = next ? new URL(next.page + ".html#" + next.id, run.root).href : run.back;
    link.textContent = next
      ? guide.strings.drill_next.replace("{done}", at + 1).replace("{total}", run.items.length)
      : guide.strings.drill_done;
    link.hidden = true;
    question.panel.appendChild(link);
    bar.page.listeners.push(function (answered) {
      if (answered !== question) return;
      link.hidden = false;
      if (!next) window.sessionStorage.removeItem(DRILL_KEY);
    });
    /* Moving to another question of this page by its link keeps the run going. */
    window.addEventListener("hashchange", function () {
      var now = position(run);
      if (now >= 0 && now !== at) window.location.reload();
    });
  }

  function mount() {
    var bar = guide.practiceBar;
    if (!bar) return;
    addStars(bar);
    bar.page.questions.forEach(addRedo);
    bar.page.questions.forEach(describe);
    followDrill(bar);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
  guide.practiceDrillKey = DRILL_KEY;
  guide.practiceExtras = { addStar: addStar };
})(window.studyGuide);
