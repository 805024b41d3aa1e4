"""The pages that practise runs of questions: 隨機練習, 題型練習, 模擬考試 and 今日複習, one of each per bank.

Each page is a form (chapters, types, numbers) and an empty area the scripts fill with the
questions they draw (overrides/src/runs, exam and review): the page loads the bank's practice
index (its front matter), draws from it, then loads the drawn questions' records and HTML,
one script each (generator.site.question_html; overrides/src/practice/parts.js).  Bank text
enters only through :func:`html.escape`; with JavaScript off the page says it needs it.
Points per type default to what the bank's headings say (``單選題（每題2分）``), else to
:data:`DEFAULT_POINTS`.
"""
from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Mapping

from ..bank.model import Bank, QuestionType
from .chapter import shown_title

# Types a paper can hold: those judged without the reader (short and case answers are self-graded).
EXAM_TYPES = (QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.JUDGE, QuestionType.FILL, QuestionType.CALC)
DEFAULT_POINTS = {QuestionType.SINGLE: 1.0, QuestionType.MULTIPLE: 2.0, QuestionType.JUDGE: 1.0,
                  QuestionType.FILL: 2.0, QuestionType.CALC: 5.0}
DEFAULT_COUNT = {QuestionType.SINGLE: 20, QuestionType.MULTIPLE: 10, QuestionType.JUDGE: 10,
                 QuestionType.FILL: 5, QuestionType.CALC: 5}
DEFAULT_MINUTES = 60
SELF_GRADED = (QuestionType.SHORT, QuestionType.CASE)
RUN_KINDS = ("random", "types", "exam", "review")
# 每題2分, 每小題 1.5 分: the points a heading gives each question of its section.
POINTS_EACH = re.compile(r"每小?[題题][ \t]*(?P<points>[0-9]{1,3}(?:\.[0-9]{1,2})?)[ \t]*分")
# The type a heading names, within a few characters before its 每題N分.
TYPE_NAMES = {QuestionType.SINGLE: ("單選", "单选", "單項選擇", "单项选择"),
              QuestionType.MULTIPLE: ("多選", "多选", "多項選擇", "多项选择"),
              QuestionType.JUDGE: ("判斷", "判断"), QuestionType.FILL: ("填空",), QuestionType.CALC: ("計算", "计算")}
NAME_REACH = 30  # characters before 每題 in which the type's name is looked for


def run_path(bank: Bank, kind: str) -> str:
    """The page of one kind of run (:data:`RUN_KINDS`) of ``bank``: beside its chapters, so the
    questions' relative links (glossary, other chapters) hold unchanged."""
    return f"{bank.slug}/{kind}.md"


def heading_points(texts: list[str]) -> dict[QuestionType, float]:
    """Points per question that headings give (``二、多選題（每題2分，共20分）``): the last
    type named within :data:`NAME_REACH` characters before each ``每題N分``."""
    found: dict[QuestionType, float] = {}
    for text in texts:
        for match in POINTS_EACH.finditer(text):
            before = text[max(0, match.start() - NAME_REACH):match.start()]
            named = [(before.rfind(name), qtype) for qtype, names in TYPE_NAMES.items() for name in names
                     if name in before]
            if named:
                found[max(named, key=lambda pair: pair[0])[1]] = float(match.group("points"))
    return found


def exam_points(bank: Bank) -> dict[QuestionType, float]:
    """Default points per type: the bank's headings (preamble, chapter titles and intros), else the defaults."""
    texts = [bank.preamble] + [part for c in bank.chapters for part in (c.title, c.intro)]
    return {**DEFAULT_POINTS, **heading_points(texts)}


def _answerable(bank: Bank) -> Counter[QuestionType]:
    return Counter(q.type for q in bank.questions if q.answer is not None or q.editor_answer is not None)


def _number(value: float) -> str:
    return f"{value:g}"


def _chapters(bank: Bank, chapter_titles: list[str], e: Mapping[str, str]) -> str:
    boxes = "".join(f'<label class="run-form__choice"><input type="checkbox" name="chapter" value="{n}" checked> '
                    f'{html.escape(shown_title(title))} <span class="run-form__count">'
                    f'{html.escape(e["run_available"].format(count=len(c.questions)))}</span></label>'
                    for n, (c, title) in enumerate(zip(bank.chapters, chapter_titles, strict=True)))
    return f'<fieldset class="run-form__chapters"><legend>{e["run_chapters"]}</legend>{boxes}</fieldset>'


def _practicable(bank: Bank) -> Counter[QuestionType]:
    """The questions a run can practise, by type: judged ones with an answer, and the self-graded
    (short and case), as runs/practice-run.js draws them; the exam's judged counts agree."""
    return Counter(q.type for q in bank.questions
                   if q.answer is not None or q.editor_answer is not None or q.type in SELF_GRADED)


def _types(bank: Bank, ui: Mapping[str, str], kind: str) -> str:
    counts = _practicable(bank)
    shown = [t for t in QuestionType if counts[t]]
    input_type = "radio" if kind == "types" else "checkbox"
    boxes = "".join(f'<label class="run-form__choice"><input type="{input_type}" name="type" value="{t.value}"'
                    f'{" checked" if kind != "types" or n == 0 else ""}> {html.escape(ui["type_" + t.value])} '
                    f'<span class="run-form__count">{html.escape(ui["run_available"].format(count=counts[t]))}'
                    f'</span></label>' for n, t in enumerate(shown))
    return f'<fieldset class="run-form__types"><legend>{html.escape(ui["run_types"])}</legend>{boxes}</fieldset>'


def _exam_types(bank: Bank, ui: Mapping[str, str]) -> str:
    counts, points = _answerable(bank), exam_points(bank)
    rows = []
    for t in EXAM_TYPES:
        if not counts[t]:
            continue
        label = html.escape(ui["type_" + t.value])
        count_label, points_label = html.escape(ui["exam_type_count"]), html.escape(ui["exam_points"])
        rows.append(f'<tr data-type="{t.value}"><th scope="row">{label} <span class="run-form__count">'
                    f'{html.escape(ui["run_available"].format(count=counts[t]))}</span></th>'
                    f'<td><input type="number" name="count-{t.value}" min="0" step="1" '
                    f'value="{min(counts[t], DEFAULT_COUNT[t])}" aria-label="{label} {count_label}">'
                    f'</td><td><input type="number" name="points-{t.value}" min="0" max="100" step="0.5" '
                    f'value="{_number(points[t])}" aria-label="{label} {points_label}"></td></tr>')
    head = (f'<tr><th scope="col">{html.escape(ui["run_types"])}</th><th scope="col">'
            f'{html.escape(ui["exam_type_count"])}</th><th scope="col">{html.escape(ui["exam_points"])}</th></tr>')
    return f'<div class="run-form__table"><table><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table></div>'


def run_page(bank: Bank, kind: str, chapter_titles: list[str], ui: Mapping[str, str]) -> str:
    """The Markdown of one run page; ``chapter_titles`` in the guide's script, ``ui`` holding
    both :data:`generator.pages.strings.UI` and the run strings, in the guide's script."""
    e = {key: html.escape(value) for key, value in ui.items()}
    fields: list[str] = []
    if kind in ("random", "types", "exam"):
        fields.append(_chapters(bank, chapter_titles, ui))
    if kind in ("random", "types"):
        fields.append(_types(bank, ui, kind))
    if kind == "random":
        fields.append(f'<label class="run-form__field">{e["run_count"]} '
                      f'<input type="number" name="count" min="1" max="{len(bank.questions)}" value="20"></label>')
    if kind == "exam":
        fields.append(_exam_types(bank, ui))
        fields.append(f'<label class="run-form__field">{e["exam_minutes"]} '
                      f'<input type="number" name="minutes" min="1" max="600" value="{DEFAULT_MINUTES}"></label>'
                      f'<label class="run-form__field">{e["exam_seed"]} <input type="text" name="seed" '
                      f'maxlength="32" autocomplete="off" aria-describedby="exam-seed-hint"></label>'
                      f'<p class="run-form__hint" id="exam-seed-hint">{e["exam_seed_hint"]}</p>'
                      f'<label class="run-form__choice"><input type="checkbox" name="shuffle" checked> '
                      f'{e["exam_shuffle"]}</label>')
    start = "review_start" if kind == "review" else "run_start"
    form = (f'<form class="run-form" data-run-form>{"".join(fields)}'
            f'<p><button type="submit" class="md-button md-button--primary">{e[start]}</button></p>'
            f'<p class="run-form__message" role="status"></p></form>')
    area = '<div class="run-area" data-run-area></div>'
    history = (f'<div class="exam-history" data-exam-history><h2 id="exam-history">{e["exam_history"]}</h2>'
               f'<div data-exam-history-list></div></div>') if kind == "exam" else ""
    return (f'<p class="run-needs-script" data-run-needs-script>{e["needs_script"]}</p>\n\n'
            f'<div class="run" data-run="{kind}" data-practice-bank="{html.escape(bank.slug)}" '
            f'data-search-exclude hidden>{form}{area}{history}</div>\n')


def run_page_markdown(bank: Bank, kind: str, chapter_titles: list[str], ui: Mapping[str, str]) -> str:
    """The whole page: title, introduction and :func:`run_page`."""
    return (f"# {html.escape(ui[kind + '_title'])}\n\n{html.escape(ui[kind + '_intro'])}\n\n"
            + run_page(bank, kind, chapter_titles, ui))
