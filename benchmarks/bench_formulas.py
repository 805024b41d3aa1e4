"""Cost of formulas: detection and KaTeX typesetting per formula, and what math adds to a page.

Run: ``python -m benchmarks.bench_formulas [--repeat N] [--site DIR]``.  It prints:

* KaTeX in Node (the build's runtime) beside KaTeX in mini-racer's embedded V8 (the one it
  replaced; shown when ``py_mini_racer`` is importable), each on the formulas of a synthetic
  bank of 5,000 questions (the bundled ones repeated): wall and CPU time (this process and
  the Node child), best of ``--repeat`` runs, typeset one formula to a call and ``BATCH`` to
  a call as a build does, every formula afresh (no cache); a cold start in a
  fresh process (import, engine + KaTeX + first formula, second formula); and whether both
  gave the same HTML for every formula;
* for the bundled bank and the synthetic one: detection (``split_math``) per question, the
  cost of a formula's page markup as a build runs (cached), and the HTML bytes a formula adds;
* with ``--site DIR`` (a built site), each page's weight with math typeset and without
  (:func:`page_weight`; the lead's site benchmark can call it too).

Target (issue 4): under 1 ms a formula amortised.  The README's Benchmarks section gives the
figures measured.
"""
from __future__ import annotations

import argparse
import gzip
import html
import os
import re
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from benchmarks.figures import figure
from generator.bank.model import Bank
from generator.math.detect import Math, Text, split_math
from generator.math.katex import BATCH, RENDER_JS, KatexRenderer, math_html
from generator.read.load import load_bank
from testing.paths import BUNDLED, ROOT

SYNTHETIC_QUESTIONS = 5000
COLD_START = """
import sys, time; t0 = time.perf_counter()
from benchmarks.bench_formulas import RUNTIMES; t1 = time.perf_counter()
r = RUNTIMES[sys.argv[1]](); r.render(r"\\eta_{l}=\\eta\\times\\|w\\|", False); t2 = time.perf_counter()
r.render(r"x^{2}", False); t3 = time.perf_counter()
r.close()
print(t1 - t0, t2 - t1, t3 - t2)
"""
# What mini-racer lacks and Node has: a console, which KaTeX's strict-mode warnings go to.
MINI_RACER_PRELUDE = """
var __warnings = [];
var console = {log: function () {}, info: function () {},
               warn: function (m) { __warnings.push(String(m)); },
               error: function (m) { __warnings.push(String(m)); }};
"""


class MiniRacerRenderer(KatexRenderer):
    """KaTeX in mini-racer's embedded V8, as the build ran it before Node: for comparison only.

    The same katex.min.js, options (``RENDER_JS``), batches and cache as :class:`KatexRenderer`.
    """

    def __init__(self, cache_size: int = 8192) -> None:
        super().__init__(cache_size=cache_size)
        self._v8: Any = None

    def _typeset(self, batch: list[tuple[str, bool]]) -> list[str]:
        if self._v8 is None:
            from py_mini_racer import MiniRacer

            self._v8 = MiniRacer()
            for script in (MINI_RACER_PRELUDE, self.script.read_text(encoding="utf-8"), RENDER_JS):
                self._v8.eval(script)
        results: list[str] = self._v8.call("__render_all", [list(key) for key in batch])
        return results

    def close(self) -> None:
        with self._lock:  # an open context can hang the interpreter's exit (mini-racer 0.14)
            if self._v8 is not None:
                self._v8.close()
            self._v8 = None


def mini_racer_installed() -> bool:
    try:
        import py_mini_racer  # noqa: F401
    except ImportError:
        return False
    return True


RUNTIMES: dict[str, Callable[..., KatexRenderer]] = {"node": KatexRenderer, "mini-racer": MiniRacerRenderer}


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float  # this process and its Node child


@dataclass(frozen=True)
class RuntimeRun:
    runtime: str
    cold: tuple[Timing, float, float]  # (import + engine + first formula, import only, second formula) wall
    single: Timing  # every formula to a call of its own
    batched: Timing  # BATCH formulas to a call
    html: list[str]


@dataclass(frozen=True)
class Run:
    label: str
    questions: int
    formulas: int
    detect_seconds: float
    cached_seconds: float
    html_bytes: int
    source_bytes: int


def question_texts(bank: Bank) -> list[list[str]]:
    """The text fields of each question (stem, options, answer, explanation, notes)."""
    return [[q.stem, *(o.text for o in q.options), q.answer_text or "", q.explanation, *q.notes]
            for q in bank.questions]


def formulas_of(questions: Sequence[list[str]]) -> list[Math]:
    return [s for texts in questions for t in texts for s in split_math(t) if isinstance(s, Math)]


def node_cpu(renderer: KatexRenderer) -> float:
    """CPU seconds (user + system, all threads) of the renderer's Node child so far; 0 without one."""
    pid = renderer.node.pid
    if pid is None:
        return 0.0
    with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(renderer: KatexRenderer, work: Callable[[], Any]) -> tuple[Timing, Any]:
    wall, cpu, child = time.perf_counter(), time.process_time(), node_cpu(renderer)
    result = work()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu + node_cpu(renderer) - child), result


def best(timings: list[Timing]) -> Timing:
    return Timing(min(t.wall for t in timings), min(t.cpu for t in timings))


def measure_runtimes(runtimes: list[str], questions: list[list[str]], repeat: int) -> list[RuntimeRun]:
    """Typesetting every formula of ``questions`` afresh with each runtime, best of ``repeat``.

    The runtimes take turns within each round, so that a load on the machine that comes and
    goes weighs on all of them alike.
    """
    found = formulas_of(questions)
    # Batches as render_all sends them, without its removal of repeats (a real bank of 5,000
    # questions repeats few formulas; this synthetic one repeats every one).
    batches = [[(f.latex, f.display) for f in found[i:i + BATCH]] for i in range(0, len(found), BATCH)]
    renderers = {runtime: RUNTIMES[runtime](cache_size=0) for runtime in runtimes}
    for renderer in renderers.values():
        renderer.render("x", False)  # started before timing: cold start is measured apart
    singles: dict[str, list[Timing]] = {runtime: [] for runtime in runtimes}
    batched: dict[str, list[Timing]] = {runtime: [] for runtime in runtimes}
    colds: dict[str, list[tuple[Timing, float, float]]] = {runtime: [] for runtime in runtimes}
    out: dict[str, list[str]] = {}

    def one_a_call(renderer: KatexRenderer) -> list[str]:
        return [renderer.render(f.latex, f.display) for f in found]

    def in_batches(renderer: KatexRenderer) -> list[str]:
        return [html for batch in batches for html in renderer._typeset(batch)]

    for _ in range(repeat):
        for runtime, renderer in renderers.items():
            singles[runtime].append(timed(renderer, partial(one_a_call, renderer))[0])
            timing, out[runtime] = timed(renderer, partial(in_batches, renderer))
            batched[runtime].append(timing)
            colds[runtime].append(cold_start(runtime))
    for renderer in renderers.values():
        renderer.close()
    return [RuntimeRun(runtime, (best([c[0] for c in colds[runtime]]), min(c[1] for c in colds[runtime]),
                                 min(c[2] for c in colds[runtime])),
                       best(singles[runtime]), best(batched[runtime]), out[runtime]) for runtime in runtimes]


def cold_start(runtime: str) -> tuple[Timing, float, float]:
    """(import + engine + KaTeX + first formula, import, second formula) in a fresh process; the
    first with the CPU of the process and its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", COLD_START, runtime], cwd=ROOT, capture_output=True, text=True,
                         check=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    imported, first, second = (float(x) for x in out.stdout.split())
    return Timing(imported + first, cpu), imported, second


def report_runtimes(runs: list[RuntimeRun], formulas: int, questions: int) -> None:
    per = lambda seconds: seconds / formulas * 1000  # noqa: E731
    print(f"\nKaTeX runtimes, {formulas:,} formulas of {questions:,} questions, every one typeset "
          f"afresh; best of the runs; ms a formula (wall / CPU of this process and the Node child)")
    print(f"  {'runtime':12} {'one a call':>19} {f'{BATCH} a call':>19} {'cold start (wall / CPU)':>28}")
    for run in runs:
        timing, imported, second = run.cold
        print(f"  {run.runtime:12} {per(run.single.wall):8.3f} / {per(run.single.cpu):6.3f}"
              f" {per(run.batched.wall):8.3f} / {per(run.batched.cpu):6.3f}"
              f"   {timing.wall * 1000:5.0f} / {timing.cpu * 1000:4.0f} ms (import {imported * 1000:.0f} ms,"
              f" then a formula {second * 1000:.2f} ms)")
    node = runs[0]
    figure(f"KaTeX in Node, {BATCH} formulas a call (CPU)", per(node.batched.cpu), "ms a formula", "< 1 ms",
           per(node.batched.cpu) < 1)
    if len(runs) > 1:
        same = all(run.html == runs[0].html for run in runs[1:])
        print(f"  same HTML from {' and '.join(r.runtime for r in runs)} for every formula: {'yes' if same else 'NO'}")


def measure(label: str, questions: list[list[str]]) -> Run:
    start = time.perf_counter()
    found = formulas_of(questions)
    detected = time.perf_counter()
    renderer = KatexRenderer()
    renderer.render("x", False)
    start_cached = time.perf_counter()
    html_bytes = sum(len(math_html(formula, renderer).encode()) for formula in found)
    cached = time.perf_counter() - start_cached
    renderer.close()
    source_bytes = sum(len(html.escape(f.source, quote=False).encode()) for f in found)
    return Run(label, len(questions), len(found), detected - start, cached, html_bytes, source_bytes)


# A typeset formula on a page: its KaTeX HTML and the readable text after it (generator.math.katex).
TYPESET_FORMULA = re.compile(r'<span class="sg-math[^"]*"><sg-katex [^>]*>.*?</sg-katex>'
                             r'<span class="sg-math-text">(.*?)</span></span>', re.S)


def without_math(page_html: str) -> str:
    """The page as it would be with every formula left as its plain source text."""
    return TYPESET_FORMULA.sub(r"\1", page_html)


def page_weight(site_with: Path, site_without: Path | None = None) -> list[tuple[str, int, int, int, int]]:
    """(page, bytes with math, bytes without, gzip with, gzip without) for each HTML page of a
    typeset build; the pages without math come from ``site_without`` or, by default, from the
    same pages with their formulas put back to source text (:func:`without_math`)."""
    rows = []
    for page in sorted(site_with.rglob("*.html")):
        name = str(page.relative_to(site_with))
        a = page.read_bytes()
        if site_without is None:
            b = without_math(a.decode("utf-8")).encode("utf-8")
        elif (site_without / name).is_file():
            b = (site_without / name).read_bytes()
        else:
            continue
        if a != b:
            rows.append((name, len(a), len(b), len(gzip.compress(a)), len(gzip.compress(b))))
    return rows


def print_page_weight(site_with: Path, site_without: Path | None = None) -> None:
    """Print :func:`page_weight` as a table, pages with formulas only."""
    print(f"  {'page':30} {'with math':>10} {'without':>9} {'ratio':>6} {'gzip with':>10} {'gzip w/o':>9} {'ratio':>6}")
    for name, a, b, ga, gb in page_weight(site_with, site_without):
        print(f"  {name:30} {a:10,} {b:9,} {a / b:6.2f} {ga:10,} {gb:9,} {ga / gb:6.2f}")


def chapter_math_weight(bank: Bank) -> list[tuple[str, int, int, int, int]]:
    """(chapter, bytes of its question text with formulas typeset, bytes with them as plain
    text, and both gzipped): the part of a chapter page that math changes, before pages exist."""
    renderer = KatexRenderer()
    rows = []
    for chapter in bank.chapters:
        typeset, plain = [], []
        for q in chapter.questions:
            for text in [q.stem, *(o.text for o in q.options), q.answer_text or "", q.explanation, *q.notes]:
                for s in split_math(text):
                    shown = html.escape(s.text if isinstance(s, Text) else s.source, quote=False)
                    plain.append(shown)
                    typeset.append(shown if isinstance(s, Text) else math_html(s, renderer))
        a, b = "".join(typeset).encode(), "".join(plain).encode()
        rows.append((f"{chapter.number}. {chapter.title}", len(a), len(b),
                     len(gzip.compress(a)), len(gzip.compress(b))))
    renderer.close()
    return rows


def report(run: Run) -> None:
    per = lambda seconds: seconds / max(run.formulas, 1) * 1000  # noqa: E731
    print(f"\n{run.label}: {run.questions:,} questions, {run.formulas:,} formulas")
    print(f"  detection (split_math)        {run.detect_seconds / run.questions * 1000:8.3f} ms a question")
    print(f"  typesetting + markup, cached  {per(run.cached_seconds):8.3f} ms a formula (as a build runs)")
    print(f"  HTML a formula adds           {(run.html_bytes - run.source_bytes) / max(run.formulas, 1):8.0f} bytes "
          f"(math_html {run.html_bytes / max(run.formulas, 1):.0f} B "
          f"vs source {run.source_bytes / max(run.formulas, 1):.0f} B)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path,
                        help="a built site (mkdocs build) to weigh its pages with and without math")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each timing; the best is shown")
    parser.add_argument("--questions", type=int, default=SYNTHETIC_QUESTIONS, help="size of the synthetic bank")
    args = parser.parse_args()
    bank = load_bank(BUNDLED)
    texts = question_texts(bank)
    repeated = [texts[k % len(texts)] for k in range(args.questions)]
    runtimes = ["node", "mini-racer"] if mini_racer_installed() else ["node"]
    if len(runtimes) == 1:
        print("mini-racer is not installed (pip install mini-racer): Node only")
    runs = measure_runtimes(runtimes, repeated, args.repeat)
    report_runtimes(runs, len(formulas_of(repeated)), args.questions)
    report(measure(f"bundled bank ({BUNDLED.relative_to(ROOT)}, corrected)", texts))
    report(measure(f"synthetic bank: the bundled questions repeated to {args.questions:,}", repeated))
    if args.site:
        print(f"\npage weight of {args.site}, bytes with formulas typeset and with them as plain text")
        print_page_weight(args.site)
    print("\nquestion text of each chapter, bytes with math typeset / as plain text (gzip in brackets)")
    for chapter, typeset, plain, gz_typeset, gz_plain in chapter_math_weight(bank):
        print(f"  {chapter[:20]:20} {typeset:8,} / {plain:6,}  ({gz_typeset:6,} / {gz_plain:5,})")


if __name__ == "__main__":
    main()
