"""The built site: strict build of the bundled guide, and bank text never interpreted."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.built_sites import built_once
from tests.paths import MARKUP_BANK

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
pytestmark = pytest.mark.slow  # every test reads a built site


def _build_hostile(folder: Path) -> None:
    bank = folder / "hostile.txt"
    shutil.copy(MARKUP_BANK, bank)
    result = subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(folder / "site"),
                             "--script", "original"], cwd=folder, env=ENV, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def hostile_page(tmp_path_factory):
    folder = built_once(tmp_path_factory, "hostile-page", _build_hostile)
    return (folder / "site" / "hostile" / "chapter-1.html").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def hostile_article(hostile_page):
    return hostile_page[hostile_page.index('<article'):hostile_page.index('</article>')]


HTML_LANG = re.compile(r"<html\b[^>]*\blang=\"([^\"]*)\"")


def test_every_page_says_which_chinese_script_it_is_in(guide_site, hant_site):
    """A screen reader reads a page in the language its ``<html lang>`` names (no script of the
    guide changes it): every page of each edition names its own script."""
    wrong = []
    for site, tag in ((guide_site, "zh-Hans"), (hant_site, "zh-Hant")):
        pages = sorted(site.rglob("*.html"))
        assert len(pages) > 10, site
        for page in pages:
            found = HTML_LANG.search(page.read_text(encoding="utf-8"))
            if not found or found[1] != tag:
                wrong.append(f"{page.relative_to(site)}: {found[1] if found else 'no lang'}, expected {tag}")
    assert not wrong, "\n".join(wrong)


def test_strict_build_has_no_warnings(guide_build):
    out, log = guide_build
    assert "WARNING" not in log
    for n in range(1, 6):
        assert (out / "ai-trainer" / f"chapter-{n}.html").is_file()
    assert (out / "index.html").is_file() and (out / "report.html").is_file()


def test_the_scripts_are_served_bundled_never_as_their_sources(guide_build):
    out, _ = guide_build
    assert all((out / "assets" / "javascripts" / f"{name}.js").is_file() for name in ("search", "reader", "runs"))
    assert not (out / "src").exists()  # the theme's overrides/src (generator.site.mkdocs_config)


def test_chapter_page_has_anchors_options_and_folded_answers(guide_build):
    out, _ = guide_build
    html = (out / "ai-trainer" / "chapter-1.html").read_text(encoding="utf-8")
    for n in range(1, 7):
        assert f'id="q{n}"' in html
    assert "第1题 · 单选" in html  # the bundled guide is built in Simplified
    # answers are folded: <details> without the "open" attribute
    details = re.findall(r'<details class="answer"[^>]*>', html)
    assert len(details) == 6 and not any("open" in d for d in details)
    assert '<strong>B.</strong>' in html
    # code in answers is a code block
    assert re.search(r'<pre[^>]*>.*functools', html, re.S)


def test_home_page_lists_chapters_with_counts_by_type(guide_build):
    out, _ = guide_build
    html = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="ai-trainer/chapter-1.html"' in html
    assert "单选 5" in html and "案例分析 4" in html and ">26<" in html


# '<h2 id=': a heading Markdown made (question headings are <h2 class="question-heading" …>)
@pytest.mark.parametrize("markup", [
    "<script>", "<img", 'href="javascript:', "<em>", "<b>粗</b>", '<h2 id=', "<ol>", "<ul>", "<blockquote>", "<i>",
    "arithmatex", "admonition note",
])
def test_bank_markup_is_never_interpreted(hostile_article, markup):
    assert markup not in hostile_article


def test_a_chapter_title_stays_text_in_the_title_nav_header_and_footer(hostile_page):
    assert "<script>alert(" not in hostile_page
    title = hostile_page[hostile_page.index("<title>"):hostile_page.index("</title>") + 8]
    assert title.startswith("<title>&amp;lt;/title&amp;gt;&lt;script&gt;alert(9)&lt;/script&gt; - ")
    # the heading, the nav, the header and the tab title all show it as written
    assert hostile_page.count("&amp;lt;/title&amp;gt;&lt;script&gt;alert(9)&lt;/script&gt;") >= 4


@pytest.mark.parametrize("text", [
    "&lt;script&gt;alert(1)&lt;/script&gt;", "&lt;img src=x onerror=alert(2)&gt;",
    "[點我](javascript:alert(3))", "*星號* _底線_ **粗** $x^2$ \\(y\\)", "{{ config.site_name }}",
    "a|b|c &amp;amp; `code` &lt;b&gt;粗&lt;/b&gt;", "# 不是標題", "1. 不是列表", "- 不是列表",
    "&gt; 不是引用", "===", '!!! note "不是提示框"',
])
def test_bank_text_appears_exactly_as_written(hostile_article, text):
    visible = re.sub(r"<br>\s*", "\n", hostile_article)
    assert text in visible


def test_a_table_in_a_bank_is_a_table_of_plain_text_cells(hostile_article):
    table = hostile_article[hostile_article.index("<table>"):hostile_article.index("</table>")]
    cells = [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", table)]
    assert cells == ["*a*", "&lt;i&gt;b&lt;/i&gt;", "[c](javascript:x)", "$d$"]


def test_the_chapter_title_is_the_only_top_heading(hostile_article):
    assert hostile_article.count("<h1") == 1


def test_code_in_a_bank_is_shown_as_code(hostile_article):
    assert "&lt;b&gt;code is code&lt;/b&gt;" in re.sub(r"<[^>]+>", "", hostile_article)


def test_every_internal_link_and_anchor_resolves(guide_build):
    """Follow every href and src of every built page: the file exists, and so does the anchor."""
    from html.parser import HTMLParser
    from urllib.parse import unquote, urlsplit

    class Collector(HTMLParser):
        def __init__(self):
            super().__init__()
            self.ids, self.links = set(), []

        def handle_starttag(self, tag, attrs):
            for name, value in attrs:
                if name == "id" and value:
                    self.ids.add(value)
                if name in ("href", "src") and value:
                    self.links.append(value)

    out, _ = guide_build
    pages = {}
    for path in out.rglob("*.html"):
        collector = Collector()
        collector.feed(path.read_text(encoding="utf-8"))
        pages[path.resolve()] = collector
    broken, checked = [], 0
    for path, collector in pages.items():
        if path.name == "404.html":  # links from the server root: not a page read offline
            continue
        for link in collector.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            checked += 1
            if not target.exists():
                broken.append(f"{path.relative_to(out.resolve())}: {link} (no file)")
            elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{path.relative_to(out.resolve())}: {link} (no anchor)")
    assert checked > 500
    assert broken == []


def question_html(page: str, qid: str) -> str:
    start = page.index(f'id="{qid}"')
    end = page.find('<div class="question">', start)
    return page[start:end if end > 0 else None]


def test_flags_corrections_and_notes_are_shown_on_their_question(guide_build):
    out, _ = guide_build
    chapter5 = (out / "ai-trainer" / "chapter-5.html").read_text(encoding="utf-8")
    q26 = question_html(chapter5, "q26")
    answer26 = q26[q26.index('<details class="answer">'):]
    # Cut off: a red flag in reader words, and the correction folded, both inside the folded answer.
    assert '<div class="admonition danger"' in answer26 and "题库中的这一题到此中断" in answer26
    assert '<details class="corrected"' in answer26 and "本题已校订（1 处）" in answer26
    assert "truncated" not in q26  # the checker's code is for the report page
    q25 = question_html(chapter5, "q25")
    answer = q25[q25.index('<details class="answer">'):]
    assert '<div class="admonition note">' in answer and "编者注" in answer  # the note sits inside the answer
    chapter2 = (out / "ai-trainer" / "chapter-2.html").read_text(encoding="utf-8")
    q10 = question_html(chapter2, "q10")
    assert "answer-conflict" not in q10 and "题库的答案与解析不一致" in q10[q10.index('<details class="answer">'):]


def test_report_page_lists_every_flag_with_a_link(guide_build):
    out, _ = guide_build
    report = (out / "report.html").read_text(encoding="utf-8")
    for qid, chapter, code in (("q10", 2, "answer-conflict"), ("q22", 4, "answer-conflict"), ("q26", 5, "truncated")):
        assert f'href="ai-trainer/chapter-{chapter}.html#{qid}"' in report
        assert code in report


def test_formulas_read_as_text_where_search_and_screen_readers_read_them(guide_build):
    """Beside each typeset formula is its text, which search indexes: never LaTeX markup."""
    out, _ = guide_build
    readable = [t for page in out.glob("ai-trainer/chapter-*.html")
                for t in re.findall(r'<span class="sg-math-text">([^<]*)</span>', page.read_text(encoding="utf-8"))]
    assert len(readable) > 50 and not [t for t in readable if "\\" in t]
    assert "1.227×10^(-5)" in " ".join(readable)  # q3's working, given by the editor as LaTeX
    index = (out / "search" / "search_index.json").read_text(encoding="utf-8")
    assert "dfrac" not in index and "\\times" not in index


def test_home_page_offers_downloads_that_exist_in_the_site(guide_build):
    """The deck, spreadsheet and CSV are linked relatively from the home page, exist in site/,
    and hold the bank in the guide's script; chapter PDFs wait for the PDF manifest."""
    import sqlite3
    import zipfile

    from openpyxl import load_workbook

    out, _ = guide_build
    home = (out / "index.html").read_text(encoding="utf-8")
    section = home[home.index('<ul class="downloads"'):]
    section = section[:section.index("</ul>\n")]
    links = re.findall(r'<a href="([^"]+)" download>', section)
    assert sorted(Path(link).suffix for link in links) == [".apkg", ".csv", ".xlsx"]
    for link in links:
        assert not link.startswith(("/", "http")) and (out / link).is_file(), link
    apkg = out / next(link for link in links if link.endswith(".apkg"))
    (out.parent / "c.anki2").write_bytes(zipfile.ZipFile(apkg).read("collection.anki2"))
    assert sqlite3.connect(out.parent / "c.anki2").execute("select count(*) from notes").fetchone()[0] == 25
    sheet = load_workbook(out / next(link for link in links if link.endswith(".xlsx"))).worksheets[0]
    assert sheet["B1"].value == "题型" and sheet["B2"].value == "单选题"  # the edition is Simplified
    pdfs = re.search(r'<li class="downloads__pdfs" hidden[^>]*>.*?</ol>', home, re.S).group(0)
    assert pdfs.count("data-chapter=") == 5 and "ai-trainer/chapter-1" in pdfs


@pytest.mark.parametrize("site, permalink, made_with", [
    ("guide_site", "本节链接", "使用 Material for MkDocs 制作"),
    ("hant_site", "本節連結", "使用 Material for MkDocs 製作"),
])
def test_materials_english_strings_are_in_the_editions_chinese(request, site, permalink, made_with):
    """The headings' permalinks (the toc extension's title) and the footer's generator line
    (Material's copyright partial) are English whatever the theme's language, unless told."""
    for path in ("index.html", "ai-trainer/chapter-1.html", "report.html"):
        text = (request.getfixturevalue(site) / path).read_text(encoding="utf-8")
        assert "Permanent link" not in text and "Made with" not in text
        assert f'title="{permalink}"' in text
        footer = re.sub(r"<[^>]+>", "", text[text.index('<div class="md-copyright">'):])
        assert " ".join(footer.split()).startswith(made_with)
