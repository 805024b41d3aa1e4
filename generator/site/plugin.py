"""The MkDocs glue, and the only module that imports mkdocs.

``on_config`` reads and corrects the banks (so ``mkdocs build`` and every ``mkdocs serve``
rebuild regenerate from ``content/``) and starts making the pages beside MkDocs
(generator.beside), ``on_files`` adds the generated pages, ``on_pre_page`` gives each
its Markdown as MkDocs reads it, and ``on_serve`` watches the banks, their errata and
``site_config/``.

For the edition's script and for search (generator.script, generator.search_terms):
``on_config`` sets the interface language, ``on_files`` adds the local copy of the
``iframe-worker`` shim that ``extra.polyfills`` names (search under ``file://``),
``on_page_markdown`` writes hand-written pages in the edition's script,
``on_config`` also gives Material's search plugin the glossary's words as its jieba user
dictionary, ``on_page_content`` keeps correction logs, flags, answer titles and KaTeX's
HTML out of the search index, ``on_page_context`` puts KaTeX's HTML in once search has
read the page, and ``on_post_build`` completes the index (generator.search_terms), writes
it compactly, and rewrites the ``offline`` plugin's ``search_index.js`` and the
background search workers' source for ``file://``.
"""
from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from dataclasses import replace
from pathlib import Path

from mkdocs.config import base, config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from . import prerender as beside
from ..pages.index_pages import INDEX_PAGE, TAGS_PAGE
from ..base.errors import ConfigError, GuideError
from ..pages.compose import Plan, plan_guide
from ..math.katex import CSS_URL as KATEX_CSS_URL, katex_assets
from ..pages.chapter import REPORT_PAGE
from ..pages.script import SCRIPTS, convert_interface, theme_language
from .frontend import CONSTANTS_JS, check_material, constants_script, material_scripts
from .search_terms import dump_index, index_script, rewrite_index, search_terms, user_dictionary, worker_source
from ..base.settings import load_settings

log = logging.getLogger("mkdocs.plugins.study-guide")

# The iframe-worker shim as npm installs it (package.json); extra.polyfills names where
# the site serves it.  Without a local copy Material's offline plugin loads it from a CDN.
IFRAME_WORKER_SHIM = Path("node_modules/iframe-worker/shim/index.js")
# The guide's part of the background search workers (overrides/assets/javascripts), which
# search-source.js starts with.
SEARCH_WORKER_PRELUDE = "search-worker.js"
# Pages search skips: the proofreading report is for editors (its rows repeat every flag, a
# sixth of a large bank's index); the question overview and the tags page only repeat
# question openings, which would crowd out the questions themselves.
UNSEARCHED_PAGES = frozenset({REPORT_PAGE, INDEX_PAGE, TAGS_PAGE})
# Admonitions search skips: the correction log and the proofreading flags quote damaged bank
# text that readers do not search for.  (Blocks written by the generator carry
# data-search-exclude themselves; admonitions cannot.)
SEARCH_SKIPPED_BLOCK = re.compile(r'<(?:details|div) class="(?:admonition )?(?:corrected|warning|danger|info)"')
# The title of a folded answer ("答案与解析"): the same three words in every question, so they
# find nothing and only fill every search result and the browser's index.
ANSWER_SUMMARY = re.compile(r'<details class="answer">\s*<summary')


class _ToMkDocs(logging.Handler):
    """Passes the generator's log records to MkDocs' logger, so ``--strict`` counts its warnings."""

    def emit(self, record: logging.LogRecord) -> None:
        if log.isEnabledFor(record.levelno):  # mkdocs build --quiet raises the level
            log.handle(record)


_GENERATOR_LOG = logging.getLogger("generator")
if not any(isinstance(h, _ToMkDocs) for h in _GENERATOR_LOG.handlers):
    _GENERATOR_LOG.addHandler(_ToMkDocs())
    _GENERATOR_LOG.propagate = False
    _GENERATOR_LOG.setLevel(logging.INFO)  # MkDocs' own handlers decide what is shown


class StudyGuideConfig(base.Config):
    settings = c.Type(str, default="site_config/guide.yml")
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks
    script = c.Optional(c.Choice(SCRIPTS))  # overrides the settings' script


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):
    plan: Plan  # the banks read, the pages' paths and titles, and how to render them
    jieba_dictionary: str | None = None  # the user dictionary written for Material's search

    pages: beside.Pages | None = None  # the generated pages' Markdown, made beside MkDocs
    _pending: dict[str, int]  # src_uri -> index of a generated page whose Markdown is still to come

    # Before Material's search plugin reads its configuration (jieba_dict_user, and its
    # defaults in the interface language this sets).
    @event_priority(50)
    def on_config(self, config):
        root = Path(config.config_file_path).parent
        self.settings_path = root / self.config.settings
        try:
            settings = load_settings(self.settings_path)
            if self.config.banks:
                settings = replace(settings, banks=tuple(Path(b).resolve() for b in self.config.banks))
            if self.config.script:
                settings = replace(settings, script=self.config.script)
            self.plan = plan_guide(settings, _hand_written(Path(config.docs_dir)))
        except GuideError as error:
            raise PluginError(str(error)) from None
        self._stop_rendering()  # a previous build's (mkdocs serve)
        self.pages = beside.start(self.plan.renderer)
        self._pending = {path: i for i, (path, _) in enumerate(self.plan.renderer.outline)}
        if not config.nav:
            config.nav = list(self.plan.nav)
        self._follow_script(config)
        self._give_search_the_glossary(config)
        if self.plan.formulas is not None:  # KaTeX's stylesheet first: the guide's may refine it
            config.extra_css.insert(0, KATEX_CSS_URL)
        return config

    def _follow_script(self, config) -> None:
        """Interface language and the configuration's own strings in the edition's script."""
        script = self.plan.interface
        config.theme["language"] = theme_language(script)
        config.site_name = convert_interface(config.site_name, script)
        config.site_description = convert_interface(config.site_description or "", script) or None
        for palette in config.theme.get("palette") or []:
            toggle = palette.get("toggle") if isinstance(palette, dict) else None
            if toggle and toggle.get("name"):
                toggle["name"] = convert_interface(toggle["name"], script)
        polyfills = config.extra.get("polyfills") or []
        self.shims = [p for p in polyfills if isinstance(p, str) and "iframe-worker" in p and "://" not in p]
        if "offline" in config.plugins and not self.shims:
            log.warning("extra.polyfills names no local copy of iframe-worker, so Material's offline "
                        "plugin loads it from a CDN; for example: assets/javascripts/iframe-worker/shim.js")

    def _give_search_the_glossary(self, config) -> None:
        """Material's search plugin cuts the index's Chinese with jieba: give it the glossary's
        words as a user dictionary (its ``jieba_dict_user``, after any of the site's own), so
        that terms are found whole and the index is cut once, there (generator.search_terms)."""
        search = next((p for p in config.plugins.values() if "jieba_dict_user" in p.config), None)
        words = search_terms(self.plan.glossary).chinese
        if search is None or not words:
            return
        own = search.config.jieba_dict_user
        text = user_dictionary(words)
        if own and os.path.isfile(own):
            text = Path(own).read_text(encoding="utf-8").rstrip("\n") + "\n" + text
        handle, self.jieba_dictionary = tempfile.mkstemp(prefix="study-guide-jieba-", suffix=".txt")
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        search.config.jieba_dict_user = self.jieba_dictionary

    def on_pre_build(self, config) -> None:
        if self.jieba_dictionary:  # Material's search plugin read it in its on_config
            os.unlink(self.jieba_dictionary)
            self.jieba_dictionary = None

    def on_files(self, files: Files, config) -> Files:
        for path in self._pending:  # their Markdown comes in on_pre_page
            files.append(File.generated(config, path, content=""))
        if self.plan.formulas is not None:
            try:
                assets = katex_assets()
            except GuideError as error:
                raise PluginError(str(error)) from None
            for path, url in assets:
                files.append(File.generated(config, url, abs_src_path=str(path)))
        shim = Path(config.config_file_path).parent / IFRAME_WORKER_SHIM
        for path in self.shims:
            if not shim.is_file():
                raise PluginError(str(ConfigError(str(shim), "the iframe-worker shim installed by `npm ci`",
                                                  "no such file", "npm ci (see package.json)")))
            files.append(File.generated(config, path, abs_src_path=str(shim)))
        try:  # the guide's scripts: Material's internals they hook, the constants they share with Python
            check_material(*material_scripts())
        except GuideError as error:
            raise PluginError(str(error)) from None
        files.append(File.generated(config, CONSTANTS_JS, content=constants_script()))
        return files

    def on_pre_page(self, page, config, files):
        i = self._pending.pop(page.file.src_uri, None)
        if i is not None:
            try:
                page.file.content_string = self.pages.page(i).markdown
            except GuideError as error:
                raise PluginError(str(error)) from None
        return page

    def on_page_markdown(self, markdown, page, config, files):
        if page.file.src_uri in UNSEARCHED_PAGES:
            page.meta["search"] = {"exclude": True}
        if page.file.generated_by:  # generated pages are written from the converted model
            return markdown
        return convert_interface(markdown, self.plan.interface)

    def on_page_content(self, html, page, config, files):
        # Formulas without KaTeX's HTML until search has read the page (its parser would
        # read KaTeX's tags one by one, two thirds of a chapter page, only to skip them).
        if self.plan.formulas is not None:
            html = self.plan.formulas.shells(html)
        html = SEARCH_SKIPPED_BLOCK.sub(lambda m: m.group(0) + " data-search-exclude", html)
        return ANSWER_SUMMARY.sub(lambda m: m.group(0) + " data-search-exclude", html)

    @event_priority(-100)  # after Material's search plugin has indexed the page (0)
    def on_page_context(self, context, page, config, nav):
        if self.plan.formulas is not None:
            try:
                page.content = self.plan.formulas.fill(page.content)
            except GuideError as error:
                raise PluginError(str(error)) from None
        return context

    @event_priority(-150)  # after Material's search plugin (0) and offline plugin (-100)
    def on_post_build(self, config):
        try:
            self._complete_search_index(Path(config.site_dir), config)
        finally:
            self._stop_rendering()

    def _complete_search_index(self, site: Path, config) -> None:
        path = site / "search" / "search_index.json"
        if not path.is_file():
            return
        try:
            # Half of the documents in the process beside, which has made every page by now.
            index = rewrite_index(json.loads(path.read_text(encoding="utf-8")), self.plan.glossary,
                                  self.plan.interface, run=self.pages.run)
            path.write_text(dump_index(index), encoding="utf-8")
            script = path.with_suffix(".js")
            if script.is_file():  # the offline plugin's copy, for file://
                options = {"suggest": "search.suggest" in (config.theme.get("features") or [])}
                script.write_text(index_script(index, options), encoding="utf-8")
                scripts = site / "assets" / "javascripts"
                source = worker_source(scripts / "workers", scripts / "lunr", index["config"]["lang"],
                                       scripts / SEARCH_WORKER_PRELUDE, constants_script())
                (scripts / "workers" / "search-source.js").write_text(source, encoding="utf-8")
        except GuideError as error:
            raise PluginError(str(error)) from None

    def on_build_error(self, error) -> None:
        self._stop_rendering()

    def _stop_rendering(self) -> None:
        if self.pages is not None:
            self.pages.close()
            self.pages = None

    def on_serve(self, server, config, builder):
        for path in {self.settings_path, *self.plan.watched}:
            server.watch(str(path))
        return server


def _hand_written(docs_dir: Path) -> dict[str, str]:
    """Hand-written Markdown pages and their titles (from their first heading)."""
    pages = {}
    for path in sorted(docs_dir.rglob("*.md")):
        first = next((l for l in path.read_text(encoding="utf-8").splitlines() if l.startswith("# ")), path.stem)
        pages[path.relative_to(docs_dir).as_posix()] = first.removeprefix("# ").strip()
    return pages


def build_site(config_file: Path, banks: list[Path], site_dir: Path, script: str | None = None) -> None:
    """Build the guide for ``banks`` (or the configured ones, when empty) into ``site_dir``.

    ``script`` (``original``, ``hans`` or ``hant``) overrides the settings' script.
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    mkdocs_log = logging.getLogger("mkdocs")
    if not mkdocs_log.handlers:  # not run by MkDocs' command line: show its warnings and errors
        shown = logging.StreamHandler()
        shown.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        mkdocs_log.addHandler(shown)
    config = load_config(str(config_file), site_dir=str(site_dir))
    config.plugins["study-guide"].config.banks = [str(b) for b in banks]
    config.plugins["study-guide"].config.script = script
    try:
        build(config)
    except MkDocsException as error:  # its messages are logged above; Abort would exit silently
        raise SiteError(str(config_file), f"a build with no {'warnings or ' if config.strict else ''}errors",
                        str(error) or type(error).__name__) from None


class SiteError(GuideError):
    """MkDocs stopped building the guide (the reasons are in its log)."""
