"""Settings -> the whole guide: loaded banks, generated pages and the navigation.

The one function the MkDocs plugin and the command line share, so that the site
and ``python -m generator markdown`` always agree.
"""
from __future__ import annotations

import html
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, partial
from pathlib import Path

import yaml

from ..bank.lint import Linter
from ..bank.model import Bank, Chapter, Page, Question
from ..base.settings import Settings
from ..links.glossary import Glossary, load_glossary
from ..math.detect import Math, readable
from ..math.editor_latex import check_editor_latex, check_latex_reading
from ..math.katex import MathStash
from ..read.load import corrected_bank, refuse_shared_slugs
from .chapter import RenderContext, render_chapter, render_home, render_report
from .escape import as_is, escape
from .index_pages import CrossLinks
from .nav_groups import NavEntry, chapter_groups
from .page_cache import PageCache, digest
from .paths import (
    GLOSSARY_PAGE,
    HOME_PAGE,
    INDEX_PAGE,
    MISTAKES_PAGE,
    REPORT_PAGE,
    STARRED_PAGE,
    STATS_PAGE,
    TAGS_PAGE,
    chapter_data_path,
    chapter_path,
    practice_data_path,
)
from .practice_markup import LIST_PAGES, render_list_page
from .prose import InlineRenderer
from .run_pages import RUN_KINDS, run_page_markdown, run_path
from .run_strings import run_strings
from .script import convert_bank, convert_flags, convert_interface, convert_strings, convert_text, interface_script
from .stats_page import plan_panel, render_stats_page
from .stats_strings import stats_strings
from .strings import UI

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Guide:
    banks: tuple[Bank, ...]
    pages: tuple[Page, ...]
    nav: tuple[NavEntry, ...]  # MkDocs ``nav`` entries for the generated pages, in reading order
    watched: tuple[Path, ...]  # files whose change must regenerate the guide
    interface: str = "hant"  # script of the interface, "hans" or "hant" (generator.script)
    glossary: Glossary | None = None
    formulas: MathStash | None = None  # typeset formulas, put into the pages' HTML after Markdown


@dataclass(frozen=True)
class Plan:
    """The guide before its pages are rendered: what MkDocs needs to know up front, and the
    :class:`PageRenderer` that renders the pages (see :func:`plan_guide`)."""

    renderer: PageRenderer
    nav: tuple[NavEntry, ...]
    watched: tuple[Path, ...]
    interface: str
    glossary: Glossary | None

    @property
    def formulas(self) -> MathStash | None:
        return self.renderer.stash


def build_guide(settings: Settings, extra_pages: dict[str, str] | None = None, typeset: bool = True) -> Guide:
    """Load every bank of ``settings`` and render its pages.

    ``extra_pages`` maps hand-written page paths to their titles, to place them in the nav.
    With ``typeset`` formulas become placeholders for KaTeX's HTML (``Guide.formulas``
    restores them in the HTML); without it they stay as their source text, for Markdown
    meant to be read as it is.
    """
    plan = plan_guide(settings, extra_pages, typeset)
    renderer = plan.renderer
    pages = tuple(renderer.render(i) for i in range(len(renderer.outline)))
    return Guide(renderer.banks, pages, plan.nav, plan.watched, plan.interface, plan.glossary, renderer.stash)


def plan_guide(settings: Settings, extra_pages: dict[str, str] | None = None, typeset: bool = True,
               html_links: bool = False, cache: PageCache | None = None) -> Plan:
    """The banks read and corrected, the pages' paths and titles, and the nav.

    With ``html_links`` (pages as ``.html`` files) and ``typeset``, a question's prose goes to
    the page as HTML, its links included (generator.pages.prose), which Markdown passes through.

    MkDocs needs these up front and each page's Markdown only when it reads the page, so
    the MkDocs plugin has the rest (checks, script, rendering) done beside it
    (generator.site.prerender); :func:`build_guide` does it here.  With ``cache`` (the builds of
    one ``mkdocs serve``) a chapter page made from the same as in the last build is taken from it.
    """
    check_math = check_editor_latex if typeset else check_latex_reading
    refuse_shared_slugs(settings.banks)
    corrected = tuple(corrected_bank(path, check_math=check_math, limit=settings.max_bank_size)
                      for path in settings.banks)
    interface = interface_script(settings.script, corrected)
    ui = convert_strings(UI, interface)
    glossary = load_glossary(settings.glossary) if settings.glossary else None
    stash = (cache.stash if cache else MathStash()) if typeset else None
    renderer = PageRenderer(corrected, settings.script, ui, glossary, interface, stash, html_links, cache)
    titles = dict(renderer.outline)
    chapter_nav: list[NavEntry] = []
    for bank in corrected:
        # Material prints nav titles as HTML (in the nav, header and footer): bank text is escaped.
        chapters = [{html.escape(titles[path]): path} for path in (chapter_path(bank, c) for c in bank.chapters)]
        entries = chapter_groups(chapters, ui["nav_chapters"], ui["nav_chapter"])
        title = convert_text(bank.title, settings.script) or bank.slug
        entries += [{html.escape(titles[run_path(bank, kind)]): run_path(bank, kind)} for kind in RUN_KINDS]
        chapter_nav += entries if len(corrected) == 1 else [{html.escape(title): entries}]
    last = [path for path in (MISTAKES_PAGE, STARRED_PAGE, STATS_PAGE, INDEX_PAGE, GLOSSARY_PAGE, TAGS_PAGE,
                              REPORT_PAGE) if path in titles]
    nav = [{ui["home_title"]: HOME_PAGE}, *chapter_nav, *({titles[path]: path} for path in last)]
    nav += [{convert_interface(title, interface): path} for path, title in sorted((extra_pages or {}).items())]
    watched = tuple(p for path in settings.banks for p in path.parent.iterdir() if p.is_file())
    watched += tuple(p for p in (settings.glossary,) if p)
    return Plan(renderer, tuple(nav), watched, interface, glossary)


class PageRenderer:
    """Renders the guide's pages one at a time, in reading order: the home page, each bank's
    chapters, the question index, glossary and tags pages, and the proofreading report.

    The banks are written in the guide's script, and the cross-links worked out, when the
    first page needs them; each chapter is checked (generator.lint) when its page is
    rendered, so the first page does not wait for the whole bank's checks.  Rendering a page
    also typesets its formulas into ``stash``.
    """

    def __init__(self, corrected: tuple[Bank, ...], script: str, ui: dict[str, str], glossary: Glossary | None,
                 interface: str, stash: MathStash | None, html_links: bool = False,
                 cache: PageCache | None = None) -> None:
        self.corrected, self.script, self.ui, self.glossary, self.interface = corrected, script, ui, glossary, interface
        self.stash, self.html_links, self.cache = stash, html_links, cache
        self._chapters: dict[tuple[int, int], Chapter] = {}  # (bank, chapter) -> checked, in the script
        stats_ui = stats_strings(interface)  # 統計 and the home page's 今日計劃 (stats_page)
        jobs: list[tuple[str, str, Callable[[], Page]]] = [
            (HOME_PAGE, ui["home_title"], lambda: _with_front_matter(
                render_home(list(self._shown), RenderContext(ui=ui, raw=stash.put_html if stash else None),
                            plan_panel(list(self._shown), stats_ui)), [],
                [practice_data_path(b) for b in corrected]))]
        for k, bank in enumerate(corrected):
            jobs += [(chapter_path(bank, c), convert_text(c.title, script), partial(self._chapter, k, n))
                     for n, c in enumerate(bank.chapters)]
            run_ui = {**ui, **run_strings(interface)}  # 隨機練習, 題型練習, 模擬考試, 今日複習 (run_pages)
            jobs += [(run_path(bank, kind), run_ui[kind + "_title"], partial(self._run, k, kind, run_ui))
                     for kind in RUN_KINDS]
        data = [practice_data_path(b) for b in corrected]
        jobs += [(path, ui[f"{kind}_title"], partial(_list_page, kind, ui, data)) for kind, path in LIST_PAGES.items()]
        jobs.append((STATS_PAGE, stats_ui["stats_title"], lambda: _with_front_matter(
            render_stats_page(list(self._shown), stats_ui), [], data, bundle="stats")))
        block = stash.put_block_html if stash else as_is  # the long lists' HTML, past Markdown
        if glossary is not None:
            jobs += [(INDEX_PAGE, ui["index_title"], lambda: self._glossary_links().index_page(html_links, block)),
                     (GLOSSARY_PAGE, ui["glossary_title"],
                      lambda: self._glossary_links().glossary_page(html_links, block)),
                     (TAGS_PAGE, ui["tags_title"], lambda: self._glossary_links().tags_page())]
        jobs.append((REPORT_PAGE, ui["report_title"],
                     lambda: render_report(list(self.banks), RenderContext(ui=ui), html_links, block)))
        self._jobs = jobs
        self.outline = tuple((path, title) for path, title, _ in jobs)  # (path, title) of each page

    def render(self, i: int) -> Page:
        """Page ``i`` of :attr:`outline`, its formulas typeset (:class:`FormulaError` names the
        first KaTeX rejects)."""
        path, title, make = self._jobs[i]
        page = make()
        if (page.path, page.title) != (path, title):
            raise RuntimeError(f"page {i} rendered as {page.path!r} ({page.title!r}), planned as {path!r} ({title!r})")
        if self.stash is not None:
            self.stash.typeset()
        return page

    @cached_property
    def banks(self) -> tuple[Bank, ...]:
        """The banks as the pages show them: checked, flagged, in the guide's script
        (``convert_bank(lint(bank))``, a chapter at a time)."""
        banks = tuple(replace(shown, chapters=tuple(self._checked(k, n) for n in range(len(shown.chapters))))
                      for k, shown in enumerate(self._shown))
        for bank in banks:
            log.info("%s: %d questions in %d chapters, %d flags", bank.source, len(bank.questions),
                     len(bank.chapters), sum(len(q.flags) for q in bank.questions))
        return banks

    def _chapter(self, k: int, n: int) -> Page:
        bank, chapter = self._shown[k], self._checked(k, n)
        context = self._contexts[bank.slug]
        tags = self._links.chapter_tags(bank, chapter) if self._links else []

        def make() -> Page:
            page = render_chapter(bank, chapter, context)
            return _with_front_matter(page, tags, [chapter_data_path(bank, chapter)])

        if self.cache is None:
            return make()
        footers = [context.extras(q) for q in chapter.questions]  # they quote other questions
        return self.cache.pages.made(digest(self._bank_keys[k], chapter, footers, tags), make)

    @cached_property
    def _bank_keys(self) -> tuple[bytes, ...]:
        """What each bank's chapter pages are made from besides their chapters: the guide's
        settings, the bank's numbering (references to other questions) and its pictures."""
        settings = digest(self.script, self.ui, self.glossary, self.interface, self.html_links)
        return tuple(digest(settings, b.slug, b.source, b.title, b.pictures,
                            [(chapter_path(b, c), [(q.id, q.number) for q in c.questions]) for c in b.chapters])
                     for b in self._shown)

    def _run(self, k: int, kind: str, ui: dict[str, str]) -> Page:
        bank = self._shown[k]
        markdown = run_page_markdown(bank, kind, [c.title for c in bank.chapters], ui)
        page = Page(run_path(bank, kind), ui[kind + "_title"], markdown)
        return _with_front_matter(page, [], [practice_data_path(bank)], bundle="runs")  # draws load the questions

    def _checked(self, k: int, n: int) -> Chapter:
        """Chapter ``n`` of bank ``k``, checked (on the bank's own text) and in the guide's script:
        its shown chapter with the flags the check added, converted (the check adds flags and
        changes nothing else, so the rest is not converted again)."""
        if (k, n) not in self._chapters:
            corrected = self.corrected[k].chapters[n]
            checked = self._linters[k].chapter(corrected)
            shown = self._shown[k].chapters[n]
            questions = tuple(s if c is q else replace(s, flags=convert_flags(c.flags, self.script))
                              for q, c, s in zip(corrected.questions, checked.questions, shown.questions, strict=True))
            self._chapters[k, n] = replace(shown, questions=questions)
        return self._chapters[k, n]

    @cached_property
    def _linters(self) -> tuple[Linter, ...]:
        return tuple(Linter(bank) for bank in self.corrected)

    @cached_property
    def _shown(self) -> tuple[Bank, ...]:
        """The banks in the guide's script, not yet checked: all that text, links and tags need."""
        return tuple(convert_bank(bank, self.script) for bank in self.corrected)

    @cached_property
    def _links(self) -> CrossLinks | None:
        if self.glossary is None:
            return None
        return CrossLinks.build(self._shown, self.glossary, lambda t: convert_text(t, self.interface), self.ui)

    @cached_property
    def _checked_links(self) -> CrossLinks | None:
        """The cross-links over the checked banks, for the pages that list questions with their flags."""
        return replace(self._links, banks=self.banks) if self._links else None

    def _glossary_links(self) -> CrossLinks:
        """:attr:`_checked_links` for the pages made only when there is a glossary."""
        assert self._checked_links is not None, "pages of cross-links without a glossary"
        return self._checked_links

    @cached_property
    def _contexts(self) -> dict[str, RenderContext]:
        return {b.slug: _context(b, self.ui, self.glossary, self._links, self.stash, self.interface, self.html_links)
                for b in self._shown}


def _context(bank: Bank, ui: dict[str, str], glossary: Glossary | None, links: CrossLinks | None,
             stash: MathStash | None, interface: str, html_links: bool = False) -> RenderContext:
    """How the chapter pages of ``bank`` show prose: formulas, term links, references."""
    targets = _reference_targets(bank)
    def math(segment: Math, question: Question) -> str:
        if stash is None:
            return escape(readable(segment))
        return stash.put(segment, where=f"{bank.source}: {question.id}")

    inline = InlineRenderer(bank, glossary, math, targets, "../" + GLOSSARY_PAGE,
                            lambda text: convert_text(text, interface), stash.put_html if stash else None, html_links)
    footers: dict[str, str] = {}  # question id -> its footer, made once (the page cache asks for it too)

    def extras(question: Question) -> str:
        if links is None:
            return ""
        if question.id not in footers:
            footer = links.footer_html if html_links and stash else links.footer
            footers[question.id] = footer(bank, question)
        return footers[question.id]

    return RenderContext(inline=inline, extras=extras, ui=ui, raw=stash.put_html if stash else None)


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


def _list_page(kind: str, ui: dict[str, str], data: list[str]) -> Page:
    """The 錯題本 or 收藏 page, loading every bank's practice data."""
    return _with_front_matter(render_list_page(kind, ui), [], data)


def _with_front_matter(page: Page, tags: list[str], practice: list[str], bundle: str = "") -> Page:
    """The page with Material's ``tags`` front matter, and the practice data it loads
    (``practice``: site paths of scripts, overrides/main.html), written by YAML's own dumper:
    it quotes or escapes whatever a tag holds (a term with a C1 character once broke
    hand-written YAML).  ``bundle`` names the page's own script bundle (overrides/src/bundles),
    when it is not the one main.html picks by the data it loads.

    The tags index the page on the tags page; on the page itself each question shows its
    own, so Material's list of all the page's tags above the title is hidden.
    """
    data: dict[str, list[str] | str] = {"hide": ["tags"], "tags": list(tags)} if tags else {}
    if practice:
        data["practice"] = list(practice)
    if bundle:
        data["bundle"] = bundle
    if not data:
        return page
    front = yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1_000_000)
    if yaml.safe_load(front) != data:  # a line separator YAML folds: escape all but ASCII instead
        front = yaml.safe_dump(data, sort_keys=False, width=1_000_000)
    front = f"---\n{front}---\n\n"
    return replace(page, markdown=front + page.markdown)
