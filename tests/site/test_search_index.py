"""The guide's search index (generator.site.material's stand-in in Material's search plugin) against
the index Material's own search plugin writes for the bundled guide, and its completion
(generator.search.index.complete_search_index): the copy for file:// and the workers' source."""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.base.errors import GuideError
from generator.links.glossary import load_glossary
from generator.search.index import SEARCH_WORKER_PRELUDE, complete_search_index, rewrite_index
from generator.search.segmenter import SEPARATOR
from generator.site.frontend import constants_script
from tests.built_sites import built_once
from tests.node_scripts import run_scripts
from tests.paths import ROOT

# A build with Material's own search index: its plugin parses every page's HTML and cuts it
# with jieba, as before the guide wrote the index.  The workers' source, which the offline app
# precaches, is still written (from Material's index), and Material's files are kept as written.
MATERIAL_ONLY = """
import json
import sys
import generator.site.finish as finish
import generator.site.plugin as plugin
plugin.install_search_index = lambda config, make, kept: None
complete = finish.complete_search_index
def material_index_kept(site, index, *args, **kwargs):
    path = site / "search" / "search_index.json"
    written = {path: path.read_bytes() for path in (path, path.with_suffix(".js")) if path.is_file()}
    complete(site, json.loads(written[path]), *args, **kwargs)()  # the index Node builds from them, waited for
    for path, data in written.items():
        path.write_bytes(data)
    return lambda: None
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
    """A copy of the search parts of the site, to complete."""
    copy = tmp_path / "site"
    for part in ("search", "assets/javascripts"):
        shutil.copytree(material_site / part, copy / part)
    return copy


GLOSSARY = load_glossary(ROOT / "site_config" / "glossary.yml")


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def complete(site: Path, suggest: bool = False) -> None:
    """The site's search completed with Material's index rewritten as the guide writes its own."""
    path = site / "search" / "search_index.json"
    index = rewrite_index(json.loads(read(path)), GLOSSARY, "hans") if path.is_file() else None
    complete_search_index(site, index, suggest, constants_script())


@pytest.mark.slow
def test_the_guides_index_is_materials_index_with_its_words_cut_by_the_guide(material_site, guide_site):
    """Every document Material's plugin wrote (title, location, text: the same sections, the same
    exclusions), cut by the guide, the query folding made of its words; written compactly."""
    material = json.loads(read(material_site / "search" / "search_index.json"))
    text = read(guide_site / "search" / "search_index.json")
    guide = json.loads(text)
    assert guide == rewrite_index(material, GLOSSARY, "hans")
    assert any("tags" in d for d in material["docs"]) and not any("tags" in d for d in guide["docs"])
    assert guide["config"]["separator"] == SEPARATOR and guide["config"]["lang"] == material["config"]["lang"]
    assert "位置编码" in guide["config"]["fold"]["words"].split()  # a glossary term, whole
    assert text == json.dumps(guide, ensure_ascii=False, separators=(",", ":"))  # UTF-8, no spaces
    # One document per question, at its anchor, titled by its heading, without the answers' fold title.
    questions = [d for d in guide["docs"] if re.search(r"chapter-\d+\.html#q\d+$", d["location"])]
    assert len(questions) == 26 and all(re.match("第\u200b?\\d+\u200b?题", d["title"]) for d in questions)
    assert not any("答案与解析" in d["text"].replace("\u200b", "") for d in questions)


@pytest.mark.slow
def test_the_offline_copy_and_the_worker_source_follow_the_index(site):
    complete(site, suggest=True)
    index = rewrite_index(json.loads(read(site / "search" / "search_index.json")), GLOSSARY, "hans")
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
def test_without_the_offline_copy_nothing_is_written(site):
    (site / "search" / "search_index.js").unlink()
    (site / "assets" / "javascripts" / "workers" / "search-source.js").unlink(missing_ok=True)
    complete(site)
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
