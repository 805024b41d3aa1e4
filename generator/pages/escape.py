"""Bank text -> Markdown that shows it exactly as written.

Python-Markdown (with ``pymdownx.escapeall``) lets any character be backslash-escaped,
so every ASCII punctuation mark is escaped and ``&``, ``<``, ``>`` become entities:
nothing in a bank can open a tag, a link, emphasis, math, a list, a heading, a table
or a template.  Code goes into fenced blocks instead, whose content Markdown never
interprets and the highlighter HTML-escapes.
"""
from __future__ import annotations

import html
import re
import string
from collections.abc import Callable

_ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;"}
_TABLE = str.maketrans(
    {c: _ENTITIES.get(c, "\\" + c) for c in string.punctuation} | {"\t": " "}
)
_BACKTICK_RUN = re.compile(r"`+")
# Python-Markdown rebuilds a paragraph's text at every inline match (each escaped mark), so n
# characters cost up to n² there.  Text longer than this goes to the page as HTML instead,
# through a ``raw`` callback that stands a token for it (generator.math.katex.MathStash.put_html).
LONG_MARKDOWN = 2000


def escape(text: str) -> str:
    """One line of bank text as inline Markdown that renders to exactly that text."""
    return text.translate(_TABLE)


def escape_lines(text: str) -> str:
    """Bank prose (possibly several lines) as one Markdown paragraph with hard breaks.

    Blank lines become paragraph breaks; leading spaces are dropped so a line can
    never turn into an indented code block.
    """
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        lines = [escape(line.strip()) for line in paragraph.splitlines() if line.strip()]
        if lines:
            paragraphs.append("<br>\n".join(lines))
    return "\n\n".join(paragraphs)


def escape_lines_html(text: str, raw: Callable[[str], str] | None) -> str:
    """:func:`escape_lines`, but when ``text`` is long and ``raw`` is given, each paragraph is
    HTML handed to ``raw``, so that Markdown never reads it: the same text on the page."""
    if raw is None or len(text) <= LONG_MARKDOWN:
        return escape_lines(text)
    paragraphs = []
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        lines = [escape_html(line.strip()) for line in paragraph.splitlines() if line.strip()]
        if lines:
            paragraphs.append(raw("<br>\n".join(lines)))
    return "\n\n".join(paragraphs)


def escape_cell(text: str, raw: Callable[[str], str] | None) -> str:
    """:func:`escape` for a table cell, as HTML through ``raw`` when long (see :data:`LONG_MARKDOWN`)."""
    return escape(text) if raw is None or len(text) <= LONG_MARKDOWN else raw(escape_html(text))


def escape_html(text: str) -> str:
    """One line of bank text as the HTML that :func:`escape`'s Markdown renders to."""
    return html.escape(text.replace("\t", " "), quote=False)


def as_is(html: str) -> str:
    """HTML left in a page's Markdown as it is (the ``block`` of pages made without a stash)."""
    return html


def table_html(header: list[str], rows: list[list[str]], right: frozenset[int] = frozenset()) -> str:
    """The HTML Python-Markdown's tables extension makes of a table whose cells are these
    (HTML already), the columns in ``right`` aligned right (``---:``): a long table goes to
    Markdown as this, which it passes through."""
    align = ' style="text-align: right;"'

    def row(cells: list[str], tag: str) -> str:
        return "<tr>\n" + "".join(f"<{tag}{align if k in right else ''}>{cell}</{tag}>\n"
                                   for k, cell in enumerate(cells)) + "</tr>\n"

    return ("<table>\n<thead>\n" + row(header, "th") + "</thead>\n<tbody>\n"
            + "".join(row(cells, "td") for cells in rows) + "</tbody>\n</table>")


# A table longer than this (a chapter's in the question index, the report's flags) is folded:
# a large bank's are thousands of rows, which the page would lay out before it showed.
ROWS_UNFOLDED = 30


def folded(css_class: str, summary: str, body: str, markdown: bool = False, searched: bool = True) -> str:
    """``body`` folded under ``summary`` (interface text, escaped here): a closed block the browser
    does not lay out until opened.  ``body`` is HTML, or with ``markdown`` Markdown that md_in_html
    reads inside the block; ``searched=False`` keeps it out of the search index."""
    attributes = f'class="{css_class}"{"" if searched else " data-search-exclude"}{" markdown" if markdown else ""}'
    return (f"<details {attributes}>\n<summary>{html.escape(summary)}</summary>\n"
            + (f"\n{body}\n" if markdown else body) + "\n</details>")


def code_fence(code: str, language: str = "") -> str:
    """A fenced block for ``code``, with a fence longer than any backtick run inside."""
    longest = max((len(run) for run in _BACKTICK_RUN.findall(code)), default=0)
    fence = "`" * max(3, longest + 1)
    info = language if re.fullmatch(r"[A-Za-z0-9_+-]{1,20}", language or "") else "text"
    return f"{fence}{info}\n{code.rstrip()}\n{fence}"


def indent(markdown: str, by: str = "    ") -> str:
    """Indent a Markdown block for the body of an admonition or details block."""
    return "\n".join(by + line if line.strip() else "" for line in markdown.splitlines())
