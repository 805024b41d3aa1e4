"""A bank of pictures at scale: ``python -m benchmarks.bench_pictures [--questions 1000]``.

Makes a Markdown bank whose every question shows a picture of its own (120×90 PNGs in a
folder beside it), builds its guide with ``study-guide site`` and prints the seconds to read
the bank (pictures hashed and checked), the build's wall and CPU time, and the site's size: all of
it, its pictures, and the offline app's precache (which holds every picture).
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.figures import figure
from generator.pages.paths import PICTURES_DIR
from generator.read.load import read_bank
from testing.picture_banks import picture_bank


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=1000)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        bank = picture_bank(root / "pictures", args.questions)
        start = time.perf_counter()
        read = read_bank(bank)
        reading = time.perf_counter() - start
        assert len(read.pictures) == args.questions, len(read.pictures)
        start, children = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(root / "site")],
                       check=True, capture_output=True, cwd=root)
        build, cpu = time.perf_counter() - start, _children_cpu() - children
        site = root / "site"
        pictures = list((site / PICTURES_DIR).iterdir())
        assert len(pictures) == args.questions, len(pictures)
        offline_file = site / "offline.json"
        offline = json.loads(offline_file.read_text(encoding="utf-8")) if offline_file.is_file() else {}
        precached = (site / "sw.js").read_text(encoding="utf-8").count(PICTURES_DIR + "/")
        print(f"{args.questions} questions, a picture each: read {reading:.2f} s, built in {build:.1f} s "
              f"({cpu:.1f} s of CPU: the machine is shared)")
        print(f"site {_size(site) / 2**20:.1f} MB, of which pictures {_size(site / PICTURES_DIR) / 2**20:.2f} MB "
              f"({len(pictures)} files); the service worker precaches {precached} pictures"
              + (f"; offline pages {offline.get('bytes', 0) / 2**20:.1f} MB" if offline else ""))
        figure(f"read a bank of {args.questions:,} pictures", reading, "s")
        figure(f"build the guide of {args.questions:,} pictures", build, "s")
        figure(f"build the guide of {args.questions:,} pictures (CPU)", cpu, "s")
        figure(f"site of {args.questions:,} pictures", _size(site) / 2**20, "MB")
        figure(f"pictures precached of {args.questions:,}", precached, "files", f"{args.questions}",
               precached == args.questions)


if __name__ == "__main__":
    main()
