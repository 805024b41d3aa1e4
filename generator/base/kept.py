"""Values made once and kept for the rest of the process, within a bound.

``mkdocs serve`` builds the whole guide again after every edit in one process, and most of
what a build makes (a question's flags, its practice record, a bank's downloads, a glossary's
term searches) is made of what the edit left alone.  Each such memo is a :class:`Kept`.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class Kept(Generic[K, V]):
    """``make()``'s value by ``key``, made once.  Once ``limit`` values are kept, all are let go
    before the next is kept: memory stays bounded for inputs of any size, at the cost of making
    again what a process past the limit asks for twice."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: dict[K, V] = {}

    def made(self, key: K, make: Callable[[], V]) -> V:
        try:
            return self._values[key]
        except KeyError:
            if len(self._values) >= self.limit:
                self._values.clear()
            value = self._values[key] = make()
            return value

    def __len__(self) -> int:
        return len(self._values)
