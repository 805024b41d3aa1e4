"""Settings and command-line values a hostile or careless user gives (issue 30): site_url,
--max-size, --port, a long glossary term.  Each is refused in one message, exit 2, or works."""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from generator.base.errors import ConfigError
from generator.base.settings import Settings, load_settings, public_address
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
