"""What every export shares: its error, the questions it leaves out, and reproducible zips."""
from __future__ import annotations

import io
import time
import zipfile
from collections.abc import Callable

from ..bank.model import Bank, Question
from ..base.errors import GuideError


class ExportError(GuideError):
    """An export could not be written where it was asked for."""


def left_out(bank: Bank) -> list[tuple[Question, str]]:
    """The questions the deck, spreadsheet and CSV leave out, with the reason.

    A question cut off by the end of the bank has no answer to learn (its flag says so on
    the site); every other question goes out as the guide shows it, flags and all.
    """
    return [(q, "truncated: the bank ends inside it") for q in bank.questions
            if any(f.code == "truncated" for f in q.flags)]


def kept(bank: Bank) -> Callable[[Question], bool]:
    """Whether a question of ``bank`` goes out (:func:`left_out` names the others)."""
    skipped = {q.id for q, _ in left_out(bank)}
    return lambda q: q.id not in skipped


def reproducible_zip(data: bytes, modified: float | None) -> bytes:
    """A zip archive (.xlsx, .apkg) with every entry dated ``modified`` instead of the moment
    it was written: the same content, the same bytes."""
    if modified is None:
        return data
    stamp = max(time.gmtime(modified)[:6], (1980, 1, 1, 0, 0, 0))  # the earliest date zip can hold
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            entry = zipfile.ZipInfo(info.filename, date_time=stamp)
            entry.compress_type, entry.external_attr = zipfile.ZIP_DEFLATED, 0o644 << 16
            target.writestr(entry, source.read(info))
    return out.getvalue()
