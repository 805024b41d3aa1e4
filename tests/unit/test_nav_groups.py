"""A long bank's chapters in the navigation come in numbered groups; a short bank's as they are."""
from __future__ import annotations

from generator.pages.nav_groups import CHAPTERS_PER_GROUP, CHAPTERS_UNGROUPED, chapter_groups

LABEL, SINGLE = "第 {first}–{last} 章", "第 {first} 章"


def chapters(count: int) -> list[dict[str, str]]:
    return [{f"Chapter {n}": f"bank/chapter-{n}.md"} for n in range(1, count + 1)]


def paths(entries) -> list[str]:
    """Every page path under ``entries``, in order."""
    found: list[str] = []
    for entry in entries:
        for value in entry.values():
            found += [value] if isinstance(value, str) else paths(value)
    return found


def test_a_bank_of_few_chapters_lists_them_as_they_are():
    few = chapters(CHAPTERS_UNGROUPED)
    assert chapter_groups(few, LABEL, SINGLE) == few


def test_a_long_bank_groups_its_chapters_in_order_under_their_numbers():
    many = chapters(CHAPTERS_PER_GROUP * 2 + 5)
    grouped = chapter_groups(many, LABEL, SINGLE)
    titles = [next(iter(group)) for group in grouped]
    assert titles == [f"第 1–{CHAPTERS_PER_GROUP} 章", f"第 {CHAPTERS_PER_GROUP + 1}–{CHAPTERS_PER_GROUP * 2} 章",
                      f"第 {CHAPTERS_PER_GROUP * 2 + 1}–{CHAPTERS_PER_GROUP * 2 + 5} 章"]
    assert paths(grouped) == paths(many)  # every chapter once, in reading order
    assert all(len(paths([group])) <= CHAPTERS_PER_GROUP for group in grouped)


def test_a_last_group_of_one_chapter_is_named_by_its_number_alone():
    grouped = chapter_groups(chapters(CHAPTERS_PER_GROUP * 2 + 1), LABEL, SINGLE)
    assert next(iter(grouped[-1])) == f"第 {CHAPTERS_PER_GROUP * 2 + 1} 章"


def test_the_first_count_past_the_threshold_groups():
    assert len(chapter_groups(chapters(CHAPTERS_UNGROUPED + 1), LABEL, SINGLE)) < CHAPTERS_UNGROUPED + 1
