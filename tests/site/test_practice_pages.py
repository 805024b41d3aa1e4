"""The practice markup on the generated pages: hidden until the scripts run, the practice data
loaded where it is needed, the 错题本 and 收藏 pages in the navigation."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest
import yaml

from generator.base.settings import load_settings
from generator.pages.compose import build_guide
from generator.pages.practice_markup import practice_bar, progress_panel
from generator.pages.script import convert_strings
from generator.pages.strings import UI
from tests.paths import BUNDLED, ROOT

FRONT = re.compile(r"\A---\n(.*?)---\n", re.DOTALL)


@pytest.fixture(scope="module")
def guide():
    return build_guide(replace(load_settings(ROOT / "site_config" / "guide.yml"), banks=(BUNDLED,)), typeset=False)


def front_matter(markdown: str) -> dict:
    match = FRONT.match(markdown)
    return yaml.safe_load(match.group(1)) if match else {}


def test_the_pages_that_practise_load_only_their_part_of_the_data_and_no_other_does(guide):
    loading = {page.path: front_matter(page.markdown).get("practice") for page in guide.pages}
    chapters = {f"ai-trainer/chapter-{n}.md": [f"assets/practice/ai-trainer/chapter-{n}.js"] for n in range(1, 6)}
    runs = {f"ai-trainer/{kind}.md" for kind in ("random", "types", "exam", "review")}  # draw, then load the questions
    index = ["assets/practice/ai-trainer.js"]
    assert {path: data for path, data in loading.items() if data} == {
        **chapters, **{path: index for path in ("index.md", "mistakes.md", "starred.md", "stats.md", *runs)}}
    bundles = {page.path: front_matter(page.markdown).get("bundle") for page in guide.pages}
    assert {path: bundle for path, bundle in bundles.items() if bundle} == {
        "stats.md": "stats", **{path: "runs" for path in runs}}  # their own scripts


def test_a_chapter_page_has_its_bar_hidden_until_the_script_shows_it(guide):
    chapter = next(page for page in guide.pages if page.path == "ai-trainer/chapter-1.md")
    assert ('<div class="practice-bar" data-practice-bank="ai-trainer" data-practice-chapter="ai-trainer/chapter-1" '
            'data-search-exclude hidden>') in chapter.markdown
    assert "答题模式" in chapter.markdown and "背题模式" in chapter.markdown
    assert "<input" not in chapter.markdown.split('<div class="practice-bar"', 1)[1].split("</div>", 1)[0]


def test_the_home_page_holds_a_count_per_chapter_and_the_progress_panel(guide):
    home = next(page for page in guide.pages if page.path == "index.md")
    assert home.markdown.count('class="practice-count"') == 5
    assert '<div class="practice-progress" data-search-exclude hidden markdown>' in home.markdown
    assert "导出进度" in home.markdown and "导入进度" in home.markdown and "清除进度" in home.markdown


def test_the_lists_are_in_the_navigation_after_the_chapters(guide):
    titles = [next(iter(entry)) for entry in guide.nav]
    runs = ["随机练习", "题型练习", "模拟考试", "今日复习"]  # the bank's runs, right after its chapters
    assert titles[titles.index("安全与伦理") + 1:titles.index("收藏") + 1] == [*runs, "错题本", "收藏"]
    mistakes = next(page for page in guide.pages if page.path == "mistakes.md")
    assert '<div class="practice-list" data-practice-list="mistakes" data-search-exclude>' in mistakes.markdown


def test_interface_strings_are_escaped_in_the_markup():
    ui = {**convert_strings(UI, "hant"), "mode_answer": "<b>答</b>", "progress_title": '"x"'}
    assert "&lt;b&gt;答&lt;/b&gt;" in practice_bar("b", "b/chapter-1", ui, 3)
    assert "&quot;x&quot;" in progress_panel(ui)
    assert 'data-practice-bank="a&quot;b"' in practice_bar('a"b', "k", ui, 3)
    ui = {**ui, "chapter_progress": "<i>{answered}/{count}</i> {right}"}
    assert "&lt;i&gt;0/3&lt;/i&gt; 0" in practice_bar("b", "k", ui, 3)
