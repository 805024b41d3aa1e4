"""The MkDocs glue, and the only module that imports mkdocs.

``on_config`` runs the pipeline (so ``mkdocs build`` and every ``mkdocs serve``
rebuild regenerate from ``content/``), ``on_files`` adds the generated pages, and
``on_serve`` watches the banks, their errata and ``site_config/``.

For the edition's script and for search (generator.script, generator.search_terms):
``on_config`` sets the interface language, ``on_files`` adds the local copy of the
``iframe-worker`` shim that ``extra.polyfills`` names (search under ``file://``),
``on_page_markdown`` writes hand-written pages in the edition's script,
``on_config`` also gives Material's search plugin the glossary's words as its jieba user
dictionary, ``on_page_content`` keeps correction logs, flags and answer titles out of the
search index, and ``on_post_build`` completes the index (generator.search_terms), writes
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

from .crosslinks import INDEX_PAGE, TAGS_PAGE
from .errors import ConfigError, GuideError
from .guide import Guide, build_guide
from .katex import CSS_URL as KATEX_CSS_URL, EXCLUDED_TAG as TYPESET_TAG, katex_assets
from .script import SCRIPTS, convert_interface, theme_language
from .search_terms import dump_index, index_script, rewrite_index, search_terms, user_dictionary, worker_source
from .settings import load_settings

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
UNSEARCHED_PAGES = frozenset({"report.md", INDEX_PAGE, TAGS_PAGE})
# Admonitions search skips: the correction log and the proofreading flags quote damaged bank
# text that readers do not search for.  (Blocks written by the generator carry
# data-search-exclude themselves; admonitions cannot.)
SEARCH_SKIPPED_BLOCK = re.compile(r'<(?:details|div) class="(?:admonition )?(?:corrected|warning|danger|info)"')
# The title of a folded answer ("答案与解析"): the same three words in every question, so they
# find nothing and only fill every search result and the browser's index.
ANSWER_SUMMARY = re.compile(r'<details class="answer">\s*<summary')
# KaTeX's HTML of a formula.  Search skips it (its wrapper is data-search-exclude; the
# formula's text beside it is indexed), but Material's search parser would still read it
# tag by tag: about 150 tags a question, two thirds of a chapter page and of the parser's
# time.  So Material indexes each page without it, and the page is then written with it.
TYPESET_FORMULA = re.compile(rf"<{TYPESET_TAG}\b[^>]*>.*?</{TYPESET_TAG}>", re.S)
# The attributes Material's search plugin removes from a page once it has indexed it.
SEARCH_ATTRIBUTE = re.compile(r'\s?data-search-\w+="[^"]+"')
SEARCH_ATTRIBUTE_NAME = re.compile(r'data-search-\w+="')  # the same, found faster


class _ToMkDocs(logging.Handler):
    """Passes the generator's log records to MkDocs' logger, so ``--strict`` counts its warnings."""

    def emit(self, record: logging.LogRecord) -> None:
        log.handle(record)


_GENERATOR_LOG = logging.getLogger("generator")
if not any(isinstance(h, _ToMkDocs) for h in _GENERATOR_LOG.handlers):
    _GENERATOR_LOG.addHandler(_ToMkDocs())
    _GENERATOR_LOG.propagate = False


class StudyGuideConfig(base.Config):
    settings = c.Type(str, default="site_config/guide.yml")
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks
    script = c.Optional(c.Choice(SCRIPTS))  # overrides the settings' script


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):
    guide: Guide
    jieba_dictionary: str | None = None  # the user dictionary written for Material's search

    def __init__(self) -> None:
        super().__init__()
        self._typeset_pages: dict[str, str] = {}  # src_uri -> page HTML with its formulas

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
            self.guide = build_guide(settings, _hand_written(Path(config.docs_dir)))
        except GuideError as error:
            raise PluginError(str(error)) from None
        for bank in self.guide.banks:
            log.info("%s: %d questions in %d chapters, %d flags", bank.source, len(bank.questions),
                     len(bank.chapters), sum(len(q.flags) for q in bank.questions))
        if not config.nav:
            config.nav = list(self.guide.nav)
        self._follow_script(config)
        self._give_search_the_glossary(config)
        if self.guide.formulas is not None:  # KaTeX's stylesheet first: the guide's may refine it
            config.extra_css.insert(0, KATEX_CSS_URL)
        return config

    def _follow_script(self, config) -> None:
        """Interface language and the configuration's own strings in the edition's script."""
        script = self.guide.interface
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
        words = search_terms(self.guide.glossary).chinese
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
        self._typeset_pages.clear()
        if self.jieba_dictionary:  # Material's search plugin read it in its on_config
            os.unlink(self.jieba_dictionary)
            self.jieba_dictionary = None

    def on_files(self, files: Files, config) -> Files:
        for page in self.guide.pages:
            files.append(File.generated(config, page.path, content=page.markdown))
        if self.guide.formulas is not None:
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
        return files

    def on_page_markdown(self, markdown, page, config, files):
        if page.file.src_uri in UNSEARCHED_PAGES:
            page.meta["search"] = {"exclude": True}
        if page.file.generated_by:  # generated pages are written from the converted model
            return markdown
        return convert_interface(markdown, self.guide.interface)

    def on_page_content(self, html, page, config, files):
        if self.guide.formulas is not None:
            html = self.guide.formulas.restore(html)
        html = SEARCH_SKIPPED_BLOCK.sub(lambda m: m.group(0) + " data-search-exclude", html)
        html = ANSWER_SUMMARY.sub(lambda m: m.group(0) + " data-search-exclude", html)
        if f"<{TYPESET_TAG}" not in html:
            return html
        # Until Material's search plugin has indexed the page (on_page_context), the page is
        # without typeset formulas; no other plugin of the guide reads it in between.
        self._typeset_pages[page.file.src_uri] = html
        return TYPESET_FORMULA.sub("", html)

    @event_priority(-100)  # after Material's search plugin has indexed the page (0)
    def on_page_context(self, context, page, config, nav):
        typeset = self._typeset_pages.pop(page.file.src_uri, None)
        if typeset is not None:  # the page as written, left as Material's search leaves it
            page.content = SEARCH_ATTRIBUTE.sub("", typeset) if SEARCH_ATTRIBUTE_NAME.search(typeset) else typeset
        return context

    @event_priority(-150)  # after Material's search plugin (0) and offline plugin (-100)
    def on_post_build(self, config):
        site = Path(config.site_dir)
        path = site / "search" / "search_index.json"
        if not path.is_file():
            return
        index = rewrite_index(json.loads(path.read_text(encoding="utf-8")), self.guide.glossary, self.guide.interface)
        written = dump_index(index)
        path.write_text(written, encoding="utf-8")
        script = path.with_suffix(".js")
        if script.is_file():  # the offline plugin's copy, for file://
            options = {"suggest": "search.suggest" in (config.theme.get("features") or [])}
            script.write_text(index_script(index, options), encoding="utf-8")
            scripts = site / "assets" / "javascripts"
            try:
                source = worker_source(scripts / "workers", scripts / "lunr", index["config"]["lang"],
                                       scripts / SEARCH_WORKER_PRELUDE)
            except GuideError as error:
                raise PluginError(str(error)) from None
            (scripts / "workers" / "search-source.js").write_text(source, encoding="utf-8")

    def on_serve(self, server, config, builder):
        for path in {self.settings_path, *self.guide.watched}:
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

    config = load_config(str(config_file), site_dir=str(site_dir))
    config.plugins["study-guide"].config.banks = [str(b) for b in banks]
    config.plugins["study-guide"].config.script = script
    build(config)
