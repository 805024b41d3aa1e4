"""Settings and command-line values a hostile or careless user gives (issue 30): site_url,
--max-size, --port, a long glossary term.  Each is refused in one message, exit 2, or works."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.base.errors import ConfigError
from generator.base.settings import Settings, load_settings, public_address
from generator.cli import main
from generator.site.mkdocs_config import fit_config

HOSTILE_URLS = ['https://a.example/"><script>alert(1)</script>', "https://a.example/'onmouseover='x",
                "https://a.example/a b/", "https://a.example/<b>/", "https://a.example/a&amp;b/",
                "https://[::1/", "https://a.example:99999/", "https://a.example:port/", "https:///path/",
                "javascript:alert(1)//https://a.example/", "https://user@/"]


def write_settings(tmp_path: Path, text: str) -> Path:
    (tmp_path / "site_config").mkdir(exist_ok=True)
    path = tmp_path / "site_config" / "guide.yml"
    path.write_text("banks: [bank.txt]\n" + text, encoding="utf-8")
    return path


@pytest.mark.parametrize("value", HOSTILE_URLS)
def test_a_site_url_that_is_no_plain_address_is_refused_saying_where(tmp_path, value):
    with pytest.raises(ConfigError) as error:
        load_settings(write_settings(tmp_path, f"site_url: '{value.replace(chr(39), chr(39) * 2)}'\n"))
    assert "guide.yml: site_url" in str(error.value) and "http or https" in str(error.value)


@pytest.mark.parametrize("value", ["https://a.example/guide/", "http://127.0.0.1:8000/", "https://[::1]:8443/g/",
                                   "https://example.org/%E6%8C%87%E5%8D%97/", "https://例子.中国/指南/"])
def test_plain_addresses_are_kept(tmp_path, value):
    assert load_settings(write_settings(tmp_path, f"site_url: {value}\n")).site_url == value


@pytest.mark.parametrize("value", HOSTILE_URLS[:5])
def test_the_site_url_of_mkdocs_yml_is_checked_as_well(value):
    config = SimpleNamespace(site_url=value, config_file_path="/guide/mkdocs.yml", nav=[1])
    with pytest.raises(ConfigError) as error:
        fit_config(config, Settings(banks=()), [], "hans", typeset=False)
    assert "mkdocs.yml: site_url" in str(error.value)


def test_public_address_adds_the_trailing_slash():
    assert public_address("https://a.example/guide", "x") == "https://a.example/guide/"


# -- 19. --max-size with K/M/G; 13. values no machine can hold, ports out of range ----------

@pytest.fixture
def bank(tmp_path: Path) -> Path:
    path = tmp_path / "quiz.txt"
    path.write_text("一、單項選擇題\n1.（單選）數據\nA.甲\nB.乙\n答案：A\n解析：甲。\n" + "\n" * 3000, encoding="utf-8")
    return path


@pytest.mark.parametrize("size, reads", [("1", True), ("100m", True), ("100M", True), ("2K", False), ("4k", True),
                                         ("4KB", True), ("1G", True), ("1gb", True), ("0.5M", True), ("2.5k", False)])
def test_max_size_takes_k_m_g_suffixes(bank, capsys, size, reads):
    status = main(["check", str(bank), "--max-size", size])
    err = capsys.readouterr().err
    assert status == (0 if reads else 2), err
    assert "Traceback" not in err


@pytest.mark.parametrize("size", ["100x", "m", "-5", "0", "0k", "1e9", "99999999999999", "5000G", "1T"])
def test_max_size_refuses_what_it_cannot_read_in_one_line(bank, capsys, size):
    with pytest.raises(SystemExit) as exit_:
        main(["check", str(bank), "--max-size", size])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--max-size" in err and "Traceback" not in err


@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_serve_on_a_port_out_of_range_is_one_line(bank, capsys, port, tmp_path):
    with pytest.raises(SystemExit) as exit_:
        main(["serve", str(bank), "-o", str(tmp_path / "site"), "--port", port])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "--port" in err and "0 to 65535" in err
    assert not (tmp_path / "site").exists()


@pytest.mark.parametrize("entry", ["term: {long}", "term: 長詞\n  aliases: [{long}]",
                                   "term: 長詞\n  exclude: [{long}]"])
def test_a_500_letter_glossary_term_is_a_message(tmp_path, entry):
    from generator.links.glossary import load_glossary

    path = tmp_path / "glossary.yml"
    entry = entry.format(long="術" * 500)
    path.write_text(f"- {entry}\n  slug: long\n  definition: 一個很長的詞\n", encoding="utf-8")
    with pytest.raises(ConfigError) as error:
        load_glossary(path).find("術" * 600)
    assert str(path) in str(error.value) and "at most 100 characters" in str(error.value)
    assert "500 characters in all" in str(error.value)
