/**
 * Search from a folder, and over http.  Under file:// a page may not start a worker from a file, so
 * Material runs its search "worker" in an iframe (the iframe-worker shim): on the page's
 * own thread, and only once the search field is focused, so the page freezes while a
 * large index is built.  A worker made from a Blob is allowed: its source (constants.js,
 * the guide's worker prelude, Material's worker and the Lunr languages it would import)
 * comes as a string in workers/search-source.js, written at build time.  Two such workers
 * start once the page is loaded and idle; the documents reach them when the reader first
 * turns to search (first-use.js), as JSON text (search/search_index.js), parsed there, not
 * on this thread.
 * - The quick worker answers from the start: for each query it runs Material's own search
 *   on the documents that contain the query's words (worker-prelude.js).
 * - The index worker builds Material's index of every document once the reader has
 *   searched; from then on it answers, and the last query is asked again, so the list
 *   settles into the whole index's order (not drawn again when nothing moved).  It loads the
 *   index the build made (search/search_lunr.js; none under mkdocs serve) instead, if any.
 * Material's own set-up message is dropped.  Anything missing, and the shim is used.
 * Over http the same two workers answer; Material's own worker, the whole index first, is the fallback.
 */
import { constants, prebuiltSearchIndex, searchIndex, searchWorkerSource } from "../page-data.js";
import { firstUse, shareIndexScript } from "./first-use.js";
import { fullSetup, listOf, withPrebuilt } from "./messages.js";
import { loadScript, whenIdle } from "./page-scripts.js";

/** @typedef {{type: number, data?: any, again?: boolean, prebuilt?: boolean}} Message */
/** @typedef {Record<string, number | string>} Timings */
/**
 * @typedef {object} Options
 * @property {string} root the site's address
 * @property {typeof Worker} Native the browser's Worker
 * @property {typeof Worker} Shim the iframe-worker shim's
 * @property {Timings} timings
 * @property {(config: import("../types").SearchConfig) => void} onConfig
 */

/** @param {Options} options */
export function offlineSearch(options) {
  const MESSAGE = constants().message;
  const timings = options.timings;
  const state = {
    background: /** @type {Worker | null} */ (null),    /* the index worker, once it runs */
    quick: /** @type {Worker | null} */ (null),         /* the quick worker, until the index is built */
    settled: false,      /* the background workers run, or never will */
    ready: false,        /* the index worker has built the index */
    announced: false,    /* Material was told search is ready */
    lastQuery: /** @type {Message | null} */ (null),    /* Material's last query, and whether it is asked again */
    indexSetup: /** @type {{message: Message, sent: boolean} | null} */ (null),
    indexWanted: false,  /* the reader has searched (or the quick worker cannot answer) */
    prebuilt: /** @type {boolean | null} */ (null),     /* the index the build made: read or not (null: not yet) */
    quickAsked: /** @type {boolean[]} */ ([]),          /* per query to the quick worker: not empty */
    shown: /** @type {string | null} */ (null),         /* the last list delivered, as locations */
    early: /** @type {Message[]} */ ([]),               /* messages before Material listens (FolderWorker) */
    proxy: /** @type {FolderWorker | null} */ (null),   /* what Material holds as its worker */
  };

  function deliver(/** @type {Message} */ data) {
    if (data.type === MESSAGE.RESULT) state.shown = listOf(data.data);
    if (state.proxy?.listening) state.proxy.dispatchEvent(new MessageEvent("message", { data }));
    else state.early.push(data);
  }

  function announce() {
    if (state.announced) return;
    state.announced = true;
    deliver({ type: MESSAGE.READY });
  }

  function stopQuick() {
    state.quick?.terminate();
    state.quick = null;
  }

  function stopBackground() {
    stopQuick();
    state.background?.terminate();
    state.background = null;
    const index = searchIndex();
    if (index) index.parsed = null;  /* the shim needs the documents */
  }

  function onIndexMessage(/** @type {MessageEvent} */ ev) {
    const type = ev.data?.type, last = state.lastQuery;
    if (type === MESSAGE.READY) {
      state.ready = true;
      timings.ready = performance.now();
      timings.index = ev.data.prebuilt ? "prebuilt" : "built";
      stopQuick();
      announce();
      if (last && state.proxy?.attached) {
        last.again = true;
        state.background?.postMessage(last);
      }
    } else if (type === MESSAGE.RESULT) {
      timings.answered ||= "index";
      timings.latest = "index";
      const again = last?.again;
      if (last) last.again = false;
      /* The same list asked again needs no new rendering (the reader may be reading it). */
      if (!(again && listOf(ev.data.data) === state.shown)) deliver(ev.data);
    }
  }

  function onQuickMessage(/** @type {MessageEvent} */ ev) {
    const type = ev.data?.type;
    const searched = type === MESSAGE.RESULT && state.quickAsked.shift();  /* not a cleared field */
    if (searched) buildIndex();  /* the reader searches */
    if (state.ready) return;
    if (type === MESSAGE.READY) {
      timings.quick = performance.now();
      announce();
    } else if (type === MESSAGE.RESULT && !ev.data.data.declined) {
      if (searched) { timings.answered ||= "quick"; timings.latest = "quick"; }
      deliver(ev.data);
    }
  }

  /* The whole index is built once the reader has searched (or the quick worker cannot
     answer): until then it would only take processor time from the page and from the
     quick worker, and a reader who never searches never pays for it.  The index the build
     made, read at first use, is loaded instead (a fraction of the time): the set-up waits
     until that script is read or has failed. */
  function buildIndex(asked = true) {
    if (asked) state.indexWanted = true;
    if (!state.indexSetup || state.indexSetup.sent || state.prebuilt === null || !state.indexWanted) return;
    state.indexSetup.sent = true;
    timings.building = performance.now();
    state.background?.postMessage(withPrebuilt(state.indexSetup.message, state.prebuilt ? prebuiltSearchIndex() : undefined));
  }

  /* The workers start as soon as their source is in, so that they are up and have read
     Material's code by the time the index arrives. */
  function startBackground(/** @type {string} */ source) {
    try {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      state.background = new options.Native(url);
      state.quick = new options.Native(url);
    } catch {
      stopBackground();
      return;
    }
    state.background.addEventListener("message", onIndexMessage);
    state.background.addEventListener("error", () => {  /* e.g. a browser that refuses it */
      if (state.ready || !state.background) return;
      stopBackground();
      state.proxy?.fallBack();
    });
    state.quick.addEventListener("message", onQuickMessage);
    state.quick.addEventListener("error", () => {  /* queries wait for the index then */
      stopQuick();
      buildIndex();
    });
  }

  function setUpBackground(/** @type {import("../types").OfflineIndex} */ index) {
    /* Material reads __index only to send its own set-up, which these workers do not need:
       it gets the documents only if the shim takes over (stopBackground). */
    index.parsed = { config: index.config, docs: [] };
    options.onConfig(index.config);
    timings.setup = performance.now();
    const data = { config: index.config, docs: index.docs, options: index.options ?? {} };
    state.indexSetup = { message: { type: MESSAGE.SETUP, data }, sent: false };
    if (state.quick) state.quick.postMessage({ type: MESSAGE.SETUP, data: { quick: true, ...data } });
    buildIndex(!state.quick);
  }

  /* Each script: loaded and usable, or not (null: not yet). */
  /** @type {boolean | null} */
  let source = null;
  /** @type {boolean | null} */
  let index = null;
  let started = false, sourceAsked = false;
  /** @type {(handed: boolean) => void} */
  let settle = () => {};
  /* Settles once both scripts are in: true when the workers have the index (first-use.js). */
  const indexHanded = new Promise((resolve) => { settle = resolve; });

  function next() {
    const text = searchWorkerSource(), found = searchIndex();
    if (source && text && !started) {
      started = true;
      startBackground(text);
    }
    if (source === null || index === null) return;
    if (state.background && index && found) setUpBackground(found);
    else if (state.background) stopBackground();
    state.settled = true;
    settle(Boolean(state.background));
    state.proxy?.attach();
  }

  /* The workers' code (Material's worker and Lunr, tens of kilobytes, not the index) is read
     and the workers started once the page has loaded and is idle, so that they have compiled
     it before the reader turns to search; at first use only the index is left to read. */
  function loadSource() {
    if (sourceAsked) return;
    sourceAsked = true;
    loadScript(options.root + "assets/javascripts/workers/search-source.js", (ok) => {
      source = ok && typeof searchWorkerSource() === "string";
      next();
    });
  }

  function loadIndex() {
    loadScript(options.root + "search/search_index.js", (ok) => {
      index = ok && typeof searchIndex()?.docs === "string";
      next();
    });
    const took = (/** @type {boolean} */ ok) => {
      state.prebuilt = ok && typeof prebuiltSearchIndex() === "string";
      buildIndex(false);
    };
    if (constants().prebuiltSearch) loadScript(options.root + "search/search_lunr.js", took); else took(false);
  }

  /* What Material gets from `new Worker(url)`: the background workers once
     they run, the shim if they cannot; messages wait in between. */
  class FolderWorker extends EventTarget {
    attached = false;
    listening = false;
    /** @type {Message[]} */
    #queue = [];
    /** @type {Worker | null} */
    #shim = null;
    /** @type {Message | null} */
    #setup = null;
    #listenSoon = false;

    constructor(/** @type {string | URL} */ url) {
      super();
      this.url = url;
    }

    /* Material listens to its worker only from its first message (the set-up) on, as a real
       worker speaks only when spoken to; what these say sooner waits until just after it. */
    #listen() {
      this.listening = true;
      state.early.splice(0).forEach(deliver);
    }

    #useShim() {
      const shim = this.#shim = new options.Shim(this.url);
      shim.addEventListener("message", (ev) => this.dispatchEvent(new MessageEvent("message", { data: ev.data })));
      return shim;
    }

    attach() {
      if (this.attached) return;
      this.attached = true;
      if (!state.background) this.#useShim();
      this.#queue.splice(0).forEach((message) => this.send(message));
    }

    fallBack() {            /* the Blob workers failed: the shim after all */
      if (!this.attached || this.#shim) return;
      const shim = this.#useShim();
      if (this.#setup) shim.postMessage(fullSetup(this.#setup));
      if (state.lastQuery) shim.postMessage({ type: MESSAGE.QUERY, data: state.lastQuery.data });  /* unanswered */
    }

    send(/** @type {Message} */ message) {
      if (!this.#listenSoon) {
        this.#listenSoon = true;
        setTimeout(() => this.#listen(), 0);
      }
      if (!this.attached) return void this.#queue.push(message);
      if (message.type === MESSAGE.SETUP) this.#setup = message;
      if (this.#shim) return this.#shim.postMessage(message.type === MESSAGE.SETUP ? fullSetup(message) : message);
      if (message.type === MESSAGE.SETUP) return;
      state.lastQuery = { type: message.type, data: message.data, again: false };
      if (state.ready || !state.quick) return state.background?.postMessage(message);
      state.quickAsked.push(/\S/.test(message.data));
      state.quick.postMessage(message);
    }

    terminate() {
      if (this.#shim) this.#shim.terminate();
      else stopBackground();
    }
  }

  whenIdle(loadSource);
  shareIndexScript(indexHanded);
  void firstUse().then(() => {
    loadSource();
    loadIndex();
  });
  return {
    state,
    /** Material's worker, as `wrap` makes it. */
    create(/** @type {string | URL} */ url, /** @type {(proxy: FolderWorker) => FolderWorker} */ wrap) {
      state.proxy = wrap(new FolderWorker(url));
      if (state.settled) state.proxy.attach();
      return state.proxy;
    },
    /** Which search worker the page got. */
    kind() {
      return state.background ? "background" : state.settled || !state.proxy ? "shim" : "pending";
    },
  };
}
