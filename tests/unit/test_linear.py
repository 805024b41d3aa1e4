"""The growth check itself (tests/linear.py): it passes linear work, fails quadratic work, and
tries the larger size again only while it is over the bound.  The work runs on a clock of its
own, so that the verdicts do not depend on the machine's load."""
import time
from collections import Counter

import pytest

import tests.linear as linear


@pytest.fixture
def clock(monkeypatch):
    """A CPU clock that moves only when the work says so."""
    now = [0.0]
    monkeypatch.setattr(time, "process_time", lambda: now[0])  # as tests/linear.py reads it
    return now


def _work(clock, seconds_for, runs: Counter):
    def work(size: int) -> None:
        runs[size] += 1
        clock[0] += seconds_for(size)
    return work


def test_linear_work_passes_and_its_larger_size_runs_once(clock):
    runs: Counter = Counter()
    linear.assert_linear(_work(clock, lambda size: size / 1000, runs), 400)
    assert runs == {100: 3, 400: 1}


def test_quadratic_work_fails_after_three_tries_of_its_larger_size(clock):
    runs: Counter = Counter()
    with pytest.raises(AssertionError, match="100 units"):
        linear.assert_linear(_work(clock, lambda size: size * size / 100_000, runs), 400)
    assert runs == {100: 3, 400: 3}


def test_a_slow_first_run_of_the_larger_size_is_tried_again(clock):
    """A neighbour's burst during the first run is not taken for quadratic growth."""
    runs: Counter = Counter()
    slow = iter([10.0])
    linear.assert_linear(_work(clock, lambda size: next(slow, size / 1000) if size == 400 else size / 1000, runs), 400)
    assert runs == {100: 3, 400: 2}
