"""A long bank's chapters in the navigation, in groups.

Every page lists the navigation, so a bank of hundreds of chapters made every page list them
all: the reader scrolled past hundreds of entries to reach 隨機練習 or 錯題本, and the build
rendered that list once per page (its time grew with the square of the chapters).  Past
``CHAPTERS_UNGROUPED`` chapters they go in groups of ``CHAPTERS_PER_GROUP`` named by their
numbers ("第 21–40 章"), and Material's ``navigation.prune`` (mkdocs.yml) writes only the
group of the page being read in full; the others are links to their first chapter.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from .escape import ROWS_UNFOLDED

CHAPTERS_UNGROUPED = ROWS_UNFOLDED  # a bank with more chapters than this groups them
CHAPTERS_PER_GROUP = 20

NavEntry = Mapping[str, "str | Sequence[NavEntry]"]  # MkDocs' ``nav``: a title over a path or over entries


def chapter_groups(entries: Sequence[NavEntry], label: str, single: str) -> list[NavEntry]:
    """``entries`` (a bank's chapters, in order) as they are when there are few, or else in
    sections of ``CHAPTERS_PER_GROUP`` titled ``label`` with the first and last chapter's numbers
    (``{first}``, ``{last}``), or ``single`` (``{first}``) for a last group of one."""
    if len(entries) <= CHAPTERS_UNGROUPED:
        return list(entries)
    groups: list[NavEntry] = []
    for start in range(0, len(entries), CHAPTERS_PER_GROUP):
        group = entries[start:start + CHAPTERS_PER_GROUP]
        first, last = start + 1, start + len(group)
        title = label.format(first=first, last=last) if last > first else single.format(first=first)
        groups.append({title: list(group)})
    return groups
