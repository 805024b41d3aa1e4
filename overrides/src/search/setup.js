/**
 * The search worker Material creates, wrapped (the search bundle runs in <head>, before
 * Material's bundle: main.html).  Every query Material sends is folded first
 * (query-folding.js) with the tables of the index's config; the worker's messages are timed.
 * The worker is the guide's own (offline-search.js), else the browser's (the iframe-worker
 * shim's under file://).
 *
 * Timings: when search was set up (setup), the quick worker was ready (quick), Material
 * first asked (query), the whole index was started (building) and built (ready), and the
 * first result came (result), in ms since the page opened; which worker answered first and
 * last (answered, latest: "quick" or "index").  Exposed with foldQuery and worker() for
 * benchmarks/bench_search.py and the tests.
 */
import { constants, expose, nativeWorker } from "../page-data.js";
import { offlineSearch } from "./offline-search.js";
import { queryFolding } from "./query-folding.js";

/** @typedef {import("./offline-search.js").Message} Message */
/** @typedef {EventTarget & {postMessage?: (message: Message) => void}} Instrumented */

export function setUpSearch() {
  const MESSAGE = constants().message;
  /** @type {import("./offline-search.js").Timings} */
  const timings = {};
  const search = {
    config: /** @type {import("../types").SearchConfig | null} */ (null),  /* the index's config */
    fold: /** @type {((query: string) => string) | null} */ (null),         /* its folding */
    offline: /** @type {ReturnType<typeof offlineSearch> | null} */ (null),
  };

  function learn(/** @type {import("../types").SearchConfig} */ config) {
    search.config ??= config;
  }

  function foldQuery(/** @type {string} */ query) {
    if (!search.fold && search.config) search.fold = queryFolding(search.config, constants());
    return (search.fold ?? queryFolding(null, constants()))(query);
  }

  /**
   * Watch a worker's messages for the timings, and fold what Material sends it.
   * @template {Instrumented} W
   * @param {W} worker
   * @param {(message: Message) => void} forward
   */
  function instrument(worker, forward) {
    worker.postMessage = (message) => {
      if (message?.type === MESSAGE.SETUP && message.data?.config) {
        timings.setup ||= performance.now();
        learn(message.data.config);
      } else if (message?.type === MESSAGE.QUERY && typeof message.data === "string") {
        timings.query ||= performance.now();
        message = { type: MESSAGE.QUERY, data: foldQuery(message.data) };
      }
      forward(message);
    };
    worker.addEventListener("message", (ev) => {
      const type = /** @type {MessageEvent} */ (ev).data?.type;
      if (type === MESSAGE.READY && !search.offline?.state.background) timings.ready ||= performance.now();
      if (type === MESSAGE.RESULT && !timings.result) timings.result = performance.now();
    });
    return worker;
  }

  const Native = nativeWorker();
  const Shim = window.Worker;                     /* the iframe-worker shim under file:// */
  const here = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : "";
  const root = here ? new URL("../../", here).href : null;

  /* From a folder and over http alike, the quick worker answers until the whole index is
     built (offline-search.js); over http its fallback (Shim) is the browser's own Worker. */
  const served = location.protocol === "file:" ? Shim : /^https?:$/.test(location.protocol) ? Native : null;
  if (Native && served && root && window.Blob && window.URL) {
    const offline = search.offline = offlineSearch({ root, Native, Shim: served, timings, onConfig: learn });
    window.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (function (/** @type {string} */ url) {
      return offline.create(url, (proxy) => instrument(proxy, (message) => proxy.send(message)));
    }));
  } else if (Shim) {
    window.Worker = /** @type {typeof Worker} */ (/** @type {unknown} */ (
      function (/** @type {string} */ url, /** @type {WorkerOptions | undefined} */ options) {
        const worker = options === undefined ? new Shim(url) : new Shim(url, options);
        const send = worker.postMessage.bind(worker);
        return instrument(worker, (message) => send(message));
      }));
  }
  expose({
    foldQuery,
    timings,
    /** Which search worker the page got. */
    worker: () => {
      const kind = search.offline?.kind() ?? "shim";  /* the fallback is the browser's own worker over http */
      return kind === "shim" && location.protocol !== "file:" ? "native" : kind;
    },
  });
}
