"""How a Word run of text stands out: coloured, highlighted, shaded, bold or underlined.

Question banks kept in Word often mark the right option by its look alone (red, bold, a
yellow highlight); :mod:`generator.read.word.answers` reads answers from that.  Here a run's
look is resolved as Word resolves it, small: the paragraph style (and the styles it is based
on), then the run's character style, then the run's own properties, each overriding what
came before.  Document defaults are left out: what every paragraph has marks nothing.
Colours are named by family ("red"), so the shades an author picks from the palette
(FF0000, C00000) count as one mark.
"""
from __future__ import annotations

import colorsys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from ..office_package import clark

_RPR, _PPR, _RSTYLE, _VAL = clark("w:rPr"), clark("w:pPr"), clark("w:rStyle"), clark("w:val")
_B, _U, _COLOR, _HIGHLIGHT, _SHD = clark("w:b"), clark("w:u"), clark("w:color"), clark("w:highlight"), clark("w:shd")
_FILL, _SHD_COLOR = clark("w:fill"), clark("w:color")
_OFF = {"0", "false", "off", "none"}
# Highlight names Word writes (w:highlight), by family: "darkYellow" is yellow to a reader.
_HIGHLIGHTS = {"yellow": "yellow", "green": "green", "cyan": "blue", "magenta": "purple", "blue": "blue",
               "red": "red", "darkblue": "blue", "darkcyan": "blue", "darkgreen": "green",
               "darkmagenta": "purple", "darkred": "red", "darkyellow": "yellow", "darkgray": "grey",
               "lightgray": "grey"}
_FAMILIES_ZH = {"red": "紅色", "orange": "橙色", "yellow": "黃色", "green": "綠色", "blue": "藍色",
                "purple": "紫色", "grey": "灰色"}
_KINDS_ZH = {"text": "文字", "highlight": "醒目提示", "shading": "網底", "bold": "粗體", "underline": "底線"}


@dataclass(frozen=True, order=True)
class Emphasis:
    """One way text stands out: ``kind`` text (a colour), highlight, shading, bold or
    underline; ``colour`` the colour family of the first three ("red")."""

    kind: str
    colour: str = ""

    @property
    def english(self) -> str:
        """As the layout report names it: "red text", "yellow highlight", "bold"."""
        return f"{self.colour} {self.kind}" if self.colour else self.kind

    @property
    def chinese(self) -> str:
        """As a flag's message names it: 紅色文字, 黃色醒目提示, 粗體."""
        return _FAMILIES_ZH.get(self.colour, "") + _KINDS_ZH[self.kind]


BOLD, UNDERLINE = Emphasis("bold"), Emphasis("underline")


@dataclass(frozen=True)
class EmphasisSpan:
    """Characters ``start``…``end`` of a paragraph's text (or of a document's neutral text)
    and how they stand out (never empty)."""

    start: int
    end: int
    kinds: frozenset[Emphasis]


# What a property element sets: its slot ("colour", "bold" …) and the emphasis it gives
# there, ``None`` when it turns that slot off (``<w:b w:val="0"/>``, ``w:color="auto"``).
Properties = dict[str, Emphasis | None]


def run_properties(rpr: Any | None) -> Properties:
    """The emphasis slots a w:rPr (of a run or a style) sets."""
    found: Properties = {}
    if rpr is None:
        return found
    for child in rpr.iterchildren():
        tag = child.tag
        if tag == _B:
            found["bold"] = None if (child.get(_VAL) or "true").lower() in _OFF else BOLD
        elif tag == _U:
            found["underline"] = None if (child.get(_VAL) or "single").lower() in _OFF else UNDERLINE
        elif tag == _COLOR:
            found["colour"] = _coloured("text", child.get(_VAL))
        elif tag == _HIGHLIGHT:
            family = _HIGHLIGHTS.get((child.get(_VAL) or "").lower())
            found["highlight"] = Emphasis("highlight", family) if family else None
        elif tag == _SHD:
            found["shading"] = shading(child)
    return found


def shading(shd: Any) -> Emphasis | None:
    """The emphasis of a w:shd: its fill, or its pattern colour when the pattern is solid."""
    value = shd.get(_SHD_COLOR) if (shd.get(_VAL) or "").lower() == "solid" else shd.get(_FILL)
    return _coloured("shading", value)


def colour_family(value: str | None) -> str:
    """A hex colour's family ("FF0000", "C00000" -> "red"); "" for auto, black and white,
    which are the page's own colours, or for what is no hex colour."""
    if value is None or len(value) != 6:
        return ""
    try:
        red, green, blue = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return ""
    hue, saturation, brightness = colorsys.rgb_to_hsv(red, green, blue)
    if brightness < 0.25 or (saturation < 0.15 and brightness > 0.95):
        return ""
    if saturation < 0.2:
        return "grey"
    degrees = hue * 360
    for limit, family in ((15, "red"), (45, "orange"), (70, "yellow"), (170, "green"), (260, "blue"),
                          (330, "purple")):
        if degrees < limit:
            return family
    return "red"


def _coloured(kind: str, value: str | None) -> Emphasis | None:
    family = colour_family(value)
    return Emphasis(kind, family) if family else None


class EmphasisStyles:
    """The emphasis a run has through its styles and its own properties.

    ``chain`` gives a style and the styles it is based on, nearest first (see
    ``generator.read.word.paragraphs``); what each pair of paragraph and character style gives is
    worked out once."""

    def __init__(self, chain: Callable[[str | None], Iterator[Any]]) -> None:
        self._chain = chain
        self._inherited: dict[tuple[str | None, str | None], Properties] = {}
        self._kinds: dict[tuple[str | None, str | None], frozenset[Emphasis]] = {}
        self._shaded: dict[str | None, frozenset[Emphasis]] = {}

    def spans(self, paragraph_style: str | None, shading: Any | None, pieces: list[str],
              runs: list[tuple[int, int, Any | None]], shift: int, length: int) -> tuple[EmphasisSpan, ...]:
        """The runs of a paragraph that stand out, as spans of its text, ``length`` long.

        ``shading`` is the paragraph's own w:shd, if any; ``pieces`` its text as read, of which
        ``runs`` says what each run added (first piece, after the last) and its w:rPr;
        ``shift`` is where the first piece stands in the text (after a list number)."""
        whole = self.paragraph(paragraph_style, shading)
        plain = self.run(paragraph_style, None)  # a run without properties of its own
        found: list[EmphasisSpan] = []
        ends: list[int] | None = None  # where each piece ends in the text, worked out when needed
        for first, last, rpr in runs:
            kinds = plain if rpr is None else self.run(paragraph_style, rpr)
            if whole:
                kinds |= whole
            if not kinds or first == last:
                continue
            if ends is None:
                ends = list(accumulate(len(piece) for piece in pieces))
            start = max((ends[first - 1] if first else 0) + shift, 0)
            end = min(ends[last - 1] + shift, length)
            if end > start:
                found.append(EmphasisSpan(start, end, kinds))
        return tuple(found)

    def run(self, paragraph_style: str | None, rpr: Any | None) -> frozenset[Emphasis]:
        """How a run of a paragraph in ``paragraph_style`` stands out, ``rpr`` its w:rPr if it has one."""
        if rpr is None:
            return self._kinds_of(paragraph_style, None)
        style = rpr.find(_RSTYLE)
        character_style = None if style is None else style.get(_VAL)
        own = run_properties(rpr)
        if not own:
            return self._kinds_of(paragraph_style, character_style)
        return _kinds({**self._properties(paragraph_style, character_style), **own})

    def paragraph(self, paragraph_style: str | None, shd: Any | None) -> frozenset[Emphasis]:
        """The shading of a whole paragraph (``shd``: its own w:shd, else its style's), which
        its runs show too."""
        if shd is not None:
            return _shaded(shd)
        if paragraph_style not in self._shaded:
            shd = next((s for s in (style.find(f"{_PPR}/{_SHD}") for style in self._chain(paragraph_style))
                        if s is not None), None)
            self._shaded[paragraph_style] = frozenset() if shd is None else _shaded(shd)
        return self._shaded[paragraph_style]

    def _kinds_of(self, paragraph_style: str | None, character_style: str | None) -> frozenset[Emphasis]:
        key = (paragraph_style, character_style)
        if key not in self._kinds:
            self._kinds[key] = _kinds(self._properties(paragraph_style, character_style))
        return self._kinds[key]

    def _properties(self, paragraph_style: str | None, character_style: str | None) -> Properties:
        key = (paragraph_style, character_style)
        if key not in self._inherited:
            merged: Properties = {}
            for style_id in (paragraph_style, character_style):
                # the farthest base first, so that nearer styles override it
                for style in reversed(list(self._chain(style_id))):
                    merged.update(run_properties(style.find(_RPR)))
            self._inherited[key] = merged
        return self._inherited[key]


def _shaded(shd: Any) -> frozenset[Emphasis]:
    found = shading(shd)
    return frozenset((found,)) if found else frozenset()


def _kinds(properties: Properties) -> frozenset[Emphasis]:
    return frozenset(e for e in properties.values() if e is not None)
