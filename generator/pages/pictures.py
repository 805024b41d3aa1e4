"""A bank's picture as the pages show it: ``<img>`` in a link to the picture itself.

The picture's file is written once under its content-hash name in :data:`PICTURES_DIR`
(generator.site); the page refers to it relatively, so it shows from any server and from
``file://``.  The alt text is the bank's, escaped; SVG is shown through ``<img>`` too, where
nothing in it runs.  Tapping the picture opens it whole (the link; the reader's viewer
enlarges it in place where scripts run).  A picture the guide cannot show (a remote
address, a missing file, EMF or WMF) is its alt text, a remote one with a link to it.
"""
from __future__ import annotations

import re
import string

from ..bank.model import Bank, Picture
from .paths import PICTURES_DIR

_WEB_ADDRESS = re.compile(r"^https?://[^\s\"'<>]+$", re.I)
# Every punctuation mark as a character reference: the attribute holds nothing Markdown's
# inline patterns (links, emphasis, code) would read where the page is Markdown.
_REFERENCES = str.maketrans({c: f"&#{ord(c)};" for c in string.punctuation})


def picture_html(picture: Picture, page_depth: int) -> str:
    """The HTML of ``picture`` on a page ``page_depth`` folders below the site's root."""
    alt = picture.alt.translate(_REFERENCES)
    if picture.media_type:
        src = "../" * page_depth + f"{PICTURES_DIR}/{picture.name}"
        return (f'<a class="picture" href="{src}" title="{alt}">'
                f'<img src="{src}" alt="{alt}" loading="lazy" decoding="async"></a>')
    if picture.url and _WEB_ADDRESS.match(picture.url):  # never fetched: the reader may follow it
        url = picture.url.translate(_REFERENCES)
        return f'<a class="picture-remote" href="{url}" rel="noopener noreferrer nofollow">&#91;{alt}&#93;</a>'
    return f'<span class="picture-unshown">&#91;{alt}&#93;</span>'


def picture_files(banks: tuple[Bank, ...]) -> dict[str, bytes]:
    """Each picture the pages show, once: its path in the site and its bytes."""
    return {f"{PICTURES_DIR}/{p.name}": p.data for bank in banks for p in bank.pictures if p.media_type}
