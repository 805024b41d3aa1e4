/*
 * Runs inside the guide's background search workers under file://, ahead of Material's
 * worker code: the build puts constants.js and this file first in the workers' source
 * (workers/search-source.js), and offline-search.js starts the workers from it.
 *
 * Its message listener comes first, so it sees every message before Material's.  Set-up
 * messages bring the documents as JSON text (search/search_index.js), parsed here, off
 * the page's thread:
 *
 * - the index worker parses the text and lets Material build its index of every document;
 * - the quick worker (`quick` set in the set-up) keeps the text and answers each query by
 *   running Material's own handler on the documents that contain the query's words,
 *   found by a plain scan of the text.  Material then finds what its whole index would,
 *   with scores from those documents only.  offline-search.js asks it until the index is built.
 */
(function () {
  "use strict";

  var constants = self.studyGuide.constants;         /* constants.js, written by the build */
  var MESSAGE = constants.message;                   /* Material's SearchMessageType values */
  var SETUP = MESSAGE.SETUP, READY = MESSAGE.READY, QUERY = MESSAGE.QUERY, RESULT = MESSAGE.RESULT;
  var SENTINEL = constants.sentinel;                 /* ends a word query folding cut */
  var HAN_CHARS = new RegExp(constants.hanClass, "g");
  var DOC_START = '{"location":"';                   /* how each document begins in the text */
  var JSON_ESCAPED = /["\\\u0000-\u001f]/;           /* characters JSON writes as escapes */
  var QUERY_FIELD = /^(?:title|text|tags):/;
  var LATIN_START = /^[a-z0-9]/;                     /* an English word, or a letter before one */
  var DECLINED = { type: RESULT, data: { items: [], declined: true } };

  var listen = self.addEventListener, post = self.postMessage.bind(self);
  var handlers = [];                                 /* Material's message listeners */
  var capture = null;                                /* takes Material's next answer */
  var quick = null;                                  /* the quick worker's documents */
  var asked = Promise.resolve();                     /* queries, answered one at a time */

  self.addEventListener = function (type, listener, options) {
    if (type === "message") handlers.push(listener);
    return listen.call(self, type, listener, options);
  };
  self.postMessage = function (message) {
    if (!capture) return post(message);
    var done = capture;
    capture = null;
    done(message);
  };

  listen.call(self, "message", function (ev) {
    var message = ev.data, data = message && message.data;
    if (message && message.type === SETUP && typeof data.docs === "string") {
      if (!data.quick) {                             /* the index worker: Material builds it */
        data.docs = JSON.parse(data.docs);
        return;
      }
      ev.stopImmediatePropagation();
      if (!handlers.length) throw new Error("Material's search worker did not start");
      quick = textIndex(data);
      post({ type: READY });
    } else if (message && message.type === QUERY && quick) {
      ev.stopImmediatePropagation();
      asked = asked.then(function () { return answer(message.data); }).catch(function () {
        capture = null;                              /* Material failed: the index answers */
        quick.key = null;
        post(DECLINED);
      });
    }
  });

  /* The documents as JSON text, lower case, with where each one begins: a query is
     looked for in the text itself, and only the documents it picks are parsed. */
  function textIndex(data) {
    var json = data.docs, lower = json.toLowerCase(), starts = [], locations = [], pages = new Map();
    for (var at = json.indexOf(DOC_START); at >= 0; at = json.indexOf(DOC_START, at + 1)) {
      var from = at + DOC_START.length, location = json.slice(from, json.indexOf('"', from));
      if (location.indexOf("#") < 0) pages.set(location, starts.length);
      starts.push(at);
      locations.push(location);
    }
    starts.push(json.lastIndexOf("]") + 1);          /* where the last document ends, plus one */
    return {
      config: data.config, options: data.options, json: json, starts: starts,
      locations: locations, pages: pages, key: null,
      lower: lower.length === json.length ? lower : null  /* its offsets must be the text's */
    };
  }

  /* Material's handler on `message`; resolves with the message it answers. */
  function run(message) {
    return new Promise(function (resolve, reject) {
      capture = resolve;
      handlers.forEach(function (handler) {
        Promise.resolve(handler({ data: message })).catch(reject);
      });
    });
  }

  /* Material's answer to `query` from the documents it picks (their index is kept while
     the next query picks the same), or DECLINED when only the whole index can answer. */
  function answer(query) {
    var terms = termsOf(query), picked = terms && terms.length ? pick(terms) : null;
    if (!picked) return post(DECLINED);
    var key = picked.join(","), built = Promise.resolve();
    if (key !== quick.key) {
      var docs = JSON.parse("[" + picked.map(function (i) {
        return quick.json.slice(quick.starts[i], quick.starts[i + 1] - 1);
      }).join(",") + "]");
      built = run({ type: SETUP, data: { config: quick.config, options: quick.options, docs: docs } });
    }
    quick.key = key;
    return built.then(function () { return run({ type: QUERY, data: query }); }).then(post);
  }

  /* What a document must contain to match the query, in lower case, term by term: each
     term's words (`words`, one of which must be there) and whether the query requires it
     (`required`, "+term").  A word query folding cut (it ends in the sentinel) is taken as it
     is; English as typed and as its stem (Lunr stems terms without a wildcard, and
     Material gives most terms one); other Chinese, which Material may cut anywhere, by each
     of its characters, never required.  Stop words and excluded terms find nothing.  So
     every document the whole index finds holds the words of every required term, or of
     one term when none is required.  Null for fuzzy terms ("word~1"), which only the
     index can answer. */
  function termsOf(query) {
    var lunr = self.lunr, separator = new RegExp(quick.config.separator);
    var stop = lunr.zh && lunr.zh.stopWordFilter, terms = [];
    var kept = function (word) { return !stop || stop(new lunr.Token(word)) !== undefined; };
    var typed = query.toLowerCase().split(/\s+/);
    if (typed.some(function (term) { return term.indexOf("~") >= 0; })) return null;
    typed.forEach(function (term) {
      if (term.charAt(0) === "-") return;
      var required = term.charAt(0) === "+";
      term = term.replace(/^\+/, "").replace(QUERY_FIELD, "").replace(/\^\d*$/, "").replace(/\*/g, "");
      term.split(separator).forEach(function (piece) {
        if (piece.slice(-1) === SENTINEL) {
          piece = piece.slice(0, -1);
          if (piece && kept(piece)) terms.push({ words: [piece], required: required });
          return;
        }
        (piece.match(HAN_CHARS) || []).forEach(function (c) {
          if (kept(c)) terms.push({ words: [c], required: false });
        });
        piece.replace(HAN_CHARS, " ").split(" ").forEach(function (latin) {
          if (latin) terms.push({ words: [latin, lunr.stemmer(new lunr.Token(latin)).toString()], required: required });
        });
      });
    });
    return terms;
  }

  /* The documents holding every required term (or, with none required, any term), with
     the pages they are sections of (Material groups results by page), in index order.
     Null when that is half the index or more (the whole index will be as quick), or for a
     word the text would hold escaped. */
  function pick(terms) {
    var required = terms.filter(function (term) { return term.required; });
    var chosen = required.length ? required : terms, picked = null;
    for (var t = 0; t < chosen.length; t++) {
      var holding = holders(chosen[t].words);
      if (!holding) return null;
      if (!picked) picked = holding;
      else if (required.length) picked = new Set(Array.from(picked).filter(function (d) { return holding.has(d); }));
      else holding.forEach(function (d) { picked.add(d); });
    }
    if (!picked || picked.size * 2 >= quick.starts.length - 1) return null;
    picked.forEach(function (doc) {
      var page = quick.pages.get(quick.locations[doc].split("#")[0]);
      if (page !== undefined) picked.add(page);
    });
    return Array.from(picked).sort(function (a, b) { return a - b; });
  }

  /* The documents holding any of the words; English only where a token may begin (no
     letter or digit before it).  Null for a word the text would hold escaped. */
  function holders(words) {
    var found = new Set(), starts = quick.starts;
    if (!quick.lower) return null;
    for (var w = 0; w < words.length; w++) {
      var word = words[w], latin = LATIN_START.test(word);
      if (JSON_ESCAPED.test(word)) return null;
      for (var at = quick.lower.indexOf(word); at >= 0;) {
        var doc = documentAt(at);
        if (latin && LATIN_START.test(quick.lower.charAt(at - 1))) {
          at = quick.lower.indexOf(word, at + 1);
          continue;
        }
        found.add(doc);
        at = quick.lower.indexOf(word, starts[doc + 1]);
      }
    }
    return found;
  }

  /* The document whose text holds offset `at`: the last one to begin at or before it. */
  function documentAt(at) {
    var low = 0, high = quick.starts.length - 2;
    while (low < high) {
      var middle = (low + high + 1) >> 1;
      if (quick.starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
})();
