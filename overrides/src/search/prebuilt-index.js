/**
 * The index worker's whole index loaded from the one the build made (search/search_lunr.js,
 * generator/search/prebuilt.py) instead of built: the same index, for a fraction of the time.
 *
 * The build runs Material's own set-up over the same documents in Node and writes Lunr's index
 * compactly: documents by number (`refs`), postings as lists of document numbers, and no
 * positions of words (most of Lunr's JSON).  Here Material's set-up runs as it would (its
 * language, tokenizer and pipelines), except that Lunr's builder, for that one set-up, adds no
 * document and returns the index loaded (lunr.Index.load of the JSON Lunr would have written,
 * less the positions).  Adding a document also records where its words are, for the marks on
 * the words found (Material's tokenizer fills a table, and Lunr's match data holds each word's
 * positions): both are made for a document when a search first finds it, by the same
 * extractor, tokenizer and pipeline, so results and marks are the same as the built index's.
 */

/** @typedef {{metadata: Record<string, Record<string, {position?: unknown[]}>>}} MatchData */
/**
 * @typedef {object} LunrIndex a Lunr index, as Material searches it
 * @property {(query: string) => {ref: string, matchData: MatchData}[]} search
 */
/**
 * @typedef {object} LunrBuilder what Material's set-up configures (Lunr's builder)
 * @property {Record<string, {extractor?: (doc: Record<string, unknown>) => unknown}>} _fields
 * @property {(value: unknown, metadata: object) => LunrToken[]} tokenizer
 * @property {{run: (tokens: LunrToken[]) => LunrToken[]}} pipeline
 * @property {(doc: object, attributes?: object) => void} add
 * @property {() => LunrIndex} build
 */
/** @typedef {{toString(): string, metadata: {position?: unknown}}} LunrToken */
/**
 * @typedef {object} PrebuiltLunr the parts of Lunr used here
 * @property {{prototype: LunrBuilder}} Builder
 * @property {{load: (serialised: unknown) => LunrIndex}} Index
 */
/**
 * @typedef {object} Compact the index as the build writes it
 * @property {string} version
 * @property {string[]} fields
 * @property {unknown} pipeline
 * @property {string[]} refs the documents' locations, by number
 * @property {[number, number, number[]][]} vectors field, document, the vector's elements
 * @property {[string, number, ...number[][]][]} terms term, its number, its documents per field
 */

/** Lunr's JSON of the index (what lunr.Index.load reads), with no positions of words. */
function expanded(/** @type {Compact} */ compact) {
  const { refs, fields } = compact;
  return {
    version: compact.version, fields, pipeline: compact.pipeline,
    fieldVectors: compact.vectors.map(([field, doc, elements]) => [`${fields[field]}/${refs[doc]}`, elements]),
    invertedIndex: compact.terms.map(([term, number, ...docs]) => {
      /** @type {Record<string, unknown>} */
      const posting = { _index: number };
      fields.forEach((field, i) => {
        /** @type {Record<string, object>} */
        const held = (posting[field] = {});
        for (const doc of docs[i]) held[refs[doc]] = {};
      });
      return [term, posting];
    }),
  };
}

/**
 * Have Material's next set-up load `compact` (the build's index of these `docs`) instead of
 * adding every document (see the module's comment).
 * @param {PrebuiltLunr} lunr @param {Compact} compact @param {{location: string}[]} docs
 * @param {() => void} loaded called once the index is loaded
 */
export function usePrebuilt(lunr, compact, docs, loaded) {
  const builder = lunr.Builder.prototype;
  const { add, build } = builder;
  builder.add = () => {};
  builder.build = function () {
    builder.add = add;
    builder.build = build;
    const index = lunr.Index.load(expanded(compact)), search = index.search.bind(index);
    const { _fields: fields, tokenizer, pipeline } = this;
    const byLocation = new Map(docs.map((doc) => [doc.location, doc]));
    /** @type {Map<string, Map<string, unknown[]>>} */
    const positions = new Map();  /* per document, term and field */

    /* What Lunr's builder does as it adds `doc`, its words' positions kept. */
    function added(/** @type {string} */ ref) {
      let found = positions.get(ref);
      if (found) return found;
      positions.set(ref, (found = new Map()));
      const doc = /** @type {Record<string, unknown> | undefined} */ (byLocation.get(ref));
      if (!doc) return found;
      for (const [name, field] of Object.entries(fields)) {
        const tokens = tokenizer(field.extractor ? field.extractor(doc) : doc[name], { fields: [name] });
        for (const token of pipeline.run(tokens)) {
          const key = `${token}\u0000${name}`, list = found.get(key);
          if (list) list.push(token.metadata.position);
          else found.set(key, [token.metadata.position]);
        }
      }
      return found;
    }

    index.search = (query) => {
      const results = search(query);
      for (const { ref, matchData } of results) {
        const found = added(ref);
        for (const [term, byField] of Object.entries(matchData.metadata)) {
          for (const [field, metadata] of Object.entries(byField)) {
            /* Lunr adds a word's positions once per field, however often the query asks for it */
            metadata.position = (found.get(`${term}\u0000${field}`) ?? []).slice();
          }
        }
      }
      return results;
    };
    loaded();
    return index;
  };
}
