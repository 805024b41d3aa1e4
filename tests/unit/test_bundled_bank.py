"""Golden tests over the bundled bank: structure, answers and the verbatim copy."""
import hashlib

import pytest

from generator.bank.model import QuestionType as T
from generator.exports.text import dump_text
from generator.read.load import read_bank
from tests.paths import BUNDLED, GOLDEN

GOLDEN_DUMP = GOLDEN / "ai-trainer.txt"
# (type, number of options, answer) for questions 1-26, as the bank gives them.
EXPECTED = [
    (T.SINGLE, 4, "B"), (T.MULTIPLE, 4, "BC"), (T.FILL, 0, "0.0005"), (T.CALC, 0, "0.00672"),
    (T.SHORT, 0, None), (T.CASE, 0, None), (T.SINGLE, 4, "B"), (T.MULTIPLE, 4, "BCD"),
    (T.FILL, 0, "5.24"), (T.CALC, 0, "0.2"), (T.SHORT, 0, None), (T.CASE, 0, None),
    (T.SINGLE, 4, "D"), (T.MULTIPLE, 4, "AC"), (T.FILL, 0, "1024"), (T.CALC, 0, "13830"),
    (T.SHORT, 0, None), (T.CASE, 0, None), (T.SINGLE, 4, "A"), (T.MULTIPLE, 4, "ABC"),
    (T.FILL, 0, "42.3"), (T.CALC, 0, "2.84"), (T.SHORT, 0, None), (T.CASE, 0, None),
    (T.SINGLE, 4, "A"), (T.MULTIPLE, 1, None),
]


@pytest.fixture(scope="module")
def bank():
    return read_bank(BUNDLED)


def test_bundled_bank_is_a_verbatim_copy():
    digest = hashlib.sha256(BUNDLED.read_bytes()).hexdigest()
    assert digest == "fd568efd0a0af8aea0ef18947790ec1fa0a700b8c4702db2dd0e43178a5bcae5"


def test_five_chapters_with_their_titles(bank):
    assert [(c.title, len(c.questions)) for c in bank.chapters] == [
        ("機器學習與深度學習基礎", 6), ("大模型預訓練與微調", 6), ("數據工程與評估", 6),
        ("推理優化與部署", 6), ("安全與倫理", 2)]
    assert bank.title == "2025高級人工智能訓練師核心備考試題庫及答案"


def test_every_question_has_its_type_options_and_answer(bank):
    found = [(q.type, len(q.options), q.answer if q.type.value in "single multiple fill calc" else None)
             for q in bank.questions]
    assert found == EXPECTED
    assert [q.id for q in bank.questions] == [f"q{n}" for n in range(1, 27)]


def test_free_text_answers_keep_their_text(bank):
    q5 = bank.question("q5")
    assert q5.answer_text.startswith("嵌套包裝核心思想") and "```python" in q5.answer_text
    assert bank.question("q23").answer_text.startswith("在config.pbtxt中設置：```dynamic_batching{")


def test_nothing_outside_questions(bank):
    assert bank.stray == ()
    assert bank.preamble == bank.title


def test_golden_dump(bank, update_golden):
    dump = dump_text(bank)
    if update_golden:
        GOLDEN_DUMP.write_text(dump, encoding="utf-8")
    assert dump == GOLDEN_DUMP.read_text(encoding="utf-8"), "rerun with --update-golden after checking the diff"
