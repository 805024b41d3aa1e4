"""The markup practice needs on the pages, hidden until the practice scripts show it.

A chapter page gets a bar above its first question: the two modes (答題模式 / 背題模式) and the
chapter's answered/right counts (``practice/mode.js``); the home page a count beside each
chapter and the progress panel: export, import, reset (``practice/home.js``); the 錯題本 and
收藏 pages a place for their lists (``practice/lists.js``).  The inputs of each
question are the script's, so with JavaScript off a page reads as it always did.  Interface strings
enter only through :func:`html.escape`; page keys are the guide's own paths.
"""
from __future__ import annotations

import html
from collections.abc import Mapping

from ..bank.model import Page
from .paths import MISTAKES_PAGE, STARRED_PAGE

MODES = ("answer", "recite")  # 答題模式 first: the default


def practice_bar(bank_slug: str, page_key: str, ui: Mapping[str, str], questions: int) -> str:
    """The bar of a chapter page: the mode buttons, the chapter's counts and the keys.  The
    counts read as on a first visit (none answered of ``questions``) until the script has the
    reader's: the bar keeps its height from the first paint (practice.css)."""
    e = {key: html.escape(ui[key]) for key in ("practice_modes", "mode_answer", "mode_recite", "practice_keys")}
    counts = html.escape(ui["chapter_progress"].format(answered=0, count=questions, right=0))
    buttons = "".join(f'<button type="button" class="practice-bar__mode" data-mode="{mode}" '
                      f'aria-pressed="{"true" if mode == "answer" else "false"}">{e["mode_" + mode]}</button>'
                      for mode in MODES)
    return (f'<div class="practice-bar" data-practice-bank="{html.escape(bank_slug)}" '
            f'data-practice-chapter="{html.escape(page_key)}" data-search-exclude hidden>\n'
            f'<span class="practice-bar__modes" role="group" aria-label="{e["practice_modes"]}">{buttons}</span>\n'
            f'<span class="practice-bar__count" role="status">{counts}</span>\n'
            f'<span class="practice-bar__keys">{e["practice_keys"]}</span>\n'
            f'</div>')


def chapter_count(page_key: str) -> str:
    """Where the home page shows a chapter's answered/right counts (filled by the script)."""
    return f'<span class="practice-count" data-practice-chapter="{html.escape(page_key)}" hidden></span>'


def progress_panel(ui: Mapping[str, str], level: str = "##") -> str:
    """The home page's section on progress kept in the browser: export, import, reset."""
    e = {key: html.escape(ui[key]) for key in
         ("progress_title", "progress_intro", "progress_export", "progress_import", "progress_reset")}
    return (f'<div class="practice-progress" data-search-exclude hidden markdown>\n\n'
            f'<p class="practice-progress__title" role="heading" aria-level="{len(level)}">'
            f'{e["progress_title"]}</p>\n\n'
            f'<p>{e["progress_intro"]}</p>\n\n'
            f'<p class="practice-progress__actions">'
            f'<button type="button" class="md-button" data-action="export">{e["progress_export"]}</button> '
            f'<button type="button" class="md-button" data-action="import">{e["progress_import"]}</button> '
            f'<button type="button" class="md-button" data-action="reset">{e["progress_reset"]}</button>'
            f'<input type="file" accept=".json,application/json" hidden aria-label="{e["progress_import"]}">'
            f'</p>\n\n'
            f'<p class="practice-progress__message" role="status"></p>\n\n'
            f'</div>')


LIST_PAGES = {"mistakes": MISTAKES_PAGE, "starred": STARRED_PAGE}


def render_list_page(kind: str, ui: Mapping[str, str]) -> Page:
    """The 錯題本 (``mistakes``) or 收藏 (``starred``) page: a title, what it holds, and the place
    ``practice/lists.js`` fills from the reader's progress (a sentence says so without JavaScript)."""
    title = ui[f"{kind}_title"]
    markdown = (f"# {html.escape(title)}\n\n{html.escape(ui[kind + '_intro'])}\n\n"
                f'<div class="practice-list" data-practice-list="{kind}" data-search-exclude>'
                f'<p class="practice-list__script">{html.escape(ui["list_needs_script"])}</p></div>\n')
    return Page(LIST_PAGES[kind], title, markdown)
