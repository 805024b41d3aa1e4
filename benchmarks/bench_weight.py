"""What each practice page weighs on a first visit: ``python -m benchmarks.bench_weight [--sizes 1000 5000 20000]``.

Issue 29's target: at 5,000 questions every page kind (a chapter, 随机练习, 模拟考试, 今日复习,
错题本, 统计, and the home page) transfers at most 300 KB gzipped on a first visit with the
offline app not installed (the search index, read at first use, not counted), and is ready in
under 300 ms on a phone's CPU (Chromium slowed 4x through CDP ``Emulation.setCPUThrottlingRate``).

For each size a synthetic bank (testing/synthetic.py) is built as configured and served over
http; each page kind is opened in a fresh browser context (empty cache, service workers
blocked) with progress that gives it something to show (30 questions answered wrong across
the bank, 20 reviews due), and:

- ``KB``     what it transferred, gzipped as a server would (text files: gzip level 6; fonts and
             pictures as they are), every request the visit made, the draw's included;
- ``ready``  ms from navigation start until the page's scripts have shown what it is for (the
             chapter's practice bar, the run form, the list, the charts);
- ``draw``   on the run pages, ms from 开始 to the first question shown: the draw, its questions'
             scripts loaded, the paper or run made.

First, the floor: a page of Material alone (MkDocs with the theme, no plugin, no feature and
none of the guide's scripts; one paragraph), served the same way, and the ms from navigation to
the end of its DOMContentLoaded, when Material's bundle has run: what any page of the guide
costs before it does anything of its own.

Each figure is the median of ``--runs`` visits, with the spread (fastest–slowest) beside it: the
machine may be shared, and ready times grow with its load.  ``--slowdown 1`` leaves the CPU as it
is (the suite's quick run, ``benchmarks.summary --small``: the times then hold no target).

The synthetic bank repeats the bundled bank's 25 questions (numbers changed) and two 判斷
questions written here (the bundled bank has none, a real paper has ten), so the default
模拟考试 paper is drawn whole (20 單選, 10 多選, 10 判斷, 5 填空, 5 計算); gzip finds more
repetition than in a real bank: sizes of whole-bank files are lower bounds.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlparse

from benchmarks.figures import figure
from generator.practice.data import index_records
from generator.read.load import bank_slug
from generator.site.preview import serve_in_background
from testing.browser import PHONE, build_site, launch_local, served_page
from testing.synthetic import Template, synthetic_bank, templates

TARGET_KB, TARGET_MS, SLOWDOWN = 300, 300, 4
TARGET_SIZE = 5000  # the size the targets are held at
COMPRESSED = (".woff2", ".woff", ".png", ".jpg", ".webp", ".ico", ".gz", ".apkg", ".xlsx")
NOT_COUNTED = ("search/search_index.json", "search/search_index.js")  # read at first search
MISTAKES, DUE = 30, 20
DAY = 86_400_000
# 判斷 questions in the bundled bank's layout, so the synthetic bank has the types of a real paper.
JUDGE = (Template("判斷題", ".（判斷）混合精度訓練中使用損失縮放（lossscaling）是為了防止FP16梯度下溢。答案：正確"
                           "解析：損失乘以縮放因子后，小梯度不再下溢為0，更新前再除回。"),
         Template("判斷題", ".（判斷）LoRA微調時，秩r越大，新增的可訓練參數越少。答案：錯誤"
                           "解析：新增參數量為2×r×d，隨r線性增加。"))

# Page kind -> (its path, what shows it is ready, what shows a draw's first question)
KINDS: dict[str, tuple[str, str, str | None]] = {
    "chapter": ("{bank}/chapter-{middle}.html", ".practice-bar:not([hidden])", None),
    "random": ("{bank}/random.html", "[data-run]:not([hidden])", "[data-run-area] .question"),
    "exam": ("{bank}/exam.html", "[data-run]:not([hidden])", "[data-run-area] .question"),
    "review": ("{bank}/review.html", "[data-run]:not([hidden]) .run-form__message:not(:empty)",
               "[data-run-area] .question"),
    "mistakes": ("mistakes.html", ".practice-list__items, .practice-list__empty", None),
    "stats": ("stats.html", "[data-stats]:not([hidden])", None),
    "home": ("index.html", ".practice-progress:not([hidden])", None),
}

# Records when `selector` first matches, in ms since navigation start (runs before the page's scripts).
WATCH = """(selector) => {
  const bench = window.__weight = { ready: null };
  const check = () => {
    if (bench.ready !== null || !document.querySelector(selector)) return;
    bench.ready = performance.now();
    watcher.disconnect();
  };
  const watcher = new MutationObserver(check);
  watcher.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}"""
# ms from submitting the run form to `selector` matching.
DRAW = """(selector) => new Promise((resolve) => {
  const started = performance.now();
  const watcher = new MutationObserver(() => {
    if (document.querySelector(selector)) { watcher.disconnect(); resolve(performance.now() - started); }
  });
  watcher.observe(document, { subtree: true, childList: true, attributes: true });
  document.querySelector("form[data-run-form]").requestSubmit();
})"""


def index_of(site: Path, slug: str) -> dict:
    """The bank's practice index as the build wrote it (generator/practice/data.py), its records unpacked."""
    text = (site / "assets" / "practice" / f"{slug}.js").read_text(encoding="utf-8")
    index = json.loads(text[text.index(".push(") + len(".push("):text.rindex("); })")])
    return {**index, "q": index_records(index)}


def progress(index: dict, now: int) -> dict[str, str]:
    """localStorage that gives the pages something to show: answers wrong and reviews due, spread over the bank."""
    ids = list(index["q"])
    step = max(1, len(ids) // MISTAKES)
    wrong = ids[::step][:MISTAKES]
    bank = index["bank"]
    entries = {f"{bank}/{i}/{index['q'][i]['h']}": {"n": 1, "r": 0, "w": 1, "s": 0, "last": "wrong", "wa": "A",
                                                     "t": now - DAY} for i in wrong}
    card = {"due": now - 1000, "stability": 1, "difficulty": 5, "elapsed_days": 1, "scheduled_days": 1,
            "learning_steps": 0, "reps": 1, "lapses": 0, "state": 2, "last_review": now - DAY}
    judged = [i for i in ids if index["q"][i].get("k")]
    cards = {f"{bank}/{i}/{index['q'][i]['h']}": card for i in judged[::max(1, len(judged) // DUE)][:DUE]}
    return {"studyGuide.progress.v1": json.dumps({"format": "study-guide-progress", "version": 1,
                                                  "entries": entries, "stars": {}}),
            "studyGuide.reviews.v1": json.dumps({"format": "study-guide-reviews", "version": 1, "cards": cards})}


def transferred(site: Path, address: str, urls: list[str]) -> dict[str, int]:
    """Bytes each of the requests ``urls`` transfers from ``site`` gzipped as a server would, by
    site path (the search index left out)."""
    sizes: dict[str, int] = {}
    for url in dict.fromkeys(urls):
        if not url.startswith(address):
            continue
        path = unquote(urlparse(url).path).lstrip("/")
        file = site / (path + "index.html" if not path or path.endswith("/") else path)
        if not file.is_file() or path in NOT_COUNTED:
            continue
        data = file.read_bytes()
        sizes[path] = len(data) if file.suffix in COMPRESSED else len(gzip.compress(data, 6))
    return sizes


def visit(browser, site: Path, address: str, page_path: str, ready: str, draw: str | None,
          storage: dict[str, str], slowdown: float) -> tuple[dict[str, int], float, float | None]:
    """Bytes by file, ms to ready and ms to the first question drawn, of one first visit."""
    with served_page(browser, PHONE) as page:
        page.add_init_script(f"Object.entries({json.dumps(storage)})"
                             f".forEach(([k, v]) => localStorage.setItem(k, v)); ({WATCH})({json.dumps(ready)});")
        urls: list[str] = []
        page.on("requestfinished", lambda request: urls.append(request.url))
        cdp = page.context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(address + page_path, wait_until="load")
        page.wait_for_function("window.__weight.ready !== null", timeout=120_000)
        ready_ms = page.evaluate("window.__weight.ready")
        draw_ms = page.evaluate(DRAW, draw) if draw else None
        page.wait_for_load_state("networkidle")
        return transferred(site, address, urls), ready_ms, draw_ms


def spread(values: list[float]) -> str:
    return f"{min(values):.0f}–{max(values):.0f}"


def measure(browser, size: int, folder: Path, runs: int, files: int, slowdown: float) -> None:
    bank = folder / f"synthetic-{size}" / "bank.txt"
    bank.parent.mkdir(parents=True)
    bank.write_text(synthetic_bank(size, source=templates() + JUDGE), encoding="utf-8")
    site = folder / f"site-{size}"
    started = time.perf_counter()
    build_site(site, banks=[bank])
    slug = bank_slug(bank)
    index = index_of(site, slug)
    storage = progress(index, int(time.time() * 1000))
    print(f"{size:>6} questions: built in {time.perf_counter() - started:.0f} s; index "
          f"{len(gzip.compress((site / 'assets' / 'practice' / f'{slug}.js').read_bytes())) / 1000:.1f} KB gzipped")
    server, address = serve_in_background(site)
    try:
        for kind, (path, ready, draw) in KINDS.items():
            page_path = path.format(bank=slug, middle=max(1, len(index["chapters"]) // 2))
            seen = [visit(browser, site, address, page_path, ready, draw, storage, slowdown) for _ in range(runs)]
            size_kb = statistics.median(sum(s[0].values()) for s in seen) / 1000
            readies = [s[1] for s in seen]
            ready_ms = statistics.median(readies)
            draws = [s[2] for s in seen if s[2] is not None]
            draw_ms = statistics.median(draws) if draws else None
            held = size == TARGET_SIZE
            timed = held and slowdown == SLOWDOWN  # the ready targets are for a phone's CPU
            print(f"{'':>6} {kind:<9} {size_kb:7.1f} KB  ready {ready_ms:6.0f} ms ({spread(readies)})"
                  + (f"  draw {draw_ms:6.0f} ms ({spread(draws)})" if draw_ms is not None else "")
                  + f"  ({len(seen[0][0])} files)", flush=True)
            for name, bytes_ in sorted(seen[0][0].items(), key=lambda item: -item[1])[:files]:
                print(f"{'':>18} {bytes_ / 1000:7.1f} KB  {name}")
            label = f"{kind} page, {size:,} questions"
            figure(f"transfer, {label}", size_kb, "KB gzipped", f"<= {TARGET_KB} KB" if held else "",
                   size_kb <= TARGET_KB if held else None)
            figure(f"ready at {slowdown:g}x CPU slowdown, {label}", ready_ms, "ms",
                   f"< {TARGET_MS} ms" if timed else "", ready_ms < TARGET_MS if timed else None)
            if draw_ms is not None:
                figure(f"first question drawn at {slowdown:g}x CPU slowdown, {label}", draw_ms, "ms",
                       f"< {TARGET_MS} ms" if timed else "", draw_ms < TARGET_MS if timed else None)
    finally:
        server.shutdown()


# Material's own floor: MkDocs with the theme and nothing else (no plugin, no feature, no script
# of the guide), one paragraph.  What any page of a Material site costs before it does anything.
FLOOR_CONFIG = "site_name: 一页\ntheme:\n  name: material\n  language: zh\nplugins: []\n"


def measure_floor(browser, folder: Path, runs: int, slowdown: float) -> None:
    """ms from navigation to the end of DOMContentLoaded (Material's bundle has run) of the floor page."""
    project = folder / "floor"
    (project / "docs").mkdir(parents=True)
    (project / "mkdocs.yml").write_text(FLOOR_CONFIG, encoding="utf-8")
    (project / "docs" / "index.md").write_text("# 一页\n\n一段文字。\n", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q"], cwd=project, check=True,
                   env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    server, address = serve_in_background(project / "site")
    try:
        times = [_loaded(browser, address, slowdown) for _ in range(runs)]
    finally:
        server.shutdown()
    print(f"  Material alone (no plugin, feature or script of the guide; one paragraph): "
          f"DOMContentLoaded over {statistics.median(times):.0f} ms ({spread(times)})")
    figure(f"Material alone, one paragraph, at {slowdown:g}x CPU slowdown: DOMContentLoaded over",
           statistics.median(times), "ms")


def _loaded(browser, address: str, slowdown: float) -> float:
    with served_page(browser, PHONE) as page:
        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
        page.goto(address, wait_until="load")
        return page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000], help="synthetic bank sizes")
    parser.add_argument("--runs", type=int, default=3, help="first visits per page kind (the median is shown)")
    parser.add_argument("--files", type=int, default=0, help="list each page's largest files, this many")
    parser.add_argument("--slowdown", type=float, default=SLOWDOWN,
                        help=f"the phone's CPU slowdown (the targets are at {SLOWDOWN}; 1: a quick check that it runs)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (times grow with both); "
          f"CPU slowed {args.slowdown:g}x; targets at {TARGET_SIZE:,} questions ({SLOWDOWN}x for the times)")
    with tempfile.TemporaryDirectory(prefix="bench-weight-") as tmp, sync_playwright() as playwright:
        browser = launch_local(playwright)
        measure_floor(browser, Path(tmp), args.runs, args.slowdown)
        for size in args.sizes:
            measure(browser, size, Path(tmp), args.runs, args.files, args.slowdown)
        browser.close()


if __name__ == "__main__":
    main()
