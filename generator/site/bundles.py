"""The guide's browser scripts, bundled by esbuild at every build: one script per page kind.

The sources are ES modules in the theme's ``src/`` folder (``overrides/src``); each module of
its ``bundles/`` folder is an entry point whose imports esbuild follows (ts-fsrs included, from
node_modules), served as ``assets/javascripts/<name>.js`` (overrides/main.html says which page
loads which).  esbuild takes milliseconds, so every build and each ``mkdocs serve`` rebuild
bundles afresh: a bundle is never older than its sources, and never committed.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..base.errors import ConfigError, GuideError

ESBUILD = Path("node_modules/.bin/esbuild")
SOURCES = "src"  # in the theme's custom_dir
ENTRIES = "bundles"  # in the sources: one entry point, one bundle each
SCRIPTS = "assets/javascripts"  # where the site serves them, beside Material's
OPTIONS = ("--bundle", "--format=iife", "--target=es2020", "--minify", "--log-level=warning")


@dataclass(frozen=True)
class Bundles:
    scripts: dict[str, str]  # site path -> text
    warnings: str  # what esbuild warned about, "" when nothing


def bundle_scripts(sources: Path, root: Path) -> Bundles:
    """Every entry point under ``sources`` bundled with the esbuild installed in ``root``,
    whose node_modules also resolve the scripts' imports (ts-fsrs): an installed guide's
    sources and its npm packages are in different folders (generator.base.npm)."""
    esbuild = root / ESBUILD
    if not esbuild.is_file():
        raise ConfigError(str(esbuild), "esbuild, installed by `npm ci`", "no such file", "npm ci (see package.json)")
    entries = sorted((sources / ENTRIES).glob("*.js"))
    if not entries:
        raise ConfigError(str(sources / ENTRIES), "the entry points of the guide's scripts (*.js)", "none")
    if shutil.which("node") is None:
        raise ConfigError("node", "Node.js on the PATH, to bundle the guide's scripts with esbuild",
                          "no `node` command", "apt-get install nodejs npm && npm ci")
    with tempfile.TemporaryDirectory(prefix="study-guide-scripts-") as out:
        result = subprocess.run([str(esbuild), *map(str, entries), *OPTIONS, f"--outdir={out}"], cwd=root,
                                capture_output=True, text=True,
                                env={**os.environ, "NODE_PATH": str(root / "node_modules")})
        if result.returncode != 0:
            raise GuideError(str(sources), "scripts esbuild can bundle", result.stderr.strip() or
                             f"exit status {result.returncode}", "npx tsc --noEmit && npx eslint (make typecheck lint)")
        scripts = {f"{SCRIPTS}/{path.name}": path.read_text(encoding="utf-8")
                   for path in sorted(Path(out).glob("*.js"))}
    return Bundles(scripts, result.stderr.strip())
