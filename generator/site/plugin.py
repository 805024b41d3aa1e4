"""The MkDocs plugin ``study-guide``: each hook hands its work to a module of generator.site.

Banks are read and corrected in ``on_config`` (every build and ``mkdocs serve`` rebuild
regenerates from ``content/``) while the pages are rendered beside MkDocs (prerender);
each generated page gets its Markdown as MkDocs reads it; search skips KaTeX's HTML until the
index is written by the guide (generator.site.material's stand-in in Material's search plugin), each
page's words cut in the process beside; ``mkdocs build`` swaps in a whole new site_dir.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, Literal

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page
from mkdocs.utils.templates import TemplateContext
from watchdog.observers.polling import PollingObserver

from ..base.settings import SCRIPTS
from ..links.glossary import Glossary
from ..pages.compose import Plan, plan_guide
from ..pages.script import convert_interface
from ..search.exclusions import exclude_blocks, is_searched
from ..search.index import IndexBuilder, Rewritten, keep_cuts, rewrite_page
from ..search.segmenter import JIEBAS_OWN, Dictionaries
from ..search.spoilers import mark_answer_blocks
from . import prerender
from .downloads import Shown, download_files
from .finish import finish_site
from .logs import PLUGIN_LOG, or_plugin_error, route_generator_log
from .material import GuideSearchIndex, install_search_index
from .mkdocs_config import (
    fit_config,
    guide_files,
    hand_written_pages,
    iframe_worker_shims,
    plugin_settings,
    take_jieba_dictionaries,
    without_script_sources,
)
from .output_folder import Staging, stage_mkdocs_output
from .page_links import broken_links
from .page_parts import page_parts
from .question_html import QuestionHtml
from .quick_watch import watch_quickly
from .serve_session import ServeSession
from .skip_link import skip_to_first_question
from .template_cache import keep_compiled_templates


class StudyGuideConfig(base.Config):  # type: ignore[no-untyped-call]  # MkDocs' __init_subclass__
    settings = c.Type(str, default="site_config/guide.yml")  # none there: the banks must be given
    force_output = c.Type(bool, default=False)  # replace a site_dir no build wrote (output_folder)
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks
    script = c.Optional(c.Choice(SCRIPTS))  # overrides the settings' script
    max_bank_size = c.Optional(c.Type(int))  # bytes; overrides the settings' limit (--max-size)
    # Lunr's index built by Node at build time (generator.search.prebuilt); unset: not under
    # `mkdocs serve`, where each edit would wait seconds for it (the browser builds it then).
    prebuilt_search = c.Optional(c.Type(bool))


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):  # type: ignore[no-untyped-call]
    plan: Plan  # the banks read, the pages' paths and titles, and how to render them
    dictionaries: Dictionaries = JIEBAS_OWN  # the site's own jieba dictionaries, taken from Material's search
    search: GuideSearchIndex | None = None  # the index, in Material's search plugin
    pages: prerender.Pages | None = None  # the generated pages' Markdown, made beside MkDocs
    _pending: dict[str, int]  # src_uri -> index of a generated page whose Markdown is still to come
    shims: list[str]  # where the site serves its copy of the iframe-worker shim
    # The new site_dir `mkdocs build` writes (`mkdocs serve` builds in a folder of its own).
    output_wanted: bool = False
    output: Staging | None = None
    output_built: bool = False
    question_html: QuestionHtml  # each chapter's questions as rendered, for the run pages (exam, random, review)
    downloads: Callable[[], list[tuple[str, bytes]]] | None = None  # the banks' downloads, made beside MkDocs
    _pages_of: Files | None = None  # the build's files, and the paths of their pages (broken_links)
    _page_paths: frozenset[str] = frozenset()
    session: ServeSession | None = None  # `mkdocs serve`: what a build keeps for the next
    watcher: PollingObserver | None = None  # `mkdocs serve`: the banks, glossary and settings watched

    # Before Material's search plugin reads its jieba dictionaries and its interface-language defaults.
    @event_priority(50)
    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        route_generator_log()
        if self.session is not None:
            self.session.start_build()
        self.settings_path = Path(config.config_file_path).parent / self.config.settings
        settings = or_plugin_error(lambda: plugin_settings(self.settings_path, self.config.banks, self.config.script,
                                                                 self.config.max_bank_size))
        self.plan = or_plugin_error(lambda: plan_guide(settings, hand_written_pages(Path(config.docs_dir)),
                                                       html_links=not config.use_directory_urls,
                                                       cache=self.session.chapters if self.session else None))
        self._stop_rendering()  # a previous build's (mkdocs serve)
        self.pages = prerender.start(self.plan.renderer)
        self._pending = {path: i for i, (path, _) in enumerate(self.plan.renderer.outline)}
        self.question_html = QuestionHtml(self.plan.renderer.corrected, self.plan.renderer.script)
        or_plugin_error(lambda: fit_config(config, settings, list(self.plan.nav), self.plan.interface,
                                           self.plan.formulas is not None))
        self.shims = iframe_worker_shims(config)
        self.dictionaries = or_plugin_error(lambda: take_jieba_dictionaries(config))
        self.output = or_plugin_error(lambda: stage_mkdocs_output(config, self.plan.watched, self.config.force_output,
                                                                  self.output_wanted))
        self.downloads = None
        if (jobs := self.session.live_jobs() if self.session else None) is not None:
            # `mkdocs serve` makes the pages in this process: the banks are checked here, and
            # their downloads made in the job process from now on, while MkDocs builds the site.
            renderer, how = self.plan.renderer, self._downloads_how(config)
            shown = or_plugin_error(lambda: Shown(renderer.banks, renderer.ui))
            self.downloads = or_plugin_error(lambda: jobs.run(download_files, shown, *how))
        return config

    def on_startup(self, *, command: Literal["build", "gh-deploy", "serve"], dirty: bool) -> None:
        self.output_wanted = command == "build"
        self._close_session()
        # Made now, while MkDocs runs no thread yet (its job process is forked); MkDocs keeps
        # this plugin for every build of its process.
        self.session = ServeSession() if command == "serve" else None

    def on_shutdown(self) -> None:
        if self.watcher is not None:
            self.watcher.stop()
            self.watcher = None
        self._close_session()
        self._close_output(commit=self.output_built)

    def _close_session(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    def _close_output(self, commit: bool) -> None:
        output, self.output, self.output_built = self.output, None, False
        if output is not None:
            or_plugin_error(output.commit if commit else output.abandon)

    def on_pre_build(self, config: MkDocsConfig) -> None:
        # Material's search plugin has made its index (on_config): the guide's stands in for it.
        kept = self.session.search if self.session else None
        self.search = or_plugin_error(lambda: install_search_index(config, self._index_builder, kept))

    def _index_builder(self, config: dict[str, Any]) -> IndexBuilder:
        return IndexBuilder(config, self.plan.glossary, self.plan.interface, self._rewrite_beside, self.dictionaries)

    def _rewrite_beside(self, docs: list[dict[str, Any]]) -> Callable[[], Rewritten]:
        """A page's search documents rewritten in the process beside, which has made the pages by now."""
        return self._started().run(rewrite_page, prerender.RENDERER, docs, self.dictionaries)

    def on_files(self, files: Files, config: MkDocsConfig) -> Files:
        pages = [File.generated(config, path, content="") for path in self._pending]  # Markdown: on_pre_page
        files = or_plugin_error(lambda: without_script_sources(files, config))
        made = or_plugin_error(lambda: guide_files(config, self.shims, self.plan, self.question_html.records,
                                                   self._prebuilt_search()))
        for file in pages + made:
            files.append(file)
        return files

    def on_pre_page(self, page: Page, config: MkDocsConfig, files: Files) -> Page:
        i = self._pending.pop(page.file.src_uri, None)
        if i is not None:
            page.file.content_string = or_plugin_error(lambda: self._started().page(i).markdown)
        return page

    def on_page_markdown(self, markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        if not is_searched(page.file.src_uri):
            page.meta["search"] = {"exclude": True}
        if not page.file.generated_by:  # generated pages are written from the converted model
            return convert_interface(markdown, self.plan.interface)
        return self.session.converted.markdown(page, markdown, files, config) if self.session else markdown

    def on_page_content(self, html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
        finish = partial(self._finish_content, page=page, files=files)
        return self.session.converted.content(page, html, finish) if self.session else finish(html)

    def _finish_content(self, html: str, page: Page, files: Files) -> str:
        # Formulas without KaTeX's HTML until search has read the page (its parser would
        # read KaTeX's tags one by one, two thirds of a chapter page, only to skip them).
        if self.plan.formulas is not None:
            html = self.plan.formulas.shells(html)
        if page.file.generated_by:  # the links the generator wrote as HTML: MkDocs has not seen them
            for target in broken_links(html, page.file.dest_uri, self._site_pages(files)):
                PLUGIN_LOG.warning("Doc file '%s' contains a link to '%s', but the target is not found "
                                   "among documentation files.", page.file.src_uri, target)
        return mark_answer_blocks(exclude_blocks(html))

    def _site_pages(self, files: Files) -> frozenset[str]:
        if self._pages_of is not files:  # once per build
            self._pages_of, self._page_paths = files, frozenset(f.dest_uri for f in files.documentation_pages())
        return self._page_paths

    def on_env(self, env: Any, config: MkDocsConfig, files: Files) -> Any:
        keep_compiled_templates(env)  # before the first page is rendered with them
        if self.session is not None:
            self.session.renders.wrap(env)
        if self.downloads is None:
            # Every page is made by now: the process beside makes the downloads while MkDocs writes the pages.
            how = self._downloads_how(config)
            self.downloads = or_plugin_error(lambda: self._started().run(download_files, prerender.RENDERER, *how))
        return env

    def _downloads_how(self, config: MkDocsConfig) -> tuple[str, Glossary | None, str]:
        return self.plan.interface, self.plan.glossary, config.site_name

    @event_priority(-100)  # after Material's search plugin has indexed the page (0)
    def on_page_context(self, context: TemplateContext, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        src_uri = page.file.src_uri
        indexed = self.search.take(page) if self.search is not None else None  # Material's plugin had it blank
        html = (page.content or "") if indexed is None else indexed
        made = partial(page_parts, html, indexed is not None, self.plan.formulas,
                       partial(self.question_html.blocks, src_uri))
        key = (src_uri, html, indexed is not None, self.plan.formulas is None)
        parts = or_plugin_error(lambda: self.session.contexts.made(key, made) if self.session else made())
        page.content = parts.content
        self.question_html.take(src_uri, parts.blocks)
        page.meta.setdefault("share_description", parts.share)  # overrides/main.html
        skip_to_first_question(page.toc, parts.content)
        return context

    @event_priority(-150)  # after Material's search plugin (0) and offline plugin (-100)
    def on_post_build(self, config: MkDocsConfig) -> None:
        try:
            # Every page's search words are cut by now: jieba's cuts are kept for the next build
            # where they were made, while the site is finished here.
            kept = self._started().run(keep_cuts) if self.search is not None else lambda: None
            index = self.search.result if self.search is not None else None
            scripts = self.session.files if self.session else None  # the question scripts a serve session keeps
            write = partial(self.question_html.write, kept=scripts)
            downloads = self.downloads
            assert downloads is not None, "started in on_config (mkdocs serve) or on_env"
            # `mkdocs serve` reloads the browsers once the pages are written, the downloads after.
            or_plugin_error(lambda: finish_site(config, self.plan, index, None if self.session else downloads, write,
                                                self._prebuilt_search(), scripts.md5 if scripts else None))
            if self.session is not None:
                self.session.write_downloads_later(Path(config.site_dir), downloads)
            kept()
        finally:
            self._stop_rendering()
            if self.session is not None:
                self.session.end_build()
        self.output_built = True  # unless strict mode then finds warnings (on_build_error)

    def _prebuilt_search(self) -> bool:
        """Whether this build makes Lunr's index (the option; unset: not under `mkdocs serve`)."""
        return self.session is None if self.config.prebuilt_search is None else self.config.prebuilt_search

    def on_build_error(self, error: Exception) -> None:
        self._stop_rendering()
        if self.session is not None:
            self.session.end_build()
        self._close_output(commit=False)

    def _started(self) -> prerender.Pages:
        assert self.pages is not None, "the pages are made from on_config to the build's end"
        return self.pages

    def _stop_rendering(self) -> None:
        if self.pages is not None:
            self.pages.close()
            self.pages = None

    def on_serve(self, server: LiveReloadServer, config: MkDocsConfig, builder: Callable[..., Any]) -> LiveReloadServer:
        self.watcher = watch_quickly(server, [self.settings_path, *self.plan.watched])
        return server

