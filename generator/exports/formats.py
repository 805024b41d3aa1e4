"""The export formats, one registry for the command line (``study-guide export``) and the
site's downloads (generator.site.downloads).

Every format makes its whole file in memory (:attr:`Format.make`) before anything is
written; the file is written beside its target and renamed into place, so an unwritable path
or an interrupt leaves nothing half-made.  An export never replaces the bank or errata it
reads (by path or by inode), nor, unless told to, any file already there.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..bank.model import Bank
from ..base.files import write_whole
from ..pages.paths import DOWNLOADS
from .common import ExportError
from .json import json_bytes
from .text import dump_text

if TYPE_CHECKING:
    from ..links.glossary import Glossary


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
    binary: bool = False  # no text: never printed to a terminal

    @property
    def offered(self) -> bool:
        """Whether the site's home page offers it as a download (generator.pages.paths)."""
        return self.name in DOWNLOADS


def _utf8(make: Callable[[Bank], str]) -> Callable[[Bank, Export], bytes]:
    return lambda bank, how: make(bank).encode("utf-8")


# The Anki deck and the workbooks import their libraries (a quarter of a second of start-up) only
# when made, so that ``study-guide export --format json`` does not wait for them.
def _anki(bank: Bank, how: Export) -> bytes:
    from .anki import deck_bytes

    return deck_bytes(bank, how.deck_name or bank.title or bank.slug, how.ui, how.glossary, how.script, how.modified)


def _xlsx(bank: Bank, how: Export) -> bytes:
    from .table import xlsx_bytes

    return xlsx_bytes(bank, how.script, how.modified)


def _csv(bank: Bank, how: Export) -> bytes:
    from .table import dumps_csv

    # UTF-8 with a byte-order mark: Excel reads CSV without one in the machine's code page.
    return dumps_csv(bank, how.script).encode("utf-8-sig")


FORMATS: dict[str, Format] = {f.name: f for f in (
    Format("json", "json", lambda bank, how: json_bytes(bank), model_dump=True),
    Format("text", "txt", _utf8(dump_text), model_dump=True),
    Format("anki", DOWNLOADS["anki"], _anki, binary=True),
    Format("xlsx", DOWNLOADS["xlsx"], _xlsx, binary=True),
    Format("csv", DOWNLOADS["csv"], _csv),
)}


def write_export(name: str, bank: Bank, path: Path, how: Export, make_folder: bool = False,
                 inputs: tuple[Path, ...] = (), replace: bool = True) -> None:
    """Write ``bank`` in the format ``name`` to ``path`` (its folder made first if
    ``make_folder``); an :class:`ExportError` naming it when it is one of ``inputs`` (the bank
    and errata read), when it exists and not ``replace``, or when it cannot be written."""
    refuse_overwrite(path, inputs, replace)
    write_file(path, export_bytes(name, bank, how), make_folder)


def write_pictures(bank: Bank, folder: Path, inputs: tuple[Path, ...] = (), replace: bool = False) -> int:
    """Write the files of ``bank``'s pictures into ``folder``, where an export's ``[alt: file]``
    names them and the JSON reader looks for them; the number written.  A file of that name
    holding the same bytes is left as it is (names are content hashes); one holding other
    bytes is an :class:`ExportError`, unless ``replace``."""
    written = 0
    for name, data in {p.name: p.data for p in bank.pictures if p.data}.items():
        path = folder / name
        if path.is_file() and not path.is_symlink() and path.read_bytes() == data:
            continue
        refuse_overwrite(path, inputs, replace)
        write_file(path, data, make_folder=False)
        written += 1
    return written


def export_bytes(name: str, bank: Bank, how: Export) -> bytes:
    """``bank`` in the format ``name``, as the file's bytes."""
    return FORMATS[name].make(bank, how)


def write_file(path: Path, data: bytes, make_folder: bool = True) -> None:
    """Write an export's ``data`` to ``path``, whole or not at all; an unwritable path is an
    :class:`ExportError` naming it."""
    try:
        if make_folder:
            path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, data)
    except OSError as error:
        raise ExportError(str(path), "a file that can be written", error.strerror or str(error)) from None


def refuse_overwrite(path: Path, inputs: tuple[Path, ...], replace: bool) -> None:
    """An :class:`ExportError` when ``path`` is one of ``inputs`` (the same name, a link to it or
    the same file by inode), or an existing file and not ``replace``."""
    for source in inputs:
        if _same_file(path, source):
            what = "the errata" if source.name.endswith("errata.yml") else "the bank"
            raise ExportError(str(path), "a file other than the bank and errata being exported",
                              f"{what} being read ({source})", "-o with another file name")
    if not replace and (path.exists() or path.is_symlink()):
        raise ExportError(str(path), "a file name not in use", "a file already there",
                          "-o with another name, or --force to replace it")


def _same_file(a: Path, b: Path) -> bool:
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:  # either is missing
        return False
