"""Questions in Markua's quiz syntax ("? stem", choices "a)" / "C)" with the right ones in
capitals, accepted answers "! …"), read on banks written from the specification's description."""
from generator.bank.model import QuestionType
from tests.inline_bank import parse_text

_BANK = """
# Unit 1

Some lesson text.

{quiz, id: unit1}
? Which planet is largest?

a) Mars
B) Jupiter
c) Venus

{choose-answers: 3}
? Which are even numbers?

A) 2
m) 3
C) 4
o) 5

? Name the capital of Italy.

! Rome
! Roma
{/quiz}

# Unit 2

{exercise, id: unit2}
? How many legs has a spider?

! 8

? Pick the mammal.
a) Shark
B) Whale
{/exercise}
"""


def test_markua_quiz_questions_give_options_right_by_capital_and_accepted_answers():
    bank = parse_text(_BANK)
    assert [c.title for c in bank.chapters] == ["Unit 1", "Unit 2"]
    questions = bank.questions
    assert [q.stem for q in questions] == ["Which planet is largest?", "Which are even numbers?",
                                           "Name the capital of Italy.", "How many legs has a spider?",
                                           "Pick the mammal."]
    assert [[o.text for o in q.options] for q in questions] == [
        ["Mars", "Jupiter", "Venus"], ["2", "3", "4", "5"], [], [], ["Shark", "Whale"]]
    assert [q.answer for q in questions] == ["B", "AC", "Rome\nRoma", "8", "B"]
    assert [q.type for q in questions] == [QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.FILL,
                                           QuestionType.FILL, QuestionType.SINGLE]
    # the quiz's block and attribute lines are markup, kept as strays, in no question's fields
    assert not any("{" in q.explanation or "{" in q.stem for q in questions)
    assert {s.text for s in bank.stray if s.reason == "markup"} >= {"{/quiz}", "{choose-answers: 3}", "{/exercise}"}


def test_question_marks_without_choices_or_accepted_answers_are_no_markua_quiz():
    bank = parse_text("""
    1. 下列哪个是水果？
    ? 这一行只是一个问号开头的句子
    A. 苹果
    B. 白菜
    答案：A

    2. 下列哪个是蔬菜？
    ? 又一行
    A. 苹果
    B. 白菜
    答案：B
    """)
    assert [q.answer for q in bank.questions] == ["A", "B"]
