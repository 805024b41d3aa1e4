/*
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
 * studyGuide.offline (for tests and benchmarks): timings.ready, when the worker was active
 * and this page cached (ms since the page opened), and state ("downloaded" when every page is).
 */
(function () {
  "use strict";

  var PAGES_PREFIX = "study-guide-pages-";   /* generator/site/pwa.py PAGES_CACHE_PREFIX */
  var COMPLETE = "offline.json";             /* kept in a page cache that holds every page */
  var namespace = window.studyGuide = window.studyGuide || {};
  var offline = namespace.offline = { timings: {}, state: "none" };

  if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator) || !window.caches) return;

  var script = document.currentScript && document.currentScript.src;
  var base = new URL("../../", script || location.href).href;   /* the site's root */
  var index = null;                                              /* offline.json */
  var panel = null;

  function link(rel, href) {
    var element = document.createElement("link");
    element.rel = rel;
    element.href = base + href;
    document.head.appendChild(element);
  }
  link("manifest", "manifest.webmanifest");
  link("apple-touch-icon", "assets/images/icons/apple-touch-icon.png");

  function megabytes(bytes) {
    return (bytes / 1048576).toFixed(bytes < 10485760 ? 1 : 0) + " MB";
  }

  function pageUrl(href) {
    return new URL(href, base).href.split("#")[0];
  }

  /* ---- download all ---- */

  function show(text, busy) {
    if (!panel) {
      panel = document.createElement("div");
      panel.className = "offline-download md-nav__item md-typeset";  /* md-typeset: Material styles md-button there */
      panel.style.cssText = "padding: 0.6rem 0.6rem 0; font-size: 0.64rem; line-height: 1.4";
      var nav = document.querySelector(".md-sidebar--primary .md-nav--primary > .md-nav__list");
      if (!nav) return;
      nav.appendChild(panel);
    }
    panel.textContent = "";
    if (busy === undefined) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "md-button offline-download__button";
      button.style.cssText = "font-size: 0.64rem; padding: 0.3em 0.8em";
      button.textContent = text;
      button.addEventListener("click", function () { downloadAll(); });
      panel.appendChild(button);
    } else {
      var status = document.createElement("span");
      status.className = "offline-download__status";
      status.setAttribute("role", "status");
      status.textContent = text;
      panel.appendChild(status);
    }
  }

  /* The pages of this build not yet in its cache. */
  function missing(cache) {
    return cache.keys().then(function (requests) {
      var held = new Set(requests.map(function (request) { return request.url.split("?")[0]; }));
      return index.pages.filter(function (page) { return !held.has(pageUrl(page.url)); });
    });
  }

  function downloadAll() {
    var strings = index.strings;
    return caches.open(index.cache).then(function (cache) {
      return missing(cache).then(function (pages) {
        var total = index.pages.length, done = total - pages.length;
        offline.state = "downloading";
        show(strings.downloading.replace("{done}", done).replace("{total}", total), true);
        function next() {                        /* three at a time */
          var page = pages.shift();
          if (!page) return Promise.resolve();
          return cache.add(pageUrl(page.url)).then(function () {
            done += 1;
            show(strings.downloading.replace("{done}", done).replace("{total}", total), true);
            return next();
          });
        }
        return Promise.all([next(), next(), next()]).then(function () {
          return cache.add(base + COMPLETE);
        });
      });
    }).then(function () {
      offline.state = "downloaded";
      show(strings.downloaded, true);
    }, function () {
      offline.state = "failed";
      show(strings.failed + " · " + strings.download + " (" + megabytes(index.bytes) + ")");
    });
  }

  /* The page cache's state, and other builds' page caches of this site removed (a guide that
     was downloaded whole before an update is downloaded again). */
  function settle() {
    return caches.keys().then(function (names) {
      var others = names.filter(function (name) { return name.indexOf(PAGES_PREFIX) === 0 && name !== index.cache; });
      return Promise.all(others.map(function (name) {
        return caches.open(name).then(function (cache) {
          return cache.keys().then(function (requests) {
            var ours = requests.length && requests[0].url.indexOf(base) === 0;
            if (!ours) return false;
            return cache.match(base + COMPLETE).then(function (hit) {
              return caches.delete(name).then(function () { return !!hit; });
            });
          });
        });
      }));
    }).then(function (wasComplete) {
      return caches.open(index.cache).then(function (cache) {
        var here = cache.add(pageUrl(location.href)).catch(function () {});  /* a 404 page is not kept */
        return here.then(function () { return missing(cache); });
      }).then(function (pages) {
        offline.timings.ready = performance.now();
        if (!pages.length) {
          offline.state = "downloaded";
          show(index.strings.downloaded, true);
        } else if (wasComplete.indexOf(true) >= 0) {
          downloadAll();
        } else {
          show(index.strings.download + " (" + megabytes(index.bytes) + ")");
        }
      });
    });
  }

  /* ---- updates ---- */

  function offerUpdate(worker) {
    if (document.querySelector(".offline-update")) return;
    var dialog = document.createElement("div");
    dialog.className = "md-dialog md-dialog--active offline-update";
    dialog.setAttribute("role", "alert");
    var inner = document.createElement("div");
    inner.className = "md-dialog__inner md-typeset";
    inner.textContent = index.strings.update + " ";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "md-button md-button--primary offline-update__reload";
    button.style.cssText = "margin-left: 0.8em; padding: 0.2em 0.8em; font-size: inherit";
    button.textContent = index.strings.reload;
    button.addEventListener("click", function () {
      button.disabled = true;
      worker.postMessage({ type: "SKIP_WAITING" });  /* Workbox's generateSW listens for it */
    });
    inner.appendChild(button);
    dialog.appendChild(inner);
    document.body.appendChild(dialog);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
  }

  var hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (hadController) location.reload();  /* an update was accepted: reload under it */
    hadController = true;                  /* the first worker took over: nothing to reload */
  });

  function start() {
    /* `mkdocs serve` reloads each rebuild live: a worker (one left by `generator serve` on the
       same address) would keep showing an old build. */
    if (typeof window.livereload === "function") {
      navigator.serviceWorker.getRegistrations().then(function (registrations) {
        registrations.forEach(function (registration) { registration.unregister(); });
      });
      return;
    }
    fetch(base + "offline.json").then(function (response) {
      if (!response.ok) throw new Error(response.status);
      return response.json();
    }).then(function (json) {
      index = json;
      return navigator.serviceWorker.register(base + "sw.js");
    }).then(function (registration) {
      watch(registration);
      return navigator.serviceWorker.ready;
    }).then(settle).catch(function (error) {
      offline.error = String(error);        /* no worker (e.g. a private window): the guide reads online */
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
