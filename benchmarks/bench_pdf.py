"""Chapter PDFs of the bundled guide: ``python -m benchmarks.bench_pdf [--runs 3] [--keep DIR]``.

Builds the bundled guide into a temporary folder (timed, but not part of the target),
then prints every chapter in both editions with one browser, as ``python -m generator
pdf`` does, ``--runs`` times.  Prints, per chapter and edition, the seconds for that
PDF and its pages; then per run the browser's start-up and the total.

Target (issue 7): all PDFs of the bundled bank, both editions, in under 30 s.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.figures import figure
from generator.printing.pdf import ChapterPdf, render_pdfs
from testing.paths import ROOT

TARGET_SECONDS = 30.0


def build_site(site: Path) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=ROOT,
                   env=dict(os.environ, NO_MKDOCS_2_WARNING="1"), check=True)
    return time.perf_counter() - start


def one_run(site: Path, out: Path) -> tuple[float, tuple[ChapterPdf, ...]]:
    shutil.rmtree(out, ignore_errors=True)
    start = time.perf_counter()
    pdfs = render_pdfs(site, out)
    return time.perf_counter() - start, pdfs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="write the PDFs of the last run here instead of a temporary folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-pdf-") as temp:
        site, out = Path(temp) / "site", (args.keep or Path(temp) / "pdf").resolve()
        print(f"site build: {build_site(site):.2f} s (not counted)")
        totals: list[float] = []
        per_pdf: dict[tuple[str, str], list[ChapterPdf]] = {}
        for run in range(1, args.runs + 1):
            total, pdfs = one_run(site, out)
            startup = total - sum(p.seconds for p in pdfs)
            totals.append(total)
            for pdf in pdfs:
                per_pdf.setdefault((pdf.chapter.key, pdf.edition), []).append(pdf)
            print(f"run {run}: {len(pdfs)} PDFs, {sum(p.pages for p in pdfs)} pages in {total:.2f} s "
                  f"(browser start, page loads and shutdown {startup:.2f} s)")
        print(f"\n{'chapter':<24} {'edition':<9} {'pages':>5} {'s/PDF (median)':>15} {'KiB':>6}")
        for (key, edition), runs in per_pdf.items():
            last = runs[-1]
            print(f"{key:<24} {edition:<9} {last.pages:>5} {statistics.median(p.seconds for p in runs):>15.2f} "
                  f"{last.path.stat().st_size // 1024 if last.path.exists() else 0:>6}")
        chapters = len({key for key, _ in per_pdf})
        best = min(totals)
        print(f"\nall {len(per_pdf)} PDFs ({chapters} chapters x 2 editions): "
              f"median {statistics.median(totals):.2f} s, "
              f"best {best:.2f} s, {best / len(per_pdf):.2f} s per PDF; target {TARGET_SECONDS:.0f} s: "
              f"{'met' if max(totals) < TARGET_SECONDS else 'MISSED'}")
        figure(f"print all {len(per_pdf)} chapter PDFs of the bundled guide (slowest of {args.runs})", max(totals), "s",
               f"< {TARGET_SECONDS:.0f} s", max(totals) < TARGET_SECONDS)
        return 0


if __name__ == "__main__":
    sys.exit(main())
