"""Bank -> the JSON contract of ``study-guide export`` (read back by generator.read.json)."""
from __future__ import annotations

import json
from typing import Any

from ..bank.model import Bank, Question


def question_json(q: Question) -> dict[str, Any]:
    return {
        "id": q.id,
        "number": q.number,
        "type": q.type.value,
        "type_label": q.type_label,
        "stem": q.stem,
        "options": [{"label": o.label, "text": o.text} for o in q.options],
        "answer": q.answer,
        "editor_answer": q.editor_answer,
        "answer_text": q.answer_text,
        "explanation": q.explanation,
        "flags": [{"code": f.code, "severity": f.severity.value, "message": f.message} for f in q.flags],
        "notes": list(q.notes),
        "exam_tags": list(q.exam_tags),
        "corrections": list(q.corrections),
        "points": q.points,
        "source": {"line": q.position.line, "column": q.position.column},
    }


def bank_json(bank: Bank) -> dict[str, Any]:
    """The model as the JSON contract of ``study-guide export``."""
    return {
        "title": bank.title,
        "preamble": bank.preamble,
        "chapters": [
            {"number": c.number, "title": c.title, "intro": c.intro,
             "questions": [question_json(q) for q in c.questions]}
            for c in bank.chapters
        ],
        "stray": [{"text": s.text, "reason": s.reason, "line": s.position.line, "column": s.position.column}
                  for s in bank.stray],
    }


def dumps_json(bank: Bank) -> str:
    return json.dumps(bank_json(bank), ensure_ascii=False, indent=2) + "\n"
