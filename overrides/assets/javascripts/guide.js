/*
 * The study guide's own script, loaded in <head> before Material's bundle (main.html).
 *
 * 1. Query folding.  Material sends every search query to its search worker (a real
 *    worker over http, the iframe-worker shim under file://).  The worker is wrapped so
 *    that a query is first written the way the index writes it: characters typed in the
 *    other Chinese script become the edition's (table "fold.chars" in the index config,
 *    made by generator/search_terms.py), English terms the bank runs together are split
 *    into their words ("KVcache" -> "kv cache", table "fold.latin"), Latin letters
 *    glued to Chinese are set apart, and a word with the signs the index cuts formulas at
 *    requires all its parts ("size=4096" -> "+size +4096").  Chinese is cut into the index's own words (longest
 *    first) and each known word is handed to Material's segmenter with a sentinel
 *    character behind it: that segmenter never looks at a run's last character, so "量化"
 *    would otherwise be searched as "量*" wherever "量" alone is a word of the index.
 * 2. A search hit inside a folded answer.  A result link ends in "?h=terms#q7"; the
 *    answer of question 7 is opened when it contains a term, before Material highlights
 *    the terms (Material only marks text that is visible).  Other answers stay closed.
 * 3. Search from a folder: background workers instead of the iframe shim (below).
 *
 * No network, no dependencies: the guide must work from a folder.
 */
(function () {
  "use strict";

  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;  /* Material's SearchMessageType values */
  /* When search was set up (setup), the quick worker was ready (quick), Material first
     asked (query), the whole index was started (building) and built (ready), and the first
     result came (result), in ms since the page opened; which worker answered first and
     last (answered, latest: "quick" or "index").  Read by benchmarks/bench_search.py and the tests. */
  var timings = {};
  var HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;
  var HAN_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;
  var SENTINEL = "\u4db5";             /* a Han character no bank uses */
  var LATIN_WORD = /^[A-Za-z0-9@.#/_\-\u2010]+$/;
  var fold = { chars: new Map(), keys: [], latin: {}, words: new Set(), prefixes: new Set(), longest: 1 };
  var foldConfig = null;                 /* the index config whose tables fold queries */
  var learned = false;

  /* Learn the folding tables and the index's Chinese words (config.fold, written by the
     build) before the first query: a few thousand entries, never the documents. */
  function learn() {
    if (learned || !foldConfig) return;
    learned = true;
    var table = foldConfig.fold || {};
    var chars = table.chars || "";
    for (var i = 0; i + 1 < chars.length; i += 2) fold.chars.set(chars[i], chars[i + 1]);
    (table.latin || []).forEach(function (spaced) { fold.latin[spaced.replace(/ /g, "")] = spaced; });
    fold.keys = Object.keys(fold.latin).sort(function (a, b) { return b.length - a.length; });
    (table.words || "").split(" ").forEach(function (word) {
      if (!word || fold.words.has(word)) return;
      fold.words.add(word);
      for (var k = 1; k < word.length; k++) fold.prefixes.add(word.slice(0, k));
      if (word.length > fold.longest) fold.longest = word.length;
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
    learn();
    var chars = Array.from(query, function (c) { return fold.chars.get(c) || c; }).join("");
    var spaced = "";
    for (var i = 0; i < chars.length; i++) {   /* a space where Latin meets Chinese */
      var a = chars[i], b = chars[i + 1] || "";
      spaced += a;
      if (b && (HAN.test(a) && /[A-Za-z0-9]/.test(b) || /[A-Za-z0-9]/.test(a) && HAN.test(b))) spaced += " ";
    }
    return spaced.split(/(\s+)/).map(function (word) {
      var split = splitLatin(word);
      return split === word ? requireParts(word) : split;
    }).join("").replace(HAN_RUN, cutChinese).replace(/\s+/g, " ").trim();
  }

  /* "size=4096" -> "+size +4096": the index cuts formulas and settings at their signs, so a
     word typed with signs in it finds the documents that hold all of its parts. */
  function requireParts(word) {
    if (!foldConfig || !foldConfig.separator || /^[+\-]|["*~^:]/.test(word)) return word;
    var parts = word.split(new RegExp(foldConfig.separator)).filter(Boolean);
    return parts.length > 1 ? parts.map(function (part) { return "+" + part; }).join(" ") : word;
  }

  /* Watch a worker's messages for the timings, and fold what Material sends it. */
  function instrument(worker, forward) {
    worker.postMessage = function (message) {
      if (message && message.type === SETUP && message.data && message.data.config) {
        timings.setup = timings.setup || performance.now();
        foldConfig = foldConfig || message.data.config;
      } else if (message && message.type === QUERY && typeof message.data === "string") {
        timings.query = timings.query || performance.now();
        message = { type: QUERY, data: foldQuery(message.data) };
      }
      return forward(message);
    };
    worker.addEventListener("message", function (ev) {
      var type = ev.data && ev.data.type;
      if (type === READY && !background) timings.ready = timings.ready || performance.now();
      if (type === RESULT && !timings.result) timings.result = performance.now();
    });
    return worker;
  }

  /*
   * 3. Search from a folder.  Under file:// a page may not start a worker from a file, so
   *    Material runs its search "worker" in an iframe (the iframe-worker shim): on the
   *    page's own thread, and only once the search field is focused, so the page freezes
   *    while a large index is built.  A worker made from a Blob is allowed, though: its
   *    source (search-worker.js, then Material's worker with the Lunr languages it would
   *    import) comes as a string in workers/search-source.js, written at build time.
   *    Two such workers start as the page opens; the documents reach them as JSON text
   *    (search/search_index.js, read early: main.html), parsed there, not on this thread.
   *
   *    - The quick worker answers from the start: for each query it runs Material's own
   *      search on the documents that contain the query's words (search-worker.js).
   *    - The index worker builds Material's index of every document (a second or more for
   *      thousands of questions), once the reader has searched; from then on it answers,
   *      and the last query is asked again, so the list settles into the whole index's
   *      order (it is not drawn again when nothing moved).
   *
   *    Material's own set-up message is dropped.  Anything missing, and the shim is used.
   */
  var Native = window.studyGuideNativeWorker;    /* saved by main.html before the shim */
  var Shim = window.Worker;                      /* the iframe-worker shim under file:// */
  var here = document.currentScript && document.currentScript.src;
  var root = here ? here.replace(/assets\/javascripts\/guide\.js(\?.*)?$/, "") : null;
  var background = null;                         /* the index worker, once it runs */
  var quick = null;                              /* the quick worker, until the index is built */
  var settled = false;                           /* the background workers run, or never will */
  var ready = false;                             /* the index worker has built the index */
  var announced = false;                         /* Material was told search is ready */
  var lastQuery = null;                          /* Material's last query, as sent */
  var indexSetup = null;                         /* the index worker's set-up, until sent */
  var quickAsked = [];                           /* per query to the quick worker: not empty */
  var shown = null;                              /* the last list delivered, as locations */
  var early = [];                                /* messages before Material listens */
  var proxy = null;                              /* what Material holds as its worker */

  /* A result's list, as the locations Material shows in order. */
  function listOf(result) {
    return JSON.stringify((result.items || []).map(function (group) {
      return group.map(function (item) { return item.location; });
    }));
  }

  function deliver(data) {
    if (data.type === RESULT) shown = listOf(data.data);
    if (proxy && proxy.attached) proxy.dispatchEvent(new MessageEvent("message", { data: data }));
    else early.push(data);
  }

  function announce() {
    if (announced) return;
    announced = true;
    deliver({ type: READY });
  }

  function loadScript(src, done) {
    var script = document.createElement("script");
    script.src = src;
    script.onload = function () { done(true); };
    script.onerror = function () { done(false); };
    document.head.appendChild(script);
  }

  function settle() {
    settled = true;
    if (proxy) proxy.attach();
  }

  function stopQuick() {
    if (quick) quick.terminate();
    quick = null;
  }

  function stopBackground() {
    stopQuick();
    if (background) background.terminate();
    background = null;
    if (window.studyGuideIndex) window.studyGuideIndex.parsed = null;  /* the shim needs the documents */
  }

  function onIndexMessage(ev) {
    var type = ev.data && ev.data.type;
    if (type === READY) {
      ready = true;
      timings.ready = performance.now();
      stopQuick();
      announce();
      if (lastQuery && proxy && proxy.attached) {
        lastQuery.again = true;
        background.postMessage(lastQuery);
      }
    } else if (type === RESULT) {
      timings.answered = timings.answered || "index";
      timings.latest = "index";
      var again = lastQuery && lastQuery.again;
      if (lastQuery) lastQuery.again = false;
      /* The same list asked again needs no new rendering (the reader may be reading it). */
      if (!(again && listOf(ev.data.data) === shown)) deliver(ev.data);
    }
  }

  function onQuickMessage(ev) {
    var type = ev.data && ev.data.type;
    if (type === RESULT && quickAsked.shift()) buildIndex();  /* the reader searches */
    if (ready) return;
    if (type === READY) {
      timings.quick = performance.now();
      announce();
    } else if (type === RESULT && !ev.data.data.declined) {
      timings.answered = timings.answered || "quick";
      timings.latest = "quick";
      deliver(ev.data);
    }
  }

  function quickFailed() {
    stopQuick();
    buildIndex();
  }

  /* The whole index is built once the reader has searched (or the quick worker cannot
     answer): until then it would only take processor time from the page and from the
     quick worker, and a reader who never searches never pays for it. */
  function buildIndex() {
    if (!indexSetup || indexSetup.sent) return;
    indexSetup.sent = true;
    timings.building = performance.now();
    background.postMessage(indexSetup.message);
  }

  /* The workers start as soon as their source is in, so that they are up and have read
     Material's code by the time the index arrives. */
  function startBackground() {
    try {
      var source = new Blob([window.studyGuideSearchWorker], { type: "text/javascript" });
      var url = URL.createObjectURL(source);
      background = new Native(url);
      quick = new Native(url);
    } catch (err) {
      stopBackground();
      return;
    }
    background.addEventListener("message", onIndexMessage);
    background.addEventListener("error", function () {  /* e.g. a browser that refuses it */
      if (ready || !background) return;
      stopBackground();
      if (proxy) proxy.fallBack();
    });
    quick.addEventListener("message", onQuickMessage);
    quick.addEventListener("error", quickFailed);      /* queries wait for the index then */
  }

  function setUpBackground() {
    var index = window.studyGuideIndex;
    /* Material reads __index only to send its own set-up, which these workers do not need:
       it gets the documents only if the shim takes over (stopBackground). */
    index.parsed = { config: index.config, docs: [] };
    foldConfig = index.config;
    timings.setup = performance.now();
    var data = { config: index.config, docs: index.docs, options: index.options || {} };
    indexSetup = { message: { type: SETUP, data: data }, sent: false };
    if (quick) quick.postMessage({ type: SETUP, data: Object.assign({ quick: true }, data) });
    else buildIndex();
  }

  function prewarm() {
    var source = null, index = null;             /* each script: loaded and usable, or not */
    var started = false;
    function next() {
      if (source && !started) {
        started = true;
        startBackground();
      }
      if (source === null || index === null) return;
      if (background && index) setUpBackground();
      else if (background) stopBackground();
      settle();
    }
    loadScript(root + "assets/javascripts/workers/search-source.js", function (ok) {
      source = ok && typeof window.studyGuideSearchWorker === "string";
      next();
    });
    loadScript(root + "search/search_index.js", function (ok) {
      index = ok && !!window.studyGuideIndex && typeof window.studyGuideIndex.docs === "string";
      next();
    });
  }

  /* Material's set-up message, with the documents if it was sent without them. */
  function fullSetup(message) {
    var data = message.data;
    if (!window.studyGuideIndex || data.docs.length) return message;
    return { type: SETUP, data: { config: data.config, docs: window.__index.docs, options: data.options } };
  }

  /* What Material gets from `new Worker(url)` under file://: the background workers once
     they run, the shim if they cannot; messages wait in between. */
  function FolderWorker(url) {
    var target = new EventTarget();
    var queue = [], shim = null, setup = null;
    target.attached = false;
    function useShim() {
      shim = new Shim(url);
      shim.addEventListener("message", function (ev) {
        target.dispatchEvent(new MessageEvent("message", { data: ev.data }));
      });
    }
    target.attach = function () {
      if (target.attached) return;
      target.attached = true;
      if (!background) useShim();
      early.splice(0).forEach(function (data) {
        target.dispatchEvent(new MessageEvent("message", { data: data }));
      });
      queue.splice(0).forEach(target.send);
    };
    target.fallBack = function () {            /* the Blob workers failed: the shim after all */
      if (!target.attached || shim) return;
      useShim();
      if (setup) shim.postMessage(fullSetup(setup));
      if (lastQuery) shim.postMessage({ type: QUERY, data: lastQuery.data });  /* still unanswered */
    };
    target.send = function (message) {
      if (!target.attached) return queue.push(message);
      if (message.type === SETUP) setup = message;
      if (shim) return shim.postMessage(message.type === SETUP ? fullSetup(message) : message);
      if (message.type === SETUP) return;
      lastQuery = { type: message.type, data: message.data };
      if (ready || !quick) return background.postMessage(message);
      quickAsked.push(/\S/.test(message.data));
      quick.postMessage(message);
    };
    target.terminate = function () {
      if (shim) shim.terminate();
      else stopBackground();
    };
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
