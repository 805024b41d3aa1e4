"""Settings -> the whole guide: loaded banks, generated pages and the navigation.

The one function the MkDocs plugin and the command line share, so that the site
and ``python -m generator markdown`` always agree.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .model import Bank, Page
from .pipeline import load_bank
from .render import RenderContext, chapter_path, render_chapter, render_home, render_report
from .settings import Settings
from .script import convert_bank, convert_interface, convert_strings, edition_script
from .ui import UI


@dataclass(frozen=True)
class Guide:
    banks: tuple[Bank, ...]
    pages: tuple[Page, ...]
    nav: tuple  # MkDocs ``nav`` entries for the generated pages, in reading order
    watched: tuple[Path, ...]  # files whose change must regenerate the guide
    interface: str = "hant"  # script of the interface, "hans" or "hant" (generator.script)


def build_guide(settings: Settings, extra_pages: dict[str, str] | None = None) -> Guide:
    """Load every bank of ``settings`` and render its pages.

    ``extra_pages`` maps hand-written page paths to their titles, to place them in the nav.
    """
    banks = tuple(convert_bank(load_bank(path), settings.script) for path in settings.banks)
    interface = edition_script(settings.script, banks)
    ctx = RenderContext(ui=convert_strings(UI, interface))
    pages: list[Page] = [render_home(list(banks), ctx)]
    chapter_nav: list = []
    for bank in banks:
        chapters = [render_chapter(bank, chapter, ctx) for chapter in bank.chapters]
        pages += chapters
        entries = [{page.title: page.path} for page in chapters]
        chapter_nav += entries if len(banks) == 1 else [{bank.title or bank.slug: entries}]
    report = render_report(list(banks), ctx)
    pages.append(report)
    nav = [{ctx.ui["home_title"]: "index.md"}, *chapter_nav, {report.title: report.path}]
    nav += [{convert_interface(title, interface): path} for path, title in sorted((extra_pages or {}).items())]
    watched = tuple(p for path in settings.banks for p in path.parent.iterdir() if p.is_file())
    return Guide(banks, tuple(pages), tuple(nav), watched, interface)
