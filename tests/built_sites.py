"""Sites that many tests only read, each built once per run: loaded by ``pytest_plugins``.

Under pytest-xdist each worker has its own session, so a session fixture alone would build
every site once per worker.  ``built_once`` builds a site in the run's shared temporary
folder instead: the first worker to ask builds it while the others wait on a lock, then all
of them read the same files.  A test that changes a site copies it first; never hand one of
these to a test that writes into it.
"""
from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from generator.base.errors import GuideError
from testing.browser import build_site
from tests.offline_site import build_published
from tests.paths import ROOT

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """The folder ``name``, filled by ``build(folder)`` the first time any worker of this run asks.

    A build that fails leaves no mark of being done, so the next test to ask tries again and
    fails with the build's own message, as a per-worker fixture would."""
    base = factory.getbasetemp()
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "built"
    shared.mkdir(exist_ok=True)
    folder, done = shared / name, shared / f"{name}.done"
    with open(shared / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed attempt left
            folder.mkdir()
            build(folder)
            done.touch()
    return folder


class Build(NamedTuple):
    site: Path
    log: str  # what the build wrote to stderr: MkDocs' log


def _mkdocs_build(folder: Path) -> None:
    site = folder / "site"
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                            cwd=ROOT, env=ENV, capture_output=True, text=True)
    if result.returncode != 0:
        pytest.fail(f"mkdocs build --strict of the bundled guide failed:\n{result.stderr[-3000:]}")
    (folder / "build.log").write_text(result.stderr, encoding="utf-8")


def _built(out: Path, script: str | None = None, banks: list[Path] | None = None) -> Path:
    """The bundled guide (or ``banks``) built into ``out``; a failed build fails the tests that
    need it, with its log."""
    try:
        return build_site(out, script, banks)
    except GuideError as error:
        pytest.fail(str(error))


@pytest.fixture(scope="session")
def guide_build(tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The bundled guide as ``mkdocs build --strict`` builds it from the checkout (Simplified), and its log."""
    folder = built_once(tmp_path_factory, "guide", _mkdocs_build)
    return Build(folder / "site", (folder / "build.log").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def guide_site(guide_build: Build) -> Path:
    """The bundled guide, built as configured (Simplified edition)."""
    return guide_build.site


@pytest.fixture(scope="session")
def hant_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled guide's Traditional edition."""
    return built_once(tmp_path_factory, "guide-hant", lambda folder: _built(folder / "site", script="hant")) / "site"


@pytest.fixture(scope="session")
def published_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled guide and a hostile bank, published under an address (tests/offline_site.py)."""
    return built_once(tmp_path_factory, "published", build_published) / "site"


def _picture_guide(folder: Path) -> None:
    from testing.picture_banks import markdown_bank, pdf_bank, word_bank, workbook

    banks = [markdown_bank(folder / "signs"), word_bank(folder / "shapes"), workbook(folder / "colours"),
             pdf_bank(folder / "figures")]
    _built(folder / "site", banks=banks)


@pytest.fixture(scope="session")
def picture_guide(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A guide of four banks with pictures (testing/picture_banks.py: Markdown ``signs``, Word
    ``shapes``, Excel ``colours``, PDF ``figures``), built by ``mkdocs build --strict``; its folder holds the
    banks and ``site``."""
    return built_once(tmp_path_factory, "pictures", _picture_guide)
