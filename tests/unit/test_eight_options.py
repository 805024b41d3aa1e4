"""Options lettered up to H (issue 27): every reader takes a seventh and eighth option, the
answer may name them, and the chapter page, the corrections and the exports keep them."""
from __future__ import annotations

import json

import pytest

from generator.bank.errata import apply_errata, load_errata
from generator.bank.model import OPTION_LETTERS
from generator.base.errors import ParseError
from generator.exports.json import json_bytes
from generator.exports.table import dumps_csv
from generator.pages.chapter import RenderContext, render_chapter
from generator.read.json.reader import read_json_bank
from generator.read.load import read_bank
from tests.inline_bank import parse_text

TEXTS = "甲乙丙丁戊己庚辛"
EIGHT = list(zip("ABCDEFGH", TEXTS, strict=True))


def only(bank):
    assert len(bank.questions) == 1, [q.stem for q in bank.questions]
    return bank.questions[0]


def labelled(form: str, sep: str = "\n") -> str:
    return sep.join(form.format(letter, text) for letter, text in EIGHT)


def test_the_model_letters_end_at_h():
    # "I." opens a Roman-numbered part in a text bank: a ninth letter would take it for an option
    assert OPTION_LETTERS == "ABCDEFGH"


@pytest.mark.parametrize("options", [
    labelled("{}.{}"), labelled("{}、{}"), labelled("{}．{}"),
    labelled("{} {}"),  # spaced, one a line
    labelled("({}){}", " "),  # bracketed, on one line
    labelled("{}.{}", ""),  # glued
    labelled("{}: {}"), labelled("{}) {}"), labelled("- {}. {}"), labelled("**{}.** {}"),
    labelled("{}{}"),  # bare: the letter glued to Chinese text
    "\n".join(f"{chr(ord(letter) + 0xFEE0)}．{text}" for letter, text in EIGHT),  # full width
    "\n".join(f"({letter.lower()}) {text}" for letter, text in EIGHT),  # lower case
    labelled("> {}. {}"),  # quoted
])
def test_every_text_option_form_reads_g_and_h(options):
    q = only(parse_text(f"1.（多選）哪些\n{options}\n答案：CGH\n"))
    assert [(o.label, o.text) for o in q.options] == EIGHT
    assert q.answer == "CGH"


def test_an_answer_in_the_stem_s_brackets_may_be_h():
    q = only(parse_text(f"1. 哪个是辛（ H ）\n{labelled('{}.{}')}\n"))
    assert q.answer == "H" and len(q.options) == 8


def test_options_numbered_one_to_eight_answered_by_number():
    body = "\n".join(f"   {k}. {text}" for k, text in enumerate(TEXTS, 1))
    q = only(parse_text(f"1. Which one?\n{body}\nAnswer: 7\n"))
    assert [(o.label, o.text) for o in q.options] == EIGHT and q.answer == "G"


def test_a_task_list_of_eight_ticks_the_eighth():
    body = "\n".join(f"- [{'x' if k == 7 else ' '}] {text}" for k, text in enumerate(TEXTS))
    q = only(parse_text(f"1. 哪个是辛\n{body}\n"))
    assert [(o.label, o.text) for o in q.options] == EIGHT and q.answer == "H"


def test_an_answer_key_may_name_g_and_h():
    questions = "\n".join(f"{n}. 第{n}题\n{labelled('{}.{}')}" for n in (1, 2, 3))
    bank = parse_text(f"{questions}\n\n参考答案\n1-2 GH\n3. ABH\n")
    assert [q.answer for q in bank.questions] == ["G", "H", "ABH"]


def test_a_spreadsheet_with_option_columns_to_h(tmp_path):
    path = tmp_path / "bank.csv"
    header = ",".join(["题干", *(f"选项{letter}" for letter in "ABCDEFGH"), "答案"])
    path.write_text(f"{header}\n哪些,{','.join(TEXTS)},\"G,H\"\n", encoding="utf-8")
    q = only(read_bank(path))
    assert [(o.label, o.text) for o in q.options] == EIGHT and q.answer == "GH"


def test_a_spreadsheet_cell_holding_eight_options(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text(f'题干,选项,答案\n哪个,"{labelled("{}. {}", " ")}",H\n', encoding="utf-8")
    q = only(read_bank(path))
    assert [(o.label, o.text) for o in q.options] == EIGHT and q.answer == "H"


@pytest.fixture
def bank():
    return parse_text(f"1.（多選）哪些\n{labelled('{}.{}')}\n答案：BGH\n")


def test_the_chapter_page_shows_g_and_h(bank):
    page = render_chapter(bank, bank.chapters[0], RenderContext()).markdown
    assert "- **G.** 庚" in page and "- **H.** 辛" in page


def test_a_correction_may_name_option_g(bank, tmp_path):
    errata = tmp_path / "errata.yml"
    errata.write_text("q1:\n  G:\n    - {whole: 庚, with: 庚午}\n", encoding="utf-8")
    fixed = apply_errata(bank, load_errata(errata))
    assert fixed.questions[0].options[6].text == "庚午" and fixed.questions[0].answer == "BGH"


def test_the_exports_keep_g_and_h(bank):
    back = read_json_bank(json_bytes(bank).decode(), "bank.json", "bank")
    assert [(o.label, o.text) for o in back.questions[0].options] == EIGHT and back.questions[0].answer == "BGH"
    header, row = dumps_csv(bank, "hans").splitlines()[:2]
    assert header.count(",") == row.count(",") and "庚" in row and "辛" in row
    assert json.loads(json_bytes(bank))["chapters"][0]["questions"][0]["answer"] == "BGH"


def test_more_options_than_h_is_an_error_naming_where(tmp_path):
    rows = tmp_path / "rows.txt"
    rows.write_text("".join(f"{n}|||第{n}题|||{'|||'.join('甲乙丙丁戊己庚辛壬')}|||A\n" for n in (1, 2, 3)),
                    encoding="utf-8")
    with pytest.raises(ParseError, match=r"rows\.txt: expected at most 8 option fields .* found 9 fields"):
        read_bank(rows)
    exported = json.loads(json_bytes(parse_text(f"1. 哪个\n{labelled('{}.{}')}\n答案：A\n")))
    exported["chapters"][0]["questions"][0]["options"].append({"label": "I", "text": "壬"})
    with pytest.raises(ParseError, match=r"question 1 .*options: expected at most 8 options \(A-H\), found 9"):
        read_json_bank(json.dumps(exported), "bank.json", "bank")


def test_a_filled_option_column_past_h_is_an_error_naming_row_and_column(tmp_path):
    header = "题干,选项A,选项B,选项C,选项D,选项E,选项F,选项G,选项H,选项I,答案\n"
    sheet = tmp_path / "bank.csv"
    sheet.write_text(header + "哪个,甲,乙,丙,丁,戊,己,庚,辛,,A\n再选,甲,乙,丙,丁,戊,己,庚,辛,壬,I\n", encoding="utf-8")
    with pytest.raises(ParseError, match=r"bank\.csv: row 3, column 10: expected at most 8 option columns "
                                         r"\(选项A–选项H\), found 选项I filled: '壬'"):
        read_bank(sheet)
    sheet.write_text(header + "哪个,甲,乙,丙,丁,戊,己,庚,辛,,A\n", encoding="utf-8")  # an empty one is no loss
    assert read_bank(sheet).questions[0].answer == "A"
