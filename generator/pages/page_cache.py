"""Chapter pages kept from one build to the next of a ``mkdocs serve`` session.

An edit to a bank changes a chapter or two, yet every build renders every page again, to the
same Markdown.  A :class:`PageCache` keeps each chapter page under a digest of everything it is
made from: the guide's settings and glossary, its bank's numbering and pictures, the chapter
as checked, and each question's related-question footer (which quotes other questions).  A
page whose digest is kept is taken as it was; its formula tokens stay good, as the session
renders with one :class:`MathStash` that keeps every token.  Its Markdown is then the same
string as before, so what MkDocs makes of it can be kept too (generator.site.converted).
"""
from __future__ import annotations

import copyreg
import hashlib
import io
import pickle
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from ..bank.model import Page, Position, Question, placeless
from ..math.katex import MathStash

V = TypeVar("V")


# Where a question or chapter stands in the bank file is not shown on its page (the report page,
# which names lines, is not kept): an edit above a chapter does not make it again.  (Digested
# only, never unpickled.)
_PLACELESS: dict[type, Callable[[Any], Any]] = {
    **copyreg.dispatch_table, Position: lambda position: (Position, (0, 0, 0)),
    Question: lambda question: (Question, placeless(question))}


def digest(*parts: Any) -> bytes:
    """A digest of ``parts`` (the model's frozen dataclasses, strings, tuples …), positions in
    the bank file left out.

    Pickle writes equal values to equal bytes within one process, except where one object is
    shared where an equal copy stood before: then the digests differ and the page is rendered
    again, never the other way round."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _PLACELESS
    pickler.dump(parts)
    return hashlib.sha256(out.getbuffer()).digest()


class SessionCache(Generic[V]):
    """Values by key (a digest, or the text they are made from) for the builds of one
    session: each build keeps what it used."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, V] = {}  # the last build's
        self._made: dict[Hashable, V] = {}  # this build's
        self.misses = 0  # this build's

    def start_build(self) -> None:
        self._kept, self._made = self._made or self._kept, {}
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        value = self._made.get(key)
        if value is None:
            value = self._kept.get(key)
        if value is None:
            self.misses += 1
        else:
            self._made[key] = value
        return value

    def put(self, key: Hashable, value: V) -> V:
        self._made[key] = value
        return value

    def made(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()``'s, kept."""
        value = self.get(key)
        return value if value is not None else self.put(key, make())


class PageCache:
    """The chapter pages of a session's builds, and the one stash their formulas are in."""

    def __init__(self) -> None:
        self.stash = MathStash(keep=True)
        self.pages: SessionCache[Page] = SessionCache()
