"""How the generator's problems reach MkDocs: log records it shows (so ``mkdocs build --strict``
counts their warnings) and errors it reports as a message, never a traceback."""
from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from mkdocs.exceptions import PluginError

from ..base.errors import GuideError

T = TypeVar("T")

# The plugin's logger, under MkDocs' own: MkDocs shows its records and counts its warnings.
PLUGIN_LOG = logging.getLogger("mkdocs.plugins.study-guide")


class ToMkDocs(logging.Handler):
    """Passes the generator's log records to the plugin's logger, at the level MkDocs shows."""

    def emit(self, record: logging.LogRecord) -> None:
        if PLUGIN_LOG.isEnabledFor(record.levelno):  # mkdocs build --quiet raises the level
            PLUGIN_LOG.handle(record)


def route_generator_log() -> None:
    """Send the ``generator`` loggers' records to MkDocs (once, however often it is called)."""
    generator = logging.getLogger("generator")
    if not any(isinstance(h, ToMkDocs) for h in generator.handlers):
        generator.addHandler(ToMkDocs())
        generator.propagate = False
        generator.setLevel(logging.INFO)  # MkDocs' own handlers decide what is shown


def or_plugin_error(work: Callable[[], T]) -> T:
    """``work()``, with the generator's errors raised as MkDocs' PluginError (a message, no traceback)."""
    try:
        return work()
    except GuideError as error:
        raise PluginError(str(error)) from None
