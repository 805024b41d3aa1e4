"""The shared helpers of generator.base: the YAML reader's errors, the Han class, clipping."""
from __future__ import annotations

import re

import pytest

from generator.base.errors import ConfigError, ErrataError
from generator.base.text import HAN, clip
from generator.base.yaml_file import QUOTE_LIMIT, compose_yaml, load_yaml


def test_yaml_data_and_nodes_come_back(tmp_path):
    path = tmp_path / "guide.yml"
    path.write_text("banks: [a.txt]\nscript: hans\n", encoding="utf-8")
    assert load_yaml(path, ConfigError, "settings") == {"banks": ["a.txt"], "script": "hans"}
    node = compose_yaml(path, ErrataError, "errata")
    assert [(k.value, k.start_mark.line + 1) for k, _ in node.value] == [("banks", 1), ("script", 2)]


def test_a_yaml_syntax_error_names_file_line_and_quotes_the_line(tmp_path):
    path = tmp_path / "errata.yml"
    path.write_text('q1:\n  notes: ["甲"]\n  stem: a: b\n', encoding="utf-8")
    with pytest.raises(ErrataError) as error:
        compose_yaml(path, ErrataError, "errata", "q3: ...")
    message = str(error.value)
    assert message.startswith(f"{path}, line 3: expected valid YAML")
    assert "'  stem: a: b'" in message and "for example: q3: ..." in message


def test_a_long_bad_line_is_quoted_at_most_200_characters(tmp_path):
    path = tmp_path / "glossary.yml"
    long_line = "- term: x: " + "長" * 5000
    path.write_text(long_line + "\n", encoding="utf-8")
    with pytest.raises(ConfigError) as error:
        load_yaml(path, ConfigError, "glossary")
    message = str(error.value)
    assert "line 1" in message and "長" * (QUOTE_LIMIT - 20) in message
    assert message.count("長") < QUOTE_LIMIT and "…" in message


def test_a_file_not_in_utf8_names_the_line_of_the_first_bad_byte(tmp_path):
    path = tmp_path / "guide.yml"
    path.write_bytes("banks: [a.txt]\nscript: hans\n# 註解\n".encode("big5"))
    with pytest.raises(ConfigError, match=r"guide.yml, line 3: expected a settings file in UTF-8, found the byte 0x"):
        load_yaml(path, ConfigError, "settings")


def test_a_missing_file_says_which_kind_of_file(tmp_path):
    with pytest.raises(ErrataError, match=r"nope.yml: expected a readable errata file"):
        load_yaml(tmp_path / "nope.yml", ErrataError, "errata")


def test_yaml_tags_that_would_build_objects_are_refused(tmp_path):
    path = tmp_path / "guide.yml"
    path.write_text("banks: !!python/object/apply:os.system ['echo hi']\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"guide.yml, line 1: expected valid YAML"):
        load_yaml(path, ConfigError, "settings")


def test_han_class_matches_chinese_of_either_script_and_nothing_latin():
    han = re.compile(f"[{HAN}]+")
    assert han.findall("用LoRA微調，參數量減少；学习率3e-4") == ["用", "微調", "參數量減少", "学习率"]


@pytest.mark.parametrize("text, limit, middle, expected", [
    ("短句", 5, False, "短句"),
    ("abcdefghij", 10, False, "abcdefghij"),
    ("abcdefghijk", 10, False, "abcdefghij…"),
    ("abcdefghijk", 4, True, "ab…jk"),
    ("ab  cdefg  hi", 8, True, "ab…hi"),
    ("abcd  efgh", 6, False, "abcd…"),
])
def test_clip_keeps_at_most_limit_characters_of_the_text(text, limit, middle, expected):
    clipped = clip(text, limit, middle=middle)
    assert clipped == expected and len(clipped.replace("…", "")) <= limit


@pytest.mark.parametrize("name, load, error", [
    ("guide.yml", "settings", ConfigError),
    ("glossary.yml", "glossary", ConfigError),
    ("errata.yml", "errata", ErrataError),
])
def test_settings_glossary_and_errata_report_bad_yaml_the_same_way(tmp_path, name, load, error):
    from generator.bank.errata import load_errata
    from generator.base.settings import load_settings
    from generator.links.glossary import load_glossary
    loader = {"settings": load_settings, "glossary": load_glossary, "errata": load_errata}[load]
    folder = tmp_path / "site_config"
    folder.mkdir()
    path = folder / name
    path.write_text("# a comment\nkey: [unclosed\n", encoding="utf-8")
    with pytest.raises(error) as raised:
        loader(path)
    assert str(raised.value).startswith(f"{path}, line 3: expected valid YAML")
