/**
 * The search index is read when the reader first turns to search, not as every page opens:
 * at 5,000 questions it is megabytes that a reader who never searches should not download.
 *
 * Material's bundle asks for the index as it starts: over http(s) with an XMLHttpRequest for
 * search/search_index.json, from a folder with a script element for search/search_index.js
 * appended to <head> (generator/site/material.py checks both in the installed bundle).  This
 * module runs before the bundle (search.js, in <head>) and holds those two requests back until
 * first use: the pointer over the search field (a reader about to click it: the index is read
 * while the hand still moves), the field focused (a click, a tap on the phone's search button,
 * or Material's keys / s f), or a page opened with a shared search (?q=) or from a search hit
 * (?h=, whose words Material marks on the page once its search is set up).  Material waits for
 * the index as it would on a slow network; the offline search (offline-search.js) reads it at
 * the same moment, once for both (shareIndexScript).
 */

import { searchIndex } from "../page-data.js";

const INDEX_JSON = /\/search\/search_index\.json(?:[?#].*)?$/;
const INDEX_SCRIPT = /\/search\/search_index\.js(?:[?#].*)?$/;
const SEARCH_FIELD = "[data-md-component=search-query]";
const SEARCH_TOGGLE = "label[for=__search]";

/** @type {Promise<void> | null} */
let used = null;
/** @type {Promise<boolean> | null} */
let indexScript = null;

/**
 * The guide's search workers read search_index.js themselves (offline-search.js): `loaded`
 * settles once they have, true when the index is there and handed to them.  Material's own
 * request is then not made a second time (megabytes read and parsed again on the page's
 * thread at 5,000 questions): from a folder its script element is told it has loaded, over
 * http its XMLHttpRequest gets the index's config alone.
 */
export function shareIndexScript(/** @type {Promise<boolean>} */ loaded) {
  indexScript = loaded;
}

/** A promise that settles when the reader first turns to search (see the module's comment). */
export function firstUse() {
  if (used) return used;
  used = new Promise((resolve) => {
    const events = /** @type {const} */ (["pointerover", "focusin", "pointerdown", "keydown"]);
    function check(/** @type {Event} */ ev) {
      const target = ev.target instanceof Element ? ev.target : null;
      const keyed = ev.type === "keydown" && ["/", "s", "f"].includes(/** @type {KeyboardEvent} */ (ev).key);
      if (!keyed && !target?.closest(`${SEARCH_FIELD}, ${SEARCH_TOGGLE}`)) return;
      for (const type of events) document.removeEventListener(type, check, true);
      resolve();
    }
    for (const type of events) document.addEventListener(type, check, true);
    const shared = new URLSearchParams(location.search);
    if (shared.has("q") || shared.has("h")) resolve();
  });
  return used;
}

/** At first use: true when the guide's workers have read the index and hand it to Material too. */
function sharedAtFirstUse() {
  return firstUse().then(() => indexScript ?? false);
}

/** Hold Material's request for the search index until :func:`firstUse`. */
export function holdSearchIndex() {
  const xhr = XMLHttpRequest.prototype;
  const open = xhr.open, send = xhr.send;
  /** @type {WeakSet<XMLHttpRequest>} */
  const held = new WeakSet();
  /**
   * @this {XMLHttpRequest}
   * @param {string} method @param {string | URL} url @param {any[]} rest
   */
  function holdingOpen(method, url, ...rest) {
    if (INDEX_JSON.test(String(url))) held.add(this);
    return /** @type {any} */ (open).call(this, method, url, ...rest);
  }
  xhr.open = /** @type {any} */ (holdingOpen);
  xhr.send = function (body) {
    if (!held.has(this)) return send.call(this, body);
    held.delete(this);
    void sharedAtFirstUse().then((shared) => {
      const index = shared ? searchIndex() : null;
      if (index) {  /* Material gets the config; the documents are the workers' */
        const config = new Blob([JSON.stringify({ config: index.config, docs: [] })], { type: "application/json" });
        const type = this.responseType;
        /** @type {any} */ (open).call(this, "GET", URL.createObjectURL(config));
        this.responseType = type;
      }
      send.call(this, body);
    });
  };
  const head = document.head, append = head.appendChild;
  head.appendChild = /** @type {any} */ (function (/** @type {Node} */ node) {
    if (node instanceof HTMLScriptElement && INDEX_SCRIPT.test(node.src)) {
      void sharedAtFirstUse().then((shared) => {
        if (!shared) return void append.call(head, node);
        node.removeAttribute("src");                /* inserted without running anything */
        append.call(head, node);
        node.dispatchEvent(new Event("load"));
      });
      return node;
    }
    return append.call(head, node);
  });
}
