"""The MkDocs plugin ``study-guide``: each hook hands its work to a module of generator.site.

``on_config`` reads and corrects the banks (so every build and ``mkdocs serve`` rebuild
regenerates from ``content/``), starts rendering the pages beside MkDocs (prerender),
sets the interface's script and gives Material's search the glossary's words
(mkdocs_config).  ``on_files`` adds the generated pages, KaTeX's assets and the local
iframe-worker shim; ``on_pre_page`` gives a generated page its Markdown as MkDocs reads it;
``on_page_markdown`` writes hand-written pages in the edition's script.  For search,
``on_page_content`` keeps KaTeX's HTML and some blocks out of the index (search_exclusions),
``on_page_context`` puts KaTeX's HTML back once search has read the page, ``on_post_build``
rewrites the index (search_index).  ``on_serve`` watches the banks, errata and settings.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, TypeVar

from mkdocs.config import base, config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from ..base.errors import ConfigError, GuideError
from ..math.katex import CSS_URL as KATEX_CSS_URL, katex_assets
from ..pages.compose import Plan, plan_guide
from ..pages.reader_strings import READER_STRINGS_JS, reader_strings_script
from ..pages.script import SCRIPTS, convert_interface
from . import prerender
from .frontend import CONSTANTS_JS, check_material, constants_script, material_scripts
from .logs import route_generator_log
from .output_folder import Staging, stage_mkdocs_output
from .mkdocs_config import follow_script, give_search_words, hand_written_pages, iframe_worker_shims, plugin_settings
from .search_exclusions import exclude_blocks, is_searched
from .search_index import complete_search_index
from .search_spoilers import mark_answer_blocks
from .segmenter import search_terms
from .pwa import write_offline_app
from .share import first_question_text

# The iframe-worker shim as npm installs it (package.json); extra.polyfills names where
# the site serves it.  Without a local copy Material's offline plugin loads it from a CDN.
IFRAME_WORKER_SHIM = Path("node_modules/iframe-worker/shim/index.js")
T = TypeVar("T")


class StudyGuideConfig(base.Config):
    settings = c.Type(str, default="site_config/guide.yml")
    force_output = c.Type(bool, default=False)  # replace a site_dir no build wrote (output_folder)
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks
    script = c.Optional(c.Choice(SCRIPTS))  # overrides the settings' script


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):
    plan: Plan  # the banks read, the pages' paths and titles, and how to render them
    jieba_dictionary: str | None = None  # the user dictionary written for Material's search
    pages: prerender.Pages | None = None  # the generated pages' Markdown, made beside MkDocs
    _pending: dict[str, int]  # src_uri -> index of a generated page whose Markdown is still to come
    shims: list[str]  # where the site serves its copy of the iframe-worker shim

    # Before Material's search plugin reads its configuration (jieba_dict_user, and its
    # defaults in the interface language this sets).
    @event_priority(50)
    def on_config(self, config):
        route_generator_log()
        self.settings_path = Path(config.config_file_path).parent / self.config.settings
        settings = _or_plugin_error(lambda: plugin_settings(self.settings_path, self.config.banks, self.config.script))
        self.plan = _or_plugin_error(lambda: plan_guide(settings, hand_written_pages(Path(config.docs_dir))))
        config.site_url = settings.site_url or config.site_url  # canonical links, sitemap
        self._stop_rendering()  # a previous build's (mkdocs serve)
        self.pages = prerender.start(self.plan.renderer)
        self._pending = {path: i for i, (path, _) in enumerate(self.plan.renderer.outline)}
        if not config.nav:
            config.nav = list(self.plan.nav)
        follow_script(config, self.plan.interface)
        self.shims = iframe_worker_shims(config)
        self.jieba_dictionary = give_search_words(config, search_terms(self.plan.glossary).chinese)
        if self.plan.formulas is not None:  # KaTeX's stylesheet first: the guide's may refine it
            config.extra_css.insert(0, KATEX_CSS_URL)
        if not config.site_url:  # Material's 404 page links from "/": broken from a folder
            config.theme.static_templates.discard("404.html")
        self.output = _or_plugin_error(lambda: stage_mkdocs_output(config, self.plan.watched, self.config.force_output,
                                                                  self.output_wanted))
        return config

    # `mkdocs build` writes a new folder beside site_dir, swapped in at shutdown once the
    # build has succeeded (output_folder); `mkdocs serve` builds in a folder of its own.
    output_wanted: bool = False
    output: Staging | None = None
    output_built: bool = False

    def on_startup(self, *, command, dirty) -> None:
        self.output_wanted = command == "build"

    def on_shutdown(self) -> None:
        self._close_output(commit=self.output_built)

    def _close_output(self, commit: bool) -> None:
        output, self.output, self.output_built = self.output, None, False
        if output is not None:
            _or_plugin_error(output.commit if commit else output.abandon)

    def on_pre_build(self, config) -> None:
        if self.jieba_dictionary:  # Material's search plugin read it in its on_config
            os.unlink(self.jieba_dictionary)
            self.jieba_dictionary = None

    def on_files(self, files: Files, config) -> Files:
        for path in self._pending:  # their Markdown comes in on_pre_page
            files.append(File.generated(config, path, content=""))
        if self.plan.formulas is not None:
            for path, url in _or_plugin_error(katex_assets):
                files.append(File.generated(config, url, abs_src_path=str(path)))
        shim = Path(config.config_file_path).parent / IFRAME_WORKER_SHIM
        for path in self.shims:
            if not shim.is_file():
                raise PluginError(str(ConfigError(str(shim), "the iframe-worker shim installed by `npm ci`",
                                                  "no such file", "npm ci (see package.json)")))
            files.append(File.generated(config, path, abs_src_path=str(shim)))
        # The guide's scripts: Material's internals they hook, the constants they share with Python.
        _or_plugin_error(lambda: check_material(*material_scripts()))
        files.append(File.generated(config, CONSTANTS_JS, content=constants_script()))
        files.append(File.generated(config, READER_STRINGS_JS, content=reader_strings_script(self.plan.interface)))
        return files

    def on_pre_page(self, page, config, files):
        i = self._pending.pop(page.file.src_uri, None)
        if i is not None:
            page.file.content_string = _or_plugin_error(lambda: self.pages.page(i).markdown)
        return page

    def on_page_markdown(self, markdown, page, config, files):
        if not is_searched(page.file.src_uri):
            page.meta["search"] = {"exclude": True}
        if page.file.generated_by:  # generated pages are written from the converted model
            return markdown
        return convert_interface(markdown, self.plan.interface)

    def on_page_content(self, html, page, config, files):
        # Formulas without KaTeX's HTML until search has read the page (its parser would
        # read KaTeX's tags one by one, two thirds of a chapter page, only to skip them).
        if self.plan.formulas is not None:
            html = self.plan.formulas.shells(html)
        return mark_answer_blocks(exclude_blocks(html))

    @event_priority(-100)  # after Material's search plugin has indexed the page (0)
    def on_page_context(self, context, page, config, nav):
        if self.plan.formulas is not None:
            page.content = _or_plugin_error(lambda: self.plan.formulas.fill(page.content))
        page.meta.setdefault("share_description", first_question_text(page.content or ""))  # overrides/main.html
        return context

    @event_priority(-150)  # after Material's search plugin (0) and offline plugin (-100)
    def on_post_build(self, config):
        suggest = "search.suggest" in (config.theme.get("features") or [])
        try:  # half of the documents in the process beside, which has made every page by now
            _or_plugin_error(lambda: complete_search_index(Path(config.site_dir), self.plan.glossary,
                                                           self.plan.interface, suggest, run=self.pages.run))
            _or_plugin_error(lambda: write_offline_app(Path(config.site_dir), Path(config.config_file_path).parent,
                                                       config, self.plan.interface))
        finally:
            self._stop_rendering()
        self.output_built = True  # unless strict mode then finds warnings (on_build_error)

    def on_build_error(self, error) -> None:
        self._stop_rendering()
        self._close_output(commit=False)

    def _stop_rendering(self) -> None:
        if self.pages is not None:
            self.pages.close()
            self.pages = None

    def on_serve(self, server, config, builder):
        for path in {self.settings_path, *self.plan.watched}:
            server.watch(str(path))
        return server


def _or_plugin_error(work: Callable[[], T]) -> T:
    """``work()``, with the generator's errors raised as MkDocs' PluginError (a message, no traceback)."""
    try:
        return work()
    except GuideError as error:
        raise PluginError(str(error)) from None
