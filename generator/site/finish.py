"""What a build writes once MkDocs has written every page: the rewritten search index, each
bank's downloads and the offline app (each in its own module; this only puts them in order)."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..base.npm import npm_root
from ..pages.compose import Plan
from .downloads import write_downloads
from .frontend import constants_script
from .pwa import write_offline_app
from ..search.index import complete_search_index


def finish_site(config: Any, plan: Plan, run: Callable[..., Callable[[], Any]],
                downloads: Callable[[], list[tuple[str, bytes]]]) -> None:
    """Complete the site MkDocs built into ``config.site_dir``; ``run`` does work in the
    process that made the pages (half of the search index's documents), which has made the
    ``downloads`` meanwhile (generator.site.downloads.download_files)."""
    site = Path(config.site_dir)
    suggest = "search.suggest" in (config.theme.get("features") or [])
    complete_search_index(site, plan.glossary, plan.interface, suggest, constants_script(), run=run)
    write_downloads(site, downloads())
    project = Path(config.config_file_path).parent
    write_offline_app(site, project, npm_root(project), config, plan.interface)
