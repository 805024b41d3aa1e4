"""The search index built at build time (generator.search.prebuilt): Lunr's index made in Node by
Material's own search worker, and the script the page reads it from."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import material
import pytest

from generator.search.offline import worker_source
from generator.search.prebuilt import PrebuiltIndexError, start_prebuilt_index
from generator.search.segmenter import SEPARATOR
from generator.site.material import MESSAGE_TYPES
from tests.node_scripts import run_scripts
from tests.paths import ROOT

SCRIPTS = Path(material.__file__).parent / "templates" / "assets" / "javascripts"
SETUP, READY = MESSAGE_TYPES["SETUP"], MESSAGE_TYPES["READY"]
CONFIG = {"lang": ["zh"], "separator": SEPARATOR, "pipeline": ["stopWordFilter"],
          "fields": {"title": {"boost": 1000.0}, "text": {"boost": 1.0}, "tags": {"boost": 1000000.0}}}
DOCS = [
    {"location": "ai/chapter-1.html", "title": "第一章", "text": "<p>训练</p>"},
    {"location": "ai/chapter-1.html#q1", "title": "第\u200b1\u200b题", "text": "<p>混合精度\u200b训练 用 LoRA</p>"},
    {"location": "ai/chapter-1.html#q2", "title": "第\u200b2\u200b题", "text": "<p>位置编码 KV cache</p>"},
    {"location": "ai/chapter-1.html#q3", "title": "第\u200b3\u200b题", "text": '<p>"引号" 与 \\ 和 \u2028</p>'},
]


def write_site(folder: Path, worker: str | None = None) -> tuple[Path, Path, Path]:
    """The worker source (Material's worker and Lunr's Chinese, or ``worker``), an index of DOCS
    and where the index built is to be written."""
    source = folder / "search-source.js"
    if worker is None:
        source.write_text(worker_source(SCRIPTS / "workers", SCRIPTS / "lunr", ["zh"]), encoding="utf-8")
    else:
        source.write_text(f"studyGuide.searchWorker = {json.dumps(worker)};\n", encoding="utf-8")
    index = folder / "search_index.json"
    index.write_text(json.dumps({"config": CONFIG, "docs": DOCS}, ensure_ascii=False), encoding="utf-8")
    return source, index, folder / "search_lunr.js"


def built(script: Path) -> dict:
    """The index of the script written, as the page has it: JSON text."""
    _, text = run_scripts(script.read_text(encoding="utf-8"), "studyGuide.lunrIndex")
    assert isinstance(text, str)
    return json.loads(text)


def test_the_index_is_lunrs_of_every_document_by_number_with_the_words_as_the_index_cuts_them(tmp_path):
    index = built(start_prebuilt_index(*write_site(tmp_path), SETUP, READY)())
    assert index["fields"] == ["title", "text", "tags"] and index["refs"] == [doc["location"] for doc in DOCS]
    assert {(field, doc) for field, doc, _ in index["vectors"]} == {(f, d) for f in range(3) for d in range(len(DOCS))}
    held = {term: docs for term, _, *docs in index["terms"]}  # per term, its documents in each field
    assert held["混合精度"] == [[], [1], []]  # a word cut by the build, whole, in question 1's text
    assert held["训练"] == [[], [0, 1], []]
    assert held["lora"] == [[], [1], []]  # lower case, as Lunr searches
    assert "position" not in json.dumps(index)  # found by the worker for the documents a search finds


def test_a_worker_that_fails_is_an_error_naming_the_index_and_what_node_said(tmp_path):
    source, index, script = write_site(tmp_path, worker='throw new Error("no Lunr here")')
    with pytest.raises(PrebuiltIndexError) as error:
        start_prebuilt_index(source, index, script, SETUP, READY)()
    assert str(error.value).startswith(f"{index}: expected the search index built by Node")
    assert "no Lunr here" in error.value.found
    assert set(tmp_path.iterdir()) == {source, index}  # nothing half-written


def test_a_missing_node_is_an_error_saying_what_to_install(tmp_path):
    with pytest.raises(PrebuiltIndexError) as error:
        start_prebuilt_index(*write_site(tmp_path), SETUP, READY, node=str(tmp_path / "no-node"))()
    assert "Node.js" in error.value.expected and "install Node.js" in error.value.example


# Node: Material's worker twice, one building its index (`built`), one given the build's (`prebuilt`,
# through prebuilt-index.js); the answers of both to each query, as Material's messages and as Lunr's
# own results (scores and match data, where the words' positions are).
_COMPARE = r"""
import fs from "node:fs";
import vm from "node:vm";
import { usePrebuilt } from "PREBUILT_INDEX";
const [sourcePath, scriptPath, indexPath, queries] = process.argv.slice(1);
const read = (path) => fs.readFileSync(path, "utf8");
const page = vm.createContext({});
page.window = page;
vm.runInContext("var studyGuide = {};\n" + read(sourcePath) + read(scriptPath), page);
const index = JSON.parse(read(indexPath));

async function worker(prebuilt) {
  const events = new EventTarget(), posted = [];
  const scope = vm.createContext({ console, setTimeout, queueMicrotask });
  Object.assign(scope, { self: scope, addEventListener: events.addEventListener.bind(events),
                         postMessage: (message) => posted.push(message) });
  vm.runInContext(page.studyGuide.searchWorker, scope);
  if (prebuilt) usePrebuilt(scope.lunr, JSON.parse(prebuilt), index.docs, () => {});
  const builder = scope.lunr.Builder.prototype, build = builder.build;
  let lunrIndex = null;
  builder.build = function () { return (lunrIndex = build.call(this)); };
  const ask = async (message) => {
    const count = posted.length;
    events.dispatchEvent(new MessageEvent("message", { data: message }));
    while (posted.length === count) await new Promise((resolve) => setTimeout(resolve, 0));
    return posted[count];
  };
  await ask({ type: SETUP, data: { config: index.config, docs: structuredClone(index.docs), options: {} } });
  return { ask, lunrIndex };
}

const built = await worker(null), prebuilt = await worker(page.studyGuide.lunrIndex);
const answers = [];
for (const query of JSON.parse(queries)) {
  const pair = [];
  for (const { ask, lunrIndex } of [built, prebuilt]) {
    const lunr = lunrIndex.search(query);
    pair.push({ material: (await ask({ type: QUERY, data: query })).data, lunr: JSON.parse(JSON.stringify(lunr)) });
  }
  answers.push(pair);
}
process.stdout.write(JSON.stringify(answers));
"""
COMPARED = ["混合精度", "训练", "lora", "LoRA 训练", "训练 训练", "混合精度 训练 混合精度", "位置编码 kv", "第*",
            "引号", "+训练 -lora", "lora~1"]


def test_the_workers_answers_from_the_builds_index_are_those_from_the_index_it_builds(tmp_path):
    """Material's answers (marks included) and Lunr's own (scores, the words' positions) are the
    same from the index the build made as from the one built."""
    source, index, script = write_site(tmp_path)
    start_prebuilt_index(source, index, script, SETUP, READY)()
    module = (ROOT / "overrides" / "src" / "search" / "prebuilt-index.js").as_uri()
    code = (_COMPARE.replace("PREBUILT_INDEX", module).replace("SETUP", str(SETUP))
            .replace("QUERY", str(MESSAGE_TYPES["QUERY"])))
    result = subprocess.run(["node", "--input-type=module", "-e", code, str(source), str(script), str(index),
                             json.dumps(COMPARED)], capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    answers = json.loads(result.stdout)
    assert all(built["lunr"] for built, _ in answers[:6])  # each found something, its words' positions with it
    for (built, prebuilt), query in zip(answers, COMPARED, strict=True):
        assert prebuilt == built, query
