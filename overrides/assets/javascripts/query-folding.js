/*
 * Query folding, a pure module: studyGuide.queryFolding(config) returns the function
 * that writes a query the way the index writes it (see search-setup.js for where it runs).
 * `config` is the search index's config: its tables ("fold", written by
 * generator/site/search_terms.py) and its separator.  The character classes and the
 * sentinel come from constants.js, which the build writes (generator/site/frontend.py).
 *
 * - Characters typed in the other Chinese script become the edition's ("fold.chars").
 * - English terms the bank runs together are split into their words ("KVcache" ->
 *   "kv cache", "fold.latin"); Latin letters glued to Chinese are set apart.
 * - A word with the signs the index cuts formulas at requires all its parts
 *   ("size=4096" -> "+size +4096").
 * - Chinese is cut into the index's own words (longest first) and each known word gets a
 *   sentinel character behind it: Material's segmenter never looks at a run's last
 *   character, so "量化" would otherwise be searched as "量*" wherever "量" alone is a word.
 *
 * No DOM, no globals but the namespace: tests/test_query_folding_js.py runs it in V8.
 */
(function (guide) {
  "use strict";

  var constants = guide.constants;
  var HAN = new RegExp(constants.hanClass);
  var HAN_RUN = new RegExp(constants.hanClass + "+", "g");
  var LATIN_ALNUM = new RegExp(constants.latinAlnumClass);
  var SENTINEL = constants.sentinel;
  var LATIN_WORD = /^[A-Za-z0-9@.#/_\-\u2010]+$/;

  /* The tables of config.fold, learnt once: a few thousand entries, never the documents. */
  function tablesOf(config) {
    var table = (config && config.fold) || {};
    var tables = { chars: new Map(), keys: [], latin: {}, words: new Set(), prefixes: new Set(), longest: 1 };
    var chars = table.chars || "";
    for (var i = 0; i + 1 < chars.length; i += 2) tables.chars.set(chars[i], chars[i + 1]);
    (table.latin || []).forEach(function (spaced) { tables.latin[spaced.replace(/ /g, "")] = spaced; });
    tables.keys = Object.keys(tables.latin).sort(function (a, b) { return b.length - a.length; });
    (table.words || "").split(" ").forEach(function (word) {
      if (!word || tables.words.has(word)) return;
      tables.words.add(word);
      for (var k = 1; k < word.length; k++) tables.prefixes.add(word.slice(0, k));
      if (word.length > tables.longest) tables.longest = word.length;
    });
    return tables;
  }

  guide.queryFolding = function (config) {
    var tables = tablesOf(config);
    var separator = config && config.separator ? new RegExp(config.separator) : null;

    /* The longest piece of run at i that is (or begins) a word of the index; 0 if none. */
    function longest(run, i, set) {
      var length = Math.min(tables.longest, run.length - i);
      while (length > 0 && !set.has(run.substr(i, length))) length--;
      return length;
    }

    /* "量化方法" -> "量化䶵 方法䶵": the index's words, longest first.  A piece that only
       begins a word ("混合精度" of "混合精度训练") goes without sentinel: a prefix search. */
    function cutChinese(run) {
      var out = [], unknown = "";
      for (var i = 0; i < run.length;) {
        var word = longest(run, i, tables.words), start = word ? 0 : longest(run, i, tables.prefixes);
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
        for (var k = 0; k < tables.keys.length && !hit; k++)
          if (key.lastIndexOf(tables.keys[k], 0) === 0) hit = tables.keys[k];
        if (!hit) break;
        out.push(tables.latin[hit]);
        key = key.slice(hit.length);
      }
      if (!out.length) return word;
      if (key) out.push(key);
      return out.join(" ");
    }

    /* "size=4096" -> "+size +4096": the index cuts formulas and settings at their signs, so a
       word typed with signs in it finds the documents that hold all of its parts. */
    function requireParts(word) {
      if (!separator || /^[+\-]|["*~^:]/.test(word)) return word;
      var parts = word.split(separator).filter(Boolean);
      return parts.length > 1 ? parts.map(function (part) { return "+" + part; }).join(" ") : word;
    }

    return function foldQuery(query) {
      var chars = Array.from(query, function (c) { return tables.chars.get(c) || c; }).join("");
      var spaced = "";
      for (var i = 0; i < chars.length; i++) {   /* a space where Latin meets Chinese */
        var a = chars[i], b = chars[i + 1] || "";
        spaced += a;
        if (b && (HAN.test(a) && LATIN_ALNUM.test(b) || LATIN_ALNUM.test(a) && HAN.test(b))) spaced += " ";
      }
      return spaced.split(/(\s+)/).map(function (word) {
        var split = splitLatin(word);
        return split === word ? requireParts(word) : split;
      }).join("").replace(HAN_RUN, cutChinese).replace(/\s+/g, " ").trim();
    };
  };
})(globalThis.studyGuide);
