"""Options, plugins and helpers for the whole suite.

``slow`` marks a test that needs more than 5 s on a 2-core machine (a site build, a PDF, a
command run on a whole guide), fixtures only it needs included: ``make test`` runs them,
``make test-fast`` leaves them out.  ``--run-long`` runs the long fuzzing runs
(``@pytest.mark.long``), skipped otherwise, so that selecting tests with ``-m`` never pulls
them in; ``--update-golden`` rewrites the golden files.  Paths the tests share are in
``tests/paths.py``.
"""
from __future__ import annotations

import pytest

from tests.corpus.truth import summary

# Sites built once for the run (guide_build, guide_site, hant_site, published_site),
# fixtures for tests that drive a browser (browser, page), --cpu-durations, and the order of
# the test files (longest first).
pytest_plugins = ["tests.built_sites", "tests.browser_fixtures", "tests.cpu_times", "tests.long_first"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden files from the current output")
    parser.addoption("--run-long", action="store_true", help="also run the long fuzzing runs (marked long)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-long"):
        return
    skip = pytest.mark.skip(reason="long: give --run-long to run it")
    for item in items:
        if item.get_closest_marker("long"):
            item.add_marker(skip)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """The corpus measure ("corpus: N of M banks read exactly"), from what each bank's test
    recorded (tests/unit/test_corpus.py): the reports reach here from every xdist worker."""
    results = dict(value for reports in terminalreporter.stats.values() for report in reports
                   for key, value in getattr(report, "user_properties", ()) if key == "corpus")
    if results:
        terminalreporter.write_line("")
        for line in summary(dict(sorted(results.items()))).splitlines():
            terminalreporter.write_line(line)


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))
