"""Each bank's questions as the chapter pages show them, for the pages that draw runs of questions.

The exam, random and review pages (generator.pages.run_pages) show questions from any
chapter.  They take them from the chapter pages' own HTML, cut out question by question once
MkDocs has rendered a chapter and its formulas are typeset: the same escaping, prose, term
links and KaTeX, with nothing rendered twice.  The run pages sit beside the chapter pages,
so relative links hold; a link within the chapter (``#q3``) is pointed at the chapter page.

Written as one script per question (a page opened from a folder may load a script but not
read a file), the question's part of the practice data (generator.practice.data): its full
record and ``html: {id: {"h": html, "o": option count}}``.  A run page loads only the
questions it draws (overrides/src/practice/parts.js).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..bank.model import Bank
from ..base.settings import ORIGINAL
from ..pages.paths import chapter_path, question_data_path
from ..practice.data import full_records, practice_script
from .kept_files import KeptFiles

QUESTION_START = '<div class="question">'
DIV_TAG = re.compile(r"<div\b|</div>")  # bank text is escaped: every <div is the renderer's
HEADING_ID = re.compile(r'<h2 class="question-heading" id="(?P<id>[^"<>]+)"')
SAME_PAGE_LINK = 'href="#'
OPTIONS_START = '<div class="options">'
Blocks = dict[str, dict[str, Any]]  # a chapter page's questions by id: {"h": their HTML, "o": option count}


def question_blocks(page_html: str, page_file: str) -> Blocks:
    """The questions of a chapter page's HTML by id: their HTML, links within the page
    pointed at ``page_file``, and their number of options.  One pass over the page."""
    blocks: Blocks = {}
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
    script: str = ORIGINAL  # the guide's, in which text answers are compared
    _pages: dict[str, tuple[str, str]] = field(default_factory=dict)  # src_uri -> (bank slug, page file)
    _found: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)
    # Each bank's full practice records by id, made once here for these parts and the index and
    # chapter parts (generator.site.mkdocs_config.guide_files).
    records: dict[str, dict[str, dict[str, Any]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for bank in self.banks:
            self._found[bank.slug] = {}
            self.records[bank.slug] = full_records(bank, self.script)
            for chapter in bank.chapters:
                path = chapter_path(bank, chapter)
                self._pages[path] = (bank.slug, path.rsplit("/", 1)[-1].removesuffix(".md") + ".html")

    def blocks(self, src_uri: str, content: str) -> Blocks | None:
        """The questions of the page ``src_uri`` whose HTML is ``content``, if it is a chapter page."""
        where = self._pages.get(src_uri)
        return None if where is None else question_blocks(content, where[1])

    def take(self, src_uri: str, blocks: Blocks | None) -> None:
        """Keep the questions :meth:`blocks` cut from the page ``src_uri``."""
        if blocks is not None:
            self._found[self._pages[src_uri][0]].update(blocks)

    def write(self, site_dir: Path, kept: KeptFiles | None = None) -> None:
        """One script per question found (:func:`question_part`), each written, or put in place
        by ``kept`` (a serve session's files, which then lets go of those no longer placed)."""
        for bank in self.banks:
            found, records = self._found[bank.slug], self.records[bank.slug]
            if found and kept is None:  # a bank's question scripts share one folder
                (site_dir / question_data_path(bank, "")).parent.mkdir(parents=True, exist_ok=True)
            for question in bank.questions:
                if (block := found.get(question.id)) is None:
                    continue
                path, record = question_data_path(bank, question.id), records[question.id]
                text = partial(_question_script, bank.slug, question.id, record, block)
                if kept is None:
                    (site_dir / path).write_text(text(), encoding="utf-8")
                else:
                    kept.place(site_dir, path, (bank.slug, record, block), text)
        if kept is not None:
            kept.prune()


def _question_script(slug: str, question_id: str, record: dict[str, Any], block: dict[str, Any]) -> str:
    return practice_script(question_part(slug, question_id, record, block))


def question_part(slug: str, question_id: str, record: dict[str, Any], block: dict[str, Any]) -> dict[str, Any]:
    """A question's part of the practice data: its record and its HTML block."""
    return {"bank": slug, "q": {question_id: record}, "html": {question_id: block}}
