"""Retake the screenshots of 使用说明 (``content/pages/about.md``): ``python -m testing.help_screenshots``.

Builds the bundled guide into a temporary folder, opens it from ``file://`` in headless Chromium
at a phone's width (390 px, light theme), practises as a reader would (a wrong answer on a chapter
page, a 随机练习 run, a mock exam, a review due the next day) and writes each screenshot, cropped to
the part the help page explains, over its file in ``content/pages/assets/help/``.  It writes those
eight files and nothing else.  Run it after a change to the practice pages and look at the result.
"""
from __future__ import annotations

import argparse
import io
import re
import sys
import tempfile
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image
from playwright.sync_api import sync_playwright

from testing.browser import PHONE, build_site, file_url, launch, offline_page
from testing.paths import ROOT

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

HELP = ROOT / "content" / "pages" / "assets" / "help"
BANK = "ai-trainer"
START = datetime(2026, 1, 5, 9, 0)  # the clock the practice starts at; the review is due a day later
COLOURS = 128
MAX_HEIGHT = 760  # pixels: a screenshot never runs longer than about one phone screen
WRONG_OPTION = re.compile(r"^A\.")  # question 1's key is B
# Math.random seeded (mulberry32), so that a run draws the same questions at every retake.
SEEDED_RANDOM = """(() => { let s = 7; Math.random = () => { s = (s + 0x6D2B79F5) | 0;
  let t = Math.imul(s ^ (s >>> 15), 1 | s); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296; }; })();"""


def clip(page: Page, name: str, first: Locator, last: Locator | None = None, pad: int = 8) -> None:
    """Screenshot the page's full width from the top of ``first`` to the bottom of ``last`` into ``name``."""
    if name not in SHOTS:
        raise ValueError(f"{name}: not one of the help page's screenshots {sorted(SHOTS)}")
    # At the top of the page, so that the sticky header stays there, out of the crop.
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(300)  # transitions and fonts settle
    top_box, bottom_box = first.bounding_box(), (last or first).bounding_box()
    if top_box is None or bottom_box is None:
        raise RuntimeError(f"{name}: what it shows is not on the page")
    top = max(0.0, top_box["y"] - pad)
    bottom = bottom_box["y"] + bottom_box["height"] + pad
    shot = page.screenshot(full_page=True,
                           clip={"x": 0, "y": top, "width": PHONE["width"], "height": min(bottom - top, MAX_HEIGHT)})
    # A palette of 128 colours keeps text and marks as they were at a third of the bytes.
    Image.open(io.BytesIO(shot)).convert("RGB").quantize(colors=COLOURS).save(HELP / name, optimize=True)


def chapter(page: Page, site: Path) -> None:
    """The chapter's bar; question 1 answered wrong, its marks, verdict and 重做."""
    page.goto(file_url(site, f"{BANK}/chapter-1.html"))
    clip(page, "chapter-bar.png", page.locator("article h1"), page.locator(".practice-bar"))
    question = page.locator(".question", has=page.locator("h2#q1"))
    question.get_by_role("radio", name=WRONG_OPTION).check()
    question.locator(".practice__verdict").filter(has_text=re.compile(".")).wait_for()
    clip(page, "chapter-answered.png", question, question.locator("details.answer > summary"))


def key_of(question: Locator) -> str:
    """The letters of a choice question's key, from the page's practice data (nothing on screen says it)."""
    return str(question.evaluate(
        "node => { const bank = node.closest('[data-practice-bank]').getAttribute('data-practice-bank');"
        " return studyGuide.practiceData[bank].q[node.querySelector('h2').id].a; }"))


def random_run(page: Page, site: Path) -> None:
    """A 随机练习 run of single choices: the first answered right, the second wrong, the 答题卡 open."""
    page.goto(file_url(site, f"{BANK}/random.html"))
    for box in page.locator("[data-run-form] input[name=type]").all():  # single choices: judged at a tap
        box.set_checked(box.get_attribute("value") == "single")
    page.fill("[data-run-form] input[name=count]", "5")
    page.get_by_role("button", name="开始").click()
    current = page.locator(".run-sheet .question:visible")
    current.wait_for()
    current.locator(f"input[value='{key_of(current)}']").check()
    page.locator(".run-bar__next").click()
    current.locator(f"input:not([value='{key_of(current)}'])").first.check()
    page.locator(".run-card__toggle").click()
    clip(page, "random.png", page.locator(".run-bar"), current.locator(".practice__verdict"))


def exam(page: Page, site: Path) -> None:
    """A mock exam being sat: the clock, 交卷, the 答题卡 and the first question (two options), not yet answered."""
    page.goto(file_url(site, f"{BANK}/exam.html"))
    page.locator("[data-run-form]").wait_for()
    page.fill("input[name=seed]", "2026")
    page.fill("input[name=minutes]", "90")
    page.get_by_role("button", name="开始").click()
    current = page.locator(".exam-paper .question:visible")
    current.wait_for()
    page.locator(".run-card__toggle").click()
    clip(page, "exam.png", page.locator(".run-bar"), current.locator(".options li").nth(1))


def review(page: Page, site: Path) -> None:
    """The next day: question 1, answered wrong, is due."""
    page.clock.set_system_time(START + timedelta(days=1))
    page.goto(file_url(site, f"{BANK}/review.html"))
    message = page.locator(".run-form__message")
    message.wait_for()
    clip(page, "review.png", page.locator("article h1"), message)


def mistakes(page: Page, site: Path) -> None:
    page.goto(file_url(site, "mistakes.html"))
    article = page.locator("article")
    clip(page, "mistakes.png", article.locator("h1"), article.locator(".practice-list"))


def plan(page: Page, site: Path) -> None:
    page.goto(file_url(site, "index.html"))
    clip(page, "plan.png", page.locator(".today-plan"))


def stats(page: Page, site: Path) -> None:
    page.goto(file_url(site, "stats.html"))
    mastery = page.locator("[data-stats-chart=mastery]")
    mastery.locator("svg").wait_for()
    clip(page, "stats.png", page.locator("article h1"), mastery)


# In the order taken: each step builds on the practice of the ones before.
STEPS: tuple[Callable[[Page, Path], None], ...] = (chapter, random_run, exam, review, mistakes, plan, stats)
SHOTS = frozenset({"chapter-bar.png", "chapter-answered.png", "random.png", "exam.png", "review.png",
                   "mistakes.png", "plan.png", "stats.png"})


def take(site: Path) -> list[Path]:
    """Practise on the built ``site`` and write the screenshots; the files written."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            with offline_page(browser, PHONE) as (page, refused):
                page.clock.install(time=START)
                page.add_init_script(SEEDED_RANDOM)
                for step in STEPS:
                    step(page, site)
                if len(refused):
                    raise RuntimeError(f"the guide asked the network for {refused.urls}")
        finally:
            browser.close()
    return [HELP / name for name in sorted(SHOTS)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m testing.help_screenshots", description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a guide already built from this checkout (default: build one)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="help-shots-") as folder:
        site = args.site or build_site(Path(folder) / "site")
        for path in take(site):
            print(f"{path.relative_to(ROOT)}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
