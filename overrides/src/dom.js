/** Elements built from text only: nothing from a bank is ever read as HTML here. */

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string | number} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== "") node.textContent = String(text);
  return node;
}

/** @param {string} className @param {string} text */
export function button(className, text) {
  const node = element("button", className, text);
  node.type = "button";
  return node;
}

/** `template` with each {name} replaced by its value (names it lacks are left as they are). */
export function format(/** @type {string} */ template, /** @type {Record<string, string | number>} */ values) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all));
}

/** Run `mount` once the page is parsed (at once if it is). */
export function onReady(/** @type {() => void} */ mount) {
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mount);
  else mount();
}
