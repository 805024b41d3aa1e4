"""A Word document's paragraphs and tables -> what the bank readers take.

Two layouts are told apart.  A document whose questions stand in tables with a header
row naming the columns (题干, 选项A…, 答案 …, as ``generator.read.sheet.reader`` reads
them) is read like a spreadsheet, table by table, the heading above each table naming its
chapter.  Any other document becomes neutral text, one line per paragraph (a table row
becomes its cells separated by tabs; headings become ``#`` lines), which the text parser
reads as it reads a .txt bank; :func:`relocate` then points every position at the
paragraph it came from, so ``bank.docx:12:5`` is column 5 of paragraph 12 (each table
row counts as one paragraph).
"""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from ...bank.ids import assign_ids
from ...bank.lint import where
from ...bank.model import Bank, Chapter, Flag, Position, Question, Severity, Stray
from ...base.errors import ParseError
from ...base.text import clip
from ..sheet.reader import HEADER_SEARCH_ROWS, column_name, header_columns, read_rows
from .answers import FormattingAnswers, answered, formatting_answers, needs_parsing_again
from .emphasis import EmphasisSpan
from .paragraphs import Paragraph, Table, WordDocument, read_docx

HEADING_MARK = "#"
UNCONVERTED = "equation-unconverted"  # the flag of a question whose Word equation stays linear text
# XML forbids these, so a real document holds none; refused as decode() refuses them in text,
# since the model carries formulas between control characters.  They are looked for in the
# text with its equations as characters: the markers around their LaTeX are the reader's own.
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


# The text parser: neutral text, and answers for the questions that start at given offsets
# of it where the text writes none (the answers formatting marks).
TextParser = Callable[[str, Mapping[int, str]], Bank]


def read_word_bank(data: bytes, source: str, slug: str, limit: int, parse_text: TextParser) -> Bank:
    """The bank in the .docx ``data`` (unpacking to at most ``limit`` bytes): its question
    tables, or else its text read by ``parse_text`` (the text parser, as for a .txt bank),
    with the answers its formatting marks (``generator.read.word.answers``)."""
    document = read_docx(data, source, limit)
    tables = question_tables(document)
    if tables:
        return replace(table_bank(document, tables, source, slug), pictures=document.pictures)
    neutral = neutral_text(document, source)
    bank = parse_text(neutral.text, {})
    marked = formatting_answers(bank.questions, neutral.text, neutral.emphasis)
    if needs_parsing_again(bank.questions, marked):  # so that a type follows its answer, as in text
        bank = parse_text(neutral.text, marked.answers)
    elif marked.answers:
        bank = answered(bank, marked)
    bank = relocate(with_unconverted(with_formatting(bank, marked), neutral), neutral, document.title)
    return replace(bank, pictures=document.pictures)


def with_unconverted(bank: Bank, neutral: NeutralText) -> Bank:
    """``bank`` flagged where a question holds an equation that stays linear text."""
    if not neutral.unconverted:
        return bank
    starts = [q.position.offset for q in bank.questions]
    found: dict[int, list[str]] = {}
    for offset, linear in neutral.unconverted:
        i = bisect.bisect_right(starts, offset) - 1
        if i >= 0:
            found.setdefault(starts[i], []).append(linear)
    return flagged_unconverted(bank, lambda q: found.get(q.position.offset, ()))


def flagged_unconverted(bank: Bank, unconverted: Callable[[Question], Sequence[str]]) -> Bank:
    """``bank`` with a warning on each question whose equations ``unconverted`` gives (their
    linear text): they stay the characters Word shows."""
    def flagged(chapter: Chapter, q: Question) -> Question:
        linears = unconverted(q)
        if not linears:
            return q
        formulas = "、".join(f"「{clip(linear, 40)}」" for linear in linears)
        message = f"{where(chapter.number, q)}的 Word 公式{formulas}無法轉成 LaTeX，按原文件的字元顯示"
        return replace(q, flags=(*q.flags, Flag(UNCONVERTED, Severity.WARNING, message)))

    return replace(bank, chapters=tuple(replace(c, questions=tuple(flagged(c, q) for q in c.questions))
                                        for c in bank.chapters))


def with_formatting(bank: Bank, marked: FormattingAnswers) -> Bank:
    """``bank`` flagged where formatting marks other options than the written answer, its
    layout report saying what marked answers."""
    if marked.emphasis is None or not (marked.answers or marked.disagreements):
        return bank
    emphasis = marked.emphasis

    def flagged(chapter: Chapter, q: Question) -> Question:
        letters = marked.disagreements.get(q.position.offset)
        if letters is None:
            return q
        message = (f"{where(chapter.number, q)}的答案「{q.answer_text or q.answer}」與題庫以{emphasis.chinese}"
                   f"標出的選項{'、'.join(letters)}不一致")
        return replace(q, flags=(*q.flags, Flag("answer-formatting-conflict", Severity.WARNING, message)))

    chapters = tuple(replace(c, questions=tuple(flagged(c, q) for q in c.questions)) for c in bank.chapters)
    layout = bank.layout and replace(bank.layout, formatting=emphasis.english,
                                     formatting_answers=len(marked.answers),
                                     formatting_disagreements=len(marked.disagreements))
    return replace(bank, chapters=chapters, layout=layout)


@dataclass(frozen=True)
class NeutralText:
    """A document as text, with where each paragraph starts in it."""

    text: str
    starts: tuple[int, ...]  # offset of each paragraph's first character, ascending
    places: tuple[int, ...]  # the paragraph's place number (see ``generator.read.word.paragraphs``)
    emphasis: tuple[EmphasisSpan, ...] = ()  # the text that stands out, in order
    unconverted: tuple[tuple[int, str], ...] = ()  # (offset, linear text) of equations kept as text


def neutral_text(document: WordDocument, source: str) -> NeutralText:
    """The document as lines of text, one paragraph (or table row) at a time."""
    pieces: list[str] = []
    starts: list[int] = []
    places: list[int] = []
    emphasis: list[EmphasisSpan] = []
    unconverted: list[tuple[int, str]] = []
    offset = 0

    def add(text: str, place: int, plain: str | None = None) -> None:
        nonlocal offset
        control = _CONTROL.search(text if plain is None else plain)
        if control:
            raise ParseError(f"{source}: paragraph {place}", "text",
                             f"the control character U+{ord(control.group()):04X}")
        starts.append(offset)
        places.append(place)
        pieces.append(text)
        offset += len(text) + 1

    for block in document.blocks:
        if isinstance(block, Paragraph):
            emphasis.extend(EmphasisSpan(offset + s.start, offset + s.end, s.kinds) for s in block.emphasis)
            unconverted.extend((offset + max(block.text.find(e.linear), 0), e.linear)
                               for e in block.equations if e.latex is None)
            add(_heading(block) if block.heading and block.text else block.text, block.place, block.linear)
        else:
            for row in block.rows:
                unconverted.extend((offset + max(row.text.find(linear), 0), linear) for linear in row.unconverted)
                add(row.text, row.place, row.linear)
    return NeutralText("\n".join(pieces) + "\n", tuple(starts), tuple(places), tuple(emphasis), tuple(unconverted))


def relocate(bank: Bank, neutral: NeutralText, title: str) -> Bank:
    """``bank`` parsed from ``neutral``, its positions turned into paragraph places."""
    def where(position: Position) -> Position:
        i = max(bisect.bisect_right(neutral.starts, position.offset) - 1, 0)
        return Position(neutral.places[i], position.offset - neutral.starts[i] + 1, position.offset)

    chapters = tuple(replace(c, position=where(c.position),
                             questions=tuple(replace(q, position=where(q.position)) for q in c.questions))
                     for c in bank.chapters)
    strays = tuple(replace(s, position=where(s.position)) for s in bank.stray)
    return replace(bank, chapters=chapters, stray=strays, title=bank.title or title, encoding="docx")


@dataclass(frozen=True)
class QuestionTable:
    """A table holding questions: a header row and a question a row, or (``vertical``) one
    question whose field names run down the first column (题干 | …, A | …, 答案 | …)."""

    table: Table
    vertical: bool


def question_tables(document: WordDocument) -> list[QuestionTable]:
    """The tables whose header row (or first column) names a stem and options or an answer."""
    found = []
    for block in document.blocks:
        if not isinstance(block, Table):
            continue
        if any(header_columns(list(r.cells)) is not None for r in block.rows[:HEADER_SEARCH_ROWS]):
            found.append(QuestionTable(block, vertical=False))
        elif _vertical(block):
            found.append(QuestionTable(block, vertical=True))
    return found


def _vertical(table: Table) -> bool:
    """Whether every row of ``table`` is field names and their values, the names those of a question."""
    pairs = _fields_down(table)
    return pairs is not None and header_columns([name for name, _ in pairs]) is not None


def _fields_down(table: Table) -> list[tuple[str, str]] | None:
    """(name, value) pairs of a table whose rows are ``name | value`` (or ``A | 甲 | B | 乙``),
    or ``None`` when a row's first cell names no field."""
    pairs: list[tuple[str, str]] = []
    for row in table.rows:
        cells = list(row.cells)
        if not any(cells):
            continue
        if len(cells) < 2 or column_name(cells[0]) is None:
            return None
        if len(cells) % 2 == 0 and all(column_name(c) is not None for c in cells[::2]):
            pairs.extend(zip(cells[::2], cells[1::2], strict=True))
        else:
            pairs.append((cells[0], "\n".join(c for c in cells[1:] if c)))
    return pairs or None


def table_bank(document: WordDocument, tables: list[QuestionTable], source: str, slug: str) -> Bank:
    """The bank in ``tables`` (see :func:`question_tables`), each read like a spreadsheet.

    A table without a chapter column takes its chapter from the last heading above it; one
    question to a table without a number is numbered after the one before, under that heading.
    Text before the first table is the preamble; other text is kept as strays.
    """
    chosen = {t.table.number: t for t in tables}
    first = next(i for i, b in enumerate(document.blocks) if isinstance(b, Table) and b.number in chosen)
    before = [b for b in document.blocks[:first] if isinstance(b, Paragraph) and b.text]
    # The last heading above the first table names its chapter; the text before it is the preamble.
    heading = next((b.text for b in reversed(before) if b.heading), "")
    preamble = [b.text for b in before if not (b.heading and b.text == heading)]
    title = document.title or (preamble[0] if preamble else "")
    chapters: dict[str, list[Question]] = {}
    strays: list[Stray] = []
    unconverted: dict[int, list[str]] = {}  # a question's place -> its equations kept as text
    counted = 0  # questions of one-question tables under this heading
    for block in document.blocks[first:]:
        if isinstance(block, Paragraph):
            if block.heading:
                heading, counted = block.text, 0
            elif block.text:
                strays.append(Stray(block.text, Position(block.place, 1, block.place),
                                    "text outside the question tables"))
        elif block.number in chosen:
            if chosen[block.number].vertical:
                counted += 1
                rows, places = _transposed(block, counted), [block.rows[0].place] * 2
                where = f"{source}: table {block.number} (one question, its fields down the first column)"
            else:
                rows, places = [list(r.cells) for r in block.rows], [r.place for r in block.rows]
                where = f"{source}: table {block.number}"
            for row in block.rows:  # a one-question table's equations are all its question's
                place = block.rows[0].place if chosen[block.number].vertical else row.place
                unconverted.setdefault(place, []).extend(row.unconverted)
            read = read_rows(rows, where, slug, heading or title, math=True)
            for chapter in read.chapters:
                chapters.setdefault(chapter.title, []).extend(
                    replace(q, position=Position(places[q.position.line - 1], 1, places[q.position.line - 1]),
                            end_offset=places[q.position.line - 1])
                    for q in chapter.questions)
        else:
            strays.extend(Stray("\t".join(r.cells).strip(), Position(r.place, 1, r.place), "a table row outside "
                                "the question tables") for r in block.rows if any(r.cells))
    made = tuple(Chapter(i, name or title or slug, tuple(questions), questions[0].position)
                 for i, (name, questions) in enumerate(chapters.items(), 1))
    bank = Bank(slug, source, title, "\n".join(preamble), assign_ids(made), tuple(strays), encoding="docx")
    return flagged_unconverted(bank, lambda q: unconverted.get(q.position.line, ()))


def _transposed(table: Table, number: int) -> list[list[str]]:
    """A one-question table as a header row and a row of values, numbered ``number`` if it has no number."""
    pairs = _fields_down(table) or []
    header, values = [name for name, _ in pairs], [value for _, value in pairs]
    if "number" not in {column_name(cell) for cell in header}:
        header, values = [*header, "题号"], [*values, str(number)]
    return [header, values]


def _heading(paragraph: Paragraph) -> str:
    return f"{HEADING_MARK * min(paragraph.heading, 6)} {paragraph.text}"
