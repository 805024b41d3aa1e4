"""A check that work grows linearly with input, robust to a busy machine.

Absolute speed targets live in benchmarks/; a unit test only guards the complexity: four
times the input may take at most eight times as long (a quadratic step takes sixteen).
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable


def seconds(work: Callable[[], object], tries: int = 3, enough: float = 0.0) -> float:
    """The best CPU time of ``tries`` runs, without garbage collection: other processes
    and collector pauses only ever add time.  A run under ``enough`` ends the tries: only
    that bound is asked of the best, and it holds."""
    best = float("inf")
    gc.disable()
    try:
        for _ in range(tries):
            start = time.process_time()
            work()
            best = min(best, time.process_time() - start)
            if best < enough:
                break
    finally:
        gc.enable()
    return best


def assert_linear(work: Callable[[int], object], n: int) -> None:
    """``work(size)`` handles an input of ``size`` hostile units; ``n`` is the larger size.

    The smaller size is timed at its best (a slow run there would loosen the bound); the
    larger is tried again only while it is over the bound, so a run that is linear at once
    costs one run of it, not three."""
    small = seconds(lambda: work(n // 4))
    bound = 8 * small + 0.05
    large = seconds(lambda: work(n), enough=bound)
    assert large < bound, f"{n // 4} units: {small:.3f} s, {n}: {large:.3f} s"
