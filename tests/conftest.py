"""Shared fixtures: paths, a parser for inline banks, and the golden-file switch."""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from generator.bank.model import Bank
from generator.bank.parse import parse

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ROOT / "content" / "banks" / "ai-trainer" / "bank.txt"
SHARED_BANK = ROOT.parent / "shared" / "bank" / "000_71496f0fef19abd8.txt"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden files from the current output")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


def parse_text(text: str) -> Bank:
    """Parse a small bank written inline in a test (dedented, surrounding blank lines dropped)."""
    return parse(textwrap.dedent(text).strip("\n") + "\n", "test.txt", "test")
