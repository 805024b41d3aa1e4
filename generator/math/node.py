"""A long-lived Node.js child that answers a list of strings for each JSON line it is sent.

Node is already needed to install KaTeX from npm, so the build runs KaTeX's JavaScript in
it rather than in a second engine.  The child is started at the first request, one per
Python process (a forked process starts its own: it must not share the parent's pipes),
and stopped when its owner is collected or the interpreter exits.  It is run without a
shell, and every exchange has a deadline: a missing ``node``, a crash or a child that stops
answering is a :class:`NodeError` naming what was expected, never a hang.

The child ends by itself when its stdin closes, so it does not outlive a Python process
that was killed.

An answer is a JSON line of the strings' lengths in UTF-16 code units, then the strings
themselves in UTF-16: the script answers with :data:`ANSWER_JS`'s ``__answer(strings)``.
Against a JSON line of the strings, this spares Node escaping every quote of KaTeX's HTML
(measured: about 0.01 ms of a formula's 0.15) and keeps lone surrogates as they are.
"""
from __future__ import annotations

import contextlib
import json
import os
import selectors
import subprocess
import tempfile
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from ..base.errors import GuideError

INSTALL_HINT = "install Node.js 18 or newer (`sudo apt-get install nodejs`; the README's Set-up)"
STOP_SECONDS = 5  # what a child is given to end after its stdin closes, before it is killed
CHUNK = 1 << 18  # bytes read or written at a time
# The script's answer to a request: see the module's docstring.
ANSWER_JS = """
function __answer(strings) {
  var parts = [null];
  for (var i = 0; i < strings.length; i++) parts.push(Buffer.from(strings[i], "utf16le"));  // no joined copy
  parts[0] = Buffer.from(JSON.stringify(strings.map(function (s) { return s.length; })) + "\\n");
  process.stdout.write(Buffer.concat(parts));
}
"""
STDERR_TAIL = 2000  # characters of the child's stderr quoted in an error


class NodeError(GuideError):
    """Node.js is missing, stopped, or did not answer in time."""


class NodeProcess:
    """``executable -e script args...``, sent requests one at a time as JSON lines.

    ``purpose`` says in errors what the child is for.  Not thread-safe: the owner serialises
    requests.
    """

    def __init__(self, script: str, args: Sequence[str] = (), executable: str = "node",
                 timeout: float = 60.0, purpose: str = "run JavaScript") -> None:
        self.command = [executable, "-e", script, *args]
        self.executable, self.timeout, self.purpose = executable, timeout, purpose
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: IO[bytes] | None = None
        self._pid = 0  # the Python process the child belongs to
        self._stop: weakref.finalize[..., NodeProcess] | None = None

    @property
    def pid(self) -> int | None:
        """The running child's process id (None before the first request or after close)."""
        return self._process.pid if self._process is not None and self._pid == os.getpid() else None

    def start(self) -> None:
        """Start the child now, if it is not running in this process (no waiting for it)."""
        if self._process is not None and self._pid == os.getpid():
            return
        if self._process is not None:  # the parent's child, seen through fork: its copies of the pipes go
            _close_pipes(self._process)  # (nothing buffered: requests are written with os.write)
        # Read only after a failure (a pipe left unread could fill); closed when the child stops.
        stderr = tempfile.TemporaryFile()  # noqa: SIM115
        try:
            process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=stderr, close_fds=True)
        except OSError as error:
            stderr.close()
            raise NodeError(self.executable, f"Node.js's `node` program, to {self.purpose}",
                            f"none that starts ({error.strerror or error})", INSTALL_HINT) from None
        assert process.stdin is not None
        os.set_blocking(process.stdin.fileno(), False)  # a write waits in select, under the deadline
        self._process, self._stderr, self._pid = process, stderr, os.getpid()
        self._stop = weakref.finalize(self, _stop, process, stderr, os.getpid())

    def request(self, message: Any) -> list[str]:
        """The child's answer to ``message`` (sent as JSON)."""
        self.start()
        process = self._process
        assert process is not None and process.stdin is not None and process.stdout is not None
        line = json.dumps(message).encode("ascii") + b"\n"  # ASCII: lone surrogates travel too
        try:
            answer = _exchange(process.stdin.fileno(), process.stdout.fileno(), line, self.timeout)
        except (_NoAnswer, OSError) as error:
            ended = not isinstance(error, _NoAnswer) or error.ended
            try:
                process.wait(STOP_SECONDS if ended else 0)  # its exit status, if it is ending by itself
            except subprocess.TimeoutExpired:
                process.kill()  # a child that stopped answering is not waited for again
                process.wait()
                ended = False
            found = str(error) if isinstance(error, _NoAnswer) else f"its input closed ({error.strerror})"
            if ended:
                found += f", exit status {process.returncode}"
            found += self._stderr_tail()
            self.close()
            raise NodeError(f"{self.executable} (pid {process.pid})", f"an answer, to {self.purpose}", found,
                            f"`{self.executable} --version` prints v18 or newer") from None
        return answer

    def close(self) -> None:
        """Stop the child (a later request starts another)."""
        if self._stop is not None:
            self._stop()
        self._process = self._stop = None

    def _stderr_tail(self) -> str:
        if self._stderr is None or self._stderr.closed:
            return ""
        self._stderr.seek(0)
        text = self._stderr.read().decode("utf-8", "replace").strip()
        return f"; it printed: {text[-STDERR_TAIL:]}" if text else ""


class _NoAnswer(Exception):
    """The child ended (``ended``) or kept silent before answering."""

    def __init__(self, message: str, ended: bool = False) -> None:
        super().__init__(message)
        self.ended = ended


def _exchange(stdin: int, stdout: int, line: bytes, timeout: float) -> list[str]:
    """Write ``line`` to ``stdin`` and read one answer back from ``stdout``, within ``timeout``.

    Writing and reading share one loop, so neither side waits on a full pipe.  Each byte read
    is looked at once (linear time).
    """
    deadline = time.monotonic() + timeout
    pending, received = memoryview(line), bytearray()
    lengths: list[int] = []
    body = size = -1  # where the strings start and where the answer ends, once the lengths are read
    with selectors.DefaultSelector() as selector:
        selector.register(stdin, selectors.EVENT_WRITE)
        selector.register(stdout, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            events = selector.select(left) if left > 0 else []
            if not events:
                raise _NoAnswer(f"no answer within {timeout:g} s")
            for key, _ in events:
                if key.fd == stdin:
                    pending = pending[os.write(stdin, pending[:CHUNK]):]
                    if not pending:
                        selector.unregister(stdin)
                    continue
                chunk = os.read(stdout, CHUNK)
                if not chunk:
                    raise _NoAnswer("it ended without answering", ended=True)
                received += chunk
                if body < 0:
                    end = received.find(b"\n", len(received) - len(chunk))
                    if end < 0:
                        continue
                    lengths, body = _lengths(bytes(received[:end])), end + 1
                    size = body + 2 * sum(lengths)
                if len(received) > size:
                    raise _NoAnswer("more than one answer to one request")
                if len(received) == size:
                    return _strings(memoryview(received), body, lengths)


def _lengths(header: bytes) -> list[int]:
    """The lengths that start an answer: a JSON list of counts (anything else on stdout is a fault)."""
    try:
        lengths = json.loads(header)
    except ValueError:
        lengths = None
    if not isinstance(lengths, list) or not all(type(n) is int and n >= 0 for n in lengths):
        raise _NoAnswer(f"output that is no answer: {header[:200]!r}")
    return lengths


def _strings(answer: memoryview, start: int, lengths: list[int]) -> list[str]:
    """The strings of ``lengths`` UTF-16 code units that follow each other from ``start``."""
    strings = []
    for length in lengths:
        strings.append(str(answer[start:start + 2 * length], "utf-16-le", "surrogatepass"))
        start += 2 * length
    return strings


def _stop(process: subprocess.Popen[bytes], stderr: IO[bytes], owner: int) -> None:
    """End ``process``: close its stdin (it then exits by itself), kill it if it lingers."""
    if os.getpid() != owner:  # in a forked process: the child is the parent's
        return
    _close_pipes(process)
    try:
        process.wait(STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
    stderr.close()


def _close_pipes(process: subprocess.Popen[bytes]) -> None:
    for stream in (process.stdin, process.stdout):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()
