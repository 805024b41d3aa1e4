"""``--cpu-durations=N``: the N tests and the N files that used the most CPU, and the run's total.

On a shared machine wall-clock durations (``--durations``) measure the neighbours as much as
the test; CPU time does not.  Each test's time counts its own process and the processes it
started and waited for (a build, a command), setup and teardown included, so a session fixture
is counted once, in the first test that needs it.  A browser's CPU is counted only when its
module closes it, in that module's last test.  Under pytest-xdist each worker measures its own
tests and the reports carry the figures to the terminal summary.
"""
from __future__ import annotations

import resource
from collections import defaultdict
from collections.abc import Generator

import pytest

_STARTED = pytest.StashKey[float]()


def _cpu() -> float:
    """CPU seconds (user and system) of this process and of its children that have ended."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--cpu-durations", type=int, default=None, metavar="N",
                     help="show the N tests that used the most CPU (0 for all), counting the processes they start")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Generator[None, object, object]:
    item.stash[_STARTED] = _cpu()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report = yield
    if item.config.getoption("--cpu-durations") is not None and _STARTED in item.stash:
        now = _cpu()
        report.user_properties.append(("cpu", now - item.stash[_STARTED]))
        item.stash[_STARTED] = now
    return report


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    shown = config.getoption("--cpu-durations")
    if shown is None:
        return
    per_test: defaultdict[str, float] = defaultdict(float)
    for reports in terminalreporter.stats.values():
        for report in reports:
            for key, value in getattr(report, "user_properties", ()):
                if key == "cpu":
                    per_test[report.nodeid] += value
    per_file: defaultdict[str, float] = defaultdict(float)
    for nodeid, seconds in per_test.items():
        per_file[nodeid.split("::")[0]] += seconds
    terminalreporter.write_sep("=", f"CPU seconds: {sum(per_test.values()):.1f} over {len(per_test)} tests")
    for ranked in (per_test, per_file):
        for name, seconds in sorted(ranked.items(), key=lambda entry: -entry[1])[:shown or None]:
            terminalreporter.write_line(f"{seconds:7.2f}s  {name}")
        terminalreporter.write_line("")
