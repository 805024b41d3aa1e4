"""The pages that list a whole bank (术语表, 题目总览, 标签) lay out only the blocks near the
screen (guide.css, content-visibility: auto): at 5,000 questions that is what lets them show in
a fraction of a second.  A reader who follows a link to an entry far down still lands on it,
and the skipped blocks' links are still there for the keyboard."""
from __future__ import annotations

import pytest

from testing.browser import PHONE, file_url, offline_page

pytestmark = pytest.mark.browser

LONG_LISTS = ["glossary.html", "questions.html", "tags.html"]
# Whether the first link of the list after the page's last heading (a term's 出现于, a chapter's
# table, a tag's chapters) is laid out: the list itself keeps its place, its content is skipped.
LAST_BLOCK = "[...document.querySelectorAll('article > h2[id]')].at(-1)"
RENDERED = f"""(() => {{
  let block = {LAST_BLOCK}.nextElementSibling;
  while (!block.querySelector('a')) block = block.nextElementSibling;
  return block.querySelector('a').checkVisibility({{contentVisibilityAuto: true}});
}})()"""


@pytest.mark.parametrize("path", LONG_LISTS)
def test_a_long_list_is_laid_out_as_the_reader_comes_to_it(browser, guide_site, path):
    with offline_page(browser, PHONE) as (page, refused):
        page.goto(file_url(guide_site, path))
        assert page.evaluate(RENDERED) is False, "the last list, far below the screen, was laid out"
        # An entry half way down (the last may be too near the end to scroll to the top).
        middle = page.evaluate("(hs => hs[hs.length >> 1].id)([...document.querySelectorAll('article > h2[id]')])")
        page.goto(file_url(guide_site, path) + "#" + middle)
        page.wait_for_timeout(300)
        header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
        top = page.evaluate(f"document.getElementById({middle!r}).getBoundingClientRect().top")
        assert header - 1 <= top <= header + 80, f"#{middle} is at {top:.0f} px, the header ends at {header:.0f} px"
        page.keyboard.press("End")
        page.wait_for_timeout(300)
        assert page.evaluate(RENDERED) is True, "the last list, scrolled to, was not laid out"
        # Every link of a block not yet shown is there: the keyboard reaches the first one.
        first = page.locator("article > :is(.md-typeset__scrollwrap, p[data-search-exclude], h2 + ul) a").first
        first.focus()
        assert page.evaluate("document.activeElement.closest('article') !== null")
    assert not refused
