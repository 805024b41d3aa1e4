"""What the plugin reads from and changes in MkDocs' configuration (generator.site.mkdocs_config),
on the project's own mkdocs.yml, and where the generator's log goes (generator.site.logs)."""
from __future__ import annotations

import logging
import subprocess
import sys

import pytest
from mkdocs.config import load_config

from generator.base.errors import ConfigError
from generator.search.segmenter import JIEBAS_OWN, Dictionaries
from generator.site.mkdocs_config import (
    follow_script,
    hand_written_pages,
    iframe_worker_shims,
    plugin_settings,
    reading_order,
    take_jieba_dictionaries,
)
from tests.paths import BUNDLED, ROOT


@pytest.fixture
def config():
    return load_config(str(ROOT / "mkdocs.yml"))


def search_plugin(config):
    return next(p for p in config.plugins.values() if "jieba_dict_user" in p.config)


def test_the_interface_and_the_sites_own_strings_follow_the_script(config):
    name, toggles = config.site_name, [p["toggle"]["name"] for p in config.theme["palette"]]
    follow_script(config, "hant")
    assert config.theme["language"] == "zh-Hant"
    follow_script(config, "hans")
    assert config.theme["language"] == "zh"
    assert config.site_name != name and "级" in config.site_name and "級" in name  # 高級 -> 高级
    assert [p["toggle"]["name"] for p in config.theme["palette"]] != toggles
    assert "换" in config.theme["palette"][0]["toggle"]["name"]  # 切換 -> 切换


def test_the_local_iframe_worker_shim_is_found_and_a_cdn_one_warned_of(config, caplog):
    assert iframe_worker_shims(config) == ["assets/javascripts/iframe-worker/shim.js"]
    config.extra["polyfills"] = ["https://unpkg.com/iframe-worker/shim"]
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.study-guide"):
        assert iframe_worker_shims(config) == []
    assert "CDN" in caplog.text and "extra.polyfills" in caplog.text


def test_the_sites_jieba_dictionaries_are_taken_from_materials_search(config, tmp_path):
    """The guide's index cuts the words with them; Material's plugin must not load jieba's dictionary."""
    own = tmp_path / "own.txt"
    own.write_text("大模型 5\n", encoding="utf-8")
    search_plugin(config).config.jieba_dict_user = str(own)
    assert take_jieba_dictionaries(config) == Dictionaries(None, "大模型 5\n")
    assert search_plugin(config).config.jieba_dict_user is None and search_plugin(config).config.jieba_dict is None


def test_without_dictionaries_of_its_own_the_site_gives_jiebas(config):
    assert take_jieba_dictionaries(config) == JIEBAS_OWN


def test_a_missing_jieba_dictionary_is_named(config, tmp_path):
    search_plugin(config).config.jieba_dict = str(tmp_path / "none.txt")
    with pytest.raises(ConfigError) as error:
        take_jieba_dictionaries(config)
    assert "plugins.search.jieba_dict" in str(error.value) and "none.txt" in str(error.value)


def test_hand_written_pages_are_titled_by_their_first_heading(tmp_path):
    (tmp_path / "guide").mkdir()
    (tmp_path / "about.md").write_text("intro\n# 關於本指南 \n## 來源\n", encoding="utf-8")
    (tmp_path / "guide" / "how-to-read.md").write_text("no heading\n", encoding="utf-8")
    assert hand_written_pages(tmp_path) == {"about.md": "關於本指南", "guide/how-to-read.md": "how-to-read"}


def test_the_plugins_options_override_the_settings(tmp_path):
    path = ROOT / "site_config" / "guide.yml"
    plain = plugin_settings(path, [], None)
    assert plain.banks == (BUNDLED,) and plain.script == "hans"
    overridden = plugin_settings(path, [str(tmp_path / "other.txt")], "hant")
    assert overridden.banks == (tmp_path / "other.txt",) and overridden.script == "hant"


ROUTED = """
import logging
import generator.site.plugin
generator = logging.getLogger("generator")
print(len(generator.handlers), generator.propagate)  # importing the plugin changes nothing
from generator.site.logs import route_generator_log
route_generator_log()
route_generator_log()
seen = []
class Seen(logging.Handler):
    def emit(self, record):
        seen.append((record.name, record.getMessage()))
logging.getLogger("mkdocs.plugins.study-guide").addHandler(Seen())
logging.getLogger("generator.read.load").warning("a warning")
logging.getLogger("generator.read.load").debug("a debug line")
print(len(generator.handlers), generator.propagate, seen)
"""


def test_the_generator_log_goes_to_mkdocs_once_routed_not_on_import():
    result = subprocess.run([sys.executable, "-c", ROUTED], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["0 True", "1 False [('generator.read.load', 'a warning')]"]


def test_a_tags_listing_goes_in_reading_order():
    """Material lists a tag's pages by title (安全与伦理 before 机器学习…, （10） before （2）);
    the guide's go in the order of the navigation, a page outside it last."""
    from types import SimpleNamespace

    nav = [{"首页": "index.md"}, {"题库": [{"第十章": "b/chapter-10.md"}, {"第二章": "b/chapter-2.md"}]},
           "about.md"]
    key = reading_order(nav)

    def page(uri: str, title: str):
        return SimpleNamespace(item=SimpleNamespace(file=SimpleNamespace(src_uri=uri), title=title))

    pages = [page("b/chapter-2.md", "（2）"), page("x.md", "甲"), page("b/chapter-10.md", "（10）"),
             page("about.md", "说明")]
    assert [p.item.file.src_uri for p in sorted(pages, key=key)] == ["b/chapter-10.md", "b/chapter-2.md",
                                                                      "about.md", "x.md"]


def test_the_tags_page_lists_each_tags_chapters_in_reading_order(guide_site):
    import re

    html = (guide_site / "tags.html").read_text(encoding="utf-8")
    lists = [[int(n) for n in re.findall(r'href="ai-trainer/chapter-(\d+)\.html"', section)]
             for section in html.split('<h2 id="tag:')[1:]]
    assert any(len(chapters) > 1 for chapters in lists)
    assert all(chapters == sorted(chapters) for chapters in lists), lists
