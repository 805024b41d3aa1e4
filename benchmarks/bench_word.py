"""Reading Word banks at scale: ``python -m benchmarks.bench_word [--sizes 1000 20000]``.

Makes a .docx of N questions as people write them in Word (a heading per 50 questions,
automatic numbering for the questions and a second level for their four options, the
answer in a paragraph of its own) and prints, per size, the seconds to read the document
(paragraphs, numbering) and to read the whole bank (that plus the text parser).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from benchmarks.figures import figure
from generator.read.load import read_bank
from generator.read.word.paragraphs import read_docx
from testing.word_banks import word_bank


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    args = parser.parse_args(argv)
    print(f"{'questions':>9} {'paragraphs':>10} {'read .docx s':>12} {'whole bank s':>12}")
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            path = Path(folder) / f"bank-{size}.docx"
            path.write_bytes(word_bank(size))
            start = time.perf_counter()
            document = read_docx(path.read_bytes(), str(path), 2**31)
            read = time.perf_counter() - start
            start = time.perf_counter()
            bank = read_bank(path)
            whole = time.perf_counter() - start
            assert len(bank.questions) == size, (len(bank.questions), size)
            figure(f"read a Word bank of {size:,} questions", whole, "s")
            print(f"{size:>9} {len(document.blocks):>10} {read:>12.2f} {whole:>12.2f}")


if __name__ == "__main__":
    main()
