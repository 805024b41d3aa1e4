"""The guide's pages rendered beside MkDocs, in a second process, while MkDocs builds.

MkDocs builds one page after another on one core.  Rendering the guide's pages (checks,
formula detection, term links, KaTeX) is work of the same order, and most machines have a
second core: :func:`start` forks a process that renders the pages in reading order and
typesets their formulas, and MkDocs takes each page's Markdown (:meth:`Pages.page`) when
it reads it, by which time the page is long made.  The page is the same either way: a
:class:`PageRenderer` renders it.  Once the pages are made the process takes other work
(:meth:`Pages.run`), such as half of the search index's words at the end of the build.

Where a process cannot be forked safely (no ``fork``, or other threads running) the pages are
rendered here, when asked.  KaTeX's Node process, started here when the errata's formulas were
checked, is no reason not to fork: a forked process starts a Node of its own
(generator.math.node).
"""
from __future__ import annotations

import contextlib
import itertools
import logging
import multiprocessing
import os
import signal
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import TYPE_CHECKING, Any, TypeVar, cast

from ..base.errors import GuideError
from ..math.katex import KatexRenderer, default_renderer

if TYPE_CHECKING:
    from ..bank.model import Page
    from ..pages.compose import PageRenderer

T = TypeVar("T")
log = logging.getLogger(__name__)


class _TheRenderer:
    """Stands for the pages' :class:`PageRenderer` among a job's arguments (:meth:`Pages.run`):
    the process beside has its own, with the pages' checked banks, and it is never sent."""

    def __reduce__(self) -> str:
        return "RENDERER"  # one object in every process


RENDERER: Any = _TheRenderer()


def _with_renderer(args: tuple[Any, ...], renderer: PageRenderer) -> tuple[Any, ...]:
    return tuple(renderer if arg is RENDERER else arg for arg in args)


class RendererError(GuideError):
    """Making a page failed in the process beside: the message there (a traceback for a bug)."""

    def __init__(self, message: str) -> None:
        Exception.__init__(self, message)


class Pages:
    """The guide's pages, rendered here when asked (the fallback of :func:`start`)."""

    def __init__(self, renderer: PageRenderer) -> None:
        self.renderer = renderer

    def page(self, i: int) -> Page:
        """Page ``i`` of the renderer's outline, its formulas in the renderer's stash."""
        return self.renderer.render(i)

    def run(self, function: Callable[..., T], *args: Any) -> Callable[[], T]:
        """``function(*args)`` beside this process where there is one; call what this returns
        for the result.  ``function`` must be a module's own, and ``args`` picklable
        (:data:`RENDERER` stands for the renderer)."""
        result = function(*_with_renderer(args, self.renderer))
        return lambda: result

    def close(self) -> None:
        """Stop rendering (pages not yet asked for are not made)."""


class PagesBeside(Pages):
    """The guide's pages from a forked process, which renders them all in order."""

    def __init__(self, renderer: PageRenderer) -> None:
        super().__init__(renderer)
        self._received: dict[int, Page] = {}
        self._results: dict[int, Any] = {}  # job number -> its result, until asked for
        self._sent = 0  # jobs sent
        self._taken = 0  # results taken by their callers
        context = multiprocessing.get_context("fork")
        self._inbox, outbox = context.Pipe(duplex=False)
        jobs, self._jobs = context.Pipe(duplex=False)
        self._all_made = False
        # A daemon: a build that stops early (an error, Ctrl-C) does not wait for it.
        self._process = context.Process(target=_work, args=(renderer, outbox, jobs, (self._inbox, self._jobs)),
                                        daemon=True, name="study-guide pages")
        # Ctrl-C held back while forking: in an at-fork hook (logging's) CPython prints the
        # KeyboardInterrupt and drops it.  Delivered when the mask is restored, here.
        mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._process.start()
        except OSError:
            for end in (self._inbox, self._jobs, outbox, jobs):
                end.close()
            raise
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        outbox.close()  # the child's ends: once it exits, a read here ends instead of waiting
        jobs.close()

    def page(self, i: int) -> Page:
        while i not in self._received:
            if self._all_made:
                raise RendererError(f"no page {i}: the guide has {len(self.renderer.outline)}")
            self._receive()
        return self._received.pop(i)

    def run(self, function: Callable[..., T], *args: Any) -> Callable[[], T]:
        while not self._all_made:  # the process takes work once every page is made
            self._receive()
        # The earlier jobs' results first: a large result the process is sending and a large
        # job sent here would each wait for the other to be read.
        while len(self._results) + self._taken < self._sent:
            self._receive()
        self._jobs.send((function, args))
        job, self._sent = self._sent, self._sent + 1
        return lambda: self._result(job)

    def _result(self, job: int) -> Any:
        while job not in self._results:
            self._receive()
        self._taken += 1
        return self._results.pop(job)

    def _receive(self) -> None:
        """The next message: a page or a job's result (kept), or the end of the pages."""
        try:
            kind, index, payload, formulas, records = self._inbox.recv()
        except EOFError:
            raise RendererError(f"the process rendering the guide's pages stopped (exit code "
                                f"{self._process.exitcode})") from None
        for record in records:  # its warnings count here: mkdocs build --strict sees them
            logging.getLogger(record.name).handle(record)
        if kind == "error":
            raise RendererError(payload)
        if kind == "page":
            if self.renderer.stash is not None:
                self.renderer.stash.absorb(formulas)
            self._received[index] = payload
        elif kind == "result":
            self._results[index] = payload
        self._all_made = self._all_made or kind == "made"

    def alive(self) -> bool:
        """Whether the process still takes jobs (an error ends it)."""
        return self._process.is_alive()

    def close(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join()
        self._inbox.close()
        self._jobs.close()


def start(renderer: PageRenderer) -> Pages:
    """The renderer's pages, made beside this process where it can fork safely, else here.

    Forking is safe in a process with one thread: ``mkdocs build``.
    ``mkdocs serve`` runs a server and a file watcher in threads, whose locks a forked child
    could inherit held, so its builds make the pages here, where the renderer's page cache
    keeps them for the next build (generator.pages.page_cache).
    """
    if renderer.cache is not None or not _can_fork():
        return Pages(renderer)
    try:
        return PagesBeside(renderer)
    except OSError as error:  # no process to be had (limits, a sandbox): the same pages, here
        log.info("pages are made in MkDocs' own process: %s", error)
        return Pages(renderer)


def _can_fork() -> bool:
    """Whether this process can fork safely: it can, and it runs one thread (:func:`start`)."""
    return "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1


class _NoPages:
    """The outline of a process beside that makes no pages, only jobs (:func:`job_process`)."""

    outline: tuple[tuple[str, str], ...] = ()
    stash = None


def job_process() -> PagesBeside | None:
    """A process beside for jobs alone (:meth:`Pages.run`), forked while this process has one
    thread: at ``mkdocs serve``'s start, before its server and watcher, it then takes jobs for
    every build (the pages of those builds are made here, :func:`start`).  None where no
    process can be forked safely."""
    if not _can_fork():
        return None
    try:
        return PagesBeside(cast("PageRenderer", _NoPages()))
    except OSError as error:
        log.info("jobs are done in MkDocs' own process: %s", error)
        return None


class _Records(logging.Handler):
    """Keeps the log records of one page, to be sent with it."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        record.msg, record.args, record.exc_info = record.getMessage(), None, None  # plain text travels
        self.records.append(record)


def _start_katex(katex: KatexRenderer) -> None:
    with contextlib.suppress(GuideError):  # not installed: the first formula says so, naming its question
        katex.start()


def _work(renderer: PageRenderer, outbox: Connection, jobs: Connection, parents: tuple[Connection, ...]) -> None:
    """The forked process: every page in order, each sent with its formulas and log records,
    then each job it is sent, until the parent closes its end or ends (``parents``: the
    parent's ends of the pipes, closed here, so that a parent killed outright ends the pipes,
    and this process with them, instead of leaving it waiting for ever)."""
    for end in parents:
        end.close()
    # Ctrl-C reaches the whole process group: the parent stops the build and this process with
    # it (a daemon), so this one ignores it rather than print a KeyboardInterrupt's traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    records = _Records()
    logger = logging.getLogger("generator")
    logger.handlers, logger.propagate = [records], False  # the parent logs them, once
    stash = renderer.stash
    if stash is not None:  # Node loads KaTeX while the banks are checked for the first page
        threading.Thread(target=_start_katex, args=(stash.renderer or default_renderer(),), daemon=True).start()

    def send(kind: str, index: int, payload: Any, formulas: dict[int, tuple[str, str]]) -> None:
        outbox.send((kind, index, payload, formulas, records.records))
        records.records = []

    try:
        for i in range(len(renderer.outline)):
            page = renderer.render(i)
            send("page", i, page, stash.drain() if stash is not None else {})
        send("made", -1, None, {})
        for job in itertools.count():
            try:
                function, args = jobs.recv()
            except EOFError:
                return
            send("result", job, function(*_with_renderer(args, renderer)), {})
    except GuideError as error:
        send("error", -1, str(error), {})
    except Exception:  # a bug: the parent shows where
        send("error", -1, f"the process beside MkDocs (pid {os.getpid()}) failed:\n{traceback.format_exc()}", {})
