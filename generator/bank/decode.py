"""bytes -> text: the encodings scraped Chinese banks arrive in.

UTF-8 (with or without BOM) and UTF-16 with BOM are recognised for certain; anything
else is tried as GB18030, which covers GBK and GB2312.  A file that fits none of them
is an error naming the byte where decoding failed.  Line ends become ``\\n``.
"""
from __future__ import annotations

import codecs
import re

from ..base.errors import DecodeError

_LINE_ENDS = re.compile(r"\r\n?|[\f\v\x85\u2028\u2029]")
# Control bytes never occur in text: a file with them is binary, not a bank.  Keeping
# them out also reserves them for the markers of editor-given LaTeX (model.MATH).
_BINARY = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
# A stretch of bytes that decode as UTF-8 (``surrogateescape`` marks the rest).
_UTF8_RUN = re.compile(r"[^\udc80-\udcff]+")
MIXED_EVIDENCE = 10  # non-ASCII UTF-8 characters in one run that prove a UTF-8 part

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes, source: str) -> tuple[str, str]:
    """Return ``(text, encoding)`` for the raw bytes of the bank at ``source``."""
    if not data.strip():
        raise DecodeError(source, "a question bank", "an empty file" if not data else "only white space")
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return _normalise(_strict(data, encoding, source), source), encoding
    binary = _BINARY.search(data)
    if binary:
        raise DecodeError(
            f"{source}: byte {binary.start()}",
            "text (UTF-8, UTF-16 with BOM or GB18030/GBK)",
            f"the control byte 0x{data[binary.start()]:02x}, so this looks like a binary file",
        )
    try:
        return _normalise(data.decode("utf-8"), source), "utf-8"
    except UnicodeDecodeError as utf8_error:
        _refuse_mixed(data, utf8_error.start, source)
        try:
            return _normalise(data.decode("gb18030"), source), "gb18030"
        except UnicodeDecodeError:
            bad = data[utf8_error.start : utf8_error.start + 4]
            raise DecodeError(
                f"{source}: byte {utf8_error.start}",
                "UTF-8, UTF-16 with BOM or GB18030/GBK text",
                f"bytes {bad.hex(' ')} that fit none of them (mixed encodings?)",
                "re-save the file as UTF-8",
            ) from None


def _refuse_mixed(data: bytes, bad: int, source: str) -> None:
    """Refuse a file that is partly UTF-8 and partly not (byte ``bad`` is its first non-UTF-8 byte).

    GB18030 decodes almost any byte string, so such a file would otherwise come out
    as GB18030 with its UTF-8 part turned to mojibake, silently.  A run of
    ``MIXED_EVIDENCE`` non-ASCII characters that are valid UTF-8 never occurs by chance
    in GBK text (the longest measured in 200,000 random GB18030 characters was 5).
    """
    text = data.decode("utf-8", errors="surrogateescape")
    for run in _UTF8_RUN.finditer(text):
        if sum(1 for c in run.group() if c > "\x7f") >= MIXED_EVIDENCE:
            line = data.count(b"\n", 0, bad) + 1
            raise DecodeError(
                f"{source}: byte {bad} (line {line})",
                "one encoding for the whole file (UTF-8, UTF-16 with BOM or GB18030/GBK)",
                f"mixed encodings: UTF-8 text such as {run.group().strip().splitlines()[0][:20]!r}, and bytes "
                f"{data[bad:bad + 4].hex(' ')} that are not UTF-8",
                "re-save each part as UTF-8 before joining them",
            )


def _strict(data: bytes, encoding: str, source: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise DecodeError(
            f"{source}: byte {error.start}", f"{encoding} text after its byte-order mark",
            f"bytes {data[error.start:error.start + 4].hex(' ')}",
        ) from None


def _normalise(text: str, source: str) -> str:
    control = _CONTROL.search(text)
    if control:
        raise DecodeError(f"{source}: character {control.start()}", "text",
                          f"the control character U+{ord(control.group()):04X}, so this looks like a binary file")
    return _LINE_ENDS.sub("\n", text.lstrip("\ufeff"))
