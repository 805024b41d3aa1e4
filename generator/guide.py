"""Settings -> the whole guide: loaded banks, generated pages and the navigation.

The one function the MkDocs plugin and the command line share, so that the site
and ``python -m generator markdown`` always agree.
"""
from __future__ import annotations

import html
import json
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from .crosslinks import GLOSSARY_PAGE, CrossLinks
from .escape import escape
from .formulas import Math
from .glossary import Glossary, load_glossary
from .inline import InlineRenderer
from .katex import MathStash
from .model import Bank, Page, Question
from .pipeline import load_bank
from .render import RenderContext, chapter_path, render_chapter, render_home, render_report
from .settings import Settings
from .script import convert_bank, convert_interface, convert_strings, convert_text, edition_script
from .ui import UI


@dataclass(frozen=True)
class Guide:
    banks: tuple[Bank, ...]
    pages: tuple[Page, ...]
    nav: tuple  # MkDocs ``nav`` entries for the generated pages, in reading order
    watched: tuple[Path, ...]  # files whose change must regenerate the guide
    interface: str = "hant"  # script of the interface, "hans" or "hant" (generator.script)
    glossary: Glossary | None = None
    formulas: MathStash | None = None  # typeset formulas, put into the pages' HTML after Markdown


def build_guide(settings: Settings, extra_pages: dict[str, str] | None = None, typeset: bool = True) -> Guide:
    """Load every bank of ``settings`` and render its pages.

    ``extra_pages`` maps hand-written page paths to their titles, to place them in the nav.
    With ``typeset`` formulas become placeholders for KaTeX's HTML (``Guide.formulas``
    restores them in the HTML); without it they stay as their source text, for Markdown
    meant to be read as it is.
    """
    banks = tuple(convert_bank(load_bank(path), settings.script) for path in settings.banks)
    interface = edition_script(settings.script, banks)
    ui = convert_strings(UI, interface)
    glossary = load_glossary(settings.glossary) if settings.glossary else None
    links = CrossLinks.build(banks, glossary, lambda t: convert_text(t, interface), ui) if glossary else None
    stash = MathStash() if typeset else None
    pages: list[Page] = [render_home(list(banks), RenderContext(ui=ui))]
    chapter_nav: list = []
    for bank in banks:
        ctx = _context(bank, ui, glossary, links, stash, interface)
        chapters = [_with_tags(render_chapter(bank, c, ctx), links.chapter_tags(bank, c) if links else [])
                    for c in bank.chapters]
        pages += chapters
        # Material prints nav titles as HTML (in the nav, header and footer): bank text is escaped.
        entries = [{html.escape(page.title): page.path} for page in chapters]
        chapter_nav += entries if len(banks) == 1 else [{html.escape(bank.title or bank.slug): entries}]
    indexes = [links.index_page(), links.glossary_page(), links.tags_page()] if links else []
    report = render_report(list(banks), RenderContext(ui=ui))
    pages += [*indexes, report]
    nav = [{ui["home_title"]: "index.md"}, *chapter_nav, *({p.title: p.path} for p in indexes), {report.title: report.path}]
    nav += [{convert_interface(title, interface): path} for path, title in sorted((extra_pages or {}).items())]
    if stash is not None:
        stash.typeset()  # all formulas at once, and a formula KaTeX rejects fails the build here
    watched = tuple(p for path in settings.banks for p in path.parent.iterdir() if p.is_file())
    watched += tuple(p for p in (settings.glossary,) if p)
    return Guide(banks, tuple(pages), tuple(nav), watched, interface, glossary, stash)


def _context(bank: Bank, ui: dict[str, str], glossary: Glossary | None, links: CrossLinks | None,
             stash: MathStash | None, interface: str) -> RenderContext:
    """How the chapter pages of ``bank`` show prose: formulas, term links, references."""
    targets = _reference_targets(bank)
    def math(segment: Math, question: Question) -> str:
        if stash is None:
            return escape(segment.source)
        return stash.put(segment, where=f"{bank.source}: {question.id}")

    inline = InlineRenderer(bank, glossary, math, targets, "../" + GLOSSARY_PAGE,
                            lambda text: convert_text(text, interface))
    extras = (lambda q: links.footer(bank, q)) if links else (lambda q: "")
    return RenderContext(inline=inline, extras=extras, ui=ui)


def _reference_targets(bank: Bank) -> Callable[[Question, int], str | None]:
    """Where ``見第N題`` in a question points: question N of its own chapter, else the
    bank's only question N (banks that number per chapter repeat numbers)."""
    numbers = Counter(q.number for q in bank.questions)
    chapter_of: dict[str, int] = {}
    links: dict[tuple[int, int], str] = {}
    unique: dict[int, str] = {}
    for chapter in bank.chapters:
        page = chapter_path(bank, chapter).rsplit("/", 1)[-1]
        for q in chapter.questions:
            chapter_of[q.id] = chapter.number
            links.setdefault((chapter.number, q.number), f"{page}#{q.id}")
            if numbers[q.number] == 1:
                unique[q.number] = f"{page}#{q.id}"
    return lambda question, number: links.get((chapter_of[question.id], number)) or unique.get(number)


def _with_tags(page: Page, tags: list[str]) -> Page:
    """The page with Material's ``tags`` front matter (JSON strings are valid YAML).

    The tags index the page on the tags page; on the page itself each question shows its
    own, so Material's list of all the page's tags above the title is hidden.
    """
    if not tags:
        return page
    front = ("---\nhide:\n  - tags\ntags:\n" + "".join(f"  - {json.dumps(t, ensure_ascii=False)}\n" for t in tags)
             + "---\n\n")
    return replace(page, markdown=front + page.markdown)
