"""Consistency checks (placeholder: checks arrive with the editorial layer)."""
from __future__ import annotations

from .model import Bank


def lint(bank: Bank) -> Bank:
    return bank
