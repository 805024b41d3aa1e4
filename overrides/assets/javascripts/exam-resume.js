/* The paper being sat, kept in the browser so that a reload (or a closed tab) does not lose it:
 * localStorage under "studyGuide.examSitting.v1", one paper per bank.
 *
 * Each entry: {paper: {seed, items, short}, settings, started (ms), answers: {id: response}},
 * the responses in the paper's letters.  The start time is kept, not the time left: the
 * countdown goes on while the page is away, and a paper whose time ran out is handed in on
 * return (exam-page.js).  A stored value of another shape is dropped, never a broken page.
 * createSittingStore(storage) is the pure part, tested in V8 (tests/unit/test_exam_js.py);
 * studyGuide.examResume: store (it on window.localStorage) and put(question, answer).
 */
(function (guide) {
  "use strict";

  var KEY = "studyGuide.examSitting.v1";

  function object(value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  }

  function valid(entry) {
    return object(entry) && typeof entry.started === "number" && object(entry.paper) &&
      typeof entry.paper.seed === "string" && Array.isArray(entry.paper.items) && Array.isArray(entry.paper.short) &&
      object(entry.settings) && typeof entry.settings.minutes === "number" && object(entry.answers);
  }

  function createSittingStore(storage) {
    function read() {
      try {
        var parsed = JSON.parse((storage && storage.getItem(KEY)) || "{}");
        return object(parsed) ? parsed : {};
      } catch (error) {
        return {};
      }
    }

    function write(all) {
      try {
        if (storage) storage.setItem(KEY, JSON.stringify(all));
      } catch (error) {
        /* full or refused: the paper is kept for this page only */
      }
    }

    return {
      load: function (bank) {
        var entry = read()[bank];
        return valid(entry) ? entry : null;
      },
      save: function (bank, entry) {
        var all = read();
        all[bank] = entry;
        write(all);
      },
      clear: function (bank) {
        var all = read();
        if (!(bank in all)) return;
        delete all[bank];
        write(all);
      }
    };
  }

  /* A saved answer back in its question's inputs (as practice-page.js restores a chapter's). */
  function put(question, answer) {
    question.inputs.forEach(function (input) {
      if (input.type === "text") input.value = answer;
      else input.checked = input.value === answer || (input.value.length === 1 && answer.indexOf(input.value) >= 0);
    });
  }

  guide.createSittingStore = createSittingStore;
  guide.examSittingKey = KEY;
  if (typeof window !== "undefined") {
    guide.examResume = { store: createSittingStore(guide.localStore()), put: put };
  }
})(globalThis.studyGuide = globalThis.studyGuide || {});
