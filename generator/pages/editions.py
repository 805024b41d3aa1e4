"""The printable editions' markup: answer key, writing space and the edition switch.

A chapter page carries both editions at once and the stylesheet
(``overrides/assets/stylesheets/print.css``) shows one of them:

- the **answer edition** (the default) prints every answer, explanation and note open;
- the **practice edition** prints the questions and options only, a ruled space to
  write in for the open questions, and at the end of the chapter an answer key grid
  (``1.B 2.BC 3.0.0005 …``) for the questions whose answer is short.

Everything here is pure: bank text enters the markup only through
:func:`generator.escape.escape` (or the renderer's ``inline`` function, which escapes
too), interface strings only through :func:`html.escape`.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from ..bank.fields import is_letter_answer
from ..bank.model import Chapter, Question, QuestionType
from .escape import escape

# Question types whose answer fits in a grid cell; the others' answers are written out after the grid.
KEYED_TYPES = frozenset({QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.JUDGE, QuestionType.FILL})
WRITTEN_TYPES = frozenset(QuestionType) - KEYED_TYPES

# Ruled lines left for writing in the practice edition: one line per ~8 mm on paper.
WRITING_LINES: Mapping[QuestionType, int] = {
    QuestionType.FILL: 2,
    QuestionType.SHORT: 6,
    QuestionType.CALC: 8,
    QuestionType.CASE: 10,
}

EDITIONS = ("answers", "practice")  # the answer edition first: it is what printing gives by default


@dataclass(frozen=True)
class KeyEntry:
    """One cell of the answer key: the question it answers and the answer as plain text.

    ``answer`` is ``None`` when the bank gives no answer; ``is_text`` tells a fill answer
    (bank text, to be escaped) from a normalised choice or true/false answer.
    """

    question: Question
    answer: str | None
    is_text: bool


def key_entries(chapter: Chapter, ui: Mapping[str, str]) -> tuple[KeyEntry, ...]:
    """The answer key of ``chapter``: choice letters (``BC``), 正確/錯誤, or the fill answer."""
    entries = []
    for q in chapter.questions:
        if q.type not in KEYED_TYPES:
            continue
        if q.answer is None:
            entries.append(KeyEntry(q, None, False))
        elif q.type.is_choice and is_letter_answer(q.answer):
            entries.append(KeyEntry(q, q.answer, False))
        elif q.type is QuestionType.JUDGE and q.answer in ("true", "false"):
            entries.append(KeyEntry(q, ui[q.answer], False))
        else:
            entries.append(KeyEntry(q, " ".join((q.answer_text or q.answer).split()), True))
    return tuple(entries)


def answer_key(chapter: Chapter, ui: Mapping[str, str],
               inline: Callable[[Question, str], str] | None = None,
               written: Callable[[Question, str], str] | None = None) -> str:
    """The practice edition's answer key for ``chapter`` as Markdown, or ``""`` if it has no question.

    ``inline`` renders a fill answer as the page renders prose (formulas typeset);
    by default it is only escaped.  Each number links to its question.  The answers of
    :data:`WRITTEN_TYPES` (計算, 簡答, 案例分析), too long for a cell, follow the grid, each
    made by ``written`` (the question and the label to lead with; the page's answer line),
    by default the answer's text escaped.
    """
    entries = key_entries(chapter, ui)
    long = [q for q in chapter.questions if q.type in WRITTEN_TYPES]
    if not entries and not long:
        return ""
    show = inline or (lambda question, text: escape(text))
    items = []
    for entry in entries:
        q = entry.question
        if entry.answer is None:
            answer = f'<span class="answer-key__missing" title="{html.escape(ui["no_answer"])}">—</span>'
        else:
            answer = show(q, entry.answer) if entry.is_text else escape(entry.answer)
        if q.editor_answer is not None:  # a disputed answer: the bank's, then the editor's
            answer += (f' <span class="answer-key__editor">· {html.escape(ui["editor_answer"])}：'
                       f'{_editor_value(q, q.editor_answer, ui, show)}</span>')
        items.append(f'- [{q.number}\\.](#{q.id}) <span class="answer-key__answer">{answer}</span>')
    write = written or (lambda q, label: f"{label} " + escape(q.answer_text or q.answer or ui["no_answer"]))
    answers = [f'<div class="answer-key__written" markdown>\n\n{write(q, _number_link(q))}\n\n</div>' for q in long]
    if answers:
        answers.insert(0, f'<p class="answer-key__subtitle" role="heading" aria-level="3">'
                          f'{html.escape(ui["answer_key_written"])}</p>')
    title = html.escape(ui["answer_key_title"])
    hint = html.escape(ui["answer_key_hint"])
    # A <section>: Material's search parser skips an excluded element up to the first closing tag
    # of its name, and the written answers hold <div>s (code, admonitions); Markdown writes no <section>.
    return (f'<section class="answer-key" data-search-exclude markdown>\n\n'
            f'<p class="answer-key__title" role="heading" aria-level="2">{title}</p>\n\n'
            f'<p class="answer-key__hint">{hint}</p>\n\n'
            + "\n\n".join(part for part in ("\n".join(items), *answers) if part) + "\n\n</section>")


def _number_link(q: Question) -> str:
    """``**4.**`` linking to the question (the dot escaped: ``4.`` would start a list)."""
    return f"**[{q.number}\\.](#{q.id})**"


def _editor_value(q: Question, value: str, ui: Mapping[str, str], show: Callable[[Question, str], str]) -> str:
    """The editor's answer as the key shows it: letters, 正確/錯誤, or text (formulas typeset by ``show``)."""
    if q.type is QuestionType.JUDGE and value in ("true", "false"):
        return html.escape(ui[value])
    return escape(value) if q.type.is_choice and is_letter_answer(value) else show(q, value)


def writing_space(question: Question, ui: Mapping[str, str]) -> str:
    """Ruled space to write the answer in the practice edition, or ``""`` for choice/judge."""
    lines = WRITING_LINES.get(question.type)
    if not lines:
        return ""
    label = html.escape(ui["writing_space"])
    return (f'<div class="writing-space" data-label="{label}" aria-hidden="true" '
            f'style="--writing-lines: {lines}"></div>')


# The blanks at the top of a practice handout, in order; labels from strings.UI.
HANDOUT_FIELDS = ("handout_name", "handout_class", "handout_score")


def practice_header(ui: Mapping[str, str]) -> str:
    """The 姓名/班級/得分 line printed at the top of the practice edition (hidden elsewhere)."""
    fields = "".join(f'<span class="practice-header__field">{html.escape(ui[key])}'
                     f'<span class="practice-header__blank"></span></span>' for key in HANDOUT_FIELDS)
    return f'<div class="practice-header" data-search-exclude aria-hidden="true">{fields}</div>'


def edition_switch(page_key: str, ui: Mapping[str, str]) -> str:
    """The control on a chapter page that picks the edition to print (wired by ``overrides/src/reader/edition.js``).

    ``page_key`` (``ai-trainer/chapter-1``) names the chapter in the PDF manifest.  The
    control stays hidden until the script runs, so no reader sees a switch that does nothing.
    """
    e = {key: html.escape(ui[key]) for key in
         ("edition", "edition_answers", "edition_practice", "edition_hint", "print_chapter", "pdf_download")}
    options = "".join(
        f'<label class="edition-switch__option"><input type="radio" name="guide-edition" value="{value}"'
        f'{" checked" if value == "answers" else ""}><span>{e["edition_" + value]}</span></label>'
        for value in EDITIONS)
    return (f'<div class="edition-switch" data-chapter="{html.escape(page_key)}" data-search-exclude '
            f'data-pdf-label="{e["pdf_download"]}" hidden>\n'
            f'<span class="edition-switch__label" title="{e["edition_hint"]}">{e["edition"]}</span>\n'
            f'<span class="edition-switch__options" role="radiogroup" aria-label="{e["edition"]}">{options}</span>\n'
            f'<button type="button" class="edition-switch__print">{e["print_chapter"]}</button>\n'
            f'<span class="edition-switch__pdfs"></span>\n'
            f'</div>')
