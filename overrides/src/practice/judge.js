/**
 * Judging an answer against a question's practice record (generator/practice/data.py).
 *
 * Pure: no page, no storage.  judge(record, response) -> {verdict, matched, kind} or null when
 * the record has no answer to judge by:
 *   verdict  "right" | "wrong"
 *   matched  "bank" | "editor" | "both": which answer a right response matched
 *   kind     "missed" (少选: only right options, not all) | "extra" (错选) for a wrong multiple choice
 * Choice responses are letters ("AC"), judge responses "true"/"false", others the text typed.
 * Text is compared after folding width, case, spaces and separators (、，, ; and); numbers by
 * value, with units (万, 亿, %, GB …) and within the decimals the stem asks (record.d: 保留2位小数
 * is ±0.005), else within 1 %.
 */

/** @typedef {import("../types").PracticeRecord} PracticeRecord */
/**
 * @typedef {object} Judgement
 * @property {import("../types").Verdict} verdict
 * @property {"bank" | "editor" | "both" | null} matched
 * @property {"missed" | "extra" | null} kind
 */

/** @type {Record<string, number>} */
const SCALE = {
  "万": 1e4, "萬": 1e4, "亿": 1e8, "億": 1e8, "千": 1e3, "百万": 1e6, "百萬": 1e6,
  "%": 0.01, "‰": 0.001, "k": 1e3, "m": 1e6, "b": 1e9,
  "kb": 1024, "mb": 1024 ** 2, "gb": 1024 ** 3, "tb": 1024 ** 4,
  "kib": 1024, "mib": 1024 ** 2, "gib": 1024 ** 3, "tib": 1024 ** 4,
};
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺";
const PLAIN = "0123456789-+";
/* ≈1.227×10^(-5), 1.227e-5, -3, .5, 42.3 GB, 5.24亿: a number, an exponent, a unit. */
const NUMBER = /^(?:≈|~|约|約|大约|大約)?([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:e([+-]?\d+)|[*x×·]10\^\(?([+-]?\d+)\)?)?(.*)$/;
const THOUSANDS = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?:\D.*)?$/;
const SEPARATORS = /\s+(?:and|&)\s+|[、，,;；]/g;

/** Width, case, minus signs and superscripts folded; spaces kept (they may separate items). */
function fold(/** @type {unknown} */ text) {
  const raised = String(text).replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+/g, (run) =>
    "^(" + Array.from(run, (c) => PLAIN.charAt(SUPERSCRIPT.indexOf(c))).join("") + ")");
  return raised.normalize("NFKC").toLowerCase().replace(/[−–—]/g, "-").trim();
}

/** A folded item as {value, unit} (value in the unit written, unit "" when none), or null. */
function parseNumber(/** @type {string} */ item) {
  let text = item.replace(/\s+/g, "");
  if (THOUSANDS.test(text)) text = text.replace(/,/g, "");
  const match = NUMBER.exec(text);
  if (!match) return null;
  const exponent = match[2] || match[3];
  const value = parseFloat(match[1]) * (exponent ? 10 ** parseInt(exponent, 10) : 1);
  const unit = match[4].replace(/[。.]$/, "");
  if (unit && !/^[^\d]*$/.test(unit)) return null;  /* "3-5", "2x3": not one number */
  return Number.isFinite(value) ? { value, unit } : null;
}

function scale(/** @type {string} */ unit) {
  return Object.hasOwn(SCALE, unit) ? SCALE[unit] : 1;  /* 小时, 条: no scale */
}

/**
 * Does a typed number match the answer's?  Without a unit, the typed number is read in the
 * answer's unit (the blank's, record.u), or else as it stands (0.45 for 45 %); a unit typed
 * where the answer has none is taken at its word or ignored (42.3GB for 42.3).
 * @param {{value: number, unit: string}} typed
 * @param {{value: number, unit: string}} answer
 * @param {PracticeRecord} record
 */
function sameNumber(typed, answer, record) {
  const answerScale = scale(answer.unit || fold(record.u ?? ""));
  const target = answer.value * answerScale;
  const tolerance = typeof record.d === "number"
    ? 0.5 * 10 ** -record.d * answerScale * (1 + 1e-9)
    : Math.max(Math.abs(target) * 0.01, 1e-12);
  const unitless = !answer.unit && !record.u;
  const readings = typed.unit ? (unitless ? [scale(typed.unit), 1] : [scale(typed.unit)]) : [answerScale, 1];
  return readings.some((s) => Math.abs(typed.value * s - target) <= tolerance);
}

/** A text answer's items: folded, split at separators, without spaces and closing stops. */
function items(/** @type {string} */ text) {
  let folded = fold(text);
  if (THOUSANDS.test(folded.replace(/\s+/g, ""))) folded = folded.replace(/,/g, "");
  return folded.split(SEPARATORS).map((item) => item.replace(/\s+/g, "").replace(/[。.]+$/, "")).filter((item) => item !== "");
}

/** A typed text against one answer: item by item, numbers by value. */
function sameText(/** @type {string} */ typed, /** @type {string} */ answer, /** @type {PracticeRecord} */ record) {
  const got = items(typed), want = items(answer);
  if (got.length !== want.length || !want.length) return false;
  return want.every((item, i) => {
    const number = parseNumber(item);
    const typedNumber = number && parseNumber(got[i]);
    return number && typedNumber ? sameNumber(typedNumber, number, record) : got[i] === item;
  });
}

function letters(/** @type {string | null | undefined} */ text) {
  return [...new Set(String(text ?? "").toUpperCase().replace(/[^A-Z]/g, ""))].sort().join("");
}

/** @returns {Judgement["matched"]} */
function matchedBy(/** @type {boolean} */ bank, /** @type {boolean} */ editor) {
  if (bank && editor) return "both";
  return bank ? "bank" : editor ? "editor" : null;
}

/** 少选 when every letter chosen is right for one of the answers; else 错选. */
function choiceKind(/** @type {string} */ chosen, /** @type {string[]} */ answers) {
  const missed = answers.some((answer) => chosen.length > 0 && [...chosen].every((c) => answer.includes(c)));
  return missed ? "missed" : "extra";
}

/** @returns {Judgement | null} */
export function judge(/** @type {PracticeRecord | null | undefined} */ record, /** @type {string} */ response) {
  if (!record) return null;
  const answers = [record.a, record.e];
  if (answers[0] == null && answers[1] == null) return null;
  const type = record.t;
  /** @type {boolean[]} */
  let match;
  if (type === "single" || type === "multiple") {
    const chosen = letters(response);
    match = answers.map((answer) => answer != null && letters(answer) === chosen);
  } else if (type === "judge") {
    match = answers.map((answer) => answer != null && answer === response);
  } else if (type === "fill" || type === "calc") {
    match = answers.map((answer) => answer != null && sameText(response, answer, record));
  } else {
    return null;
  }
  const matched = matchedBy(match[0], match[1] && record.e !== record.a);
  if (matched) return { verdict: "right", matched, kind: null };
  const given = answers.filter((a) => a != null).map(letters);
  return { verdict: "wrong", matched: null, kind: type === "multiple" ? choiceKind(letters(response), given) : null };
}
