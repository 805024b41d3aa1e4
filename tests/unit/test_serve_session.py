"""``mkdocs serve``'s downloads: written into the site once made, while the browsers reload,
and always before the next build empties the site's folder."""
from __future__ import annotations

import logging
import threading

import pytest

from generator.base.errors import GuideError
from generator.site.serve_session import ServeSession

CSV = ("downloads/bank.csv", "題號,題幹\r\n".encode())


@pytest.fixture
def session():
    made = ServeSession(jobs=None)  # no job process: the downloads are given here
    yield made
    made.close()


def test_the_build_goes_on_and_the_next_one_waits_for_the_downloads(session, tmp_path):
    ready = threading.Event()

    def downloads():
        ready.wait(10)
        return [CSV]

    session.write_downloads_later(tmp_path, downloads)
    assert not (tmp_path / "downloads").exists()  # the build has ended, the browsers reload
    ready.set()
    session.start_build()  # MkDocs empties the site next: the downloads are written first
    assert (tmp_path / CSV[0]).read_bytes() == CSV[1]


def test_downloads_that_fail_are_said_with_where_and_what(session, tmp_path, caplog):
    def downloads():
        raise GuideError("bank.txt: q3", "an answer the deck can show", "none")

    with caplog.at_level(logging.ERROR):
        session.write_downloads_later(tmp_path, downloads)
        session.close()
    assert "bank.txt: q3: expected an answer the deck can show, found none" in caplog.text
    assert not (tmp_path / "downloads").exists()
