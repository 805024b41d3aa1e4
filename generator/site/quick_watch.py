"""The banks, the glossary and the settings looked at twenty times a second under ``mkdocs serve``.

MkDocs looks at what it watches every half second (watchdog's PollingObserver: polling works
on every file system, Docker volumes and network mounts included, where the kernel's change
notifications do not), then starts a build after 0.1 s without change.  A saved bank waited
0.35 s on average before its rebuild began.  These few files get a polling observer of their
own that looks more often (a ``stat`` of each), with the handler MkDocs' ``watch`` makes: the
same rebuild, asked for sooner.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from mkdocs.livereload import LiveReloadServer
from watchdog.observers.polling import PollingObserver

# Seconds between two looks at the files: half the time without change that MkDocs waits for
# before it builds (build_delay, 0.1 s), so that a save seen half written is seen whole before
# the build starts: one build, not two (at MkDocs' half second, or at 0.1 s, a look in the
# middle of a save meant a second build once the first had begun).
INTERVAL = 0.05


def watch_quickly(server: LiveReloadServer, paths: Iterable[Path], interval: float = INTERVAL) -> PollingObserver:
    """Have ``server`` rebuild when a file of ``paths`` changes, looked at every ``interval``
    seconds by the observer returned (started; stop it when the server stops).  A path with
    no file (a guide without a settings file) is not watched: the observer could not start."""
    observer = PollingObserver(timeout=interval)
    usual, server.observer = server.observer, observer  # watch() schedules on the server's observer
    try:
        for path in sorted({path for path in paths if path.exists()}):
            server.watch(str(path))
    finally:
        server.observer = usual
    observer.start()
    return observer
