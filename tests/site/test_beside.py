"""Pages rendered beside MkDocs in a forked process (generator.site.prerender): the same pages as
rendered here, in any order asked, with their warnings and errors reaching the build."""
import logging
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import cast

import pytest

from generator.bank.model import Page
from generator.base.errors import GuideError
from generator.math.katex import default_renderer
from generator.pages.compose import PageRenderer
from generator.site import prerender as beside
from tests.paths import ROOT

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
log = logging.getLogger("generator.test")


class FakeRenderer:
    """Pages that say which process made them; page ``fail`` raises, page 1 warns."""

    stash = None
    cache = None  # no page cache: pages are made beside where they can be

    def __init__(self, count: int, fail: int | None = None, error: type[Exception] = GuideError) -> None:
        self.outline = tuple((f"p{i}.md", f"P{i}") for i in range(count))
        self.fail, self.error = fail, error

    def render(self, i: int) -> Page:
        if i == self.fail:
            args = [f"page {i}", "a page", "none"] if self.error is GuideError else [f"page {i} cannot be made"]
            raise self.error(*args)
        if i == 1:
            log.warning("page 1 warns")
        return Page(f"p{i}.md", f"P{i}", f"made by {os.getpid()}")


def fake(count: int, **kwargs) -> PageRenderer:
    """A FakeRenderer where the code expects the real one (it uses only outline, stash and render)."""
    return cast("PageRenderer", FakeRenderer(count, **kwargs))


def made(n: int = 4, **kwargs) -> beside.PagesBeside:
    return beside.PagesBeside(fake(n, **kwargs))


def test_pages_are_made_in_another_process_and_given_in_any_order_asked():
    pages = made()
    try:
        got = {i: pages.page(i) for i in (2, 0, 3, 1)}
    finally:
        pages.close()
    assert [got[i].path for i in range(4)] == ["p0.md", "p1.md", "p2.md", "p3.md"]
    assert {page.markdown for page in got.values()} == {f"made by {pages._process.pid}"} != {f"made by {os.getpid()}"}


def test_a_warning_made_beside_is_logged_here_once(caplog):
    pages = made()
    with caplog.at_level(logging.WARNING, logger="generator"):
        for i in range(4):
            pages.page(i)
    pages.close()
    assert [r.getMessage() for r in caplog.records if r.name == "generator.test"] == ["page 1 warns"]


@pytest.mark.parametrize("error, shown", [(GuideError, r"^page 2: expected a page, found none$"),
                                          (KeyError, r"(?s)failed:.*KeyError: 'page 2 cannot be made'")])
def test_an_error_beside_is_raised_here_with_its_message(error, shown):
    pages = made(fail=2, error=error)
    try:
        assert pages.page(0).path == "p0.md"
        with pytest.raises(beside.RendererError, match=shown):
            pages.page(3)
    finally:
        pages.close()


def test_work_runs_beside_once_every_page_is_made():
    pages = made(3)
    try:
        result = pages.run(os.getpid)
        assert result() == pages._process.pid != os.getpid()
        assert pages.run(sorted, [3, 1, 2])() == [1, 2, 3]  # one job after another
        assert pages.page(1).path == "p1.md"  # pages made before the job are still there
    finally:
        pages.close()


def test_jobs_may_be_outstanding_together_however_large_their_arguments_and_results():
    """The downloads (megabytes) are still coming back when half the search index (megabytes)
    is sent: neither side may wait for the other to read."""
    pages = made(1)
    try:
        large_result = pages.run(bytes, 20_000_000)
        large_job = pages.run(len, b"x" * 20_000_000)
        assert large_job() == 20_000_000 and len(large_result()) == 20_000_000
        assert pages.run(getattr, beside.RENDERER, "outline")() == (("p0.md", "P0"),)  # the renderer, beside
    finally:
        pages.close()


def test_pages_are_made_here_when_no_process_can_be_started(monkeypatch):
    def refuse(self):
        raise OSError(11, "Resource temporarily unavailable")

    monkeypatch.setattr("multiprocessing.process.BaseProcess.start", refuse)
    pages = beside.start(fake(2))
    assert type(pages) is beside.Pages and pages.page(1).markdown == f"made by {os.getpid()}"


def _typeset(latex: str) -> str:
    return default_renderer().render(latex, False)


def test_pages_are_made_beside_though_katex_runs_here(monkeypatch):
    """Checking the errata's formulas starts KaTeX's Node in MkDocs' process before the pages
    are started (on_config): the pages are still made beside, with a Node of their own."""
    # ``mkdocs build`` runs in one thread; servers other tests of this worker left running do not
    # count here (KaTeX starts no thread: counted, it would still refuse below).
    threads = threading.active_count()
    here = _typeset("x^2")
    started = threading.active_count() - threads
    monkeypatch.setattr(threading, "active_count", lambda: 1 + started)
    pages = beside.start(fake(1))
    try:
        assert type(pages) is beside.PagesBeside
        assert pages.page(0).markdown == f"made by {pages._process.pid}"
        assert pages.run(_typeset, "x^2")() == here  # KaTeX works beside
    finally:
        pages.close()
    assert _typeset("y") and default_renderer().node.pid is not None  # and still here


def test_pages_are_made_here_while_other_threads_run():
    stop = threading.Event()
    server = threading.Thread(target=stop.wait)  # as mkdocs serve's server and file watcher
    server.start()
    try:
        assert type(beside.start(fake(1))) is beside.Pages
    finally:
        stop.set()
        server.join()


def test_a_process_for_jobs_alone_is_forked_while_no_other_thread_runs(monkeypatch):
    """``mkdocs serve`` makes its pages here and its downloads in a process forked at its start."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)  # as at serve's start (see above)
    jobs = beside.job_process()
    assert jobs is not None
    try:
        assert jobs.run(os.getpid)() == jobs._process.pid != os.getpid()
        assert jobs.run(sorted, [2, 1])() == [1, 2]  # one job after another, for build after build
    finally:
        jobs.close()
    monkeypatch.undo()
    stop = threading.Event()
    server = threading.Thread(target=stop.wait)
    server.start()
    try:
        assert beside.job_process() is None
    finally:
        stop.set()
        server.join()


# A serve session's parent as `kill` leaves it: no Python clean-up runs.
KILLED_PARENT = """
import os, signal, sys
from generator.site import prerender
jobs = prerender.job_process()
print(jobs._process.pid, flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _ended(pid: int) -> bool:
    """Gone, or a zombie waiting for the system to reap it."""
    try:
        status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    except FileNotFoundError:
        return True
    return "\nState:\tZ" in status


def test_the_process_for_jobs_ends_when_its_parent_is_killed():
    """Killed outright (``kill``, a closed terminal), ``mkdocs serve`` cannot stop its job
    process: the process sees its pipe end and ends by itself."""
    with subprocess.Popen([sys.executable, "-c", KILLED_PARENT], cwd=ROOT, stdout=subprocess.PIPE, text=True) as parent:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())  # not read to its end: the child holds it open while it lives
        parent.wait(timeout=60)
        parent.stdout.close()
    deadline = time.monotonic() + 20
    while not _ended(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    ended = _ended(child)
    if not ended:
        os.kill(child, signal.SIGKILL)
    assert ended


def test_the_fallback_renders_here_when_asked():
    pages = beside.Pages(fake(2))
    assert pages.page(1).markdown == f"made by {os.getpid()}"
    assert pages.run(sorted, [2, 1])() == [1, 2]


def _build_here(out: Path) -> None:
    """``mkdocs build --strict`` of the bundled guide in a fresh process, the pages made in
    MkDocs' own process."""
    code = ("import sys; from generator.site import prerender; prerender.start = prerender.Pages; "
            f"from mkdocs.__main__ import cli; sys.argv = ['mkdocs', 'build', '--strict', '-d', {str(out)!r}]; cli()")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.slow
def test_the_site_is_the_same_whether_pages_are_made_beside_mkdocs_or_in_it(tmp_path, guide_site):
    beside, here = guide_site, tmp_path / "here"  # mkdocs build --strict makes its pages beside by default
    _build_here(here)
    files = sorted(p.relative_to(here) for p in here.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(beside) for p in beside.rglob("*") if p.is_file())
    differ = [f for f in files if (here / f).read_bytes() != (beside / f).read_bytes()]
    assert differ == []
    assert 'class="katex"' in (beside / "ai-trainer" / "chapter-1.html").read_text(encoding="utf-8")


BANK = textwrap.dedent("""\
    一、計算
    1.（單選）設學習率為a，則？
    A. 1
    B. 2
    答案：A
    解析：見公式。
""")


def _guide_with_errata(tmp_path: Path, errata: str) -> subprocess.CompletedProcess:
    bank = tmp_path / "bank" / "bank.txt"
    bank.parent.mkdir()
    bank.write_text(BANK, encoding="utf-8")
    (bank.parent / "errata.yml").write_text(errata, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(tmp_path / "site")],
                          cwd=ROOT, env=ENV, capture_output=True, text=True)


def test_a_formula_katex_rejects_stops_the_build_naming_its_question(tmp_path):
    result = _guide_with_errata(tmp_path, "q1:\n  explanation:\n    - whole: 見公式。\n      with: '$\\frac{a}{$'\n")
    assert result.returncode == 2
    # Checked as the errata load: the message names the errata file, the entry and the field.
    assert re.search(r"errata.yml: entry q1, explanation \(line 3\): expected LaTeX that KaTeX can typeset, "
                     r"found '.*frac\{a\}\{'", result.stderr)
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_a_formula_katex_warns_about_stops_the_build_naming_its_entry(tmp_path):
    # Checked as the errata load, as `check` does: no page is made with it, in or beside MkDocs.
    result = _guide_with_errata(tmp_path, "q1:\n  explanation:\n    - whole: 見公式。\n      with: '$x % c$'\n")
    assert result.returncode == 2
    assert re.search(r"errata.yml: entry q1, explanation .*x % c", result.stderr)
    assert not (tmp_path / "site").exists()
