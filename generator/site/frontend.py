"""What the guide's browser scripts share with Python: ``assets/javascripts/constants.js``,
written at build (:func:`constants_script`): the Han character class of the index's Chinese
words, the sentinel query folding puts behind a known word, and the numbers of Material's
search messages (generator.site.material).  The scripts read them through
``overrides/src/page-data.js`` (``studyGuide.constants``), so that they are never copied by hand.
"""

from __future__ import annotations

import json
import re

from ..search.query_folding import INDEX_WORD
from ..search.segmenter import LATIN_ALNUM_CHAR
from .material import MESSAGE_TYPES

NAMESPACE = "studyGuide"
CONSTANTS_JS = "assets/javascripts/constants.js"
# A Han character no bank uses: query folding ends each known word with it (search/query-folding.js),
# and the quick search worker takes a word so ended as it is (search/worker-prelude.js).
SENTINEL = "\u4db5"


def _character_class(pattern: re.Pattern[str]) -> str:
    """``[…]`` of a pattern that is one character class, with or without a ``+``."""
    text = pattern.pattern.removesuffix("+")
    if not (text.startswith("[") and text.endswith("]")):
        raise ValueError(f"{pattern.pattern!r} is not one character class")
    return text


def constants(prebuilt_search: bool = True) -> dict[str, object]:
    """The values the browser scripts share with Python, as ``studyGuide.constants`` holds them;
    ``prebuilt_search``: whether the build makes Lunr's index (generator.search.prebuilt)."""
    return {
        "hanClass": _character_class(INDEX_WORD),  # a character of the index's Chinese words
        "latinAlnumClass": _character_class(LATIN_ALNUM_CHAR),  # set apart from Chinese beside it
        "sentinel": SENTINEL,
        "message": MESSAGE_TYPES,
        "prebuiltSearch": prebuilt_search,  # else search/search_lunr.js is not asked for
    }


def constants_script(prebuilt_search: bool = True) -> str:
    """``constants.js``: for pages and for the search workers (``globalThis`` is either)."""
    return ("/* Written at build by generator/site/frontend.py: what the guide's scripts share with Python. */\n"
            f"(globalThis.{NAMESPACE} = globalThis.{NAMESPACE} || {{}}).constants = "
            f"{json.dumps(constants(prebuilt_search), sort_keys=True)};\n")
