/**
 * A question made answerable: the inputs its type needs, judged (judge.js) and remembered in
 * the progress store.  Chapter pages (chapter.js) and the runs of questions (runs/) use it.
 *
 * The contract tests and assistive technology rely on: single and judge are radio inputs,
 * each labelled with its option letter first (judge: 对/错), judged as soon as one is chosen;
 * multiple are checkboxes with 提交 (少选/错选 named); fill and calc a text box with 提交;
 * short and case 显示答案, then 会/不会.  The verdict goes to a role="status" live region
 * inside the question, and the folded answer opens.  A question the store knows is shown as
 * it was last answered.  Once its answer shows, each option says what it was: picked right
 * (✓), picked wrong (✗), the key (✓), a key not picked in a multiple choice (漏选), in colour,
 * a sign and words for screen readers; before, nothing on the question gives the answer away
 * (spoiler-guard.js).
 */
import { button, element } from "../dom.js";
import { strings } from "../page-data.js";
import { judge } from "./judge.js";
import { optionMarks } from "./marks.js";
import { guardSpoilers } from "./spoiler-guard.js";

/** @typedef {import("../types").PracticeRecord} PracticeRecord */
/** @typedef {import("../types").Verdict} Verdict */
/**
 * Where a question is practised: its bank, the progress store, and who hears each answer.
 * @typedef {object} Practised
 * @property {string} bank
 * @property {import("./store.js").Store} store
 * @property {(question: Question) => void} changed
 */

/** @type {Partial<Record<string, "radio" | "checkbox">>} */
const CHOICE = { single: "radio", multiple: "checkbox" };

/** The answer opens: the folded block, and in the practice edition the question's answer (reader/edition.js). */
export function openAnswer(/** @type {Element} */ question) {
  const details = /** @type {HTMLDetailsElement | null} */ (question.querySelector(":scope > details.answer"));
  if (details) details.open = true;
  const reveal = /** @type {HTMLElement | null} */ (question.querySelector(":scope > .answer-reveal"));
  if (reveal && reveal.getAttribute("aria-expanded") !== "true") reveal.click();
}

/** A saved answer back in the inputs: letters tick their options, text fills the box. */
export function putAnswer(/** @type {HTMLInputElement[]} */ inputs, /** @type {string} */ answer) {
  for (const input of inputs) {
    if (input.type === "text") input.value = answer;
    else input.checked = input.value === answer || (input.value.length === 1 && answer.includes(input.value));
  }
}

export class Question {
  /** @type {HTMLInputElement[]} */
  inputs = [];
  /** @type {HTMLButtonElement | null} 提交, where the type has one */
  submitter = null;
  /** @type {HTMLButtonElement | null} 显示答案 (short and case) */
  showButton = null;
  /** @type {HTMLElement | null} 会/不会 (short and case) */
  grades = null;
  /** @type {{input: HTMLInputElement, box: HTMLElement}[]} each option's input and the element its mark goes on */
  options = [];
  /** whether the answer shows (spoiler-guard.js) */
  revealed = false;
  /** @type {{update: () => void} | null} the spoiler guard, once mounted */
  guard = null;

  /**
   * @param {HTMLElement} node the question's element (class "question")
   * @param {string} id
   * @param {PracticeRecord} record
   * @param {Practised} page
   * @param {{judging?: boolean, restoring?: boolean}} [options] a paper being sat neither
   *   judges nor restores (runs/exam); a run of questions does not restore
   */
  constructor(node, id, record, page, { judging = true, restoring = true } = {}) {
    this.node = node;
    this.id = id;
    this.record = record;
    this.page = page;
    this.judging = judging;
    this.restoring = restoring;
    this.panel = element("div", "practice");
    this.panel.setAttribute("data-search-exclude", "");
    this.verdict = element("p", "practice__verdict");
    this.verdict.setAttribute("role", "status");
  }

  /** The inputs in place; false when the question's type or record gives nothing to answer. */
  mount() {
    const type = this.record.t;
    const answerable = this.record.a != null || this.record.e != null;
    const choice = CHOICE[type];
    if (choice && answerable) this.#choices(choice);
    else if (type === "judge" && answerable) this.#judgeChoices();
    else if ((type === "fill" || type === "calc") && answerable) this.#textBox();
    else if (type === "short" || type === "case") this.#selfGrade();
    else return false;
    this.panel.appendChild(this.verdict);
    this.node.insertBefore(this.panel, this.node.querySelector(":scope > .answer-reveal, :scope > details.answer"));
    this.node.classList.add("has-practice");
    this.guard = guardSpoilers(this.node, (shown) => this.mark(shown));
    if (this.restoring) this.#restore();
    return true;
  }

  #input(/** @type {string} */ type, /** @type {string} */ value) {
    const input = element("input");
    input.type = type;
    input.name = "practice-" + this.id;
    input.value = value;
    this.inputs.push(input);
    return input;
  }

  /** Each option becomes a label holding its input first, then the letter and text as printed. */
  #choices(/** @type {"radio" | "checkbox"} */ type) {
    this.node.querySelectorAll(":scope > .options > ul > li").forEach((item) => {
      const letter = (item.querySelector("strong") ?? item).textContent?.trim().charAt(0) ?? "";
      const label = element("label", "practice-option");
      const input = this.#input(type, letter);
      label.appendChild(input);
      while (item.firstChild) label.appendChild(item.firstChild);
      item.appendChild(label);
      this.options.push({ input, box: /** @type {HTMLElement} */ (item) });
      if (type === "radio") input.addEventListener("change", () => this.submit());
    });
    if (type === "checkbox") this.#submitButton();
  }

  #judgeChoices() {
    const group = element("div", "practice__judge");
    group.setAttribute("role", "radiogroup");
    group.setAttribute("aria-label", strings().practice_choices);
    for (const [value, letter, name] of [["true", "A", "judge_true"], ["false", "B", "judge_false"]]) {
      const label = element("label", "practice-option practice-option--judge");
      const input = this.#input("radio", value);
      input.addEventListener("change", () => this.submit());
      label.append(input, document.createTextNode(letter + ". " + strings()[name]));
      this.options.push({ input, box: label });
      group.appendChild(label);
    }
    this.panel.appendChild(group);
  }

  #textBox() {
    const label = element("label", "practice__field");
    label.appendChild(element("span", "practice__field-label", strings().practice_input));
    const input = this.#input("text", "");
    input.autocomplete = "off";
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter") return;
      event.preventDefault();
      this.submit();
    });
    label.appendChild(input);
    this.panel.appendChild(label);
    this.#submitButton();
  }

  #submitButton() {
    const submit = button("md-button practice__button practice__submit", strings().practice_submit);
    submit.addEventListener("click", () => this.submit());
    this.panel.appendChild(submit);
    this.submitter = submit;
  }

  /** 显示答案, then 会/不会: the reader grades an open answer. */
  #selfGrade() {
    const show = button("md-button practice__button practice__show", strings().reveal_answer);
    const grades = element("span", "practice__grades");
    grades.hidden = true;
    const prompt = grades.appendChild(element("span", "practice__grades-label", strings().practice_self_grade));
    prompt.setAttribute("tabindex", "-1");
    for (const [verdict, name] of /** @type {[Verdict, string][]} */ ([["right", "practice_known"], ["wrong", "practice_unknown"]])) {
      const choice = button("md-button practice__button practice__grade", strings()[name]);
      choice.setAttribute("data-grade", verdict);
      choice.addEventListener("click", () => this.#grade(verdict));
      grades.appendChild(choice);
    }
    show.addEventListener("click", () => {
      openAnswer(this.node);
      show.hidden = true;
      grades.hidden = false;
      prompt.focus();  /* the question asked, not 会: no grade looks chosen before it is */
    });
    this.panel.append(show, grades);
    this.showButton = show;
    this.grades = grades;
  }

  /** What the inputs say: the text typed, or the letters (true/false) chosen. */
  response() {
    if (this.record.t === "fill" || this.record.t === "calc") return this.inputs[0].value.trim();
    return this.inputs.filter((input) => input.checked).map((input) => input.value).join("");
  }

  submit() {
    if (!this.judging) return;
    const response = this.response();
    if (!response) {
      this.say(strings().verdict_empty, "");
      return;
    }
    const result = judge(this.record, response);
    if (!result) return;
    this.page.store.record(this.page.bank, this.id, this.record.h, result.verdict, response);
    this.show(result, response);
    this.page.changed(this);
  }

  #grade(/** @type {Verdict} */ verdict) {
    this.page.store.record(this.page.bank, this.id, this.record.h, verdict,
                           strings()[verdict === "right" ? "practice_known" : "practice_unknown"]);
    this.#showGrade(verdict);
    this.page.changed(this);
  }

  say(/** @type {string} */ text, /** @type {Verdict | ""} */ state) {
    this.verdict.textContent = text;
    this.panel.setAttribute("data-verdict", state);
  }

  show(/** @type {import("./judge.js").Judgement} */ result, /** @type {string} */ response) {
    const s = strings();
    const parts = [result.verdict === "right" ? s.verdict_right : s.verdict_wrong];
    if (result.kind) parts.push(s["verdict_" + result.kind]);
    if (result.matched && this.record.e != null) parts.push(s["verdict_" + (result.matched === "both" ? "bank" : result.matched)]);
    if (this.record.t === "fill" || this.record.t === "calc") parts.push(s.verdict_your_answer.replace("{answer}", response));
    this.say(parts.join(" · "), result.verdict);
    openAnswer(this.node);
    this.guard?.update();
  }

  /** Each option marked as what it was, once the answer shows; unmarked while it is hidden. */
  mark(/** @type {boolean} */ shown) {
    this.revealed = shown;
    const s = strings();
    const reciting = document.documentElement.getAttribute("data-practice-mode") === "recite" && !this.node.closest("[data-run]");
    const picked = reciting ? [] : this.options.filter((o) => o.input.checked).map((o) => o.input.value);
    const marks = shown ? optionMarks(this.record, this.options.map((o) => o.input.value), picked) : [];
    this.options.forEach(({ box }, i) => {
      const kind = marks[i] ?? "";
      box.classList.toggle("is-key", kind === "right" || kind === "missed" || kind === "key");
      for (const name of ["right", "wrong", "missed"]) box.classList.toggle("is-" + name, kind === name);
      box.querySelector(".practice-option__mark")?.remove();
      if (!kind) return;
      const mark = element("span", "practice-option__mark");
      mark.appendChild(element("span", "practice-option__sign", kind === "wrong" ? "✗" : "✓")).setAttribute("aria-hidden", "true");
      mark.appendChild(element("span", "practice-option__said", s["mark_" + kind]));
      (box.querySelector("label") ?? box).appendChild(mark);
    });
  }

  #showGrade(/** @type {Verdict} */ verdict) {
    this.say(strings()[verdict === "right" ? "verdict_known" : "verdict_unknown"], verdict);
    this.grades?.querySelectorAll("button").forEach((choice) => {
      choice.setAttribute("aria-pressed", String(choice.getAttribute("data-grade") === verdict));
    });
  }

  /** As last answered: inputs filled in, the verdict said again, the answer open. */
  #restore() {
    const entry = this.page.store.get(this.page.bank, this.id, this.record.h);
    if (!entry) return;
    if (this.grades && this.showButton) {
      this.showButton.hidden = true;
      this.grades.hidden = false;
      this.#showGrade(entry.last);
      openAnswer(this.node);
      return;
    }
    const answer = entry.a ?? "";
    putAnswer(this.inputs, answer);
    const result = judge(this.record, answer);
    if (result) this.show(result, answer);
  }
}
