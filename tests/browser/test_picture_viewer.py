"""Pictures in a real browser: loaded from file:// on chapter and run pages, enlarged in a
dialog by keyboard and by tap, accessible in both schemes, and printed in the chapter PDF."""
from __future__ import annotations

import subprocess
import sys

import pytest

from testing.browser import ARTIFACTS, DESKTOP, PHONE, file_url, offline_page
from tests.browser.test_accessibility import serious
from tests.browser_fixtures import scheme
from tests.paths import ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

VISIBLE_PICTURES = ".question > p a.picture, .question .options a.picture"


def _loaded(page) -> list[int]:
    """The natural widths of the pictures the page shows (0: a picture that did not load)."""
    return page.evaluate("""async () => {
        const images = [...document.querySelectorAll('.question img[loading="lazy"]')];
        images.forEach((i) => { i.loading = "eager"; });
        await Promise.all(images.map((i) => i.decode().catch(() => null)));
        return images.map((i) => i.naturalWidth);
    }""")


@pytest.mark.parametrize("slug", ["signs", "shapes", "colours", "figures"])
def test_every_picture_loads_from_the_folder(browser, picture_guide, slug):
    with offline_page(browser) as (page, refused):
        page.goto(file_url(picture_guide / "site", f"{slug}/chapter-1.html"))
        widths = _loaded(page)
        assert widths and all(widths), widths
        assert not refused.urls  # the remote picture is never fetched


def test_the_keyboard_opens_the_viewer_and_escape_gives_focus_back(browser, picture_guide):
    with offline_page(browser, DESKTOP) as (page, _):
        page.goto(file_url(picture_guide / "site", "signs/chapter-1.html"))
        link = page.locator(VISIBLE_PICTURES).first
        link.focus()
        page.keyboard.press("Enter")
        dialog = page.locator("dialog.picture-viewer")
        assert dialog.evaluate("d => d.open")
        assert page.evaluate("document.activeElement.classList.contains('picture-viewer__close')")
        assert dialog.get_attribute("aria-label") == "红色 标志"
        assert page.locator(".picture-viewer__image").evaluate("i => i.alt") == "红色 标志"
        assert page.url.endswith("signs/chapter-1.html")  # the page stays
        page.keyboard.press("Escape")
        assert not dialog.evaluate("d => d.open")
        assert page.evaluate("document.activeElement.classList.contains('picture')")
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")  # the close button
        assert not dialog.evaluate("d => d.open")


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_a_tap_enlarges_a_picture_on_a_phone(browser, picture_guide, dark):
    with offline_page(browser, PHONE, dark=dark, touch=True) as (page, _):
        page.goto(file_url(picture_guide / "site", "signs/chapter-1.html"))
        scheme(page, dark)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"pictures-phone-{'dark' if dark else 'light'}.png"), full_page=True)
        option_picture = page.locator(".question .options a.picture").first  # inside an option's label
        option_picture.tap()
        image = page.locator(".picture-viewer__image")
        assert page.locator("dialog.picture-viewer").evaluate("d => d.open")
        box = image.bounding_box()
        assert box is not None and 300 <= box["width"] <= PHONE["width"]  # enlarged, within the screen
        page.screenshot(path=str(ARTIFACTS / f"pictures-viewer-{'dark' if dark else 'light'}.png"))
        assert serious(page, "signs/chapter-1.html (viewer)", dark) == []
        page.mouse.click(5, 5)  # beside the picture, on the backdrop
        assert not page.locator("dialog.picture-viewer").evaluate("d => d.open")
        assert not page.locator(".question .options input:checked").count()  # the tap chose no option
        assert serious(page, "signs/chapter-1.html", dark) == []


def test_a_run_page_shows_the_pictures_of_the_questions_it_draws(browser, picture_guide):
    with offline_page(browser) as (page, _):
        page.goto(file_url(picture_guide / "site", "signs/random.html"))
        page.fill("input[name=count]", "2")
        page.get_by_role("button", name="开始").click()
        page.wait_for_selector(".question img", state="attached")
        widths = _loaded(page)
        assert widths and all(widths), widths


def test_the_chapter_pdf_prints_the_pictures(picture_guide, tmp_path):
    result = subprocess.run([sys.executable, "-m", "generator", "pdf", "--site", str(picture_guide / "site"),
                             "-o", str(tmp_path / "pdf"), "--edition", "answers"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    printed = {}
    for pdf in sorted((tmp_path / "pdf").rglob("*.pdf")):
        listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True)
        printed[pdf.parent.name] = sorted((int(w), int(h)) for w, h in
                                          (line.split()[3:5] for line in listing.stdout.splitlines()[2:]))
    # answers edition: every picture shown, explanation included (red 40×30, blue 30×30)
    assert printed == {"signs": [(30, 30), (30, 30), (40, 30)], "shapes": [(30, 30), (30, 30), (40, 30)],
                       "colours": [(30, 30), (30, 30), (40, 30), (40, 30)], "figures": [(30, 30), (40, 30)]}
