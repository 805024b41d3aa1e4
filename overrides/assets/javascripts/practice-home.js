/* The home page's practice: answered/right counts beside each chapter, and the progress panel
 * (export all progress as one JSON file, import one, reset with confirmation).
 *
 * Export is a download made in the page (a Blob link), import a file the reader picks (read
 * with FileReader): both work from a folder (file://) as from a web server.  Importing merges:
 * of two entries for one question the later wins (practice-store.js).
 */
(function (guide) {
  "use strict";

  function format(text, values) {
    return Object.keys(values).reduce(function (out, key) {
      return out.split("{" + key + "}").join(String(values[key]));
    }, text);
  }

  /* Each chapter the practice data knows: its counts, in the span the page holds for it. */
  function showCounts(store) {
    var data = guide.practiceData || {};
    var spans = {};
    document.querySelectorAll(".practice-count[data-practice-chapter]").forEach(function (span) {
      spans[span.getAttribute("data-practice-chapter")] = span;
    });
    Object.keys(data).forEach(function (bank) {
      data[bank].chapters.forEach(function (chapter) {
        var span = spans[chapter.page];
        if (!span) return;
        var hashes = {};
        chapter.q.forEach(function (id) { hashes[id] = data[bank].q[id] && data[bank].q[id].h; });
        var counts = store.counts(bank, chapter.q, hashes);
        span.textContent = format(guide.strings.home_progress, counts);
        span.hidden = false;
      });
    });
  }

  function today() {
    var now = new Date();
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return now.getFullYear() + pad(now.getMonth() + 1) + pad(now.getDate());
  }

  function exportProgress(store) {
    var data = store.exportData();
    var blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
    var link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "study-guide-progress-" + today() + ".json";
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
    return Object.keys(data.entries).length;
  }

  function mount() {
    var store = guide.practiceStore;
    var panel = document.querySelector(".practice-progress");
    if (!store || !panel || !guide.practiceData) return;
    var message = panel.querySelector(".practice-progress__message");
    var file = panel.querySelector("input[type=file]");
    var say = function (text) { message.textContent = text; };
    showCounts(store);
    if (store.notice) {  /* cleared as corrupted, or no storage: said where it is seen */
      var notice = document.createElement("p");
      notice.className = "practice-notice";
      notice.setAttribute("role", "alert");
      notice.textContent = guide.strings["progress_" + store.notice];
      panel.insertBefore(notice, panel.querySelector(".practice-progress__actions"));
    }
    panel.addEventListener("click", function (event) {
      var action = event.target.closest("[data-action]");
      if (!action) return;
      var kind = action.getAttribute("data-action");
      if (kind === "export") {
        say(format(guide.strings.progress_exported, { count: exportProgress(store) }));
      } else if (kind === "import") {
        file.click();
      } else if (kind === "reset" && window.confirm(guide.strings.progress_reset_confirm)) {
        store.reset();
        showCounts(store);
        say(guide.strings.progress_cleared);
      }
    });
    file.addEventListener("change", function () {
      var chosen = file.files && file.files[0];
      if (!chosen) return;
      var reader = new FileReader();
      reader.onload = function () {
        try {
          var count = store.importData(JSON.parse(String(reader.result)));
          showCounts(store);
          say(format(guide.strings.progress_imported, { count: count }));
        } catch (error) {
          say(guide.strings.progress_import_failed);
        }
        file.value = "";
      };
      reader.onerror = function () { say(guide.strings.progress_import_failed); };
      reader.readAsText(chosen);
    });
    panel.hidden = false;
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})(window.studyGuide);
