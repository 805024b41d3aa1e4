"""The generator's own links, which it writes as HTML (generator.pages.prose), checked as MkDocs
checks the links it resolves: a link to a page the site does not have is a warning, so that
``mkdocs build --strict`` fails on it."""
from __future__ import annotations

import posixpath
import re
from collections.abc import Collection

# A link from the page's HTML to another page of the site: a relative address of an .html file.
PAGE_LINK = re.compile(r'<a\b[^>]*?\shref="(?P<target>[^"#?:/][^"#?:]*\.html|\.\./[^"#?:]*\.html)(?:#[^"]*)?"')


def broken_links(html: str, page: str, pages: Collection[str]) -> list[str]:
    """Each address in ``html``, the HTML of the page at ``page`` (its path in the site),
    that links to an .html page not among ``pages`` (the site's paths), once, in order."""
    folder = posixpath.dirname(page)
    broken: dict[str, None] = {}
    for match in PAGE_LINK.finditer(html):
        target = match.group("target")
        if posixpath.normpath(posixpath.join(folder, target)) not in pages:
            broken[target] = None
    return list(broken)
