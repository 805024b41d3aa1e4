"""Issue 14 on the page, without a browser: where flags and corrections sit and how they
read, the search mark on answer blocks, and the strings the reader scripts get."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from generator.bank.model import Flag, Severity
from generator.pages.chapter import RenderContext, render_question, render_report
from generator.pages.reader_strings import SCRIPT_KEYS, reader_strings_script
from generator.pages.script import convert_strings
from generator.pages.strings import UI
from generator.search.spoilers import MARK, mark_answer_blocks
from tests.inline_bank import parse_text
from tests.unit.test_answer_key import html

GENERATOR = Path(__file__).resolve().parents[2] / "generator"
FLAG_CALL = re.compile(r'Flag\(\s*"([a-z-]+)"')  # lint's and the answer guard's Flag("code", ...)
DAMAGE_ROW = re.compile(r'^\s*\("([a-z-]+)", "[^"]*", ', re.M)  # damage.py's table of warnings


def flagged_question():
    question = parse_text("一、章\n1.（單選）甲還是乙A.甲B.乙答案：B\n").questions[0]
    flags = (Flag("truncated", Severity.ERROR, "第1題在題庫結尾處被截斷：「…乙」"),
             Flag("answer-conflict", Severity.WARNING, "第1題解析與答案「B」不一致"),
             Flag("answer-conflict", Severity.WARNING, "第1題解析中途更正了自己"),
             Flag("made-up-code", Severity.INFO, "一條新的檢查"))
    return replace(question, flags=flags, corrections=("題幹：「甲還是乙」→「甲還是乙？」",))


def test_every_flag_code_the_checks_write_has_a_reader_sentence():
    codes = {code for path in GENERATOR.rglob("*.py") for code in FLAG_CALL.findall(path.read_text("utf-8"))}
    codes |= set(DAMAGE_ROW.findall((GENERATOR / "bank" / "damage.py").read_text("utf-8")))
    assert {"truncated", "answer-conflict", "lost-minus"} <= codes  # the scan finds them
    assert sorted(code for code in codes if f"flag_{code}" not in UI) == []
    assert sorted(code for code in codes if f"flag_name_{code}" not in UI) == []  # and a name on the report


def test_the_report_names_each_check_in_chinese_with_its_code_beside():
    bank = parse_text("一、章\n1.（單選）甲還是乙A.甲B.乙答案：B\n")
    flagged = replace(bank, chapters=(replace(bank.chapters[0], questions=(flagged_question(),)),))
    report = render_report([flagged], RenderContext(ui=dict(UI))).markdown
    assert "| 題目不完整（`truncated`） |" in report and "| 答案與解析不一致（`answer-conflict`） |" in report
    assert "| `made-up-code` |" in report  # a code without a name yet is still shown
    assert "| 檢查項目 |" in report


def test_flags_and_corrections_sit_inside_the_folded_answer_in_reader_words():
    page = html(render_question(flagged_question(), RenderContext(ui=dict(UI))))
    folded = page.index('<details class="answer">')
    assert page.index(UI["flags_title"]) > folded and page.index("本題已校訂（1 處）") > folded
    assert page.rstrip().endswith("</div>") and page.count("</details>") == 2  # answer + corrections
    for code in ("truncated", "answer-conflict", "made-up-code"):
        assert code not in page
    assert "被截斷" not in page  # the checker's message (it quotes bank text) is for editors
    sentences = re.findall(r"<li>(.*?)</li>", page[page.index(UI["flags_title"]):])
    assert sentences[:3] == [UI["flag_truncated"], UI["flag_answer-conflict"], UI["flag_other"]]  # once each
    assert '<div class="admonition danger">' in page  # the worst finding still sets its colour


def test_answer_blocks_carry_the_search_mark_and_nothing_else_does():
    page = html(render_question(flagged_question(), RenderContext(ui=dict(UI))))
    marked = mark_answer_blocks(page)
    head, answer = marked.split('<details class="answer">')
    assert MARK not in head  # stem and options stay unmarked
    blocks = re.findall(r"<(?:p|li|pre)\b[^>]*>", answer)
    assert blocks and answer.count(MARK) == len(blocks)
    assert marked.replace(MARK, "") == page
    assert mark_answer_blocks("<p>x</p>") == "<p>x</p>"
    unclosed = '<details class="answer"><p>a</p>'  # not the generator's: left alone
    assert mark_answer_blocks(unclosed) == unclosed


def test_reader_scripts_get_their_strings_in_the_editions_script():
    for script in ("hans", "hant"):
        text = reader_strings_script(script)
        strings = json.loads(text[text.rindex("= ") + 2:].rstrip().rstrip(";"))
        assert strings == {key: convert_strings(UI, script)[key] for key in SCRIPT_KEYS}
        assert strings["reveal_answer"] == {"hans": "显示答案", "hant": "顯示答案"}[script]
    assert "<" not in reader_strings_script("hans").split("*/", 1)[1]  # only escaped JSON in the script
