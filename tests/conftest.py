"""Options, plugins and helpers for the whole suite.

``--run-slow`` runs the long fuzzing runs (``@pytest.mark.slow``), skipped otherwise, so
that selecting tests with ``-m`` never pulls them in; ``--update-golden`` rewrites the
golden files.  Paths the tests share are in ``tests/paths.py``.
"""
from __future__ import annotations

import pytest

# Fixtures for tests that drive a browser (browser, page, guide_site, hant_site).
pytest_plugins = ["tests.browser_fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden files from the current output")
    parser.addoption("--run-slow", action="store_true", help="also run the long fuzzing runs (marked slow)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--run-slow"):
        return
    skip = pytest.mark.skip(reason="slow: give --run-slow to run it")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))

