/*
 * Search from a folder.  Under file:// a page may not start a worker from a file, so
 * Material runs its search "worker" in an iframe (the iframe-worker shim): on the page's
 * own thread, and only once the search field is focused, so the page freezes while a
 * large index is built.  A worker made from a Blob is allowed: its source (constants.js,
 * search-worker.js, Material's worker and the Lunr languages it would import) comes as a
 * string in workers/search-source.js, written at build time.  Two such workers start as
 * the page opens; the documents reach them as JSON text (search/search_index.js, read
 * early: main.html), parsed there, not on this thread.
 * - The quick worker answers from the start: for each query it runs Material's own search
 *   on the documents that contain the query's words (search-worker.js).
 * - The index worker builds Material's index of every document once the reader has
 *   searched; from then on it answers, and the last query is asked again, so the list
 *   settles into the whole index's order (not drawn again when nothing moved).
 * Material's own set-up message is dropped.  Anything missing, and the shim is used.
 */
(function (guide) {
  "use strict";

  var MESSAGE = guide.constants.message;      /* Material's SearchMessageType values */

  /* A result's list, as the locations Material shows in order. */
  function listOf(result) {
    return JSON.stringify((result.items || []).map(function (group) {
      return group.map(function (item) { return item.location; });
    }));
  }

  function loadScript(src, done) {
    document.head.appendChild(Object.assign(document.createElement("script"), {
      src: src, onload: function () { done(true); }, onerror: function () { done(false); }
    }));
  }

  /* options: root (the site's address), Native, Shim (Workers), timings, onConfig(config). */
  guide.offlineSearch = function (options) {
    var timings = options.timings;
    var state = {
      background: null,    /* the index worker, once it runs */
      quick: null,         /* the quick worker, until the index is built */
      settled: false,      /* the background workers run, or never will */
      ready: false,        /* the index worker has built the index */
      announced: false,    /* Material was told search is ready */
      lastQuery: null,     /* Material's last query, as sent, and whether it is asked again */
      indexSetup: null,    /* the index worker's set-up, and whether it was sent */
      quickAsked: [],      /* per query to the quick worker: not empty */
      shown: null,         /* the last list delivered, as locations */
      early: [],           /* messages before Material listens (see FolderWorker) */
      proxy: null          /* what Material holds as its worker */
    };

    function deliver(data) {
      if (data.type === MESSAGE.RESULT) state.shown = listOf(data.data);
      if (state.proxy && state.proxy.listening) state.proxy.dispatchEvent(new MessageEvent("message", { data: data }));
      else state.early.push(data);
    }

    function announce() {
      if (state.announced) return;
      state.announced = true;
      deliver({ type: MESSAGE.READY });
    }

    function stopQuick() {
      if (state.quick) state.quick.terminate();
      state.quick = null;
    }

    function stopBackground() {
      stopQuick();
      if (state.background) state.background.terminate();
      state.background = null;
      if (guide.index) guide.index.parsed = null;  /* the shim needs the documents */
    }

    function onIndexMessage(ev) {
      var type = ev.data && ev.data.type, last = state.lastQuery;
      if (type === MESSAGE.READY) {
        state.ready = true;
        timings.ready = performance.now();
        stopQuick();
        announce();
        if (last && state.proxy && state.proxy.attached) {
          last.again = true;
          state.background.postMessage(last);
        }
      } else if (type === MESSAGE.RESULT) {
        timings.answered = timings.answered || "index";
        timings.latest = "index";
        var again = last && last.again;
        if (last) last.again = false;
        /* The same list asked again needs no new rendering (the reader may be reading it). */
        if (!(again && listOf(ev.data.data) === state.shown)) deliver(ev.data);
      }
    }

    function onQuickMessage(ev) {
      var type = ev.data && ev.data.type;
      if (type === MESSAGE.RESULT && state.quickAsked.shift()) buildIndex();  /* the reader searches */
      if (state.ready) return;
      if (type === MESSAGE.READY) {
        timings.quick = performance.now();
        announce();
      } else if (type === MESSAGE.RESULT && !ev.data.data.declined) {
        timings.answered = timings.answered || "quick";
        timings.latest = "quick";
        deliver(ev.data);
      }
    }

    /* The whole index is built once the reader has searched (or the quick worker cannot
       answer): until then it would only take processor time from the page and from the
       quick worker, and a reader who never searches never pays for it. */
    function buildIndex() {
      if (!state.indexSetup || state.indexSetup.sent) return;
      state.indexSetup.sent = true;
      timings.building = performance.now();
      state.background.postMessage(state.indexSetup.message);
    }

    /* The workers start as soon as their source is in, so that they are up and have read
       Material's code by the time the index arrives. */
    function startBackground() {
      try {
        var url = URL.createObjectURL(new Blob([guide.searchWorker], { type: "text/javascript" }));
        state.background = new options.Native(url);
        state.quick = new options.Native(url);
      } catch (err) {
        stopBackground();
        return;
      }
      state.background.addEventListener("message", onIndexMessage);
      state.background.addEventListener("error", function () {  /* e.g. a browser that refuses it */
        if (state.ready || !state.background) return;
        stopBackground();
        if (state.proxy) state.proxy.fallBack();
      });
      state.quick.addEventListener("message", onQuickMessage);
      state.quick.addEventListener("error", function () {  /* queries wait for the index then */
        stopQuick();
        buildIndex();
      });
    }

    function setUpBackground() {
      var index = guide.index;
      /* Material reads __index only to send its own set-up, which these workers do not need:
         it gets the documents only if the shim takes over (stopBackground). */
      index.parsed = { config: index.config, docs: [] };
      options.onConfig(index.config);
      timings.setup = performance.now();
      var data = { config: index.config, docs: index.docs, options: index.options || {} };
      state.indexSetup = { message: { type: MESSAGE.SETUP, data: data }, sent: false };
      if (state.quick) state.quick.postMessage({ type: MESSAGE.SETUP, data: Object.assign({ quick: true }, data) });
      else buildIndex();
    }

    function prewarm() {
      var source = null, index = null, started = false;  /* each script: loaded and usable, or not */
      function next() {
        if (source && !started) {
          started = true;
          startBackground();
        }
        if (source === null || index === null) return;
        if (state.background && index) setUpBackground();
        else if (state.background) stopBackground();
        state.settled = true;
        if (state.proxy) state.proxy.attach();
      }
      loadScript(options.root + "assets/javascripts/workers/search-source.js", function (ok) {
        source = ok && typeof guide.searchWorker === "string";
        next();
      });
      loadScript(options.root + "search/search_index.js", function (ok) {
        index = ok && !!guide.index && typeof guide.index.docs === "string";
        next();
      });
    }

    /* Material's set-up message, with the documents if it was sent without them. */
    function fullSetup(message) {
      var data = message.data;
      if (!guide.index || data.docs.length) return message;
      return { type: MESSAGE.SETUP, data: { config: data.config, docs: window.__index.docs, options: data.options } };
    }

    /* What Material gets from `new Worker(url)` under file://: the background workers once
       they run, the shim if they cannot; messages wait in between. */
    function FolderWorker(url) {
      var target = new EventTarget();
      var queue = [], shim = null, setup = null, listenSoon = null;
      target.attached = target.listening = false;
      /* Material listens to its worker only from its first message (the set-up) on, as a real
         worker speaks only when spoken to; what these say sooner waits until just after it. */
      function listen() {
        target.listening = true;
        state.early.splice(0).forEach(deliver);
      }
      function useShim() {
        shim = new options.Shim(url);
        shim.addEventListener("message", function (ev) {
          target.dispatchEvent(new MessageEvent("message", { data: ev.data }));
        });
      }
      target.attach = function () {
        if (target.attached) return;
        target.attached = true;
        if (!state.background) useShim();
        queue.splice(0).forEach(target.send);
      };
      target.fallBack = function () {            /* the Blob workers failed: the shim after all */
        if (!target.attached || shim) return;
        useShim();
        if (setup) shim.postMessage(fullSetup(setup));
        if (state.lastQuery) shim.postMessage({ type: MESSAGE.QUERY, data: state.lastQuery.data });  /* unanswered */
      };
      target.send = function (message) {
        if (listenSoon === null) listenSoon = setTimeout(listen, 0);
        if (!target.attached) return queue.push(message);
        if (message.type === MESSAGE.SETUP) setup = message;
        if (shim) return shim.postMessage(message.type === MESSAGE.SETUP ? fullSetup(message) : message);
        if (message.type === MESSAGE.SETUP) return;
        state.lastQuery = { type: message.type, data: message.data, again: false };
        if (state.ready || !state.quick) return state.background.postMessage(message);
        state.quickAsked.push(/\S/.test(message.data));
        state.quick.postMessage(message);
      };
      target.terminate = function () {
        if (shim) shim.terminate();
        else stopBackground();
      };
      return target;
    }

    prewarm();
    return {
      state: state,
      create: function (url, wrap) {             /* Material's worker, as wrap makes it */
        state.proxy = wrap(new FolderWorker(url));
        if (state.settled) state.proxy.attach();
        return state.proxy;
      },
      kind: function () {                        /* which search worker the page got */
        return state.background ? "background" : state.settled || !state.proxy ? "shim" : "pending";
      }
    };
  };
})(globalThis.studyGuide);
