"""A check that work grows linearly with input, robust to a busy machine.

Absolute speed targets live in benchmarks/; a unit test only guards the complexity: four
times the input may take at most eight times as long (a quadratic step takes sixteen).
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable


def seconds(work: Callable[[], object], tries: int = 3) -> float:
    """The best CPU time of ``tries`` runs, without garbage collection: other processes
    and collector pauses only ever add time."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(tries):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
    finally:
        gc.enable()
    return best


def assert_linear(work: Callable[[int], object], n: int) -> None:
    """``work(size)`` handles an input of ``size`` hostile units; ``n`` is the larger size."""
    small = seconds(lambda: work(n // 4))
    large = seconds(lambda: work(n))
    assert large < 8 * small + 0.05, f"{n // 4} units: {small:.3f} s, {n}: {large:.3f} s"
