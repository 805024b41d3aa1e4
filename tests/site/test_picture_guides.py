"""A guide of banks with pictures (Markdown, Word, Excel, PDF), built: every picture shows at its
question on the chapter page, in the run pages' data, in the offline app's precache, in the
Anki deck and in the spreadsheet download."""
from __future__ import annotations

import html
import json
import re
import sqlite3
import zipfile
from pathlib import Path

import pytest

from generator.bank.pictures import pictures_in
from generator.pages.paths import PICTURES_DIR
from generator.read.load import load_bank

pytestmark = pytest.mark.slow  # every test reads a built site

BANKS = {"signs": "bank.md", "shapes": "bank.docx", "colours": "bank.xlsx", "figures": "bank.pdf"}


def _questions(guide: Path):
    """(slug, bank, question, its chapter page's HTML) for every question of the four banks."""
    for slug, name in BANKS.items():
        bank = load_bank(guide / slug / name)
        for chapter in bank.chapters:
            page = (guide / "site" / slug / f"chapter-{chapter.number}.html").read_text(encoding="utf-8")
            for question in chapter.questions:
                yield slug, bank, question, page


def _block(page: str, qid: str) -> str:
    start = page.index(f'id="{qid}"')
    end = page.find('<div class="question">', start)
    return page[start:end if end > 0 else None]


def _shown(question) -> list[int]:
    return [i for text in (question.stem, *(o.text for o in question.options), question.explanation)
            for i in pictures_in(text)]


def test_every_picture_shows_at_its_question_on_the_chapter_page(picture_guide):
    site, shown = picture_guide / "site", 0
    for slug, bank, question, page in _questions(picture_guide):
        block = _block(page, question.id)
        images = re.findall(r'<img src="([^"]+)" alt="([^"]*)" loading="lazy"', block)
        expected = [(f"../{PICTURES_DIR}/{p.name}", p.alt) for p in map(bank.pictures.__getitem__, _shown(question))
                    if p.media_type]
        assert [(src, html.unescape(alt)) for src, alt in images] == expected, question.id
        for src, _ in images:
            picture = next(p for p in bank.pictures if src.endswith(p.name))
            assert (site / slug / src).resolve().read_bytes() == picture.data  # relative to the page
        shown += len(images)
    assert shown == 3 + 3 + 4 + 2  # Markdown: red, blue twice; Word: three; Excel: four; PDF: two
    assert "\x0e" not in "".join(p.read_text(encoding="utf-8") for p in site.rglob("*.html"))


def test_pictures_the_guide_cannot_show_are_said_so_on_their_question(picture_guide):
    page = (picture_guide / "site" / "signs" / "chapter-1.html").read_text(encoding="utf-8")
    block = _block(page, "q2")
    assert 'class="picture-remote" href="https&#58;&#47;&#47;example&#46;com&#47;x&#46;png"' in block
    assert '<span class="picture-unshown">&#91;缺失&#93;</span>' in block
    assert '<span class="picture-unshown">&#91;外面&#93;</span>' in block  # outside the bank's folder: never read
    assert "本题有一张图片无法在这里显示" in block  # the flag picture-unshown, in reader words


def test_each_picture_file_is_written_once_under_its_content_hash(picture_guide):
    files = sorted(p.name for p in (picture_guide / "site" / PICTURES_DIR).iterdir())
    shown = {p.name for slug, name in BANKS.items() for p in load_bank(picture_guide / slug / name).pictures
             if p.media_type}
    # the same red and blue pictures of three banks, the PDF's two as the PNGs its pixels make
    assert files == sorted(shown) and len(files) == 4
    assert all(re.fullmatch(r"[0-9a-f]{16}\.png", name) for name in files)


def test_the_run_pages_data_carries_the_pictures_with_paths_right_from_the_run_pages(picture_guide):
    site = picture_guide / "site"
    for slug, bank, question, _ in _questions(picture_guide):
        script = (site / "assets" / "practice" / slug / "q" / f"{question.id}.js").read_text(encoding="utf-8")
        sources = re.findall(r'src=\\"([^"\\]+)\\"', script)
        assert len(sources) == sum(1 for i in _shown(question) if bank.pictures[i].media_type)
        for src in sources:  # the run pages (random.html, exam.html …) sit beside the chapter pages
            assert (site / slug / "random.html").is_file() and (site / slug / src).resolve().is_file()


def test_the_offline_app_precaches_every_picture(picture_guide):
    worker = (picture_guide / "site" / "sw.js").read_text(encoding="utf-8")
    for name in (p.name for p in (picture_guide / "site" / PICTURES_DIR).iterdir()):
        assert f'"{PICTURES_DIR}/{name}"' in worker


def test_the_anki_deck_carries_its_pictures_as_media(picture_guide, tmp_path):
    for slug, name in BANKS.items():
        bank = load_bank(picture_guide / slug / name)
        with zipfile.ZipFile(picture_guide / "site" / "downloads" / f"{slug}.apkg") as deck:
            media = json.loads(deck.read("media"))
            assert sorted(media.values()) == sorted({p.name for p in bank.pictures if p.media_type})
            for number, file_name in media.items():
                assert deck.read(number) == next(p.data for p in bank.pictures if p.name == file_name)
            (tmp_path / "c.anki2").write_bytes(deck.read("collection.anki2"))
        fields = " ".join(row[0] for row in sqlite3.connect(tmp_path / "c.anki2").execute("select flds from notes"))
        assert all(f'<img src="{file_name}"' in fields for file_name in media.values())
        assert "\x0e" not in fields


def test_the_spreadsheet_download_names_each_picture_in_its_cell(picture_guide):
    from openpyxl import load_workbook

    bank = load_bank(picture_guide / "colours" / "bank.xlsx")
    sheet = load_workbook(picture_guide / "site" / "downloads" / "colours.xlsx").active
    rows = [[str(c.value or "") for c in row] for row in sheet.iter_rows()]
    red, blue = bank.pictures[0], bank.pictures[1]
    assert rows[1][2] == f"这个标志是什么？[{red.alt}: {red.name}]"
    assert rows[2][4] == f"右[{blue.alt}: {blue.name}]"
