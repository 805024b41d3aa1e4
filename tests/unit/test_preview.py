"""The local preview server (generator serve, the offline-app tests) serves what is in the folder now."""
from __future__ import annotations

import email.utils
import os
import urllib.request

from generator.site.preview import serve_in_background


def test_a_file_replaced_by_an_older_one_is_sent_again(tmp_path):
    sw = tmp_path / "sw.js"
    sw.write_text("new build", encoding="utf-8")
    os.utime(sw, (2_000_000_000, 2_000_000_000))
    server, address = serve_in_background(tmp_path)
    try:
        with urllib.request.urlopen(address + "sw.js") as response:
            last_modified = response.headers["Last-Modified"]
            assert response.headers["Cache-Control"] == "no-cache"
        # Published again from a build made earlier: copying keeps its older file time.
        sw.write_text("old build", encoding="utf-8")
        os.utime(sw, (1_000_000_000, 1_000_000_000))
        request = urllib.request.Request(address + "sw.js", headers={"If-Modified-Since": last_modified})
        with urllib.request.urlopen(request) as response:
            assert response.status == 200 and response.read() == b"old build"
        # Not a file time in the future either: the browser's copy says "newer", the file differs.
        future = email.utils.formatdate(3_000_000_000, usegmt=True)
        request = urllib.request.Request(address + "sw.js", headers={"If-Modified-Since": future})
        with urllib.request.urlopen(request) as response:
            assert response.status == 200 and response.read() == b"old build"
    finally:
        server.shutdown()
