"""Questions written as a bullet of named fields ("- Question:" over "- Answer:" and
"- Choices: a; b; c"), read on banks written from the layout's description."""
from generator.bank.model import QuestionType
from tests.inline_bank import parse_text

_BANK = """Format:
Question: ...
Answer: ...

# Week 1

- Question: Which tool times one line?
  - Type: Multiple Choice (Single Correct Answer)
  - Answer: timeit
  - Choices: clock; timeit; stopwatch, a watch; timer

- Question: Which are colours?
  - Type: Multiple Choice (Multiple Correct Answers)
  - Answer: red, blue
  - Choices: red, wet, blue

  Red and blue are in the rainbow.
# Week 2
- Question: What ends a sentence?
  - Answer: A full stop.
  - Choices : a comma; a full stop
- Question: Which is the keyword?
  - Answer: import x
- Choices: Import x, import x, IMPORT x
- Question: What is Python?
  - Type: Free response
  - Answer: a language or a programming language
    Choices: A snake; A language
"""


def test_field_bullets_give_stem_options_and_answer_by_text():
    bank = parse_text(_BANK)
    assert [c.title for c in bank.chapters] == ["Week 1", "Week 2"]
    questions = bank.questions
    assert [q.stem for q in questions] == ["Which tool times one line?", "Which are colours?",
                                           "What ends a sentence?", "Which is the keyword?", "What is Python?"]
    # items split at ";" when the line has one ("stopwatch, a watch" is one option), else at ","
    assert [o.text for o in questions[0].options] == ["clock", "timeit", "stopwatch, a watch", "timer"]
    assert [o.text for o in questions[1].options] == ["red", "wet", "blue"]
    # the answer names options by their text: each item of a list, a final full stop or letter
    # case aside (the exact text wins over one differing in case), one alternative of "x or y"
    assert [q.answer for q in questions] == ["B", "AC", "B", "B", "B"]
    assert questions[1].explanation == "Red and blue are in the rainbow."  # text after the fields is kept
    assert [q.type for q in questions] == [QuestionType.SINGLE, QuestionType.MULTIPLE, QuestionType.SINGLE,
                                           QuestionType.SINGLE, QuestionType.SINGLE]


def test_an_answer_naming_no_option_is_kept_as_written():
    bank = parse_text("- Question: One?\n  - Answer: sometimes\n  - Choices: often; never\n"
                      "- Question: Two?\n  - Answer: never\n  - Choices: often; never\n")
    first, second = bank.questions
    assert first.answer_text == "sometimes" and not first.answer.isupper()
    assert second.answer == "B"


def test_a_question_bullet_without_choices_asks_for_the_answer_written():
    bank = parse_text("- Question: Name a colour.\n  - Answer: red\n- Question: Name a shape.\n  - Answer: square\n")
    assert [q.stem for q in bank.questions] == ["Name a colour.", "Name a shape."]
    assert [(q.options, q.answer, q.type) for q in bank.questions] == [((), "red", QuestionType.SHORT),
                                                                        ((), "square", QuestionType.SHORT)]


def test_a_comma_among_one_word_choices_split_at_semicolons_separates_too():
    bank = parse_text("""
    - Question: What does REPL stand for?
      - Answer: Read-Eval-Print-Loop
      - Choices: Read-Eval-Print-Loop; Read-Execute-Learn, Rely-Expression-Loop; Run-Print-Loop
    - Question: Which are true?
      - Answer: One, two and three.; Four.
      - Choices: One, two and three.; Four.; Five, six.
    """)
    assert [[o.text for o in q.options] for q in bank.questions] == [
        ["Read-Eval-Print-Loop", "Read-Execute-Learn", "Rely-Expression-Loop", "Run-Print-Loop"],
        ["One, two and three.", "Four.", "Five, six."]]  # items of several words keep their commas
    assert [q.answer for q in bank.questions] == ["A", "AB"]
