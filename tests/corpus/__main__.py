"""``python -m tests.corpus``: how many corpus banks the parser reads exactly, and what differs.

``-v`` lists every difference rather than the first few of each bank.
"""
from __future__ import annotations

import sys

from .run import check
from .truth import load_truths, summary


def main(argv: list[str]) -> int:
    results = {truth.name: check(truth) for truth in load_truths()}
    print(summary(results))
    if "-v" in argv:
        for name, found in results.items():
            for line in found:
                print(f"{name}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
