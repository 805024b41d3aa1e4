/**
 * The practice keys, shared by the chapter pages (mode.js) and the runs of questions and
 * papers (runs/navigator.js): 1–8 or A–H choose in the current question (judge: 1/A 对, 2/B 错),
 * Enter submits it, ←/→ go to the previous/next question.  They are taken on the window,
 * capturing, before Material's own keys (F and S open its search), and only when no text
 * field has the focus.  While the focus is in a question, Material's page keys (N and . for
 * the next page, P and , for the previous) are kept from it: a stray key never leaves a
 * question half answered, or a paper being sat.
 */

/** @typedef {import("./question.js").Question} Question */
/**
 * What the keys act on.
 * @typedef {object} KeyTarget
 * @property {() => boolean} active whether the keys are taken now
 * @property {() => Question | null} current the question they act on
 * @property {(step: number) => void} go move by one question (+1 next, -1 previous)
 * @property {(question: Question) => void} [chose] told before an option of that question is chosen by key
 */

const TEXT_FIELD = "input[type=text], input[type=search], input[type=number], textarea, [contenteditable]";
const PAGE_KEYS = ["n", "N", ".", "p", "P", ","];

/** The option letters a question may have (generator/bank/model.py OPTION_LETTERS). */
const LETTERS = "abcdefgh";

/** Which option (0 for A) a key names: 1–8 or A–H in either case; -1 for any other key. */
export function optionIndex(/** @type {string} */ key) {
  if (key.length !== 1) return -1;
  const digit = "12345678".indexOf(key);
  return digit >= 0 ? digit : LETTERS.indexOf(key.toLowerCase());
}

/** The input a key names in a question of options, or null. */
function inputFor(/** @type {Question | null} */ question, /** @type {number} */ index) {
  if (!question?.inputs.length || question.inputs[0].type === "text") return null;
  return question.inputs[index] ?? null;
}

function handle(/** @type {KeyTarget} */ target, /** @type {KeyboardEvent} */ event) {
  if (!target.active() || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  const node = /** @type {Element} */ (event.target);
  if (node.closest?.(TEXT_FIELD)) return;
  const key = event.key;
  const question = target.current();
  const index = optionIndex(key);
  const input = index >= 0 ? inputFor(question, index) : null;
  if (key === "ArrowRight" || key === "ArrowLeft") {
    if (event.shiftKey) return;
    target.go(key === "ArrowRight" ? 1 : -1);
  } else if (input && question) {
    target.chose?.(question);
    input.focus();
    input.click();
  } else if (key === "Enter" && !node.closest?.("button, a, summary") && question?.submitter) {
    question.submit();
  } else if (PAGE_KEYS.includes(key) && node.closest?.(".question, .run-bar, .run-card, .run-tools")) {
    event.stopPropagation();  /* Material's; the key itself (a dot typed) does what it does */
    return;
  } else {
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

export function listenToKeys(/** @type {KeyTarget} */ target) {
  window.addEventListener("keydown", (event) => handle(target, event), true);
}
