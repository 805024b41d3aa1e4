/**
 * The guide as an app that reads offline, over http(s) only (never from a folder: there a
 * page is already on the disk, and browsers refuse service workers and manifests).
 *
 * 1. Adds the web app manifest and registers the service worker (sw.js), both written at
 *    build time by generator/site/pwa.py; the worker precaches the shell, the search index
 *    and KaTeX, and keeps each page visited in the build's page cache.
 * 2. "离线下载全部章节 (size)": puts every page of offline.json into that cache.  A guide
 *    downloaded whole is downloaded again, in the background, after an update.
 * 3. "有新版本": a new build's worker waits until the reader accepts; the page then reloads
 *    under it.  Page caches of other builds are removed; localStorage is never touched.
 *
 * Exposed as `offline` (for tests and benchmarks): timings.ready, when the worker was active
 * and this page cached (ms since the page opened), and state ("downloaded" when every page is).
 */
import { button, element, onReady } from "../dom.js";
import { expose } from "../page-data.js";

const PAGES_PREFIX = "study-guide-pages-";   /* generator/site/pwa.py PAGES_CACHE_PREFIX */
const COMPLETE = "offline.json";             /* kept in a page cache that holds every page */

/**
 * offline.json (generator/site/pwa.py)
 * @typedef {object} OfflineIndex
 * @property {string} cache the build's page cache
 * @property {number} bytes
 * @property {{url: string}[]} pages
 * @property {Record<"download" | "downloading" | "downloaded" | "failed" | "update" | "reload", string>} strings
 */

function megabytes(/** @type {number} */ bytes) {
  return (bytes / 1048576).toFixed(bytes < 10485760 ? 1 : 0) + " MB";
}

/** @param {string} base the site's root */
function offlineApp(base) {
  /** @type {{timings: Record<string, number>, state: string, error?: string}} */
  const offline = { timings: {}, state: "none" };
  expose({ offline });
  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator) || !window.caches) return;
  /** @type {OfflineIndex} */
  let index;
  /** @type {HTMLElement | null} */
  let panel = null;

  for (const [rel, href] of [["manifest", "manifest.webmanifest"], ["apple-touch-icon", "assets/images/icons/apple-touch-icon.png"]]) {
    document.head.appendChild(Object.assign(document.createElement("link"), { rel, href: base + href }));
  }

  const pageUrl = (/** @type {string} */ href) => new URL(href, base).href.split("#")[0];

  /* ---- download all ---- */

  function show(/** @type {string} */ text, busy = false) {
    if (!panel) {
      const nav = document.querySelector(".md-sidebar--primary .md-nav--primary > .md-nav__list");
      if (!nav) return;
      /* An item of the navigation's list (a list holds only items); md-typeset: Material styles md-button there. */
      panel = element("li", "offline-download md-nav__item md-typeset");
      panel.style.cssText = "padding: 0.6rem 0.6rem 0; font-size: 0.64rem; line-height: 1.4";
      nav.appendChild(panel);
    }
    panel.textContent = "";
    if (!busy) {
      const download = button("md-button offline-download__button", text);
      download.style.cssText = "font-size: 0.64rem; padding: 0.3em 0.8em";
      download.addEventListener("click", () => downloadAll());
      panel.appendChild(download);
    } else {
      const status = element("span", "offline-download__status", text);
      status.setAttribute("role", "status");
      panel.appendChild(status);
    }
  }

  /** The pages of this build not yet in its cache. */
  async function missing(/** @type {Cache} */ cache) {
    const held = new Set((await cache.keys()).map((request) => request.url.split("?")[0]));
    return index.pages.filter((page) => !held.has(pageUrl(page.url)));
  }

  async function downloadAll() {
    const strings = index.strings;
    try {
      const cache = await caches.open(index.cache);
      const pages = await missing(cache);
      const total = index.pages.length;
      let done = total - pages.length;
      const progress = () => show(strings.downloading.replace("{done}", String(done)).replace("{total}", String(total)), true);
      offline.state = "downloading";
      progress();
      const next = async () => {                        /* three at a time */
        for (let page = pages.shift(); page; page = pages.shift()) {
          await cache.add(pageUrl(page.url));
          done += 1;
          progress();
        }
      };
      await Promise.all([next(), next(), next()]);
      await cache.add(base + COMPLETE);
      offline.state = "downloaded";
      show(strings.downloaded, true);
    } catch {
      offline.state = "failed";
      show(strings.failed + " · " + strings.download + " (" + megabytes(index.bytes) + ")");
    }
  }

  /** Another build's page cache of this site removed; whether it held every page. */
  async function removeOther(/** @type {string} */ name) {
    const cache = await caches.open(name);
    const requests = await cache.keys();
    if (!requests.length || !requests[0].url.startsWith(base)) return false;
    const complete = await cache.match(base + COMPLETE);
    await caches.delete(name);
    return Boolean(complete);
  }

  /* The page cache's state, and other builds' page caches of this site removed (a guide that
     was downloaded whole before an update is downloaded again). */
  async function settle() {
    const others = (await caches.keys()).filter((name) => name.startsWith(PAGES_PREFIX) && name !== index.cache);
    const wasComplete = await Promise.all(others.map(removeOther));
    const cache = await caches.open(index.cache);
    await cache.add(pageUrl(location.href)).catch(() => {});  /* a 404 page is not kept */
    const pages = await missing(cache);
    offline.timings.ready = performance.now();
    if (!pages.length) {
      offline.state = "downloaded";
      show(index.strings.downloaded, true);
    } else if (wasComplete.includes(true)) {
      downloadAll();
    } else {
      show(index.strings.download + " (" + megabytes(index.bytes) + ")");
    }
  }

  /* ---- updates ---- */

  function offerUpdate(/** @type {ServiceWorker} */ worker) {
    if (document.querySelector(".offline-update")) return;
    const dialog = element("div", "md-dialog md-dialog--active offline-update");
    dialog.setAttribute("role", "alert");
    const inner = element("div", "md-dialog__inner md-typeset", index.strings.update + " ");
    const reload = button("md-button md-button--primary offline-update__reload", index.strings.reload);
    reload.style.cssText = "margin-left: 0.8em; padding: 0.2em 0.8em; font-size: inherit";
    reload.addEventListener("click", () => {
      reload.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });  /* Workbox's generateSW listens for it */
    });
    inner.appendChild(reload);
    dialog.appendChild(inner);
    document.body.appendChild(dialog);
  }

  function watch(/** @type {ServiceWorkerRegistration} */ registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }

  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) location.reload();  /* an update was accepted: reload under it */
    hadController = true;                  /* the first worker took over: nothing to reload */
  });

  async function start() {
    /* `mkdocs serve` reloads each rebuild live: a worker (one left by `generator serve` on the
       same address) would keep showing an old build. */
    if ("livereload" in window && typeof window.livereload === "function") {
      for (const registration of await navigator.serviceWorker.getRegistrations()) registration.unregister();
      return;
    }
    try {
      const response = await fetch(base + "offline.json");
      if (!response.ok) throw new Error(String(response.status));
      index = await response.json();
      const registration = await navigator.serviceWorker.register(base + "sw.js");
      watch(registration);
      await navigator.serviceWorker.ready;
      await settle();
    } catch (error) {
      offline.error = String(error);        /* no worker (e.g. a private window): the guide reads online */
    }
  }

  onReady(start);
}

/** The offline app, for the site whose scripts folder holds the running script. */
export function mountOfflineApp() {
  const script = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : location.href;
  offlineApp(new URL("../../", script).href);
}
