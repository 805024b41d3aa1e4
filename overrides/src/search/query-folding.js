/**
 * Query folding: `queryFolding(config, constants)` returns the function that writes a query
 * the way the index writes it (setup.js runs it on every query Material sends).  `config` is
 * the search index's config: its tables ("fold", written by generator/search/query_folding.py)
 * and its separator; `constants` the Han class and sentinel Python shares (constants.js).
 *
 * - Characters typed in the other Chinese script become the edition's ("fold.chars").
 * - English terms the bank runs together are split into their words ("KVcache" ->
 *   "kv cache", "fold.latin"); Latin letters glued to Chinese are set apart.
 * - A word with the signs the index cuts formulas at requires all its parts
 *   ("size=4096" -> "+size +4096").
 * - Chinese is cut into the index's own words (longest first) and each known word gets a
 *   sentinel character behind it: Material's segmenter never looks at a run's last
 *   character, so "量化" would otherwise be searched as "量*" wherever "量" alone is a word.
 */

/** @typedef {import("../types").SearchConfig} SearchConfig */
/** @typedef {Pick<import("../types").Constants, "hanClass" | "latinAlnumClass" | "sentinel">} FoldConstants */

const LATIN_WORD = /^[A-Za-z0-9@.#/_\-\u2010]+$/;

/** The tables of config.fold, learnt once: a few thousand entries, never the documents. */
function tablesOf(/** @type {SearchConfig | null} */ config) {
  const table = config?.fold ?? {};
  /** @type {Map<string, string>} */
  const chars = new Map();
  const pairs = table.chars ?? "";
  for (let i = 0; i + 1 < pairs.length; i += 2) chars.set(pairs[i], pairs[i + 1]);
  /** @type {Record<string, string>} */
  const latin = {};
  for (const spaced of table.latin ?? []) latin[spaced.replace(/ /g, "")] = spaced;
  const words = new Set(), prefixes = new Set();
  let longest = 1;
  for (const word of (table.words ?? "").split(" ")) {
    if (!word || words.has(word)) continue;
    words.add(word);
    for (let k = 1; k < word.length; k++) prefixes.add(word.slice(0, k));
    longest = Math.max(longest, word.length);
  }
  const keys = Object.keys(latin).sort((a, b) => b.length - a.length);
  return { chars, latin, keys, words, prefixes, longest };
}

/**
 * @param {SearchConfig | null} config
 * @param {FoldConstants} constants
 * @returns {(query: string) => string}
 */
export function queryFolding(config, constants) {
  const tables = tablesOf(config);
  const separator = config?.separator ? new RegExp(config.separator) : null;
  const han = new RegExp(constants.hanClass);
  const hanRun = new RegExp(constants.hanClass + "+", "g");
  const latinAlnum = new RegExp(constants.latinAlnumClass);

  /** The longest piece of run at i that is (or begins) a word of the index; 0 if none. */
  function longest(/** @type {string} */ run, /** @type {number} */ i, /** @type {Set<string>} */ set) {
    let length = Math.min(tables.longest, run.length - i);
    while (length > 0 && !set.has(run.substr(i, length))) length--;
    return length;
  }

  /* "量化方法" -> "量化䶵 方法䶵": the index's words, longest first.  A piece that only
     begins a word ("混合精度" of "混合精度训练") goes without sentinel: a prefix search. */
  function cutChinese(/** @type {string} */ run) {
    const out = [];
    let unknown = "";
    for (let i = 0; i < run.length;) {
      const word = longest(run, i, tables.words), start = word ? 0 : longest(run, i, tables.prefixes);
      const length = Math.max(word, start);
      if (!length) {
        unknown += run[i++];
        continue;
      }
      if (unknown) out.push(unknown);
      unknown = "";
      out.push(run.substr(i, length) + (length === word ? constants.sentinel : ""));
      i += length;
    }
    if (unknown) out.push(unknown);
    return " " + out.join(" ") + " ";
  }

  /* "KVcacheeviction" -> "kv cache eviction": known run-together terms at the word's start. */
  function splitLatin(/** @type {string} */ word) {
    if (!LATIN_WORD.test(word) || /^[+-]/.test(word)) return word;
    let key = word.toLowerCase().replace(/[-_\u2010]/g, "");
    const out = [];
    while (key) {
      const hit = tables.keys.find((k) => key.startsWith(k));
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
  function requireParts(/** @type {string} */ word) {
    if (!separator || /^[+-]|["*~^:]/.test(word)) return word;
    const parts = word.split(separator).filter(Boolean);
    return parts.length > 1 ? parts.map((part) => "+" + part).join(" ") : word;
  }

  return function foldQuery(query) {
    const chars = Array.from(query, (c) => tables.chars.get(c) ?? c).join("");
    let spaced = "";
    for (let i = 0; i < chars.length; i++) {  /* a space where Latin meets Chinese */
      const a = chars[i], b = chars[i + 1] ?? "";
      spaced += a;
      if (b && ((han.test(a) && latinAlnum.test(b)) || (latinAlnum.test(a) && han.test(b)))) spaced += " ";
    }
    return spaced.split(/(\s+)/).map((word) => {
      const split = splitLatin(word);
      return split === word ? requireParts(word) : split;
    }).join("").replace(hanRun, cutChinese).replace(/\s+/g, " ").trim();
  };
}
