"""The banks, glossary and settings under ``mkdocs serve``: an edit asks the server for its
rebuild through a polling observer of their own that looks twenty times a second, and
MkDocs' own half-second observer does not watch them as well (one edit, one rebuild); a path
with no file (a guide without a settings file) is left out, as no observer could start on it."""
from __future__ import annotations

import time

from mkdocs.livereload import LiveReloadServer

from generator.site.quick_watch import INTERVAL, watch_quickly


def _server(tmp_path) -> LiveReloadServer:
    return LiveReloadServer(builder=lambda: None, host="127.0.0.1", port=0, root=str(tmp_path))


def _rebuild_asked(server: LiveReloadServer, within: float = 10.0) -> bool:
    """Whether the server is asked to rebuild (its build loop waits on this condition)."""
    with server._rebuild_cond:
        return server._rebuild_cond.wait_for(lambda: server._want_rebuild, timeout=within)


def test_an_edited_bank_asks_the_server_for_a_rebuild(tmp_path):
    bank, glossary = tmp_path / "bank.txt", tmp_path / "glossary.yml"
    bank.write_text("1. 甲\n", encoding="utf-8")
    glossary.write_text("terms: []\n", encoding="utf-8")
    server = _server(tmp_path)
    observer = watch_quickly(server, [bank, glossary, bank, tmp_path / "no-settings.yml"])
    try:
        assert sorted(e.watch.raw_path for e in observer.emitters) == sorted([str(bank), str(glossary)])
        assert all(e.timeout == INTERVAL for e in observer.emitters)
        assert not server.observer.emitters  # MkDocs' own observer leaves them to this one
        time.sleep(2 * INTERVAL)  # a first look taken
        assert not server._want_rebuild
        bank.write_text("1. 乙\n", encoding="utf-8")
        assert _rebuild_asked(server)
    finally:
        observer.stop()
        observer.join()
    assert not observer.is_alive()


def test_a_bank_saved_by_replacing_it_is_still_watched(tmp_path):
    """Editors save into a new file and rename it over the old one."""
    bank = tmp_path / "bank.txt"
    bank.write_text("1. 甲\n", encoding="utf-8")
    server = _server(tmp_path)
    observer = watch_quickly(server, [bank])
    try:
        time.sleep(2 * INTERVAL)
        for text in ("1. 乙\n", "1. 丙\n"):
            new = tmp_path / "bank.txt.new"
            new.write_text(text, encoding="utf-8")
            new.replace(bank)
            assert _rebuild_asked(server)
            server._want_rebuild = False  # the server's build loop does this as its build starts
    finally:
        observer.stop()
        observer.join()
