"""What search leaves out (generator.search.exclusions), on the bundled guide's pages as
Python-Markdown writes them and as Material's search plugin then reads them."""
from __future__ import annotations

import re
from dataclasses import replace

import markdown
import pytest
import yaml
from mkdocs.utils.meta import get_data

from generator.base.settings import load_settings
from generator.pages.compose import build_guide
from generator.pages.paths import (
    GLOSSARY_PAGE,
    HOME_PAGE,
    INDEX_PAGE,
    MISTAKES_PAGE,
    REPORT_PAGE,
    STARRED_PAGE,
    STATS_PAGE,
    TAGS_PAGE,
)
from generator.pages.script import convert_interface
from generator.pages.strings import UI
from generator.search.exclusions import EXCLUDE, exclude_blocks, is_searched
from tests.paths import BUNDLED, ROOT


def site_markdown(text: str) -> str:
    """A page's Markdown ``text`` as MkDocs turns it into HTML: front matter off, mkdocs.yml's extensions."""
    extensions, configs = [], {}
    for entry in yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["markdown_extensions"]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        extensions.append(name)
        if config:
            configs[name] = config
    return markdown.markdown(get_data(text)[0], extensions=extensions, extension_configs=configs)


def indexed(html: str) -> str:
    """The text Material's search plugin (its own parser, as installed) indexes for ``html``."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(html)
    parser.close()
    return "\n".join("".join(section.title) + "\n" + "".join(section.text) for section in parser.data)


@pytest.fixture(scope="module")
def guide():
    return build_guide(replace(load_settings(ROOT / "site_config" / "guide.yml"), banks=(BUNDLED,)), typeset=False)


@pytest.fixture(scope="module")
def chapters(guide) -> list[str]:
    return [site_markdown(page.markdown) for page in guide.pages if "/chapter-" in page.path]


def title(guide, key: str) -> str:
    return convert_interface(UI[key], guide.interface).split("（")[0]  # corrected_title ends in a count


def test_answer_titles_corrections_and_flags_leave_the_index_and_notes_stay(guide, chapters):
    before = "".join(indexed(html) for html in chapters)
    after = "".join(indexed(exclude_blocks(html)) for html in chapters)
    for key in ("answer_title", "corrected_title", "flags_title"):
        assert title(guide, key) in before and title(guide, key) not in after, key
    assert after.count(title(guide, "note_title")) == before.count(title(guide, "note_title")) > 0
    assert after.count(title(guide, "explanation")) > 0  # the answers themselves stay searchable
    codes = {flag.code for bank in guide.banks for c in bank.chapters for q in c.questions for flag in q.flags}
    assert codes and not any(code in before for code in codes)  # codes are on the report page only


def test_only_the_attribute_is_added(chapters):
    for html in chapters:
        excluded = exclude_blocks(html)
        # The generator's own blocks carry the attribute already (the edition switch …).
        assert excluded.count(EXCLUDE) > html.count(EXCLUDE)
        assert excluded.replace(EXCLUDE, "") == html.replace(EXCLUDE, "")


@pytest.mark.parametrize("html", [
    '<div class="admonition note">\n<p class="admonition-title">編者註</p>\n<p>x</p>\n</div>',
    '<details class="note">\n<summary>編者註</summary>\n<p>x</p>\n</details>',
    '<div class="answer-key">\n<ol><li>A</li></ol>\n</div>',
    '<details class="answer-only">\n<summary>答案</summary>\n<p>A</p>\n</details>',
    '<p>&lt;details class="answer"&gt;&lt;summary&gt; in a question\'s text</p>',
], ids=["note", "folded-note", "answer-key", "other-details", "escaped-bank-text"])
def test_other_blocks_and_bank_text_are_left_alone(html):
    assert exclude_blocks(html) == html


def test_the_answer_key_stays_out_of_the_index_with_the_code_in_its_written_answers(chapters):
    keys = [html[html.index('<section class="answer-key"'):] for html in chapters]
    assert any('<div class="highlight">' in key for key in keys)  # a written answer holds code
    checked = 0
    for html, key in zip(chapters, keys, strict=True):
        text, without = indexed(html), indexed(html.replace(key, ""))
        for entry in key.split('class="answer-key__written"')[1:]:
            written = re.sub(r"<[^>]+>", "", entry.split("</strong>", 1)[1])[:40].strip()
            assert written and text.count(written) == without.count(written), written  # the question's own only
            checked += 1
    assert checked >= 12  # the bundled bank's 計算, 簡答 and 案例分析 questions


def test_an_excluded_admonition_folded_or_open_is_marked():
    for html in ('<div class="admonition warning">\n<p class="admonition-title">校對提示</p>\n</div>',
                 '<details class="info">\n<summary>校對提示</summary>\n</details>'):
        assert "校對提示" in indexed(html) and "校對提示" not in indexed(exclude_blocks(html))


def test_the_report_overview_and_tags_pages_are_not_searched_and_the_others_are(guide):
    unsearched = (REPORT_PAGE, INDEX_PAGE, TAGS_PAGE, MISTAKES_PAGE, STARRED_PAGE, STATS_PAGE)
    assert not any(is_searched(path) for path in unsearched)
    assert all(is_searched(page.path) for page in guide.pages if page.path not in unsearched)
    assert is_searched(HOME_PAGE) and is_searched(GLOSSARY_PAGE)
