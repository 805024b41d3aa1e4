"""Bank -> the JSON contract of ``study-guide export`` (read back by generator.read.json).

Formulas an editor gave go out as written in the errata, never as the model's internal
markers: ``$…$`` and ``$$…$$`` (with ``\\$`` for a dollar sign) in notes and the editor's
answer, ``$…$`` where a correction put one into the bank's own fields.  A picture goes out as
``[alt: file]``, as the spreadsheet exports name it, and is listed under ``pictures``."""
from __future__ import annotations

from typing import Any

import orjson

from ..bank.errata import editor_source, markers_as_dollars
from ..bank.model import Bank, Question
from ..bank.pictures import as_references


def question_json(q: Question, bank: Bank) -> dict[str, Any]:
    def text(field: str) -> str:
        return as_references(markers_as_dollars(field), bank)

    return {
        "id": q.id,
        "number": q.number,
        "type": q.type.value,
        "type_label": q.type_label,
        "stem": text(q.stem),
        "options": [{"label": o.label, "text": text(o.text)} for o in q.options],
        "answer": _bank_text(q.answer),
        "editor_answer": None if q.editor_answer is None else editor_source(q.editor_answer),
        "answer_text": _bank_text(q.answer_text),
        "explanation": text(q.explanation),
        "flags": [{"code": f.code, "severity": f.severity.value, "message": f.message} for f in q.flags],
        "notes": [editor_source(note) for note in q.notes],
        "exam_tags": list(q.exam_tags),
        "corrections": list(q.corrections),
        "points": q.points,
        "source": {"line": q.position.line, "column": q.position.column},
    }


def _bank_text(text: str | None) -> str | None:
    return None if text is None else markers_as_dollars(text)


def bank_json(bank: Bank) -> dict[str, Any]:
    """The model as the JSON contract of ``study-guide export``."""
    return {
        "title": bank.title,
        "preamble": bank.preamble,
        "chapters": [
            {"number": c.number, "title": c.title, "intro": c.intro,
             "questions": [question_json(q, bank) for q in c.questions]}
            for c in bank.chapters
        ],
        "pictures": [{"file": p.name, "alt": p.alt, "media_type": p.media_type, "place": p.place, "url": p.url}
                     for p in bank.pictures],
        "stray": [{"text": s.text, "reason": s.reason, "line": s.position.line, "column": s.position.column}
                  for s in bank.stray],
    }


def json_bytes(bank: Bank) -> bytes:
    """The export's file: :func:`bank_json` indented, in UTF-8."""
    return indented(bank_json(bank))


def indented(value: Any) -> bytes:
    """``json.dumps(value, ensure_ascii=False, indent=2)`` and a final newline, in UTF-8, for
    the values the model holds.  orjson writes it: the standard library encodes an indented
    document in pure Python, a third of an export's time."""
    return orjson.dumps(value, option=orjson.OPT_INDENT_2 | orjson.OPT_APPEND_NEWLINE)
