"""What ``check`` says of how a bank was read: per section, how many questions, and under it
the lines or rows that look like questions and were read as none (``Bank.unread``), each
with file:line and its first words.  Nothing a bank holds is lost without a word.
"""
from __future__ import annotations

import bisect
from collections import Counter

from ..bank.model import Bank, Stray
from ..base.text import clip

UNREAD_CODE = "unread"  # how check names such a line; each counts as a warning (--strict fails)
FIRST_WORDS = 40  # characters of an unread line shown


PAGE_RANGES_SHOWN = 20  # pages whose line ranges ``check`` lists; a longer PDF's first ones


def pdf_lines(bank: Bank) -> list[str]:
    """What ``check`` says of a PDF bank's pages: how many were read, the lines placed and set
    aside, and which lines of the text (that messages count) each page gave."""
    report = bank.pdf
    if report is None:
        return []
    ends = [*report.page_starts[1:], report.lines + 1]
    ranges = [f"page {n} lines {start}–{end - 1}" if end > start else f"page {n} no lines"
              for n, (start, end) in enumerate(zip(report.page_starts, ends, strict=True), 1)]
    more = len(ranges) - PAGE_RANGES_SHOWN
    return [f"pdf: {report.pages} page{'s' * (report.pages != 1)} read ({report.two_columns} in two columns), "
            f"{report.lines} lines placed in reading order, {report.furniture} running headers, footers, "
            "page numbers and logos removed"
            + (f", {report.decorations} tiny picture{'s' * (report.decorations != 1)} (bullets, rules) set aside"
               if report.decorations else ""),
            "pdf: " + "; ".join(ranges[:PAGE_RANGES_SHOWN]) + (f"; … {more} more pages" if more > 0 else "")]


def picture_lines(bank: Bank) -> list[str]:
    """What ``check`` says of a bank's pictures: how many the text shows, the distinct files the
    guide writes and their size, and how many it cannot show (each a question's warning)."""
    if not bank.pictures:
        return []
    files = {p.name: len(p.data) for p in bank.pictures if p.media_type}
    kinds = Counter(p.kind for p in bank.pictures if not p.media_type)
    unshown = "".join(f", {n} {kind}" for kind, n in sorted(kinds.items()))
    return [f"pictures: {len(bank.pictures)} shown in the text, {len(files)} file{'s' * (len(files) != 1)} "
            f"({sum(files.values()) / 1024:.0f} KB) written once each{unshown}"]


def section_lines(bank: Bank) -> list[str]:
    """One line per section ("section 2 '二、多选题' (line 40): 15 questions"), each followed
    by the unread lines that stand in it; those before the first section come first."""
    starts = [c.position.offset for c in bank.chapters]
    by_section: dict[int, list[Stray]] = {}
    for stray in bank.unread:
        by_section.setdefault(bisect.bisect_right(starts, stray.position.offset) - 1, []).append(stray)
    lines = [unread_line(bank, s) for s in by_section.get(-1, ())]
    for k, chapter in enumerate(bank.chapters):
        count = len(chapter.questions)
        lines.append(f"section {chapter.number} {clip(chapter.title, FIRST_WORDS)!r} (line {chapter.position.line}): "
                     f"{count} question{'s' * (count != 1)} read")
        lines += [unread_line(bank, s) for s in by_section.get(k, ())]
    return lines


def unread_line(bank: Bank, stray: Stray) -> str:
    """``bank.txt:120:1: warning: [unread] numbered question not read: '1. 下列…'``."""
    return (f"{bank.source}:{stray.position.line}:{stray.position.column}: warning: [{UNREAD_CODE}] "
            f"{stray.reason}: {clip(stray.text, FIRST_WORDS)!r}")
