"""Unnumbered statements to judge, each a bullet opening with its answer in brackets
("* (T) statement", "- （×）陈述"), as study notes keep them under each passage."""
from generator.bank.model import QuestionType
from tests.inline_bank import parse_text

_NOTES = """> T means true, F false

## Passage 1
A girl waited at the airport.

* (F) the girl was leaving her sister (F) 女孩要离开她的姐姐
* (T) she spoke English,她会讲英语
## Passage 2
- （√）鹦鹉会说话
- （×）鸟逃走了
- (错) 男人很喜欢鹦鹉
"""


def test_bullets_opening_with_a_bracketed_verdict_are_statements_to_judge():
    bank = parse_text(_NOTES)
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [("Passage 1", 2), ("Passage 2", 3)]
    assert {q.type for q in bank.questions} == {QuestionType.JUDGE}
    assert [q.answer for q in bank.questions] == ["false", "true", "true", "false", "false"]
    assert bank.questions[1].stem == "she spoke English,她会讲英语"
    assert bank.chapters[0].intro.startswith("A girl waited")


def test_one_such_bullet_or_bullets_without_a_verdict_are_no_questions():
    bank = parse_text("1. 甲？\nA. 一\nB. 二\n答案：A\n\n* (T) a note in passing\n* a plain bullet\n")
    assert len(bank.questions) == 1
