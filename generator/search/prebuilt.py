"""The search index built at build time: Lunr's index of the guide's documents, made once by
Node rather than by every reader's browser.

At 5,000 questions Material's search worker spends seconds of processor time adding every
document to its Lunr index, and a reader's search waits for it (or for the quick worker,
which builds a small index per query).  The build runs that same set-up (the guide's search
workers' source, ``workers/search-source.js``: Material's worker, its Lunr and Lunr's
languages) in Node on the same documents and saves the index Lunr built (``toJSON``) as
``search/search_lunr.js``; the index worker loads it with ``lunr.Index.load`` instead
(overrides/src/search/worker-prelude.js).  Same code, same documents: the same index, and so
the same results.  Like the documents, it is read when the reader first turns to search.
"""
from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from ..base.errors import GuideError
from ..math.node import INSTALL_HINT

PREBUILT_SCRIPT = Path("search") / "search_lunr.js"
TIMEOUT = 600.0  # seconds Node may take (about 4 s of processor time at 5,000 questions)

# Node: the worker's source (a script setting studyGuide.searchWorker), the index (Material's
# search_index.json) and the script to write as arguments.  The worker runs in a context of its
# own, as a Blob worker runs it: a scope that hears Material's set-up and posts its answer.
# Lunr's builder is watched for the index it builds, which is written compactly (by document
# numbers, without the positions of words, which the worker finds for the documents a search
# finds) as the page's script (the JSON as a string, parsed by the worker that loads it; a page
# that loads the script again keeps the first copy), whole or not at all.  What fails is said on stderr's last line.
_NODE_MAIN = r"""
process.on("uncaughtException", (error) => {
  process.stderr.write(String(error && error.message || error).replace(/\s+/g, " ") + "\n");
  process.exit(1);
});
const fs = require("node:fs"), vm = require("node:vm");
const [sourcePath, indexPath, scriptPath] = process.argv.slice(1);
const page = vm.createContext({});
page.window = page;
vm.runInContext("var studyGuide = {};\n" + fs.readFileSync(sourcePath, "utf8"), page);
const index = JSON.parse(fs.readFileSync(indexPath, "utf8"));
const events = new EventTarget(), posted = [];
const scope = vm.createContext({ console, performance, setTimeout, clearTimeout, queueMicrotask });
Object.assign(scope, { self: scope, addEventListener: events.addEventListener.bind(events),
                       postMessage: (message) => posted.push(message) });
vm.runInContext(page.studyGuide.searchWorker, scope);
const builder = scope.lunr.Builder.prototype, build = builder.build;
let built = null;
builder.build = function () { return (built = build.call(this)); };
const setup = { config: index.config, docs: index.docs, options: {} };
events.dispatchEvent(new MessageEvent("message", { data: { type: SETUP, data: setup } }));
// Lunr's JSON without the positions of words, documents by number (overrides/src/search/prebuilt-index.js).
function compact(lunr, refs) {
  const numbers = new Map(refs.map((ref, i) => [ref, i])), fields = new Map(lunr.fields.map((f, i) => [f, i]));
  const number = (ref) => {
    if (!numbers.has(ref)) throw new Error("Lunr's index names a document the index has not: " + ref);
    return numbers.get(ref);
  };
  const vector = ([fieldRef, elements]) => {
    const at = fieldRef.indexOf("/");
    return [fields.get(fieldRef.slice(0, at)), number(fieldRef.slice(at + 1)), elements];
  };
  const held = (posting) => lunr.fields.map((field) => Object.keys(posting[field]).map(number));
  const term = ([word, posting]) => [word, posting._index, ...held(posting)];
  return { version: lunr.version, fields: lunr.fields, pipeline: lunr.pipeline, refs,
           vectors: lunr.fieldVectors.map(vector), terms: lunr.invertedIndex.map(term) };
}
(function wait() {
  if (!posted.length) return void setTimeout(wait, 0);
  if (posted[0].type !== READY || !built) {
    throw new Error("Material's search worker answered " + JSON.stringify(posted[0]));
  }
  const text = JSON.stringify(compact(built.toJSON(), index.docs.map((doc) => doc.location)));
  fs.writeFileSync(scriptPath + ".part", "window.studyGuide = window.studyGuide || {};\n" +
                   "studyGuide.lunrIndex = studyGuide.lunrIndex || " + JSON.stringify(text) + ";\n");
  fs.renameSync(scriptPath + ".part", scriptPath);
})();
"""


class PrebuiltIndexError(GuideError):
    """Node could not build the search index."""


def start_prebuilt_index(worker_source: Path, index: Path, script: Path, setup: int, ready: int,
                         node: str = "node") -> Callable[..., Path]:
    """Have Node write ``script``: Lunr's index of the documents of ``index`` (Material's
    ``search_index.json``), built by the search workers' source (``workers/search-source.js``),
    which is sent the set-up message (type ``setup``) and answers ``ready``.  Node works while
    the caller goes on; the function returned waits for it (at most its argument, in seconds)
    and returns ``script``'s path.  Nothing goes through a pipe: a Node left unwaited-for (the
    build failed meanwhile) ends by itself."""
    code = _NODE_MAIN.replace("SETUP", str(setup)).replace("READY", str(ready))
    said = tempfile.TemporaryFile()  # noqa: SIM115 (closed by the waiting function)
    try:
        process = subprocess.Popen([node, "-e", code, str(worker_source), str(index), str(script)],
                                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=said)
    except OSError as error:
        said.close()
        raise PrebuiltIndexError(node, "Node.js's `node` program, to build the search index",
                                 f"none that starts ({error.strerror or error})", INSTALL_HINT) from None

    def finished(timeout: float = TIMEOUT) -> Path:
        with said:
            try:
                status = process.wait(timeout)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                raise PrebuiltIndexError(str(index), f"the search index built by Node within {timeout:g} s",
                                         "no index in that time") from None
            said.seek(0)
            lines = said.read().decode("utf-8", "replace").strip().splitlines()
        if status != 0 or not script.is_file():
            raise PrebuiltIndexError(str(index), f"the search index built by Node from {worker_source}",
                                     lines[-1] if lines else f"exit status {status} and no index")
        return script

    return finished

