"""The report page's account of how a bank was read: how many questions each section holds,
and every line or row that looks like a question and was read as none (``Bank.unread``), as
``study-guide check`` prints them (generator.read.reading_report)."""
from __future__ import annotations

from ..bank.model import Bank
from ..base.text import clip
from .escape import escape

UNREAD_LIMIT = 80  # characters of an unread line the page shows
TITLE_LIMIT = 80  # and of a section's title (a title may be the whole of a damaged bank)


def reading_section(bank: Bank, ui: dict[str, str], heading: str) -> list[str]:
    """The parts (Markdown blocks) of the report page saying what each section holds and which
    question-like lines no question holds, under headings of the level ``heading`` ("##")."""
    rows = [f"| {chapter.number} | {escape(clip(chapter.title, TITLE_LIMIT))} | {len(chapter.questions)} |"
            for chapter in bank.chapters]
    head = f"| {ui['chapter']} | {ui['reading_section_title']} | {ui['count']} |\n| --- | --- | --- |\n"
    parts = [f"{heading} {ui['reading_title']}", head + "\n".join(rows)]
    if bank.unread:
        parts.append(f"{heading} {ui['unread_title']}\n\n{ui['unread_intro']}")
        parts.append("\n".join(f"- {ui['stray_where']} {s.position.line}:{s.position.column}："
                               f"「{escape(clip(s.text, UNREAD_LIMIT))}」" for s in bank.unread))
    return parts
