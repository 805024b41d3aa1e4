"""What a chapter link pasted into a chat shows: the chapter's first question, as plain text.

The text is read from the page's HTML as a screen reader reads it (KaTeX's drawing, marked
``aria-hidden``, is skipped; the formula's own text beside it is kept), so it is what the
reader sees, corrections and guide's script included.  The template escapes it
(overrides/main.html): it is text, never markup.
"""
from __future__ import annotations

import re
from html.parser import HTMLParser

# Longer descriptions are cut by chat apps and search engines anyway.
DESCRIPTION_LIMIT = 160
# Elements without an end tag: they never open a hidden subtree.
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"})
# The stem ends where the options, a flag, the writing space or the answer begins.
_HEADING = "h2"  # a question heading's level (generator/pages/chapter.py)
_STEM_END = frozenset({"div", "details", "h1", "h2", "h3", "h4", "section"})
_SPACES = re.compile(r"\s+")


class _FirstStem(HTMLParser):
    """Collects the text between the first question heading and the next block that is not the stem."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.state = "before"  # before -> heading -> stem -> done
        self.hidden = 0  # depth inside an aria-hidden element
        self.parts: list[str] = []
        self.size = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if self.state == "before" and tag == _HEADING and "question-heading" in (attributes.get("class") or "").split():
            self.state = "heading"
        elif self.state == "stem":
            if self.hidden:
                self.hidden += tag not in _VOID
            elif tag in _STEM_END:
                self.state = "done"
            elif attributes.get("aria-hidden") == "true" and tag not in _VOID:
                self.hidden = 1

    def handle_endtag(self, tag: str) -> None:
        if self.state == "heading" and tag == _HEADING:
            self.state = "stem"
        elif self.state == "stem" and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.state == "stem" and not self.hidden:
            self.parts.append(data)
            self.size += len(data)
            if self.size > 4 * DESCRIPTION_LIMIT:  # enough: the rest would be cut
                self.state = "done"


def first_question_text(html: str, limit: int = DESCRIPTION_LIMIT) -> str | None:
    """The stem of the first question in a page's HTML, as plain text of at most ``limit``
    characters (cut with "…"); None for a page without questions."""
    start = html.find('class="question-heading"')
    if start < 0:
        return None
    parser = _FirstStem()
    # Feed from the heading on, a piece at a time, so a long chapter is not read to its end.
    position = html.rfind("<" + _HEADING, 0, start)
    while parser.state != "done" and position < len(html):
        parser.feed(html[position:position + 4096])
        position += 4096
    text = _SPACES.sub(" ", "".join(parser.parts)).strip()
    if not text:
        return None
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"
