"""Lighthouse's mobile scores of every page kind: ``python -m benchmarks.bench_lighthouse [--sizes 5000] [--runs 1]``.

The bar the guide holds itself to: on a phone, as Lighthouse scores it, performance 90 or more and
accessibility 100 for every page kind, for the bundled guide and at 5,000 questions.

For the bundled bank and for synthetic banks of each size (testing/synthetic.py) the guide is
built as configured and served over http with its text compressed, as any static host serves it
(Lighthouse's simulated slow 4G turns an uncompressed page into seconds of transfer that no
reader would see); then Lighthouse (npm, package.json; Debian's Chromium, headless) scores each
page kind with its mobile defaults: a mid-range phone's screen, a 4x slower CPU and a slow 4G
network, simulated.  Printed per page: the two scores and the metrics performance is made of
(first and largest contentful paint, total blocking time, cumulative layout shift, speed index);
the median of ``--runs``.  Scores move with the machine's load: the header says how busy it was.
"""
from __future__ import annotations

import argparse
import gzip
import io
import json
import os
import statistics
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from benchmarks.figures import figure
from generator.printing.pdf import DEFAULT_CHROMIUM
from generator.read.load import bank_slug, read_bank
from generator.site.preview import SiteHandler, serve_in_background
from testing.browser import build_site
from testing.paths import BUNDLED, ROOT
from testing.synthetic import write_synthetic_bank

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
TARGET_PERFORMANCE, TARGET_ACCESSIBILITY = 90, 100
HELD = {"bundled", 5000}  # the guides the targets are held at
# Page kind -> its path ({bank}: the bank's folder, {middle}: a chapter half way through).
KINDS = {
    "home": "index.html",
    "chapter": "{bank}/chapter-{middle}.html",
    "random": "{bank}/random.html",
    "types": "{bank}/types.html",
    "exam": "{bank}/exam.html",
    "review": "{bank}/review.html",
    "mistakes": "mistakes.html",
    "starred": "starred.html",
    "stats": "stats.html",
    "questions": "questions.html",
    "glossary": "glossary.html",
    "tags": "tags.html",
    "report": "report.html",
    "about": "about.html",
}
METRICS = {"first-contentful-paint": "FCP", "largest-contentful-paint": "LCP", "total-blocking-time": "TBT",
           "cumulative-layout-shift": "CLS", "speed-index": "SI"}
COMPRESSED = (".html", ".js", ".css", ".json", ".svg", ".webmanifest", ".xml")


class _CompressingHandler(SiteHandler):
    """The preview server's handler, its text files gzipped for a browser that accepts them."""

    def send_head(self) -> BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            path = path / "index.html"
        if not (path.suffix in COMPRESSED and path.is_file() and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        body = gzip.compress(path.read_bytes(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)


@dataclass(frozen=True)
class Scores:
    performance: float  # 0-100
    accessibility: float
    metrics: dict[str, str]  # short name -> Lighthouse's display value
    failed: tuple[str, ...]  # the accessibility audits that did not pass


def lighthouse(url: str, out: Path) -> Scores:
    """One Lighthouse run on ``url`` (mobile defaults), its report kept at ``out``."""
    result = subprocess.run([str(LIGHTHOUSE), url, "--quiet", "--only-categories=performance,accessibility",
                             "--output=json", f"--output-path={out}",
                             "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
                            env={**os.environ, "CHROME_PATH": str(DEFAULT_CHROMIUM)}, capture_output=True, text=True)
    if result.returncode != 0 or not out.is_file():
        raise RuntimeError(f"Lighthouse failed on {url}: {result.stderr.strip()[-2000:]}")
    report = json.loads(out.read_text(encoding="utf-8"))
    categories, audits = report["categories"], report["audits"]
    accessibility = categories["accessibility"]
    failed = tuple(ref["id"] for ref in accessibility["auditRefs"]
                   if ref["weight"] and audits[ref["id"]].get("score") not in (None, 1))
    return Scores(round(categories["performance"]["score"] * 100), round(accessibility["score"] * 100),
                  {short: audits[name].get("displayValue", "?") for name, short in METRICS.items()}, failed)


def measure(name: str, bank: Path, folder: Path, runs: int, kinds: list[str]) -> None:
    site = folder / name
    build_site(site, banks=[bank])
    read = read_bank(bank)
    slug, chapters, questions = bank_slug(bank), len(read.chapters), len(read.questions)
    label = "the bundled guide" if name == "bundled" else f"{questions:,} questions"
    held = name in HELD or questions in HELD
    server, address = serve_in_background(site, handler=_CompressingHandler)
    print(f"{label}: {chapters} chapters")
    try:
        for kind in kinds:
            path = KINDS[kind].format(bank=slug, middle=max(1, chapters // 2))
            seen = [lighthouse(address + path, folder / f"{name}-{kind}-{n}.json") for n in range(runs)]
            performance = statistics.median(s.performance for s in seen)
            accessibility = statistics.median(s.accessibility for s in seen)
            last = seen[-1]
            print(f"  {kind:<10} performance {performance:5.0f}  accessibility {accessibility:5.0f}  "
                  + "  ".join(f"{short} {value}" for short, value in last.metrics.items())
                  + (f"  (not passed: {', '.join(last.failed)})" if last.failed else ""), flush=True)
            figure(f"Lighthouse mobile performance, {kind} page, {label}", performance, "",
                   f">= {TARGET_PERFORMANCE}" if held else "", performance >= TARGET_PERFORMANCE if held else None)
            figure(f"Lighthouse mobile accessibility, {kind} page, {label}", accessibility, "",
                   f"= {TARGET_ACCESSIBILITY}" if held else "", accessibility >= TARGET_ACCESSIBILITY if held else None)
    finally:
        server.shutdown()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[5000], help="synthetic bank sizes")
    parser.add_argument("--runs", type=int, default=1, help="Lighthouse runs per page (the median is shown)")
    parser.add_argument("--pages", nargs="+", choices=list(KINDS), default=list(KINDS), help="page kinds")
    args = parser.parse_args(argv)
    if not LIGHTHOUSE.is_file():
        raise SystemExit(f"{LIGHTHOUSE}: no such file (npm ci installs Lighthouse, package.json)")
    print(f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} (scores fall as the machine is busier)")
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp:
        folder = Path(tmp)
        measure("bundled", BUNDLED, folder, args.runs, args.pages)
        for size in args.sizes:
            bank = write_synthetic_bank(folder / f"synthetic-{size}.txt", size)
            measure(f"synthetic-{size}", bank, folder, args.runs, args.pages)


if __name__ == "__main__":
    main()
