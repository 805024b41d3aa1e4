"""A long bank's chapters in the built navigation: in numbered groups, a page holding its own
group in full and the others as links to their first chapter (Material's navigation.prune)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.pages.nav_groups import CHAPTERS_PER_GROUP, CHAPTERS_UNGROUPED
from testing.browser import build_site, file_url
from testing.synthetic import write_synthetic_bank
from tests.browser_fixtures import axe_in_both_schemes
from tests.built_sites import built_once

pytestmark = pytest.mark.slow  # builds a guide

CHAPTERS = CHAPTERS_UNGROUPED + CHAPTERS_PER_GROUP  # two groups and a part of one: 1–20, 21–40, 41–50
HREF = re.compile(r'href="([^"]+)"')


def _build(folder: Path) -> None:
    bank = write_synthetic_bank(folder / "bank.txt", CHAPTERS, per_chapter=1)
    build_site(folder / "site", banks=[bank])


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    return built_once(tmp_path_factory, "nav-groups", _build) / "site"


@pytest.fixture(scope="module")
def bank(site) -> Path:
    """The bank's folder of chapter pages in the built site."""
    (folder,) = [p for p in site.iterdir() if (p / "chapter-1.html").is_file()]
    return folder


def navigation(page: Path) -> str:
    """The primary navigation (the sidebar) of a built page."""
    html = page.read_text(encoding="utf-8")
    start = html.index('class="md-sidebar md-sidebar--primary"')
    return html[start:html.index('class="md-sidebar md-sidebar--secondary"', start)]


def chapters_linked(nav: str) -> set[int]:
    return {int(m.group(1)) for m in re.finditer(r'href="(?:[^"]*/)?chapter-(\d+)\.html"', nav)}


def test_a_chapter_page_lists_its_own_group_in_full_and_the_others_by_their_first_chapter(bank):
    nav = navigation(bank / "chapter-25.html")
    assert chapters_linked(nav) == {1, *range(21, 41), 41}
    assert "第 1–20 章" in nav and "第 21–40 章" in nav and f"第 41–{CHAPTERS} 章" in nav
    assert 'href="chapter-25.html" class="md-nav__link md-nav__link--active"' in nav  # marked in its group


def test_the_practice_pages_follow_the_groups_in_every_page_navigation(site, bank):
    for page in (site / "index.html", bank / "chapter-1.html", bank / f"chapter-{CHAPTERS}.html"):
        links = HREF.findall(navigation(page))
        assert [link.rsplit("/", 1)[-1] for link in links if link.endswith(("random.html", "review.html"))] \
            == ["random.html", "review.html"]


def test_a_page_outside_the_bank_lists_the_groups_alone(site):
    assert chapters_linked(navigation(site / "index.html")) == {1, 21, 41}


@pytest.mark.browser
def test_the_groups_pass_axe_and_a_reader_reaches_another_group_by_keyboard(page, site, bank):
    page.goto(file_url(site, f"{bank.name}/chapter-25.html"))
    found = [f"{name}: {v['id']}: {v['nodes'][0]['target']}" for name, v in axe_in_both_schemes(page)]
    assert not found
    group = page.locator(".md-sidebar--primary a.md-nav__link", has_text=f"第 41–{CHAPTERS} 章")
    group.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/chapter-41.html")
    active = page.locator('.md-sidebar--primary a.md-nav__link--active[href="chapter-41.html"]')
    assert active.is_visible()  # chapter 41 open in its group
