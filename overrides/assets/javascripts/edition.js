/* The edition switch on chapter pages: practice or answer edition, for screen and print.
 *
 * The edition is <html data-guide-edition="answers|practice">, set on every page (search
 * hides answer snippets in the practice edition: search-spoilers.js); print.css does the rest.
 * It comes from ?edition=practice in the address, else from this tab's last choice,
 * else the answer edition.  In the practice edition each question gets a button that
 * reveals its answer on screen (class "is-revealed" on the question, guide.css).  Printing the answer edition opens every <details> and closes
 * again afterwards.  Links to the chapter's PDFs come from studyGuide.pdfs, which
 * `python -m generator pdf` writes into assets/javascripts/pdf-manifest.js; the home page
 * lists every chapter's PDFs from it too, under the deck and spreadsheet downloads.
 */
(function () {
  "use strict";

  var EDITIONS = ["answers", "practice"];
  var STORAGE_KEY = "guide-edition";
  var root = document.documentElement;

  function remembered() {
    var asked = new URLSearchParams(window.location.search).get("edition");
    if (EDITIONS.indexOf(asked) >= 0) return asked;
    try {
      var stored = window.sessionStorage.getItem(STORAGE_KEY);
      if (EDITIONS.indexOf(stored) >= 0) return stored;
    } catch (error) {
      /* storage can be unavailable (privacy settings); the default is fine */
    }
    return "answers";
  }

  function apply(edition, switcher) {
    root.setAttribute("data-guide-edition", edition);
    if (!switcher) return;
    switcher.querySelectorAll('input[name="guide-edition"]').forEach(function (input) {
      input.checked = input.value === edition;
    });
    try {
      window.sessionStorage.setItem(STORAGE_KEY, edition);
    } catch (error) {
      /* see remembered() */
    }
  }

  /* Open every closed <details> while printing the answer edition; reopen nothing else. */
  function watchPrinting() {
    var opened = [];
    window.addEventListener("beforeprint", function () {
      if (root.getAttribute("data-guide-edition") === "practice") return;
      document.querySelectorAll(".md-content details:not([open])").forEach(function (details) {
        details.open = true;
        opened.push(details);
      });
    });
    window.addEventListener("afterprint", function () {
      opened.splice(0).forEach(function (details) {
        details.open = false;
      });
    });
  }

  function showPdfLinks(switcher) {
    var manifest = window.studyGuide.pdfs;
    var chapter = manifest && manifest.chapters && manifest.chapters[switcher.dataset.chapter];
    var holder = switcher.querySelector(".edition-switch__pdfs");
    if (!chapter || !holder) return;
    EDITIONS.forEach(function (edition) {
      if (!chapter[edition]) return;
      var input = switcher.querySelector('input[value="' + edition + '"]');
      var link = document.createElement("a");
      link.href = new URL(chapter[edition], manifest.base).href;
      link.textContent = switcher.dataset.pdfLabel + "（" + input.parentNode.textContent + "）";
      holder.appendChild(link);
    });
  }

  /* The home page's list of chapter PDFs: each chapter the manifest names, with its editions. */
  function showHomePdfs() {
    var manifest = window.studyGuide.pdfs;
    document.querySelectorAll(".downloads__pdfs").forEach(function (list) {
      list.querySelectorAll("li[data-chapter]").forEach(function (item) {
        var chapter = manifest && manifest.chapters && manifest.chapters[item.dataset.chapter];
        if (!chapter) return;
        EDITIONS.forEach(function (edition) {
          if (!chapter[edition]) return;
          var link = document.createElement("a");
          link.href = new URL(chapter[edition], manifest.base).href;
          link.textContent = list.dataset[edition + "Label"];
          item.appendChild(document.createTextNode(" "));
          item.appendChild(link);
        });
        item.hidden = false;
        list.hidden = false;
      });
    });
  }

  /* Show or hide one question's answer in the practice edition (screen only). */
  function reveal(question, button, shown) {
    var strings = window.studyGuide.strings;
    question.classList.toggle("is-revealed", shown);
    button.setAttribute("aria-expanded", String(shown));
    button.textContent = shown ? strings.hide_answer : strings.reveal_answer;
    var answer = question.querySelector(":scope > details.answer");
    if (shown && answer) answer.open = true;
  }

  /* A "顯示答案" button before each folded answer; guide.css shows it in the practice edition only. */
  function addRevealButtons() {
    document.querySelectorAll(".md-typeset .question > details.answer").forEach(function (answer, i) {
      var question = answer.parentNode;
      var button = document.createElement("button");
      button.type = "button";
      button.className = "answer-reveal";
      if (!answer.id) answer.id = "guide-answer-" + (i + 1);
      button.setAttribute("aria-controls", answer.id);
      reveal(question, button, false);
      button.addEventListener("click", function () {
        reveal(question, button, !question.classList.contains("is-revealed"));
      });
      question.insertBefore(button, answer);
    });
  }

  function mount() {
    showHomePdfs();
    var switcher = document.querySelector(".edition-switch");
    if (!switcher) {
      apply(remembered(), null);
      return;
    }
    apply(remembered(), switcher);
    addRevealButtons();
    switcher.addEventListener("change", function (event) {
      if (event.target.name === "guide-edition") apply(event.target.value, switcher);
    });
    switcher.querySelector(".edition-switch__print").addEventListener("click", function () {
      window.print();
    });
    showPdfLinks(switcher);
    watchPrinting();
    switcher.hidden = false;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})();
