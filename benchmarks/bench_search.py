"""Search from ``file://`` and over http: ``python -m benchmarks.bench_search [--sizes 5000] [--runs 5] [--keep DIR]``.

For the bundled bank and for synthetic banks of each size (the bundled questions
repeated with new numbers, ``synthetic.py``) the guide is built as configured, then:

- ``index``  bytes of ``search/search_index.json`` per question, and the share of the
             query-folding tables (``config.fold``) and of pages that are not questions;
- ``first``  time from opening the first chapter page in Chromium (``file://``, a fresh
             profile, every other request refused) to the first search result for a query
             typed at once, median and best of ``--runs``; split into page load, search
             set-up (the documents handed to the background workers; with the iframe shim,
             when Material reads ``search_index.js`` as the search field is focused), the
             quick worker ready, query to result and which worker answered, and the longest
             the page's own thread was busy at a stretch (a frozen page, when the index is
             built on it by the iframe shim rather than in a background worker);
- ``index``  (second line) when the whole index was started (once the reader has searched)
             and built, seconds after opening the page, and whether it was loaded from the index
             the build made (``search/search_lunr.js``, whose size is printed with the index's) or
             built in the browser: the quick worker answers until then;
- ``idle``   the same, the query typed a second after the page has loaded (a reader looks at
             the page first: the workers are up, the index is not read yet), timed from the click
             into the search field;
- ``http``   both again over a local http server (Material's own worker, with the whole index).
- ``by the page's clock``  the first result on screen, from opening or the click and from the
             last keystroke, as the page's own clock marks them: the figures above also hold the
             time the benchmark's commands to the browser take (click, fill, key press, polling).
- ``processor time``  until the first result, of the page's thread and of its renderer process
             (the page and its workers), as DevTools counts it: less hostage to a busy machine;
- ``quick worker``  the quick worker alone run in Node (search_worker_cpu.mjs): processor time of
             its set-up and of its first answer (Material's index built over the documents that
             hold the query's words, which grows with their number), and of the same answer
             with every word of those documents indexed (as before the index kept only the
             words the query can match), and whether the two answers are the same;
- ``whole index``  the index worker run in Node likewise: processor time until the whole index is
             ready, loaded from the index the build made or built from the documents, and of its
             first answer;
- ``stock``  the floor under the figures timed from opening a page: MkDocs and Material as they
             come (Material's own search, its offline plugin, the iframe-worker shim) building one
             page of a few words, timed the same way on this machine, file:// and http.

``--keep DIR`` builds the sites into DIR and times a site already there again as it is.

Targets: index under 1 KB per question; first result under 0.5 s for 5,000 questions, from file://
and over http (issue 28).
Timings depend on the machine: the header line says how many CPUs and how busy.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from benchmarks.figures import figure
from generator.read.load import bank_slug, read_bank
from generator.site.mkdocs_config import IFRAME_WORKER_SHIM
from generator.site.preview import serve_in_background
from testing.browser import build_site, file_url, launch_local, offline_page, search, served_page
from testing.paths import BUNDLED, ROOT
from testing.synthetic import write_synthetic_bank

if TYPE_CHECKING:
    from playwright.sync_api import Page

TARGET_BYTES_PER_QUESTION = 1024
TARGET_FIRST_RESULT_S = 0.5
QUESTION_ENTRY = re.compile(r"#(?:c\d+-)?q\d+$")
# Durations of the page thread's long tasks (over 50 ms), collected from the start; when the
# reader's last key went up in the search field, and when the first result was on screen, as the
# page's own clock tells (the benchmark's commands to the browser take time of their own).
LONG_TASKS = ("window.longTasks = []; new PerformanceObserver(list => list.getEntries()"
              ".forEach(e => window.longTasks.push(e.duration))).observe({type: 'longtask', buffered: true});"
              "addEventListener('keyup', () => { window.lastKey = performance.now(); }, true);"
              "const shown = new MutationObserver(() => { if (document.querySelector('.md-search-result__item'))"
              " { window.firstShown = performance.now(); shown.disconnect(); } });"
              "shown.observe(document, {childList: true, subtree: true});")


@dataclass(frozen=True)
class IndexSize:
    total: int  # bytes of search_index.json
    questions: int
    fold: int  # bytes of config.fold (query folding tables)
    pages: int  # bytes of entries that are not questions (home, chapter intros, glossary)
    gzipped: int  # bytes of search_index.js gzipped (what a server compressing it sends)
    prebuilt: int  # bytes of the index the build made (search/search_lunr.js; 0 without it)
    prebuilt_gzipped: int

    @property
    def per_question(self) -> float:
        return self.total / self.questions


@dataclass(frozen=True)
class FirstResult:
    total: float  # seconds from navigation (or the click into search) to the first result on screen
    # The marks below count from the same moment (negative: before the click).
    load: float  # navigation to the load event
    setup: float  # navigation to the index handed to the search worker(s)
    quick: float  # navigation to the quick worker ready (NaN without it)
    ready: float  # navigation to the whole search index built
    result: float  # navigation to the first answer from the worker
    freeze: float  # the longest task on the page's thread, seconds
    worker: str  # "background" (Blob workers) or "shim" (iframe-worker on the page's thread)
    index: str  # how the whole index came: "prebuilt" (the build's, loaded) or "built" (in the browser)
    answered: str  # which worker gave the first result: "quick", "index" or "" (the shim)
    building: float  # navigation to the whole index started
    shown: float  # navigation (or the click) to the first result on screen, by the page's clock
    typed: float  # the last keystroke to the first result on screen, by the page's clock
    # Processor time from navigation (or the click) to the first result on screen, seconds, as
    # Chromium's DevTools counts it (Performance.getMetrics): of the page's own thread, and of its
    # whole renderer process (the page and its workers, which are threads of that process).  Less
    # hostage to a busy machine than the clock; the index worker, started by the first answer,
    # may add a little before it is read.
    page_cpu: float
    process_cpu: float


def index_size(site: Path, questions: int) -> IndexSize:
    raw = (site / "search" / "search_index.json").read_bytes()
    index = json.loads(raw)
    fold = len(json.dumps(index["config"].get("fold", {}), ensure_ascii=False, separators=(",", ":")).encode())
    pages = sum(len(json.dumps(d, ensure_ascii=False, separators=(",", ":")).encode())
                for d in index["docs"] if not QUESTION_ENTRY.search(d["location"]))
    script = site / "search" / "search_lunr.js"
    prebuilt = script.read_bytes() if script.is_file() else b""
    gzipped = len(gzip.compress((site / "search" / "search_index.js").read_bytes(), 6))
    return IndexSize(len(raw), questions, fold, pages, gzipped, len(prebuilt), len(gzip.compress(prebuilt, 6)))


@contextmanager
def _served(browser) -> Iterator[tuple[Page, list[str]]]:
    """testing's served page, with offline_page's record of refused requests (none: over http)."""
    with served_page(browser) as page:
        yield page, []


def first_result(browser, url: str, query: str, idle: bool = False) -> FirstResult:
    """Search on a fresh page at ``url``, the query typed at once (timed from opening the page)
    or, with ``idle``, a second after the page has loaded (timed from the click into search)."""
    opened = offline_page(browser, fresh=True) if url.startswith("file:") else _served(browser)
    with opened as (page, refused):
        page.add_init_script(LONG_TASKS)
        devtools = page.context.new_cdp_session(page)
        devtools.send("Performance.enable")
        start = time.perf_counter()
        before = {"ThreadTime": 0.0, "ProcessTime": 0.0}
        page.goto(url)
        if idle:
            page.wait_for_timeout(1000)
            start = time.perf_counter()
            before = _cpu(devtools)
        clicked = page.evaluate("performance.now()") if idle else 0.0
        search(page, query, timeout=60_000, clear=False)
        total = time.perf_counter() - start
        after = _cpu(devtools)
        worker = page.evaluate("studyGuide.worker()")
        if worker != "shim":  # the whole index, for its figures: built once the reader searched
            page.wait_for_function("studyGuide.timings.ready > 0", timeout=60_000)
        marks = page.evaluate("({load: performance.getEntriesByType('navigation')[0].loadEventEnd,"
                              " freeze: Math.max(0, ...window.longTasks), shown: window.firstShown,"
                              " key: window.lastKey, ...studyGuide.timings})")
    if refused:
        raise RuntimeError(f"requests left the folder: {refused}")

    def seconds(mark: str) -> float:
        return (marks.get(mark, float("nan")) - (0 if mark == "freeze" else clicked)) / 1000

    return FirstResult(total, seconds("load"), seconds("setup"), seconds("quick"), seconds("ready"), seconds("result"),
                       seconds("freeze"), worker, marks.get("index", ""), marks.get("answered", ""),
                       seconds("building"), seconds("shown"),
                       (marks["shown"] - marks["key"]) / 1000, after["ThreadTime"] - before["ThreadTime"],
                       after["ProcessTime"] - before["ProcessTime"])


def _cpu(devtools) -> dict[str, float]:
    """The page's thread and its renderer process's processor time so far, seconds."""
    metrics = {m["name"]: m["value"] for m in devtools.send("Performance.getMetrics")["metrics"]}
    return {name: metrics[name] for name in ("ThreadTime", "ProcessTime")}


def measure(browser, name: str, bank: Path, out: Path, query: str, runs: int, shim: bool, reuse: bool = False) -> None:
    started = time.perf_counter()
    if not (reuse and (out / "index.html").is_file()):
        build_site(out, banks=[bank])
    built = time.perf_counter() - started
    questions = len(read_bank(bank).questions)
    size = index_size(out, questions)
    print(f"{name:>10} {questions:>6} q  build {built:5.1f} s  "
          f"index {size.total / 1e6:6.2f} MB = {size.per_question:5.0f} B/question "
          f"[{'ok' if size.per_question < TARGET_BYTES_PER_QUESTION else 'OVER'}] "
          f"(questions {(size.total - size.fold - size.pages) / questions:.0f} B each; query-folding "
          f"tables {size.fold / 1e3:.1f} kB; other pages {size.pages / 1e3:.1f} kB)")
    print(f"{'':>10} search_index.js {size.gzipped / 1e6:.2f} MB gzipped; the index the build made, "
          f"search_lunr.js: {size.prebuilt / 1e6:.2f} MB, {size.prebuilt_gzipped / 1e6:.2f} MB gzipped")
    figure(f"search index, {name} ({questions:,} questions)", size.per_question, "B a question",
           f"< {TARGET_BYTES_PER_QUESTION} B", size.per_question < TARGET_BYTES_PER_QUESTION)
    page = f"{bank_slug(bank)}/chapter-1.html"
    server, address = serve_in_background(out)
    try:
        for where, url in (("file://", file_url(out, page)), ("http", address + page)):
            for idle in (False, True):
                print(f"{'':>10} {where}, the query typed {'on an idle page' if idle else 'at once'}:")
                first, shown = report_times(browser, url, query, runs, idle)
                when = "from the click on an idle page" if idle else "from opening the page"
                figure(f"search over {where}, {name} ({questions:,} questions): first result {when}, median",
                       first, "s", f"< {TARGET_FIRST_RESULT_S:g} s", first < TARGET_FIRST_RESULT_S)
                figure(f"search over {where}, {name} ({questions:,} questions): first result on screen {when}, "
                       "by the page's clock, median", shown, "s", f"< {TARGET_FIRST_RESULT_S:g} s",
                       shown < TARGET_FIRST_RESULT_S)
    finally:
        server.shutdown()
    worker_cpu(out, name, questions, query)
    if shim:  # the same site without the Blob worker's source: the iframe shim's way
        (out / "assets" / "javascripts" / "workers" / "search-source.js").unlink()
        print(f"{'':>10} file://, the iframe shim:")
        report_times(browser, file_url(out, page), query, runs)


def worker_cpu(site: Path, name: str, questions: int, query: str) -> None:
    """Print the quick worker's processor time, run in Node (search_worker_cpu.mjs): its set-up
    and its first answer to ``query``, which the page waits for once the reader has typed."""
    script = Path(__file__).with_name("search_worker_cpu.mjs")
    result = subprocess.run(["node", str(script), str(site), query], capture_output=True, text=True, check=True)
    cpu = json.loads(result.stdout)
    print(f"{'':>10} quick worker, processor time (Node): set-up {cpu['setup'] / 1000:.3f} s, first answer "
          f"{cpu['answer'] / 1000:.3f} s (Material's index of {cpu['documents']} documents"
          f"{', declined: the whole index answers' if cpu['declined'] else ''}); with every word of those "
          f"documents indexed {cpu['everyWord']['answer'] / 1000:.3f} s, "
          f"{'the same answer' if cpu['everyWord']['same'] else 'ANOTHER ANSWER'}")
    figure(f"search, {name} ({questions:,} questions): the quick worker's first answer, processor time",
           cpu["answer"] / 1000, "s", f"< {TARGET_FIRST_RESULT_S:g} s", cpu["answer"] / 1000 < TARGET_FIRST_RESULT_S)
    for how in ("prebuilt", "built"):  # the guide's way, and the browser's before it (for comparison only)
        whole = cpu.get(how)
        if whole:
            said = "loaded from the index the build made" if how == "prebuilt" else "built from the documents"
            print(f"{'':>10} whole index {said}, processor time (Node): ready {whole['ready'] / 1000:.3f} s, "
                  f"first answer {whole['answer'] / 1000:.3f} s")
        if whole and how == "prebuilt":
            figure(f"search, {name} ({questions:,} questions): the whole index {said} and its first answer, "
                   "processor time", (whole["ready"] + whole["answer"]) / 1000, "s", f"< {TARGET_FIRST_RESULT_S:g} s",
                   (whole["ready"] + whole["answer"]) / 1000 < TARGET_FIRST_RESULT_S)


def report_times(browser, url: str, query: str, runs: int, idle: bool = False) -> tuple[float, float]:
    """Print the timings of ``runs`` page openings; the median seconds to the first result, as
    the benchmark saw it and by the page's clock."""
    times = [first_result(browser, url, query, idle) for _ in range(runs)]
    median = lambda attr: statistics.median(getattr(t, attr) for t in times)  # noqa: E731
    best = min(t.total for t in times)
    ok_time = "ok" if median("total") < TARGET_FIRST_RESULT_S else "OVER"
    answered = "/".join(sorted({t.answered or "shim" for t in times}))
    since = "the click" if idle else "opening"
    print(f"{'':>10} first result {median('total'):5.2f} s median, {best:5.2f} s best of {runs} [{ok_time}]: "
          f"load {median('load'):.2f}, set-up {median('setup'):.2f}, quick worker ready {median('quick'):.2f}, "
          f"answered {median('result'):.2f} s after {since} (by the {answered} worker); page thread busy at most "
          f"{median('freeze'):.2f} s at a stretch ({'/'.join(sorted({t.worker for t in times}))} workers)")
    print(f"{'':>10} by the page's clock: first result on screen {median('shown'):.2f} s after {since}, "
          f"{median('typed'):.2f} s after the last keystroke")
    print(f"{'':>10} processor time until then (DevTools): page thread {median('page_cpu'):.2f} s, the page and its "
          f"workers {median('process_cpu'):.2f} s")
    came = "/".join(sorted({t.index or ("shim" if t.worker == "shim" else "built") for t in times}))
    print(f"{'':>10} whole index ({came}): started {median('building'):.2f} s, "
          f"ready {median('ready'):.2f} s after {since}")
    return median("total"), median("shown")


# One page and a configuration of nothing but MkDocs and Material (search in Chinese as the guide has it).
STOCK_PAGE = "# 一页\n\n{query}是这一页唯一的一句话。\n"
STOCK_CONFIG = """site_name: stock
use_directory_urls: false
theme:
  name: material
  language: zh
plugins:
  - search:
      lang: zh
  - offline
extra:
  polyfills:
    - assets/javascripts/iframe-worker/shim.js
"""


def stock_floor(browser, folder: Path, query: str, runs: int) -> None:
    """Print the first result from opening a page of MkDocs and Material as they come: one page,
    Material's own search (``STOCK_CONFIG``), timed as the guide's, file:// and over http."""
    docs = folder / "docs"
    shim = docs / "assets" / "javascripts" / "iframe-worker" / "shim.js"
    shim.parent.mkdir(parents=True)
    shim.write_bytes((ROOT / IFRAME_WORKER_SHIM).read_bytes())
    (docs / "index.md").write_text(STOCK_PAGE.format(query=query), encoding="utf-8")
    (folder / "mkdocs.yml").write_text(STOCK_CONFIG, encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q"], cwd=folder, check=True,
                   capture_output=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    site = folder / "site"
    server, address = serve_in_background(site)
    try:
        for where, url in (("file://", file_url(site)), ("http", address + "index.html")):
            times = []
            for _ in range(runs):
                opened = offline_page(browser, fresh=True) if where == "file://" else _served(browser)
                with opened as (page, _refused):
                    start = time.perf_counter()
                    page.goto(url)
                    search(page, query, timeout=60_000, clear=False)
                    times.append(time.perf_counter() - start)
            median = statistics.median(times)
            print(f"{'stock':>10} MkDocs + Material, one page, its own search, {where}: first result {median:5.2f} s "
                  f"median from opening the page, {min(times):5.2f} s best of {runs}")
            figure(f"search over {where}, MkDocs + Material as they come, one page: first result from opening the "
                   "page, median (the floor)", median, "s")
    finally:
        server.shutdown()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[5000], help="synthetic bank sizes")
    parser.add_argument("--runs", type=int, default=5, help="page openings per bank")
    parser.add_argument("--query", default="混合精度", help="the query typed (it is in question 1)")
    parser.add_argument("--shim", action="store_true", help="also time search on the iframe shim")
    parser.add_argument("--keep", type=Path, help="build the sites into this folder and keep them; a site "
                        "already there is timed again as it is (after a change to the search's scripts, "
                        "rebuild or delete it)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (timings grow with both)")
    with tempfile.TemporaryDirectory(prefix="bench-search-") as tmp, sync_playwright() as playwright:
        browser = launch_local(playwright)  # file:// and the local server alone
        stock_floor(browser, Path(tmp) / "stock", args.query, args.runs)
        sites = args.keep or Path(tmp)
        reuse = args.keep is not None and not args.shim  # --shim deletes a file of the site
        measure(browser, "bundled", BUNDLED, sites / "bundled", args.query, args.runs, args.shim, reuse)
        for size in args.sizes:
            bank = write_synthetic_bank(Path(tmp) / f"synthetic-{size}.txt", size)
            measure(browser, "synthetic", bank, sites / f"synthetic-{size}", args.query, args.runs, args.shim, reuse)
        browser.close()


if __name__ == "__main__":
    main()
