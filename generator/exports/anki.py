"""The bank as an Anki deck (.apkg, written with genanki): one note per question.

The front shows the stem and options, the back the answer (and the editor's answer where
the errata give one), the explanation and the editor's notes.  Card fields are HTML, and bank
text only enters them escaped
(:func:`html.escape`, line breaks as ``<br>``, code as ``<pre>``); formulas go in as
``\\( … \\)`` (``\\[ … \\]`` for display), which Anki's own MathJax typesets.  Pictures
are the deck's media, each once under its content-hash name.  A bank's own
``\\(`` is broken with a zero-width space, so Anki never typesets what the bank wrote.

Ids are stable: the deck's from the bank's slug, each note's GUID from the slug and the
question id, so importing a newer deck updates the cards already studied instead of
adding copies.  The note type's id depends only on the interface script (its labels).
"""
from __future__ import annotations

import hashlib
import html
import io
import re
import tempfile
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from ..bank.fields import is_letter_answer
from ..bank.model import Bank, Chapter, Question, QuestionType
from ..bank.pictures import MARKER as PICTURE_MARKER
from ..bank.text_blocks import Code, Table, split_blocks
from ..links.glossary import Glossary
from ..math.detect import Math, split_math
from ..pages.index_pages import CrossLinks
from ..pages.script import convert_text
from .common import kept, reproducible_zip

FIELDS = ("Question", "Answer", "Explanation", "Notes", "Source")
_TEX_DELIMITERS = ("\\(", "\\[", "\\)", "\\]")  # Anki's MathJax delimiters, which a bank may write itself
_ZWSP = "\u200b"
CSS = """.card { font-family: "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif; font-size: 18px;
  text-align: left; line-height: 1.6; }
.options { margin: .5em 0 0; padding: 0; list-style: none; }
.label { font-weight: bold; }
pre { white-space: pre-wrap; background: rgba(127,127,127,.12); padding: .5em; }
.source { color: #888; font-size: 14px; }
"""


def deck_bytes(bank: Bank, deck_name: str, ui: Mapping[str, str], glossary: Glossary | None,
               interface: str, modified: float | None = None) -> bytes:
    """``bank`` (checked, in the guide's script) as an .apkg deck named ``deck_name``.

    ``ui`` holds the interface strings in ``interface``'s script (labels, tag names);
    topics come from ``glossary``'s terms, as on the site.  ``modified`` (seconds since
    the epoch) dates the notes; by default now.  Questions
    :func:`generator.exports.common.left_out` names are left out.
    """
    import genanki

    is_kept = kept(bank)
    links = (CrossLinks.build((bank,), glossary, lambda t: convert_text(t, interface), dict(ui))
             if glossary is not None else None)
    model = genanki.Model(stable_id(f"study-guide note type {interface}"), ui["anki_model"],
                          fields=[{"name": name} for name in FIELDS], templates=[_template(ui)], css=CSS)
    deck = genanki.Deck(stable_id(f"study-guide deck {bank.slug}"), deck_name, description=html.escape(bank.title))
    for chapter in bank.chapters:
        for q in filter(is_kept, chapter.questions):
            deck.add_note(genanki.Note(model=model, fields=note_fields(bank, chapter, q, ui),
                                       tags=note_tags(bank, chapter, q, ui, links), guid=note_guid(bank, q)))
    package = io.BytesIO()
    with tempfile.TemporaryDirectory(prefix="study-guide-media-") as folder:
        media = []  # genanki reads a deck's media from files: the pictures, under their content-hash names
        for name, data in {p.name: p.data for p in bank.pictures if p.media_type}.items():
            (path := Path(folder) / name).write_bytes(data)
            media.append(str(path))
        genanki.Package(deck, media_files=media).write_to_file(package, timestamp=modified)
    return reproducible_zip(package.getvalue(), modified)


def stable_id(text: str) -> int:
    """An id in the range genanki suggests (2**30 to 2**31), the same for the same ``text``."""
    return (1 << 30) + int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big") % (1 << 30)


def note_guid(bank: Bank, question: Question) -> str:
    """The note's GUID: from the bank's slug and the question's id, never its text."""
    import genanki

    return str(genanki.guid_for(bank.slug, question.id))


def note_fields(bank: Bank, chapter: Chapter, q: Question, ui: Mapping[str, str]) -> list[str]:
    """The note's fields as HTML, in :data:`FIELDS` order."""
    front = field_html(q.stem)
    if q.options:
        items = "".join(f'<li><span class="label">{o.label}.</span> {field_html(o.text)}</li>' for o in q.options)
        front += f'<ul class="options">{items}</ul>'
    notes = "".join(f"<div>{field_html(n)}</div>" for n in q.notes)
    source = html.escape(f"{chapter.number}. {chapter.title} · {ui['question'].format(number=q.number)} · "
                         f"{ui['type_' + q.type.value]}")
    fields = [front, answer_html(q, ui), field_html(q.explanation), notes, source]
    return [with_pictures(field, bank) for field in fields]


def with_pictures(field: str, bank: Bank) -> str:
    """A card field's picture markers as ``<img>`` of the deck's media (by file name, as Anki
    keeps them), or the alt text of one the deck does not carry."""
    def shown(match: re.Match[str]) -> str:
        picture = bank.pictures[int(match.group(1))]
        alt = html.escape(picture.alt, quote=True)
        return f'<img src="{picture.name}" alt="{alt}">' if picture.media_type else f"[{alt}]"
    return PICTURE_MARKER.sub(shown, field)


def answer_html(q: Question, ui: Mapping[str, str]) -> str:
    """The bank's answer, and the editor's where the errata give one (it never replaces the bank's)."""
    shown = _answer_value(q, q.answer, q.answer_text, ui) if q.answer is not None else html.escape(ui["no_answer"])
    if q.editor_answer is not None:
        shown += f"<br><b>{html.escape(ui['editor_answer'])}：</b>{_answer_value(q, q.editor_answer, None, ui)}"
    return shown


def _answer_value(q: Question, answer: str, written: str | None, ui: Mapping[str, str]) -> str:
    """Letters for choices (``B、C``), 正确/错误 for judge, else the answer's text."""
    if q.type.is_choice and is_letter_answer(answer):
        return "、".join(answer)
    if q.type is QuestionType.JUDGE and answer in ("true", "false"):
        return html.escape(ui[answer])
    return field_html(written or answer)


def note_tags(bank: Bank, chapter: Chapter, q: Question, ui: Mapping[str, str], links: CrossLinks | None) -> list[str]:
    """``章节::1_…``, ``题型::单选`` and a ``主题::…`` per topic (Anki tags hold no spaces)."""
    topics = links.tags(bank, q)[1:] if links is not None else ()
    tags = [f"{ui['chapter']}::{chapter.number}_{chapter.title}", f"{ui['type']}::{ui['type_' + q.type.value]}",
            *(f"{ui['anki_topic']}::{t}" for t in topics)]
    return ["_".join(tag.split()) for tag in tags]


# Each text's HTML kept: `mkdocs serve` makes the deck of an edited bank again in a process that
# lives as long as the session, and all texts but the edited one are as before.
@lru_cache(maxsize=100_000)
def field_html(text: str) -> str:
    """Bank text as card HTML: escaped, formulas for MathJax, code and tables as blocks."""
    parts = []
    for block in split_blocks(text):
        if isinstance(block, Code):
            parts.append(f"<pre><code>{html.escape(block.code)}</code></pre>")
        elif isinstance(block, Table):
            rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in block.rows)
            parts.append(f"<table>{rows}</table>")
        else:
            parts.append(_prose(block.text))
    return "".join(parts)


def _prose(text: str) -> str:
    out = []
    for segment in split_math(text):
        if isinstance(segment, Math):
            latex = html.escape(segment.latex)
            out.append(f"\\[{latex}\\]" if segment.display else f"\\({latex}\\)")
        else:
            plain = segment.text
            for delimiter in _TEX_DELIMITERS:
                plain = plain.replace(delimiter, delimiter[0] + _ZWSP + delimiter[1:])
            out.append(html.escape(plain).replace("\n", "<br>"))
    return "".join(out)


def _template(ui: Mapping[str, str]) -> dict[str, str]:
    explanation, notes = html.escape(ui["explanation"]), html.escape(ui["note_title"])
    return {
        "name": ui["anki_card"],
        "qfmt": "{{Question}}",
        "afmt": ('{{FrontSide}}<hr id="answer"><div><b>' + html.escape(ui["answer"]) + "：</b>{{Answer}}</div>"
                 "{{#Explanation}}<div><b>" + explanation + "：</b>{{Explanation}}</div>{{/Explanation}}"
                 "{{#Notes}}<div><b>" + notes + "：</b>{{Notes}}</div>{{/Notes}}"
                 '<div class="source">{{Source}}</div>'),
    }
