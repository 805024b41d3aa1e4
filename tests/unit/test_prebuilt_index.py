"""The search index built at build time (generator.search.prebuilt): Lunr's index made in Node by
Material's own search worker, and the script the page reads it from."""
from __future__ import annotations

import json
from pathlib import Path

import material
import pytest

from generator.search.offline import worker_source
from generator.search.prebuilt import PrebuiltIndexError, prebuilt_index
from generator.search.segmenter import SEPARATOR
from generator.site.material import MESSAGE_TYPES
from tests.node_scripts import run_scripts

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


def test_the_index_is_lunrs_of_every_document_with_the_words_as_the_index_cuts_them(tmp_path):
    index = built(prebuilt_index(*write_site(tmp_path), SETUP, READY))
    assert index["fields"] == ["title", "text", "tags"]
    assert {ref for ref, _ in index["fieldVectors"]} == {f"{field}/{doc['location']}" for doc in DOCS
                                                           for field in ("title", "text", "tags")}
    terms = dict(index["invertedIndex"])
    assert set(terms["混合精度"]["text"]) == {"ai/chapter-1.html#q1"}  # a word cut by the build, whole
    assert set(terms["训练"]["text"]) == {"ai/chapter-1.html", "ai/chapter-1.html#q1"}
    assert set(terms["lora"]["text"]) == {"ai/chapter-1.html#q1"}  # lower case, as Lunr searches
    assert "position" in terms["位置编码"]["text"]["ai/chapter-1.html#q2"]  # where, for Material's marks


def test_a_worker_that_fails_is_an_error_naming_the_index_and_what_node_said(tmp_path):
    source, index, script = write_site(tmp_path, worker='throw new Error("no Lunr here")')
    with pytest.raises(PrebuiltIndexError) as error:
        prebuilt_index(source, index, script, SETUP, READY)
    assert str(error.value).startswith(f"{index}: expected the search index built by Node")
    assert "no Lunr here" in error.value.found
    assert set(tmp_path.iterdir()) == {source, index}  # nothing half-written


def test_a_missing_node_is_an_error_saying_what_to_install(tmp_path):
    with pytest.raises(PrebuiltIndexError) as error:
        prebuilt_index(*write_site(tmp_path), SETUP, READY, node=str(tmp_path / "no-node"))
    assert "Node.js" in error.value.expected and "install Node.js" in error.value.example
