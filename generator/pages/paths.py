"""Where each page of the guide lives: the fixed pages' paths and a chapter's, and links to a question.

One module for every page path, so the renderer, the navigation and the MkDocs plugin
name each page the same way.  Paths are relative to MkDocs' ``docs_dir``.
"""
from __future__ import annotations

from ..bank.model import Bank, Chapter, Question

HOME_PAGE = "index.md"
REPORT_PAGE = "report.md"  # the proofreading report, for editors
GLOSSARY_PAGE = "glossary.md"
INDEX_PAGE = "questions.md"  # every question's opening, by chapter
TAGS_PAGE = "tags.md"  # Material's tags plugin fills in its list
MISTAKES_PAGE = "mistakes.md"  # 錯題本: questions answered wrong, listed by practice/lists.js
STARRED_PAGE = "starred.md"  # 收藏: questions starred, listed by practice/lists.js
STATS_PAGE = "stats.md"  # 統計: charts of the progress kept in the browser, drawn by stats/page.js
DOWNLOADS_DIR = "downloads"  # each bank's deck, spreadsheet and CSV (generator.site.downloads)
DOWNLOADS = {"anki": "apkg", "xlsx": "xlsx", "csv": "csv"}  # what is offered, with each file's extension
PICTURES_DIR = "assets/pictures"  # the banks' pictures, each once, by content hash (generator.pages.pictures)
PRACTICE_DIR = "assets/practice"  # each bank's practice data, scripts (generator.practice.data)


def chapter_path(bank: Bank, chapter: Chapter) -> str:
    """Site path of a chapter's page; stable as long as chapters keep their order."""
    return f"{bank.slug}/chapter-{chapter.number}.md"


def download_path(bank: Bank, kind: str) -> str:
    """Site path of a bank's deck, spreadsheet or CSV (``kind`` of :data:`DOWNLOADS`)."""
    return f"{DOWNLOADS_DIR}/{bank.slug}.{DOWNLOADS[kind]}"


def practice_data_path(bank: Bank) -> str:
    """Site path of a bank's practice index: chapters, types and text hashes, as a script
    (generator.practice.data); its chapters' and questions' parts are in the folder beside it."""
    return f"{PRACTICE_DIR}/{bank.slug}.js"


def chapter_data_path(bank: Bank, chapter: Chapter) -> str:
    """Site path of one chapter's practice records, a script (the same name as its page's)."""
    return f"{PRACTICE_DIR}/{chapter_path(bank, chapter).removesuffix('.md')}.js"


def question_data_path(bank: Bank, question_id: str) -> str:
    """Site path of one question's record and HTML, a script the run pages load when they draw it
    (overrides/src/practice/parts.js finds it beside the index by the same rule)."""
    return f"{PRACTICE_DIR}/{bank.slug}/q/{question_id}.js"


def question_link(bank: Bank, chapter: Chapter, question: Question, from_path: str = "") -> str:
    """A relative link from the page at ``from_path`` to a question's anchor."""
    depth = from_path.count("/")
    return "../" * depth + f"{chapter_path(bank, chapter)}#{question.id}"
