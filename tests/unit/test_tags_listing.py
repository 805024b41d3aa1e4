"""The tags page's list under each tag (overrides/fragments/tags/default/listing.html): a tag
on more than ROWS_UNFOLDED chapters folds its list under 共 N 章, as the guide's other long lists
fold; a shorter one shows it as Material does."""
from __future__ import annotations

from types import SimpleNamespace

import jinja2
import pytest

from generator.pages.escape import ROWS_UNFOLDED
from tests.paths import ROOT

TEMPLATE = ROOT / "overrides" / "fragments" / "tags" / "default" / "listing.html"


class Listing(SimpleNamespace):
    """What Material's tags plugin hands the template: the tag's heading, its pages, no children."""

    def __iter__(self):
        return iter(())


def rendered(chapters: int) -> str:
    environment = jinja2.Environment()  # as MkDocs makes its own: no autoescape
    environment.filters["url"] = lambda url: url
    pages = [SimpleNamespace(item=SimpleNamespace(url=f"b/chapter-{n}.html", title=f"第{n}章"))
             for n in range(1, chapters + 1)]
    listing = Listing(content="<h2>LoRA</h2>", mappings=pages)
    return environment.from_string(TEMPLATE.read_text(encoding="utf-8")).render(listing=listing)


@pytest.mark.parametrize("chapters", [1, ROWS_UNFOLDED, ROWS_UNFOLDED + 1, 100])
def test_a_tag_on_many_chapters_folds_its_list(chapters):
    html = rendered(chapters)
    assert html.count('<a href="b/chapter-') == chapters  # every chapter is linked
    folded = f'<details class="index-rows"><summary>共 {chapters} 章</summary>' in html
    assert folded == (chapters > ROWS_UNFOLDED) and html.count("<details") == int(chapters > ROWS_UNFOLDED)
