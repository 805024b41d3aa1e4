"""What the guide makes of a page's HTML once MkDocs has rendered it: the search plugin's
attributes stripped, formulas typeset, the chapter's questions cut out for the run pages
(:mod:`.question_html`), the text a shared link shows (:mod:`.share`).  Made from that HTML
alone, so ``mkdocs serve`` keeps it for every page an edit did not change (a tenth of a second
a build at 5,000 questions)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..math.katex import MathStash
from .material import strip_search_attributes
from .question_html import Blocks
from .share import first_question_text


@dataclass(frozen=True)
class PageParts:
    content: str  # the page's HTML, KaTeX's included
    blocks: Blocks | None  # its questions, if it is a chapter page
    share: str | None  # its first question's stem as plain text, if it has questions


def page_parts(html: str, indexed: bool, formulas: MathStash | None,
               blocks: Callable[[str], Blocks | None]) -> PageParts:
    """The parts of a page whose HTML is ``html`` (``indexed``: as Material's search plugin
    indexed it, its attributes still in); ``blocks`` cuts its questions out."""
    content = strip_search_attributes(html) if indexed else html
    content = formulas.fill(content) if formulas is not None else content
    return PageParts(content, blocks(content), first_question_text(content))
