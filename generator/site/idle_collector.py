"""Python's full garbage collections moved out of ``mkdocs serve``'s rebuilds into the idle time after them.

A serve session holds what it keeps from build to build (generator.site.serve_session):
hundreds of thousands of objects, which every full collection the interpreter starts during a
rebuild walks again, about 0.6 s of a 5,000-question rebuild.  After a build, once the browser
has had its pages, :class:`IdleCollector` collects everything and freezes what is left
(:func:`gc.freeze`), so that the next build's collections walk only what that build made.
Whatever a later build lets go of among the frozen objects is collected in the next idle time.
"""
from __future__ import annotations

import gc
import threading

IDLE_DELAY = 1.0  # seconds after a build: the browser reloads its page first


class IdleCollector:
    def __init__(self, delay: float = IDLE_DELAY) -> None:
        self._delay = delay
        self._timer: threading.Timer | None = None
        self.collections = 0  # idle collections run (for tests)

    def build_starts(self) -> None:
        """A build starts: no collection is begun during it."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def build_ends(self) -> None:
        """A build has ended: collect once the session is idle."""
        self.build_starts()
        self._timer = threading.Timer(self._delay, self._collect)
        self._timer.daemon = True
        self._timer.start()

    def _collect(self) -> None:
        gc.unfreeze()
        gc.collect()
        gc.freeze()
        self.collections += 1

    def close(self) -> None:
        """The session ends: every object back in the interpreter's collections."""
        self.build_starts()
        gc.unfreeze()
