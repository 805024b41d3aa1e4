"""The files the home page offers beside the pages: each bank in every offered export format
(generator.exports.formats: the Anki deck, the spreadsheet and the CSV).

Written into the built site (``downloads/``, paths from ``generator.pages.paths.download_path``)
at the end of the build, from the banks as the pages show them: checked and in the guide's
script.  The chapter PDFs are printed afterwards (``study-guide pdf``) and the home page
lists them from the PDF manifest.
"""
from __future__ import annotations

import logging
from pathlib import Path

from ..bank.lint import lint
from ..exports.common import left_out
from ..exports.formats import FORMATS, Export, write_export
from ..pages.compose import Plan
from ..pages.paths import download_path
from ..pages.script import convert_bank
from ..read.load import sources_modified

log = logging.getLogger(__name__)


def write_downloads(site_dir: Path, plan: Plan, deck_name: str) -> list[Path]:
    """Write every bank's downloads under ``site_dir``; returns the files written.

    ``deck_name`` is the guide's name (its ``site_name``).  Questions left out (a truncated
    one) are logged at info level: the proofreading report already flags them, and
    ``--strict`` builds go on.
    """
    renderer = plan.renderer
    written: list[Path] = []
    for corrected in renderer.corrected:
        bank = convert_bank(lint(corrected), renderer.script)  # as the pages show it
        how = Export(plan.interface, sources_modified(Path(bank.source)),  # the same sources, the same files
                     deck_name if len(renderer.corrected) == 1 else f"{deck_name}::{bank.title or bank.slug}",
                     renderer.ui, plan.glossary)
        for format in (f for f in FORMATS.values() if f.offered):
            path = site_dir / download_path(bank, format.name)
            write_export(format.name, bank, path, how, make_folder=True)
            written.append(path)
        for question, reason in left_out(bank):
            log.info("%s: %s left out of the downloads (%s)", bank.source, question.id, reason)
    return written
