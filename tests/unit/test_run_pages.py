"""The run pages (generator/pages/run_pages.py) and the questions' HTML they draw from
(generator/site/question_html.py)."""
from dataclasses import replace

import pytest

from generator.bank.model import QuestionType
from generator.pages.run_pages import RUN_KINDS, exam_points, heading_points, run_page_markdown
from generator.pages.run_strings import RUN_UI, run_strings, run_strings_script
from generator.pages.strings import UI
from generator.practice.data import practice_script
from generator.read.load import corrected_bank
from generator.site.question_html import question_blocks, question_part
from tests.node_scripts import run_scripts
from tests.paths import BUNDLED


@pytest.fixture(scope="module")
def bank():
    return corrected_bank(BUNDLED)


@pytest.mark.parametrize("heading, points", [
    ("一、單選題（每題2分，共40分）", {QuestionType.SINGLE: 2.0}),
    ("二、多项选择题 每小题 1.5 分", {QuestionType.MULTIPLE: 1.5}),
    ("三、判斷題（每題1分）四、計算題（每題10分）", {QuestionType.JUDGE: 1.0, QuestionType.CALC: 10.0}),
    ("每題2分", {}),  # no type named: nothing assumed
    ("一、單選題", {}),
])
def test_points_per_type_come_from_headings(heading, points):
    assert heading_points([heading]) == points


def test_a_bank_without_points_in_its_headings_gets_the_defaults(bank):
    assert exam_points(bank)[QuestionType.MULTIPLE] == 2.0
    headed = replace(bank, chapters=(replace(bank.chapters[0], title="多選題（每題3分）"), *bank.chapters[1:]))
    assert exam_points(headed)[QuestionType.MULTIPLE] == 3.0


def test_bank_text_in_the_forms_is_escaped(bank):
    ui = {**UI, **RUN_UI}
    for kind in RUN_KINDS:
        markdown = run_page_markdown(bank, kind, ["<b>*x*</b> & $y$"] * len(bank.chapters), ui)
        if kind != "review":
            assert "&lt;b&gt;*x*&lt;/b&gt; &amp; $y$" in markdown and "<b>" not in markdown


def test_the_exam_form_offers_only_types_judged_with_their_answerable_counts(bank):
    markdown = run_page_markdown(bank, "exam", [c.title for c in bank.chapters], {**UI, **RUN_UI})
    single = markdown[markdown.index('<tr data-type="single">'):]
    assert single.index("（5 題）") < single.index('name="count-single"')  # five with an answer
    assert "count-short" not in markdown and "count-case" not in markdown  # graded by the reader


PAGE = """<p>x</p><div class="question">
<h2 class="question-heading" id="q1">第1題<a class="headerlink" href="#q1">&para;</a></h2>
<div class="options"><ul><li><strong>A.</strong> a</li><li><strong>B.</strong> b</li></ul></div>
<details class="answer"><div class="admonition note"><p>見<a href="#q2">第2題</a></p></div></details>
</div><div class="question">
<h2 class="question-heading" id="q2">第2題</h2><p>&lt;div class="question"&gt;</p>
<div class="related"><ul><li>x</li></ul></div></div><div class="answer-key"></div>"""


def test_questions_are_cut_whole_from_a_chapter_page_and_links_within_it_point_at_it():
    blocks = question_blocks(PAGE, "chapter-1.html")
    assert list(blocks) == ["q1", "q2"]
    assert blocks["q1"]["h"].startswith('<div class="question">') and blocks["q1"]["h"].endswith("</details>\n</div>")
    assert 'href="chapter-1.html#q2"' in blocks["q1"]["h"] and 'href="#' not in blocks["q1"]["h"]
    assert blocks["q1"]["o"] == 2 and blocks["q2"]["o"] == 0  # a related list is no options
    assert "answer-key" not in blocks["q2"]["h"]


def test_a_questions_script_gives_its_html_and_record_back_unchanged():
    block = question_blocks(PAGE, "c.html")["q1"]
    part = question_part("b</script>", "q1", {"t": "single", "h": "0", "n": 1, "a": "B"}, block)
    assert run_scripts(practice_script(part), "studyGuide.practiceParts")[-1] == [part]
    assert part["html"] == {"q1": block}


def test_the_run_strings_join_the_reader_strings():
    *_, strings = run_scripts("var studyGuide = {strings: {reveal_answer: 'x'}};", run_strings_script("hans"),
                              "studyGuide.strings")
    assert (strings["reveal_answer"], strings["exam_hand_in"], strings["type_single"]) == ("x", "交卷", "单选")


def test_the_run_pages_quote_as_each_editions_readers_do():
    """Interface text is written in Traditional with 「」; the Simplified edition turns them into “”."""
    assert "按「開始」抽出" in run_strings("hant")["exam_intro"]
    assert "按“开始”抽出" in run_strings("hans")["exam_intro"]
    for strings in (UI, RUN_UI):
        mainland = [key for key, text in strings.items() if any(mark in text for mark in "“”‘’")]
        assert not mainland, f"interface strings with mainland quotes (write 「」 and 『』): {mainland}"
