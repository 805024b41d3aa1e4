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

import json
import subprocess
from pathlib import Path

from ..base.errors import GuideError

PREBUILT_SCRIPT = Path("search") / "search_lunr.js"
TIMEOUT = 600.0  # seconds Node may take (about 4 s of processor time at 5,000 questions)
INSTALL_HINT = "install Node.js 18 or newer (`sudo apt-get install nodejs`; the README's Set-up)"

# Node: the worker's source (a script setting studyGuide.searchWorker) and the index (Material's
# search_index.json) as arguments; prints Lunr's index as JSON.  The worker runs in a context of
# its own, as a Blob worker runs it: a scope that hears Material's set-up and posts its answer.
# Lunr's builder is watched for the index it builds.  What fails is said on stderr's last line.
_NODE_MAIN = r"""
process.on("uncaughtException", (error) => {  // one line that says what failed, for the error
  process.stderr.write(String(error && error.message || error).replace(/\s+/g, " ") + "\n");
  process.exit(1);
});
const fs = require("node:fs"), vm = require("node:vm");
const [sourcePath, indexPath] = process.argv.slice(1);
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
(function wait() {
  if (!posted.length) return void setTimeout(wait, 0);
  if (posted[0].type !== READY || !built) {
    throw new Error("Material's search worker answered " + JSON.stringify(posted[0]));
  }
  process.stdout.write(JSON.stringify(built));
})();
"""


class PrebuiltIndexError(GuideError):
    """Node could not build the search index."""


def prebuilt_index(worker_source: Path, index: Path, setup: int, ready: int, node: str = "node",
                   timeout: float = TIMEOUT) -> str:
    """Lunr's index of the documents of ``index`` (Material's ``search_index.json``), as JSON:
    built in Node by the search workers' source (``workers/search-source.js``), which is sent
    the set-up message (type ``setup``) and answers ``ready``."""
    script = _NODE_MAIN.replace("SETUP", str(setup)).replace("READY", str(ready))
    try:
        result = subprocess.run([node, "-e", script, str(worker_source), str(index)], capture_output=True,
                                timeout=timeout, check=False)
    except OSError as error:
        raise PrebuiltIndexError(node, "Node.js's `node` program, to build the search index",
                                 f"none that starts ({error.strerror or error})", INSTALL_HINT) from None
    except subprocess.TimeoutExpired:
        raise PrebuiltIndexError(str(index), f"the search index built by Node within {timeout:g} s",
                                 "no index in that time") from None
    if result.returncode != 0 or not result.stdout:
        said = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise PrebuiltIndexError(str(index), f"the search index built by Node from {worker_source}",
                                 said[-1] if said else f"exit status {result.returncode} and no index")
    return result.stdout.decode("utf-8")


def prebuilt_script(serialised: str) -> str:
    """``search/search_lunr.js``: the index as JSON text (parsed by the worker that loads it),
    in ``studyGuide.lunrIndex``; a page that loads the script again keeps the first copy."""
    return ("window.studyGuide = window.studyGuide || {};\n"
            f"studyGuide.lunrIndex = studyGuide.lunrIndex || {json.dumps(serialised, ensure_ascii=False)};\n")


def write_prebuilt_index(site: Path, worker_source: Path, setup: int, ready: int) -> Path:
    """Write ``search/search_lunr.js`` into the built ``site`` (:func:`prebuilt_index` of its
    ``search/search_index.json``); its path."""
    serialised = prebuilt_index(worker_source, site / "search" / "search_index.json", setup, ready)
    path = site / PREBUILT_SCRIPT
    path.write_text(prebuilt_script(serialised), encoding="utf-8")
    return path
