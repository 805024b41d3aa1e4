"""The MkDocs glue, and the only module that imports mkdocs.

``on_config`` runs the pipeline (so ``mkdocs build`` and every ``mkdocs serve``
rebuild regenerate from ``content/``), ``on_files`` adds the generated pages, and
``on_serve`` watches the banks, their errata and ``site_config/``.

For the edition's script and for search (generator.script, generator.search_terms):
``on_config`` sets the interface language, ``on_files`` adds the local copy of the
``iframe-worker`` shim that ``extra.polyfills`` names (search under ``file://``),
``on_page_markdown`` writes hand-written pages in the edition's script,
``on_page_content`` keeps correction logs and flags out of the search index, and
``on_post_build`` re-segments the index and writes it compactly, before Material's
``offline`` plugin copies it into ``search_index.js``.
"""
from __future__ import annotations

import json
import logging
import re
from dataclasses import replace
from pathlib import Path

from mkdocs.config import base, config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.files import File, Files

from .errors import ConfigError, GuideError
from .glossary import Glossary, load_glossary
from .guide import Guide, build_guide
from .script import SCRIPTS, convert_interface, theme_language
from .search_terms import dump_index, rewrite_index
from .settings import load_settings

log = logging.getLogger("mkdocs.plugins.study-guide")

# The iframe-worker shim as npm installs it (package.json); extra.polyfills names where
# the site serves it.  Without a local copy Material's offline plugin loads it from a CDN.
IFRAME_WORKER_SHIM = Path("node_modules/iframe-worker/shim/index.js")
GLOSSARY_FILE = "glossary.yml"  # beside the settings file
# Blocks of a chapter page that search skips: the correction log and the proofreading
# flags, which quote damaged bank text that readers do not search for.
# The proofreading report is for editors: its rows repeat every flag (a sixth of the index
# of a large bank) and would crowd readers' results.
UNSEARCHED_PAGES = frozenset({"report.md"})
SEARCH_SKIPPED_BLOCK = re.compile(r'<(?:details|div) class="(?:admonition )?(?:corrected|warning|danger|info)"')


class StudyGuideConfig(base.Config):
    settings = c.Type(str, default="site_config/guide.yml")
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks
    script = c.Optional(c.Choice(SCRIPTS))  # overrides the settings' script


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):
    guide: Guide

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
        self.glossary = self._load_glossary()
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

    def _load_glossary(self) -> Glossary | None:
        path = self.settings_path.parent / GLOSSARY_FILE
        try:
            return load_glossary(path) if path.is_file() else None
        except GuideError as error:
            raise PluginError(str(error)) from None

    def on_files(self, files: Files, config) -> Files:
        for page in self.guide.pages:
            files.append(File.generated(config, page.path, content=page.markdown))
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
        return SEARCH_SKIPPED_BLOCK.sub(lambda m: m.group(0) + " data-search-exclude", html)

    @event_priority(-50)  # after Material's search plugin wrote the index, before offline copies it
    def on_post_build(self, config):
        path = Path(config.site_dir) / "search" / "search_index.json"
        if not path.is_file():
            return
        index = json.loads(path.read_text(encoding="utf-8"))
        path.write_text(dump_index(rewrite_index(index, self.glossary, self.guide.interface)), encoding="utf-8")

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
