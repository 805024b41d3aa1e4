/** The browser's storage, which privacy settings may refuse and a full disk may turn down. */

/** @typedef {"localStorage" | "sessionStorage"} Kind */

/** The storage of that kind, or null where it is refused. */
export function storage(/** @type {Kind} */ kind) {
  try {
    const found = window[kind];
    found.getItem("");
    return found;
  } catch {
    return null;
  }
}

/** A stored value; null when there is none or storage is refused. */
export function load(/** @type {Kind} */ kind, /** @type {string} */ key) {
  try {
    return window[kind].getItem(key);
  } catch {
    return null;
  }
}

/** Keep a value ("" removes it); false when refused: the page goes on with what it has. */
export function keep(/** @type {Kind} */ kind, /** @type {string} */ key, /** @type {string} */ value) {
  try {
    if (value) window[kind].setItem(key, value);
    else window[kind].removeItem(key);
    return true;
  } catch {
    return false;
  }
}
