"""Bank -> the JSON contract, and a readable text dump used as the golden-test oracle."""
from __future__ import annotations

import json

from .model import Bank, Question


def question_json(q: Question) -> dict:
    return {
        "id": q.id,
        "number": q.number,
        "type": q.type.value,
        "type_label": q.type_label,
        "stem": q.stem,
        "options": [{"label": o.label, "text": o.text} for o in q.options],
        "answer": q.answer,
        "editor_answer": q.editor_answer,
        "explanation": q.explanation,
        "flags": [{"code": f.code, "severity": f.severity.value, "message": f.message} for f in q.flags],
        "notes": list(q.notes),
        "exam_tags": list(q.exam_tags),
        "corrections": list(q.corrections),
        "source": {"line": q.position.line, "column": q.position.column},
    }


def bank_json(bank: Bank) -> dict:
    """The model as the JSON contract of ``python -m generator export``."""
    return {
        "title": bank.title,
        "preamble": bank.preamble,
        "chapters": [
            {"number": c.number, "title": c.title, "questions": [question_json(q) for q in c.questions]}
            for c in bank.chapters
        ],
        "stray": [{"text": s.text, "reason": s.reason, "line": s.position.line, "column": s.position.column}
                  for s in bank.stray],
    }


def dumps_json(bank: Bank) -> str:
    return json.dumps(bank_json(bank), ensure_ascii=False, indent=2) + "\n"


def dump_text(bank: Bank) -> str:
    """A compact, diff-friendly text view of the whole model."""
    lines = [f"title: {bank.title}", f"preamble: {bank.preamble!r}", f"repairs: {bank.repairs}"]
    for s in bank.stray:
        lines.append(f"stray {s.position.line}:{s.position.column} ({s.reason}): {s.text!r}")
    for c in bank.chapters:
        lines.append(f"chapter {c.number}: {c.title}" + (f" intro={c.intro!r}" if c.intro else ""))
        for q in c.questions:
            lines.append(f"  {q.id} #{q.number} {q.type.value} @{q.position.line}:{q.position.column}"
                         f" answer={q.answer!r}" + (f" tags={list(q.exam_tags)}" if q.exam_tags else ""))
            lines.append(f"    stem: {q.stem!r}")
            lines += [f"    {o.label}: {o.text!r}" for o in q.options]
            if q.answer_text is not None and q.answer_text != q.answer:
                lines.append(f"    answer_text: {q.answer_text!r}")
            if q.editor_answer is not None:
                lines.append(f"    editor_answer: {q.editor_answer!r}")
            if q.explanation:
                lines.append(f"    explanation: {q.explanation!r}")
            lines += [f"    flag {f.severity.value} {f.code}: {f.message}" for f in q.flags]
            lines += [f"    note: {n!r}" for n in q.notes]
    return "\n".join(lines) + "\n"
