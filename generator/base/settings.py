"""The guide's own settings, read from ``site_config/guide.yml``.

    banks:                       # bank files, relative to the repository root
      - content/banks/ai-trainer/bank.txt
    script: hans                 # original | hans | hant (guide's script)
    glossary: site_config/glossary.yml   # optional; by default glossary.yml beside this file
    site_url: https://example.org/guide/  # optional; the public address, for canonical links,
                                          # the sitemap and share metadata
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit

from .errors import ConfigError
from .files import MB
from .safe_text import refuse_control_characters
from .text import quote
from .yaml_file import load_yaml

# The scripts a guide can be in: the bank as written, Simplified, Traditional.
ORIGINAL, HANS, HANT = "original", "hans", "hant"
SCRIPTS = (ORIGINAL, HANS, HANT)


@dataclass(frozen=True)
class Settings:
    banks: tuple[Path, ...]
    script: str = "original"
    root: Path = Path(".")
    glossary: Path | None = None  # the glossary file, if the guide has one
    site_url: str | None = None  # the public address, ending in "/", if the guide is published
    max_bank_size: int = 200 * MB  # banks larger than this many bytes are refused (--max-size)


def load_settings(path: Path) -> Settings:
    """Read and check the settings file; bank paths are resolved against its repository."""
    root = path.resolve().parent.parent
    raw = load_yaml(path, ConfigError, "settings") or {}
    if not isinstance(raw, dict):
        raise ConfigError(str(path), "a mapping with 'banks' and 'script'", f"{type(raw).__name__} {quote(repr(raw))}",
                          "banks: [content/banks/x/bank.txt]")
    unknown = set(raw) - {"banks", "script", "glossary", "site_url"}
    if unknown:
        raise ConfigError(str(path), "only the keys 'banks', 'script', 'glossary' and 'site_url'",
                          quote(", ".join(sorted(map(repr, unknown)))))
    banks = raw.get("banks")
    if not isinstance(banks, list) or not banks or not all(isinstance(b, str) for b in banks):
        raise ConfigError(f"{path}: banks", "a non-empty list of bank file paths", quote(repr(banks)),
                          "banks: [content/banks/ai-trainer/bank.txt]")
    for i, bank in enumerate(banks):
        refuse_control_characters(bank, f"{path}: banks, item {i + 1}", ConfigError)
    script = raw.get("script", "original")
    if script not in SCRIPTS:
        raise ConfigError(f"{path}: script", "one of " + ", ".join(SCRIPTS), quote(repr(script)))
    glossary = raw.get("glossary")
    if glossary is not None and not isinstance(glossary, str):
        raise ConfigError(f"{path}: glossary", "the path of a glossary file", quote(repr(glossary)))
    if glossary:
        refuse_control_characters(glossary, f"{path}: glossary", ConfigError)
    glossary_path = root / glossary if glossary else path.with_name("glossary.yml")
    if glossary and not glossary_path.is_file():
        raise ConfigError(f"{path}: glossary", "an existing file", f"no file at {glossary_path}")
    return Settings(tuple(root / b for b in banks), script, root,
                    glossary_path if glossary_path.is_file() else None, _site_url(raw.get("site_url"), path))


def guide_settings(path: Path | None, banks: Sequence[Path] = (), script: str | None = None,
                   max_bank_size: int | None = None) -> Settings:
    """The settings file at ``path`` with what a command line or the plugin's options give in
    place of its ``banks``, ``script`` and ``max_bank_size``; with no file (``path`` None, or
    missing while banks are given: the guide the package carries), a guide of those banks."""
    settings = (load_settings(path) if path is not None and (path.is_file() or not banks)
                else Settings(banks=()))
    return replace(settings, banks=tuple(banks) or settings.banks, script=script or settings.script,
                   max_bank_size=max_bank_size or settings.max_bank_size)


def _site_url(value: object, path: Path) -> str | None:
    """The guide's public address, as MkDocs wants it: http(s), a host, ending in "/"."""
    return None if value is None else public_address(value, f"{path}: site_url")


# ASCII a URL may hold besides letters and digits, leaving out what could end an HTML attribute
# or start markup or an entity (" ' < > & `), spaces and what no address needs (\ ^ { | }).
_URL_ASCII = frozenset("-._~:/[]@!$()*+,;=%")


def public_address(value: object, where: str) -> str:
    """``value`` as a guide's public address: an absolute http(s) URL with a host (and a valid
    port), no query, fragment or character that HTML would read as markup; ending in "/".
    A :class:`ConfigError` at ``where`` otherwise."""
    if isinstance(value, str):
        refuse_control_characters(value, where, ConfigError)
        if _is_address(value):
            return value if value.endswith("/") else value + "/"
    raise ConfigError(where, "the guide's public address (http or https, a host, no query or fragment, "
                      "no spaces, quotes or <>&)", quote(repr(value)), "site_url: https://example.github.io/study-guide/")


def _is_address(value: str) -> bool:
    if any(c.isascii() and not c.isalnum() and c not in _URL_ASCII for c in value):
        return False
    try:  # an unclosed [ of an IPv6 host, a port out of range or not a number: ValueError
        parts = urlsplit(value)
        port_valid = parts.port is None or parts.port > 0
    except ValueError:
        return False
    return (parts.scheme in ("http", "https") and bool(parts.hostname) and port_valid
            and not parts.query and not parts.fragment and value.startswith(f"{parts.scheme}://"))
