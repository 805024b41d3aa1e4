/* Judging an answer against a question's practice record (generator/practice/data.py).
 *
 * Pure: no page, no storage; tested in V8 outside the browser (tests/unit/test_practice_js.py).
 * studyGuide.practiceJudge.judge(record, response) -> {verdict, matched, kind} or null when the
 * record has no answer to judge by:
 *   verdict  "right" | "wrong"
 *   matched  "bank" | "editor" | "both": which answer a right response matched
 *   kind     "missed" (少选: only right options, not all) | "extra" (错选) for a wrong multiple choice
 * Choice responses are letters ("AC"), judge responses "true"/"false", others the text typed.
 * Text is compared after folding width, case, spaces and separators (、，, ; and); numbers by
 * value, with units (万, 亿, %, GB …) and within the decimals the stem asks (record.d: 保留2位小数
 * is ±0.005), else within 1 %.
 */
(function (guide) {
  "use strict";

  var SCALE = {
    "万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8, "千": 1e3, "百万": 1e6, "百萬": 1e6,
    "%": 0.01, "‰": 0.001, "k": 1e3, "m": 1e6, "b": 1e9,
    "kb": 1024, "mb": Math.pow(1024, 2), "gb": Math.pow(1024, 3), "tb": Math.pow(1024, 4),
    "kib": 1024, "mib": Math.pow(1024, 2), "gib": Math.pow(1024, 3), "tib": Math.pow(1024, 4)
  };
  var SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺";
  var PLAIN = "0123456789-+";
  /* ≈1.227×10^(-5), 1.227e-5, -3, .5, 42.3 GB, 5.24亿: a number, an exponent, a unit. */
  var NUMBER = /^(?:≈|~|约|約|大约|大約)?([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:e([+-]?\d+)|[*x×·]10\^\(?([+-]?\d+)\)?)?(.*)$/;
  var THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\D.*)?$/;
  var SEPARATORS = /\s+(?:and|&)\s+|[、，,;；]/g;

  /* Width, case, minus signs and superscripts folded; spaces kept (they may separate items). */
  function fold(text) {
    var raised = String(text).replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, function (run) {
      var digits = "";
      for (var i = 0; i < run.length; i++) digits += PLAIN.charAt(SUPERSCRIPT.indexOf(run.charAt(i)));
      return "^(" + digits + ")";
    });
    return raised.normalize("NFKC").toLowerCase().replace(/[−–—]/g, "-").trim();
  }

  /* A folded item as {value, unit} (value in the unit written, unit "" when none), or null. */
  function parseNumber(item) {
    var text = item.replace(/\s+/g, "");
    if (THOUSANDS.test(text)) text = text.replace(/,/g, "");
    var match = NUMBER.exec(text);
    if (!match) return null;
    var exponent = match[2] || match[3];
    var value = parseFloat(match[1]) * (exponent ? Math.pow(10, parseInt(exponent, 10)) : 1);
    var unit = match[4].replace(/[。.]$/, "");
    if (unit && !/^[^\d]*$/.test(unit)) return null;  /* "3-5", "2x3": not one number */
    return isFinite(value) ? { value: value, unit: unit } : null;
  }

  function scale(unit) {
    return Object.prototype.hasOwnProperty.call(SCALE, unit) ? SCALE[unit] : 1;  /* 小时, 条: no scale */
  }

  /* Does a typed number match the answer's?  Without a unit, the typed number is read in the
     answer's unit (the blank's, record.u), or else as it stands (0.45 for 45 %); a unit typed
     where the answer has none is taken at its word or ignored (42.3GB for 42.3). */
  function sameNumber(typed, answer, record) {
    var answerScale = scale(answer.unit || fold(record.u || ""));
    var target = answer.value * answerScale;
    var tolerance = typeof record.d === "number"
      ? 0.5 * Math.pow(10, -record.d) * answerScale * (1 + 1e-9)
      : Math.max(Math.abs(target) * 0.01, 1e-12);
    var unitless = !answer.unit && !record.u;
    var readings = typed.unit ? (unitless ? [scale(typed.unit), 1] : [scale(typed.unit)]) : [answerScale, 1];
    return readings.some(function (s) { return Math.abs(typed.value * s - target) <= tolerance; });
  }

  function items(text) {
    var folded = fold(text);
    if (THOUSANDS.test(folded.replace(/\s+/g, ""))) folded = folded.replace(/,/g, "");
    return folded.split(SEPARATORS).map(function (item) {
      return item.replace(/\s+/g, "").replace(/[。.]+$/, "");
    }).filter(function (item) { return item !== ""; });
  }

  /* A typed text against one answer: item by item, numbers by value. */
  function sameText(typed, answer, record) {
    var got = items(typed);
    var want = items(answer);
    if (got.length !== want.length || !want.length) return false;
    return want.every(function (item, i) {
      var number = parseNumber(item);
      var typedNumber = number && parseNumber(got[i]);
      return typedNumber ? sameNumber(typedNumber, number, record) : got[i] === item;
    });
  }

  function letters(text) {
    return String(text || "").toUpperCase().replace(/[^A-Z]/g, "").split("").sort()
      .filter(function (c, i, all) { return all.indexOf(c) === i; }).join("");
  }

  function matchedBy(bank, editor) {
    if (bank && editor) return "both";
    return bank ? "bank" : editor ? "editor" : null;
  }

  /* 少选 when every letter chosen is right for one of the answers; else 错选. */
  function choiceKind(chosen, answers) {
    var missed = answers.some(function (answer) {
      return chosen.length > 0 && chosen.split("").every(function (c) { return answer.indexOf(c) >= 0; });
    });
    return missed ? "missed" : "extra";
  }

  function judge(record, response) {
    if (!record) return null;
    var answers = [record.a, record.e];
    if (answers[0] == null && answers[1] == null) return null;
    var type = record.t;
    var match;
    if (type === "single" || type === "multiple") {
      var chosen = letters(response);
      match = answers.map(function (answer) { return answer != null && letters(answer) === chosen; });
    } else if (type === "judge") {
      match = answers.map(function (answer) { return answer != null && answer === response; });
    } else if (type === "fill" || type === "calc") {
      match = answers.map(function (answer) { return answer != null && sameText(response, answer, record); });
    } else {
      return null;
    }
    var matched = matchedBy(match[0], match[1] && record.e !== record.a);
    if (matched) return { verdict: "right", matched: matched, kind: null };
    var kind = type === "multiple"
      ? choiceKind(letters(response), answers.filter(function (a) { return a != null; }).map(letters)) : null;
    return { verdict: "wrong", matched: null, kind: kind };
  }

  guide.practiceJudge = { judge: judge, fold: fold, parseNumber: parseNumber, items: items };
})(globalThis.studyGuide = globalThis.studyGuide || {});
