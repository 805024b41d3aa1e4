"""What Material's search leaves out: whole pages, and blocks of a page's HTML.

Material's search plugin indexes a page's HTML after ``on_page_content`` and skips any
element that carries ``data-search-exclude``, and any page whose ``search.exclude`` meta
is set.  Blocks written by the generator carry the attribute themselves; the admonitions
and folded answers Python-Markdown writes cannot, so :func:`exclude_blocks` adds it.
"""
from __future__ import annotations

import re

from ..pages.paths import INDEX_PAGE, MISTAKES_PAGE, REPORT_PAGE, STARRED_PAGE, STATS_PAGE, TAGS_PAGE

# Pages search skips: the proofreading report is for editors (its rows repeat every flag, a
# sixth of a large bank's index); the question overview and the tags page only repeat
# question openings, which would crowd out the questions themselves; the 錯題本, 收藏 and 統計
# pages are filled in the reader's browser.
UNSEARCHED_PAGES = frozenset({REPORT_PAGE, INDEX_PAGE, TAGS_PAGE, MISTAKES_PAGE, STARRED_PAGE, STATS_PAGE})
EXCLUDE = " data-search-exclude"
# Admonitions search skips: the correction log and the proofreading flags quote damaged bank
# text that readers do not search for.
SKIPPED_ADMONITION = re.compile(r'<(?:details|div) class="(?:admonition )?(?:corrected|warning|danger|info)"')
# The title of a folded answer ("答案与解析"): the same three words in every question, so they
# find nothing and only fill every search result and the browser's index.
ANSWER_SUMMARY = re.compile(r'<details class="answer">\s*<summary')


def is_searched(src_uri: str) -> bool:
    """Whether the page at ``src_uri`` (relative to ``docs_dir``) goes into the search index."""
    return src_uri not in UNSEARCHED_PAGES


def exclude_blocks(html: str) -> str:
    """A page's HTML with ``data-search-exclude`` on the correction logs, the proofreading
    flags and the titles of folded answers; nothing else changes."""
    html = SKIPPED_ADMONITION.sub(lambda m: m.group(0) + EXCLUDE, html)
    return ANSWER_SUMMARY.sub(lambda m: m.group(0) + EXCLUDE, html)
