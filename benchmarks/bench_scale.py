"""How the guide scales: ``python -m benchmarks.bench_scale [--sizes 1000 5000 20000]``.

For each size a synthetic bank is made from the bundled one (``synthetic.py``) and
measured in fresh processes, so that one measurement's memory does not colour the next
(``--repeat N`` keeps the least of N runs of each, for a busy machine):

- ``parse``   decode + repair + parse, seconds per 1,000 questions;
- ``lint``    the consistency checks that raise flags, seconds per 1,000 questions;
- ``render``  Markdown for every page, seconds per 1,000 questions;
- ``build``   the whole ``mkdocs build`` of the guide (plugin and all);
- ``plain``   ``mkdocs build`` of the same pages written beforehand by
              ``python -m generator markdown``, with the same theme and extensions and
              no plugin of ours: MkDocs' and Material's share alone;
- ``gen%``    the generator's share of ``build``: the time spent in the plugin's hooks
              (waits for the process beside MkDocs included), and (in brackets)
              ``1 - plain/build``; a line per size splits it by hook and gives the CPU
              time of the process that renders the pages beside MkDocs (generator.site.prerender);
- ``RSS``     peak resident memory of the ``build`` process;
- sizes of the generated Markdown, the largest chapter page and the search index;
- ``export``  ``study-guide export --format json`` of the bank, the whole command (seconds).

Then ``mkdocs serve`` is started on the guide of the largest synthetic bank measured up to
5,000 questions (the target is for 5,000) and a question of its bank is edited; the time from
the save to MkDocs' "Reloading browsers" is the rebuild time a bank editor waits for.
Last, ``study-guide site`` builds the bundled guide and a bank whose one field is 500 KB
(``--field`` characters; the fixed cost of a build; issue 30: 5 s).
Targets (issue 28): the build of 5,000 questions
within 1.1 times ``plain`` and under 20 s, 20,000 questions under 4.2 times the build of
5,000, rebuild under 2 s, the export of 5,000 under 1 s.
"""
from __future__ import annotations

import argparse
import functools
import json
import os
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.figures import figure
from testing.hostile import SHAPES
from testing.paths import BUNDLED, ROOT
from testing.synthetic import question_lines, write_synthetic_bank

ENV = dict(os.environ, NO_MKDOCS_2_WARNING="1")
SERVE_TIMEOUT = 120.0  # seconds to wait for ``mkdocs serve`` to start or to rebuild
SERVE_PAUSE = 3.0  # seconds from the browsers' reload to the next edit
CHAPTER_NUMBER = re.compile(r"chapter-(\d+)\.md$")


# -- workers: each runs in its own process and prints one JSON line ------------------
def work_generator(bank: str) -> dict:
    """Time the pipeline's stages and the renderer on ``bank`` (no MkDocs)."""
    from generator.bank.lint import lint
    from generator.pages.chapter import RenderContext, render_chapter, render_home, render_report
    from generator.read.load import read_bank

    start = time.perf_counter()
    loaded = read_bank(Path(bank))
    parsed = time.perf_counter()
    loaded = lint(loaded)
    linted = time.perf_counter()
    ctx = RenderContext()
    pages = [render_chapter(loaded, chapter, ctx) for chapter in loaded.chapters]
    pages += [render_home([loaded], ctx), render_report([loaded], ctx)]
    rendered = time.perf_counter()
    return {"questions": len(loaded.questions), "parse": parsed - start, "lint": linted - parsed,
            "render": rendered - linted, "markdown_bytes": sum(len(p.markdown.encode()) for p in pages)}


def work_build(bank: str, site: str) -> dict:
    """The full ``mkdocs build`` of the guide for ``bank``, timing every hook of our plugin.

    The hooks are the generator's share of the build's time: ``on_config`` reads the
    banks, ``on_pre_page`` waits for pages from the process beside MkDocs, the others do
    whatever the plugin does to pages, the search index and assets.  That process's own
    CPU time, spent on the other core meanwhile, is reported as ``beside``.
    """
    import generator.site.plugin as plugin
    from generator.site.build import build_site

    spent: dict[str, float] = {}
    for name in [n for n in vars(plugin.StudyGuidePlugin) if n.startswith("on_")]:
        setattr(plugin.StudyGuidePlugin, name, _timed(getattr(plugin.StudyGuidePlugin, name), name, spent))
    start = time.perf_counter()
    build_site(ROOT / "mkdocs.yml", [Path(bank)], Path(site))
    build = time.perf_counter() - start
    children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the process beside, reaped by now
    return {"build": build, "generator": sum(spent.values()), "rss_kb": _peak_rss_kb(),
            "beside": children.ru_utime + children.ru_stime,
            **{f"hook {name}": seconds for name, seconds in spent.items()}}


def _timed(hook, name: str, spent: dict[str, float]):
    @functools.wraps(hook)  # keeps the hook's event priority, so plugins still run in their order
    def timed(*args, **kwargs):
        start = time.perf_counter()
        try:
            return hook(*args, **kwargs)
        finally:
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - start
    return timed


def work_plain(docs: str, site: str) -> dict:
    """``mkdocs build`` of ready-made pages with the guide's theme and extensions, no plugin of ours."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config_file = Path(site).parent / "plain-mkdocs.yml"
    config_file.write_text(json.dumps(_plain_config(Path(docs), Path(site)), ensure_ascii=False), encoding="utf-8")
    start = time.perf_counter()
    build(load_config(str(config_file)))
    return {"build": time.perf_counter() - start, "rss_kb": _peak_rss_kb()}


def _plain_config(docs: Path, site: Path) -> dict:
    """The guide's mkdocs.yml with our plugin taken out, paths made absolute and the same nav."""
    config = _checkout_config()
    config["plugins"] = [p for p in config.get("plugins", []) if "study-guide" not in p]
    config.update(docs_dir=str(docs), site_dir=str(site), strict=False, nav=_nav(docs))
    return config


def _checkout_config() -> dict:
    """The checkout's mkdocs.yml, its theme's folder made absolute (for a configuration file elsewhere)."""
    from mkdocs.utils.yaml import yaml_load

    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        config = yaml_load(file)
    theme = config.get("theme", {})
    if isinstance(theme, dict) and theme.get("custom_dir"):
        theme["custom_dir"] = str(ROOT / theme["custom_dir"])
    return config


def _nav(docs: Path) -> list:
    """The guide's nav order (home, chapters by number, report, the rest), titles from the pages."""
    def title(path: Path) -> str:
        lines = path.read_text(encoding="utf-8").splitlines()
        first = next((line for line in lines if line.startswith("# ")), path.stem)
        return first.removeprefix("# ").strip()

    pages = sorted(docs.rglob("*.md"))
    numbered = {p: int(match[1]) for p in pages if (match := CHAPTER_NUMBER.search(p.name))}
    chapters = sorted(numbered, key=lambda p: (p.parent.name, numbered[p]))
    rest = [p for p in pages if p not in chapters and p.name != "index.md"]
    ordered = [docs / "index.md", *chapters, *rest]
    return [{title(p): p.relative_to(docs).as_posix()} for p in ordered if p.is_file()]


def _peak_rss_kb() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


WORKERS: dict[str, Callable[..., dict]] = {"generator": work_generator, "build": work_build, "plain": work_plain}


def run_worker(kind: str, *args: str, repeat: int = 1) -> dict:
    """The worker's figures, each the least of ``repeat`` runs (the machine's noise only adds)."""
    runs = []
    for _ in range(repeat):
        result = subprocess.run([sys.executable, "-m", "benchmarks.bench_scale", "--worker", kind, *args],
                                cwd=ROOT, env=ENV,
                                capture_output=True, text=True)
        if result.returncode != 0:
            raise SystemExit(f"{kind} worker failed:\n{result.stderr[-3000:]}")
        runs.append(json.loads(result.stdout.strip().splitlines()[-1]))
    return {key: min(run[key] for run in runs) for key in runs[0]}


# -- one size ---------------------------------------------------------------------------
def measure(count: int, workdir: Path, per_chapter: int, repeat: int) -> dict:
    base = workdir / str(count)
    bank = write_synthetic_bank(base / "synthetic" / "bank.txt", count, per_chapter)
    gen = run_worker("generator", str(bank), repeat=repeat)
    assert gen["questions"] == count, f"synthetic bank of {count} parsed as {gen['questions']} questions"
    full = run_worker("build", str(bank), str(base / "site"), repeat=repeat)
    docs = base / "docs"
    subprocess.run([sys.executable, "-m", "generator", "markdown", str(bank), "-o", str(docs)],
                   cwd=ROOT, env=ENV, check=True, capture_output=True)
    _copy_hand_written(docs)  # after: ``markdown -o`` writes only into a folder of its own
    plain = run_worker("plain", str(docs), str(base / "plain-site"), repeat=repeat)
    export = min(_export_seconds(bank, base / "bank.json") for _ in range(repeat))
    chapter_pages = list((base / "site" / "synthetic").glob("chapter-*.html"))
    index = base / "site" / "search" / "search_index.json"
    return {
        "questions": count, "chapters": len(chapter_pages), "bank_bytes": bank.stat().st_size,
        "parse_per_1k": gen["parse"] / count * 1000, "lint_per_1k": gen["lint"] / count * 1000,
        "render_per_1k": gen["render"] / count * 1000,
        "build": full["build"], "generator": full["generator"], "plain": plain["build"],
        "rss_mb": full["rss_kb"] / 1024, "plain_rss_mb": plain["rss_kb"] / 1024,
        "hooks": {k.removeprefix("hook "): v for k, v in full.items() if k.startswith("hook ")},
        "beside": full["beside"], "export": export,
        "markdown_mb": gen["markdown_bytes"] / 1e6,
        "largest_page_kb": max(p.stat().st_size for p in chapter_pages) / 1e3,
        "html_mb": sum(p.stat().st_size for p in chapter_pages) / 1e6,
        "search_index_mb": index.stat().st_size / 1e6 if index.is_file() else 0.0,
    }


def _export_seconds(bank: Path, out: Path) -> float:
    """Seconds ``study-guide export --format json`` takes, start to end of the command (into
    ``out``, which the last run of it wrote: the command refuses a file name in use)."""
    out.unlink(missing_ok=True)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "export", str(bank), "--format", "json", "-o", str(out)],
                   cwd=ROOT, env=ENV, check=True, capture_output=True)
    return time.perf_counter() - start


def _copy_hand_written(docs: Path) -> None:
    """The hand-written pages (and their assets) are part of both builds."""
    from mkdocs.utils.yaml import yaml_load

    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        docs_dir = ROOT / yaml_load(file).get("docs_dir", "docs")
    shutil.copytree(docs_dir, docs, dirs_exist_ok=True)


# -- small builds: the fixed cost -------------------------------------------------------
BIG_FIELD = 500_000  # characters of issue 30's one field


@dataclass(frozen=True)
class SmallBuild:
    """``study-guide site`` of one small bank: its CPU seconds (the command and every process
    it started) and wall seconds, and the CPU target it is held to (None: no target)."""

    name: str
    wall: float
    cpu: float
    target: float | None


def measure_small_builds(workdir: Path, field: int = BIG_FIELD) -> list[SmallBuild]:
    """The bundled guide, and a bank whose one field is ``field`` characters (issue 30: 500 KB
    under 5 s of CPU)."""
    big = workdir / "big-field" / "bank.txt"
    big.parent.mkdir(parents=True, exist_ok=True)
    big.write_text(next(s for s in SHAPES if s.name == "big-field").make(field), encoding="utf-8")
    builds: list[SmallBuild] = []
    for name, bank, target in (("the bundled guide (26 questions)", BUNDLED, None),
                               (f"one {field / 1000:g} KB field", big, 5.0 if field == BIG_FIELD else None)):
        site = workdir / f"small-site-{len(builds)}"
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(site)],
                       cwd=ROOT, env=ENV, check=True, capture_output=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        builds.append(SmallBuild(name, wall, cpu, target))
    return builds


# -- mkdocs serve -----------------------------------------------------------------------
def measure_serve(bank: Path, config_file: Path, rounds: int = 3) -> list[float]:
    """Seconds from saving an edit to ``bank`` to MkDocs' "Reloading browsers", ``rounds``
    times, on the guide of ``config_file``: each edit adds a word to a question a little
    further down the bank (:func:`edit_bank`).  The server is always stopped."""
    port = _free_port()
    with tempfile.TemporaryFile(mode="w+", encoding="utf-8") as log_file:
        server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-f", str(config_file),
                                   "-a", f"127.0.0.1:{port}"],
                                  cwd=ROOT, env=ENV, stdout=log_file, stderr=subprocess.STDOUT, text=True)
        timings: list[float] = []
        try:
            _wait_for(log_file, "Serving on", 0)
            for _ in range(rounds):
                seen = _count(log_file, "Reloading browsers")
                # An editor reads the page before saving again: the polling watcher takes its
                # snapshot, and the session collects its garbage 1 s after a build
                # (generator.site.idle_collector).
                time.sleep(SERVE_PAUSE)
                start = time.perf_counter()
                edit_bank(bank, len(timings))
                _wait_for(log_file, "Reloading browsers", seen)
                timings.append(time.perf_counter() - start)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    return timings


def edit_bank(bank: Path, k: int) -> None:
    """An editor's save: a word added to the end of a question line, line ``k`` after the one a
    third of the way down the bank (a synthetic bank holds a chapter's questions on a line)."""
    text = bank.read_text(encoding="utf-8")
    lines, questions = text.split("\n"), question_lines(text)
    i = questions[(len(questions) // 3 + k) % len(questions)]
    lines[i] += "（改）"
    bank.write_text("\n".join(lines), encoding="utf-8")


def serve_project(folder: Path, bank: Path, **options: Any) -> Path:
    """A guide project for ``bank`` alone, in ``folder``: the checkout's mkdocs.yml with the bank
    named in the plugin's options (and ``options`` added to them) and its folders made
    absolute, the settings and the npm lock linked; its configuration file."""
    config = _checkout_config()
    config["plugins"] = [{"study-guide": {"banks": [str(bank)], **options}} if p == "study-guide" else p
                         for p in config["plugins"]]
    config["docs_dir"] = str(ROOT / config["docs_dir"])
    folder.mkdir(parents=True)
    for name in ("site_config", "package.json", "package-lock.json"):
        (folder / name).symlink_to(ROOT / name)
    config_file = folder / "mkdocs.yml"
    config_file.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")  # JSON is YAML
    return config_file


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _count(log_file, needle: str) -> int:
    log_file.seek(0)
    return log_file.read().count(needle)


def _wait_for(log_file, needle: str, seen: int) -> None:
    """Wait until ``needle`` appears more than ``seen`` times in the server's log."""
    deadline = time.monotonic() + SERVE_TIMEOUT
    while _count(log_file, needle) <= seen:
        if time.monotonic() > deadline:
            log_file.seek(0)
            raise SystemExit(f"mkdocs serve: no {needle!r} within {SERVE_TIMEOUT:.0f} s; "
                             f"log:\n{log_file.read()[-3000:]}")
        time.sleep(0.02)


# -- report -----------------------------------------------------------------------------
COLUMNS = (
    ("questions", "{:>9,}"), ("chapters", "{:>8}"), ("parse/1k", "{:>8.3f}s"), ("lint/1k", "{:>7.3f}s"),
    ("render/1k", "{:>9.3f}s"),
    ("build", "{:>7.1f}s"), ("plain", "{:>7.1f}s"), ("gen%", "{:>12}"), ("RSS", "{:>6.0f}MB"),
    ("markdown", "{:>6.1f}MB"), ("max page", "{:>7.0f}KB"), ("html", "{:>6.1f}MB"), ("search idx", "{:>8.1f}MB"),
    ("export", "{:>5.2f}s"),
)


def table(rows: list[dict]) -> str:
    header = " ".join(f"{name:>{len(fmt.format(*_sample(fmt)))}}" for name, fmt in COLUMNS)
    lines = [header]
    for r in rows:
        share = f"{r['generator'] / r['build']:.1%} ({1 - r['plain'] / r['build']:.0%})"
        values = (r["questions"], r["chapters"], r["parse_per_1k"], r["lint_per_1k"], r["render_per_1k"],
                  r["build"], r["plain"], share, r["rss_mb"], r["markdown_mb"], r["largest_page_kb"], r["html_mb"],
                  r["search_index_mb"], r["export"])
        lines.append(" ".join(fmt.format(v) for (_, fmt), v in zip(COLUMNS, values, strict=True)))
    return "\n".join(lines)


def _sample(fmt: str) -> tuple:
    return (0,) if "," in fmt or "f" in fmt else ("",)


# Issue 28's targets: at TARGET_SIZE questions the build's seconds, its ratio to plain MkDocs
# and the export's seconds; the growth from 5,000 to 20,000; a rebuild under mkdocs serve.
TARGET_SIZE = 5000
BUILD_LIMIT, PLAIN_RATIO_LIMIT, EXPORT_LIMIT, GROWTH_LIMIT, SERVE_LIMIT = 20.0, 1.1, 1.0, 4.2, 2.0


def held(name: str, value: float, unit: str, limit: float | None = None) -> None:
    """A figure, held to ``value < limit`` when there is a limit."""
    target = "" if limit is None else f"< {limit:g}{'' if unit == 'x' else ' '}{unit}"
    figure(name, value, unit, target, None if limit is None else value < limit)


def report_figures(rows: list[dict], serve: tuple[int, list[float]] | None,
                   small: Sequence[SmallBuild] = ()) -> None:
    """The figures and the targets of issue 28, for ``make bench``'s table (benchmarks.figures)."""
    by_size = {r["questions"]: r for r in rows}
    for r in rows:
        n = r["questions"]
        at_target = n == TARGET_SIZE
        held(f"build of {n:,} questions", r["build"], "s", BUILD_LIMIT if at_target else None)
        held(f"build / plain MkDocs + Material, {n:,} questions", r["build"] / r["plain"], "x",
             PLAIN_RATIO_LIMIT if at_target else None)
        held(f"peak memory of the build, {n:,} questions", r["rss_mb"], "MB")
        held(f"export to JSON, {n:,} questions", r["export"], "s", EXPORT_LIMIT if at_target else None)
    if TARGET_SIZE in by_size and 4 * TARGET_SIZE in by_size:
        held(f"build of {4 * TARGET_SIZE:,} / build of {TARGET_SIZE:,}",
             by_size[4 * TARGET_SIZE]["build"] / by_size[TARGET_SIZE]["build"], "x", GROWTH_LIMIT)
    for b in small:
        held(f"study-guide site, {b.name}: CPU", b.cpu, "s", b.target)
        held(f"study-guide site, {b.name}: wall (machine's load: {os.getloadavg()[0]:.1f})", b.wall, "s")
    if serve:
        questions, timings = serve
        held(f"mkdocs serve: a bank edit to the browsers reloading, {questions:,} questions, worst of "
             f"{len(timings)}", max(timings), "s", SERVE_LIMIT if questions == TARGET_SIZE else None)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    parser.add_argument("--per-chapter", type=int, default=50, help="questions per synthetic chapter")
    parser.add_argument("--repeat", type=int, default=1, help="run each measurement N times, keep the least")
    parser.add_argument("--no-serve", action="store_true", help="skip the mkdocs serve measurement")
    parser.add_argument("--serve-rounds", type=int, default=3, help="bank edits timed under mkdocs serve")
    parser.add_argument("--no-small-builds", action="store_true",
                        help="skip the builds of the bundled guide and of one big field")
    parser.add_argument("--field", type=int, default=BIG_FIELD,
                        help="characters of the one field of the small build (the target is for 500,000)")
    parser.add_argument("--keep", type=Path, help="keep the synthetic banks and sites in this folder")
    parser.add_argument("--worker", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(WORKERS[args.worker[0]](*args.worker[1:])))
        return 0
    workdir = args.keep or Path(tempfile.mkdtemp(prefix="bench-scale-"))
    rows: list[dict] = []
    small: list[SmallBuild] = []
    serve: tuple[int, list[float]] | None = None  # questions, seconds of each edit
    try:
        for count in args.sizes:
            rows.append(measure(count, workdir, args.per_chapter, args.repeat))
            print(f"measured {count:,} questions", file=sys.stderr)
        if not args.no_small_builds:
            small = measure_small_builds(workdir, args.field)
        served = max((count for count in args.sizes if count <= TARGET_SIZE), default=None)
        if served and not args.no_serve:
            bank = workdir / str(served) / "synthetic" / "bank.txt"
            serve = (served, measure_serve(bank, serve_project(workdir / "serve", bank), args.serve_rounds))
    finally:
        if not args.keep:
            shutil.rmtree(workdir, ignore_errors=True)
    print(table(rows))
    for r in rows:
        hooks = sorted(r["hooks"].items(), key=lambda item: -item[1])
        print(f"{r['questions']:,} questions, plugin hooks: "
              + ", ".join(f"{n} {t:.2f}s" for n, t in hooks if t >= 0.01)
              + f"; beside MkDocs (other core) {r['beside']:.2f}s CPU")
    for b in small:
        print(f"study-guide site, {b.name}: {b.cpu:.1f} s CPU (all its processes), {b.wall:.1f} s wall")
    if serve:
        print(f"mkdocs serve, {serve[0]:,} questions: each edit to the browsers reloading "
              + ", ".join(f"{t:.1f}" for t in serve[1]) + f" s (machine's load: {os.getloadavg()[0]:.1f})")
    report_figures(rows, serve, small)
    return 0


if __name__ == "__main__":
    sys.exit(main())
