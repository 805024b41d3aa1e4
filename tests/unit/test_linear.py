"""The growth check itself (tests/linear.py): it passes linear work, fails quadratic work, and
tries the larger size again only while it is over the bound."""
from collections import Counter

import pytest

from tests.linear import assert_linear


def _work(cost, runs: Counter):
    def work(size: int) -> None:
        runs[size] += 1
        total = 0
        for i in range(cost(size)):
            total += i
    return work


def test_linear_work_passes_and_its_larger_size_runs_once():
    runs: Counter = Counter()
    assert_linear(_work(lambda size: 2_000 * size, runs), 400)
    assert runs == {100: 3, 400: 1}


def test_quadratic_work_fails_after_three_tries_of_its_larger_size():
    runs: Counter = Counter()
    with pytest.raises(AssertionError, match="200 units"):
        assert_linear(_work(lambda size: 10 * size * size, runs), 800)
    assert runs == {200: 3, 800: 3}
