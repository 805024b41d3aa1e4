/* Past papers of 模拟考试, kept in the browser: localStorage under "studyGuide.examHistory.v1".
 *
 * Each entry: {bank, seed, settings, when (ms), used (seconds), got, max, byType}, newest first,
 * at most MAX kept.  A stored value that is not a list of such entries is dropped, never a
 * broken page.  createHistory(storage) is the pure part, tested in V8 (tests/unit/test_exam_js.py);
 * studyGuide.examHistory.list(root, bank, onReuse) shows a bank's on the exam page.
 */
(function (guide) {
  "use strict";

  var KEY = "studyGuide.examHistory.v1";
  var MAX = 50;

  function valid(entry) {
    return entry !== null && typeof entry === "object" && typeof entry.bank === "string" &&
      typeof entry.seed === "string" && typeof entry.when === "number" && typeof entry.got === "number" &&
      typeof entry.max === "number" && typeof entry.used === "number" && typeof entry.settings === "object";
  }

  function createHistory(storage) {
    var entries = [];
    try {
      var parsed = JSON.parse((storage && storage.getItem(KEY)) || "[]");
      entries = Array.isArray(parsed) ? parsed.filter(valid) : [];
    } catch (error) {
      entries = [];
    }
    return {
      add: function (entry) {
        entries.unshift(entry);
        entries = entries.slice(0, MAX);
        try {
          if (storage) storage.setItem(KEY, JSON.stringify(entries));
        } catch (error) {
          /* full or refused: kept for this page only */
        }
      },
      of: function (bank) {
        return entries.filter(function (entry) { return entry.bank === bank; });
      }
    };
  }

  function cell(row, tag, text) {
    var node = document.createElement(tag);
    node.textContent = text;
    row.appendChild(node);
    return node;
  }

  function duration(seconds) {
    return guide.strings.exam_minutes_used.replace("{minutes}", Math.floor(seconds / 60))
      .replace("{seconds}", seconds % 60);
  }

  /* The bank's past papers as a table; "用这个种子" fills the form with that paper's settings. */
  function list(root, bank, onReuse) {
    var s = guide.strings;
    var entries = guide.examHistory.store.of(bank);
    root.textContent = "";
    if (!entries.length) {
      cell(root, "p", s.exam_history_none);
      return;
    }
    var table = document.createElement("table");  /* no class: Material's table style */
    var head = document.createElement("tr");
    [s.exam_when, s.exam_seed, s.exam_got, s.exam_used, ""].forEach(function (text) {
      cell(head, "th", text).setAttribute("scope", "col");
    });
    table.appendChild(head);
    entries.forEach(function (entry) {
      var row = document.createElement("tr");
      cell(row, "td", new Date(entry.when).toLocaleString(document.documentElement.lang || []));
      cell(row, "td", entry.seed);
      cell(row, "td", entry.got + " / " + entry.max);
      cell(row, "td", duration(entry.used));
      var reuse = document.createElement("button");
      reuse.type = "button";
      reuse.className = "md-button exam-history__reuse";
      reuse.textContent = s.exam_reuse;
      reuse.setAttribute("aria-label", s.exam_reuse + " " + entry.seed);
      reuse.addEventListener("click", function () { onReuse(entry); });
      cell(row, "td", "").appendChild(reuse);
      table.appendChild(row);
    });
    var scroll = document.createElement("div");
    scroll.className = "exam-history__scroll";  /* a narrow screen scrolls the table, not the page */
    scroll.appendChild(table);
    root.appendChild(scroll);
  }

  guide.createExamHistory = createHistory;
  guide.examHistoryKey = KEY;
  if (typeof window !== "undefined") {
    guide.examHistory = { store: createHistory(guide.localStore()), list: list };
  }
})(globalThis.studyGuide = globalThis.studyGuide || {});
