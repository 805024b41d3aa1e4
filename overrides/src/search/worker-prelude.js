/**
 * Runs inside the guide's background search workers under file://, ahead of Material's
 * worker code: the build puts constants.js and this bundle first in the workers' source
 * (workers/search-source.js), and offline-search.js starts the workers from it.
 *
 * Its message listener comes first, so it sees every message before Material's.  Set-up
 * messages bring the documents as JSON text (search/search_index.js), parsed here, off
 * the page's thread:
 *
 * - the index worker parses the text and lets Material build its index of every document,
 *   or, given the index the build made (`prebuilt`, search/search_lunr.js), load that instead
 *   (prebuilt-index.js);
 * - the quick worker (`quick` set in the set-up) keeps the text and answers each query by
 *   running Material's own handler on the documents that contain the query's words,
 *   found by a plain scan of the text.  Material then finds what its whole index would,
 *   with scores from those documents only.  offline-search.js asks it until the index is built.
 *   That index holds only the words the query could match (`keepQueried`): most of its time
 *   went to indexing every other word of those documents.
 */
import { constants } from "../page-data.js";
import { usePrebuilt } from "./prebuilt-index.js";

/** @typedef {import("./offline-search.js").Message} Message */
/** @typedef {(event: {data: Message}) => unknown} Handler */
/**
 * @typedef {import("./prebuilt-index.js").PrebuiltLunr & LunrWords} Lunr Material's Lunr, as its worker loads it
 */
/**
 * @typedef {object} LunrWords
 * @property {new (word: string) => object} Token
 * @property {(token: object) => {toString(): string}} stemmer
 * @property {{stopWordFilter?: (token: object) => unknown}} [zh]
 * @property {{registerFunction: (fn: PipelineFunction, label: string) => void}} Pipeline
 */
/** @typedef {(token: {toString(): string}) => unknown} PipelineFunction */
/** @typedef {{_stack: PipelineFunction[], add: (fn: PipelineFunction) => void}} BuilderPipeline */
/**
 * @typedef {object} WorkerScope
 * @property {(type: string, listener: any, options?: unknown) => void} addEventListener
 * @property {(message: unknown) => void} postMessage
 * @property {Lunr} lunr
 */
/** @typedef {{words: string[], required: boolean}} Term */

const { message: MESSAGE, sentinel: SENTINEL, hanClass } = constants();
const { SETUP, READY, QUERY, RESULT } = MESSAGE;
const HAN_CHARS = new RegExp(hanClass, "g");
const DOC_START = '{"location":"';                 /* how each document begins in the text */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const JSON_ESCAPED = /["\\\u0000-\u001f]/;         /* characters JSON writes as escapes */
const QUERY_FIELD = /^(?:title|text|tags):/;
const LATIN_START = /^[a-z0-9]/;                   /* an English word, or a letter before one */
const DECLINED = { type: RESULT, data: { items: [], declined: true } };
const NOTHING = { type: RESULT, data: { items: [] } };  /* Material's answer to a blank query */

const scope = /** @type {WorkerScope} */ (/** @type {unknown} */ (self));
const listen = scope.addEventListener.bind(scope), post = scope.postMessage.bind(scope);
/** @type {Handler[]} */
const handlers = [];                               /* Material's message listeners */
/** @type {((message: unknown) => void) | null} */
let capture = null;                                /* takes Material's next answer */
/** @type {ReturnType<typeof textIndex> | null} */
let quick = null;                                  /* the quick worker's documents */
let asked = Promise.resolve();                     /* queries, answered one at a time */
let prebuiltLoaded = false;                        /* the index worker loaded the build's index */
/** @type {Set<string> | null} */
let queried = null;                                /* the query's characters, for keepQueried */

scope.addEventListener = (type, listener, options) => {
  if (type === "message") handlers.push(listener);
  return listen(type, listener, options);
};
scope.postMessage = (message) => {
  /* Material's "ready" says how its index came: offline-search.js times it as such. */
  if (prebuiltLoaded && /** @type {Message} */ (message)?.type === READY) message = { type: READY, prebuilt: true };
  if (!capture) return post(message);
  const done = capture;
  capture = null;
  done(message);
};

listen("message", (/** @type {MessageEvent} */ ev) => {
  const message = ev.data, data = message?.data;
  if (message?.type === SETUP && typeof data.docs === "string") {
    if (!data.quick) {                             /* the index worker: Material builds it */
      data.docs = JSON.parse(data.docs);
      if (typeof data.prebuilt === "string") {
        usePrebuilt(scope.lunr, JSON.parse(data.prebuilt), data.docs, () => { prebuiltLoaded = true; });
      }
      delete data.prebuilt;
      return;
    }
    ev.stopImmediatePropagation();
    if (!handlers.length) throw new Error("Material's search worker did not start");
    if (data.quick !== "every word") onlyQueriedWords(scope.lunr);  /* every word: to compare (tests) */
    quick = textIndex(data);
    post({ type: READY });
  } else if (message?.type === QUERY && quick) {
    ev.stopImmediatePropagation();
    const known = quick;
    asked = asked.then(() => answer(known, message.data)).catch(() => {
      capture = null;                              /* Material failed: the index answers */
      known.key = null;
      post(DECLINED);
    });
  }
});

/* The documents as JSON text, lower case, with where each one begins: a query is
   looked for in the text itself, and only the documents it picks are parsed. */
function textIndex(/** @type {{docs: string, config: {separator: string}, options: unknown}} */ data) {
  const json = data.docs, lower = json.toLowerCase(), starts = [], locations = [];
  /** @type {Map<string, number>} */
  const pages = new Map();
  for (let at = json.indexOf(DOC_START); at >= 0; at = json.indexOf(DOC_START, at + 1)) {
    const from = at + DOC_START.length, location = json.slice(from, json.indexOf('"', from));
    if (!location.includes("#")) pages.set(location, starts.length);
    starts.push(at);
    locations.push(location);
  }
  starts.push(json.lastIndexOf("]") + 1);          /* where the last document ends, plus one */
  return {
    config: data.config, options: data.options, json, starts, locations, pages,
    key: /** @type {string | null} */ (null),
    lower: lower.length === json.length ? lower : null,  /* its offsets must be the text's */
  };
}

/** Material's handler on `message`; resolves with the message it answers. */
function run(/** @type {Message} */ message) {
  return new Promise((resolve, reject) => {
    capture = resolve;
    for (const handler of handlers) Promise.resolve(handler({ data: message })).catch(reject);
  });
}

/** Material's answer to `query` from the documents it picks (their index is kept while
    the next query picks the same), or DECLINED when only the whole index can answer. */
function answer(/** @type {NonNullable<typeof quick>} */ index, /** @type {string} */ query) {
  if (!/\S/.test(query)) return post(NOTHING);     /* a cleared field: no results, at once */
  const terms = termsOf(index, query), picked = terms?.length ? pick(index, terms) : null;
  if (!picked) return post(DECLINED);
  const chars = query.includes("*") ? null : new Set(query.toLowerCase());
  const key = picked.join(",") + "\u0000" + (chars ? Array.from(chars).sort().join("") : "*");
  let built = Promise.resolve(/** @type {unknown} */ (null));
  if (key !== index.key) {
    queried = chars;
    const docs = JSON.parse("[" + picked.map((i) => index.json.slice(index.starts[i], index.starts[i + 1] - 1)).join(",") + "]");
    built = run({ type: SETUP, data: { config: index.config, options: index.options, docs } });
  }
  index.key = key;
  return built.then(() => run({ type: QUERY, data: query })).then(post);
}

/**
 * The quick index keeps a word only if it begins with a character of the query: every word a
 * query can match does (Lunr matches a term to a word equal to it or, with the wildcard Material
 * puts after a term, beginning with it; English terms are stemmed, which keeps their first
 * letter; Material's Chinese segmenter looks up pieces of the query's own runs).  A score is
 * the query's vector against the document's, divided by the query's length alone, and
 * Material's index sets Lunr's length normalisation to none: the words left out change no
 * result.  With a "*" typed (which may lead a term) every word is kept (`queried` null).
 */
function keepQueried(/** @type {{toString(): string}} */ token) {
  return !queried || queried.has(token.toString().charAt(0)) ? token : undefined;
}

/** Lunr's builders (one per quick index) run keepQueried after Material's own pipeline. */
function onlyQueriedWords(/** @type {Lunr} */ lunr) {
  lunr.Pipeline.registerFunction(keepQueried, "studyGuideQueried");
  const builder = lunr.Builder.prototype, add = builder.add;
  builder.add = function (/** @type {object} */ doc, /** @type {object | undefined} */ attributes) {
    const pipeline = /** @type {BuilderPipeline} */ (/** @type {unknown} */ (this.pipeline));
    if (!pipeline._stack.includes(keepQueried)) pipeline.add(keepQueried);
    return add.call(this, doc, attributes);
  };
}

/**
 * What a document must contain to match the query, in lower case, term by term: each
 * term's words (`words`, one of which must be there) and whether the query requires it
 * (`required`, "+term").  A word query folding cut (it ends in the sentinel) is taken as it
 * is; English as typed and as its stem (Lunr stems terms without a wildcard, and
 * Material gives most terms one); other Chinese, which Material may cut anywhere, by each
 * of its characters, never required.  Stop words and excluded terms find nothing.  So
 * every document the whole index finds holds the words of every required term, or of
 * one term when none is required.  Null for fuzzy terms ("word~1"), which only the
 * index can answer.
 */
function termsOf(/** @type {NonNullable<typeof quick>} */ index, /** @type {string} */ query) {
  const lunr = scope.lunr, separator = new RegExp(index.config.separator);
  const stop = lunr.zh?.stopWordFilter;
  /** @type {Term[]} */
  const terms = [];
  const kept = (/** @type {string} */ word) => !stop || stop(new lunr.Token(word)) !== undefined;
  const typed = query.toLowerCase().split(/\s+/);
  if (typed.some((term) => term.includes("~"))) return null;
  for (let term of typed) {
    if (term.charAt(0) === "-") continue;
    const required = term.charAt(0) === "+";
    term = term.replace(/^\+/, "").replace(QUERY_FIELD, "").replace(/\^\d*$/, "").replace(/\*/g, "");
    for (let piece of term.split(separator)) {
      if (piece.slice(-1) === SENTINEL) {
        piece = piece.slice(0, -1);
        if (piece && kept(piece)) terms.push({ words: [piece], required });
        continue;
      }
      for (const c of piece.match(HAN_CHARS) ?? []) if (kept(c)) terms.push({ words: [c], required: false });
      for (const latin of piece.replace(HAN_CHARS, " ").split(" ")) {
        if (latin) terms.push({ words: [latin, lunr.stemmer(new lunr.Token(latin)).toString()], required });
      }
    }
  }
  return terms;
}

/** The documents holding every required term (or, with none required, any term), with
    the pages they are sections of (Material groups results by page), in index order.
    Null when that is half the index or more (the whole index will be as quick), or for a
    word the text would hold escaped. */
function pick(/** @type {NonNullable<typeof quick>} */ index, /** @type {Term[]} */ terms) {
  const required = terms.filter((term) => term.required);
  const chosen = required.length ? required : terms;
  /** @type {Set<number> | null} */
  let picked = null;
  for (const term of chosen) {
    const holding = holders(index, term.words);
    if (!holding) return null;
    if (!picked) picked = holding;
    else if (required.length) picked = new Set(Array.from(picked).filter((d) => holding.has(d)));
    else for (const d of holding) picked.add(d);
  }
  if (!picked || picked.size * 2 >= index.starts.length - 1) return null;
  for (const doc of Array.from(picked)) {
    const page = index.pages.get(index.locations[doc].split("#")[0]);
    if (page !== undefined) picked.add(page);
  }
  return Array.from(picked).sort((a, b) => a - b);
}

/** The documents holding any of the words; English only where a token may begin (no
    letter or digit before it).  Null for a word the text would hold escaped. */
function holders(/** @type {NonNullable<typeof quick>} */ index, /** @type {string[]} */ words) {
  const found = new Set(), { starts, lower } = index;
  if (!lower) return null;
  for (const word of words) {
    const latin = LATIN_START.test(word);
    if (JSON_ESCAPED.test(word)) return null;
    for (let at = lower.indexOf(word); at >= 0;) {
      const doc = documentAt(starts, at);
      if (latin && LATIN_START.test(lower.charAt(at - 1))) {
        at = lower.indexOf(word, at + 1);
        continue;
      }
      found.add(doc);
      at = lower.indexOf(word, starts[doc + 1]);
    }
  }
  return found;
}

/** The document whose text holds offset `at`: the last one to begin at or before it. */
function documentAt(/** @type {number[]} */ starts, /** @type {number} */ at) {
  let low = 0, high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}
