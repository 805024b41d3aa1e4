"""The built site's search index completed (generator.search.index.complete_search_index), on
the index Material's search and offline plugins write for the bundled guide."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.base.errors import GuideError
from generator.links.glossary import load_glossary
from generator.search.index import SEARCH_WORKER_PRELUDE, complete_search_index
from generator.search.segmenter import SEPARATOR
from generator.site.frontend import constants_script
from tests.built_sites import built_once
from tests.node_scripts import run_scripts
from tests.paths import ROOT

# A build whose plugin leaves Material's index (and its copy for file://) as Material wrote it;
# the rest of completing it (the search workers' source, which the offline app precaches) is kept.
MATERIAL_ONLY = """
import sys
import generator.site.finish as finish
complete = finish.complete_search_index
def material_index_kept(site, *args, **kwargs):
    index = site / "search" / "search_index.json"
    written = {path: path.read_bytes() for path in (index, index.with_suffix(".js")) if path.is_file()}
    complete(site, *args, **kwargs)
    for path, data in written.items():
        path.write_bytes(data)
finish.complete_search_index = material_index_kept
from mkdocs.__main__ import cli
cli(["build", "--strict", "-d", sys.argv[1]])
"""


def _build_material_only(folder: Path) -> None:
    result = subprocess.run([sys.executable, "-c", MATERIAL_ONLY, str(folder / "site")], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)})
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def material_site(tmp_path_factory) -> Path:
    return built_once(tmp_path_factory, "material-index", _build_material_only) / "site"


@pytest.fixture
def site(material_site, tmp_path) -> Path:
    """A copy of the search parts of the site, to rewrite."""
    copy = tmp_path / "site"
    for part in ("search", "assets/javascripts"):
        shutil.copytree(material_site / part, copy / part)
    return copy


GLOSSARY = load_glossary(ROOT / "site_config" / "glossary.yml")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def complete(site: Path, suggest: bool = False) -> None:
    complete_search_index(site, GLOSSARY, "hans", suggest, constants_script())


@pytest.mark.slow
def test_materials_index_is_rewritten_in_place_compactly(site):
    before = json.loads(read(site / "search" / "search_index.json"))
    complete(site)
    text = read(site / "search" / "search_index.json")
    after = json.loads(text)
    assert [d["location"] for d in after["docs"]] == [d["location"] for d in before["docs"]]
    assert any("tags" in d for d in before["docs"]) and not any("tags" in d for d in after["docs"])
    assert after["config"]["separator"] == SEPARATOR and after["config"]["lang"] == before["config"]["lang"]
    assert {"chars", "latin", "words"} <= set(after["config"]["fold"])
    assert "位置编码" in after["config"]["fold"]["words"].split()  # a glossary term, whole
    assert text == json.dumps(after, ensure_ascii=False, separators=(",", ":"))  # UTF-8, no spaces


@pytest.mark.slow
def test_the_offline_copy_and_the_worker_source_follow_the_index(site):
    complete(site, suggest=True)
    index = json.loads(read(site / "search" / "search_index.json"))
    scripts = site / "assets" / "javascripts"
    workers = scripts / "workers"
    _, offline, suggest, _, source = run_scripts(read(site / "search" / "search_index.js"), "__index",
                                                 "studyGuide.index.options.suggest", read(workers / "search-source.js"),
                                                 "studyGuide.searchWorker")
    assert offline == {"config": index["config"], "docs": index["docs"]} and suggest is True
    assert isinstance(source, str)
    prelude = read(scripts / SEARCH_WORKER_PRELUDE)  # the bundle the build made of the guide's worker prelude
    material = read(next(workers.glob("search.*.min.js")))
    # the constants the prelude reads, then the prelude, then Material's worker
    assert source.startswith(constants_script()) and 0 < source.index(prelude) < source.index(material)


@pytest.mark.slow
def test_without_the_offline_copy_only_the_index_is_rewritten(site):
    (site / "search" / "search_index.js").unlink()
    (site / "assets" / "javascripts" / "workers" / "search-source.js").unlink(missing_ok=True)
    complete(site)
    assert "fold" in json.loads(read(site / "search" / "search_index.json"))["config"]
    assert not (site / "search" / "search_index.js").exists()
    assert not (site / "assets" / "javascripts" / "workers" / "search-source.js").exists()


def test_a_site_without_a_search_index_is_left_alone(tmp_path):
    complete(tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow
def test_a_missing_search_worker_is_named_with_its_folder(site):
    workers = site / "assets" / "javascripts" / "workers"
    for worker in workers.glob("search.*.min.js"):
        worker.unlink()
    with pytest.raises(GuideError) as error:
        complete(site)
    assert str(workers) in str(error.value) and "search.*.min.js" in str(error.value)
