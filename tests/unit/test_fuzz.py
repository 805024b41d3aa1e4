"""Fuzzing the parser and the renderer with Hypothesis.

Three properties, each checked on bank-like text (headings, numbers, type brackets,
options, answer markers, HTML, Markdown, code fences, page furniture, white space)
and on arbitrary text:

1. **Total**: ``parse`` returns a :class:`~generator.bank.model.Bank` or raises
   :class:`~generator.base.errors.ParseError` naming the file and what it found; the whole
   pipeline (decode → repair → parse → lint → render) raises nothing but a
   :class:`~generator.base.errors.GuideError`, whatever the bytes.
2. **Every character is accounted for.**  The model tiles the input: the preamble is
   ``[0, first chapter)``; a chapter's head is ``[chapter, its first question)``; a
   question is ``[its number, end_offset)``; a heading with no questions is a stray
   from its start to the next piece.  Each piece, less the page-furniture strays
   inside it, must be *exactly* its marker text and its fields, in order, with only
   white space between them: for a question, the numbering the layout chose, an optional
   ``TYPE_BRACKET``, its exam tags in ``【】``, the stem, each option's label (the
   letter the model gives it) and text, ``ANSWER_MARK`` and the answer as written,
   ``EXPLANATION_MARK`` and the explanation; for a chapter head, a heading marker
   (``#``, ``第N章``, ``一、``), the title and the intro; the preamble and strays
   verbatim.  So no character is dropped, duplicated, reordered or invented, and the
   only characters outside the model's text are those of the markers themselves.
3. **Nothing from a bank is markup.**  Every page rendered from a parsed bank is
   converted with Python-Markdown configured like ``mkdocs.yml``; each field's text
   (stem, options, shown answer, explanation, chapter title and intro, exam tags,
   strays) must appear in the page's *visible text* exactly (white space aside), so
   no tag, attribute, entity, emphasis or link in a bank was interpreted; and the
   page may hold no tag and no attribute that the renderer does not write for the
   bundled bank and a benign bank, nor any ``javascript:`` or ``on…`` attribute.

The short runs below take a few seconds; the same properties run for much longer
behind ``--run-long``: ``python -m pytest tests/unit/test_fuzz.py --run-long -m long``.
"""
from __future__ import annotations

import re
import tempfile
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import markdown
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from mkdocs.utils.yaml import yaml_load

from generator.bank import fields as F
from generator.bank.model import Bank, Chapter, Question, QuestionType
from generator.bank.spans import HTML_TABLE
from generator.bank.text_blocks import Code, Prose, Table, _special_spans, split_blocks
from generator.base.errors import GuideError, ParseError
from generator.pages.chapter import RenderContext, render_chapter, render_home, render_report
from generator.read.load import load_bank, read_bank
from generator.read.text.layout import JUDGED_LINE, detect_layout
from generator.read.text.parse import parse
from tests.paths import BUNDLED, ROOT

# The suite's runs are derandomized (the same examples each run: its verdict depends on the code
# alone, never on a draw); the long runs under --run-long explore at random.
SHORT = settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=20000, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- strategies ------------------------------------------------------------------------
WORDS = "機器學習模型訓練數據參數的是在下列說法正確錯誤关于选项题目甲乙丙丁"
PLAIN = st.text(alphabet=WORDS + "abcxyzABCDEF0123456789，。？！：；（）()[]【】「」“”…—·%+-*/=<>&#_~^|{}\\$@'\"`! ",
                min_size=1, max_size=12)
HEADINGS = ["一、機器學習", "二、多选题(共15題)", "三、判斷題", "十一、安全", "第一章　基礎", "第3章", "# 第03章-部署",
            "## 附錄", "四、简答题", "一、"]
TYPES = ["（單選）", "(多選)", "（判断）", "【單選題】", "[填空]", "（案例分析）", "(計算)"]
TAGS = ["【23下】", "【2024上】", "【 某考 】", "【】"]
MARKS = ["答案：", "答案:", "【答案】", "參考答案：", "答案解析：", "解析：", "【解析】", "解答：", "**答案：**",
         "正確答案：",
         "答案", "解析"]
VALUES = ["B", "B、C", "BCD", "A,C", "√", "×", "對", "錯誤", "正確", "是", "否", "T", "ACE", "Z"]
HTML = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<table><tr><td>格</td><td>a&b</td></tr></table>",
        "<b>粗</b>", "&amp;", "&#60;", "&lt;", "<!-- c -->", "<div markdown>", "</div>", "<a href='javascript:x'>",
        "<table>", "</table>", "<td>", "<iframe src=//x>", "<svg onload=alert(1)>", "<style>p{}</style>", "<br>"]
MARKDOWN = ["*x*", "_y_", "**z**", "[a](javascript:alert(1))", "![i](x.png)", "`code`", "$x$", "$$y$$", "\\(y\\)",
            "{{ z }}", "{% raw %}", "| a | b |", "|---|", "\n| a | *b* |\n|---|---|\n| <i>c</i> | d\\|e |\n",
            "> 引用", "---", "{ #id .cls }", "{: .evil }", "??? note",
            '!!! warning "t"', "[^1]", "<https://x.y>", "~~s~~", "==m==", "\\", "- ", "1) ", "+ ", "    縮排", "[TOC]",
            ":smile:", "&nbsp;", "\\*", "* * *", "=====", "#", "###### h", "[x]: /y"]
CODE = ["```python\nprint(1)\n```", "```", "```pythonfrom torch import nn```", "~~~\nx\n~~~", "````\n```\n````"]
FURNITURE = ["第1頁", "第 2 頁 共 3 頁", "版權所有 ©", "- 3 -", "Page 4 of 9"]
SPACE = ["\n", " ", "\t", "\n\n", "　", "\n  "]

numbers = st.builds("{}{}".format, st.integers(0, 14), st.sampled_from([".", "．", "、", " .", ""])) | st.builds(
    "題目{}".format, st.integers(1, 5))
options = st.builds(
    "{}{}".format, st.sampled_from("ABCDEFＡＢＧ"), st.sampled_from([".", "．", "、", " "])) | st.sampled_from(
    ["(A)", "（B）", "( C )"])
token = st.one_of(
    st.sampled_from(HEADINGS), numbers, st.sampled_from(TYPES), st.sampled_from(TAGS), options, st.sampled_from(MARKS),
    st.sampled_from(VALUES), st.sampled_from(HTML), st.sampled_from(MARKDOWN), st.sampled_from(CODE),
    st.sampled_from(FURNITURE), st.sampled_from(SPACE), PLAIN, PLAIN, PLAIN,
)
bank_like = st.lists(token, max_size=50).map("".join)
arbitrary = st.text(max_size=300)  # all of Unicode: control characters, surrogates, everything


def question_text(n: int, qtype: str, stem: str, opts: list[str], answer: str, explanation: str) -> str:
    labels = "ABCDEF"
    body = "".join(f"{labels[i]}.{o}" for i, o in enumerate(opts))
    return f"{n}.{qtype}{stem}{body}答案：{answer}解析：{explanation}"


# whole banks shaped like real ones, with hostile text inside the fields
field = st.lists(PLAIN | st.sampled_from(HTML + MARKDOWN + CODE), min_size=1, max_size=4).map("".join)
well_formed = st.builds(
    lambda title, qs, sep: f"題庫{title}{sep}一、{title}{sep}"
    + sep.join(question_text(i + 1, *q) for i, q in enumerate(qs)),
    PLAIN,
    st.lists(st.tuples(st.sampled_from([*TYPES, ""]), field, st.lists(field, max_size=4),
                       st.sampled_from(VALUES) | field,
                       field), min_size=1, max_size=4),
    st.sampled_from(["", "\n", "\n\n"]),
)


# -- property 1: total -----------------------------------------------------------------
def check_total(text: str) -> None:
    try:
        bank = parse(text, "fuzz.txt", "fuzz")
    except ParseError as error:
        assert error.where.startswith("fuzz.txt") and error.expected and error.found
        return
    assert isinstance(bank, Bank) and bank.questions
    assert len({q.id for q in bank.questions}) == len(bank.questions), "question ids must be unique"


def check_pipeline(data: bytes) -> None:
    """Bytes to pages: only a GuideError may escape, and a readable bank renders."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bank.txt"
        path.write_bytes(data)
        try:
            bank = load_bank(path)
        except GuideError:
            return
        pages(bank)


@SHORT
@given(bank_like | arbitrary)
def test_parser_returns_a_model_or_a_parse_error(text):
    check_total(text)


@SHORT
@given(st.binary(max_size=400) | bank_like.map(str.encode) | well_formed.map(lambda t: t.encode("gb18030")))
def test_the_pipeline_raises_nothing_but_guide_errors(data):
    check_pipeline(data)


# -- property 2: every character accounted for -----------------------------------------
_HEADING_MARK = (r"[ \t　]*(?:#{1,6}[ \t]*)?(?:第[\d一二三四五六七八九十百零〇]+[章節节部]分?[ \t　:：\-—.、]*"
                 r"|[一二三四五六七八九十]{1,3}[、.．][ \t　]*)?")
_FULLWIDTH = dict(zip("ABCDEF", "ＡＢＣＤＥＦ", strict=True))


def _label(letter: str) -> str:
    """Any label form of generator.read.text.layout for ``letter``, and a task-list box."""
    either = f"[{letter}{_FULLWIDTH[letter]}{letter.lower()}]"
    form = rf"(?:[(（]\s*{either}\s*[)）]|{either}\s*[.．、:：)）]|{either}[ \t]+)"
    box = r"[ \t]*[-*+][ \t]+\[[ xX]\][ \t]*"
    return rf"(?:{box}(?:{form})?|(?:[ \t]*[-*+][ \t]+)?(?:\*\*)?{form}(?:\*\*)?)"


# "#### 答案：D", "> 解析：", "- 答案：B", "*Answer: B*": a marker's line may carry a Markdown lead
_LEAD = r"[#>*_+\- \t]*"


def question_pattern(q: Question, numbering: str, keyed: bool = False) -> str:
    """The source of one question: its markers (patterns) and its fields (literal), in order.

    The answer is written after a marker, before the statement ("(√)"), in the stem's
    brackets (left blanked in the stem), by ticked boxes, or in an answer key (``keyed``:
    which may also hold the explanation).
    """
    e = re.escape
    answer = e(q.answer_text) if q.answer_text is not None else None
    # a line's lead ("## ", "**") belongs to the question starting on it
    # (a number glued to a stem opening with a digit, "35.1型…", is read where the run says so:
    # generator.read.text.parse's _with_glued_numbers)
    parts = [rf"[ \t*#>]*(?:[ \t]*{JUDGED_LINE})?", rf"(?:{numbering}|\d{{1,7}}[.．](?=\d))",
             rf"\s*(?:{F.TYPE_BRACKET.pattern})?"]
    if answer is not None:
        parts.append(rf"(?:[ \t]*[（(][ \t]*{answer}[ \t]*[）)])?")
    parts += [rf"\s*【\s*{e(tag)}\s*】" for tag in q.exam_tags]
    stem = e(q.stem)
    if answer is not None:
        stem = stem.replace(e(F.BLANKED), rf"(?:{e(F.BLANKED)}|[（(][ \t　]*{answer}[ \t　]*[）)])")
    parts.append(rf"\s*{stem}(?:[ \t]*\*\*)?")  # "**1.題幹**" closes its bold on the stem
    parts += [rf"\s*{_label(o.label)}\s*{e(o.text)}" for o in q.options]
    if answer is not None:
        parts.append(rf"(?:\s*{_LEAD}{F.ANSWER_MARK.pattern}\s*{answer}(?:[ \t]*\*\*)?)?")  # "**答案：B**"
    explanation = _LEAD + F.EXPLANATION_MARK.pattern.replace("bold", "xbold")
    # an explanation may follow an answer line with no marker ("Answer: D" then its reasons);
    # an answer in words read as letters keeps its words as the explanation (written once, after
    # the answer marker: an explanation marker after them may stand empty)
    if q.explanation and q.explanation == q.answer_text and not keyed:
        parts.append(rf"(?:\s*{explanation}(?:\s*{e(q.explanation)})?)?")
    else:
        parts.append(rf"(?:\s*{explanation}\s*{e(q.explanation)})?" if not q.explanation or keyed
                     else rf"(?:\s*{explanation})?\s*{e(q.explanation)}")
    return "".join(parts) + r"\s*"


def head_pattern(c: Chapter) -> str:
    """A heading marker, the title and the intro; "題目" stands in for a missing heading or title."""
    heading = rf"{_HEADING_MARK}{re.escape(c.title)}[ \t#]*"
    if c.title == "題目":
        heading = rf"(?:{_HEADING_MARK}(?:題目)?[ \t#]*)?"
    return rf"\s*{heading}\s*{re.escape(c.intro)}\s*"


def check_accounted(text: str) -> None:
    try:
        bank = parse(text, "fuzz.txt", "fuzz")
    except ParseError:
        return  # no model to account with; check_total looks at the error
    furniture = [s for s in bank.stray if s.reason in ("page furniture", "markup")]
    numbering = detect_layout(text).numbering.pattern.pattern
    pieces: list[tuple[int, str, Question | Chapter | str]] = [(0, "preamble", bank.preamble)]
    for chapter in bank.chapters:
        pieces.append((chapter.position.offset, "head", chapter))
        pieces += [(q.position.offset, "question", q) for q in chapter.questions]
    pieces += [(s.position.offset, "stray", s.text) for s in bank.stray if s not in furniture]
    pieces += [(k.position.offset, "answer key", k.text) for k in bank.answer_keys]
    pieces.sort(key=lambda p: p[0])
    ends = [p[0] for p in pieces[1:]] + [len(text)]
    for (start, kind, item), end in zip(pieces, ends, strict=True):
        region = _without(text, start, end, furniture)
        if isinstance(item, Question):
            assert item.end_offset == end, f"{item.id} ends at {item.end_offset}, the next piece starts at {end}"
            pattern = question_pattern(item, numbering, bool(bank.answer_keys))
            if ">" in region and F.QUOTED_OPTION.search(region):  # quoted options: no line keeps its "> "
                region = F.QUOTE_LEAD.sub("", region)
        elif isinstance(item, Chapter):
            pattern = head_pattern(item)
        else:
            pattern = rf"\s*{re.escape(item)}\s*"
        assert re.fullmatch(pattern, region), f"{kind} at {start}: {region!r} is not accounted for by {item!r}"


def _without(text: str, start: int, end: int, furniture) -> str:
    """``text[start:end]`` less the page furniture the parser took out of it as strays."""
    region, cut = text[start:end], 0
    for stray in furniture:
        if start <= stray.position.offset < end:
            pattern = re.compile(rf"[ \t]*{re.escape(stray.text)}[ \t]*\n?")
            line = pattern.match(region, stray.position.offset - start - cut)
            assert line, f"furniture {stray.text!r} is not at {stray.position.offset}"
            region = region[:line.start()] + region[line.end():]
            cut += line.end() - line.start()
    return region


@SHORT
@given(bank_like | well_formed)
@example("題庫0\n一、0\n1.（單選）0答案：B解析：0\n2.0答案：B解析：0\n3.（單選）0答案：B解析：0")  # 2. glued to "0"
@example("題庫0一、01.（單選）0答案：B解析：02.（單選）-答案：B解析：0")  # a stem "-" is no Markdown lead
@example("0.\n-答案:")  # a bullet before a marker on its own line is its lead
@example("0.(單選)\n>A.")  # an option quoted in a blockquote
@example("1.>A.")  # no quote on the number's line
@example("1.\n>A.")  # a quoted line that makes no options
@example("題目1答案A.")  # a marker that needs a line start has none on the number's line
@example("0.A.B.答案：(A)")  # letters in brackets
@example("0.A.B.答案：一、機器學習(A)")  # an answer in words, kept as the explanation
@example("一、0\n版權所有 ©題目1（單選）0A.0B.0答案：B")  # furniture that runs on into a question ends at it
@example("0.(單選)A.**0**\n答:")  # a bold option is no label line after the options
@example("0.(單選)A.答案:A\x1b解析:")  # letters with a control character say nothing more
@example("0.(單選)A.答案:A¡解析:")  # an answer in words, then an empty explanation marker
def test_every_character_is_accounted_for(text):
    check_accounted(text)


# -- property 3: nothing from a bank is markup -----------------------------------------
@lru_cache(maxsize=1)
def _markdown() -> markdown.Markdown:
    with open(ROOT / "mkdocs.yml", encoding="utf-8") as file:
        entries = yaml_load(file)["markdown_extensions"]
    names = [e if isinstance(e, str) else next(iter(e)) for e in entries]
    configs = {next(iter(e)): next(iter(e.values())) or {} for e in entries if isinstance(e, dict)}
    return markdown.Markdown(extensions=names, extension_configs=configs)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.values: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes |= {f"{tag}[{name}]" for name, _ in attrs}
        self.values += [value or "" for _, value in attrs]

    def handle_data(self, data):
        self.text.append(data)


def html_of(markdown_text: str) -> _Page:
    converter = _markdown()
    converter.reset()
    page = _Page()
    page.feed(converter.convert(markdown_text))
    page.close()
    return page


def pages(bank: Bank) -> list[str]:
    ctx = RenderContext()
    return [p.markdown for p in [render_home([bank], ctx), render_report([bank], ctx),
                                 *(render_chapter(bank, c, ctx) for c in bank.chapters)]]


@lru_cache(maxsize=1)
def written_by_the_renderer() -> tuple[frozenset[str], frozenset[str]]:
    """Tags and attributes on the pages of the bundled bank and of a benign bank with code and a table."""
    benign = Path(tempfile.mkdtemp()) / "bank.txt"
    benign.write_text("題庫\n一、甲\n說明\n第二行\n1.（單選）題【23下】\nA.甲\nB.乙\n"
                      "答案：E\n解析：一\n二\n\n三```python\nx = 1\n```\n"
                      "2.（填空）____\n答案：<table><tr><th>a</th></tr><tr><td>b</td></tr></table>\n"
                      "2.（判斷）對\n答案：√\n第1頁\n二、乙\n", encoding="utf-8")
    found = [html_of(md) for bank in (load_bank(BUNDLED), load_bank(benign)) for md in pages(bank)]
    return frozenset().union(*(p.tags for p in found)), frozenset().union(*(p.attributes for p in found))


def shown_texts(bank: Bank) -> list[str]:
    """Bank text that the pages must show as written, one visible block at a time."""
    texts = [bank.title] + [s.text for s in bank.stray]
    for chapter in bank.chapters:
        texts += [chapter.title, chapter.intro]
        for q in chapter.questions:
            texts += [q.stem, q.explanation, *q.exam_tags, *(o.text for o in q.options)]
            letters = q.type.is_choice and q.answer and q.answer.isalpha() and q.answer.isupper()
            judged = q.type is QuestionType.JUDGE and q.answer in ("true", "false")
            if q.answer is not None and not letters and not judged:
                texts.append(q.answer_text or q.answer)
    blocks = []
    for text in texts:
        for block in split_blocks(text or ""):
            if isinstance(block, Prose):
                blocks.append(block.text)
            elif isinstance(block, Code):
                blocks.append(block.code)
            elif isinstance(block, Table):
                blocks += [cell for row in block.rows for cell in row]
        # (a "<table>" that a code fence opened before is code: the tables split_blocks finds)
        blocks += [piece for start, end, kind in _special_spans(text or "") if kind == "html"
                   for piece in _table_texts(text[start:end])]
    return ["".join(b.split()) for b in blocks if b.strip()]


class _TableText(HTMLParser):
    """Every piece of text in an HTML table, cells or not, comments included.

    Pieces are cut at character references, which a table shows decoded in its cells
    and as written when it falls back to prose: the pieces between show either way.
    """

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.pieces: list[str] = []

    def handle_data(self, data):
        self.pieces.append(data)

    handle_comment = handle_data


def _table_texts(text: str) -> list[str]:
    """The text of each HTML table in ``text``: shown as a table or as text, none of it may vanish."""
    pieces = []
    for match in HTML_TABLE.finditer(text):
        parser = _TableText()
        parser.feed(match.group())
        parser.close()
        pieces += parser.pieces
    return pieces


def check_no_markup(text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bank.txt"
        path.write_text(text, encoding="utf-8")
        try:
            bank, unflagged = load_bank(path), read_bank(path)
        except GuideError:
            return
    tags, attributes = written_by_the_renderer()
    for page in [html_of(md) for md in pages(bank)]:
        assert page.tags <= tags, f"tags the renderer never writes: {page.tags - tags}"
        assert page.attributes <= attributes, f"attributes the renderer never writes: {page.attributes - attributes}"
        assert not any(v.strip().lower().startswith("javascript:") for v in page.values)
    # Without flags, whose messages quote bank text, so that a quote cannot stand in for lost text.
    visible = "".join("".join(html_of(md).text) for md in pages(unflagged))
    visible = "".join(visible.split())
    for shown in shown_texts(unflagged):
        assert shown in visible, f"bank text not shown as written: {shown!r}"


@SHORT
@given(bank_like | well_formed)
def test_nothing_from_a_bank_is_markup(text):
    check_no_markup(text)


# -- regressions found by the fuzzer -----------------------------------------------------
@pytest.mark.parametrize("text", [
    "題庫\n一、甲\n1.（單選）題\n答案：B\n解析：<table></table>\n",  # a table without cells crashed render
    # text outside cells was lost
    "題庫\n一、甲\n1.（單選）題\n答案：B\n解析：<table><tr><td>格</td></tr>表外的字</table>\n",
    "題庫\n一、甲\n1.（單選）題\n答案：B\n解析：<table><tr><td>甲<td>乙</table>\n",  # unclosed cells were lost
    "0.(單選)```<TABLE>```</TABLE>",  # a table opened inside code is code (a fault of the check, not the page)
    "一、0\r0|0\r-|-\r1\\|\r0.(單選)",  # an intro's table was shown as text, its escaped pipe "1\|" as written
], ids=["no cells", "text outside cells", "unclosed cells", "table opened in code", "escaped pipe in an intro"])
def test_html_tables_lose_no_text_and_never_crash(text):
    check_no_markup(text)


# found by the fuzzer: an option that starts with code broke its list (render.py fixed it in 3c1d6b1)
def test_an_option_that_starts_with_code_renders_as_code():
    bank = parse("一、甲\n1.（單選）題\nA.```\nx = 1\n```\nB.`乙`\n答案：B\n", "t.txt", "t")
    page = html_of(render_chapter(bank, bank.chapters[0], RenderContext()).markdown)
    visible = "".join("".join(page.text).split())
    assert "pre" in page.tags and "`乙`" in visible


# found by the long run: a title too long for a heading was clipped there, and shown whole nowhere
def test_a_title_too_long_for_its_heading_follows_it_whole():
    check_no_markup("0" * 200 + ":0.(單選)")  # the bank's title, on the home page
    bank = parse("## " + "甲" * 300 + "\n1. 題\nA. 甲\nB. 乙\n", "t.txt", "t")
    page = html_of(render_chapter(bank, bank.chapters[0], RenderContext()).markdown)
    assert "甲" * 300 in "".join("".join(page.text).split())


def test_a_chapter_intro_shows_its_code_and_tables_as_a_question_does():
    bank = parse("一、甲\n本章要點：\n| 名稱 | 值 |\n|---|---|\n| a\\|b | 1 |\n```python\nx = 1\n```\n第二段\n"
                 "1.（單選）題\nA. 甲\nB. 乙\n答案：B\n", "t.txt", "t")
    page = html_of(render_chapter(bank, bank.chapters[0], RenderContext()).markdown)
    visible = "".join("".join(page.text).split())
    assert {"table", "td", "pre"} <= page.tags
    assert all(text in visible for text in ("本章要點：", "a|b", "x=1", "第二段"))


# -- the long run ------------------------------------------------------------------------
@pytest.mark.long
@LONG
@given(bank_like | well_formed | arbitrary)
def test_long_fuzz_run(text):
    check_total(text)
    check_accounted(text)
    check_no_markup(text)
    check_pipeline(text.encode("utf-8", "surrogatepass"))
