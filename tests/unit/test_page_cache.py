"""Chapter pages kept from build to build of ``mkdocs serve`` (generator.pages.page_cache): a
page is made again when what it is made from changed, and a kept page is the page a fresh
build makes."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from generator.base.settings import load_settings
from generator.pages.compose import Plan, plan_guide
from generator.pages.page_cache import PageCache, SessionCache
from testing.synthetic import question_lines, write_synthetic_bank
from tests.paths import GUIDE_SETTINGS

CHAPTERS = 4


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    return write_synthetic_bank(tmp_path / "bank" / "bank.txt", 30 * CHAPTERS, per_chapter=30)


def _plan(bank: Path, cache: PageCache | None) -> Plan:
    """A build's plan; with ``cache``, a new build of the session (as the plugin starts one)."""
    if cache is not None:
        cache.pages.start_build()
    settings = replace(load_settings(GUIDE_SETTINGS), banks=(bank,))
    return plan_guide(settings, html_links=True, cache=cache)


def _pages(plan: Plan) -> dict[str, str]:
    """Every page's Markdown, its formulas put in (the tokens differ from stash to stash)."""
    renderer, stash = plan.renderer, plan.formulas
    assert stash is not None
    return {path: stash.restore(renderer.render(i).markdown) for i, (path, _) in enumerate(renderer.outline)}


def _edit_line(bank: Path, k: int, edit) -> None:
    lines = bank.read_text(encoding="utf-8").split("\n")
    lines[k] = edit(lines[k])
    bank.write_text("\n".join(lines), encoding="utf-8")


def test_the_same_bank_is_not_rendered_again(bank):
    cache = PageCache()
    first = _pages(_plan(bank, cache))
    assert cache.pages.misses == CHAPTERS
    again = _pages(_plan(bank, cache))
    assert cache.pages.misses == 0
    assert again == first


def test_an_edit_makes_its_chapter_again_and_every_page_is_a_fresh_builds(bank):
    cache = PageCache()
    before = _pages(_plan(bank, cache))
    third = question_lines(bank.read_text(encoding="utf-8"))[2]
    _edit_line(bank, third, lambda line: line.replace("下列", "下列各項", 1))
    after = _pages(_plan(bank, cache))
    assert 1 <= cache.pages.misses < CHAPTERS
    changed = {path for path in after if after[path] != before[path]}
    assert "bank/chapter-3.md" in changed and "bank/chapter-1.md" not in changed
    assert after == _pages(_plan(bank, None))


def test_text_moved_down_the_file_is_not_rendered_again(bank):
    """A line added above the chapters moves every question in the file, which no chapter page shows."""
    cache = PageCache()
    before = _pages(_plan(bank, cache))
    _edit_line(bank, 0, lambda title: title + "\n")
    assert _pages(_plan(bank, cache)) == before
    assert cache.pages.misses == 0


def test_a_build_keeps_what_it_used():
    cache: SessionCache[str] = SessionCache()
    cache.start_build()
    cache.put(b"a", "A")
    cache.put(b"b", "B")
    cache.start_build()
    assert cache.get(b"a") == "A" and cache.misses == 0
    assert cache.get(b"c") is None and cache.misses == 1
    cache.start_build()  # the build before used only "a"
    assert cache.get(b"a") == "A" and cache.get(b"b") is None
