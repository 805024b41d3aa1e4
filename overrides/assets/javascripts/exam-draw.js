/* Drawing papers and runs of questions from a bank's practice data, and scoring a paper.
 *
 * Pure: no page, no storage; tested in V8 outside the browser (tests/unit/test_exam_js.py).
 * studyGuide.examDraw:
 *   rng(seed)                      a generator of numbers in [0, 1) from a seed string (same seed, same numbers)
 *   pool(data, chapters, types)    ids of the chosen chapters (indexes into data.chapters) of those types, in bank order
 *   sample(ids, n, random)         n of ids, in draw order (a partial Fisher–Yates shuffle: time linear in n)
 *   draw(data, settings, options)  a paper: {seed, items: [{id, t, points, perm}]}, the types in a fixed order;
 *                                  settings = {seed, chapters, types: {single: {n, points}, …}, shuffle};
 *                                  options = {id: option count}, for shuffling; perm[new] = old option index
 *   mapRecord(record, perm)        the record with its key in the paper's letters
 *   toPaper(letters, perm) / toBank(letters, perm)   letters from the bank's to the paper's, and back
 *   score(paper, verdicts)         {byType: {t: {count, right, points, got, max}}, got, max}
 * Same seed, same settings and same data: the same paper, on any machine.
 */
(function (guide) {
  "use strict";

  var TYPES = ["single", "multiple", "judge", "fill", "calc", "short", "case"];
  var LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

  /* cyrb53-style string hash to 32 bits, then mulberry32: small, fast, the same everywhere. */
  function hash(text) {
    var h1 = 0xdeadbeef;
    var h2 = 0x41c6ce57;
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    return h1 >>> 0;
  }

  function rng(seed) {
    var state = hash(String(seed));
    return function () {
      state = (state + 0x6d2b79f5) | 0;
      var t = Math.imul(state ^ (state >>> 15), 1 | state);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /* A new seed to show and type: six letters and digits, without 0/O and 1/I. */
  function newSeed(random) {
    var alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
    var seed = "";
    for (var i = 0; i < 6; i++) seed += alphabet.charAt(Math.floor((random || Math.random)() * alphabet.length));
    return seed;
  }

  function answerable(record) {
    return record.a != null || record.e != null;
  }

  function pool(data, chapters, types, judgedOnly) {
    var wanted = {};
    types.forEach(function (t) { wanted[t] = true; });
    var ids = [];
    chapters.slice().sort(function (a, b) { return a - b; }).forEach(function (index) {
      var chapter = data.chapters[index];
      if (!chapter) return;
      chapter.q.forEach(function (id) {
        var record = data.q[id];
        if (record && wanted[record.t] && (!judgedOnly || answerable(record))) ids.push(id);
      });
    });
    return ids;
  }

  function sample(ids, n, random) {
    var copy = ids.slice();
    var count = Math.min(n, copy.length);
    for (var i = 0; i < count; i++) {
      var j = i + Math.floor(random() * (copy.length - i));
      var swap = copy[i];
      copy[i] = copy[j];
      copy[j] = swap;
    }
    return copy.slice(0, count);
  }

  function permutation(count, random) {
    var order = [];
    for (var i = 0; i < count; i++) order.push(i);
    return sample(order, count, random);
  }

  function draw(data, settings, options) {
    var random = rng(settings.seed);
    var items = [];
    var short = [];
    TYPES.forEach(function (t) {
      var wanted = settings.types[t];
      if (!wanted || !(wanted.n > 0)) return;
      var ids = pool(data, settings.chapters, [t], true);
      if (ids.length < wanted.n) short.push({ t: t, count: ids.length });
      sample(ids, wanted.n, random).forEach(function (id) {
        var count = (options && options[id]) || 0;
        var shuffle = settings.shuffle && (t === "single" || t === "multiple") && count > 1;
        items.push({ id: id, t: t, points: wanted.points, perm: shuffle ? permutation(count, random) : null });
      });
    });
    return { seed: String(settings.seed), items: items, short: short };
  }

  function toPaper(letters, perm) {
    if (!perm) return letters;
    return String(letters).split("").map(function (letter) {
      var at = perm.indexOf(LETTERS.indexOf(letter));
      return at >= 0 ? LETTERS.charAt(at) : letter;
    }).sort().join("");
  }

  function toBank(letters, perm) {
    if (!perm) return letters;
    return String(letters).split("").map(function (letter) {
      var old = perm[LETTERS.indexOf(letter)];
      return old === undefined ? letter : LETTERS.charAt(old);
    }).sort().join("");
  }

  function mapRecord(record, perm) {
    var mapped = {};
    Object.keys(record).forEach(function (key) { mapped[key] = record[key]; });
    if (perm && record.a != null) mapped.a = toPaper(record.a, perm);
    if (perm && record.e != null) mapped.e = toPaper(record.e, perm);
    return mapped;
  }

  /* verdicts[i]: "right", "wrong" or null (not answered) for paper.items[i]. */
  function score(paper, verdicts) {
    var byType = {};
    var total = { got: 0, max: 0 };
    paper.items.forEach(function (item, i) {
      var row = byType[item.t] || (byType[item.t] = { count: 0, right: 0, points: item.points, got: 0, max: 0 });
      row.count += 1;
      row.max += item.points;
      total.max += item.points;
      if (verdicts[i] === "right") {
        row.right += 1;
        row.got += item.points;
        total.got += item.points;
      }
    });
    return { byType: byType, got: round(total.got), max: round(total.max) };
  }

  function round(value) {
    return Math.round(value * 100) / 100;
  }

  guide.examDraw = { TYPES: TYPES, LETTERS: LETTERS, rng: rng, newSeed: newSeed, pool: pool, sample: sample,
                     draw: draw, toPaper: toPaper, toBank: toBank, mapRecord: mapRecord, score: score };
})(globalThis.studyGuide = globalThis.studyGuide || {});
