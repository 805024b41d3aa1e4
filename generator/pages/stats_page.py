"""The 統計 page and the home page's 今日計劃: places the scripts (overrides/src/stats) fill
from the progress kept in the browser, with what they cannot know made here: the chapters'
titles, the links to each bank's 今日複習 and to the 統計 page.

Bank text enters only through :func:`html.escape`; with JavaScript off the page says it
needs it.
"""
from __future__ import annotations

import html
from collections.abc import Mapping

from ..bank.model import Bank, Page
from .chapter import shown_title
from .paths import STATS_PAGE, chapter_path
from .run_pages import run_path

CHARTS = ("mastery", "chapters", "types", "daily", "due")  # the page's charts, in order
HINTS = {"mastery": "stats_mastery_hint", "chapters": "stats_accuracy_hint", "types": "stats_accuracy_hint",
         "daily": "stats_daily_hint", "due": "stats_due_hint"}


def _chapter_names(banks: list[Bank]) -> str:
    """Each chapter's name by its page key, for the charts' labels (bank title first when there are several)."""
    names = []
    for bank in banks:
        prefix = f"{bank.title or bank.slug} · " if len(banks) > 1 else ""
        names += [f'<li data-page="{html.escape(chapter_path(bank, c).removesuffix(".md"))}">'
                  f'{html.escape(prefix + f"{c.number}. " + shown_title(c.title))}</li>' for c in bank.chapters]
    return f'<ol class="stats__names" data-stats-names hidden>{"".join(names)}</ol>'


def render_stats_page(banks: list[Bank], ui: Mapping[str, str]) -> Page:
    """The 統計 page (``ui`` holds the stats strings in the guide's script)."""
    e = {key: html.escape(value) for key, value in ui.items()}
    sections = "".join(f'<section class="stats__section" data-stats-chart="{name}" aria-labelledby="stats-{name}">'
                       f'<h2 id="stats-{name}">{e["stats_" + name]}</h2>'
                       f'<p class="stats__hint">{e[HINTS[name]]}</p></section>' for name in CHARTS)
    markdown = (f"# {e['stats_title']}\n\n{e['stats_intro']}\n\n"
                f'<p class="run-needs-script" data-run-needs-script>{e["stats_needs_script"]}</p>\n\n'
                f'<div class="stats" data-stats data-search-exclude hidden>{_chapter_names(banks)}'
                f'<p class="stats__message" role="status"></p>{sections}</div>\n')
    return Page(STATS_PAGE, ui["stats_title"], markdown)


def plan_panel(banks: list[Bank], ui: Mapping[str, str]) -> str:
    """The home page's 今日計劃 (shown by stats/plan.js): each bank's reviews due, new questions
    to take up, where practice stopped, and a link to the 統計 page."""
    e = {key: html.escape(value) for key, value in ui.items()}
    due = "".join(f'<li data-plan="due" data-practice-bank="{html.escape(b.slug)}">'
                  f'<a href="{html.escape(run_path(b, "review").removesuffix(".md"))}.html"></a></li>' for b in banks)
    return (f'<div class="today-plan" data-today-plan data-search-exclude hidden>'
            f'<p class="today-plan__title" role="heading" aria-level="2">{e["plan_title"]}</p>'
            f'<ul class="today-plan__items">{due}<li data-plan="new"><a></a></li>'
            f'<li data-plan="resume"><a></a></li></ul>'
            f'<p><a class="md-button" href="{STATS_PAGE.removesuffix(".md")}.html">{e["plan_stats"]}</a></p></div>')
