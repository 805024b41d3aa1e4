"""ts-fsrs, the open-spaced-repetition project's FSRS scheduler, served by the site as a script.

Installed from the npm registry (pinned in package.json, ``npm ci``), never committed.  Its
browser build (UMD) would publish a global ``FSRS``; the site serves it wrapped so that it
exports to ``studyGuide.FSRS`` instead, the one global the guide's scripts use
(review-fsrs.js schedules with it).  Read from node_modules at build, like KaTeX's assets.
"""
from __future__ import annotations

import json
from pathlib import Path

from ..base.errors import ConfigError

FSRS_PACKAGE = Path("node_modules/ts-fsrs")
FSRS_UMD = FSRS_PACKAGE / "dist" / "index.umd.js"
FSRS_JS = "assets/javascripts/ts-fsrs.js"  # beside the guide's scripts: precached with them (pwa.py)


def fsrs_script(root: Path) -> str:
    """The browser build of ts-fsrs under ``root``, exporting to ``studyGuide.FSRS``."""
    umd, manifest = root / FSRS_UMD, root / FSRS_PACKAGE / "package.json"
    if not umd.is_file() or not manifest.is_file():
        raise ConfigError(str(umd), "ts-fsrs's browser build, installed by `npm ci`", "no such file",
                          "npm ci (see package.json)")
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version", "?")
    return (f"/* ts-fsrs {version} (MIT, github.com/open-spaced-repetition/ts-fsrs), copied from node_modules at "
            "build; exported to studyGuide.FSRS instead of a global. */\n"
            "(function () {\nvar module = { exports: {} }, exports = module.exports;\n"
            + umd.read_text(encoding="utf-8")
            + "\n(globalThis.studyGuide = globalThis.studyGuide || {}).FSRS = module.exports;\n})();\n")
