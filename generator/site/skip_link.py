"""Where Material's skip link ("跳转至", the first stop of the Tab key) leads.

Material points it at the first entry of the page's table of contents.  On a chapter
page that is the chapter's title, with the summary, the edition switch and its links
still between the reader and the questions; there it points at the first question.
"""
from __future__ import annotations

from typing import Any


def skip_to_first_question(toc: Any, html: str) -> None:
    """Make the first question heading of ``html`` the first entry of ``toc`` (MkDocs'
    ``page.toc``, whose ``items`` are the headings) on a page that is one H1 over its
    questions.  Material's sidebars list an H1's children in place of the H1, so they
    stay as they were."""
    items = getattr(toc, "items", None)
    if not items or len(items) != 1 or items[0].level != 1 or not items[0].children:
        return
    first = items[0].children[0]
    if f'class="question-heading" id="{first.id}"' in html:
        toc.items = list(items[0].children)
