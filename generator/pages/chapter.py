"""Bank -> Markdown pages: one per chapter, a home page and a report of flags.

Every piece of bank text goes through ``escape`` (prose) or ``code_fence`` (code);
the only markup on a page is the markup written here.  How prose is shown beyond
escaping (typeset formulas, glossary links) is the ``inline`` function of the
:class:`RenderContext`, so those features plug in without touching this module.
"""
from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..bank.fields import is_letter_answer
from ..bank.model import Bank, Chapter, Flag, Option, Page, Question, QuestionType, Severity
from ..bank.text_blocks import Code, Table, split_blocks
from ..base.text import clip
from .editions import answer_key, edition_switch, practice_header, writing_space
from .escape import (
    ROWS_UNFOLDED,
    as_is,
    code_fence,
    escape,
    escape_cell,
    escape_html,
    escape_lines,
    escape_lines_html,
    folded,
    indent,
    table_html,
)
from .paths import DOWNLOADS, HOME_PAGE, REPORT_PAGE, chapter_path, download_path, question_link
from .practice_markup import chapter_count, practice_bar, progress_panel
from .prose import page_url
from .reading_report import reading_section
from .strings import UI

TITLE_LIMIT = 200  # characters of a chapter title shown in a heading or link (the nav keeps it whole)
STRAY_LIMIT = 2000  # characters of a stray text the report page shows
_ADMONITION = {Severity.ERROR: "danger", Severity.WARNING: "warning", Severity.INFO: "info"}


@dataclass(frozen=True)
class RenderContext:
    """What the renderer needs beyond the model.

    ``inline`` turns one prose chunk of a question into Markdown; ``extras`` adds
    Markdown after a question (related questions, tags); ``ui`` holds the interface
    strings in the guide's script; ``raw`` stands a token for HTML, for text too long
    for Markdown (escape.LONG_MARKDOWN), or is None.
    """

    inline: Callable[[Question, str], str] = lambda question, text: escape_lines(text)
    extras: Callable[[Question], str] = lambda question: ""
    ui: dict[str, str] = field(default_factory=lambda: dict(UI))
    raw: Callable[[str], str] | None = None


def shown_title(title: str) -> str:
    """A chapter or bank title as headings and links show it: at most :data:`TITLE_LIMIT` characters
    (a heading line of megabytes would cost Markdown time quadratic in it, on every page naming it)."""
    return clip(title, TITLE_LIMIT)


def title_heading(title: str, raw: Callable[[str], str] | None, level: str = "#") -> str:
    """A page's or a bank's heading: a title too long for one is clipped there, and follows
    whole as text, so that none of it is lost."""
    heading = f"{level} {escape(shown_title(title))}"
    return heading if len(title) <= TITLE_LIMIT else f"{heading}\n\n{escape_lines_html(title, raw)}"


def render_field(question: Question, text: str, ctx: RenderContext) -> str:
    """A text field (stem, option, answer, explanation) as Markdown blocks."""
    return _blocks(text, lambda prose: ctx.inline(question, prose), ctx.raw)


def render_intro(text: str, ctx: RenderContext) -> str:
    """A chapter's introduction (the lesson text before its questions) as Markdown blocks: its
    code and tables as in a question, its prose line by line as written."""
    return _blocks(text, lambda prose: escape_lines_html(prose, ctx.raw), ctx.raw)


def _blocks(text: str, prose: Callable[[str], str], raw: Callable[[str], str] | None) -> str:
    """``text``'s code and tables as Markdown blocks, its prose as ``prose`` writes it."""
    parts = []
    for block in split_blocks(text):
        if isinstance(block, Code):
            parts.append(code_fence(block.code, block.language))
        elif isinstance(block, Table):
            parts.append(_table(block, raw))
        else:
            parts.append(prose(block.text))
    return "\n\n".join(p for p in parts if p)


def _table(table: Table, raw: Callable[[str], str] | None = None) -> str:
    width = max(len(row) for row in table.rows)
    rows = [list(row) + [""] * (width - len(row)) for row in table.rows]
    lines = ["| " + " | ".join(escape_cell(cell, raw) for cell in rows[0]) + " |", "|" + " --- |" * width]
    lines += ["| " + " | ".join(escape_cell(cell, raw) for cell in row) + " |" for row in rows[1:]]
    return "\n".join(lines)


def render_answer(question: Question, ctx: RenderContext, label: str = "") -> str:
    """The answer line, led by ``label`` (by default ``答案：``): letters for choices,
    正確/錯誤 for judge, else the bank's text.

    Where the errata give an editor's answer, the line reads
    ``答案：0.0005（題庫）· 編者答案：≈1.227×10⁻⁵``: the bank's answer is never hidden.
    """
    return _answer_line(question, ctx.ui, label, *_answer_values(question, ctx))


def _answers_once(ctx: RenderContext) -> Callable[[Question, str], str]:
    """:func:`render_answer` rendering each question's answer once, however often a page writes it
    (the practice edition's key writes the long answers again; their formula tokens then stand
    twice, and katex.MathStash fills each place)."""
    values: dict[str, tuple[str | None, str | None]] = {}

    def answer(question: Question, label: str = "") -> str:
        if question.id not in values:
            values[question.id] = _answer_values(question, ctx)
        return _answer_line(question, ctx.ui, label, *values[question.id])

    return answer


def _answer_values(question: Question, ctx: RenderContext) -> tuple[str | None, str | None]:
    """The bank's answer and the editor's, as Markdown (None where there is none)."""
    editor = None if question.editor_answer is None else _answer_value(question, question.editor_answer, ctx)
    body = None if question.answer is None else _answer_value(question, question.answer, ctx, question.answer_text)
    return body, editor


def _answer_line(question: Question, ui: dict[str, str], label: str, body: str | None, editor_value: str | None) -> str:
    label = label or f"**{ui['answer']}：**"
    editor = None
    if editor_value is not None:
        # The label links to the editor's note, which gives the working.
        name = f"[{ui['editor_answer']}](#{question.id}-note)" if question.notes else ui["editor_answer"]
        editor = f"{name}：{editor_value}"
    if body is None:
        return f"{label} {ui['no_answer']}" + (f" · {editor}" if editor else "")
    if editor is None:
        if "\n" in body or body.startswith("`"):
            return f"{label}\n\n{body}"
        return f"{label} {body}"
    if "\n" in body or body.startswith("`"):  # a block answer: the editor's follows as a paragraph
        return f"{label}（{ui['bank_answer']}）\n\n{body}\n\n{editor}"
    return f"{label} {body}（{ui['bank_answer']}）· {editor}"


def _answer_value(question: Question, answer: str, ctx: RenderContext, text: str | None = None) -> str:
    """One answer as Markdown: letters ``A、C``, 正確/錯誤, or the text (``text`` as written)."""
    if question.type.is_choice and is_letter_answer(answer):
        return "、".join(answer)
    if question.type is QuestionType.JUDGE and answer in ("true", "false"):
        return ctx.ui[answer]
    return render_field(question, text or answer, ctx)


def render_question(question: Question, ctx: RenderContext,
                    answer_of: Callable[[Question, str], str] | None = None) -> str:
    """One question: heading with anchor, stem, options, the folded answer (its line made by
    ``answer_of``, by default :func:`render_answer`), extras.

    Editor's notes, the checks' findings and the correction log discuss the answer (and
    quote it), so they sit inside the folded block with it, after it.
    """
    ui = ctx.ui
    heading = ui["question"].format(number=question.number)
    tags = "".join(f' <span class="exam-tag" title="{ui["exam_tag"]}">{escape(tag)}</span>'
                   for tag in question.exam_tags)
    parts = [f"## {heading} · {ui[f'type_{question.type.value}']}{tags} {{ #{question.id} .question-heading }}"]
    parts.append(render_field(question, question.stem, ctx))
    if question.options:
        items = [_option(question, o, ctx) for o in question.options]
        parts.append('<div class="options" markdown>\n\n' + "\n".join(items) + "\n\n</div>")
    parts.append(writing_space(question, ui))  # shown in the practice edition only
    title = ui["answer_title"] if question.explanation else ui["answer_only_title"]
    answer = [answer_of(question, "") if answer_of else render_answer(question, ctx)]
    if question.explanation:
        answer.append(f"**{ui['explanation']}：**\n\n" + render_field(question, question.explanation, ctx))
    if question.notes:
        notes = "\n\n".join(render_field(question, note, ctx) for note in question.notes)
        answer.append(f'<span id="{question.id}-note"></span>\n\n!!! note "{ui["note_title"]}"\n\n' + indent(notes))
    # What the checks found and what the editor changed quote the answer: folded with it.
    answer += [block for block in (_flags(question, ctx), _corrections(question, ctx)) if block]
    parts.append(f'??? answer "{title}"\n\n' + indent("\n\n".join(answer)))
    parts.append(ctx.extras(question))
    body = "\n\n".join(p for p in parts if p)
    return f'<div class="question" markdown>\n\n{body}\n\n</div>'


def _option(question: Question, option: Option, ctx: RenderContext) -> str:
    """A list item; an option that starts with code or a table keeps it a block of its own."""
    body = indent(render_field(question, option.text, ctx))
    if body.lstrip().startswith(("`", "|")):
        return f"- **{option.label}.**\n\n{body}\n"
    return f"- **{option.label}.** {body.lstrip()}"


def _flags(question: Question, ctx: RenderContext) -> str:
    """The checks' findings in reader words, one sentence per kind of finding.

    The codes and the messages quoting bank text are for editors: the report page and
    ``check`` show them.
    """
    if not question.flags:
        return ""
    worst = min(question.flags, key=lambda f: list(Severity).index(f.severity)).severity
    ui = ctx.ui
    sentences = dict.fromkeys(ui.get(f"flag_{f.code}", ui["flag_other"]) for f in question.flags)
    lines = "\n".join(f"- {sentence}" for sentence in sentences)
    return f'!!! {_ADMONITION[worst]} "{ui["flags_title"]}"\n\n' + indent(lines)


def _corrections(question: Question, ctx: RenderContext) -> str:
    """The editorial changes, folded: a discreet note that the text was repaired."""
    if not question.corrections:
        return ""
    lines = "\n".join(f"- {escape(c)}" for c in question.corrections)
    title = ctx.ui["corrected_title"].format(count=len(question.corrections))
    return f'??? corrected "{title}"\n\n' + indent(lines)


def _one_line(text: str) -> str:
    """A message quoting bank text, on one line for a list item or a table cell."""
    return " ".join(text.split())


def render_chapter(bank: Bank, chapter: Chapter, ctx: RenderContext) -> Page:
    ui = ctx.ui
    types = _type_counts(chapter.questions, ui, "、")
    parts = [title_heading(chapter.title, ctx.raw), practice_header(ui)]  # the header: practice edition, on paper
    if chapter.intro:
        parts.append(render_intro(chapter.intro, ctx))
    parts.append(ui["chapter_summary"].format(count=len(chapter.questions), types=types))
    page_key = chapter_path(bank, chapter).removesuffix(".md")
    parts.append(edition_switch(page_key, ui))
    parts.append(practice_bar(bank.slug, page_key, ui, len(chapter.questions)))  # shown by practice/mode.js
    answer = _answers_once(ctx)
    parts.extend(render_question(q, ctx, answer) for q in chapter.questions)
    parts.append(answer_key(chapter, ui, ctx.inline, answer))  # printed in the practice edition only
    markdown = "\n\n".join(parts) + "\n"
    return Page(chapter_path(bank, chapter), chapter.title, markdown)


def render_home(banks: list[Bank], ctx: RenderContext, plan: str = "") -> Page:
    """The home page: today's plan (``plan``, markup shown by a script), each bank with its
    chapters and question counts by type."""
    ui = ctx.ui
    parts = [title_heading(banks[0].title, ctx.raw) if len(banks) == 1 and banks[0].title else f"# {ui['home_title']}"]
    parts += [plan] if plan else []
    for bank in banks:
        if len(banks) > 1:
            parts.append(title_heading(bank.title or bank.slug, ctx.raw, "##"))
        parts.append(ui["home_intro"].format(chapters=len(bank.chapters), count=len(bank.questions)))
        rows = [f"| {ui['chapter']} | {ui['count']} | {ui['types']} |", "| --- | ---: | --- |"]
        for chapter in bank.chapters:
            path = chapter_path(bank, chapter)
            title = escape(shown_title(chapter.title))
            link = f"[{chapter.number}. {title}]({path}) {chapter_count(path.removesuffix('.md'))}"
            rows.append(f"| {link} | {len(chapter.questions)} | {_type_counts(chapter.questions, ui)} |")
        rows.append(f"| **{ui['total']}** | **{len(bank.questions)}** | {_type_counts(bank.questions, ui)} |")
        parts.append("\n".join(rows))
        parts.append(_downloads(bank, ui, "###" if len(banks) > 1 else "##"))
    parts.append(progress_panel(ui))  # shown by practice/home.js
    return Page(HOME_PAGE, ui["home_title"], "\n\n".join(parts) + "\n")


def _downloads(bank: Bank, ui: dict[str, str], level: str) -> str:
    """Links to the bank's deck, spreadsheet and CSV (written with the site, generator.site.downloads),
    and a list of its chapter PDFs that ``reader/pdf-links.js`` fills from the PDF manifest, if any were printed.

    Raw HTML, not Markdown links: MkDocs would look for the files among the pages' sources.
    The chapters are an ``<ol>`` in the ``<ul>``: Material's search parser, which skips the
    list, tells elements apart by their tag and would stop skipping at a nested ``</ul>``.
    """
    e = {key: html.escape(value) for key, value in ui.items()}
    items = [f'<li><a href="{html.escape(download_path(bank, kind))}" download>{e["download_" + kind]}</a>'
             f'（{e["download_" + kind + "_hint"]}）</li>' for kind in DOWNLOADS]
    chapters = "".join(f'<li data-chapter="{html.escape(chapter_path(bank, c).removesuffix(".md"))}" hidden>'
                       f"{html.escape(c.title)}：</li>" for c in bank.chapters)
    items.append(f'<li class="downloads__pdfs" hidden data-answers-label="{e["edition_answers"]}" '
                 f'data-practice-label="{e["edition_practice"]}">{e["download_pdfs"]}<ol>{chapters}</ol></li>')
    return (f'{level} {ui["downloads_title"]}\n\n{ui["downloads_intro"]}\n\n'
            f'<ul class="downloads" data-search-exclude>\n' + "\n".join(items) + "\n</ul>")


def _type_counts(questions: tuple[Question, ...], ui: dict[str, str], separator: str = " · ") -> str:
    """``單選 1 · 多選 2``, in the fixed order of the types."""
    counts = Counter(q.type for q in questions)
    return separator.join(f"{ui['type_' + t.value]} {counts[t]}" for t in QuestionType if counts[t])


Flagged = list[tuple[Chapter, Question, Flag]]


def _flags_markdown(bank: Bank, flagged: Flagged, ui: dict[str, str]) -> str:
    rows = [f"| {ui['question_column']} | {ui['severity']} | {ui['code']} | {ui['message']} |",
            "| --- | --- | --- | --- |"]
    for chapter, q, f in flagged:
        link = f"[{ui['question'].format(number=q.number)}]({question_link(bank, chapter, q, REPORT_PAGE)})"
        rows.append(f"| {link} | {ui[f.severity.value]} | {_code_name(f.code, ui)} | {escape(_one_line(f.message))} |")
    return "\n".join(rows)


def _flags_html(bank: Bank, flagged: Flagged, ui: dict[str, str]) -> str:
    """:func:`_flags_markdown` as the HTML Markdown's tables make of it."""
    rows = []
    for chapter, q, f in flagged:
        href = html.escape(page_url(question_link(bank, chapter, q, REPORT_PAGE)))
        name, code = ui.get(f"flag_name_{f.code}"), f"<code>{escape_html(f.code)}</code>"
        rows.append([f'<a href="{href}">{escape_html(ui["question"].format(number=q.number))}</a>',
                     escape_html(ui[f.severity.value]), f"{escape_html(name)}（{code}）" if name else code,
                     escape_html(_one_line(f.message))])
    return table_html([escape_html(ui[key]) for key in ("question_column", "severity", "code", "message")], rows)


def _code_name(code: str, ui: dict[str, str]) -> str:
    """A flag code as the report shows it: its name (strings.FLAG_NAMES), the code beside it."""
    name = ui.get(f"flag_name_{code}")
    return f"{escape(name)}（`{code}`）" if name else f"`{code}`"


def render_report(banks: list[Bank], ctx: RenderContext, html_links: bool = False,
                  block: Callable[[str], str] = as_is) -> Page:
    """Every flag with a link to its question, and every piece of stray text; with ``html_links``
    (pages as ``.html`` files) the flags' table goes as the HTML Markdown makes of it, through
    ``block`` (generator.math.katex's put_block_html: Markdown need not parse it): a large
    bank's report holds thousands of rows."""
    ui = ctx.ui
    parts = [f"# {ui['report_title']}", ui["report_intro"]]
    sub = "###" if len(banks) > 1 else "##"  # under each bank's own heading when there are several
    for bank in banks:
        if len(banks) > 1:
            parts.append(f"## {escape(shown_title(bank.title or bank.slug))}")
        flagged = [(chapter, q, f) for chapter in bank.chapters for q in chapter.questions for f in q.flags]
        if flagged:
            table = _flags_html(bank, flagged, ui) if html_links else _flags_markdown(bank, flagged, ui)
            if len(flagged) > ROWS_UNFOLDED:  # a damaged bank of thousands of questions has thousands
                summary = ui["report_rows"].format(count=len(flagged))
                table = folded("index-rows", summary, table, markdown=not html_links)
            parts.append(block(table) if html_links else table)
        elif not bank.unread:
            parts.append(ui["report_none"])
        parts += reading_section(bank, ui, sub)
        if bank.stray:
            parts.append(f"{sub} {ui['stray_title']}")
            for stray in bank.stray:
                where = f"{ui['stray_where']} {stray.position.line}:{stray.position.column}"
                reason = ui.get(f"stray_{stray.reason.replace(' ', '_')}", stray.reason)
                # Where and what is enough for an editor: a stray of megabytes is not shown whole.
                shown = clip(stray.text, STRAY_LIMIT, middle=True)
                parts.append(f"**{where}（{escape(reason)}）**\n\n" + escape_lines(shown))
    return Page(REPORT_PAGE, ui["report_title"], "\n\n".join(parts) + "\n")
