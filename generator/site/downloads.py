"""The files the home page offers beside the pages: each bank's Anki deck, spreadsheet and CSV.

Written into the built site (``downloads/``, paths from ``generator.pages.paths.download_path``)
at the end of the build, from the banks as the pages show them: checked and in the edition's
script.  The chapter PDFs are printed afterwards (``python -m generator pdf``) and the home
page lists them from the PDF manifest.
"""
from __future__ import annotations

import logging
from pathlib import Path

from ..bank.export import ExportError, left_out, write_csv, write_xlsx
from ..bank.lint import lint
from ..read.load import sources_modified
from ..exports.anki import write_deck
from ..pages.paths import DOWNLOADS, download_path
from ..pages.script import convert_bank

log = logging.getLogger(__name__)


def write_downloads(site_dir: Path, plan, deck_name: str) -> list[Path]:
    """Write every bank's downloads under ``site_dir``; returns the files written.

    ``plan`` is the build's :class:`generator.pages.compose.Plan`; ``deck_name`` the guide's
    name (its ``site_name``).  Questions left out (a truncated one) are logged at info
    level: the proofreading report already flags them, and ``--strict`` builds go on.
    """
    renderer = plan.renderer
    written: list[Path] = []
    for corrected in renderer.corrected:
        bank = convert_bank(lint(corrected), renderer.script)  # as the pages show it
        paths = {kind: site_dir / download_path(bank, kind) for kind in DOWNLOADS}
        name = deck_name if len(renderer.corrected) == 1 else f"{deck_name}::{bank.title or bank.slug}"
        try:
            paths["anki"].parent.mkdir(parents=True, exist_ok=True)
            modified = sources_modified(Path(bank.source))  # the same sources, the same files
            write_deck(bank, paths["anki"], name, renderer.ui, plan.glossary, plan.interface, modified)
            write_xlsx(bank, paths["xlsx"], plan.interface, modified)
            write_csv(bank, paths["csv"], plan.interface)
        except OSError as error:
            raise ExportError(str(error.filename or site_dir), "a site folder that can be written",
                              error.strerror or str(error)) from None
        for question, reason in left_out(bank):
            log.info("%s: %s left out of the downloads (%s)", bank.source, question.id, reason)
        written += paths.values()
    return written
