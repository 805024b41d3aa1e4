"""Cost of formulas: detection and KaTeX typesetting per formula, and what math adds to a page.

Run: ``python -m benchmarks.bench_formulas``.  It prints, for the bundled bank and for a
synthetic bank of 5,000 questions made by repeating the bundled one:

* cold start: a fresh process importing the renderer, starting V8, loading KaTeX and
  typesetting one formula;
* amortised cost per formula, uncached (every formula typeset afresh: the real cost of a
  bank whose formulas are all different) and cached (as a build runs: a repeated formula is
  typeset once);
* detection (``split_math``) per question, and the HTML bytes a formula adds;
* with ``--site DIR`` (a built site), each page's weight with math typeset and without
  (:func:`page_weight`; the lead's site benchmark can call it too).

Target (issue 4): under 1 ms a formula amortised.
"""
from __future__ import annotations

import argparse
import gzip
import html
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.paths import BUNDLED, ROOT
from generator.bank.model import Bank
from generator.math.detect import Math, Text, split_math
from generator.math.katex import KatexRenderer, math_html
from generator.read.load import load_bank

SYNTHETIC_QUESTIONS = 5000
COLD_START = """
import time; t0 = time.perf_counter()
from generator.math.katex import KatexRenderer; t1 = time.perf_counter()
r = KatexRenderer(); r.render(r"\\eta_{l}=\\eta\\times\\|w\\|", False); t2 = time.perf_counter()
r.render(r"x^{2}", False); t3 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2)
"""


@dataclass(frozen=True)
class Run:
    label: str
    questions: int
    formulas: int
    detect_seconds: float
    uncached_seconds: float
    cached_seconds: float
    html_bytes: int
    source_bytes: int


def question_texts(bank: Bank) -> list[list[str]]:
    """The text fields of each question (stem, options, answer, explanation, notes)."""
    return [[q.stem, *(o.text for o in q.options), q.answer_text or "", q.explanation, *q.notes]
            for q in bank.questions]


def measure(label: str, questions: list[list[str]]) -> Run:
    start = time.perf_counter()
    found = [s for texts in questions for t in texts for s in split_math(t) if isinstance(s, Math)]
    detected = time.perf_counter()
    warm = KatexRenderer(cache_size=0)  # started before timing: cold start is measured apart
    warm.render("x", False)
    start_uncached = time.perf_counter()
    for formula in found:
        warm.render(formula.latex, formula.display)
    uncached = time.perf_counter() - start_uncached
    cached_renderer = KatexRenderer()
    cached_renderer.render("x", False)
    start_cached = time.perf_counter()
    html_bytes = sum(len(math_html(formula, cached_renderer).encode()) for formula in found)
    cached = time.perf_counter() - start_cached
    warm.close()
    cached_renderer.close()
    source_bytes = sum(len(html.escape(f.source, quote=False).encode()) for f in found)
    return Run(label, len(questions), len(found), detected - start, uncached, cached, html_bytes, source_bytes)


def cold_start() -> tuple[float, float, float]:
    """(import, V8 + KaTeX + first formula, second formula) seconds in a fresh process."""
    out = subprocess.run([sys.executable, "-c", COLD_START], cwd=ROOT, capture_output=True, text=True, check=True)
    first, second, third = (float(x) for x in out.stdout.split())
    return first, second, third


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
    print(f"  typesetting, uncached         {per(run.uncached_seconds):8.3f} ms a formula")
    print(f"  typesetting + markup, cached  {per(run.cached_seconds):8.3f} ms a formula (as a build runs)")
    print(f"  HTML a formula adds           {(run.html_bytes - run.source_bytes) / max(run.formulas, 1):8.0f} bytes "
          f"(math_html {run.html_bytes / max(run.formulas, 1):.0f} B "
          f"vs source {run.source_bytes / max(run.formulas, 1):.0f} B)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path,
                        help="a built site (mkdocs build) to weigh its pages with and without math")
    site = parser.parse_args().site
    bank = load_bank(BUNDLED)
    imported, first, second = cold_start()
    print("KaTeX typesetting through mini-racer (V8), katex.min.js from node_modules")
    print(f"cold start: import {imported * 1000:.0f} ms, V8 + KaTeX + first formula {first * 1000:.0f} ms, "
          f"second formula {second * 1000:.2f} ms")
    texts = question_texts(bank)
    report(measure(f"bundled bank ({BUNDLED.relative_to(ROOT)}, corrected)", texts))
    repeated = [texts[k % len(texts)] for k in range(SYNTHETIC_QUESTIONS)]
    report(measure(f"synthetic bank: the bundled questions repeated to {SYNTHETIC_QUESTIONS:,}", repeated))
    if site:
        print(f"\npage weight of {site}, bytes with formulas typeset and with them as plain text")
        print_page_weight(site)
    print("\nquestion text of each chapter, bytes with math typeset / as plain text (gzip in brackets)")
    for chapter, typeset, plain, gz_typeset, gz_plain in chapter_math_weight(bank):
        print(f"  {chapter[:20]:20} {typeset:8,} / {plain:6,}  ({gz_typeset:6,} / {gz_plain:5,})")


if __name__ == "__main__":
    main()
