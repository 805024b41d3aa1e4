"""Builds of the guide published under an address (``site_url``), for the publishing and
offline-app tests: the bundled bank, plus a bank whose first question is hostile markup."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.browser import CHROMIUM, CHROMIUM_ARGS
from tests.paths import BUNDLED, MARKUP_BANK, ROOT

SITE_URL = "https://guide.example.org/study/"
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
# Set once the service worker is active and the page is in its cache (offline-app.js).
READY = "window.studyGuide && studyGuide.offline && studyGuide.offline.timings.ready"
# The local server's address is the one host the browser may resolve.
LOCAL_ONLY = [arg + ", EXCLUDE 127.0.0.1" if arg.startswith("--host-resolver-rules") else arg for arg in CHROMIUM_ARGS]

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


def launch_local(playwright):
    """Debian's Chromium, headless, reaching only 127.0.0.1 (where the site is served)."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM}: expected Debian's Chromium (apt-get install chromium), found no such file")
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=LOCAL_ONLY)
