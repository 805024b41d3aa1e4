"""This project's own JSON export (``python -m generator export --format json``) -> the model.

The export is the model field by field, so reading it back gives the same questions.
Flags are not read: the checks raise them again on the bank as read.  A picture is listed
under ``pictures`` (its file name, alt text, remote address) and written ``[alt: file]`` in the
text fields (:data:`generator.bank.pictures.REFERENCE`): each such reference is that picture
again, its file read from beside the JSON file by the rules of a Markdown bank's pictures (a
path inside the JSON's folder; a remote address kept as a link; a file not there listed by
``check``).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ...bank.errata import editor_math
from ...bank.model import OPTION_LETTERS, Bank, Chapter, Option, Position, Question, QuestionType
from ...bank.pictures import MISSING, REFERENCE, PictureBook, from_references
from ...base.errors import ParseError
from ...base.text import quoted

_TYPES = ", ".join(t.value for t in QuestionType)


def looks_like_export(text: str) -> bool:
    """Whether ``text`` is a JSON object (the reader then says what is missing from it)."""
    return text.lstrip().startswith("{")


def read_json_bank(text: str, source: str, slug: str, folder: Path | None = None) -> Bank:
    """The bank in a JSON export; an error names the chapter or question that is malformed.
    Its pictures' files are read from ``folder`` (None: none is read, each is listed missing)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise ParseError(source, "JSON as `python -m generator export` writes it", str(error)) from None
    if not isinstance(data, dict) or not isinstance(data.get("chapters"), list):
        found = type(data).__name__ if not isinstance(data, dict) else "no chapters"
        raise ParseError(source, 'a JSON object with a "chapters" list', found,
                         '{"title": "…", "chapters": [{"title": "…", "questions": […]}]}')
    book = PictureBook(source)
    markers = _pictures(data.get("pictures", []), source, folder, book)
    chapters = []
    end = 0
    for i, raw in enumerate(data["chapters"], 1):
        where = f"{source}: chapter {i}"
        _need(raw, dict, where, "a chapter object")
        questions = []
        for k, q in enumerate(_need(raw.get("questions"), list, f"{where}: questions", "a list"), 1):
            end += 1
            questions.append(_question(q, f"{where}: question {k}", end, markers))
        chapters.append(Chapter(i, _text(raw, "title", where), tuple(questions), Position(1, 1, 0),
                                _text(raw, "intro", where, "")))
    return Bank(slug, source, _text(data, "title", source, ""), _text(data, "preamble", source, ""),
                tuple(chapters), pictures=tuple(book.pictures))


def _pictures(raw: Any, source: str, folder: Path | None, book: PictureBook) -> dict[str, str]:
    """Each listed picture's reference in the text -> its marker, the pictures added to ``book``
    in the export's order (a file beside the JSON; a remote address kept as a link)."""
    markers: dict[str, str] = {}
    for k, picture in enumerate(_need(raw, list, f"{source}: pictures", "a list"), 1):
        where = f"{source}: picture {k}"
        file, url, alt = (_text(picture, key, where, "") for key in ("file", "url", "alt"))
        src = file or url
        if not src:
            raise ParseError(where, 'a "file" or a "url"', "neither")
        markers.setdefault(REFERENCE.format(alt=alt, name=src),
                           book.without_data(src, alt, where, MISSING) if folder is None
                           else book.referenced(src, alt, where, folder.resolve()))
    return markers


def _question(raw: Any, where: str, end: int, markers: dict[str, str]) -> Question:
    _need(raw, dict, where, "a question object")
    where = f"{where} ({quoted(str(raw.get('id', '?')), 60)})"
    try:
        qtype = QuestionType(raw.get("type"))
    except ValueError:
        raise ParseError(f"{where}: type", f"one of {_TYPES}", quoted(repr(raw.get("type")))) from None
    def text(key: str, default: Any = _REQUIRED, within: Any = raw) -> Any:  # a field that may show pictures
        value = _text(within, key, where, default)
        return from_references(value, markers) if isinstance(value, str) else value

    options = tuple(Option(_text(o, "label", where), text("text", within=o))
                    for o in _need(raw.get("options", []), list, f"{where}: options", "a list"))
    if len(options) > len(OPTION_LETTERS):
        raise ParseError(f"{where}: options", f"at most {len(OPTION_LETTERS)} options (A-{OPTION_LETTERS[-1]})",
                         f"{len(options)}")
    number = raw.get("number")
    if not isinstance(number, int) or isinstance(number, bool):
        raise ParseError(f"{where}: number", "a whole number", quoted(repr(number)))
    points = raw.get("points")
    if points is not None and (not isinstance(points, int | float) or isinstance(points, bool)):
        raise ParseError(f"{where}: points", "a number or null", quoted(repr(points)))
    source = raw.get("source") if isinstance(raw.get("source"), dict) else {}
    line, column = source.get("line", 1), source.get("column", 1)
    return Question(
        id=_text(raw, "id", where), number=number, type=qtype, stem=text("stem"), options=options,
        answer=_text(raw, "answer", where, None), explanation=text("explanation", ""),
        position=Position(line if isinstance(line, int) else 1, column if isinstance(column, int) else 1, end),
        answer_text=_text(raw, "answer_text", where, None), editor_answer=_editor_answer(raw, where),
        exam_tags=_texts(raw, "exam_tags", where),
        notes=tuple(editor_math(note, f"{where}: notes") for note in _texts(raw, "notes", where)),
        corrections=_texts(raw, "corrections", where), end_offset=end,
        points=float(points) if points is not None else None)


_REQUIRED = object()


def _editor_answer(raw: dict[str, Any], where: str) -> str | None:
    """The editor's answer, its ``$…$`` made formulas again as the errata make them."""
    text = _text(raw, "editor_answer", where, None)
    return None if text is None else editor_math(text, f"{where}: editor_answer")


def _need(value: Any, kind: type, where: str, expected: str) -> Any:
    if not isinstance(value, kind):
        raise ParseError(where, expected, type(value).__name__)
    return value


def _text(raw: Any, key: str, where: str, default: Any = _REQUIRED) -> Any:
    if not isinstance(raw, dict):
        raise ParseError(where, f'an object with "{key}"', type(raw).__name__)
    value = raw.get(key, default)
    if value is _REQUIRED:
        raise ParseError(where, f'a "{key}" field', "none")
    if value is not default and not isinstance(value, str):
        raise ParseError(f"{where}: {key}", "text", type(value).__name__)
    return value


def _texts(raw: dict[str, Any], key: str, where: str) -> tuple[str, ...]:
    values = raw.get(key, [])
    if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
        raise ParseError(f"{where}: {key}", "a list of texts", repr(values)[:60])
    return tuple(values)
