"""A serve session's question scripts: written once into the session's folder, linked into
each build's site (a symbolic link to each folder of them, else a link or a copy of each file),
written again only when what they are made from changes."""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from functools import partial
from pathlib import Path

import pytest
from mkdocs.utils import clean_directory

from generator.site.kept_files import FOLDER_PREFIX, MARK, KeptFiles


@pytest.fixture
def kept():
    files = KeptFiles()
    yield files
    files.close()


def _build(kept: KeptFiles, site, sources: dict[str, str]) -> None:
    kept.start_build()
    site.mkdir(exist_ok=True)
    for path, source in sources.items():
        kept.place(site, path, source, partial(str.format, "text of {}", source))
    kept.prune()


def _site_files(site) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in (site / "q").iterdir()}


def test_a_file_is_written_once_and_linked_into_every_build(kept, tmp_path):
    _build(kept, tmp_path / "one", {"q/a.js": "a", "q/b.js": "b"})
    assert kept.written == 2
    _build(kept, tmp_path / "two", {"q/a.js": "a", "q/b.js": "b"})
    assert kept.written == 0
    assert (tmp_path / "two" / "q" / "a.js").read_text(encoding="utf-8") == "text of a"
    assert os.path.samefile(tmp_path / "two" / "q" / "a.js", kept.folder / "q" / "a.js")


def test_a_changed_source_is_written_again(kept, tmp_path):
    _build(kept, tmp_path / "one", {"q/a.js": "a", "q/b.js": "b"})
    _build(kept, tmp_path / "two", {"q/a.js": "a2", "q/b.js": "b"})
    assert kept.written == 1
    assert _site_files(tmp_path / "two") == {"a.js": "text of a2", "b.js": "text of b"}


def test_a_file_the_build_does_not_place_leaves_the_site_at_its_end(kept, tmp_path):
    _build(kept, tmp_path / "one", {"q/a.js": "a", "q/b.js": "b"})
    _build(kept, tmp_path / "two", {"q/a.js": "a"})
    assert sorted(p.name for p in (kept.folder / "q").iterdir()) == ["a.js"]
    assert _site_files(tmp_path / "two") == {"a.js": "text of a"}  # as a fresh build writes it


def test_the_site_links_the_folder_and_emptying_the_site_leaves_the_kept_files(kept, tmp_path):
    site, files = tmp_path / "site", {"practice/q/a.js": "a", "practice/q/b.js": "b"}  # as the site nests them
    _build(kept, site, files)
    assert (site / "practice" / "q").is_symlink()
    clean_directory(str(site))  # what MkDocs does before each build of a serve session
    assert not (site / "practice").exists() and (kept.folder / "practice" / "q" / "a.js").is_file()
    _build(kept, site, files)
    assert kept.written == 0 and _site_files(site / "practice") == {"a.js": "text of a", "b.js": "text of b"}
    _build(kept, site, {"practice/q/a.js": "a3"})  # a site not emptied (`mkdocs serve --dirty`): its link serves
    assert _site_files(site / "practice") == {"a.js": "text of a3"}


def _refuse(*args, **kwargs):
    raise OSError(1, "Operation not permitted")


def test_without_symbolic_links_each_file_is_linked(kept, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "symlink", _refuse)
    _build(kept, tmp_path / "one", {"q/a.js": "a"})
    linked = tmp_path / "one" / "q" / "a.js"
    assert not linked.parent.is_symlink() and os.path.samefile(linked, kept.folder / "q" / "a.js")


def test_without_any_links_the_file_is_copied(kept, tmp_path, monkeypatch):
    monkeypatch.setattr(os, "symlink", _refuse)
    monkeypatch.setattr(os, "link", _refuse)
    _build(kept, tmp_path / "one", {"q/a.js": "a"})
    copied = tmp_path / "one" / "q" / "a.js"
    assert copied.read_text(encoding="utf-8") == "text of a"
    assert not os.path.samefile(copied, kept.folder / "q" / "a.js")


def test_closing_removes_the_session_folder(tmp_path):
    kept = KeptFiles()
    _build(kept, tmp_path / "one", {"q/a.js": "a"})
    kept.close()
    assert not kept.folder.exists()


def _ended_pid() -> int:
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(ended.stdout)


def _session_folder(temporary, name: str, mark: str | None) -> Path:
    folder = temporary / f"{FOLDER_PREFIX}{name}"
    folder.mkdir()
    (folder / "q.js").write_text("x", encoding="utf-8")
    if mark is not None:
        (folder / MARK).write_text(mark, encoding="utf-8")
    return folder


def test_a_new_session_removes_what_killed_sessions_left_and_nothing_else(tmp_path, monkeypatch):
    dead, alive = _ended_pid(), os.getpid()
    left = _session_folder(tmp_path, f"{dead}-a", str(dead))  # a session killed before it could clean up
    running = _session_folder(tmp_path, f"{alive}-b", str(alive))
    unmarked = _session_folder(tmp_path, f"{dead}-c", None)  # not this module's
    mismatched = _session_folder(tmp_path, f"{dead}-d", str(alive))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    kept = KeptFiles()
    try:
        assert not left.exists()
        assert running.is_dir() and unmarked.is_dir() and mismatched.is_dir()
        assert kept.folder.parent == tmp_path and (kept.folder / MARK).read_text(encoding="utf-8") == str(alive)
    finally:
        kept.close()
