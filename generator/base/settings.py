"""The guide's own settings, read from ``site_config/guide.yml``.

    banks:                       # bank files, relative to the repository root
      - content/banks/ai-trainer/bank.txt
    script: hans                 # original | hans | hant (edition's script)
    glossary: site_config/glossary.yml   # optional; by default glossary.yml beside this file
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ConfigError
from .yaml_file import load_yaml

# The scripts an edition can be in: the bank as written, Simplified, Traditional.
ORIGINAL, HANS, HANT = "original", "hans", "hant"
SCRIPTS = (ORIGINAL, HANS, HANT)


@dataclass(frozen=True)
class Settings:
    banks: tuple[Path, ...]
    script: str = "original"
    root: Path = Path(".")
    glossary: Path | None = None  # the glossary file, if the guide has one


def load_settings(path: Path) -> Settings:
    """Read and check the settings file; bank paths are resolved against its repository."""
    root = path.resolve().parent.parent
    raw = load_yaml(path, ConfigError, "settings") or {}
    if not isinstance(raw, dict):
        raise ConfigError(str(path), "a mapping with 'banks' and 'script'", type(raw).__name__, "banks: [content/banks/x/bank.txt]")
    unknown = set(raw) - {"banks", "script", "glossary"}
    if unknown:
        raise ConfigError(str(path), "only the keys 'banks', 'script' and 'glossary'", ", ".join(sorted(unknown)))
    banks = raw.get("banks")
    if not isinstance(banks, list) or not banks or not all(isinstance(b, str) for b in banks):
        raise ConfigError(f"{path}: banks", "a non-empty list of bank file paths", repr(banks),
                          "banks: [content/banks/ai-trainer/bank.txt]")
    script = raw.get("script", "original")
    if script not in SCRIPTS:
        raise ConfigError(f"{path}: script", "one of " + ", ".join(SCRIPTS), repr(script))
    glossary = raw.get("glossary")
    if glossary is not None and not isinstance(glossary, str):
        raise ConfigError(f"{path}: glossary", "the path of a glossary file", repr(glossary))
    glossary_path = root / glossary if glossary else path.with_name("glossary.yml")
    if glossary and not glossary_path.is_file():
        raise ConfigError(f"{path}: glossary", "an existing file", f"no file at {glossary_path}")
    return Settings(tuple(root / b for b in banks), script, root,
                    glossary_path if glossary_path.is_file() else None)
