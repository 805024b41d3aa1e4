/* Practice progress, kept in the browser: localStorage under "studyGuide.progress.v1".
 *
 * One entry per question and version of its text, keyed "bank/id/hash" (the hash comes from
 * the practice data, so a corrected question starts afresh):
 *   {n: answers given, r: right, w: wrong, s: rights in a row, last: "right"|"wrong",
 *    a: the last answer, wa: the last wrong answer, t: when (ms since 1970), x: taken out of the
 *    错题本 by hand (until the next wrong answer)}
 * A question is in the 错题本 once answered wrong, until it is answered right twice in a row.
 * Starred questions are kept beside, keyed "bank/id" (a corrected question stays starred).
 * A store that cannot be read (edited by hand, another program) is cleared and
 * studyGuide.practiceStore.notice says so ("corrupted"); without storage (privacy settings)
 * answers are kept for the page's life only (notice "unavailable").  createStore(storage)
 * is the pure part, tested in V8 with a storage of its own (tests/unit/test_practice_js.py).
 */
(function (guide) {
  "use strict";

  var KEY = "studyGuide.progress.v1";
  var FORMAT = "study-guide-progress";
  var MAX_ANSWER = 2000;  /* characters of an answer kept: a pasted essay stays small */
  var ENTRY_KEY = /^[^/\s]{1,200}\/[^/\s]{1,200}\/[0-9a-f]{1,64}$/;
  var STAR_KEY = /^[^/\s]{1,200}\/[^/\s]{1,200}$/;
  var RIGHTS_TO_LEAVE = 2;  /* rights in a row that take a question out of the 错题本 */

  function count(value) {
    return typeof value === "number" && value >= 0 && Math.floor(value) === value;
  }

  function validEntry(entry) {
    return entry !== null && typeof entry === "object" && !Array.isArray(entry) &&
      count(entry.n) && count(entry.r) && count(entry.w) && count(entry.s) &&
      (entry.last === "right" || entry.last === "wrong") && typeof entry.t === "number" &&
      (entry.a === undefined || typeof entry.a === "string") &&
      (entry.wa === undefined || typeof entry.wa === "string") &&
      (entry.x === undefined || entry.x === true);
  }

  /* The stars of a document ({} when it has none), or null when they are not ours. */
  function starsOf(data) {
    var stars = data.stars === undefined ? {} : data.stars;
    if (stars === null || typeof stars !== "object" || Array.isArray(stars)) return null;
    var keys = Object.keys(stars);
    for (var i = 0; i < keys.length; i++) {
      if (!STAR_KEY.test(keys[i]) || typeof stars[keys[i]] !== "number") return null;
    }
    return stars;
  }

  /* The entries of a stored or imported document, or null when it is not one of ours. */
  function entriesOf(data) {
    if (data === null || typeof data !== "object" || data.format !== FORMAT || data.version !== 1) return null;
    var entries = data.entries;
    if (entries === null || typeof entries !== "object" || Array.isArray(entries)) return null;
    var keys = Object.keys(entries);
    for (var i = 0; i < keys.length; i++) {
      if (!ENTRY_KEY.test(keys[i]) || !validEntry(entries[keys[i]])) return null;
    }
    var stars = starsOf(data);
    return stars && { entries: entries, stars: stars };
  }

  function createStore(storage, now) {
    var clock = now || Date.now;
    var entries = {};
    var stars = {};
    var store = { notice: storage ? null : "unavailable" };
    var parts = [];  /* what other scripts keep beside the answers (今日复习's cards): see extend */

    function document() {
      return { format: FORMAT, version: 1, entries: entries, stars: stars };
    }

    function save() {
      if (!storage) return;
      try {
        storage.setItem(KEY, JSON.stringify(document()));
      } catch (error) {
        store.notice = "unavailable";  /* full, or refused: the page goes on with what it has */
      }
    }

    function load() {
      var text = null;
      try {
        text = storage ? storage.getItem(KEY) : null;
      } catch (error) {
        store.notice = "unavailable";
      }
      if (text === null) return;
      var data;
      try {
        data = JSON.parse(text);
      } catch (error) {
        data = null;
      }
      var found = entriesOf(data);
      if (found) {
        entries = found.entries;
        stars = found.stars;
        return;
      }
      store.notice = "corrupted";
      try {
        storage.removeItem(KEY);
      } catch (error) {
        /* nothing more to do: it is not read again */
      }
    }

    function key(bank, id, hash) {
      return bank + "/" + id + "/" + hash;
    }

    store.get = function (bank, id, hash) {
      return entries[key(bank, id, hash)] || null;
    };

    /* One answer given: right or wrong, with what was answered (letters, text, 会/不会). */
    store.record = function (bank, id, hash, verdict, answer) {
      var k = key(bank, id, hash);
      var entry = entries[k] || { n: 0, r: 0, w: 0, s: 0 };
      var text = String(answer).slice(0, MAX_ANSWER);
      entry = { n: entry.n + 1, r: entry.r, w: entry.w, s: entry.s, last: verdict, a: text, wa: entry.wa,
                t: clock() };
      if (verdict === "right") {
        entry.r += 1;
        entry.s += 1;
      } else {
        entry.w += 1;
        entry.s = 0;
        entry.wa = text;
      }
      if (entry.wa === undefined) delete entry.wa;
      if (verdict === "right" && entries[k] && entries[k].x) entry.x = true;
      entries[k] = entry;
      save();
      parts.forEach(function (part) { part.record(bank, id, hash, verdict); });
      return entry;
    };

    /* A part kept beside the answers: {name, record(bank, id, hash, verdict), exportData(),
       importData(section)}; it hears every answer and travels in the same progress file. */
    store.extend = function (part) {
      parts.push(part);
    };

    /* How many of a chapter's questions were answered and how many last answered right. */
    store.counts = function (bank, ids, hashes) {
      var answered = 0;
      var right = 0;
      ids.forEach(function (id) {
        var entry = store.get(bank, id, hashes[id]);
        if (!entry) return;
        answered += 1;
        if (entry.last === "right") right += 1;
      });
      return { answered: answered, right: right, count: ids.length };
    };

    store.inMistakes = function (entry) {
      return Boolean(entry) && entry.w > 0 && !entry.x && entry.s < RIGHTS_TO_LEAVE;
    };

    /* Out of the 错题本 by hand; a later wrong answer brings it back. */
    store.dismiss = function (bank, id, hash) {
      var entry = entries[key(bank, id, hash)];
      if (!entry) return;
      entry.x = true;
      save();
    };

    store.isStarred = function (bank, id) {
      return Object.prototype.hasOwnProperty.call(stars, bank + "/" + id);
    };

    store.star = function (bank, id, on) {
      if (on) stars[bank + "/" + id] = clock();
      else delete stars[bank + "/" + id];
      save();
    };

    store.exportData = function () {
      var data = document();
      data.exported = new Date(clock()).toISOString();
      parts.forEach(function (part) { data[part.name] = part.exportData(); });
      return data;
    };

    /* Merge an exported document: the later of two entries for one question wins.
       Returns how many entries it held; throws when it is not an export of this guide. */
    store.importData = function (data) {
      var found = entriesOf(data);
      if (!found) throw new Error("not a study-guide progress file");
      Object.keys(found.entries).forEach(function (k) {
        if (!entries[k] || entries[k].t <= found.entries[k].t) entries[k] = found.entries[k];
      });
      Object.keys(found.stars).forEach(function (k) { stars[k] = found.stars[k]; });
      save();
      parts.forEach(function (part) { part.importData(data[part.name]); });
      return Object.keys(found.entries).length;
    };

    store.reset = function () {
      entries = {};
      stars = {};
      if (!storage) return;
      try {
        storage.removeItem(KEY);
      } catch (error) {
        store.notice = "unavailable";
      }
    };

    store.size = function () {
      return Object.keys(entries).length;
    };

    load();
    return store;
  }

  function localStore() {
    try {
      var storage = window.localStorage;
      storage.getItem(KEY);
      return storage;
    } catch (error) {
      return null;
    }
  }

  guide.localStore = localStore;
  guide.practiceStoreKey = KEY;
  guide.createPracticeStore = createStore;
  if (typeof window !== "undefined") guide.practiceStore = createStore(localStore());
})(globalThis.studyGuide = globalThis.studyGuide || {});
