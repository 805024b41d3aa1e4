"""Where the guide's npm packages are (KaTeX, iframe-worker, ts-fsrs, workbox-build): the
``node_modules`` of a checkout after ``npm ci``, or, for an installed ``study-guide``, a
cache folder installed from the lock file the package carries, once per lock.

Third-party code is never committed nor copied into the package: npm installs it from the
registry, at the versions package-lock.json pins.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

from .cache import cache_home
from .errors import ConfigError

MANIFESTS = ("package.json", "package-lock.json")


def npm_root(project: Path) -> Path:
    """The folder whose ``node_modules`` holds the packages ``project``'s lock file pins:
    ``project`` itself once ``npm ci`` has run there, else a cache folder, installed now
    if need be (``$STUDY_GUIDE_CACHE``, by default ``~/.cache/study-guide``)."""
    project = (project / "package-lock.json").resolve().parent  # the bundled guide's lock is the checkout's
    if _installed(project):
        return project
    root = cached_root(project)
    if not _installed(root):
        _install(project, root)
    return root


def cached_root(project: Path) -> Path:
    """The cache folder for the packages ``project``'s lock file pins: one per lock."""
    lock = (project / "package-lock.json").read_bytes()
    return cache_home() / f"npm-{hashlib.sha256(lock).hexdigest()[:16]}"


def _installed(root: Path) -> bool:
    return (root / "node_modules" / ".package-lock.json").is_file()


def npm_modules() -> Path:
    """:func:`npm_root` of the guide this package carries (a checkout's own, when run from one)."""
    from .project import bundled_project

    return npm_root(bundled_project().root)


def _install(project: Path, root: Path) -> None:
    """``npm ci`` into a fresh folder beside ``root``, renamed to it when complete, so a
    failed or interrupted install never leaves a half-filled cache.  Without the development
    packages (the linters, the type checker, axe-core): a build needs none of them."""
    npm = shutil.which("npm")
    if npm is None:
        raise ConfigError("npm", "Node.js and npm on the PATH, to install KaTeX and the guide's other npm packages",
                          "no `npm` command", "apt-get install nodejs npm")
    root.parent.mkdir(parents=True, exist_ok=True)
    work = root.with_name(f"{root.name}.{os.getpid()}.partial")
    shutil.rmtree(work, ignore_errors=True)  # our own leftover of an earlier interrupted install
    work.mkdir()
    for name in MANIFESTS:
        shutil.copyfile(project / name, work / name)
    result = subprocess.run([npm, "ci", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], cwd=work,
                            capture_output=True, text=True)
    if result.returncode != 0:
        shutil.rmtree(work, ignore_errors=True)
        found = (result.stderr.strip().splitlines() or [f"exit status {result.returncode}"])[-1]
        raise ConfigError(str(project / "package-lock.json"), "the npm packages it pins, installed by `npm ci`",
                          found, "check the network to the npm registry, then build again")
    try:
        work.rename(root)
    except OSError:  # another build installed it meanwhile
        shutil.rmtree(work, ignore_errors=True)
