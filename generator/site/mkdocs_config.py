"""What the plugin reads from MkDocs' configuration and changes in it.

Plain functions over the configuration MkDocs loaded (``config``: its ``theme``,
``extra``, ``plugins`` …), so the plugin's hooks stay a few lines each.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

from ..base.errors import ConfigError
from ..base.npm import npm_root
from ..base.settings import Settings, guide_settings, public_address
from ..math.katex import CSS_URL as KATEX_CSS_URL
from ..math.katex import katex_assets
from ..pages.compose import Plan
from ..pages.nav_groups import NavEntry
from ..pages.paths import chapter_data_path, practice_data_path
from ..pages.pictures import picture_files
from ..pages.reader_strings import READER_STRINGS_JS, reader_strings_script
from ..pages.run_strings import RUN_STRINGS_JS, run_strings_script
from ..pages.script import convert_interface, theme_language
from ..pages.stats_strings import STATS_STRINGS_JS, stats_strings_script
from ..practice.data import bank_index, chapter_data, practice_script
from ..search.segmenter import Dictionaries
from .bundles import SOURCES, bundle_scripts
from .frontend import CONSTANTS_JS, constants_script
from .logs import PLUGIN_LOG
from .material import check_material, installed_material

# The iframe-worker shim as npm installs it (package.json); extra.polyfills names where
# the site serves it.  Without a local copy Material's offline plugin loads it from a CDN.
IFRAME_WORKER_SHIM = Path("node_modules/iframe-worker/shim/index.js")


def plugin_settings(path: Path, banks: list[str], script: str | None, max_bank_size: int | None = None) -> Settings:
    """The settings at ``path``, with the plugin's own ``banks``, ``script`` and
    ``max_bank_size`` options (from mkdocs.yml, or :func:`generator.site.build.build_site`)
    in place of theirs.  With no settings file (the bundled guide) the banks must be given."""
    return guide_settings(path, [Path(b).resolve() for b in banks], script, max_bank_size)


def hand_written_pages(docs_dir: Path) -> dict[str, str]:
    """Hand-written Markdown pages and their titles (from their first heading)."""
    pages = {}
    for path in sorted(docs_dir.rglob("*.md")):
        lines = path.read_text(encoding="utf-8").splitlines()
        first = next((line for line in lines if line.startswith("# ")), path.stem)
        pages[path.relative_to(docs_dir).as_posix()] = first.removeprefix("# ").strip()
    return pages


PERMALINK_TITLE = "本節連結"  # the title of a heading's ¶ link, in Traditional script like pages/strings.py


def follow_script(config: Any, script: str) -> None:
    """The interface language and the configuration's own strings (site name and
    description, the palette toggles' names, the headings' permalinks' title, which the
    toc extension writes in English unless told) in the guide's ``script``."""
    config.theme["language"] = theme_language(script)
    if "toc" in config.markdown_extensions:
        toc = config.mdx_configs.setdefault("toc", {})
        toc.setdefault("permalink_title", convert_interface(PERMALINK_TITLE, script))
    config.site_name = convert_interface(config.site_name, script)
    config.site_description = convert_interface(config.site_description or "", script) or None
    for palette in config.theme.get("palette") or []:
        toggle = palette.get("toggle") if isinstance(palette, dict) else None
        if toggle and toggle.get("name"):
            toggle["name"] = convert_interface(toggle["name"], script)


def iframe_worker_shims(config: Any) -> list[str]:
    """The site paths ``extra.polyfills`` gives the iframe-worker shim (search under
    ``file://``), where the site serves its own copy; a warning when the ``offline``
    plugin is on and there is none, since Material then loads it from a CDN."""
    polyfills = config.extra.get("polyfills") or []
    shims = [p for p in polyfills if isinstance(p, str) and "iframe-worker" in p and "://" not in p]
    # MkDocs names Material's plugins "material/offline" whether mkdocs.yml says that or "offline".
    if {"offline", "material/offline"} & set(config.plugins) and not shims:
        PLUGIN_LOG.warning("extra.polyfills names no local copy of iframe-worker, so Material's offline "
                           "plugin loads it from a CDN; for example: assets/javascripts/iframe-worker/shim.js")
    return shims


def take_jieba_dictionaries(config: Any) -> Dictionaries:
    """The jieba dictionaries the site gives Material's search plugin (its ``jieba_dict`` and
    ``jieba_dict_user`` options), taken from it: the guide's index cuts the words itself
    (generator.search.segmenter), so the plugin must not load jieba's dictionary, the largest
    cost of its start.  Run before the plugin's ``on_config`` reads them."""
    search = config.plugins.get("material/search")
    if search is None or "jieba_dict_user" not in search.config:
        return Dictionaries()
    main, user = search.config.jieba_dict, search.config.jieba_dict_user
    search.config.jieba_dict = search.config.jieba_dict_user = None
    for option, path in (("jieba_dict", main), ("jieba_dict_user", user)):
        if path and not os.path.isfile(path):
            raise ConfigError(str(config.config_file_path), f"plugins.search.{option}: a jieba dictionary file",
                              f"{path!r}, no such file",
                              "the path of a dictionary, relative to the folder mkdocs runs in")
    return Dictionaries(main or None, Path(user).read_text(encoding="utf-8") if user else "")


def fit_config(config: Any, settings: Settings, nav: list[NavEntry], script: str, typeset: bool) -> None:
    """The configuration for the guide: its address, its navigation (unless mkdocs.yml has
    one), the interface in the guide's ``script``, KaTeX's stylesheet first (the guide's may
    refine it) when formulas are ``typeset``, and no 404 page without an address (Material's
    links from "/", which is broken from a folder)."""
    # canonical links, sitemap: mkdocs.yml's address checked as guide.yml's (MkDocs' own check lets "<" in)
    config.site_url = settings.site_url or (
        public_address(config.site_url, f"{config.config_file_path}: site_url") if config.site_url else None)
    if not config.nav:
        config.nav = nav
    tags = config.plugins.get("material/tags")
    if tags is not None:  # a tag's chapters as the guide reads them, not by their titles
        tags.config.listings_sort_by = reading_order(config.nav)
    follow_script(config, script)
    if typeset:
        config.extra_css.insert(0, KATEX_CSS_URL)
    if not config.site_url:
        config.theme.static_templates.discard("404.html")


def reading_order(nav: Sequence[Any]) -> Callable[[Any], tuple[int, str]]:
    """The sort key of Material's tags listings that puts pages in the order of ``nav`` (MkDocs'
    entries: a path, or a title over a path or a list of entries); a page not in it goes last."""
    order: dict[str, int] = {}

    def walk(entries: Sequence[Any]) -> None:
        for entry in entries:
            for value in entry.values() if isinstance(entry, Mapping) else [entry]:
                if isinstance(value, str):
                    order.setdefault(value, len(order))
                else:
                    walk(value)

    walk(nav)
    return lambda mapping: (order.get(mapping.item.file.src_uri, len(order)), str(mapping.item.title))


def script_sources(config: Any) -> Path:
    """The folder of the guide's script sources (overrides/src), in the theme's custom_dir."""
    if not config.theme.custom_dir:
        raise ConfigError(str(config.config_file_path), "theme.custom_dir, the guide's theme overrides", "none",
                          "theme: {name: material, custom_dir: overrides}")
    return Path(config.theme.custom_dir) / SOURCES


def without_script_sources(files: Files, config: Any) -> Files:
    """``files`` without the theme's copies of the script sources: the site serves their bundles."""
    sources = script_sources(config)
    for file in [f for f in files if f.abs_src_path and Path(f.abs_src_path).is_relative_to(sources)]:
        files.remove(file)
    return files


def guide_files(config: Any, shims: list[str], plan: Plan,
                practice_records: Mapping[str, dict[str, dict[str, Any]]], prebuilt_search: bool = True) -> list[File]:
    """The files the guide serves besides its pages: KaTeX's assets when the plan typesets
    formulas, the iframe-worker shim at each of ``shims``, the reader scripts' strings in the
    guide's script, each bank's practice index and chapters' records (from ``practice_records``, by bank slug,
    made once with the question parts: question_html.py), the guide's scripts bundled from their sources,
    and ``constants.js``, which those scripts share with Python (whether the build makes
    Lunr's index: ``prebuilt_search``), once Material is checked to still have the internals they hook."""
    typeset = plan.formulas is not None
    modules = npm_root(Path(config.config_file_path).parent)
    files = [File.generated(config, url, abs_src_path=str(path))
             for path, url in (katex_assets(modules) if typeset else [])]
    shim = modules / IFRAME_WORKER_SHIM
    if shims and not shim.is_file():
        raise ConfigError(str(shim), "the iframe-worker shim installed by `npm ci`", "no such file",
                          "npm ci (see package.json)")
    files += [File.generated(config, path, abs_src_path=str(shim)) for path in shims]
    check_material(installed_material())
    files.append(File.generated(config, CONSTANTS_JS, content=constants_script(prebuilt_search)))
    files.append(File.generated(config, READER_STRINGS_JS, content=reader_strings_script(plan.interface)))
    files.append(File.generated(config, RUN_STRINGS_JS, content=run_strings_script(plan.interface)))
    files.append(File.generated(config, STATS_STRINGS_JS, content=stats_strings_script(plan.interface)))
    bundles = bundle_scripts(script_sources(config), modules)
    if bundles.warnings:
        PLUGIN_LOG.warning("esbuild, bundling the guide's scripts: %s", bundles.warnings)
    files += [File.generated(config, path, content=text) for path, text in bundles.scripts.items()]
    files += [File.generated(config, path, content=data)
              for path, data in picture_files(plan.renderer.corrected).items()]
    for bank in plan.renderer.corrected:  # its questions' parts come with their HTML (question_html.py)
        records = practice_records[bank.slug]
        index = practice_script(bank_index(bank, records))
        files.append(File.generated(config, practice_data_path(bank), content=index))
        files += [File.generated(config, chapter_data_path(bank, chapter),
                                 content=practice_script(chapter_data(bank, chapter, records)))
                  for chapter in bank.chapters]
    return files
