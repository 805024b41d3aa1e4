"""From a bank file to the model: the stages that say what a bank holds.

    bytes --decode--> text --repair--> text --parse--> Bank --errata--> Bank --lint--> Bank(+flags)

Each stage is a plain function over immutable data; this module only reads files and
calls them in order.  What follows concerns how the bank is shown, and is composed in
``generator.pages.compose``: the script stage (Simplified or Traditional), then rendering, which
typesets formulas and adds cross-links.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .decode import decode
from .errata import apply_errata, load_errata
from .lint import lint
from .model import Bank
from .parse import parse
from .repair import repair

ERRATA_FILE = "errata.yml"


def bank_slug(path: Path) -> str:
    """``content/banks/ai-trainer/bank.txt`` -> ``ai-trainer``; ``my-bank.txt`` -> ``my-bank``."""
    name = path.parent.name if path.stem == "bank" else path.stem
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.lower()).strip("-")
    return slug or "bank"


def default_errata(path: Path) -> Path | None:
    """The errata file beside a bank, if there is one."""
    candidate = path.with_name(ERRATA_FILE) if path.stem == "bank" else path.with_suffix(".errata.yml")
    return candidate if candidate.is_file() else None


def read_bank(path: Path) -> Bank:
    """decode, repair and parse the bank file at ``path``: the bank as its author wrote it."""
    source = str(path)
    text, encoding = decode(path.read_bytes(), source)
    repaired = repair(text)
    bank = parse(repaired.text, source, bank_slug(path), repaired.offsets, text)
    return replace(bank, encoding=encoding, repairs=repaired.count)


def load_bank(path: Path, errata: Path | None = None, use_errata: bool = True) -> Bank:
    """The bank at ``path`` with its corrections applied and its flags raised.

    ``errata`` overrides the file beside the bank; ``use_errata=False`` skips corrections.
    """
    return lint(corrected_bank(path, errata, use_errata))


def corrected_bank(path: Path, errata: Path | None = None, use_errata: bool = True) -> Bank:
    """The bank at ``path`` with its corrections applied, not yet checked (:func:`load_bank`)."""
    bank = read_bank(path)
    errata_path = errata or (default_errata(path) if use_errata else None)
    if use_errata and errata_path:
        bank = apply_errata(bank, load_errata(errata_path))
    return bank
