"""Each bank's questions as the chapter pages show them, for the pages that draw runs of questions.

The exam, random and review pages (generator.pages.run_pages) show questions from any
chapter.  They take them from the chapter pages' own HTML, cut out question by question once
MkDocs has rendered a chapter and its formulas are typeset: the same escaping, prose, term
links and KaTeX, with nothing rendered twice.  The run pages sit beside the chapter pages,
so relative links hold; a link within the chapter (``#q3``) is pointed at the chapter page.

Written as a script assigning ``studyGuide.questionHtml[slug]`` (a page opened from a folder
may load a script but not read a file): ``{id: {"h": html, "o": option count}}``.
Loaded only by the run pages, through their front matter.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bank.model import Bank
from ..pages.paths import chapter_path
from ..pages.run_pages import questions_path

QUESTION_START = '<div class="question">'
DIV_TAG = re.compile(r"<div\b|</div>")  # bank text is escaped: every <div is the renderer's
HEADING_ID = re.compile(r'<h2 class="question-heading" id="(?P<id>[^"<>]+)"')
SAME_PAGE_LINK = 'href="#'
OPTIONS_START = '<div class="options">'


def question_blocks(page_html: str, page_file: str) -> dict[str, dict[str, Any]]:
    """The questions of a chapter page's HTML by id: their HTML, links within the page
    pointed at ``page_file``, and their number of options.  One pass over the page."""
    blocks: dict[str, dict[str, Any]] = {}
    start, depth = -1, 0
    for match in DIV_TAG.finditer(page_html):
        if start < 0:
            if page_html.startswith(QUESTION_START, match.start()):
                start, depth = match.start(), 1
            continue
        depth += 1 if match.group() == "<div" else -1
        if depth == 0:
            block = page_html[start:match.end()]
            start = -1
            heading = HEADING_ID.search(block)
            if heading:
                blocks[heading.group("id")] = {"h": block.replace(SAME_PAGE_LINK, f'href="{page_file}#'),
                                               "o": _option_count(block)}
    return blocks


def _option_count(block: str) -> int:
    at = block.find(OPTIONS_START)
    if at < 0:
        return 0
    end = block.find("</ul>", at)
    return block.count("<li>", at, end if end >= 0 else len(block))


@dataclass
class QuestionHtml:
    """Collects the questions of each chapter page as MkDocs renders it, then writes the scripts."""

    banks: tuple[Bank, ...]
    _pages: dict[str, tuple[str, str]] = field(default_factory=dict)  # src_uri -> (bank slug, page file)
    _found: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for bank in self.banks:
            self._found[bank.slug] = {}
            for chapter in bank.chapters:
                path = chapter_path(bank, chapter)
                self._pages[path] = (bank.slug, path.rsplit("/", 1)[-1].removesuffix(".md") + ".html")

    def add(self, src_uri: str, content: str) -> None:
        """Take the questions of the page ``src_uri`` if it is a chapter page."""
        if (where := self._pages.get(src_uri)) is not None:
            self._found[where[0]].update(question_blocks(content, where[1]))

    def write(self, site_dir: Path) -> None:
        for bank in self.banks:
            target = site_dir / questions_path(bank)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(questions_script(bank.slug, self._found[bank.slug]), encoding="utf-8")


def questions_script(slug: str, blocks: dict[str, dict[str, Any]]) -> str:
    """The script giving the pages ``blocks``; ``json.dumps`` escapes quotes and every
    non-ASCII character, so nothing in the HTML can end the literal early."""
    return ("/* Written at build by generator/site/question_html.py: the questions as chapter pages show them. */\n"
            "(function (g) { (g.questionHtml = g.questionHtml || {})[" + json.dumps(slug) + "] = "
            + json.dumps(blocks, sort_keys=True, separators=(",", ":"))
            + "; })(globalThis.studyGuide = globalThis.studyGuide || {});\n")
