"""Every benchmark, then one table of their figures: ``python -m benchmarks.summary [--small]``.

Runs each ``benchmarks/bench_*.py`` in a process of its own (its report printed as it
comes) and prints the figures each gave (:mod:`benchmarks.figures`) next to their targets.
``--small`` runs each at a tiny size, as the test suite does (tests/site/test_benchmarks.py),
so that a benchmark that no longer runs is found; its figures say nothing about the targets.
``--only NAME`` runs one.  Exit status 1 when a benchmark failed.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from benchmarks.figures import MARK

HERE = Path(__file__).resolve().parent
# The arguments that make each benchmark small (a few seconds to a minute).
SMALL: dict[str, list[str]] = {
    "bench_exam": ["--size", "200", "--repeat", "5"],
    "bench_formulas": ["--repeat", "1", "--questions", "100"],
    # One shape runs every line of the benchmark (its sites included); each shape's own growth
    # is a test of its own (tests/unit/test_hostile_sizes.py).
    "bench_hostile": ["--scale", "0.02", "--shapes", "big-field"],
    "bench_layouts": ["--questions", "500"],
    "bench_lighthouse": ["--sizes", "--pages", "home", "chapter"],  # the bundled guide, two page kinds
    "bench_offline": ["--sizes", "--runs", "1"],
    "bench_pdf": ["--runs", "1"],
    "bench_pictures": ["--questions", "60"],
    "bench_scale": ["--sizes", "100", "--serve-rounds", "1", "--field", "20000"],
    "bench_search": ["--sizes", "--runs", "1"],
    "bench_weight": ["--sizes", "100", "--runs", "1", "--slowdown", "1"],  # a phone's slow CPU is for the targets
    "bench_word": ["--sizes", "100"],
}


def benchmarks() -> list[str]:
    return sorted(path.stem for path in HERE.glob("bench_*.py"))


def run(name: str, small: bool) -> tuple[int, list[dict]]:
    """Run benchmark ``name``, echoing its output; its exit status and figures."""
    args = SMALL.get(name, []) if small else []
    print(f"\n== {name} {' '.join(args)}", flush=True)
    process = subprocess.Popen([sys.executable, "-m", f"benchmarks.{name}", *args], cwd=HERE.parent,
                               stdout=subprocess.PIPE, text=True, encoding="utf-8")
    figures = []
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(MARK):
            figures.append({"benchmark": name, **json.loads(line[len(MARK):])})
        else:
            print(line, end="", flush=True)
    return process.wait(), figures


def table(figures: list[dict]) -> str:
    """The figures as a Markdown table (README's Benchmarks section shows one)."""
    rows = ["| benchmark | figure | measured | target | |", "| --- | --- | ---: | --- | --- |"]
    for f in figures:
        value = f"{f['value']:,.3g}" if abs(f["value"]) < 100 else f"{f['value']:,.0f}"
        verdict = "" if f["met"] is None else "met" if f["met"] else "**missed**"
        rows.append(f"| {f['benchmark'].removeprefix('bench_')} | {f['name']} | {value} {f['unit']} "
                    f"| {f['target']} | {verdict} |")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="each benchmark at a tiny size (a check that it runs)")
    parser.add_argument("--only", nargs="+", choices=benchmarks(), help="only these benchmarks")
    args = parser.parse_args(argv)
    figures, failed = [], []
    for name in args.only or benchmarks():
        status, found = run(name, args.small)
        figures += found
        if status:
            failed.append(f"{name} (exit status {status})")
    print("\n" + table(figures))
    if failed:
        print("failed: " + ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
