/*
 * The study guide's own script, loaded in <head> before Material's bundle (main.html).
 *
 * 1. Query folding.  Material sends every search query to its search worker (a real
 *    worker over http, the iframe-worker shim under file://).  The worker is wrapped so
 *    that a query is first written the way the index writes it: characters typed in the
 *    other Chinese script become the edition's (table "fold.chars" in the index config,
 *    made by generator/search_terms.py), English terms the bank runs together are split
 *    into their words ("KVcache" -> "kv cache", table "fold.latin"), and Latin letters
 *    glued to Chinese are set apart.  Chinese is cut into the index's own words (longest
 *    first) and each known word is handed to Material's segmenter with a sentinel
 *    character behind it: that segmenter never looks at a run's last character, so "量化"
 *    would otherwise be searched as "量*" wherever "量" alone is a word of the index.
 * 2. A search hit inside a folded answer.  A result link ends in "?h=terms#q7"; the
 *    answer of question 7 is opened when it contains a term, before Material highlights
 *    the terms (Material only marks text that is visible).  Other answers stay closed.
 * 3. Search from a folder: a background worker instead of the iframe shim (below).
 *
 * No network, no dependencies: the guide must work from a folder.
 */
(function () {
  "use strict";

  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;  /* Material's SearchMessageType values */
  /* When search was set up, became ready, was first asked and first answered (ms since
     the page opened): read by benchmarks/bench_search.py. */
  var timings = {};
  var HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  var HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  var SENTINEL = "\u4db5";             /* a Han character no bank uses */
  var LATIN_WORD = /^[A-Za-z0-9@.#/_\-\u2010]+$/;
  var fold = { chars: new Map(), keys: [], latin: {}, words: new Set(), prefixes: new Set(), longest: 1,
               learned: false };

  /* Learn the folding tables and the index's Chinese words from the setup message. */
  function learn(index) {
    var table = index.config.fold || {};
    var chars = table.chars || "";
    for (var i = 0; i + 1 < chars.length; i += 2) fold.chars.set(chars[i], chars[i + 1]);
    (table.latin || []).forEach(function (spaced) { fold.latin[spaced.replace(/ /g, "")] = spaced; });
    fold.keys = Object.keys(fold.latin).sort(function (a, b) { return b.length - a.length; });
    /* The index marks word boundaries, so every run of Han characters in it is a word. */
    (index.docs || []).forEach(function (doc) {
      [doc.title, doc.text].forEach(function (value) {
        var words = typeof value === "string" ? value.match(HAN_RUN) : null;
        for (var w = 0; words && w < words.length; w++) {
          var word = words[w];
          if (fold.words.has(word)) continue;
          fold.words.add(word);
          for (var k = 1; k < word.length; k++) fold.prefixes.add(word.slice(0, k));
          if (word.length > fold.longest) fold.longest = word.length;
        }
      });
    });
  }

  /* The longest piece of run at i that is (or begins) a word of the index; 0 if none. */
  function longest(run, i, set) {
    var length = Math.min(fold.longest, run.length - i);
    while (length > 0 && !set.has(run.substr(i, length))) length--;
    return length;
  }

  /* "量化方法" -> "量化䶵 方法䶵": the index's words, longest first.  A piece that only
     begins a word ("混合精度" of "混合精度训练") goes without sentinel: a prefix search. */
  function cutChinese(run) {
    var out = [], unknown = "";
    for (var i = 0; i < run.length;) {
      var word = longest(run, i, fold.words), start = word ? 0 : longest(run, i, fold.prefixes);
      var length = Math.max(word, start);
      if (!length) { unknown += run[i++]; continue; }
      if (unknown) { out.push(unknown); unknown = ""; }
      out.push(run.substr(i, length) + (length === word ? SENTINEL : ""));
      i += length;
    }
    if (unknown) out.push(unknown);
    return " " + out.join(" ") + " ";
  }

  /* "KVcacheeviction" -> "kv cache eviction": known run-together terms at the word's start. */
  function splitLatin(word) {
    if (!LATIN_WORD.test(word) || /^[+\-]/.test(word)) return word;
    var key = word.toLowerCase().replace(/[\-_\u2010]/g, "");
    var out = [];
    while (key) {
      var hit = null;
      for (var k = 0; k < fold.keys.length && !hit; k++)
        if (key.lastIndexOf(fold.keys[k], 0) === 0) hit = fold.keys[k];
      if (!hit) break;
      out.push(fold.latin[hit]);
      key = key.slice(hit.length);
    }
    if (!out.length) return word;
    if (key) out.push(key);
    return out.join(" ");
  }

  function foldQuery(query) {
    var chars = Array.from(query, function (c) { return fold.chars.get(c) || c; }).join("");
    var spaced = "";
    for (var i = 0; i < chars.length; i++) {   /* a space where Latin meets Chinese */
      var a = chars[i], b = chars[i + 1] || "";
      spaced += a;
      if (b && (HAN.test(a) && /[A-Za-z0-9]/.test(b) || /[A-Za-z0-9]/.test(a) && HAN.test(b))) spaced += " ";
    }
    return spaced.split(/(\s+)/).map(splitLatin).join("")
      .replace(HAN_RUN, cutChinese).replace(/\s+/g, " ").trim();
  }

  /* Watch a worker's messages for the timings, and fold what Material sends it. */
  function instrument(worker, forward) {
    worker.postMessage = function (message) {
      if (message && message.type === SETUP && message.data && message.data.config) {
        timings.setup = timings.setup || performance.now();
        if (!fold.learned) learn(message.data);
      } else if (message && message.type === QUERY && typeof message.data === "string") {
        timings.query = timings.query || performance.now();
        message = { type: QUERY, data: foldQuery(message.data) };
      }
      return forward(message);
    };
    worker.addEventListener("message", function (ev) {
      var type = ev.data && ev.data.type;
      if (type === READY) timings.ready = timings.ready || performance.now();
      if (type === RESULT && !timings.result) timings.result = performance.now();
    });
    return worker;
  }

  /*
   * 3. Search from a folder.  Under file:// a page may not start a worker from a file, so
   *    Material runs its search "worker" in an iframe (the iframe-worker shim): on the
   *    page's own thread, and only once the search field is focused, so the page freezes
   *    while a large index is built.  A worker made from a Blob is allowed, though: its
   *    source (Material's worker with the Lunr languages it would import) comes as a
   *    string in workers/search-source.js, written at build time.  It starts as soon as
   *    the page opens, builds the index on another thread, and Material's own set-up
   *    message is dropped when it comes.  Anything missing, and the shim is used instead.
   */
  var Native = window.studyGuideNativeWorker;    /* saved by main.html before the shim */
  var Shim = window.Worker;                      /* the iframe-worker shim under file:// */
  var here = document.currentScript && document.currentScript.src;
  var root = here ? here.replace(/assets\/javascripts\/guide\.js(\?.*)?$/, "") : null;
  var background = null;                         /* the Blob worker, once it runs */
  var settled = false;                           /* the Blob worker runs, or never will */
  var ready = false;                             /* it has built the index */
  var early = [];                                /* its messages before Material listens */
  var proxy = null;                              /* what Material holds as its worker */

  function loadScript(src, done) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () { done(true); };
    script.onerror = function () { done(false); };
    document.head.appendChild(script);
  }

  function features() {
    var config = document.getElementById("__config");
    return config ? (JSON.parse(config.textContent).features || []) : [];
  }

  function settle() {
    settled = true;
    if (proxy) proxy.attach();
  }

  function prewarm() {
    var loaded = 0, failed = false;
    function both(ok) {
      failed = failed || !ok;
      if (++loaded < 2) return;
      if (failed || typeof window.studyGuideSearchWorker !== "string" || !window.__index) return settle();
      try {
        var blob = new Blob([window.studyGuideSearchWorker], { type: "text/javascript" });
        background = new Native(URL.createObjectURL(blob));
      } catch (err) {
        background = null;
        return settle();
      }
      background.addEventListener("message", function (ev) {
        if (ev.data && ev.data.type === READY) ready = true;
        if (proxy) proxy.dispatchEvent(new MessageEvent("message", { data: ev.data }));
        else early.push(ev.data);
      });
      background.addEventListener("error", function () {  /* e.g. a browser that refuses it */
        if (ready) return;
        background.terminate();
        background = null;
        if (proxy) proxy.fallBack();
      });
      learn(window.__index);
      fold.learned = true;
      timings.setup = performance.now();
      var send = function () {
        background.postMessage({ type: SETUP, data: {
          config: window.__index.config, docs: window.__index.docs,
          options: { suggest: features().indexOf("search.suggest") >= 0 } } });
      };
      if (document.readyState === "loading" && !document.getElementById("__config"))
        document.addEventListener("DOMContentLoaded", send);
      else send();
      settle();
    }
    loadScript(root + "assets/javascripts/workers/search-source.js", both);
    loadScript(root + "search/search_index.js", both);
  }

  /* What Material gets from `new Worker(url)` under file://: the Blob worker once it
     runs, the shim if it cannot; messages wait in between. */
  function FolderWorker(url) {
    var target = new EventTarget();
    var queue = [], worker = null, setup = null;
    target.attach = function () {
      if (worker) return;
      worker = background || new Shim(url);
      if (!background) worker.addEventListener("message", function (ev) {
        target.dispatchEvent(new MessageEvent("message", { data: ev.data }));
      });
      early.splice(0).forEach(function (data) {
        target.dispatchEvent(new MessageEvent("message", { data: data }));
      });
      queue.splice(0).forEach(target.send);
    };
    target.fallBack = function () {            /* the Blob worker failed: the shim after all */
      worker = null;
      target.attach();
      if (setup) worker.postMessage(setup);
    };
    target.send = function (message) {
      if (!worker) return queue.push(message);
      if (message.type === SETUP) setup = message;
      if (worker === background && message.type === SETUP) return;  /* already set up */
      worker.postMessage(message);
    };
    target.terminate = function () { if (worker) worker.terminate(); };
    return target;
  }

  if (location.protocol === "file:" && Native && Shim && root && window.Blob && window.URL) {
    prewarm();
    window.Worker = function (url) {
      proxy = instrument(new FolderWorker(url), function (message) { proxy.send(message); });
      if (settled) proxy.attach();
      return proxy;
    };
  } else if (Shim) {
    window.Worker = function (url, options) {
      var worker = options === undefined ? new Shim(url) : new Shim(url, options);
      return instrument(worker, worker.postMessage.bind(worker));
    };
  }
  window.studyGuide = {                          /* for tests and benchmarks */
    foldQuery: foldQuery,
    timings: timings,
    worker: function () {                        /* which search worker the page got */
      if (location.protocol !== "file:") return "native";
      return background ? "background" : settled || !proxy ? "shim" : "pending";
    }
  };

  /* Open the answer of the linked question when it contains a searched term. */
  function openHits() {
    var params = new URLSearchParams(location.search);
    var terms = (params.get("h") || "").toLowerCase().split(/\s+/).filter(Boolean);
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (error) {  /* a malformed address ("#%") names no question */
      return;
    }
    var target = id && document.getElementById(id);
    if (!terms.length || !target) return;
    var question = target.closest(".question") || target.parentElement;
    var blocks = question.querySelectorAll("details.answer:not([open])");
    for (var i = 0; i < blocks.length; i++) {
      var text = blocks[i].textContent.toLowerCase();
      if (terms.some(function (term) { return text.indexOf(term) >= 0; })) blocks[i].open = true;
    }
  }

  document.addEventListener("DOMContentLoaded", openHits);
  window.addEventListener("hashchange", openHits);
})();
