"""The guide as an installable web app that reads offline over http(s).

After MkDocs has written the site, :func:`write_offline_app` adds

- ``manifest.webmanifest``: name, short name, theme colour, start page, and icons made
  from one source image (``site_config/icon.png``) with Pillow;
- ``offline.json``: the build's version, every page with its size (for "download all"),
  and the interface strings of overrides/src/offline/app.js;
- ``sw.js``: a service worker written by Workbox's ``generateSW`` (npm ``workbox-build``,
  run with Node.js, once per set of options: generator.site.precache).  It precaches the
  shell (Material's bundle and styles, the guide's scripts, the search worker and index,
  KaTeX's styles and fonts) and caches each page as it is visited, in a cache named after the
  build, so a new build never mixes with an old.

Under ``file://`` none of this is used: the offline app (overrides/src/offline/app.js) registers
the worker only over http(s).
"""
from __future__ import annotations

import hashlib
import io
import json
import logging
import re
import shutil
import subprocess
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..base.errors import GuideError
from ..pages.paths import PICTURES_DIR, PRACTICE_DIR
from ..pages.script import convert_text
from ..search.prebuilt import PREBUILT_SCRIPT
from .material import PRIMARY_COLOUR_RULE
from .precache import precache_entries, write_worker

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

log = logging.getLogger(__name__)

SERVICE_WORKER = "sw.js"
WEB_MANIFEST = "manifest.webmanifest"
OFFLINE_INDEX = "offline.json"
ICON_SOURCE = Path("site_config/icon.png")  # relative to the guide project
ICONS = "assets/images/icons"
ICON_SIZES = (192, 512)
APPLE_TOUCH_SIZE = 180
# Page caches are named after the build; the offline app removes the other builds' ones.
PAGES_CACHE_PREFIX = "study-guide-pages-"
# Material's default primary colour (indigo), where the palette names none.
DEFAULT_THEME_COLOUR = "#4051b5"

# What the service worker holds from its installation on, relative to the site.  Lunr's
# language files are added for the search index's languages.  Practice data goes here too.
PRECACHED = (
    "assets/javascripts/*.js",  # Material's bundle, the guide's scripts
    "assets/javascripts/iframe-worker/*.js",  # a polyfill every page loads
    "assets/javascripts/workers/search.*.min.js",  # Material's search worker
    "assets/javascripts/workers/search-source.js",  # the guide's search workers (search/offline-search.js)
    "assets/stylesheets/*.css",
    "assets/images/**/*.{png,svg,ico,webp}",
    "assets/katex/*.css",
    "assets/katex/fonts/*.woff2",  # browsers that read KaTeX's CSS take woff2
    f"{PRACTICE_DIR}/**/*.js",  # practice data: each bank's index, chapters and questions (generator.practice.data)
    "search/search_index.{json,js}",  # Material's worker reads the JSON, the guide's the script
    PREBUILT_SCRIPT.as_posix(),  # Lunr's index made by the build, where it made one (generator.search.prebuilt)
    WEB_MANIFEST,
    OFFLINE_INDEX,
)
LUNR = "assets/javascripts/lunr/min/lunr.{}.min.js"
LUNR_ALWAYS = ("stemmer.support", "multi")
# Pages: every .html, and a folder's address (its index.html on a static host).  A request's
# URL keeps its fragment (search results link "chapter-4.html?h=量化#q19").
PAGE_URL = r"(?:\.html|/)(?:\?[^#]*)?(?:#.*)?$"

# The interface strings of the offline app, in Traditional script like generator.pages.strings.
STRINGS = {
    "download": "離線下載全部章節",
    "downloading": "正在下載 {done}/{total}",
    "downloaded": "全部章節已可離線閱讀",
    "failed": "下載中斷，請連網後重試",
    "update": "有新版本",
    "reload": "重新載入",
}

# Runs workbox-build's generateSW with the options on stdin; prints what it precached.
_WORKBOX = """
const {generateSW} = require("workbox-build");
let input = "";
process.stdin.on("data", (chunk) => { input += chunk; }).on("end", () => {
  const options = JSON.parse(input);
  // Regular expressions travel as their source.
  for (const rule of options.runtimeCaching) rule.urlPattern = new RegExp(rule.urlPattern);
  options.dontCacheBustURLsMatching = new RegExp(options.dontCacheBustURLsMatching);
  generateSW(options).then(({count, size, warnings}) => console.log(JSON.stringify({count, size, warnings})),
                           (error) => { console.error(error.message); process.exit(1); });
});
"""


class OfflineAppError(GuideError):
    """The manifest, icons or service worker could not be made."""


@dataclass(frozen=True)
class App:
    """What the web app manifest says about the guide."""

    name: str
    short_name: str
    description: str
    lang: str  # the interface language, e.g. zh or zh-Hant
    theme_colour: str
    interface: str  # the interface's script (generator.pages.script), for the offline app's strings


@dataclass(frozen=True)
class Precache:
    """What ``generateSW`` put in the service worker's precache."""

    count: int
    bytes: int
    warnings: tuple[str, ...]


def write_offline_app(site: Path, root: Path, modules: Path, config: MkDocsConfig, interface: str,
                      known: Mapping[str, str] | None = None) -> Precache:
    """Add the manifest, icons, ``offline.json`` and the service worker to the built ``site``.

    ``root`` is the guide project (the icon's source), ``modules`` the folder of its
    node_modules (generator.base.npm); ``config`` MkDocs' configuration; ``known`` the MD5 of
    files whose content the caller knows (site path -> hex digest), not read again.
    """
    app = app_from_config(config, interface, site)
    icons = write_icons(root / ICON_SOURCE, site, app.theme_colour)
    (site / WEB_MANIFEST).write_text(json.dumps(web_manifest(app, icons), ensure_ascii=False, indent=1),
                                     encoding="utf-8")
    index = offline_index(site, app)
    (site / OFFLINE_INDEX).write_text(json.dumps(index, ensure_ascii=False), encoding="utf-8")
    precache = write_service_worker(site, modules, index["cache"], known)
    for warning in precache.warnings:  # e.g. a file over the size limit, left out of the precache
        log.warning("service worker (workbox-build): %s", warning)
    return precache


def write_service_worker(site: Path, root: Path, pages_cache: str, known: Mapping[str, str] | None = None) -> Precache:
    """``sw.js`` for the built ``site``, its pages kept in ``pages_cache``: the precache listed
    here, the worker Workbox wrote for these options once (generator.site.precache)."""
    options = workbox_options(site, search_languages(site), pages_cache)
    entries, warnings = precache_entries(site, options["globPatterns"], options["globIgnores"],
                                         options["dontCacheBustURLsMatching"], options["maximumFileSizeToCacheInBytes"],
                                         known)
    write_worker(site, root, options, entries, pages_cache, run_workbox)
    return Precache(len(entries), sum(e.size for e in entries), tuple(warnings))


def app_from_config(config: MkDocsConfig, interface: str, site: Path) -> App:
    """The app's name, language and colour from MkDocs' configuration (already in the guide's script)."""
    name = config["site_name"]
    palette = config["theme"].get("palette") or {}
    first = palette[0] if isinstance(palette, list) and palette else palette
    primary = first.get("primary", "indigo") if isinstance(first, dict) else "indigo"
    return App(name, short_name(name), config.get("site_description") or name,
               config["theme"].get("language") or "zh", theme_colour(site, primary), interface)


def short_name(name: str, limit: int = 12) -> str:
    """A home-screen label: the name, or its first word when the name is longer than ``limit``."""
    if len(name) <= limit:
        return name
    return name.split()[0][:limit]


def theme_colour(site: Path, primary: str) -> str:
    """The colour Material gives the palette's primary name, read from its stylesheet in the site."""
    if primary.startswith("#"):
        return primary
    pattern = re.compile(PRIMARY_COLOUR_RULE.format(name=re.escape(primary.replace(" ", "-"))))
    for sheet in sorted((site / "assets" / "stylesheets").glob("palette.*.css")):
        found = pattern.search(sheet.read_text(encoding="utf-8"))
        if found:
            return found.group(1)
    log.warning(
        "theme colour: Material's palette stylesheet no longer defines the primary colour %r the way "
        "generator/site/material.py reads it; the web app manifest uses %s", primary, DEFAULT_THEME_COLOUR)
    return DEFAULT_THEME_COLOUR


def write_icons(source: Path, site: Path, background: str) -> list[dict[str, Any]]:
    """The app's icons, made from one square image: the manifest's entries (``any`` and ``maskable``)."""
    try:
        image = source.read_bytes()
    except OSError as error:
        raise OfflineAppError(str(source), "a square PNG image, at least 512 pixels wide, for the app's icons",
                              error.strerror or str(error)) from None
    folder = site / ICONS
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in _icons(image, str(source), background):
        (folder / name).write_bytes(data)
    size = max(ICON_SIZES)
    return [*({"src": f"{ICONS}/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "any"}
              for s in ICON_SIZES),
            {"src": f"{ICONS}/icon-maskable-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
             "purpose": "maskable"}]


@lru_cache(maxsize=2)  # made once for the builds of a `mkdocs serve` session
def _icons(image: bytes, source: str, background: str) -> tuple[tuple[str, bytes], ...]:
    """The icon files made from ``image`` (the bytes of ``source``): (name, PNG)."""
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(image)) as opened:
            square = opened.convert("RGBA")
    except (OSError, UnidentifiedImageError) as error:
        raise OfflineAppError(source, "a square PNG image, at least 512 pixels wide, for the app's icons",
                              str(error)) from None
    if square.width != square.height or square.width < max(ICON_SIZES):
        raise OfflineAppError(source, f"a square image at least {max(ICON_SIZES)} pixels wide",
                              f"{square.width}×{square.height} pixels")

    def png(picture: Any) -> bytes:
        out = io.BytesIO()
        picture.save(out, format="PNG", optimize=True)
        return out.getvalue()

    files = [(f"icon-{size}.png", png(square.resize((size, size), Image.Resampling.LANCZOS))) for size in ICON_SIZES]
    # Maskable: the launcher crops to its own shape, keeping only the middle 80%.
    size = max(ICON_SIZES)
    masked = Image.new("RGBA", (size, size), background)
    inner = round(size * 0.8)
    masked.alpha_composite(square.resize((inner, inner), Image.Resampling.LANCZOS), ((size - inner) // 2,) * 2)
    files.append((f"icon-maskable-{size}.png", png(masked)))
    touch = masked.resize((APPLE_TOUCH_SIZE, APPLE_TOUCH_SIZE), Image.Resampling.LANCZOS).convert("RGB")
    files.append(("apple-touch-icon.png", png(touch)))  # iOS: opaque, cropped by the system
    return tuple(files)


def web_manifest(app: App, icons: list[dict[str, Any]]) -> dict[str, Any]:
    """The web app manifest; addresses are relative to it, so the site works behind any sub-path."""
    return {
        "name": app.name,
        "short_name": app.short_name,
        "description": app.description,
        "lang": app.lang,
        "start_url": "index.html",
        "scope": "./",
        "display": "standalone",
        "theme_color": app.theme_colour,
        "background_color": "#ffffff",
        "icons": icons,
    }


def offline_index(site: Path, app: App) -> dict[str, Any]:
    """Every page with its size, the build's version and page cache, and the offline app's strings."""
    pages = sorted(p for p in site.rglob("*.html") if p.name != "404.html")
    digest = hashlib.sha256()
    entries = []
    for page in pages:
        data = page.read_bytes()
        url = page.relative_to(site).as_posix()
        digest.update(url.encode() + b"\0" + hashlib.sha256(data).digest())
        entries.append({"url": url, "bytes": len(data)})
    version = digest.hexdigest()[:16]
    return {
        "version": version,
        "cache": PAGES_CACHE_PREFIX + version,
        "pages": entries,
        "bytes": sum(e["bytes"] for e in entries),
        "strings": {key: convert_text(text, app.interface) for key, text in STRINGS.items()},
    }


def workbox_options(site: Path, languages: list[str], pages_cache: str) -> dict[str, Any]:
    """generateSW's options: the precache, and pages cached as visited (cache first: one build's
    pages never change; the next build's go to a cache of their own)."""
    lunr = [LUNR.format(part) for part in (*LUNR_ALWAYS, *languages) if part != "en"]
    shell = [p for p in PRECACHED if p != PREBUILT_SCRIPT.as_posix() or (site / PREBUILT_SCRIPT).is_file()]
    pictures = [f"{PICTURES_DIR}/*"] if (site / PICTURES_DIR).is_dir() else []
    return {
        "globDirectory": str(site),
        "globPatterns": [*shell, *lunr, *pictures],
        "globIgnores": ["**/*.map"],
        "swDest": str(site / SERVICE_WORKER),
        "cacheId": "study-guide",
        "cleanupOutdatedCaches": True,
        "clientsClaim": True,  # a first visit is offline-ready without a reload
        "skipWaiting": False,  # an update waits for the reader ("有新版本")
        "sourcemap": False,
        "mode": "production",
        "maximumFileSizeToCacheInBytes": 64 * 1024 * 1024,  # a large bank's search index
        "dontCacheBustURLsMatching": r"\.[0-9a-f]{8}\.min\.(?:js|css)$",
        "runtimeCaching": [{
            "urlPattern": PAGE_URL,
            "handler": "CacheFirst",
            "options": {"cacheName": pages_cache, "matchOptions": {"ignoreSearch": True}},
        }],
    }


def run_workbox(root: Path, options: dict[str, Any]) -> Precache:
    """Write the service worker with workbox-build (installed by ``npm ci`` into ``root``)."""
    node = shutil.which("node")
    if node is None:
        raise OfflineAppError("node", "Node.js on the PATH, to write the service worker with workbox-build",
                              "no `node` command", "apt-get install nodejs npm && npm ci")
    result = subprocess.run([node, "-e", _WORKBOX], input=json.dumps(options), cwd=root,
                            capture_output=True, text=True)
    if result.returncode != 0:
        found = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else f"exit status {result.returncode}"
        if "Cannot find module 'workbox-build'" in result.stderr:
            found = "no workbox-build in node_modules"
        raise OfflineAppError(f"{root / 'node_modules'}", "workbox-build (package.json) writing the service worker",
                              found, "npm ci")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return Precache(report["count"], report["size"], tuple(report.get("warnings") or ()))


def search_languages(site: Path) -> list[str]:
    """The languages of Material's search index (``lang`` in its config), whose Lunr files search needs."""
    path = site / "search" / "search_index.json"
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as file:
        languages = json.load(file).get("config", {}).get("lang") or []
    return [languages] if isinstance(languages, str) else list(languages)
