"""Bank -> a compact, diff-friendly text view of the whole model (the golden tests' oracle)."""
from __future__ import annotations

from ..bank.model import Bank


def dump_text(bank: Bank) -> str:
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
