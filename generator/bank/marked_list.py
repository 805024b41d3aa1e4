"""Options as an unlettered list under the stem, the right ones marked on the list itself.

Course notes and knowledge checks write a choice question's options as a plain bullet list
with the right ones in bold (``* **Retirement**``), or as lines led by an empty or ticked box
(``☐ …`` / ``✅ …``, or the Font Awesome icons ``<i class='far fa-square'></i>`` /
``<i class='fas fa-check-square'></i>`` pages copy).  Such a list is options only when two to
ten items follow one another (blank lines between are allowed), all led the same way, and
the marks single some out: at least one bold or ticked item, and (bold being a style a list
may use throughout) not every item bold.  The items are lettered in order; the text after
the list is what follows the options (an explanation).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .model import OPTION_LETTERS, Option

# A list item, its lead (a bullet, or a box: Unicode or a Font Awesome icon) and its text
_ITEM = re.compile(
    r"(?m)^[ \t]{0,3}(?:(?P<bullet>[-*+])[ \t]+"
    r"|(?P<icon><i[ \t]+class=['\"][^'\"\n]{0,40}?fa-(?P<fa>check-)?square\b[^>\n]{0,120}>[ \t]*</i>"
    r"|[☐⬜□](?P<box>)|[☑✅☒](?P<ticked>))[ \t]*(?:&nbsp;[ \t]*){0,6})"
    r"(?P<text>[^\n]{1,2000})$"
)
_BOLD = re.compile(r"(\*\*|__)(?P<inner>[^\n]{1,2000}?)\1")
_BETWEEN = re.compile(r"[ \t]*(?:\n[ \t]*)*")  # only blank lines between two items


@dataclass(frozen=True)
class MarkedList:
    stem: str
    options: tuple[Option, ...]
    letters: str
    after: str  # the text after the list


def _kind(item: re.Match[str]) -> str:
    return "bullet" if item.group("bullet") else "box"


def _marked(item: re.Match[str]) -> tuple[str, bool]:
    """An item's text and whether it is marked right."""
    text = item.group("text").strip()
    if item.group("bullet"):
        bold = _BOLD.fullmatch(text)
        return (bold.group("inner").strip(), True) if bold else (text, False)
    return text, item.group("fa") is not None or item.group("ticked") is not None


def marked_list(text: str) -> MarkedList | None:
    """The first list of ``text`` that is options so marked, or ``None``."""
    if not any(c in text for c in "-*+<☐⬜□☑✅☒"):  # the quick test: every item has its lead
        return None
    items = list(_ITEM.finditer(text))
    k = 0
    while k < len(items):
        run = [items[k]]
        while (k + len(run) < len(items) and _kind(items[k + len(run)]) == _kind(run[0])
               and _BETWEEN.fullmatch(text, run[-1].end(), items[k + len(run)].start())):
            run.append(items[k + len(run)])
        found = _options(text, run)
        if found is not None:
            return found
        k += len(run)
    return None


def _options(text: str, run: list[re.Match[str]]) -> MarkedList | None:
    if not 2 <= len(run) <= len(OPTION_LETTERS):
        return None
    marked = [_marked(item) for item in run]
    chosen = sum(1 for _, right in marked if right)
    if not chosen or (_kind(run[0]) == "bullet" and chosen == len(run)):
        return None
    options = tuple(Option(OPTION_LETTERS[i], t) for i, (t, _) in enumerate(marked))
    letters = "".join(OPTION_LETTERS[i] for i, (_, right) in enumerate(marked) if right)
    return MarkedList(text[: run[0].start()], options, letters, text[run[-1].end() :].strip())
