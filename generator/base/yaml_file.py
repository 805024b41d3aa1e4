"""The one YAML reader: a settings, glossary or errata file -> its data, or an error saying where.

Errors name the file and line and quote at most :data:`QUOTE_LIMIT` characters of it, so a
binary or one-line file never floods the terminal.  Nothing in the file is executed: only
YAML's plain types (and nodes, for :func:`compose_yaml`) come out.

Imports nothing else of the generator but :mod:`generator.base.errors`, ``files`` and ``text``."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from .errors import GuideError
from .files import MB, read_regular_file
from .text import clip

# libyaml's loader where PyYAML was built with it: ten times faster on errata and glossary.
YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
QUOTE_LIMIT = 200  # characters of the file an error quotes
# The largest settings, glossary or errata file read: a hundred times a big bank's errata.  A
# folder, FIFO or device is refused before reading (a FIFO would block, /dev/zero fill memory).
YAML_LIMIT = 64 * MB


def load_yaml(path: Path, error: type[GuideError], what: str, example: str = "") -> Any:
    """The data of a YAML file (``None`` when it holds none); ``what`` names the file in errors."""
    return _read(path, lambda text: yaml.load(text, Loader=YAML_LOADER), error, what, example)


def compose_yaml(path: Path, error: type[GuideError], what: str, example: str = "") -> yaml.Node | None:
    """The node tree of a YAML file, scalars as written and each node with its line."""
    node: yaml.Node | None = _read(path, lambda text: yaml.compose(text, Loader=YAML_LOADER), error, what, example)
    return node


def _read(path: Path, parse: Callable[[str], Any], error: type[GuideError], what: str, example: str) -> Any:
    source = str(path)
    data = read_regular_file(path, error, f"a readable {what} file", YAML_LIMIT, f"{_a(what)} {what} file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise error(f"{source}, line {line}", f"{_a(what)} {what} file in UTF-8",
                    f"the byte 0x{data[exc.start]:02x}, which is no UTF-8") from None
    try:
        return parse(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        if mark is None:
            raise error(source, "valid YAML", problem, example) from None
        lines = text.splitlines()
        quote = lines[mark.line] if mark.line < len(lines) else ""
        found = f"{problem} in {clip(quote, QUOTE_LIMIT)!r}" if quote.strip() else problem
        raise error(f"{source}, line {mark.line + 1}", "valid YAML", found, example) from None


def _a(word: str) -> str:
    return "an" if word[:1] in ("a", "e", "i", "o", "u") else "a"
