/*
 * The search worker Material creates, wrapped (loaded in <head> before Material's bundle,
 * after constants.js, query-folding.js and offline-search.js: main.html).  Every query
 * Material sends is folded first (query-folding.js) with the tables of the index's
 * config; the worker's messages are timed.  From a folder the worker is the guide's own
 * (offline-search.js), else the browser's (the iframe-worker shim's under file://).
 *
 * studyGuide.timings: when search was set up (setup), the quick worker was ready (quick),
 * Material first asked (query), the whole index was started (building) and built (ready),
 * and the first result came (result), in ms since the page opened; which worker answered
 * first and last (answered, latest: "quick" or "index").  Read by
 * benchmarks/bench_search.py and the tests, as are studyGuide.foldQuery and worker().
 *
 * No network, no dependencies: the guide must work from a folder.
 */
(function (guide) {
  "use strict";

  var MESSAGE = guide.constants.message;        /* Material's SearchMessageType values */
  var timings = {};
  var search = { config: null, fold: null, offline: null };  /* the index's config, its folding */

  function learn(config) {
    search.config = search.config || config;
  }

  function foldQuery(query) {
    if (!search.fold && search.config) search.fold = guide.queryFolding(search.config);
    return (search.fold || guide.queryFolding(null))(query);
  }

  /* Watch a worker's messages for the timings, and fold what Material sends it. */
  function instrument(worker, forward) {
    worker.postMessage = function (message) {
      if (message && message.type === MESSAGE.SETUP && message.data && message.data.config) {
        timings.setup = timings.setup || performance.now();
        learn(message.data.config);
      } else if (message && message.type === MESSAGE.QUERY && typeof message.data === "string") {
        timings.query = timings.query || performance.now();
        message = { type: MESSAGE.QUERY, data: foldQuery(message.data) };
      }
      return forward(message);
    };
    worker.addEventListener("message", function (ev) {
      var type = ev.data && ev.data.type;
      var background = search.offline && search.offline.state.background;
      if (type === MESSAGE.READY && !background) timings.ready = timings.ready || performance.now();
      if (type === MESSAGE.RESULT && !timings.result) timings.result = performance.now();
    });
    return worker;
  }

  var Native = guide.nativeWorker;              /* saved by main.html before the shim */
  var Shim = window.Worker;                     /* the iframe-worker shim under file:// */
  var here = document.currentScript && document.currentScript.src;
  var root = here ? new URL("../../", here).href : null;

  if (location.protocol === "file:" && Native && Shim && root && window.Blob && window.URL) {
    search.offline = guide.offlineSearch({ root: root, Native: Native, Shim: Shim, timings: timings, onConfig: learn });
    window.Worker = function (url) {
      return search.offline.create(url, function (proxy) {
        return instrument(proxy, function (message) { proxy.send(message); });
      });
    };
  } else if (Shim) {
    window.Worker = function (url, options) {
      var worker = options === undefined ? new Shim(url) : new Shim(url, options);
      return instrument(worker, worker.postMessage.bind(worker));
    };
  }
  guide.foldQuery = foldQuery;
  guide.timings = timings;
  guide.worker = function () {                  /* which search worker the page got */
    if (location.protocol !== "file:") return "native";
    return search.offline ? search.offline.kind() : "shim";
  };
})(globalThis.studyGuide);
