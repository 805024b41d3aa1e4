"""The bank families: a file is read by the first family that recognises what it holds."""
from dataclasses import replace

import pytest

from generator.base.errors import ParseError
from generator.read import families
from generator.read.families import FAMILIES, Family, family_of, text_bank
from generator.read.load import read_bank

CSV = "题干,选项A,选项B,答案\n下列哪个是水果？,苹果,白菜,A\n"


def test_a_file_is_read_by_what_it_holds_not_its_name(tmp_path):
    table = tmp_path / "bank.txt"
    table.write_text(CSV, encoding="utf-8")
    assert read_bank(table).questions[0].options[0].text == "苹果"
    fake = tmp_path / "bank.docx"
    fake.write_bytes(b"%PDF-1.7 ...")
    with pytest.raises(ParseError, match="a PDF document"):
        read_bank(fake)


def test_text_is_the_family_of_last_resort():
    assert FAMILIES[-1].name == "text"
    assert [f.name for f in FAMILIES].index("csv") < [f.name for f in FAMILIES].index("json")


def test_a_new_family_is_one_line_in_the_table(tmp_path, monkeypatch):
    """A family placed before text recognises its own files, and nothing else changes."""
    def read_shouting(file):
        return replace(text_bank(file.decoded[0].lower(), file.source, file.slug), title="shouted")

    shouting = Family("shouting", lambda f: f.data.startswith(b"SHOUT\n"), read_shouting)
    monkeypatch.setattr(families, "FAMILIES", (*FAMILIES[:-1], shouting, FAMILIES[-1]))
    loud, plain = tmp_path / "loud.txt", tmp_path / "plain.txt"
    loud.write_text("SHOUT\n1. WHICH ONE?\nA. YES\nB. NO\n答案：A\n", encoding="utf-8")
    plain.write_text("1. Which one?\nA. yes\nB. no\n答案：A\n", encoding="utf-8")
    assert read_bank(loud).title == "shouted" and read_bank(loud).questions[0].stem == "which one?"
    assert read_bank(plain).title != "shouted"
    assert family_of(families.BankFile(plain, plain.read_bytes(), "plain", 1 << 20)).name == "text"
