"""The longest test files first, by the durations of each test measured in ``tests/durations.txt``.

Under pytest-xdist (``--dist worksteal``) each worker takes a share of the ordered tests
and an idle worker takes half of what another has left: the run ends when its last test
does, so the long tests go first and the tail is made of short ones, which split evenly.
A file weighs what its selected tests took (``make test-fast`` leaves out the slow ones);
files stay whole (a module's fixtures are set up once per worker) and keep their order of
tests.  The list has a line for each file (all its tests) and one for each test of 0.05 s or
more; a test not in it counts as nothing, and a file not in it is new, perhaps long: it goes
first.  ``pytest --update-durations`` writes the figures of the tests it ran into the list.
"""
from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path

import pytest

DURATIONS = Path(__file__).with_name("durations.txt")
SHORTEST = 0.05  # seconds: a test under this is not written down
HEADER = """\
# Wall-clock seconds of each test file and each test (setup, call and teardown, three workers on two cores):
# tests/long_first.py runs the longest files first by these.  `pytest --update-durations`
# rewrites the figures of the tests it ran; tests under 0.05 s are left out (they count as nothing).
"""


def _file(nodeid: str) -> str:
    return nodeid.split("::")[0]


def read_durations(path: Path = DURATIONS) -> dict[str, float]:
    """``{test id: seconds}`` from the list; blank lines and comments left out."""
    durations = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            seconds, name = line.split(maxsplit=1)
            durations[name] = float(seconds)
    return durations


def write_durations(durations: dict[str, float], path: Path = DURATIONS) -> None:
    """``{test file or test id: seconds}`` as the list: the files, then the tests of ``SHORTEST`` or more."""
    files = {name: seconds for name, seconds in durations.items() if "::" not in name}
    tests = {name: seconds for name, seconds in durations.items() if "::" in name and seconds >= SHORTEST}
    lines = [f"{seconds:6.1f} {name}" for ranked in (files, tests)
             for name, seconds in sorted(ranked.items(), key=lambda entry: (-entry[1], entry[0]))]
    path.write_text(HEADER + "\n".join(lines) + "\n", encoding="utf-8")


def updated(durations: dict[str, float], measured: dict[str, float]) -> dict[str, float]:
    """The list with the tests of ``measured`` in it, and the files they belong to summed again
    (with the figures of their tests that did not run)."""
    merged, ran = durations | measured, {_file(test) for test in measured}
    totals: defaultdict[str, float] = defaultdict(float)
    for name, seconds in merged.items():
        if "::" in name and _file(name) in ran:
            totals[_file(name)] += seconds
    return merged | totals


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-durations", action="store_true",
                     help="write the wall-clock seconds of each test that ran into tests/durations.txt")


@pytest.hookimpl(trylast=True)  # after pytest has grouped the tests by their fixtures
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    durations = read_durations()
    weights: defaultdict[str, float] = defaultdict(float)
    for item in items:
        weights[_file(item.nodeid)] += durations.get(item.nodeid, 0.0)
    new = -math.inf  # a file not in the list
    items.sort(key=lambda item: -weights[_file(item.nodeid)] if _file(item.nodeid) in durations else new)  # stable


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    if not config.getoption("--update-durations"):
        return
    measured: defaultdict[str, float] = defaultdict(float)
    for reports in terminalreporter.stats.values():
        for report in reports:
            if isinstance(report, pytest.TestReport):
                measured[report.nodeid] += report.duration
    root = config.rootpath
    kept = {name: seconds for name, seconds in read_durations().items() if (root / _file(name)).exists()}
    write_durations(updated(kept, measured))
    terminalreporter.write_line(f"durations of {len(measured)} tests written to {DURATIONS}")
