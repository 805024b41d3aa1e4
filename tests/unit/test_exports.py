"""Taking the bank elsewhere: the Anki deck, the exam-app spreadsheet and CSV, and reading
those files (and the JSON export) back into the same questions."""
import io
import json
import os
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import load_workbook

from generator.bank.lint import lint
from generator.base.errors import ParseError
from generator.exports.anki import FIELDS
from generator.exports.common import left_out
from generator.exports.formats import Export, write_export
from generator.exports.json import json_bytes
from generator.exports.table import dumps_csv
from generator.links.glossary import load_glossary
from generator.pages.script import convert_bank, convert_strings
from generator.pages.strings import UI
from generator.read.load import load_bank, read_bank
from tests.inline_bank import parse_text
from tests.paths import BUNDLED, ROOT
from tests.paths import GLOSSARY_FILE as GLOSSARY

MIXED = """\
一、甲
1.（單選）<script>alert(1)</script>與 \\(y\\) 哪個對？
A. <b>粗</b>
B. =1+1
答案：B
解析：見 &amp; 說明
2.（判斷）天是藍的
答案：√
3.（判斷）水是乾的
答案：×
二、乙
4.（多選）下列哪些是顏色
A. 紅
B. 綠
C. 咖啡
答案：A、B
5.（填空）1+1=______
答案：2
"""


@pytest.fixture(scope="module")
def bundled():
    return convert_bank(load_bank(BUNDLED), "hans")


def deck(bank, path, modified=1.7e9):
    how = Export("hans", modified, "测试卡组", convert_strings(UI, "hans"), load_glossary(GLOSSARY))
    write_export("anki", bank, path, how)


def write_xlsx(bank, path, script):
    write_export("xlsx", bank, path, Export(script))


def write_csv(bank, path, script):
    write_export("csv", bank, path, Export(script))


def collection(apkg: Path) -> sqlite3.Connection:
    """The SQLite collection inside an .apkg (a zip), opened from a copy."""
    with zipfile.ZipFile(apkg) as z:
        data = z.read("collection.anki2")
    copy = apkg.with_suffix(".anki2")
    copy.write_bytes(data)
    return sqlite3.connect(copy)


def kept(bank):
    gone = {q.id for q, _ in left_out(bank)}
    return [q for q in bank.questions if q.id not in gone]


def essentials(bank):
    """What a round trip keeps: chapter, number, type, stem, options, answer, explanation."""
    return [(c.title, q.number, q.type, q.stem, tuple((o.label, o.text) for o in q.options), q.answer, q.explanation)
            for c in bank.chapters for q in c.questions]


# -- Anki ---------------------------------------------------------------------------------

def test_the_deck_holds_a_note_per_question_but_the_truncated_one(bundled, tmp_path):
    assert [q.id for q, _ in left_out(bundled)] == ["q26"]
    deck(bundled, tmp_path / "a.apkg")
    db = collection(tmp_path / "a.apkg")
    assert db.execute("select count(*) from notes").fetchone()[0] == len(bundled.questions) - 1
    models = __import__("json").loads(db.execute("select models from col").fetchone()[0])
    assert [f["name"] for f in next(iter(models.values()))["flds"]] == list(FIELDS)
    decks = __import__("json").loads(db.execute("select decks from col").fetchone()[0])
    assert "测试卡组" in [d["name"] for d in decks.values()]


def test_note_fields_and_tags(bundled, tmp_path):
    deck(bundled, tmp_path / "a.apkg")
    db = collection(tmp_path / "a.apkg")
    notes = {flds.split("\x1f")[4]: (flds.split("\x1f"), tags.split()) for flds, tags in
             db.execute("select flds, tags from notes")}
    fields, tags = next(v for k, v in notes.items() if "第8题" in k)
    q8 = bundled.question("q8")
    assert fields[0].startswith(q8.stem)
    assert all(f'<span class="label">{o.label}.</span>' in fields[0] for o in q8.options)
    assert q8.options[2].text in fields[0]  # an option without formulas, as written
    assert fields[1] == "B、C、D"
    assert "clip只在目标函数中限制概率比" in fields[2]
    assert "章节::2_大模型预训练与微调" in tags and "题型::多选" in tags
    assert any(t.startswith("主题::") for t in tags)
    fields, _ = next(v for k, v in notes.items() if "第3题" in k)
    assert "\\(" in fields[0] and "\\(\\hat m_5" in fields[3]  # formulas and the editor's LaTeX for MathJax
    assert "\x02" not in "".join(f for v in notes.values() for f in v[0])


def test_the_editors_answer_is_on_the_back_beside_the_banks(tmp_path):
    from dataclasses import replace

    bank = lint(parse_text(MIXED))
    chapter = bank.chapters[0]
    disputed = replace(chapter.questions[0], editor_answer="A")
    bank = replace(bank, chapters=(replace(chapter, questions=(disputed, *chapter.questions[1:])), *bank.chapters[1:]))
    deck(bank, tmp_path / "e.apkg")
    backs = [f.split("\x1f")[1] for (f,) in collection(tmp_path / "e.apkg").execute("select flds from notes")]
    assert "B<br><b>编者答案：</b>A" in backs
    (tmp_path / "e.json").write_text(json_bytes(bank).decode(), encoding="utf-8")
    assert read_bank(tmp_path / "e.json").questions[0].editor_answer == "A"


def test_ids_are_stable_across_exports(bundled, tmp_path):
    deck(bundled, tmp_path / "a.apkg")
    deck(bundled, tmp_path / "b.apkg", modified=1.8e9)  # a later export of a corrected bank
    first, second = collection(tmp_path / "a.apkg"), collection(tmp_path / "b.apkg")
    query = "select guid, flds from notes order by guid"
    assert first.execute(query).fetchall() == second.execute(query).fetchall()
    assert len({guid for guid, _ in first.execute(query)}) == len(bundled.questions) - 1
    cards = "select distinct did from cards"
    assert first.execute(cards).fetchall() == second.execute(cards).fetchall()
    models = "select distinct mid from notes"
    assert first.execute(models).fetchall() == second.execute(models).fetchall()
    latest = "select max(mod) from notes"
    assert first.execute(latest).fetchone() < second.execute(latest).fetchone()


def test_bank_text_is_escaped_in_card_fields(tmp_path):
    bank = lint(parse_text(MIXED))
    deck(bank, tmp_path / "m.apkg")
    db = collection(tmp_path / "m.apkg")
    front = next(f for (f,) in db.execute("select flds from notes") if "alert" in f).split("\x1f")[0]
    assert "<script" not in front and "&lt;script&gt;alert(1)&lt;/script&gt;" in front
    assert "<b>" not in front and "&lt;b&gt;粗&lt;/b&gt;" in front
    assert "\\(y" not in front  # the bank's own TeX is never typeset
    backs = [f.split("\x1f")[1] for (f,) in db.execute("select flds from notes")]
    assert "正确" in backs and "错误" in backs


# -- spreadsheet and CSV ------------------------------------------------------------------

def test_the_spreadsheet_has_the_exam_app_columns(bundled, tmp_path):
    write_xlsx(bundled, tmp_path / "b.xlsx", "hans")
    sheet = load_workbook(tmp_path / "b.xlsx").worksheets[0]
    rows = [[c if c is not None else "" for c in row] for row in sheet.iter_rows(values_only=True)]
    assert rows[0] == ["题号", "题型", "题干", "选项A", "选项B", "选项C", "选项D", "选项E", "选项F", "答案", "解析",
                       "章节", "编者注", "编者答案"]
    assert len(rows) == 1 + len(kept(bundled))
    q8 = next(r for r in rows[1:] if r[0] == 8)
    assert q8[1:3] == ["多选题", bundled.question("q8").stem] and q8[9] == "BCD" and q8[11] == "大模型预训练与微调"
    disputed = {r[0]: (r[9], r[13]) for r in rows[1:] if r[13]}
    assert disputed[3] == ("0.0005", "$\\approx1.227\\times10^{-5}$")  # the bank's answer stays beside it
    assert disputed[14] == ("AC", "ABC") and disputed[20] == ("ABC", "AC")
    assert {q.number for q in kept(bundled) if q.editor_answer} == set(disputed)


def test_judge_answers_and_formula_like_cells(tmp_path):
    bank = lint(parse_text(MIXED))
    write_xlsx(bank, tmp_path / "m.xlsx", "hant")
    sheet = load_workbook(tmp_path / "m.xlsx").worksheets[0]
    header = [c.value for c in sheet[1]]
    assert header[:3] == ["題號", "題型", "題幹"]
    answers = {row[0].value: row[header.index("答案")].value for row in sheet.iter_rows(min_row=2)}
    assert answers[2] == "正確" and answers[3] == "錯誤"
    option_b = sheet.cell(row=2, column=header.index("選項B") + 1)
    assert option_b.value == "=1+1" and option_b.data_type == "s"  # text, never a formula
    assert ",'=1+1," in dumps_csv(bank, "hans")  # CSV: quoted so Excel does not run it


def test_texts_that_read_as_spreadsheet_errors_stay_text(tmp_path):
    bank = lint(parse_text("1.（單選）哪個是錯誤值\nA. #N/A\nB. #DIV/0!\nC. 正常\n答案：A\n解析：=\n"
                           "2.（判斷）天是藍的\n答案：√\n"))
    write_xlsx(bank, tmp_path / "e.xlsx", "hant")
    sheet = load_workbook(tmp_path / "e.xlsx").worksheets[0]
    header = [c.value for c in sheet[1]]
    cells = {name: sheet.cell(row=2, column=header.index(name) + 1) for name in ("選項A", "選項B", "選項C", "解析")}
    assert {name: (c.value, c.data_type) for name, c in cells.items()} == {
        "選項A": ("#N/A", "s"), "選項B": ("#DIV/0!", "s"), "選項C": ("正常", "s"), "解析": ("=", "s")}


@pytest.mark.parametrize("fmt", ["xlsx", "csv"])
@pytest.mark.parametrize("script", ["hans", "hant"])
def test_round_trip_gives_the_same_questions(bundled, tmp_path, fmt, script):
    bank = convert_bank(load_bank(BUNDLED), script)
    path = tmp_path / f"bank.{fmt}"
    (write_xlsx if fmt == "xlsx" else write_csv)(bank, path, script)
    back = load_bank(path)
    gone = {q.id for q, _ in left_out(bank)}
    expected = [e for e, q in zip(essentials(bank), bank.questions, strict=True) if q.id not in gone]
    assert essentials(back) == expected
    assert [q.id for q in back.questions] == [q.id for q in kept(bank)]
    def dollars(text):
        return text.replace("\x02", "$").replace("\x03", "$")
    assert [q.notes for q in back.questions] == [tuple(dollars(n) for n in q.notes) for q in kept(bank)]
    assert [q.editor_answer for q in back.questions] == [q.editor_answer and dollars(q.editor_answer)
                                                         for q in kept(bank)]


def test_round_trip_of_judge_and_mixed_types(tmp_path):
    bank = lint(parse_text(MIXED))
    for fmt, write in (("xlsx", write_xlsx), ("csv", write_csv)):
        write(bank, tmp_path / f"m.{fmt}", "hans")
        assert essentials(read_bank(tmp_path / f"m.{fmt}")) == essentials(bank)


@pytest.mark.parametrize("script, false", [("hans", "错误"), ("hant", "錯誤")])
def test_the_editors_answer_column_in_each_type(tmp_path, script, false):
    from dataclasses import replace

    bank = lint(parse_text(MIXED))
    editor = {1: "A", 2: "false", 4: "ABC", 5: "3"}
    bank = replace(bank, chapters=tuple(replace(c, questions=tuple(
        replace(q, editor_answer=editor.get(q.number)) for q in c.questions)) for c in bank.chapters))
    write_xlsx(bank, tmp_path / "m.xlsx", script)
    sheet = load_workbook(tmp_path / "m.xlsx").worksheets[0]
    cells = {row[0]: row[-1] for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert {n: str(v) if v is not None else None for n, v in cells.items()} == {
        1: "A", 2: false, 3: None, 4: "ABC", 5: "3"}
    back = read_bank(tmp_path / "m.xlsx")
    assert {q.number: q.editor_answer for q in back.questions} == {1: "A", 2: "false", 3: None, 4: "ABC", 5: "3"}


def test_json_export_reads_back(tmp_path):
    bank = load_bank(BUNDLED)
    (tmp_path / "b.json").write_text(json_bytes(bank).decode(), encoding="utf-8")
    back = read_bank(tmp_path / "b.json")
    assert essentials(back) == essentials(bank)
    assert [(q.id, q.notes, q.answer_text) for q in back.questions] == [(q.id, q.notes, q.answer_text)
                                                                         for q in bank.questions]


# -- reading tables people write ----------------------------------------------------------

CSV_TRADITIONAL = """題目,A,B,C,D,正確答案,答案解析,題型,章節
天空的顏色,紅,藍,綠,黃,B,看天,單選,常識
哪些是水果,蘋果,石頭,香蕉,,"A,C",,多選題,常識
地球是圓的,,,,,對,,判斷題,地理
"""


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "gb18030"])
def test_csv_in_any_order_numbered_in_order(tmp_path, encoding):
    path = tmp_path / "題庫.csv"
    path.write_bytes(CSV_TRADITIONAL.encode(encoding))
    bank = read_bank(path)
    assert [c.title for c in bank.chapters] == ["常識", "地理"]
    assert [(q.id, q.type.value, q.answer) for q in bank.questions] == [
        ("q1", "single", "B"), ("q2", "multiple", "AC"), ("q3", "judge", "true")]
    assert [o.text for o in bank.questions[1].options] == ["蘋果", "石頭", "香蕉"]


def test_english_headers_and_types_inferred(tmp_path):
    path = tmp_path / "bank.txt"  # a CSV by its content, whatever its name
    path.write_text("Question,Option A,Option B,Answer,Explanation\nPick one,x,y,A,because\nTrue?,,,F,\n"
                    "Name it ______,,,z,\n", encoding="utf-8")
    bank = read_bank(path)
    assert [(q.type.value, q.answer) for q in bank.questions] == [("single", "A"), ("judge", "false"), ("fill", "z")]


def test_xlsx_by_content_with_title_rows_before_the_header(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["2025 題庫"])
    sheet.append(["序號", "題幹", "選項A", "選項B", "答案"])
    sheet.append([7, "一加一", "1", "2", "B"])
    sheet.append([None, None, None, None, None])
    sheet.append([None, "二加二", "4", "5", "A"])
    data = io.BytesIO()
    book.save(data)
    path = tmp_path / "upload.bin"
    path.write_bytes(data.getvalue())
    bank = read_bank(path)
    assert [(q.number, q.stem, q.answer) for q in bank.questions] == [(7, "一加一", "B"), (8, "二加二", "A")]


@pytest.mark.parametrize("rows, where, found", [
    ("題幹,答案\n,B\n", "row 2", "an empty cell"),
    ("題幹,題型,答案\n甲,猜謎,B\n", "row 2: type", "'猜謎'"),
    ("題號,題幹,答案\nx1,甲,B\n", "row 2: number", "'x1'"),
])
def test_bad_rows_say_where(tmp_path, rows, where, found):
    path = tmp_path / "bad.csv"
    path.write_text(rows, encoding="utf-8")
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert f"bad.csv: {where}" in str(error.value) and found in str(error.value)


@pytest.mark.parametrize("content, kind", [
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100, "Word 97-2003"),
])
def test_unsupported_kinds_say_what_is_read_and_how_to_convert(tmp_path, content, kind):
    path = tmp_path / "bank.doc"
    path.write_bytes(content)
    with pytest.raises(ParseError) as error:
        read_bank(path)
    message = str(error.value)
    assert kind in message and ".xlsx" in message and ".csv" in message and "convert" in message


# -- the command line ---------------------------------------------------------------------

def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, encoding="utf-8", check=False,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})  # this checkout's generator, from any folder


def test_cli_writes_each_format_and_says_what_it_left_out(tmp_path):
    for fmt, ext in (("anki", "apkg"), ("xlsx", "xlsx"), ("csv", "csv")):
        result = run("export", BUNDLED, "--format", fmt, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert (tmp_path / f"ai-trainer.{ext}").is_file()
        assert "q26" in result.stderr and "left out" in result.stderr
    assert (tmp_path / "ai-trainer.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    names = [d["name"] for d in __import__("json").loads(
        collection(tmp_path / "ai-trainer.apkg").execute("select decks from col").fetchone()[0]).values()]
    assert "高级人工智能训练师 备考指南" in names  # the guide's site_name, in its script


def test_cli_unwritable_output_is_a_message_and_exit_2(tmp_path):
    bank = tmp_path / "mixed.txt"  # a small bank: writing, not reading, is what fails here
    bank.write_text(MIXED, encoding="utf-8")
    for fmt in ("anki", "xlsx", "csv", "json"):
        result = run("export", bank, "--format", fmt, "-o", tmp_path / "missing" / "out")
        assert result.returncode == 2, (fmt, result.stderr)
        assert "missing" in result.stderr and "Traceback" not in result.stderr


# The values the export writes: text, whole numbers, points (a section's score), none, flags.
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text()
    | st.floats(min_value=0, max_value=1000).map(lambda points: round(points, 2)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=30)


@given(JSON_VALUES)
@settings(max_examples=400, deadline=None)
def test_the_export_indents_json_as_the_standard_library_does(value):
    from generator.exports.json import indented
    assert indented(value).decode("utf-8") == json.dumps(value, ensure_ascii=False, indent=2) + "\n"
