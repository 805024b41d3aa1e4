// The guide's quick search worker run in Node, its processor time measured (for
// benchmarks/bench_search.py): `node benchmarks/search_worker_cpu.mjs SITE QUERY` prints one JSON
// line, milliseconds of processor time for
//   setup   the documents handed over as text (search/search_index.js), read into the quick index;
//   answer  the first answer to QUERY (folded as the page folds it): Material's index built over
//           the documents that hold the query's words, and searched;
// with how many documents that index held and how many result groups it gave; the same answer
// from a quick worker whose index holds every word of those documents, as it did before it kept
// only the words a query can match (`everyWord`: its processor time, and whether the answer is the
// same, scores and marked words included); and for the index
// worker, the whole index loaded from the one the build made (`prebuilt`, when the site has it)
// and built in the worker (`built`): processor time until it is ready, and of its first answer.  The worker runs
// as the page runs it (workers/search-source.js: the guide's prelude, Material's worker, Lunr),
// in a context of its own; a browser's clock on a busy machine says little, a processor's time more.
import fs from "node:fs";
import vm from "node:vm";
import { queryFolding } from "../overrides/src/search/query-folding.js";
import { builtSearch } from "./search_worker_vm.mjs";

const [site, typed] = process.argv.slice(2);
const { page, read, index, data, startWorker } = builtSearch(site);

const quick = startWorker();
let picked = 0;  /* the documents of the answer's index: the one array of documents it parses */
const json = vm.runInContext("JSON", quick.scope), parse = json.parse;
json.parse = (text, reviver) => {
  const value = parse(text, reviver);
  if (Array.isArray(value)) picked = value.length;
  return value;
};

const fold = queryFolding(index.config, quick.scope.studyGuide.constants);
const setup = await quick.ask({ type: 0, data: { quick: true, ...data } }, 1);
const answer = await quick.ask({ type: 2, data: fold(typed) }, 2);
const result = quick.posted[1].data;

const every = startWorker();
await every.ask({ type: 0, data: { quick: "every word", ...data } }, 1);
const everyWord = { answer: await every.ask({ type: 2, data: fold(typed) }, 2) };
everyWord.same = JSON.stringify(every.posted[1].data) === JSON.stringify(result);

/* The index worker: the whole index loaded from the one the build made (search/search_lunr.js),
   if there is one, and built from the documents, each with its first answer. */
async function wholeIndex(/** @type {string | undefined} */ prebuilt) {
  const worker = startWorker();
  const ready = await worker.ask({ type: 0, data: prebuilt ? { ...data, prebuilt } : data }, 1);
  return { ready, answer: await worker.ask({ type: 2, data: fold(typed) }, 2), prebuilt: Boolean(worker.posted[0].prebuilt) };
}
let prebuilt = null;
if (fs.existsSync(`${site}/search/search_lunr.js`)) {
  vm.runInContext(read("search/search_lunr.js"), page);
  prebuilt = await wholeIndex(page.studyGuide.lunrIndex);
}
const built = await wholeIndex(undefined);
console.log(JSON.stringify({ setup, answer, documents: picked, groups: result.items?.length ?? 0, declined: Boolean(result.declined),
  everyWord, prebuilt, built }));
