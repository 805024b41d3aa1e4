"""What ``mkdocs serve`` keeps from one build to the next, in one place.

MkDocs keeps a plugin that has ``on_startup`` for every build of its process, and with it this:
the chapter pages (generator.pages.page_cache), what MkDocs made of each generated page
(:mod:`.converted`), each page's search entry (:mod:`.material`), what the guide makes of its
HTML (:mod:`.page_parts`) and its template output (:mod:`.kept_renders`), the question scripts
(:mod:`.kept_files`), and a process forked at the session's start, while MkDocs still runs one
thread, that makes each build's downloads (:func:`.prerender.job_process`), written into the
site by a thread once made (:meth:`ServeSession.write_downloads_later`).  Each build keeps
what it used of the build before (:meth:`ServeSession.start_build`); the garbage is collected
between builds (:mod:`.idle_collector`).
"""
from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..base.errors import GuideError
from ..pages.page_cache import PageCache, SessionCache
from . import prerender
from .converted import ConvertedPages
from .downloads import write_downloads
from .idle_collector import IdleCollector
from .kept_files import KeptFiles
from .kept_renders import KeptRenders
from .material import KeptEntries
from .page_parts import PageParts

log = logging.getLogger(__name__)


@dataclass
class ServeSession:
    chapters: PageCache = field(default_factory=PageCache)
    converted: ConvertedPages = field(default_factory=ConvertedPages)
    search: KeptEntries = field(default_factory=SessionCache)
    files: KeptFiles = field(default_factory=KeptFiles)  # the question scripts
    renders: KeptRenders = field(default_factory=KeptRenders)  # each page's template output
    contexts: SessionCache[PageParts] = field(default_factory=SessionCache)  # by page and its HTML
    jobs: prerender.PagesBeside | None = field(default_factory=prerender.job_process)
    collector: IdleCollector = field(default_factory=IdleCollector)
    downloads: threading.Thread | None = None  # writes the last build's downloads once made

    def start_build(self) -> None:
        """A new build: what the last one used is kept, the rest let go (the last build's
        downloads written first: MkDocs is about to empty the site's folder)."""
        self.wait_for_downloads()
        self.collector.build_starts()
        self.chapters.pages.start_build()
        self.converted.start_build()
        self.search.start_build()
        self.files.start_build()
        self.renders.start_build()
        self.contexts.start_build()

    def end_build(self) -> None:
        """The build has ended (made or failed): garbage is collected once the session is idle."""
        self.collector.build_ends()

    def write_downloads_later(self, site: Path, made: Callable[[], list[tuple[str, bytes]]]) -> None:
        """Write the downloads ``made`` returns into ``site`` once they are made, while the
        browsers reload: they are no part of a page, nor of the offline app's precache, and at
        5,000 questions the spreadsheet and the deck take longer than the pages."""
        self.downloads = threading.Thread(target=_write_downloads, args=(site, made), daemon=True,
                                          name="study-guide downloads")
        self.downloads.start()

    def wait_for_downloads(self) -> None:
        """Until the last build's downloads are written."""
        if self.downloads is not None:
            self.downloads.join()
            self.downloads = None

    def live_jobs(self) -> prerender.PagesBeside | None:
        """The job process, unless an error has ended it (then jobs are done here)."""
        return self.jobs if self.jobs is not None and self.jobs.alive() else None

    def close(self) -> None:
        self.wait_for_downloads()
        self.collector.close()
        self.files.close()
        if self.jobs is not None:
            self.jobs.close()
            self.jobs = None


def _write_downloads(site: Path, made: Callable[[], list[tuple[str, bytes]]]) -> None:
    try:
        write_downloads(site, made())
    except GuideError as error:  # the build has ended: said as MkDocs says a build's errors
        log.error("%s", error)
    except Exception:  # a bug: where
        log.exception("the downloads were not written")
