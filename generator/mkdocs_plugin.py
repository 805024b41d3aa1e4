"""The MkDocs glue, and the only module that imports mkdocs.

``on_config`` runs the pipeline (so ``mkdocs build`` and every ``mkdocs serve``
rebuild regenerate from ``content/``), ``on_files`` adds the generated pages, and
``on_serve`` watches the banks, their errata and ``site_config/``.
"""
from __future__ import annotations

import logging
from dataclasses import replace
from pathlib import Path

from mkdocs.config import base, config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files

from .errors import GuideError
from .guide import Guide, build_guide
from .settings import load_settings

log = logging.getLogger("mkdocs.plugins.study-guide")


class StudyGuideConfig(base.Config):
    settings = c.Type(str, default="site_config/guide.yml")
    banks = c.ListOfItems(c.Type(str), default=[])  # overrides the settings' banks


class StudyGuidePlugin(BasePlugin[StudyGuideConfig]):
    guide: Guide

    def on_config(self, config):
        root = Path(config.config_file_path).parent
        self.settings_path = root / self.config.settings
        try:
            settings = load_settings(self.settings_path)
            if self.config.banks:
                settings = replace(settings, banks=tuple(Path(b).resolve() for b in self.config.banks))
            self.guide = build_guide(settings, _hand_written(Path(config.docs_dir)))
        except GuideError as error:
            raise PluginError(str(error)) from None
        for bank in self.guide.banks:
            log.info("%s: %d questions in %d chapters, %d flags", bank.source, len(bank.questions),
                     len(bank.chapters), sum(len(q.flags) for q in bank.questions))
        if not config.nav:
            config.nav = list(self.guide.nav)
        return config

    def on_files(self, files: Files, config) -> Files:
        for page in self.guide.pages:
            files.append(File.generated(config, page.path, content=page.markdown))
        return files

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


def build_site(config_file: Path, banks: list[Path], site_dir: Path) -> None:
    """Build the guide for ``banks`` instead of the configured ones into ``site_dir``."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    config = load_config(str(config_file), site_dir=str(site_dir))
    config.plugins["study-guide"].config.banks = [str(b) for b in banks]
    build(config)
