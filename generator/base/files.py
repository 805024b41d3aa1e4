"""Reading an input file the user named: only a regular file, and only up to a size; writing a
file whole or not at all.

A FIFO would block the read forever, ``/dev/zero`` would fill the memory and a folder cannot be
read at all: each is refused, before anything is read, with a message naming what it is.

Imports nothing else of the generator but :mod:`generator.base.errors`."""
from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

from .errors import GuideError

MB = 2**20
# What a path is when it is no regular file (os.stat's S_IS* tests).
_NOT_A_FILE = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"),
               (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def read_regular_file(path: Path, error: type[GuideError], expected: str, limit: int, kind: str = "a file",
                      too_large: Callable[[int], str] = lambda size: "") -> bytes:
    """The bytes of the regular file at ``path``; ``error`` (``expected``: what the file should
    be) when it is none or cannot be read, or when it holds more than ``limit`` bytes
    (``kind`` of at most …; ``too_large`` of its size says what to do then)."""
    try:
        # Before opening: a device may act on open.
        refuse_unless_regular(path, os.stat(path).st_mode, error, expected)
        # O_NONBLOCK: a FIFO put in its place would block the open; fstat says what was opened.
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        raise error(str(path), expected, (exc.strerror or str(exc)).lower()) from None
    with os.fdopen(descriptor, "rb") as file:
        info = os.fstat(descriptor)
        refuse_unless_regular(path, info.st_mode, error, expected)
        if info.st_size > limit:
            raise error(str(path), f"{kind} of at most {megabytes(limit)}", megabytes(info.st_size),
                        too_large(info.st_size))
        data = _read_at_most(file, limit + 1)  # a file still growing stops at the limit too
    if len(data) > limit:
        raise error(str(path), f"{kind} of at most {megabytes(limit)}", "a file still growing past it")
    return data


def _read_at_most(file: BinaryIO, size: int) -> bytes:
    """Up to ``size`` bytes, a chunk at a time: one read of ``size`` would allocate all of it at
    once, whatever the file holds (a limit of a terabyte, a MemoryError)."""
    chunks: list[bytes] = []
    left = size
    while left > 0 and (chunk := file.read(min(left, 16 * MB))):
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def refuse_unless_regular(path: Path, mode: int, error: type[GuideError], expected: str) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _NOT_A_FILE if test(mode)), "no regular file")
        raise error(str(path), expected, kind)


def megabytes(size: int) -> str:
    return f"{size / MB:.1f} MB" if size < 10 * MB else f"{size // MB} MB"


def current_umask() -> int:
    """The process's umask (reading it means setting it: set back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_whole(path: Path, data: bytes) -> None:
    """``data`` as the file ``path``, whole or not at all: written beside it, synced, then renamed
    over it, so that a reader finds the old file or the new one and an interrupted write (an
    error, Ctrl-C) leaves no part behind.  Its permissions are a new file's (mkstemp's 0600
    would hide it from others).  An :class:`OSError` as the system raised it."""
    descriptor, part = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(descriptor, "wb") as file:
            _write_all(file, data)
        os.chmod(part, 0o666 & ~current_umask())
        os.replace(part, path)
    except BaseException:
        os.unlink(part)
        raise


def _write_all(file: BinaryIO, data: bytes) -> None:
    file.write(data)
    file.flush()
    os.fsync(file.fileno())
