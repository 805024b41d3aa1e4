"""Builds of the guide published under an address (``site_url``), for the publishing and
offline-app tests: the bundled bank, plus a bank whose first question is hostile markup."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import BUNDLED, MARKUP_BANK, ROOT

SITE_URL = "https://guide.example.org/study/"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

_BUILD = """
import sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config
config = load_config(sys.argv[1], site_dir=sys.argv[2])
config.plugins["study-guide"].config.settings = sys.argv[3]
build(config)
"""


def build_published(folder: Path, script: str = "hans") -> Path:
    """Build the bundled guide and a hostile bank with ``site_url`` set, into ``folder/site``."""
    hostile = folder / "banks" / "hostile" / "bank.txt"
    hostile.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(MARKUP_BANK, hostile)
    settings = folder / "site_config" / "guide.yml"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(f"banks: [{BUNDLED}, {hostile}]\nscript: {script}\nsite_url: {SITE_URL}\n"
                        f"glossary: {ROOT / 'site_config' / 'glossary.yml'}\n", encoding="utf-8")
    out = folder / "site"
    result = subprocess.run([sys.executable, "-c", _BUILD, str(ROOT / "mkdocs.yml"), str(out), str(settings)],
                            cwd=ROOT, env=ENV, capture_output=True, text=True)
    if result.returncode != 0 or "WARNING" in result.stderr:
        pytest.fail(f"building the guide into {out} failed:\n{result.stderr[-3000:]}")
    return out

