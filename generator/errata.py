"""Editorial corrections (placeholder: corrections arrive with the editorial layer)."""
from __future__ import annotations

from pathlib import Path

from .model import Bank


def load_errata(path: Path) -> object:
    return path


def apply_errata(bank: Bank, errata: object) -> Bank:
    return bank
