"""What a build writes once MkDocs has written every page: the search index's copy for file://, each
bank's downloads and the offline app (each in its own module; this only puts them in order)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ..base.npm import npm_root
from ..pages.compose import Plan
from ..search.index import complete_search_index
from .downloads import write_downloads
from .frontend import constants_script
from .material import MESSAGE_TYPES
from .pwa import write_offline_app


def finish_site(config: Any, plan: Plan, search_index: dict[str, Any] | None,
                downloads: Callable[[], list[tuple[str, bytes]]] | None,
                write_files: Callable[[Path], None] = lambda site: None, prebuilt: bool = True,
                known: Mapping[str, str] | None = None) -> None:
    """Complete the site MkDocs built into ``config.site_dir``: the copy of the guide's
    ``search_index`` for ``file://`` (None without search), the ``downloads`` the process
    beside has made meanwhile (generator.site.downloads.download_files; None: written later,
    ``mkdocs serve``'s :meth:`ServeSession.write_downloads_later`), what ``write_files``
    writes into the site (the questions' scripts: thousands of small files, written while
    Node builds Lunr's index, unless not ``prebuilt``), the offline app, which lists every file
    (``known``: the MD5 of files ``write_files`` wrote, by site path, which it need not read)."""
    site = Path(config.site_dir)
    suggest = "search.suggest" in (config.theme.get("features") or [])
    lunr = complete_search_index(site, search_index, suggest, constants_script(prebuilt),
                                 MESSAGE_TYPES if prebuilt else None)
    write_files(site)
    if downloads is not None:
        write_downloads(site, downloads())
    lunr()  # Node has built the search index meanwhile; the offline app holds it too
    project = Path(config.config_file_path).parent
    write_offline_app(site, project, npm_root(project), config, plan.interface, known)
