"""The export formats, one registry for the command line (``study-guide export``) and the
site's downloads (generator.site.downloads).

Every format makes its whole file in memory (:attr:`Format.make`) before anything is
written, so an unwritable path leaves nothing half-made.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..bank.model import Bank
from ..links.glossary import Glossary
from ..pages.paths import DOWNLOADS
from .anki import deck_bytes
from .common import ExportError
from .json import dumps_json
from .table import dumps_csv, xlsx_bytes
from .text import dump_text


@dataclass(frozen=True)
class Export:
    """What a format is given beside the bank."""

    script: str  # the script of headers, labels and tags: hans or hant
    modified: float | None = None  # when the sources last changed: the same sources, the same bytes
    deck_name: str = ""  # the Anki deck's name
    ui: Mapping[str, str] = field(default_factory=dict)  # interface strings in ``script`` (the deck's labels)
    glossary: Glossary | None = None  # the deck's topic tags


@dataclass(frozen=True)
class Format:
    name: str
    extension: str
    make: Callable[[Bank, Export], bytes]
    # json and text print the model as read (to stdout unless told a file), in the bank's own
    # script unless asked; the others are files for other tools, written in the guide's script.
    model_dump: bool = False

    @property
    def offered(self) -> bool:
        """Whether the site's home page offers it as a download (generator.pages.paths)."""
        return self.name in DOWNLOADS


def _utf8(make: Callable[[Bank], str]) -> Callable[[Bank, Export], bytes]:
    return lambda bank, how: make(bank).encode("utf-8")


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("json", "json", _utf8(dumps_json), model_dump=True),
    Format("text", "txt", _utf8(dump_text), model_dump=True),
    Format("anki", DOWNLOADS["anki"],
           lambda bank, how: deck_bytes(bank, how.deck_name or bank.title or bank.slug, how.ui, how.glossary,
                                        how.script, how.modified)),
    Format("xlsx", DOWNLOADS["xlsx"], lambda bank, how: xlsx_bytes(bank, how.script, how.modified)),
    # UTF-8 with a byte-order mark: Excel reads CSV without one in the machine's code page.
    Format("csv", DOWNLOADS["csv"], lambda bank, how: dumps_csv(bank, how.script).encode("utf-8-sig")),
)}


def write_export(name: str, bank: Bank, path: Path, how: Export, make_folder: bool = False) -> None:
    """Write ``bank`` in the format ``name`` to ``path`` (its folder made first if
    ``make_folder``); an unwritable path is an :class:`ExportError` naming it."""
    write_file(path, export_bytes(name, bank, how), make_folder)


def export_bytes(name: str, bank: Bank, how: Export) -> bytes:
    """``bank`` in the format ``name``, as the file's bytes."""
    return FORMATS[name].make(bank, how)


def write_file(path: Path, data: bytes, make_folder: bool = True) -> None:
    """Write an export's ``data`` to ``path``; an unwritable path is an :class:`ExportError` naming it."""
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as error:
        raise ExportError(str(path), "a file that can be written", error.strerror or str(error)) from None
