"""The offline app: ``python benchmarks/bench_offline.py [--sizes 5000] [--runs 3]``.

For the bundled bank and for synthetic banks of each size (``synthetic.py``) the guide is
built as configured, then:

- ``precache``  what the service worker downloads when it installs (the shell, search index
                and KaTeX: files and bytes, the search index's share), and what "离线下载全部章节"
                adds (every page);
- ``workbox``   seconds that writing the service worker (workbox-build in Node.js) adds to a build;
- ``ready``     time from opening the first chapter in a fresh Chromium profile over a local
                http server to "ready offline" (worker active, precache complete, the page
                cached: ``studyGuide.offline.timings.ready``), median and best of ``--runs``;
                then the time "download all" takes.

Timings depend on the machine: the header line says how many CPUs and how busy.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.figures import figure  # noqa: E402
from generator.read.load import bank_slug, read_bank  # noqa: E402
from generator.site.preview import serve_in_background  # noqa: E402
from generator.site.pwa import write_service_worker  # noqa: E402
from testing.browser import (  # noqa: E402
    OFFLINE_READY,
    build_site,
    launch_local,
)
from testing.synthetic import write_synthetic_bank  # noqa: E402

BUNDLED = ROOT / "content" / "banks" / "ai-trainer" / "bank.txt"
PRECACHED_URL = re.compile(r'url:"([^"]+)"')


def precache(site: Path) -> tuple[int, int, int]:
    """Files and bytes the service worker precaches, and the search index's bytes among them."""
    urls = PRECACHED_URL.findall((site / "sw.js").read_text(encoding="utf-8"))
    index_size = (site / "search" / "search_index.json").stat().st_size
    return len(urls), sum((site / u).stat().st_size for u in urls), index_size


def workbox_seconds(site: Path) -> float:
    """Writing the service worker again for the built site, as the build does last."""
    index = json.loads((site / "offline.json").read_text(encoding="utf-8"))
    started = time.perf_counter()
    write_service_worker(site, ROOT, index["cache"])
    return time.perf_counter() - started


def ready_offline(browser, address: str, page_path: str) -> tuple[float, float]:
    """Seconds from opening a page in a fresh profile to ready offline, and then to every page downloaded."""
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        page.goto(address + page_path)
        page.wait_for_function(OFFLINE_READY, timeout=300_000)
        ready = page.evaluate("studyGuide.offline.timings.ready") / 1000
        started = time.perf_counter()
        page.click(".offline-download__button")
        page.wait_for_function("studyGuide.offline.state === 'downloaded'", timeout=600_000)
        return ready, time.perf_counter() - started
    finally:
        context.close()


def measure(browser, name: str, bank: Path, out: Path, runs: int) -> None:
    started = time.perf_counter()
    build_site(out, banks=[bank])
    built = time.perf_counter() - started
    questions = len(read_bank(bank).questions)
    files, size, search = precache(out)
    pages = json.loads((out / "offline.json").read_text(encoding="utf-8"))
    print(f"{name:>10} {questions:>6} q  build {built:5.1f} s (workbox {workbox_seconds(out):.1f} s)  "
          f"precache {files} files {size / 1e6:6.2f} MB (search index {search / 1e6:.2f} MB)  "
          f"download all: {len(pages['pages'])} pages {pages['bytes'] / 1e6:.2f} MB")
    server, address = serve_in_background(out)
    try:
        times = [ready_offline(browser, address, f"{bank_slug(bank)}/chapter-1.html") for _ in range(runs)]
    finally:
        server.shutdown()
    ready = [t[0] for t in times]
    figure(f"ready offline over http, {name} ({questions:,} questions), median", statistics.median(ready), "s")
    figure(f"precache of the offline app, {name} ({questions:,} questions)", size / 1e6, "MB")
    print(f"{'':>10} ready offline {statistics.median(ready):5.2f} s median, {min(ready):5.2f} s best of {runs} "
          f"(fresh profile, first chapter); download all {statistics.median(t[1] for t in times):5.2f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[5000], help="synthetic bank sizes")
    parser.add_argument("--runs", type=int, default=3, help="fresh page openings per bank")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (timings grow with both)")
    with tempfile.TemporaryDirectory(prefix="bench-offline-") as tmp, sync_playwright() as playwright:
        browser = launch_local(playwright)
        measure(browser, "bundled", BUNDLED, Path(tmp) / "bundled", args.runs)
        for size in args.sizes:
            bank = write_synthetic_bank(Path(tmp) / f"synthetic-{size}.txt", size)
            measure(browser, "synthetic", bank, Path(tmp) / f"synthetic-{size}", args.runs)
        browser.close()


if __name__ == "__main__":
    main()
