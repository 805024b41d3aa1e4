"""From a bank file to the model: the stages that say what a bank holds.

    bytes --decode--> text --repair--> text --parse--> Bank --errata--> Bank --lint--> Bank(+flags)

Each stage is a plain function over immutable data; this module only reads files and
calls them in order.  What follows concerns how the bank is shown, and is composed in
``generator.pages.compose``: the script stage (Simplified or Traditional), then rendering, which
typesets formulas and adds cross-links.
"""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..bank.errata import MathCheck, apply_errata, load_errata
from ..bank.lint import lint
from ..bank.model import Bank
from ..base.errors import BankFileError
from ..base.files import MB, read_regular_file
from .families import BankFile, family_of

ERRATA_FILE = "errata.yml"
# Banks larger than this are refused: 200 MB is a hundred times the largest bank seen, and
# reading one takes several times its size in memory.  `--max-size` gives another for a run.
MAX_BANK_SIZE = 200 * MB


def bank_slug(path: Path) -> str:
    """``content/banks/ai-trainer/bank.txt`` -> ``ai-trainer``; ``my-bank.txt`` -> ``my-bank``."""
    name = path.parent.name if path.stem == "bank" else path.stem
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in name.lower()).strip("-")
    return slug or "bank"


def refuse_shared_slugs(paths: Iterable[Path]) -> None:
    """A :class:`BankFileError` when two banks of one guide have one slug (``exam.txt`` and
    ``exam.csv``, two folders' ``exam/bank.txt``, a bank given twice): each bank's pages,
    downloads and saved progress go by its slug, so one would silently take the other's place."""
    seen: dict[str, Path] = {}
    for path in paths:
        slug = bank_slug(path)
        if slug in seen:
            raise BankFileError(str(path), "banks whose names differ (a bank's pages, downloads and saved "
                                "progress go by its name)", f"the name {slug!r}, also that of {seen[slug]}",
                                f"rename one of them, e.g. {slug}-2{path.suffix}")
        seen[slug] = path


def default_errata(path: Path) -> Path | None:
    """The errata file beside a bank, if there is one (a folder, FIFO or device of that name is
    returned too, for reading to refuse: skipping it would drop the corrections unsaid)."""
    candidate = path.with_name(ERRATA_FILE) if path.stem == "bank" else path.with_suffix(".errata.yml")
    return candidate if candidate.exists() else None


def sources_modified(path: Path, errata: Path | None = None) -> float:
    """When the bank at ``path`` or its corrections last changed (seconds since the epoch):
    exports date their content by it, so the same sources give the same files."""
    errata = errata or default_errata(path)
    return max(p.stat().st_mtime for p in (path, errata) if p is not None and p.is_file())


def read_bank(path: Path, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank file at ``path`` as its author wrote it, read by the first family that
    recognises what the file holds (generator.read.families).  A file over ``limit`` bytes,
    or a zip that unpacks to more, is refused."""
    file = BankFile(path, read_bank_bytes(path, limit), bank_slug(path), limit)
    return family_of(file).read(file)


def read_bank_bytes(path: Path, limit: int = MAX_BANK_SIZE) -> bytes:
    """The bytes of the bank file at ``path``, refusing what is no regular file or is over
    ``limit`` bytes before reading anything: a FIFO, ``/dev/zero`` or a folder is an error
    at once, never a read that blocks or fills the memory."""
    return read_regular_file(path, BankFileError, "a bank file (a regular text file)", limit, "a bank",
                             lambda size: f"--max-size {-(-size // MB)} reads it")


def load_bank(path: Path, errata: Path | None = None, use_errata: bool = True,
              check_math: MathCheck | None = None, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank at ``path`` with its corrections applied and its flags raised.

    ``errata`` overrides the file beside the bank; ``use_errata=False`` skips corrections;
    ``check_math`` checks each formula of the errata (generator.math.editor_latex); banks
    over ``limit`` bytes are refused.
    """
    return lint(corrected_bank(path, errata, use_errata, check_math, limit))


def corrected_bank(path: Path, errata: Path | None = None, use_errata: bool = True,
                   check_math: MathCheck | None = None, limit: int = MAX_BANK_SIZE) -> Bank:
    """The bank at ``path`` with its corrections applied, not yet checked (:func:`load_bank`)."""
    bank = read_bank(path, limit)
    errata_path = errata or (default_errata(path) if use_errata else None)
    if use_errata and errata_path:
        bank = apply_errata(bank, load_errata(errata_path, check_math))
    return bank
