"""What the guide's scripts show once they run (a chapter's edition switch and practice bar, a
run's form, 统计) keeps its room from the first paint (main.html marks the page guide-js): what
the reader has started to read stays where it is.  Cumulative layout shift under 0.1, the "good"
mark of Core Web Vitals, on a phone and a desktop."""
from __future__ import annotations

import pytest

from testing.browser import PHONE, file_url, offline_page
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

# Layout shifts of the page so far (Chromium's layout-shift entries), and the sum of their scores.
LAYOUT_SHIFTS = ("window.__shifts = []; new PerformanceObserver((list) => window.__shifts.push(...list.getEntries()"
                 ".map((e) => e.value))).observe({type: 'layout-shift', buffered: true});")
# Each page kind, and what shows its scripts have run.
PAGES = {
    "chapter": (CHAPTERS[0], ".practice-bar:not([hidden])"),
    "types": ("ai-trainer/types.html", "[data-run]:not([hidden])"),
    "exam": ("ai-trainer/exam.html", "[data-run]:not([hidden])"),
    "stats": ("stats.html", "[data-stats]:not([hidden])"),
}


@pytest.mark.parametrize("kind", PAGES)
@pytest.mark.parametrize("size", [PHONE, {"width": 1280, "height": 800}], ids=["phone", "desktop"])
def test_a_page_does_not_move_as_its_scripts_come_in(browser, guide_site, kind, size):
    path, shown = PAGES[kind]
    with offline_page(browser, size) as (page, refused):
        page.add_init_script(LAYOUT_SHIFTS)
        page.goto(file_url(guide_site, path))
        page.wait_for_selector(shown)
        page.wait_for_timeout(500)
        shifts = page.evaluate("window.__shifts")
        assert sum(shifts) < 0.1, f"the page moved: layout shifts {shifts}"
    assert not refused
