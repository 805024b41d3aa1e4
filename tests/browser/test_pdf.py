"""Chapter PDFs and print styles, read back the way a reader would: pdftotext, pdfinfo, a browser.

The bundled guide, built once for the run (``guide_site``), is copied and printed with
``python -m generator pdf --site``; expectations come from the guide's own model
(``build_guide``), so they hold whatever script the edition is in.
"""
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from generator.base.settings import load_settings
from generator.pages.compose import build_guide
from generator.pages.editions import HANDOUT_FIELDS, KEYED_TYPES
from generator.pages.script import convert_strings
from generator.pages.strings import UI
from generator.printing.pdf import ChromiumMissingError, pdf_file_name, render_pdfs
from tests.built_sites import built_once
from tests.paths import GUIDE_SETTINGS, ROOT

pytestmark = pytest.mark.browser

# PYTHONPATH: a command run from another folder uses this checkout's generator, not an installed one.
ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
CJK_RUN = re.compile(r"[\u3400-\u9fff]{4,}")


def run(*args, cwd=ROOT, env=ENV):
    return subprocess.run([sys.executable, *map(str, args)], cwd=cwd, env=env, capture_output=True,
                          text=True, encoding="utf-8")


def pdftotext(path: Path, *options: str) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", *options, str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def squash(text: str) -> str:
    return "".join(text.split())


def pages(path: Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"^Pages:\s+(\d+)", info, re.M)
    assert found, f"pdfinfo {path}: no page count in\n{info}"
    return int(found[1])


def longest_cjk(text: str, unless_in: str = "") -> str | None:
    """The longest run of CJK characters of ``text`` that does not also occur in ``unless_in``."""
    runs = sorted(CJK_RUN.findall(squash(text)), key=len, reverse=True)
    return next((run for run in runs if run not in unless_in), None)


@pytest.fixture(scope="module")
def guide():
    return build_guide(load_settings(GUIDE_SETTINGS))


def _print_guide(guide_site: Path, folder: Path) -> None:
    site = folder / "site"
    shutil.copytree(guide_site, site)
    result = run("-m", "generator", "pdf", "--site", site)
    assert result.returncode == 0, result.stderr
    (folder / "stderr.txt").write_text(result.stderr, encoding="utf-8")


@pytest.fixture(scope="module")
def printed(tmp_path_factory, guide_site) -> tuple[Path, str]:
    """The bundled site, printed by the command line into its pdf/ folder (of a copy: others read
    the site), once for the run (``built_once``): the site and what the command wrote to stderr."""
    folder = built_once(tmp_path_factory, "printed", lambda folder: _print_guide(guide_site, folder))
    return folder / "site", (folder / "stderr.txt").read_text(encoding="utf-8")


def find_pdf(site: Path, number: int, edition: str, folder: str = "pdf") -> Path:
    label = {"answers": ("答案版",), "practice": ("練習版", "练习版")}[edition]
    found = [p for p in (site / folder / "ai-trainer").glob(f"{number:02d}-*.pdf") if p.stem.endswith(label)]
    assert len(found) == 1, (number, edition, found)
    return found[0]


# The printed area of an A4 page, as print.css's @page and generator.printing.pdf.PAGE set it:
# the running header and the page numbers sit in the margins, outside it.
TOP_MM, BOTTOM_MM, PAGE_MM = 16, 15, 297


def filled(path: Path, tmp_path: Path, dpi: int = 36) -> list[float]:
    """How much of each page's printed area is used, 0…1: the lowest row with ink on it
    (pdftoppm's rendering, below the top margin), as a share of the area's height."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(path), str(tmp_path / path.stem)], check=True)
    def _darkest(row: Image.Image) -> float:
        low = row.getextrema()[0]  # a greyscale image: (darkest, lightest)
        return low if isinstance(low, int | float) else min(low)

    shares = []
    for image in sorted(tmp_path.glob(f"{path.stem}-*.pgm"), key=lambda p: int(p.stem.rsplit("-", 1)[1])):
        with Image.open(image) as page:
            width, height = page.size
            top, bottom = round(height * TOP_MM / PAGE_MM), height - round(height * BOTTOM_MM / PAGE_MM)
            rows = [_darkest(page.crop((0, y, width, y + 1))) < 200 for y in range(top, bottom)]
        lowest = max((i for i, ink in enumerate(rows) if ink), default=0)
        shares.append(lowest / (bottom - top))
        image.unlink()
    return shares


def test_command_writes_one_pdf_per_chapter_and_edition_with_progress(printed, guide):
    site, stderr = printed
    chapters = guide.banks[0].chapters
    for chapter in chapters:
        for edition in ("answers", "practice"):
            assert find_pdf(site, chapter.number, edition).stat().st_size > 5000
    assert f"{2 * len(chapters)}/{2 * len(chapters)}" in stderr  # the progress line reached the end
    assert "Traceback" not in stderr


def test_answer_edition_has_every_question_and_its_explanation(printed, guide):
    site, _ = printed
    for chapter in guide.banks[0].chapters:
        text = squash(pdftotext(find_pdf(site, chapter.number, "answers")))
        assert squash(chapter.title) in text
        for q in chapter.questions:
            assert re.search(rf"第{q.number}[題题]", text), q.id
            stem = longest_cjk(q.stem)
            assert stem and stem in text, q.id
            worked = longest_cjk(q.explanation or q.answer_text or "")
            if worked:
                assert worked in text, q.id


def test_practice_edition_has_every_question_and_the_key_but_no_explanation(printed, guide):
    site, _ = printed
    hidden = keyed = 0
    for chapter in guide.banks[0].chapters:
        text = squash(pdftotext(find_pdf(site, chapter.number, "practice")))
        shown = squash("".join(q.stem + "".join(o.text for o in q.options) for q in chapter.questions))
        for q in chapter.questions:
            assert re.search(rf"第{q.number}[題题]", text), q.id
            stem = longest_cjk(q.stem)
            assert stem and stem in text, q.id
            snippet = longest_cjk(q.explanation, unless_in=shown)
            if snippet:
                assert snippet not in text, (q.id, snippet)
                hidden += 1
            written = "" if q.type in KEYED_TYPES else longest_cjk(q.answer_text or "", unless_in=shown)
            if written:  # 計算, 簡答 and 案例分析: their answers written out in the key
                assert written in text.split("计算、简答与案例分析")[-1], (q.id, written)  # after the heading
                keyed += 1
            if q.type.is_choice and q.answer:
                assert f"{q.number}.{q.answer}" in text, q.id  # the key: 1.B 2.BC ...
    assert hidden >= 10  # most questions really had something to hide
    assert keyed >= 8  # of the bundled bank's 12 open questions, those with a run of Chinese not in their stem


def test_practice_key_starts_on_a_page_of_its_own_after_the_questions(printed):
    site, _ = printed
    path = find_pdf(site, 1, "practice")
    texts = [squash(pdftotext(path, "-f", str(n), "-l", str(n))) for n in range(1, pages(path) + 1)]
    start = next(n for n, text in enumerate(texts) if "1.B" in text)
    assert start > 0 and "2.BC" in texts[start]
    assert texts[start].index("1.B") < texts[start].rindex("计算、简答与案例分析")  # the grid, then the written answers
    assert not any(re.search("第[0-9]+[題题]", text) for text in texts[start:])  # no question after the key


def test_no_page_but_a_chapters_last_is_under_40_percent_filled(printed, guide, tmp_path):
    """Questions break where they must: kept whole, a long one left the page before it 70 % empty."""
    site, _ = printed
    measured = {}
    for chapter in guide.banks[0].chapters:
        for edition in ("answers", "practice"):
            path = find_pdf(site, chapter.number, edition)
            shares = filled(path, tmp_path)
            assert len(shares) == pages(path)
            measured[path.name] = [round(100 * share) for share in shares]
    sparse = {name: shares for name, shares in measured.items() if min(shares[:-1], default=100) < 40}
    assert sparse == {}, measured
    assert all(share > 5 for shares in measured.values() for share in shares), measured  # no blank page
    assert len(measured[find_pdf(site, 2, "answers").name]) <= 3, measured  # was 4 pages for 6 questions


def test_practice_handouts_start_with_name_class_and_score_blanks(printed, guide):
    site, _ = printed
    ui = convert_strings(UI, guide.interface)
    labels = [ui[key] for key in HANDOUT_FIELDS]
    assert labels[1] == ("班级" if guide.interface == "hans" else "班級")  # in the guide's script
    for chapter in guide.banks[0].chapters:
        first = pdftotext(find_pdf(site, chapter.number, "practice"), "-layout", "-l", "1")
        line = next((line for line in first.splitlines() if labels[0] in line), "")
        positions = [line.find(label) for label in labels]
        assert -1 not in positions and positions == sorted(positions), (chapter.number, line)
        lines = [squash(line) for line in first.splitlines() if line.strip()]
        assert lines.index(squash(line)) < lines.index(next(s for s in lines if s.startswith("第"))), lines
        answers = squash(pdftotext(find_pdf(site, chapter.number, "answers")))
        assert squash(line) not in answers  # the answer edition is not a handout


def test_handouts_can_number_questions_within_each_chapter(printed, guide, tmp_path):
    site, _ = printed
    result = run("-m", "generator", "pdf", "--site", site, "--edition", "practice", "--number-per-chapter",
                 "--out", tmp_path / "numbered")
    assert result.returncode == 0, result.stderr
    chapter = guide.banks[0].chapters[1]
    assert chapter.questions[0].number > 1  # the bank numbers this chapter's questions on from chapter 1
    numbered = squash(pdftotext(find_pdf(tmp_path, chapter.number, "practice", "numbered")))
    default = squash(pdftotext(find_pdf(site, chapter.number, "practice")))
    for local, q in enumerate(chapter.questions, 1):
        assert re.search(rf"第{local}[題题]", numbered) and re.search(rf"第{q.number}[題题]", default), q.id
        if q.type.is_choice and q.answer:
            assert f"{local}.{q.answer}" in numbered and f"{q.number}.{q.answer}" in default, q.id
    last = chapter.questions[-1].number
    assert not re.search(rf"第{last}[題题]", numbered)


def test_cjk_is_real_searchable_text(printed, guide):
    site, _ = printed
    path = find_pdf(site, 2, "answers")
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    rows = fonts.splitlines()[2:]
    # Chromium embeds Noto's CFF outlines as Type 3 fonts; each must map its glyphs back to Unicode
    assert rows and all(row.split()[-3] == "yes" for row in rows), fonts
    stem = squash(guide.banks[0].chapters[1].questions[0].stem)
    assert stem[:12] in squash(pdftotext(path))


def test_print_font_is_noto_sans_cjk(printed, browser_page):
    site, _ = printed
    page = browser_page
    page.goto((site / "ai-trainer" / "chapter-2.html").as_uri())
    page.emulate_media(media="print")
    family = page.evaluate("getComputedStyle(document.querySelector('.md-typeset p')).fontFamily")
    traditional = page.evaluate("document.documentElement.lang").lower().startswith(("zh-hant", "zh-tw", "zh-hk"))
    assert family.startswith('"Noto Sans CJK TC"' if traditional else '"Noto Sans CJK SC"')  # the script's glyphs
    assert page.evaluate(f"document.fonts.check('16px {family.split(',')[0]}', '機器學習')")


def test_running_header_names_guide_chapter_and_edition_and_pages_are_numbered(printed, guide):
    site, _ = printed
    chapter = guide.banks[0].chapters[0]
    path = find_pdf(site, 1, "answers")
    html = (site / "ai-trainer" / "chapter-1.html").read_text(encoding="utf-8")
    title = re.search(r"<title>.* - (.*?)</title>", html)
    assert title, "chapter 1 has no <title> naming the guide"
    guide_title = title[1]
    total = pages(path)
    assert total >= 2
    for page in (1, total):
        text = pdftotext(path, "-layout", "-f", str(page), "-l", str(page))
        lines = [line for line in text.splitlines() if line.strip()]
        assert squash(guide_title) in squash(lines[0]) and squash(chapter.title) in squash(lines[0])
        assert "答案版" in lines[0]
        assert squash(lines[-1]) == f"{page}/{total}"


def test_chapter_pages_link_their_pdfs(printed, browser_page):
    site, _ = printed
    page = browser_page
    page.goto((site / "ai-trainer" / "chapter-3.html").as_uri())
    links = page.locator(".edition-switch__pdfs a")
    assert links.count() == 2
    for href in links.evaluate_all("links => links.map(a => a.href)"):
        assert Path(unquote(urlparse(href).path)).is_file()


def test_home_page_lists_every_chapters_pdfs(printed, browser_page):
    site, _ = printed
    page = browser_page
    page.goto((site / "index.html").as_uri())
    assert page.locator(".downloads__pdfs").is_visible()
    links = page.locator(".downloads__pdfs a")
    assert links.count() == 2 * 5  # both editions of each chapter
    for href in links.evaluate_all("links => links.map(a => a.href)"):
        assert Path(unquote(urlparse(href).path)).is_file()
    for link in page.locator(".downloads > li > a").evaluate_all("links => links.map(a => a.href)"):
        assert Path(unquote(urlparse(link).path)).is_file()  # the deck, spreadsheet and CSV


def test_print_styles_hide_chrome_and_open_answers_by_default(printed, browser_page):
    site, _ = printed
    page = browser_page
    page.goto((site / "ai-trainer" / "chapter-1.html").as_uri())
    visible = "sel => [...document.querySelectorAll(sel)].some(e => e.checkVisibility())"
    assert page.evaluate(visible, ".edition-switch")  # on screen: the switch, answers folded
    assert not page.evaluate(visible, "details.answer p")
    page.emulate_media(media="print")
    for chrome in (".md-header", ".md-sidebar", ".md-footer", ".edition-switch", ".md-search"):
        assert not page.evaluate(visible, chrome), chrome
    assert page.evaluate(visible, "details.answer p")  # CSS alone opens them: no beforeprint needed
    assert not page.evaluate(visible, ".answer-key") and not page.evaluate(visible, ".writing-space")


def test_switch_selects_the_practice_edition_before_printing(printed, browser_page):
    site, _ = printed
    page = browser_page
    page.goto((site / "ai-trainer" / "chapter-1.html").as_uri())
    page.click(".edition-switch input[value=practice]")
    visible = "sel => [...document.querySelectorAll(sel)].some(e => e.checkVisibility())"
    assert page.evaluate("document.documentElement.dataset.guideEdition") == "practice"
    assert not page.evaluate(visible, "details.answer") and page.evaluate(visible, ".answer-key")
    assert not page.evaluate(visible, ".writing-space")  # paper only
    page.emulate_media(media="print")
    assert not page.evaluate(visible, "details.answer") and page.evaluate(visible, ".writing-space")
    page.emulate_media(media="screen")
    page.goto((site / "ai-trainer" / "chapter-2.html").as_uri())  # the choice holds for this tab
    assert page.evaluate("document.documentElement.dataset.guideEdition") == "practice"
    page.goto((site / "ai-trainer" / "chapter-2.html").as_uri() + "?edition=answers")
    assert page.evaluate("document.documentElement.dataset.guideEdition") == "answers"


LONG = textwrap.dedent("""\
    一、長題<i>X</i>
    1.（簡答）{stem}STEM_END_MARK
    答案：見程式碼
    ```python
    BEGIN_{code}_END = 1
    ```
    解析：{explanation}EXPLANATION_END_MARK
""")


def test_long_questions_flow_over_pages_and_code_wraps_and_header_is_escaped(tmp_path, browser):
    bank = tmp_path / "long.txt"
    bank.write_text(LONG.format(stem="很長的題目。" * 500, code="x" * 300, explanation="很長的解析。" * 400),
                    encoding="utf-8")
    site = tmp_path / "site"
    built = run("-m", "generator", "site", bank, "-o", site, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    (pdf,) = [p for p in render_pdfs(site, tmp_path / "pdf", ("answers",), browser=browser)]
    assert pdf.pages >= 3 and pages(pdf.path) == pdf.pages
    text = pdftotext(pdf.path, "-layout")
    assert "STEM_END_MARK" in text and "EXPLANATION_END_MARK" in text
    assert "<i>X</i>" in text.splitlines()[0]  # the running header shows bank text as written
    first = text.split("\f")[0]
    assert squash(first).count("。") > 20  # the question starts on the first page, not after an empty one
    (begin,) = [line for line in text.splitlines() if "BEGIN_" in line]
    assert "_END" not in begin  # wrapped onto later lines, not cut off at the margin
    assert "x" * 300 + "_END" in squash(text.replace("BEGIN_", ""))


def test_missing_chromium_says_how_to_install_it(tmp_path, printed):
    site, _ = printed
    with pytest.raises(ChromiumMissingError) as error:
        render_pdfs(site, tmp_path, chromium=tmp_path / "no-chromium")
    assert "apt-get install chromium fonts-noto-cjk" in str(error.value)
    result = run("-m", "generator", "pdf", "--site", site, "--out", tmp_path,
                 env={**ENV, "GUIDE_CHROMIUM": str(tmp_path / "no-chromium")})
    assert result.returncode == 2
    assert "no-chromium" in result.stderr and "apt-get install chromium fonts-noto-cjk" in result.stderr
    assert "Traceback" not in result.stderr and not list(tmp_path.glob("**/*.pdf"))


@pytest.mark.parametrize("title, name", [
    ("機器學習與深度學習基礎", "03-機器學習與深度學習基礎-答案版.pdf"),
    ("A/B 測試: \"好\" 壞?", "03-A-B-測試-好-壞-答案版.pdf"),
    ("..", "03-chapter-答案版.pdf"),
])
def test_pdf_file_names_come_from_the_chapter(title, name):
    assert pdf_file_name(3, title, "答案版") == name


@pytest.fixture
def browser_page(browser):
    context = browser.new_context()
    yield context.new_page()
    context.close()
