"""A built site served over http on this machine, so the offline app (service worker,
manifest) can be tried: browsers allow service workers on http only for localhost.

Plain static files, as any static host serves them; nothing is rebuilt while it runs.
"""
from __future__ import annotations

import functools
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import BinaryIO


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves the site's files with their types (a web app manifest included), without a log line per request."""

    extensions_map = {  # noqa: RUF012 (the base class declares it so)
        **SimpleHTTPRequestHandler.extensions_map, ".webmanifest": "application/manifest+json",
        ".js": "text/javascript", ".json": "application/json"}

    def send_head(self) -> BinaryIO | None:
        # The standard handler answers "304 Not Modified" whenever a file is no newer than the
        # browser's copy (to the second).  A build published over a newer one (a copy keeps the
        # files' times) or twice in one second then keeps the old sw.js: the browser never sees
        # the update.  Every file is sent whole instead; nothing here is large or far away.
        del self.headers["If-Modified-Since"]
        return super().send_head()

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # a rebuilt site is seen on the next request
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def site_server(folder: Path, host: str = "127.0.0.1", port: int = 8000,
                handler: type[SiteHandler] = SiteHandler) -> ThreadingHTTPServer:
    """An http server for ``folder`` (not yet serving: call ``serve_forever``); port 0 picks a free one."""
    return ThreadingHTTPServer((host, port), functools.partial(handler, directory=str(folder)))


def serve_in_background(folder: Path, host: str = "127.0.0.1", port: int = 0,
                        handler: type[SiteHandler] = SiteHandler) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``folder`` from a daemon thread with ``handler`` (a benchmark's may compress); the
    server (``shutdown()`` stops it) and its address."""
    server = site_server(folder, host, port, handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"
