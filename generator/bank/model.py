"""The typed model of a question bank: plain frozen data, no logic beyond lookups.

Every stage of the pipeline takes and returns these objects; ``dataclasses.replace``
makes the changed copy.  Text fields hold bank text exactly as parsed (after the
certain repairs): it is never Markdown or HTML, and only ``render`` escapes it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from operator import attrgetter

# Editor-given LaTeX (from errata) travels inside text fields between these control
# characters; decode() refuses control characters, so no bank can forge them.
INLINE_MATH = ("\x02", "\x03")
DISPLAY_MATH = ("\x04", "\x05")
# A picture travels inside text fields as its index in ``Bank.pictures`` between these
# (generator.bank.pictures); decode() refuses them in a bank's text too.
PICTURE_MARK = ("\x0e", "\x0f")
OPTION_LETTERS = "ABCDEFGH"  # an option's label: eight at the most (in a text bank "I." is a Roman numeral)


class QuestionType(StrEnum):
    """The kinds of question a bank holds; the value is the JSON name."""

    SINGLE = "single"
    MULTIPLE = "multiple"
    JUDGE = "judge"
    FILL = "fill"
    CALC = "calc"
    SHORT = "short"
    CASE = "case"

    @property
    def label(self) -> str:
        """The Chinese label readers know the type by (Traditional, as the bank)."""
        return TYPE_LABELS[self]

    @property
    def is_choice(self) -> bool:
        return self in (QuestionType.SINGLE, QuestionType.MULTIPLE)


TYPE_LABELS = {
    QuestionType.SINGLE: "單選",
    QuestionType.MULTIPLE: "多選",
    QuestionType.JUDGE: "判斷",
    QuestionType.FILL: "填空",
    QuestionType.CALC: "計算",
    QuestionType.SHORT: "簡答",
    QuestionType.CASE: "案例分析",
}


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


@dataclass(frozen=True)
class Position:
    """Where something starts in the decoded source file (1-based line and column)."""

    line: int
    column: int
    offset: int  # character offset into the decoded text


@dataclass(frozen=True)
class Flag:
    """A finding about a question: ``code`` is stable, ``message`` is for people."""

    code: str
    severity: Severity
    message: str


@dataclass(frozen=True)
class Option:
    label: str  # "A", "B", ... always an ASCII capital
    text: str


@dataclass(frozen=True)
class Question:
    id: str  # stable anchor: "q7", or "c2-q7" when numbering restarts per chapter
    number: int  # the number printed in the bank
    type: QuestionType
    stem: str
    options: tuple[Option, ...]
    answer: str | None  # normalised: "BCD", "true"/"false", other text as given; None if absent
    explanation: str  # "" when the bank has none
    position: Position
    answer_text: str | None = None  # the answer exactly as written in the bank
    exam_tags: tuple[str, ...] = ()  # exam sittings such as "23下" from "【23下】"
    flags: tuple[Flag, ...] = ()
    notes: tuple[str, ...] = ()  # editor's notes (errata)
    corrections: tuple[str, ...] = ()  # human-readable list of the editorial changes applied
    end_offset: int = 0  # where this question's text ends in the decoded source
    # The editor's answer where it differs from the bank's (errata ``editor_answer``), which it
    # never replaces: letters or "true"/"false" as ``answer``, else text (math as markers).
    editor_answer: str | None = None
    points: float | None = None  # from a section heading such as "一、单选题（共20题，每题2分）"

    @property
    def type_label(self) -> str:
        return self.type.label


# A question's fields but where it stands in the file, as one tuple: what stays equal when an
# edit above a question moves it (a key for what ``mkdocs serve`` keeps from build to build).
placeless = attrgetter(*(f.name for f in fields(Question) if f.name not in ("position", "end_offset")))


@dataclass(frozen=True)
class Chapter:
    number: int  # 1-based, in order of appearance
    title: str
    questions: tuple[Question, ...]
    position: Position
    intro: str = ""  # text between the heading and the first question, if any


@dataclass(frozen=True)
class Stray:
    """Text that belongs to no question, kept and reported rather than dropped."""

    text: str
    position: Position
    reason: str


@dataclass(frozen=True)
class LayoutReport:
    """What the parser recognised in a text bank, with counts, for ``check``."""

    numbering: str  # the question-start recogniser, with its example
    numbering_run: int  # its longest run 1, 2, 3 … at line starts
    options: str  # the option label form
    option_pairs: int  # how many A→B label pairs of that form
    answers: str  # where answers are written
    answer_count: int
    keys: int = 0  # answer keys collected at the end of a section or file
    key_entries: int = 0
    key_matched: int = 0
    sections: int = 0
    unplaced: tuple[Stray, ...] = ()  # answer-key entries that answer no question
    formatting: str = ""  # the emphasis marking a Word bank's answers ("red text"), if any
    formatting_answers: int = 0  # questions answered by it (the bank writing no answer)
    formatting_disagreements: int = 0  # questions where it marks other options than the written answer


@dataclass(frozen=True)
class TableReport:
    """What the reader recognised in one question table (a CSV, a worksheet), for ``check``."""

    where: str  # the file, or file and sheet
    rows: int
    options: str  # where the options are: "columns A–D", "the stem cell, split at '&'", "none"
    type_codes: tuple[tuple[str, str], ...] = ()  # a type column's codes and the types read from their rows
    answers_by_text: int = 0  # choice answers written as an option's text


@dataclass(frozen=True)
class PdfReport:
    """How a PDF bank's pages were read, for ``check``."""

    pages: int
    lines: int  # placed in reading order and read as text
    furniture: int  # running headers, footers, page numbers and logos removed
    two_columns: int  # pages read in two columns
    page_starts: tuple[int, ...]  # the line of the text each page starts at (1-based)
    decorations: int = 0  # tiny pictures (bullets, rules drawn as pictures) set aside


@dataclass(frozen=True)
class Picture:
    """A picture a bank shows at a place in a question's text (generator.bank.pictures).

    ``data`` is the file as the bank holds it, never read as markup; ``name`` is its content
    hash and extension, the file name the site writes it under once, however often it is
    shown.  A remote address (``url``) is never fetched: the picture has no data then.
    """

    name: str  # "<16 hex digits of SHA-256>.<ext>", or "" for a remote picture
    media_type: str  # "image/png" ...; "" when the bytes are no picture format a browser shows
    alt: str  # from the bank ("图 N" when it gives none)
    place: str  # where the bank holds it: "bank.md:12", "bank.docx: paragraph 7 (word/media/image1.png)"
    data: bytes = field(default=b"", repr=False, compare=False)
    url: str = ""  # a remote picture's address, kept as a link
    kind: str = ""  # what the bytes are when a browser cannot show them ("EMF", "TIFF" ...)


@dataclass(frozen=True)
class Bank:
    slug: str  # URL-safe name of the bank, from its folder or file name
    source: str  # path of the raw file, for messages
    title: str
    preamble: str  # page furniture before the first heading, kept verbatim
    chapters: tuple[Chapter, ...]
    stray: tuple[Stray, ...] = ()
    encoding: str = "utf-8"
    repairs: int = 0  # how many certain repairs were made
    answer_keys: tuple[Stray, ...] = ()  # answer keys, verbatim; their entries went to their questions
    layout: LayoutReport | None = None  # None for banks that were not parsed from text
    tables: tuple[TableReport, ...] = ()  # for banks read from question tables
    # Lines or rows that look like questions and were read as none (generator.read.accounting):
    # never dropped unsaid, ``check`` names each and ``--strict`` fails on them
    unread: tuple[Stray, ...] = ()
    pdf: PdfReport | None = None  # for banks read from a PDF
    pictures: tuple[Picture, ...] = ()  # indexed by the markers in text fields (PICTURE_MARK)

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(q for c in self.chapters for q in c.questions)

    def question(self, qid: str) -> Question | None:
        return next((q for q in self.questions if q.id == qid), None)


@dataclass(frozen=True)
class Page:
    """A generated Markdown page: ``path`` is relative to the site's docs root."""

    path: str
    title: str
    markdown: str
