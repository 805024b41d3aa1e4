"""The service worker's precache list made in Python, and Workbox's worker written once per options."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from generator.base.errors import GuideError
from generator.site.precache import precache_entries, write_worker


def _files(site: Path, files: dict[str, bytes]) -> None:
    for name, data in files.items():
        (site / name).parent.mkdir(parents=True, exist_ok=True)
        (site / name).write_bytes(data)


def test_the_precache_lists_what_workbox_globs_would_each_once_with_its_md5(tmp_path):
    _files(tmp_path, {"assets/a.js": b"a", "assets/b.12345678.min.js": b"b", "assets/a.js.map": b"m",
                      "assets/images/x/y.png": b"p", "assets/images/z.svg": b"s", "assets/images/w.gif": b"g",
                      "assets/.hidden.js": b"h", "index.html": b"<p>", "big.json": b"x" * 11})
    entries, warnings = precache_entries(
        tmp_path, ["assets/*.js", "assets/**/*.{png,svg}", "assets/a.js", "big.json", "nothing/*.css"],
        ["**/*.map"], r"\.[0-9a-f]{8}\.min\.js$", limit=10)
    assert [(e.url, e.revision) for e in entries] == [
        ("assets/a.js", hashlib.md5(b"a").hexdigest()), ("assets/b.12345678.min.js", None),
        ("assets/images/x/y.png", hashlib.md5(b"p").hexdigest()),
        ("assets/images/z.svg", hashlib.md5(b"s").hexdigest())]
    assert any("big.json is 11 B" in w for w in warnings)
    assert any("nothing/*.css" in w for w in warnings)


def _fake_workbox(calls: list[dict]):
    """Stands for generateSW: writes a worker with the precache and cache name it was given."""
    def run(root: Path, options: dict) -> None:
        calls.append(options)
        entries = ",".join(f'{{url:{json.dumps(e["url"])},revision:{json.dumps(e["revision"])}}}'
                           for e in options["additionalManifestEntries"])
        cache = json.dumps(options["runtimeCaching"][0]["options"]["cacheName"])
        out = Path(options["swDest"])
        out.parent.mkdir(parents=True)
        out.write_text(f'define(["./workbox-abc"],function(s){{s.precacheAndRoute([{entries}],{{}}),'
                       f's.registerRoute(/x/,new s.CacheFirst({{cacheName:{cache}}}))}});', encoding="utf-8")
        (out.parent / "workbox-abc.js").write_text("runtime", encoding="utf-8")
    return run


def _options(prefix: str = "study-guide") -> dict:
    return {"cacheId": prefix, "globPatterns": ["*.js"], "runtimeCaching": [{"urlPattern": "x", "options": {}}]}


def test_workbox_runs_once_per_options_and_each_build_gets_its_own_precache_and_cache(tmp_path):
    root, calls = tmp_path / "project", list[dict]()
    root.mkdir()
    run = _fake_workbox(calls)
    for n, cache in enumerate(("pages-1", "pages-2")):
        site = tmp_path / f"site{n}"
        _files(site, {"a.js": f"version {n}".encode()})
        entries, _ = precache_entries(site, ["*.js"], [], "^$", 1000)
        write_worker(site, root, _options(), entries, cache, run)
        worker = (site / "sw.js").read_text(encoding="utf-8")
        assert f'{{url:"a.js",revision:"{hashlib.md5(f"version {n}".encode()).hexdigest()}"}}' in worker
        assert f'cacheName:"{cache}"' in worker and "study-guide:" not in worker
        assert (site / "workbox-abc.js").read_text(encoding="utf-8") == "runtime"
    assert len(calls) == 1  # the second build reused the first one's worker
    write_worker(tmp_path / "site0", root, _options("other"), [], "pages-3", run)
    assert len(calls) == 2  # other options: Workbox again


def test_a_worker_without_the_markers_is_a_clear_error(tmp_path):
    def run(root: Path, options: dict) -> None:
        Path(options["swDest"]).parent.mkdir(parents=True)
        Path(options["swDest"]).write_text("precacheAndRoute(self.__WB_MANIFEST)", encoding="utf-8")
    (tmp_path / "site").mkdir()
    with pytest.raises(GuideError, match=r"generator/site/precache\.py"):
        write_worker(tmp_path / "site", tmp_path, _options(), [], "pages", run)
    assert not (tmp_path / "node_modules" / ".cache").exists() or not any(
        (tmp_path / "node_modules" / ".cache").rglob("sw.js"))
