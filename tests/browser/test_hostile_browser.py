"""A hostile glossary and errata in a real browser (issue 18): Material's tooltips show each
definition exactly as written and no script from config ever runs; the answer line shows the
editor's answer beside the bank's, as text.

The guide is built from ``tests/hostile/`` (bank, glossary) with errata written here, in the
original script so that the text on the page can be compared with the files character for
character.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from generator.links.glossary import load_glossary
from testing.browser import ENV, file_url
from tests.built_sites import built_once
from tests.paths import MKDOCS_YML, ROOT

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
GLOSSARY = HOSTILE / "glossary.yml"
EDITOR_ANSWER = "<img src=x onerror=\"window.__pwned='answer'\"> 約為"
ERRATA = {"q5": {"editor_answer": EDITOR_ANSWER + r" $\approx1.2\times10^{-5}$", "notes": ["按題中數據重算。"]},
          "q2": {"editor_answer": "ABC"}}
CHAPTER = "hostile/chapter-1.html"
TOOLTIP = ".md-tooltip2[role=tooltip] .md-tooltip2__inner"


def _build_hostile(root: Path) -> None:
    bank_dir = root / "hostile"
    bank_dir.mkdir()
    shutil.copy(HOSTILE / "bank.txt", bank_dir / "bank.txt")
    (bank_dir / "errata.yml").write_text(yaml.safe_dump(ERRATA, allow_unicode=True), encoding="utf-8")
    settings = root / "site_config" / "guide.yml"
    settings.parent.mkdir()
    settings.write_text(f"banks: ['{bank_dir / 'bank.txt'}']\nscript: original\nglossary: '{GLOSSARY}'\n",
                        encoding="utf-8")
    site = root / "site"
    # The plugin reads this guide's settings instead of site_config/guide.yml.
    code = ("import sys; from pathlib import Path; import mkdocs.config as mc\n"
            "real = mc.load_config\n"
            "def load(*a, **k):\n"
            "    config = real(*a, **k); config.plugins['study-guide'].config.settings = sys.argv[2]; return config\n"
            "mc.load_config = load\n"
            "from generator.site.build import build_site\n"
            "build_site(Path(sys.argv[1]), [], Path(sys.argv[3]))")
    result = subprocess.run([sys.executable, "-c", code, str(MKDOCS_YML), str(settings), str(site)],
                            cwd=ROOT, env=ENV, capture_output=True, text=True)
    if result.returncode != 0 or "WARNING" in result.stderr:
        pytest.fail(f"building the hostile guide failed:\n{result.stderr[-3000:]}")


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory) -> Path:
    return built_once(tmp_path_factory, "hostile-browser", _build_hostile) / "site"


def test_every_tooltip_shows_its_definition_exactly_and_runs_nothing(page, hostile_site):
    definitions = {t.slug: t.definition for t in load_glossary(GLOSSARY)}
    page.goto(file_url(hostile_site, CHAPTER))
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    terms = page.eval_on_selector_all("a.term", "links => links.map(a => a.getAttribute('href'))")
    assert {href.rsplit("#", 1)[1] for href in terms} == set(definitions)  # every term is on the page
    for i, href in enumerate(terms):
        link = page.locator("a.term").nth(i)
        link.scroll_into_view_if_needed()
        link.hover()
        tooltip = page.locator(TOOLTIP).last
        tooltip.wait_for(state="attached", timeout=5000)
        assert tooltip.inner_text() == definitions[href.rsplit("#", 1)[1]], href
        assert tooltip.locator("img, script, svg, a, b").count() == 0
        page.mouse.move(0, 0)
        page.wait_for_timeout(50)
    page.wait_for_timeout(300)  # an image's onerror would have fired by now
    assert page.evaluate("window.__pwned") is None


def test_the_glossary_page_shows_definitions_as_text(page, hostile_site):
    page.goto(file_url(hostile_site, "glossary.html"))
    text = page.inner_text("article")
    for term in load_glossary(GLOSSARY):
        assert term.definition in text, term.slug
    assert page.locator("article img, article script, article svg").count() == 0
    assert page.evaluate("window.__pwned") is None


def test_the_answer_line_shows_the_editor_answer_beside_the_bank_answer(page, hostile_site):
    page.goto(file_url(hostile_site, CHAPTER))
    page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
    q5 = page.locator("#q5").locator("xpath=ancestor::div[contains(@class, 'question')]").first
    line = q5.locator("details p", has_text="答案：").first.inner_text()
    assert line.startswith("答案： 0.0005（題庫）· 編者答案：" + EDITOR_ANSWER), line
    assert q5.locator("details p", has_text="答案：").first.locator(".katex").count() == 1  # typeset
    q2 = page.locator("#q2").locator("xpath=ancestor::div[contains(@class, 'question')]").first
    assert q2.locator("details p", has_text="答案：").first.inner_text() == "答案： A、C（題庫）· 編者答案：A、B、C"
    assert page.evaluate("window.__pwned") is None


def test_a_paper_drawn_from_the_bank_shows_its_text_as_text_and_runs_nothing(page, hostile_site):
    page.goto(file_url(hostile_site, "hostile/exam.html"))
    for field in page.locator("input[name^=count-]").all():
        field.fill("999")  # every question the bank can put on a paper
    page.locator("[data-run-form] button[type=submit]").click()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator(".exam-bar__hand-in").click()
    page.locator(".exam-result__total").wait_for()
    shown = page.locator(".exam-paper").inner_text()
    assert "q5" in page.locator(".exam-paper h2").evaluate_all("hs => hs.map(h => h.id)")
    assert EDITOR_ANSWER in shown  # q5's editor's answer as written, not an image
    assert page.locator(".exam-paper img").count() == 0
    assert page.evaluate("window.__pwned") is None
