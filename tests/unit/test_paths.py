"""Page paths and links to questions (generator.pages.paths), on the bundled bank."""
from __future__ import annotations

import posixpath

from generator.pages.paths import (
    GLOSSARY_PAGE,
    HOME_PAGE,
    INDEX_PAGE,
    REPORT_PAGE,
    TAGS_PAGE,
    chapter_path,
    question_link,
)
from generator.read.load import load_bank
from tests.paths import BUNDLED

BANK = load_bank(BUNDLED)


def test_each_chapter_has_its_own_page_in_its_banks_folder():
    paths = [chapter_path(BANK, chapter) for chapter in BANK.chapters]
    assert len(set(paths)) == len(BANK.chapters) > 1
    assert all(posixpath.dirname(p) == BANK.slug and p.endswith(".md") for p in paths)
    assert not {HOME_PAGE, REPORT_PAGE, GLOSSARY_PAGE, INDEX_PAGE, TAGS_PAGE} & set(paths)


def test_a_question_link_leads_to_its_chapter_page_from_any_page():
    for from_path in (HOME_PAGE, GLOSSARY_PAGE, chapter_path(BANK, BANK.chapters[-1]), "a/b/c.md"):
        for chapter in BANK.chapters:
            question = chapter.questions[-1]
            target, anchor = question_link(BANK, chapter, question, from_path).split("#")
            followed = posixpath.normpath(posixpath.join(posixpath.dirname(from_path), target))
            assert followed == chapter_path(BANK, chapter)
            assert anchor == question.id
