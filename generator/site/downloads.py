"""The files the home page offers beside the pages: each bank in every offered export format
(generator.exports.formats: the Anki deck, the spreadsheet and the CSV).

Written into the built site (``downloads/``, paths from ``generator.pages.paths.download_path``)
at the end of the build, from the banks as the pages show them: checked and in the guide's
script.  The chapter PDFs are printed afterwards (``study-guide pdf``) and the home page
lists them from the PDF manifest.
"""
from __future__ import annotations

import hashlib
import logging
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..bank.model import Bank
from ..base.kept import Kept
from ..exports.common import left_out
from ..exports.formats import FORMATS, Export, export_bytes, write_file
from ..links.glossary import Glossary
from ..pages.paths import download_path
from ..read.load import sources_modified

log = logging.getLogger(__name__)
KEPT = 8  # banks' downloads kept
_MADE: Kept[str, list[tuple[str, bytes]]] = Kept(KEPT)  # content hash -> a bank's downloads (_bank_files)


class ShownGuide(Protocol):
    @property
    def banks(self) -> tuple[Bank, ...]: ...  # checked and in the guide's script, as the pages show them

    @property
    def ui(self) -> dict[str, str]: ...


@dataclass(frozen=True)
class Shown:
    """What the downloads are made from, sent to a process of their own (``mkdocs serve``)."""

    banks: tuple[Bank, ...]
    ui: dict[str, str]


def download_files(renderer: ShownGuide, interface: str, glossary: Glossary | None,
                   deck_name: str) -> list[tuple[str, bytes]]:
    """Every bank's downloads as (path in the site, content), from the banks as the pages show
    them (``renderer.banks``: checked and in the guide's script; a :class:`PageRenderer` or
    what :class:`Shown` holds of it).

    ``deck_name`` is the guide's name (its ``site_name``).  Questions left out (a truncated
    one) are logged at info level: the proofreading report already flags them, and
    ``--strict`` builds go on.  The plugin has this done in the process that made the pages
    while MkDocs writes them, or (``mkdocs serve``) in a process of its own
    (generator.site.prerender).
    """
    made: list[tuple[str, bytes]] = []
    for bank in renderer.banks:
        how = Export(interface, sources_modified(Path(bank.source)),  # the same sources, the same files
                     deck_name if len(renderer.banks) == 1 else f"{deck_name}::{bank.title or bank.slug}",
                     renderer.ui, glossary)
        made += _bank_files(bank, how)
        for question, reason in left_out(bank):
            log.info("%s: %s left out of the downloads (%s)", bank.source, question.id, reason)
    return made


def _bank_files(bank: Bank, how: Export) -> list[tuple[str, bytes]]:
    """One bank's downloads, made again only when the bank or how it is exported changed:
    ``mkdocs serve`` rebuilds the whole guide at every edit, and a deck of 5,000 questions
    takes seconds."""
    key = hashlib.sha256(pickle.dumps((bank, how), protocol=pickle.HIGHEST_PROTOCOL)).hexdigest()
    return _MADE.made(key, lambda: [(download_path(bank, f.name), export_bytes(f.name, bank, how))
                                    for f in FORMATS.values() if f.offered])


def write_downloads(site_dir: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Write :func:`download_files` under ``site_dir``; returns the files written."""
    written = []
    for path, data in files:
        written.append(site_dir / path)
        write_file(written[-1], data)
    return written
