"""``python -m tests.corpus``: how many corpus banks the parser reads exactly, and what differs.

``-v`` lists every difference rather than the first few of each bank.  ``--update-gaps`` rewrites
each truth file's ``known_gap:`` line from today's differences (removes it from a bank now read
exactly): run it after a parser change, review the diff, and commit it with the change.
"""
from __future__ import annotations

import sys

from .run import check, record_gap
from .truth import load_truths, summary


def main(argv: list[str]) -> int:
    truths = load_truths()
    results = {truth.name: check(truth) for truth in truths}
    if "--update-gaps" in argv:
        for truth in truths:
            record_gap(truth, results[truth.name])
    print(summary(results))
    if "-v" in argv:
        for name, found in results.items():
            for line in found:
                print(f"{name}: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
