"""The practice edition's markup: answer key, writing space and the edition switch (pure)."""
import re
from dataclasses import replace

import markdown
import pytest

from generator.bank.model import QuestionType as T
from generator.pages.chapter import RenderContext, render_chapter
from generator.pages.editions import answer_key, edition_switch, key_entries, writing_space
from generator.pages.strings import UI
from generator.read.load import load_bank
from tests.inline_bank import parse_text
from tests.paths import BUNDLED

# The Markdown extensions of mkdocs.yml that matter for raw HTML and escaping.
EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "pymdownx.details", "pymdownx.escapeall",
              "pymdownx.superfences"]

MIXED = """
    一、混合
    1.（單選）甲還是乙A.甲B.乙答案：B
    2.（多選）哪些對A.一B.二C.三答案：A、C
    3.（判斷）天是藍的答案：√
    4.（判斷）水是乾的答案：×
    5.（填空）1+1=____答案：2
    6.（簡答）說說看答案：很長的說明
    7.（計算）算一算答案：42
    8.（單選）沒有答案的題A.甲B.乙
"""


def html(md: str) -> str:
    return markdown.markdown(md, extensions=EXTENSIONS)


def key_cells(md: str) -> list[str]:
    """The key as a reader sees it: ``1.B`` per cell."""
    return ["".join(re.sub(r"<[^>]+>", "", cell).split()) for cell in re.findall(r"<li>(.*?)</li>", html(md), re.S)]


def test_key_holds_choice_judge_and_fill_answers_in_order():
    chapter = parse_text(MIXED).chapters[0]
    assert key_cells(answer_key(chapter, UI)) == ["1.B", "2.AC", "3.正確", "4.錯誤", "5.2", "8.—"]


def test_key_writes_open_answers_out_after_the_grid_and_links_each_number_to_its_question():
    chapter = parse_text(MIXED).chapters[0]
    page = html(answer_key(chapter, UI))
    assert 'href="#q1"' in page and 'href="#q8"' in page
    assert UI["answer_key_title"] in page
    grid, written = page.split("answer-key__subtitle")
    assert "#q6" not in grid and "42" not in grid  # not in a cell
    found = [" ".join(re.sub(r"<[^>]+>", "", block).split())
             for block in re.findall(r'<div class="answer-key__written">(.*?)</div>', written, re.S)]
    assert found == ["6. 很長的說明", "7. 42"]  # 簡答 and 計算, in the chapter's order
    assert 'href="#q6"' in written and 'href="#q7"' in written


def test_open_answers_go_through_the_pages_answer_line():
    chapter = parse_text(MIXED).chapters[0]
    md = answer_key(chapter, UI, written=lambda question, label: f"{label} <em>{question.id}</em>")
    assert "**[6\\.](#q6)** <em>q6</em>" in md and "<em>q1</em>" not in md


def test_the_chapter_pages_key_holds_its_calc_answer_led_by_its_number():
    chapter = load_bank(BUNDLED).chapters[0]
    page = html(render_chapter(load_bank(BUNDLED), chapter, RenderContext(ui=dict(UI))).markdown)
    key = page[page.index('<section class="answer-key"'):]
    calc = next(q for q in chapter.questions if q.type is T.CALC)
    assert f'href="#{calc.id}"' in key.split("answer-key__subtitle")[1]
    assert f'<strong>{UI["answer"]}：</strong>' not in key  # the number leads, not 答案：


def test_a_chapter_renders_each_open_answer_once_and_its_key_copies_it():
    chapter = parse_text(MIXED).chapters[0]
    rendered: list[str] = []

    def inline(question, text):
        rendered.append(question.id)
        return f"<em>{question.id}</em> " + text

    page = render_chapter(parse_text(MIXED), chapter, RenderContext(inline=inline, ui=dict(UI))).markdown
    assert rendered.count("q6") == rendered.count("q7") == 2  # stem and answer, not the key's copy
    key = page[page.index('<section class="answer-key"'):]
    assert "**[6\\.](#q6)** <em>q6</em> 很長的說明" in key and "**[7\\.](#q7)** <em>q7</em> 42" in key


def test_bundled_first_chapter_key():
    chapter = load_bank(BUNDLED).chapters[0]
    cells = key_cells(answer_key(chapter, UI))
    assert cells[:2] == ["1.B", "2.BC"]
    assert [c.split(".", 1)[0] for c in cells] == ["1", "2", "3"]  # 4-6 are calc, short and case


def test_open_questions_alone_make_a_key_without_a_grid():
    chapter = parse_text("一、問答\n1.（簡答）說說看答案：好\n2.（案例分析）看看答案：行").chapters[0]
    assert key_entries(chapter, UI) == ()
    page = html(answer_key(chapter, UI))
    assert "<ul>" not in page and "1. 好" in re.sub(r"<[^>]+>", "", page) and "2. 行" in re.sub(r"<[^>]+>", "", page)


def test_no_key_for_a_chapter_without_questions():
    chapter = parse_text("一、問答\n1.（簡答）說說看答案：好").chapters[0]
    assert answer_key(replace(chapter, questions=()), UI) == ""


@pytest.mark.parametrize("answer", [
    "<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "[點我](javascript:alert(3))",
    "*星號* _底線_ `code` $x^2$", "{{ config.site_name }}", "a|b|c &amp; \\(y\\)",
])
def test_fill_answers_are_shown_exactly_as_written(answer):
    chapter = parse_text(f"一、填空\n1.（填空）寫下____答案：{answer}").chapters[0]
    page = html(answer_key(chapter, UI))
    found = re.search(r'<span class="answer-key__answer">(.*?)</span>', page, re.S)
    assert found, f"no answer cell in {page}"
    cell = found[1]
    assert "<" not in cell.replace("&lt;", "")  # no tag of the bank's survives
    assert "href=\"javascript" not in page and "<script" not in page and "<img" not in page
    unescaped = cell.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&").replace("&quot;", '"')
    assert unescaped == answer


def test_fill_answers_go_through_the_renderers_inline_function():
    chapter = parse_text("一、填空\n1.（填空）寫下____答案：x2").chapters[0]
    md = answer_key(chapter, UI, inline=lambda question, text: f"<em>{question.id}</em>")
    assert "<em>q1</em>" in md


@pytest.mark.parametrize("kind, lines", [(T.FILL, 2), (T.SHORT, 6), (T.CALC, 8), (T.CASE, 10)])
def test_writing_space_for_open_questions(kind, lines):
    label = {T.FILL: "填空", T.SHORT: "簡答", T.CALC: "計算", T.CASE: "案例分析"}[kind]
    question = parse_text(f"一、章\n1.（{label}）題目答案：好").questions[0]
    assert question.type is kind
    space = writing_space(question, UI)
    assert f"--writing-lines: {lines}" in space and UI["writing_space"] in space


def test_no_writing_space_for_choice_and_judge():
    bank = parse_text(MIXED)
    assert [writing_space(q, UI) for q in bank.questions if q.type in (T.SINGLE, T.MULTIPLE, T.JUDGE)] == [""] * 5


def test_edition_switch_offers_both_editions_answers_first_and_hidden_until_scripted():
    switch = html(edition_switch("ai-trainer/chapter-1", UI))
    assert re.search(r'<div class="edition-switch" data-chapter="ai-trainer/chapter-1"[^>]* hidden>', switch)
    values = re.findall(r'<input type="radio" name="guide-edition" value="(\w+)"( checked)?>', switch)
    assert values == [("answers", " checked"), ("practice", "")]
    for key in ("edition_answers", "edition_practice", "print_chapter", "edition"):
        assert UI[key] in switch


def test_chapter_page_carries_switch_writing_space_and_key_in_reading_order():
    bank = parse_text(MIXED)
    page = render_chapter(bank, bank.chapters[0], RenderContext(ui=dict(UI))).markdown
    rendered = html(page)
    switch, first, last, key = (rendered.index('class="edition-switch"'), rendered.index('id="q1"'),
                                rendered.index('id="q8"'), rendered.index('class="answer-key"'))
    assert switch < first < last < key
    q5 = rendered[rendered.index('id="q5"'):rendered.index('id="q6"')]
    assert q5.index('class="writing-space"') < q5.index('<details class="answer"')


def test_a_disputed_answer_shows_the_editors_beside_the_banks_in_the_key():
    """q3's bank answer 0.0005 is disputed (errata editor_answer): the key shows both, bank first."""
    chapter = load_bank(BUNDLED).chapters[0]
    cells = dict(cell.split(".", 1) for cell in key_cells(answer_key(chapter, UI)))
    assert cells["3"].startswith("0.0005·" + UI["editor_answer"] + "：")
    assert "1.227" in cells["3"]
    undisputed = [q for q in chapter.questions if q.editor_answer is None and q.type in (T.SINGLE, T.MULTIPLE)]
    assert undisputed and all(UI["editor_answer"] not in cells[str(q.number)] for q in undisputed)


def test_the_editors_answer_links_to_the_note_that_gives_the_working():
    bank = load_bank(BUNDLED)
    page = html(render_chapter(bank, bank.chapters[0], RenderContext(ui=dict(UI))).markdown)
    link = re.search(r'<a href="#q3-note">([^<]*)</a>', page)
    assert link and link.group(1) == UI["editor_answer"]
    anchor = page.index('id="q3-note"')  # just before the note itself
    assert page.find('class="admonition note"', anchor) - anchor < 100
