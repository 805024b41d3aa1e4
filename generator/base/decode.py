"""bytes -> text: the encodings scraped Chinese banks arrive in.

UTF-8 (with or without BOM) and UTF-16 with BOM are recognised for certain.  Anything
else is tried in the East Asian legacy encodings (:data:`CANDIDATES`): a file that only
GB18030 (which covers GBK and GB2312) decodes is GB18030, as it always was; when several
decode it, charset-normalizer tells them apart.  Big5 (Traditional Chinese) is read;
Japanese and Korean encodings are refused naming the encoding, with the command that
converts the file.  Private-use characters after decoding mean a wrong guess (Big5 read
as GBK lands in GBK's user-defined area), so an encoding that yields them is no
candidate.  A file that fits none is an error naming the byte where decoding failed.
Line ends become ``\\n``.
"""
from __future__ import annotations

import codecs
import re

from .errors import DecodeError

_LINE_ENDS = re.compile(r"\r\n?")
# Characters that end a line for the parser but not for an editor, grep -n or sed: each becomes
# one "\n" (the same length, so offsets stay) only after the line numbers are counted.
# A pattern, not str.translate: translating a megabyte of Chinese text takes 90 ms, this 5 ms.
_OTHER_BREAKS = re.compile("[\f\v\x85\u2028\u2029]")
# Control bytes never occur in text: a file with them is binary, not a bank.  Keeping
# them out also reserves them for the markers of editor-given LaTeX (model.MATH).
_BINARY = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1a\x1c-\x1f]")
# A stretch of bytes that decode as UTF-8 (``surrogateescape`` marks the rest).
MIXED_EVIDENCE = 10  # non-ASCII UTF-8 characters in one run that prove a UTF-8 part
# Only runs long enough to hold that many (the shorter are skipped in C, a bounded scan each).
_UTF8_RUN = re.compile(rf"[^\udc80-\udcff]{{{MIXED_EVIDENCE},}}")

# Legacy encodings a bank may arrive in, the bank's own (Chinese) ones first; each with
# the family it belongs to.  charset-normalizer chooses among those that decode a file.
CANDIDATES = {
    "gb18030": "gb18030", "big5": "big5", "cp950": "big5", "big5hkscs": "big5",
    "shift_jis": "shift_jis", "cp932": "shift_jis", "euc_jp": "euc_jp", "euc_kr": "euc_kr", "cp949": "euc_kr",
}
READ = {"gb18030", "big5"}  # families the generator reads; the others are refused, named
_LABELS = {"gb18030": "GB18030/GBK", "big5": "Big5 (Traditional Chinese)", "shift_jis": "Shift-JIS (Japanese)",
           "euc_jp": "EUC-JP (Japanese)", "euc_kr": "EUC-KR (Korean)"}
_ICONV = {"gb18030": "GB18030", "big5": "BIG5", "shift_jis": "SHIFT_JIS", "euc_jp": "EUC-JP", "euc_kr": "EUC-KR"}
# Full-width punctuation and the words every Chinese bank writes (its markers, 題, 的, 是)
_BANK_SIGNS = re.compile("[，。：；？！（）、「」『』“”《》【】題题選选的是]|答案|解析")
# Unicode's private-use areas: no bank character, but where a wrong legacy guess lands.
_PRIVATE_USE = re.compile("[\ue000-\uf8ff\U000f0000-\U0010ffff]")

_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)


def decode(data: bytes, source: str, lines: bool = True) -> tuple[str, str]:
    """Return ``(text, encoding)`` for the raw bytes of the bank at ``source``: CRLF and CR
    made LF, and, if ``lines``, the other line breaks too (:func:`as_lines`)."""
    text, encoding = _decode(data, source)
    return (as_lines(text) if lines else text), encoding


def as_lines(text: str) -> str:
    """``text`` with form feeds, vertical tabs, NEL, U+2028 and U+2029 made "\n" (as long)."""
    return _OTHER_BREAKS.sub("\n", text)


def _decode(data: bytes, source: str) -> tuple[str, str]:
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
        text, encoding = _legacy(data, utf8_error.start, source)
        return _normalise(text, source), encoding


def _legacy(data: bytes, utf8_error: int, source: str) -> tuple[str, str]:
    """Decode a file that is not UTF-8 in the one legacy encoding it is in, or refuse it."""
    decoded: dict[str, str] = {}
    private: dict[str, re.Match[str]] = {}
    for encoding in CANDIDATES:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        mark = _PRIVATE_USE.search(text)
        if mark:
            private[encoding] = mark
        else:
            decoded[encoding] = text
    if list(decoded) == ["gb18030"]:
        return decoded["gb18030"], "gb18030"
    if not decoded:
        if "gb18030" in private:  # GB18030 decodes nearly anything, and here only to private use
            mark, text = private["gb18030"], data.decode("gb18030")
            raise DecodeError(
                f"{source}: line {text.count(chr(10), 0, mark.start()) + 1}",
                "UTF-8, UTF-16 with BOM, GB18030/GBK or Big5 text",
                f"bytes that GB18030 reads only as the private-use character U+{ord(mark.group()):04X}, "
                "so the encoding is none of them",
                "re-save the file as UTF-8",
            )
        bad = data[utf8_error : utf8_error + 4]
        raise DecodeError(
            f"{source}: byte {utf8_error}",
            "UTF-8, UTF-16 with BOM, GB18030/GBK or Big5 text",
            f"bytes {bad.hex(' ')} that fit none of them (mixed encodings?)",
            "re-save the file as UTF-8",
        )
    encoding = _by_bank_words(decoded) or _by_charset_normalizer(data, decoded)
    family = CANDIDATES[encoding]
    if family not in READ:
        raise DecodeError(
            source, "Chinese text in UTF-8, UTF-16 with BOM, GB18030/GBK or Big5",
            f"{_LABELS[family]} text, by its bytes",
            f"if that is right, convert it: iconv -f {_ICONV[family]} -t UTF-8 {source} > bank-utf8.txt",
        )
    return decoded[encoding], "gb18030" if family == "gb18030" else encoding


def _by_bank_words(decoded: dict[str, str]) -> str | None:
    """The reading that holds the most of a Chinese bank's punctuation and words (，：（）答案 解析
    題 的), when the readings of one family (big5, cp950) hold more than every other.  Another
    encoding turns those bytes into something else (GBK's "答案：" read as Big5 is "湘偶ㄩ", as
    EUC-KR "댑갭："), and a few lines are too little for charset-normalizer to tell."""
    counts = {encoding: len(_BANK_SIGNS.findall(text)) for encoding, text in decoded.items()}
    most = max(counts.values())
    best = [encoding for encoding, count in counts.items() if count == most]
    return best[0] if len({CANDIDATES[encoding] for encoding in best}) == 1 else None


def _by_charset_normalizer(data: bytes, decoded: dict[str, str]) -> str:
    import charset_normalizer  # only for files in a legacy encoding: most banks are UTF-8

    best = charset_normalizer.from_bytes(data, cp_isolation=list(decoded)).best()
    return best.encoding if best is not None and best.encoding in decoded else next(iter(decoded))


def _refuse_mixed(data: bytes, bad: int, source: str) -> None:
    """Refuse a file that is partly UTF-8 and partly not (byte ``bad`` is its first non-UTF-8 byte).

    GB18030 decodes almost any byte string, so such a file would otherwise come out
    as GB18030 with its UTF-8 part turned to mojibake, silently.  A run of
    ``MIXED_EVIDENCE`` non-ASCII characters that are valid UTF-8 never occurs by chance
    in GBK text (the longest measured in 200,000 random GB18030 characters was 5).
    """
    text = data.decode("utf-8", errors="surrogateescape")
    for run in _UTF8_RUN.finditer(text):
        chunk = run.group()  # its non-ASCII characters counted in C: a loop over each took seconds
        if len(chunk) - len(chunk.encode("ascii", "ignore")) >= MIXED_EVIDENCE:
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
