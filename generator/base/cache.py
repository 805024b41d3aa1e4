"""Where the generator keeps what it can make again (npm packages of an installed tool, compiled
templates, the search index's Chinese words as jieba cut them): ``$STUDY_GUIDE_CACHE``, by
default ``~/.cache/study-guide``."""
from __future__ import annotations

import os
from pathlib import Path


def cache_home() -> Path:
    """The generator's cache folder (it may not exist yet)."""
    return Path(os.environ.get("STUDY_GUIDE_CACHE") or Path.home() / ".cache" / "study-guide")
