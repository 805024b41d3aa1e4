"""Building the site from the command line (``python -m generator site``), through MkDocs."""
from __future__ import annotations

import logging
from pathlib import Path

from ..base.errors import GuideError
from .output_folder import mkdocs_protected, staged


class SiteError(GuideError):
    """MkDocs stopped building the guide (the reasons are in its log)."""


def build_site(config_file: Path, banks: list[Path], site_dir: Path, script: str | None = None,
               force: bool = False, inputs: tuple[Path, ...] = (), max_bank_size: int | None = None,
               site_name: str | None = None) -> None:
    """Build the guide for ``banks`` (or the configured ones, when empty) into ``site_dir``.

    ``script`` (``original``, ``hans`` or ``hant``), ``max_bank_size`` (bytes) and
    ``site_name`` override the settings' and the configuration's.  The
    site is built beside ``site_dir`` and replaces it only when complete; a folder that
    is no earlier build is refused unless ``force``, as is one holding ``banks`` or
    ``inputs`` (their errata) (generator.site.output_folder).
    """
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    mkdocs_log = logging.getLogger("mkdocs")
    if not mkdocs_log.handlers:  # not run by MkDocs' command line: show its warnings and errors
        shown = logging.StreamHandler()
        shown.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
        mkdocs_log.addHandler(shown)
    config = load_config(str(config_file), site_dir=str(site_dir), **({"site_name": site_name} if site_name else {}))
    options = config.plugins["study-guide"].config
    options.banks, options.script, options.max_bank_size = [str(b) for b in banks], script, max_bank_size
    with staged(site_dir, mkdocs_protected(config, (*banks, *inputs)), force) as folder:
        config.site_dir = str(folder)
        try:
            build(config)
        except MkDocsException as error:  # its messages are logged above; Abort would exit silently
            raise SiteError(str(config_file), f"a build with no {'warnings or ' if config.strict else ''}errors",
                            str(error) or type(error).__name__) from None
