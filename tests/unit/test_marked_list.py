"""Options as an unlettered list under the stem, the right ones marked (issue 27 item 3):
bold bullets, Unicode boxes and the Font Awesome icons knowledge checks copy."""
from __future__ import annotations

import pytest

from generator.bank.marked_list import marked_list
from tests.inline_bank import parse_text


def test_bold_bullets_mark_the_answer_and_a_quote_after_them_explains():
    bank = parse_text("## Question 1\n\n*A laptop is recycled. Which stage?*\n\n* Procurement\n* Deployment\n"
                      "* **Retirement** \n\n> Retirement is the last stage.\n\n<br>\n\n## Question 2\n\n"
                      "*Check all that apply.*\n\n- **Plan**\n- Hope\n- **Test**\n")
    assert [(q.type.value, [o.text for o in q.options], q.answer) for q in bank.questions] == [
        ("single", ["Procurement", "Deployment", "Retirement"], "C"),
        ("multiple", ["Plan", "Hope", "Test"], "AC")]
    assert bank.questions[0].stem == "*A laptop is recycled. Which stage?*"
    assert "Retirement is the last stage." in bank.questions[0].explanation


@pytest.mark.parametrize(("empty", "ticked"), [
    ("<i class='far fa-square'></i> &nbsp;&nbsp;", "<i class='fas fa-check-square' style='color: blue;'></i> &nbsp;"),
    ("☐ ", "✅ "), ("☐ ", "☑ "),
])
def test_boxes_ticked_or_empty_lead_the_options(empty, ticked):
    text = (f"####  1. An administrator wants what?\n\n\n{empty}Deny it.\n\n{ticked}Allow it.\n\n{empty}Ask.\n"
            "<br />\n<br />\n\n####  2. And then?\n\n{0}One.\n{1}Two.\n").replace("{0}", ticked).replace("{1}", empty)
    bank = parse_text(text)
    assert [([o.text for o in q.options], q.answer) for q in bank.questions] == [
        (["Deny it.", "Allow it.", "Ask."], "B"), (["One.", "Two."], "A")]


@pytest.mark.parametrize("text", [
    "Which ones?\n\n* one\n* two\n* three\n",  # nothing marked: a list in the stem
    "Which ones?\n\n* **one**\n* **two**\n",  # all bold: the list's style
    "Which?\n\n* **one**\n\nText between.\n\n* two\n",  # not one list
    "Which?\n\n* **one**\n☐ two\n",  # led two ways
])
def test_lists_that_single_nothing_out_are_no_options(text):
    assert marked_list(text) is None


def test_lettered_options_win_over_a_bold_list_in_the_stem():
    q = parse_text("1. Given\n* **x** is set\n* y is not\nwhich holds?\nA. one\nB. two\n答案：B\n").questions[0]
    assert ([o.text for o in q.options], q.answer) == (["one", "two"], "B")
