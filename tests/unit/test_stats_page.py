"""The 統計 page and the home page's 今日計劃 (generator/pages/stats_page.py), and the strings
their scripts read (stats_strings.py)."""
from dataclasses import replace

import pytest

from generator.pages.stats_page import CHARTS, plan_panel, render_stats_page
from generator.pages.stats_strings import STATS_UI, stats_strings, stats_strings_script
from generator.read.load import corrected_bank
from tests.node_scripts import run_scripts
from tests.paths import BUNDLED


@pytest.fixture(scope="module")
def bank():
    return corrected_bank(BUNDLED)


def test_chapter_names_are_text_and_every_chart_has_its_place(bank):
    hostile = replace(bank, chapters=(replace(bank.chapters[0], title="<img src=x onerror=alert(1)> & *x*"),
                                      *bank.chapters[1:]))
    page = render_stats_page([hostile], stats_strings("hans"))
    assert page.path == "stats.md" and page.title == "统计"
    assert '<li data-page="ai-trainer/chapter-1">1. &lt;img src=x onerror=alert(1)&gt; &amp; *x*</li>' in page.markdown
    assert "<img" not in page.markdown
    for chart in CHARTS:
        assert f'data-stats-chart="{chart}" aria-labelledby="stats-{chart}"' in page.markdown
        assert f'<h2 id="stats-{chart}">' in page.markdown


def test_with_several_banks_a_chapter_is_named_with_its_bank(bank):
    other = replace(bank, slug="other", title="另一個題庫")
    page = render_stats_page([bank, other], STATS_UI)
    assert '<li data-page="other/chapter-2">另一個題庫 · 2. ' in page.markdown


def test_the_plan_links_each_banks_review_page_and_the_stats_page(bank):
    panel = plan_panel([bank, replace(bank, slug="b&2")], stats_strings("hant"))
    assert 'data-practice-bank="ai-trainer"><a href="ai-trainer/review.html">' in panel
    assert 'data-practice-bank="b&amp;2"><a href="b&amp;2/review.html">' in panel
    assert 'href="stats.html">查看統計</a>' in panel and "今日計劃" in panel


def test_the_scripts_read_the_strings_in_the_editions_script():
    *_, found = run_scripts("var studyGuide = {strings: {reveal_answer: 'x'}};", stats_strings_script("hans"),
                            "studyGuide.strings")
    assert found["plan_title"] == "今日计划" and found["stats_due"] == "未来 14 天到期复习"
    assert set(found) == {*STATS_UI, "reveal_answer"}  # added to the strings already there
