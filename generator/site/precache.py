"""The service worker's precache list, made here, and the worker Workbox writes, made once.

Workbox's ``generateSW`` bundles its runtime with Rollup, Babel and Terser on every call:
6 s of CPU for a 26-question guide, the largest fixed cost of a build.  What it writes
depends on its options only, apart from two values: the precache list (each file with the
MD5 of its content, as Workbox revisions it) and the name of the pages' cache, which
changes with every build.  So Workbox runs once per set of options and Workbox version,
with a marker in place of each value (:func:`write_worker`, kept in
``node_modules/.cache``), and each build puts its own values where the markers are.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..base.errors import GuideError

_MARK_URL, _MARK_REVISION, _MARK_CACHE = "study-guide:precache", "0", "study-guide:pages-cache"
_BRACES = re.compile(r"\{([^{}]*)\}")


class WorkerTemplateError(GuideError):
    """Workbox wrote a service worker without the markers this module replaces."""


@dataclass(frozen=True)
class Entry:
    url: str
    revision: str | None  # None: the file's name carries its version (``dontCacheBustURLsMatching``)
    size: int


def precache_entries(site: Path, patterns: list[str], ignores: list[str], no_revision: str,
                     limit: int, known: Mapping[str, str] | None = None) -> tuple[list[Entry], list[str]]:
    """The files of ``site`` Workbox's ``globPatterns`` would precache (without ``globIgnores``;
    files over ``limit`` bytes are left out with a warning), each once, in pattern order, and
    a warning for each pattern that matches nothing, as ``generateSW`` gives them.  ``known``
    holds the MD5 of files the caller wrote (URL -> hex digest), which are not read again."""
    known = known or {}
    ignored = [_pattern(p) for p in ignores]
    files = [f for f in sorted(_site_files(site)) if not any(i.fullmatch(f) for i in ignored)]
    unversioned = re.compile(no_revision)
    entries: list[Entry] = []
    warnings: list[str] = []
    seen: set[str] = set()
    for pattern in patterns:
        regex = _pattern(pattern)
        matched = [f for f in files if regex.fullmatch(f)]
        if not matched:
            warnings.append(f"One of the glob patterns doesn't match any files: {pattern}")
        for url in matched:
            if url in seen:
                continue
            seen.add(url)
            path = os.path.join(site, url)  # not pathlib: thousands of files, a tenth of a second
            size = os.stat(path).st_size
            if size > limit:
                warnings.append(f"{url} is {size} B, and won't be precached (limit {limit} B).")
                continue
            revision = None if unversioned.search(url) else known.get(url) or _md5(path)
            entries.append(Entry(url, revision, size))
    return entries, warnings


def _md5(path: str) -> str:
    with open(path, "rb") as file:
        return hashlib.md5(file.read()).hexdigest()


def _site_files(site: Path) -> Iterator[str]:
    """Every file under ``site`` as a relative URL, not those in or named with a leading dot
    (as Workbox's glob), symbolic links followed."""
    for folder, dirs, names in os.walk(site, followlinks=True):
        dirs[:] = [d for d in dirs if not d.startswith(".")]
        base = Path(folder).relative_to(site).as_posix()
        for name in names:
            if not name.startswith("."):
                yield name if base == "." else f"{base}/{name}"


def _pattern(glob: str) -> re.Pattern[str]:
    """A glob (``*``, ``**/``, ``{a,b}``) as a regular expression over relative paths."""
    parts = re.split(r"(\*\*/|\*|\{[^{}]*\})", glob)
    out = []
    for part in parts:
        if part == "**/":
            out.append(r"(?:[^/.][^/]*/)*")
        elif part == "*":
            out.append(r"[^/]*")
        elif part and _BRACES.fullmatch(part):
            out.append("(?:" + "|".join(re.escape(a) for a in part[1:-1].split(",")) + ")")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))


def manifest_literal(entries: list[Entry]) -> str:
    """The precache list as the JavaScript array literal Workbox writes."""
    return "[" + ",".join(f"{{url:{json.dumps(e.url)},revision:{json.dumps(e.revision)}}}" for e in entries) + "]"


_MARKED_MANIFEST = manifest_literal([Entry(_MARK_URL, _MARK_REVISION, 0)])


def write_worker(site: Path, root: Path, options: dict[str, Any], entries: list[Entry], pages_cache: str,
                 run: Callable[[Path, dict[str, Any]], object]) -> None:
    """``sw.js`` and Workbox's runtime into ``site``: Workbox's worker for ``options`` with
    ``entries`` precached and the pages kept in ``pages_cache``.  That worker is written by
    ``run`` (generator.site.pwa.run_workbox) with markers for both, the first time, then
    kept under ``root``'s ``node_modules/.cache``, by a hash of the options and Workbox's version."""
    marked = {key: value for key, value in options.items() if key not in ("globDirectory", "globPatterns", "swDest")}
    marked["additionalManifestEntries"] = [{"url": _MARK_URL, "revision": _MARK_REVISION}]
    marked["runtimeCaching"] = [{**rule, "options": {**rule.get("options", {}), "cacheName": _MARK_CACHE}}
                                for rule in options.get("runtimeCaching", [])]
    workbox = root / "node_modules" / "workbox-build" / "package.json"
    version = workbox.read_bytes() if workbox.is_file() else b""
    key = hashlib.sha256(json.dumps(marked, sort_keys=True).encode() + version).hexdigest()[:16]
    cache = root / "node_modules" / ".cache" / "study-guide-workbox" / key
    if (cache / "sw.js").is_file():
        _fill(cache, site, entries, pages_cache)
        return
    made = Path(tempfile.mkdtemp(prefix="study-guide-workbox-"))
    try:
        (made / "empty").mkdir()
        run(root, {**marked, "globDirectory": str(made / "empty"), "globPatterns": [],
                   "swDest": str(made / "worker" / "sw.js")})
        worker = (made / "worker" / "sw.js").read_text(encoding="utf-8")
        for wanted in (_MARKED_MANIFEST, json.dumps(_MARK_CACHE)):
            if wanted not in worker:
                raise WorkerTemplateError(str(made / "worker" / "sw.js"), f"Workbox's service worker with {wanted}",
                                          "a worker without it (a Workbox release that writes it otherwise)",
                                          "update generator/site/precache.py")
        _fill(made / "worker", site, entries, pages_cache)
        try:  # whole or not at all; a concurrent build's copy is as good as this one
            cache.parent.mkdir(parents=True, exist_ok=True)
            os.replace(made / "worker", cache)
        except OSError:
            pass  # a read-only node_modules: the next build runs Workbox again
    finally:
        shutil.rmtree(made, ignore_errors=True)


def _fill(template: Path, site: Path, entries: list[Entry], pages_cache: str) -> None:
    worker = (template / "sw.js").read_text(encoding="utf-8")
    worker = worker.replace(_MARKED_MANIFEST, manifest_literal(entries)).replace(json.dumps(_MARK_CACHE),
                                                                                json.dumps(pages_cache))
    for runtime in sorted(template.glob("workbox-*.js")):
        shutil.copyfile(runtime, site / runtime.name)
    (site / "sw.js").write_text(worker, encoding="utf-8")
