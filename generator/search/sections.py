"""A page's HTML cut into search sections, as Material's search plugin cuts it, in one pass.

Material's plugin reads each page with Python's ``html.parser``: a method call per tag and per
run of text, and a set intersection per call.  A page the generator wrote holds only plain
tags, escaped text and entities, so a single regular expression reads it; :func:`page_sections`
then follows the plugin's rules (``material/plugins/search/plugin.py``, ``Parser``) step by
step, its quirks included, so that the index is the one the plugin would write:

- a section starts at each heading with an ``id``; text before the first one goes to a
  section of its own (``hx``);
- ``p code pre li ol ul sub sup`` are kept as bare tags, empty ones dropped; every other tag
  is left out, its text kept;
- an element with ``data-search-exclude`` (or ``class="linenodiv"``) is skipped with its text;
  like the plugin, the skip is by tag name (its elements compare by tag), so the first end tag
  of that name ends it;
- text is unescaped, then escaped again (``&``, ``<``, ``>``), its line breaks made spaces and
  runs of whitespace kept once, but inside ``pre``.

Anything else (comments, ``<script>``, ``<style>``, a ``<`` that does not open a plain tag)
and :func:`page_sections` returns None: the caller hands the page to Material's own parser.
Pure and linear: each tag and each run of text is handled once, in constant time but for the
plugin's own lookup of an end tag's opening in its section (the section's first such tag).
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

# Tags the plugin keeps in the index, and the elements that never close (no end tag expected).
KEPT = frozenset({"p", "code", "pre", "li", "ol", "ul", "sub", "sup"})
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
                  "source", "track", "wbr"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
ALWAYS_SKIPPED = frozenset({"object", "script", "style"})
_ATTRIBUTE = r"""\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?"""
# A plain start or end tag, or any other "<" (the page is then not read here).
_TAG = re.compile(rf"""<(?:(?P<name>[a-zA-Z][a-zA-Z0-9-]*)(?P<attrs>(?:{_ATTRIBUTE})*)\s*(?P<empty>/)?>"""
                  r"|/(?P<end>[a-zA-Z][a-zA-Z0-9-]*)\s*>)?")
_ATTRIBUTES = re.compile(r"""([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")


@dataclass
class Section:
    """The text of one search section: its heading (``hx`` for none), title and text."""

    tag: str
    attrs: dict[str, str | None]
    depth: float = 0
    id: str | None = None
    title: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    @property
    def excluded(self) -> bool:
        return "data-search-exclude" in self.attrs


class _Reader:
    """The plugin's parser state: the open elements (their tags) and the tags being skipped."""

    def __init__(self) -> None:
        self.context: list[tuple[str, dict[str, str | None]]] = []
        self.open: dict[str, int] = {}  # tag -> how many of the open elements have it
        self.skip = set(ALWAYS_SKIPPED)
        self.sections: list[Section] = []
        self.section: Section | None = None

    def skipping(self) -> bool:
        return any(self.open.get(tag) for tag in self.skip)

    def _top(self) -> Section:
        if self.section is None:
            self.section = Section("hx", {})
            self.sections.append(self.section)
        return self.section

    def _in_title(self, section: Section) -> bool:
        return bool(self.open.get(section.tag))

    def start(self, tag: str, attrs: dict[str, str | None]) -> None:
        if tag in VOID:
            return
        self.context.append((tag, attrs))
        self.open[tag] = self.open.get(tag, 0) + 1
        if tag in HEADINGS and "id" in attrs:
            depth = len(self.context)
            if tag != "h1" and not self.sections:
                self.sections.append(Section("hx", {}, depth))
            section = Section(tag, attrs, depth)
            if self.sections:
                section.id = attrs["id"]
            self.sections.append(section)
            self.section = section
        section = self._top()
        for key, value in attrs.items():
            if key == "data-search-exclude" or (key == "class" and value == "linenodiv"):
                self.skip.add(tag)
                return
        if tag in KEPT and not self.skipping():
            (section.title if self._in_title(section) else section.text).append(f"<{tag}>")

    def end(self, tag: str) -> None:
        if not self.context or self.context[-1][0] != tag:
            return
        section = self._top()
        if section.depth > len(self.context):
            for earlier in reversed(self.sections):
                if earlier.depth <= len(self.context):
                    section.depth = float("inf")
                    self.section = section = earlier
                    break
        self.context.pop()
        self.open[tag] -= 1
        if tag in self.skip:
            if tag not in ALWAYS_SKIPPED:
                self.skip.remove(tag)
            return
        if tag in KEPT and not self.skipping():
            data = section.title if self._in_title(section) else section.text
            index = data.index(f"<{tag}>")
            if all(item.isspace() for item in _after(data, index)):
                del data[index:]
            else:
                data.append(f"</{tag}>")

    def data(self, data: str) -> None:
        if self.skipping():
            return
        if "&" in data:
            data = html.unescape(data)
        if not self.open.get("pre"):
            data = data.replace("\n", " ") if not data.isspace() else " "
        section = self.section or self._top()
        if self.open.get(section.tag):  # in the section's title
            if not any(tag == "a" and attrs.get("class") == "headerlink" for tag, attrs in self.context):
                section.title.append(html.escape(data, quote=False))
        elif data.isspace():
            if not section.text or not section.text[-1].isspace() or self.open.get("pre"):
                section.text.append(data)
        else:
            section.text.append(html.escape(data, quote=False))


def _after(data: list[str], index: int) -> list[str]:
    """The items after ``index`` up to the first that is not whitespace (the plugin's scan)."""
    for end in range(index + 1, len(data)):
        if not data[end].isspace():
            return data[index + 1:end + 1]
    return data[index + 1:]


def _attributes(text: str) -> dict[str, str | None]:
    attrs: dict[str, str | None] = {}
    for match in _ATTRIBUTES.finditer(text):
        name, double, single, bare = match.groups()
        value = double if double is not None else single if single is not None else bare
        attrs[name.lower()] = html.unescape(value) if value is not None else None
    return attrs


def _read_attributes(tag: str, text: str) -> bool:
    """Whether the plugin's parser would look at a ``tag``'s attributes ``text``: a heading's
    id, a link's class (a heading's permalink), an exclusion; else they are not read."""
    return bool(text) and (tag in HEADINGS or tag == "a" or "data-search-exclude" in text or "linenodiv" in text)


def page_sections(page: str) -> list[Section] | None:
    """The search sections of a page's HTML, as Material's plugin finds them; None when the
    page holds markup beyond plain tags (see the module doc)."""
    reader = _Reader()
    no_attributes: dict[str, str | None] = {}
    at = 0
    while match := _TAG.search(page, at):
        start = match.start()
        if start > at:
            reader.data(page[at:start])
        at = match.end()
        name, attrs, empty, end = match.groups()
        if end:
            reader.end(end.lower())
        elif name:
            tag = name.lower()
            if tag in ALWAYS_SKIPPED:
                return None
            skipped = tag in reader.skip
            reader.start(tag, _attributes(attrs) if _read_attributes(tag, attrs) else no_attributes)
            if empty:
                reader.end(tag)
            elif not skipped and tag in reader.skip and (after := _skipped_element_end(page, at, tag, reader)):
                at = after  # its content changes nothing: the end tag alone is read
                reader.end(tag)
        else:
            return None
    if at < len(page):
        reader.data(page[at:])
    return reader.sections


def _skipped_element_end(page: str, at: int, tag: str, reader: _Reader) -> int | None:
    """Where the end tag of the excluded ``tag`` element opened before ``at`` starts, when what
    lies between changes nothing the plugin keeps: plain tags, balanced, no heading (it would
    open a section), none named like a skipped element (its end tag would end the skip), and the
    section's heading above them.  Else None: the content is read tag by tag.

    An answer key or a footer kept out of search is then passed in one scan, with no call per tag.
    """
    if reader._top().depth > len(reader.context):
        return None
    open_tags: list[str] = []
    for match in _TAG.finditer(page, at):
        name, _, empty, end = match.groups()
        if end:
            end = end.lower()
            if not open_tags:
                return match.start() if end == tag else None
            if open_tags.pop() != end:
                return None
        elif name:
            name = name.lower()
            if name in HEADINGS or name in ALWAYS_SKIPPED or name in reader.skip:
                return None
            if not empty and name not in VOID:
                open_tags.append(name)
        else:
            return None
    return None
