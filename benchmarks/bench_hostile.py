"""Growth on hostile input: ``python -m benchmarks.bench_hostile [--shapes NAME…] [--repeat N]``.

Each shape of ``testing/hostile.py`` (a heading line of 100,000 spaces, 40,000 ``\\(`` in a
field, a 500 KB field, a 7 MB line, 200 KB of nested parentheses: issue 18; 200,000 backticks:
issue 30) is made at n, a quarter of the size the issue measured, and at 4n, and timed in a
fresh process each
(``--repeat N`` keeps the least of N runs):

- ``check``   what ``python -m generator check`` does (read, repair, parse, lint, term suggestions);
- ``render``  the chapter page to HTML: pages rendered with the glossary and typeset formulas,
              then Python-Markdown with the site's extensions (where 500 KB once took minutes);
- ``site``    (the shapes of ``SITE_SHAPES``) CPU seconds of ``python -m generator site``, the
              command and every process it starts: the whole site a user waits for (issue 30:
              one 500 KB field under ``SITE_LIMIT``), the bank's first build on a machine where
              the tool has built another bank (a cache folder of its own, where a one-question
              bank was built first: the templates compiled, the words of the pages every guide
              has cut, none of this bank's);
- ``rebuild`` the same, built again with what the first build kept.

The ratio 4n/n is about 4 for linear time and 16 for quadratic; a row whose ratio is over 8 is
marked.  ``--scale 0.25`` runs every size at a quarter (a quick look).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.figures import figure
from testing.hostile import SHAPES, check, render
from testing.paths import ROOT

ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")
QUADRATIC_HINT = 8.0  # a ratio above this is nearer 16 (quadratic) than 4 (linear)
STAGES = ("check", "render", "site", "rebuild")  # "site" and "rebuild" for SITE_SHAPES only
SITE_SHAPES = ("big-field",)  # built into a whole site too
SITE_LIMIT = 5.0  # CPU seconds a site of one 500 KB field may take (issue 30, defect 7)
OTHER_BANK = "1.（單選）甲還是乙？A.甲B.乙答案：B\n"  # built first: the tool has been used before


def work(name: str, size: str, cache_used: str) -> dict:
    """Time check and render of shape ``name`` at ``size`` (run in its own process); for a shape
    of ``SITE_SHAPES``, its site built with a copy of ``cache_used`` (:func:`used_cache`), then
    built again."""
    shape = next(s for s in SHAPES if s.name == name)
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as folder:
        path = Path(folder) / "hostile.txt"
        path.write_text(shape.make(int(size)), encoding="utf-8")
        start = time.perf_counter()
        check(path)
        checked = time.perf_counter()
        render(path)
        rendered = time.perf_counter()
        times = {"bytes": path.stat().st_size, "check": checked - start, "render": rendered - checked}
        if name in SITE_SHAPES:
            cache = Path(folder) / "cache"
            shutil.copytree(cache_used, cache)
            times["site"] = site_cpu(path, Path(folder) / "site", cache)
            times["rebuild"] = site_cpu(path, Path(folder) / "site-again", cache)
        return times


def used_cache(folder: Path) -> Path:
    """A cache folder as the tool leaves it after building another bank (:data:`OTHER_BANK`):
    the theme's templates compiled, the words of the pages every guide has cut."""
    other = folder / "other.txt"
    other.write_text(OTHER_BANK, encoding="utf-8")
    site_cpu(other, folder / "other-site", folder / "cache")
    return folder / "cache"


def site_cpu(bank: Path, out: Path, cache: Path) -> float:
    """CPU seconds of ``python -m generator site bank -o out`` and every process it started,
    with ``cache`` as the generator's cache folder."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(out)],
                   cwd=ROOT, env=dict(ENV, STUDY_GUIDE_CACHE=str(cache)), check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def run_worker(name: str, size: int, repeat: int, cache: Path) -> dict:
    runs = []
    for _ in range(repeat):
        result = subprocess.run([sys.executable, "-m", "benchmarks.bench_hostile", "--worker", name, str(size),
                                 str(cache)], cwd=ROOT, env=ENV, capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"{name} at {size:,} failed:\n{result.stderr[-3000:]}")
        runs.append(json.loads(result.stdout.strip().splitlines()[-1]))
    return {key: min(run[key] for run in runs) for key in runs[0]}


def table(rows: list[tuple[str, int, dict, dict]]) -> str:
    lines = [f"{'shape':<20} {'n':>10} {'stage':<7} {'n s':>8} {'4n s':>8} {'4n/n':>6}"]
    for name, n, small, large in rows:
        for stage in (s for s in STAGES if s in small):
            ratio = large[stage] / max(small[stage], 1e-6)
            mark = "  <- quadratic?" if ratio > QUADRATIC_HINT else ""
            times = f"{small[stage]:>8.2f} {large[stage]:>8.2f} {ratio:>6.1f}"
            lines.append(f"{name:<20} {n:>10,} {stage:<7} {times}{mark}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shapes", nargs="+", choices=[s.name for s in SHAPES], help="only these shapes")
    parser.add_argument("--repeat", type=int, default=1, help="run each measurement N times, keep the least")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every size by this")
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(work(*args.worker)))
        return 0
    rows = []
    wanted = [shape for shape in SHAPES if not args.shapes or shape.name in args.shapes]
    with tempfile.TemporaryDirectory(prefix="bench-hostile-") as folder:
        cache = used_cache(Path(folder)) if any(shape.name in SITE_SHAPES for shape in wanted) else Path(folder)
        for shape in wanted:
            n = max(1, int(shape.size * args.scale) // 4)
            small, large = (run_worker(shape.name, size, args.repeat, cache) for size in (n, 4 * n))
            print(f"measured {shape.name} at {n:,} and {4 * n:,} {shape.unit}", file=sys.stderr)
            rows.append((shape.name, n, small, large))
    print(table(rows))
    for name, n, small, large in rows:
        for stage in (s for s in STAGES if s in small):
            ratio = large[stage] / max(small[stage], 1e-6)
            figure(f"{name} {stage}: time at 4n / time at n", ratio, "x", f"< {QUADRATIC_HINT:g} (4 is linear)",
                   ratio < QUADRATIC_HINT)
        if "site" in large:
            shape = next(s for s in SHAPES if s.name == name)
            at_size = 4 * n == shape.size  # the limit is for the size
            target = f"< {SITE_LIMIT:g} s at {shape.size:,}" if at_size else ""
            figure(f"{name} site at {4 * n:,} {shape.unit}: CPU, the first build", large["site"], "s", target,
                   large["site"] < SITE_LIMIT if at_size else None)
            figure(f"{name} site at {4 * n:,} {shape.unit}: CPU, built again", large["rebuild"], "s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
