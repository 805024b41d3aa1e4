"""A question's prose -> Markdown: escaped text, typeset formulas, glossary and question links.

Bank text is escaped piece by piece; the only markup added is what this module writes:
a formula (through the ``math`` callback, which returns a placeholder or text that needs
no escaping), a link to a glossary entry on a term's first mention in a question, and a
link for a reference such as ``見第3題``.
"""
from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from ..bank.model import PICTURE_MARK, Bank, Question
from ..bank.pictures import split_pictures
from ..links.glossary import Glossary
from ..links.references import find_references
from ..math.detect import Math, Text, split_math
from .escape import LONG_MARKDOWN, escape, escape_html
from .pictures import picture_html

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# Python-Markdown rebuilds a paragraph's text at every inline match (each escaped mark, each
# <br>), so a paragraph of n characters costs up to n² there: 500 KB of prose took minutes.
# With a ``raw`` callback every paragraph's text goes to the page as HTML: the generator wrote
# that text, and Markdown's inline patterns over it were half of a 5,000-question build.  With
# ``html_links`` too, its links go as HTML with it, their addresses resolved here (the plugin
# checks them: generator.site.page_links), so a paragraph is one piece Markdown passes through; else
# they stay Markdown between the pieces of HTML, for MkDocs to resolve.  A paragraph longer
# than LONG_PARAGRAPH keeps at most MAX_LINKS links.
LONG_PARAGRAPH, MAX_LINKS = LONG_MARKDOWN, 200


@dataclass(frozen=True)
class Link:
    start: int
    end: int
    href: str
    title: str = ""
    css_class: str = ""


@dataclass
class InlineRenderer:
    """Renders prose for the pages of one bank; remembers which terms each question has linked.

    ``math`` turns a formula into Markdown-safe text (a placeholder for typeset HTML, or
    the escaped source when formulas are off); ``raw`` does so for HTML (a paragraph's text
    between its links, see :data:`LONG_PARAGRAPH`), or is None to keep all text Markdown; ``targets``
    gives the link, from the page being written, of question N referred to in a question (or
    None); ``glossary_href`` is the glossary
    page's path relative to the chapter pages; ``convert`` puts glossary definitions into
    the guide's script.
    """

    bank: Bank
    glossary: Glossary | None = None
    math: Callable[[Math, Question], str] | None = None
    targets: Callable[[Question, int], str | None] = lambda question, number: None
    glossary_href: str = "../glossary.md"
    convert: Callable[[str], str] = lambda text: text
    raw: Callable[[str], str] | None = None
    html_links: bool = False  # with ``raw``: links as HTML, ``.md`` addresses as the ``.html`` pages'
    page_depth: int = 1  # how many folders below the site's root the pages are (pictures' addresses)
    _linked: dict[str, set[str]] = field(default_factory=dict)
    _titles: dict[str, str] = field(default_factory=dict)  # term slug -> its converted definition

    def __call__(self, question: Question, text: str) -> str:
        """Markdown for one prose block of ``question``: paragraphs, hard line breaks, inline parts."""
        return "\n\n".join(
            rendered for paragraph in _PARAGRAPH_BREAK.split(text.strip())
            if (rendered := self._paragraph(question, paragraph))
        )

    def _paragraph(self, question: Question, paragraph: str) -> str:
        math = self.math
        segments = split_math(paragraph) if math else (Text(paragraph),)
        out = _Pieces(self.raw, capped=len(paragraph) > LONG_PARAGRAPH)
        for segment in segments:
            if isinstance(segment, Text):
                self._text(question, segment.text, out)
            elif math:  # always, for a Math segment: without ``math`` there are none
                out.text_html(math(segment, question))  # its token: inside the paragraph's one piece of HTML
        return out.result().strip()

    def _text(self, question: Question, text: str, out: _Pieces) -> None:
        lines = text.split("\n")
        # Leading spaces would make an indented code block, trailing ones a break of their own.
        lines = [line.rstrip() if i == 0 else line.strip() for i, line in enumerate(lines)]
        for k, line in enumerate(line for line in lines if line or len(lines) == 1):
            if k:
                out.text_html("<br>\n")
            self._linked_line(question, line, out)

    def _linked_line(self, question: Question, line: str, out: _Pieces) -> None:
        if PICTURE_MARK[0] in line:  # each picture at its place, the text between linked as usual
            for piece in split_pictures(line):
                if isinstance(piece, int):
                    out.text_html(picture_html(self.bank.pictures[piece], self.page_depth))
                else:
                    self._linked_text(question, piece, out)
            return
        self._linked_text(question, line, out)

    def _linked_text(self, question: Question, line: str, out: _Pieces) -> None:
        links = self._links(question, line)
        if out.capped:
            links = links[:max(0, MAX_LINKS - out.links)]
            out.links += len(links)
        last = 0
        as_html = self.html_links and out.raw is not None
        for link in links:
            out.text(line[last : link.start])
            if as_html:
                out.text_html(link_html(link, line[link.start : link.end]))
            else:
                title = f' "{_attribute(link.title)}"' if link.title else ""
                attributes = f"{{ .{link.css_class} }}" if link.css_class else ""
                out.markdown(f"[{escape(line[link.start : link.end])}]({link.href}{title}){attributes}")
            last = link.end
        out.text(line[last:])

    def _links(self, question: Question, line: str) -> list[Link]:
        links = [Link(r.start, r.end, href) for r in find_references(line)
                 if r.number != question.number and (href := self.targets(question, r.number))]
        if self.glossary is not None:
            seen = self._linked.setdefault(question.id, set())
            for match in self.glossary.find(line):
                if match.term.slug in seen or any(k.start < match.end and match.start < k.end for k in links):
                    continue
                seen.add(match.term.slug)
                href = f"{self.glossary_href}#{match.term.slug}"
                title = self._titles.get(match.term.slug)
                if title is None:  # converted once per term, not once per mention
                    title = self._titles[match.term.slug] = self.convert(match.term.definition)
                links.append(Link(match.start, match.end, href, title, "term"))
        return sorted(links, key=lambda link: link.start)


@lru_cache(maxsize=1024)  # the titles are the glossary's definitions: a few hundred texts
def _attribute(text: str) -> str:
    """Text for a Markdown link title that Material's tooltip shows exactly as ``text``.

    With ``content.tooltips`` Material puts a title into its tooltip as HTML (``innerHTML``,
    components/tooltip2 ``mountInlineTooltip2``), so the attribute's value must be the HTML
    of ``text``: ``&``, ``<`` and ``>`` are escaped once for the tooltip, and ``escape`` makes
    that Markdown whose title attribute holds it (quotes and escapes cannot end it early).
    A definition ``p<q`` shows as ``p<q``; ``<img onerror=…>`` shows as text and never runs.
    """
    return escape(html.escape(text, quote=False)).replace('\\"', "&quot;")


_MD_PAGE = re.compile(r"^([^#]*)\.md(?=#|$)")  # the address's path, not its fragment


@lru_cache(maxsize=4096)  # the few addresses of a guide's pages, asked for by every footer and term link
def page_url(href: str) -> str:
    """A link to a page's Markdown source (``../glossary.md#x``) as MkDocs writes it on the
    page when pages are ``.html`` files (``use_directory_urls: false``): ``../glossary.html#x``."""
    return _MD_PAGE.sub(r"\1.html", href, count=1)


def link_html(link: Link, text: str) -> str:
    """The ``<a>`` element Python-Markdown makes of :meth:`InlineRenderer._linked_line`'s
    Markdown link for ``link`` showing ``text`` (attributes in its order, escaped as it does)."""
    attributes = [("class", link.css_class), ("href", page_url(link.href)),
                  ("title", _title_attribute(link.title))]
    return ("<a" + "".join(f' {name}="{value}"' for name, value in attributes if value) + ">"
            + escape_html(text) + "</a>")


@lru_cache(maxsize=1024)
def _title_attribute(title: str) -> str:
    """What Python-Markdown writes for the title :func:`_attribute` gives it: that HTML, escaped."""
    return html.escape(html.escape(title.replace("\t", " "), quote=False), quote=False).replace('"', "&quot;")


class _Pieces:
    """A paragraph's Markdown as it is written: text escaped, or, with ``raw``, text as HTML
    gathered between the pieces of Markdown (links, formulas) and handed to ``raw`` whole."""

    def __init__(self, raw: Callable[[str], str] | None, capped: bool = False) -> None:
        self.raw, self.links = raw, 0
        self.capped = capped and raw is not None  # a long paragraph: at most MAX_LINKS links
        self._out: list[str] = []
        self._html: list[str] = []

    def text(self, text: str) -> None:
        if self.raw is None:
            self._out.append(escape(text))
            return
        if not self._out and not self._html:
            text = text.lstrip()  # as Markdown's paragraph is stripped (result)
        if text:
            self._html.append(escape_html(text))

    def text_html(self, markup: str) -> None:
        """Markup that is the same in Markdown and HTML (a line break, a formula's token)."""
        (self._out if self.raw is None else self._html).append(markup)

    def markdown(self, markdown: str) -> None:
        self._flush()
        self._out.append(markdown)

    def result(self) -> str:
        self._flush(last=True)
        return "".join(self._out)

    def _flush(self, last: bool = False) -> None:
        if self._html and self.raw is not None:
            html = "".join(self._html)
            self._html.clear()
            if html := html.rstrip() if last else html:  # as Markdown's paragraph is stripped
                self._out.append(self.raw(html))
