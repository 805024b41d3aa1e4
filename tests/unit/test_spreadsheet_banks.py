"""Spreadsheets and CSV as people and exam apps write them: the header words of issue 12
in either script or English, in any order, and the encodings Excel writes."""
from __future__ import annotations

import io

import pytest

from generator.base.errors import ParseError
from generator.read.load import read_bank

SIMPLIFIED = ("题目,A,B,C,D,E,F,正确答案,答案解析,题型,章节\r\n"
              "下列是质数的是,4,6,7,8,9,10,C,7 是质数,单选题,第一章 数\r\n"
              "下列是偶数的是,1,2,3,4,5,6,\"B,D,F\",,多选题,第一章 数\r\n"
              "地球是方的,,,,,,,错,,判断题,第二章 地理\r\n")


def rows(bank):
    return [(c.title, q.id, q.type.value, q.stem, "".join(o.label for o in q.options), q.answer, q.explanation)
            for c in bank.chapters for q in c.questions]


# Excel on a Chinese system saves "CSV (逗号分隔)" in GB18030 with CRLF; "CSV UTF-8" with a BOM.
@pytest.mark.parametrize("encoding", ["gb18030", "utf-8-sig", "utf-8"])
def test_simplified_headers_letter_columns_and_six_options(tmp_path, encoding):
    path = tmp_path / "bank.csv"
    path.write_bytes(SIMPLIFIED.encode(encoding))
    assert rows(read_bank(path)) == [
        ("第一章 数", "q1", "single", "下列是质数的是", "ABCDEF", "C", "7 是质数"),
        ("第一章 数", "q2", "multiple", "下列是偶数的是", "ABCDEF", "BDF", ""),
        ("第二章 地理", "q3", "judge", "地球是方的", "", "false", ""),
    ]


def test_english_headers_in_any_order(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("Chapter,Explanation,Correct Answer,Option B,Option A,Question,Type\n"
                    "Basics,because,A,y,x,Pick one,Single Choice\n"
                    "Basics,,True,,,Sky is blue,True/False\n"
                    "Basics,,\"A, B\",y,x,Pick two,Multiple Choice\n", encoding="utf-8")
    assert rows(read_bank(path)) == [("Basics", "q1", "single", "Pick one", "AB", "A", "because"),
                                     ("Basics", "q2", "judge", "Sky is blue", "", "true", ""),
                                     ("Basics", "q3", "multiple", "Pick two", "AB", "AB", "")]


def test_all_options_in_one_cell(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text('题干,选项,答案\n哪个对,A. 甲 B. 乙 C. 丙,B\n哪个错,"是\n否",A\n', encoding="utf-8")
    assert [(q.stem, [(o.label, o.text) for o in q.options], q.answer) for q in read_bank(path).questions] == [
        ("哪个对", [("A", "甲"), ("B", "乙"), ("C", "丙")], "B"), ("哪个错", [("A", "是"), ("B", "否")], "A")]


def test_numbers_as_people_type_them_and_rows_without_one_follow(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("题号,题干,答案\n5.,甲,对\n,乙,错\n（9）,丙,对\n,丁,对\n", encoding="utf-8")
    assert [q.number for q in read_bank(path).questions] == [5, 6, 9, 10]


def test_xlsx_with_simplified_headers(tmp_path):
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["章节", "题型", "题干", "选项A", "选项B", "选项C", "选项D", "答案", "解析"])
    sheet.append(["一", "多选题", "哪些是偶数", "1", "2", "3", "4", "BD", "看末位"])
    sheet.append([None, "填空题", "1+1=____", None, None, None, None, 2, None])
    data = io.BytesIO()
    book.save(data)
    (tmp_path / "bank.xlsx").write_bytes(data.getvalue())
    assert rows(read_bank(tmp_path / "bank.xlsx")) == [("一", "q1", "multiple", "哪些是偶数", "ABCD", "BD", "看末位"),
                                                       ("一", "q2", "fill", "1+1=____", "", "2", "")]


def test_a_header_without_a_stem_column_says_what_it_looked_for(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("名字,分数\n甲,1\n", encoding="utf-8")
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert "bank.csv: row" in str(error.value) and "题干" in str(error.value)


def _workbook(path, sheets):
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


def test_a_workbook_with_a_sheet_per_type_reads_every_sheet(tmp_path):
    path = _workbook(tmp_path / "bank.xlsx", {
        "说明": [["导入说明：每个工作表一种题型"]],
        "单选题": [["题干", "A", "B", "答案"], ["一加一", "1", "2", "B"]],
        "填空题": [["题干", "答案"], ["地球绕什么转", "太阳"]],  # no blank, no type column: the sheet says fill
        "计算机": [["题干", "答案"], ["CPU 是什么", "中央处理器"]],  # a sheet name that only contains a type word
    })
    bank = read_bank(path)
    assert [(c.title, [(q.id, q.type.value, q.answer) for q in c.questions]) for c in bank.chapters] == [
        ("单选题", [("c1-q1", "single", "B")]), ("填空题", [("c2-q1", "fill", "太阳")]),
        ("计算机", [("c3-q1", "short", "中央处理器")])]
    assert [(s.text, s.reason.startswith("a worksheet with no header")) for s in bank.stray] == [
        ("worksheet '说明'", True)]


def test_a_bad_row_names_its_sheet(tmp_path):
    path = _workbook(tmp_path / "bank.xlsx", {"甲": [["题干", "题型", "答案"], ["x", "猜谜", "A"]], "乙": [["无关"]]})
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert "bank.xlsx: sheet '甲': row 2: type" in str(error.value)


def test_a_workbook_without_a_header_says_so_for_its_first_sheet(tmp_path):
    path = _workbook(tmp_path / "bank.xlsx", {"Sheet1": [["名字", "分数"]], "Sheet2": [["x"]]})
    with pytest.raises(ParseError) as error:
        read_bank(path)
    assert "bank.xlsx: sheet 'Sheet1': row" in str(error.value) and "题干" in str(error.value)


def test_quiz_app_exports_json_lists_title_as_stem_and_type_codes(tmp_path):
    # As quiz apps export a database: the stem in "title", options and answer as JSON lists, SC/MC/TF.
    path = tmp_path / "export.csv"
    path.write_text('answer,title,type,analysis,options\n'
                    '"[""B""]",天空的颜色,SC,抬头看,"[""红"",""蓝"",""绿""]"\n'
                    '"[""A"",""C""]",哪些是水果,MC,,"[""苹果"",""石头"",""香蕉""]"\n'
                    '"[""对""]",地球是圆的,TF,,[]\n', encoding="utf-8")
    assert rows(read_bank(path)) == [("export", "q1", "single", "天空的颜色", "ABC", "B", "抬头看"),
                                     ("export", "q2", "multiple", "哪些是水果", "ABC", "AC", ""),
                                     ("export", "q3", "judge", "地球是圆的", "", "true", "")]
    assert [o.text for o in read_bank(path).questions[0].options] == ["红", "蓝", "绿"]


def test_a_title_column_beside_a_stem_column_is_not_the_stem(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("标题,题干,答案\n第一组,一加一,2\n", encoding="utf-8")
    assert [q.stem for q in read_bank(path).questions] == ["一加一"]


def test_a_cell_that_only_looks_like_a_list_stays_text(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text('题干,答案\n写出列表,"[1, 2"\n数组,"[""a"", {""b"": 1}]"\n', encoding="utf-8")
    assert [q.answer for q in read_bank(path).questions] == ["[1, 2", '["a", {"b": 1}]']


def test_an_answer_naming_its_options_by_their_text(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("题干,A,B,C,答案\n比特币的创始人是,山本聪,中本聪,李笑来,中本聪\n"
                    "哪些是水果,苹果,石头,香蕉,苹果&香蕉\n哪个是石头,苹果,石头,香蕉,B\n", encoding="utf-8")
    bank = read_bank(path)
    assert [(q.type.value, q.answer, q.answer_text) for q in bank.questions] == [
        ("single", "B", "中本聪"), ("multiple", "AC", "苹果&香蕉"), ("single", "B", "B")]
    # A text that names no option is an error saying so (it was kept as the answer's text before).
    with path.open("a", encoding="utf-8") as file:
        file.write("哪个是金属,苹果,石头,香蕉,铁\n")
    with pytest.raises(ParseError, match=r"row 5: answer: .*'铁', which names none of them"):
        read_bank(path)


# -- issue 27: the sheets of real banks ----------------------------------------------------

def test_a_header_cell_with_a_note_in_brackets_names_its_column(tmp_path):
    path = _workbook(tmp_path / "bank.xlsx", {"题库": [
        ["题干（必填）", "选项A", "选项B", "正确答案(只能输入ABCD否则报错)"], ["一加一", "1", "2", "B"]]})
    assert [(q.stem, q.answer) for q in read_bank(path).questions] == [("一加一", "B")]


def test_a_header_row_repeated_mid_sheet_is_no_question(tmp_path):
    header = ["题干", "选项A", "选项B", "答案"]
    path = _workbook(tmp_path / "bank.xlsx", {"题库": [header, ["甲", "1", "2", "A"], header, ["乙", "1", "2", "B"]]})
    assert [(q.number, q.stem) for q in read_bank(path).questions] == [(1, "甲"), (2, "乙")]


def test_number_cells_excel_turned_into_dates_or_fractions_are_numbered_in_order(tmp_path):
    import datetime

    path = _workbook(tmp_path / "bank.xlsx", {"题库": [
        ["题号", "题干", "答案"], [datetime.datetime(2024, 1, 1), "甲", "一"], [1.2, "乙", "二"], [3, "丙", "三"]]})
    assert [q.number for q in read_bank(path).questions] == [1, 2, 3]


def test_every_sheet_holding_questions_is_a_section_and_whole_questions_in_cells_read_as_text(tmp_path):
    path = _workbook(tmp_path / "bank.xlsx", {
        "单选": [["题干", "A", "B", "答案"], ["一加一", "1", "2", "B"]],
        "文本": [["1. 甲是什么？ A. 一 B. 二 答案：A"], ["2. 乙是什么？\nA. 一\nB. 二\n答案：B"]],
        "说明": [["导入说明"]],
    })
    bank = read_bank(path)
    assert [(c.title, [(q.id, q.answer) for q in c.questions]) for c in bank.chapters] == [
        ("单选", [("c1-q1", "B")]), ("文本", [("c2-q1", "A"), ("c2-q2", "B")])]
    assert [s.text for s in bank.stray] == ["worksheet '说明'"]  # named by check, as a sheet that holds none


def test_a_workbook_of_questions_as_text_only_is_read_as_a_text_bank(tmp_path):
    cells = [["1. 甲？ A. 一 B. 二 答案：A"], ["2. 乙？ A. 一 B. 二 答案：B"]]
    path = _workbook(tmp_path / "bank.xlsx", {"Sheet1": cells})
    bank = read_bank(path)
    assert [(q.number, q.answer) for q in bank.questions] == [(1, "A"), (2, "B")]


def test_a_header_in_pinyin_and_english_with_the_answer_before_the_options(tmp_path):
    path = tmp_path / "bank.csv"
    path.write_text("xuhao,type,content,answer,A,B,C,D,E,F\n"
                    "1,单选题,1.首都是____。,B,上海,北京,广州,深圳,,\n"
                    "2,多选题,2.质数有____。,AC,2,4,5,6,,\n", encoding="utf-8")
    assert [(q.number, q.type.value, len(q.options), q.answer) for q in read_bank(path).questions] == [
        (1, "single", 4, "B"), (2, "multiple", 4, "AC")]
