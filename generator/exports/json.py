"""Bank -> the JSON contract of ``study-guide export`` (read back by generator.read.json).

Formulas an editor gave go out as written in the errata, never as the model's internal
markers: ``$…$`` and ``$$…$$`` (with ``\\$`` for a dollar sign) in notes and the editor's
answer, ``$…$`` where a correction put one into the bank's own fields.  A picture goes out as
``[alt: file]``, as the spreadsheet exports name it, and is listed under ``pictures``."""
from __future__ import annotations

import json
from json.encoder import encode_basestring  # the C encoder's string escaping (ensure_ascii=False)
from typing import Any

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


def dumps_json(bank: Bank) -> str:
    """``json.dumps(bank_json(bank), ensure_ascii=False, indent=2)``, character for character, and
    a final newline: the standard library encodes an indented document in pure Python, a
    generator per value, which was a third of an export's time."""
    out: list[str] = []
    _indented(bank_json(bank), "\n", out)
    out.append("\n")
    return "".join(out)


_LITERALS = {None: "null", True: "true", False: "false"}


def _indented(value: Any, newline: str, out: list[str]) -> None:
    """``value`` as ``json.dumps(..., indent=2)`` writes it, ``newline`` being the line break and
    indentation it stands at; strings escaped by :mod:`json`'s C escaping."""
    if isinstance(value, str):
        out.append(encode_basestring(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner, lead = newline + "  ", "{"
        for key, item in value.items():
            out.append(f"{lead}{inner}{encode_basestring(key)}: ")
            _indented(item, inner, out)
            lead = ","
        out.append(newline + "}")
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner, lead = newline + "  ", "["
        for item in value:
            out.append(lead + inner)
            _indented(item, inner, out)
            lead = ","
        out.append(newline + "]")
    else:
        out.append(_LITERALS[value] if value is None or isinstance(value, bool) else json.dumps(value))
