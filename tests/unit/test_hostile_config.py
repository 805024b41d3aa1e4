"""Hostile and careless config: errata, glossary and settings (issue 18), and official answers
(issue 14's disputed answers).

The regression corpus is ``tests/hostile/``: a small bank, ``errata_cases.yml`` (each case
with its documented behaviour) and ``glossary.yml`` (definitions that try to run script or
to break the markup they land in).  What a browser shows is tested in
``tests/browser/test_hostile_browser.py``.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import signal
from pathlib import Path

import pytest
import yaml

from generator.bank.model import Page
from generator.base.errors import ConfigError
from generator.base.settings import load_settings
from generator.cli import main
from generator.links.glossary import load_glossary
from generator.math.editor_latex import check_editor_latex
from generator.math.katex import default_renderer
from generator.math.to_text import MAX_DEPTH, LatexReadError, latex_text, read_latex
from generator.pages.compose import _with_front_matter
from generator.read.load import load_bank
from tests.paths import BUNDLED

HOSTILE = Path(__file__).resolve().parents[1] / "hostile"
BANK = HOSTILE / "bank.txt"
CASES = yaml.safe_load((HOSTILE / "errata_cases.yml").read_text(encoding="utf-8"))
UNDERBRACE_200 = "q1:\n  notes: ['$" + "\\underbrace{" * 200 + "x" + "}" * 200 + "$']\n"


def _write(tmp_path: Path, case: dict) -> Path:
    path = tmp_path / "errata.yml"
    text = UNDERBRACE_200 if case["errata"] == "UNDERBRACE_200" else case["errata"]
    path.write_text(text, encoding="utf-8")
    return path


def _check(path: Path, capsys, *extra: str) -> tuple[int, str, str]:
    code = main(["check", str(BANK), "--errata", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_errata_case(case, tmp_path, capsys):
    path = _write(tmp_path, case)
    if "error" in case:
        code, _, err = _check(path, capsys)
        assert code == 2, case["behaviour"]
        assert err.startswith(f"error: {path}"), err
        for piece in case["error"]:
            assert piece in err, f"{case['name']}: {piece!r} not in {err!r}"
        for piece in case.get("absent", ()):
            assert piece not in err
        assert "\x00" not in err and "Traceback" not in err
        return
    bank = load_bank(BANK, errata=path, check_math=check_editor_latex)
    for qid, (answer, editor) in case.get("answers", {}).items():
        question = bank.question(qid)
        assert (question.answer, question.editor_answer) == (answer, editor), case["behaviour"]
    for qid, lines in case.get("corrections", {}).items():
        assert list(bank.question(qid).corrections) == lines
    for qid, codes in case.get("flags", {}).items():
        assert [f.code for f in bank.question(qid).flags if f.code in codes] == codes


def test_every_error_names_file_entry_and_field(tmp_path, capsys):
    for case in (c for c in CASES if "error" in c and c["name"] != "not-a-mapping"):
        code, _, err = _check(_write(tmp_path, case), capsys)
        assert code == 2 and re.match(r"error: \S+errata\.yml: entry q\d, [a-z_A-F]+ \(line \d+\)", err), err


# -- official answers ----------------------------------------------------------------------

def test_the_bank_answer_is_kept_and_check_lists_disputed_answers(tmp_path, capsys):
    case = next(c for c in CASES if c["name"] == "editor-answer-beside-the-bank")
    path = _write(tmp_path, case)
    code, out, _ = _check(path, capsys)
    assert code == 1  # the bank's q7 has no answer (an error of the bank), the errata are fine
    assert re.search(r"bank\.txt:18:1: q5: disputed answer: bank 0\.0005 · editor \$\\approx1\.227\\times10\^\{-5\}\$",
                     out), out
    main(["export", str(BANK), "--errata", str(path)])
    exported = json.loads(capsys.readouterr().out)
    q5 = exported["chapters"][0]["questions"][4]
    assert (q5["answer"], q5["editor_answer"]) == ("0.0005", "$\\approx1.227\\times10^{-5}$")
    assert exported["chapters"][0]["questions"][0]["editor_answer"] is None


def test_the_bundled_errata_load_and_dispute_what_their_notes_dispute():
    bundled = BUNDLED
    raw = load_bank(bundled, use_errata=False)
    bank = load_bank(bundled, check_math=check_editor_latex)
    disputed = {q.id: q.editor_answer for q in bank.questions if q.editor_answer is not None}
    assert set(disputed) == {"q3", "q4", "q10", "q14", "q16", "q20", "q22"}
    assert (disputed["q4"], disputed["q16"], disputed["q14"], disputed["q20"]) == ("0.00803", "2228", "ABC", "AC")
    for before, after in zip(raw.questions, bank.questions, strict=True):
        if after.type.value not in ("short", "case"):  # prose answers are repaired, others never touched
            assert after.answer == before.answer, after.id
    for qid in disputed:  # each disputed answer has a note with its working
        assert bank.question(qid).notes, qid


# -- LaTeX limits --------------------------------------------------------------------------

def test_katex_cuts_a_huge_rule_to_its_max_size():
    html = default_renderer().render(r"\rule{5000em}{5000em}", False)
    sizes = [float(s) for s in re.findall(r"([\d.]+)em", html)]
    assert sizes and max(sizes) <= 10


def test_text_reading_is_bounded_in_depth_and_size():
    deep = "{" * (MAX_DEPTH + 1) + "x" + "}" * (MAX_DEPTH + 1)
    with pytest.raises(LatexReadError, match="nested"):
        read_latex(deep)
    with pytest.raises(LatexReadError, match="characters"):
        read_latex("x+" * 5000)
    assert read_latex("{" * MAX_DEPTH + "x" + "}" * MAX_DEPTH) == "x"
    assert read_latex(r"\frac{" * 12 + "x" + "}{y}" * 12).count("/") == 12
    # Where a page shows a formula the checks never saw, the LaTeX stays as given: no traceback.
    assert latex_text(r"\sqrt") == r"\sqrt" and latex_text(deep) == deep


def test_a_stray_math_marker_cannot_come_from_errata(tmp_path, capsys):
    path = tmp_path / "errata.yml"
    path.write_text('q1:\n  notes: ["甲\\x02乙"]\n', encoding="utf-8")
    code, _, err = _check(path, capsys)
    assert code == 2 and f"{path}: entry q1, notes (line 2)" in err and "U+0002" in err


# -- glossary and settings -----------------------------------------------------------------

GLOSSARY_ENTRY = "- {term: KV cache, definition: 鍵值緩存}\n"


@pytest.mark.parametrize("entry, field, code", [
    ('- {term: "KV\\u0085cache", definition: 緩存}\n', "term", "U+0085"),
    ('- {term: KV cache, definition: "緩存\\x00"}\n', "definition", "U+0000"),
    ('- {term: KV cache, aliases: ["KV\\x7fcache"], definition: 緩存}\n', "aliases", "U+007F"),
    ('- {term: KV cache, definition: 緩存, exclude: ["KV\\x9fx"]}\n', "exclude", "U+009F"),
    ('- {term: KV cache, definition: 緩存, see: ["a\\rb"]}\n', "see", "U+000D"),
])
def test_glossary_refuses_control_characters_naming_entry_and_field(tmp_path, entry, field, code):
    path = tmp_path / "glossary.yml"
    path.write_text(GLOSSARY_ENTRY + entry, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_glossary(path)
    message = str(caught.value)
    assert message.startswith(f"{path}, entry 2") and f", {field}: expected text without control" in message
    assert code in message


def test_glossary_messages_quote_at_most_200_characters(tmp_path):
    path = tmp_path / "glossary.yml"
    path.write_text(GLOSSARY_ENTRY + "- [" + ", ".join(["甲"] * 5000) + "]\n", encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_glossary(path)
    assert len(str(caught.value)) < 600 and "characters in all" in str(caught.value)


@pytest.mark.parametrize("text, where, found", [
    ('banks: ["content/banks/a\\x01/bank.txt"]\n', "banks, item 1", "U+0001"),
    ('banks: [a.txt]\nglossary: "g\\u0085.yml"\n', "glossary", "U+0085"),
    ("banks: [" + ", ".join(["a.txt"] * 100) + "]\nscript: " + "x" * 5000 + "\n", "script", "characters in all"),
    ("甲" * 5000 + "\n", "", "characters in all"),
])
def test_settings_refuse_control_characters_and_quote_little(tmp_path, text, where, found):
    config = tmp_path / "site_config"
    config.mkdir()
    path = config / "guide.yml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_settings(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {where}".rstrip(": ")) and found in message and len(message) < 600


def test_front_matter_is_written_by_a_yaml_dumper():
    tags = ["單選", "KV\x85cache", "a: b", "- x", "#x", "yes", "null", "'q'", '"d"', "\u2028", "\x7f", "a\nb"]
    page = _with_front_matter(Page("p.md", "p", "# 標題\n"), tags, [])
    front, body = re.fullmatch(r"---\n(.*)---\n\n(.*)", page.markdown, re.DOTALL).groups()
    assert yaml.safe_load(front) == {"hide": ["tags"], "tags": tags} and body == "# 標題\n"


def test_a_raw_nul_byte_in_errata_is_refused_with_its_place(tmp_path, capsys):
    path = tmp_path / "errata.yml"
    path.write_bytes("q1:\n  notes: [甲\x00乙]\n".encode())
    code, _, err = _check(path, capsys)
    assert code == 2 and err.startswith(f"error: {path}") and "#x0000" in err and "\x00" not in err


def test_the_answer_line_keeps_the_bank_answer_and_adds_the_editor_answer(tmp_path):
    from generator.pages.chapter import RenderContext, render_answer

    path = tmp_path / "errata.yml"
    errata = "q5:\n  editor_answer: '<b>1e-5</b>'\nq7:\n  editor_answer: 因為丙。\nq3:\n  editor_answer: ×\n"
    path.write_text(errata, encoding="utf-8")
    bank = load_bank(BANK, errata=path)
    ctx = RenderContext()
    question = {q.id: q for q in bank.questions}
    escaped = "&lt;b&gt;1e\\-5&lt;\\/b&gt;"  # Markdown that shows <b>1e-5</b> as text
    assert render_answer(question["q5"], ctx) == f"**答案：** 0\\.0005（題庫）· 編者答案：{escaped}"
    assert render_answer(question["q7"], ctx) == "**答案：** 題庫未給出答案。 · 編者答案：因為丙。"
    assert render_answer(question["q3"], ctx) == "**答案：** 正確（題庫）· 編者答案：錯誤"
    assert render_answer(question["q1"], ctx) == "**答案：** A"


# -- files that are no regular file --------------------------------------------------------

def _no_regular_file(kind: str, tmp_path: Path) -> tuple[Path, str]:
    """A folder, a FIFO or a device, and what the message calls it."""
    if kind == "fifo":
        os.mkfifo(tmp_path / "pipe.yml")
        return tmp_path / "pipe.yml", "a named pipe (FIFO)"
    return (tmp_path, "a folder") if kind == "folder" else (Path("/dev/zero"), "a device")


@contextlib.contextmanager
def _at_most(seconds: int):
    """A FIFO used to block the read forever, /dev/zero to fill the memory: fail instead."""
    def expire(signum, frame):
        raise TimeoutError(f"still reading after {seconds} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_errata_that_are_no_regular_file_are_refused_at_once(kind, tmp_path, capsys):
    path, what = _no_regular_file(kind, tmp_path)
    with _at_most(10):
        code, _, err = _check(path, capsys)
    assert code == 2 and err == f"error: {path}: expected a readable errata file, found {what}\n"


@pytest.mark.parametrize("kind", ["folder", "fifo", "device"])
def test_glossary_and_settings_that_are_no_regular_file_are_refused_at_once(kind, tmp_path):
    path, what = _no_regular_file(kind, tmp_path)
    with _at_most(10), pytest.raises(ConfigError) as glossary:
        load_glossary(path)
    assert str(glossary.value) == f"{path}: expected a readable glossary file, found {what}"
    with _at_most(10), pytest.raises(ConfigError) as settings:
        load_settings(path)
    assert str(settings.value) == f"{path}: expected a readable settings file, found {what}"


def test_an_errata_file_too_large_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "errata.yml"
    with path.open("wb") as file:  # sparse: 65 MB on paper, nothing on disk
        file.truncate(65 * 2**20)
    code, _, err = _check(path, capsys)
    assert code == 2 and "expected an errata file of at most 64 MB, found 65 MB" in err


# -- messages quote at most 200 characters of a file ----------------------------------------

LONG = "甲" * 5000


@pytest.mark.parametrize("name, text", [
    ("bank.json", json.dumps({"chapters": [{"title": "c", "questions": [{"id": "q1", "type": LONG}]}]})),
    ("bank.json", json.dumps({"chapters": [{"title": "c", "questions": [{"id": LONG, "type": "single"}]}]})),
    ("bank.json", json.dumps({"chapters": [{"title": "c", "questions": [{"id": "q1", "type": "single",
                                                                          "number": [LONG]}]}]})),
    ("bank.csv", f"题号,题干,答案\n{LONG},题,甲\n"),
])
def test_bank_messages_quote_little_of_a_long_value(tmp_path, capsys, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}") and len(err) < 600, err[:300]


@pytest.mark.parametrize("entries", [
    [{"term": LONG, "definition": "甲"}, {"term": LONG, "definition": "乙"}],  # a spelling twice
    [{"term": "KV cache", "slug": "X" * 5000, "definition": "甲"}],  # a slug of no form
    [{"term": "KV cache", "slug": "x" * 5000, "definition": "甲"},
     {"term": "LoRA", "slug": "x" * 5000, "definition": "乙"}],  # a slug twice
])
def test_glossary_messages_quote_little_of_a_long_value(tmp_path, entries):
    path = tmp_path / "glossary.yml"
    path.write_text(yaml.safe_dump(entries, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        load_glossary(path)
    assert len(str(caught.value)) < 600, str(caught.value)[:300]


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_an_errata_file_beside_the_bank_that_is_no_regular_file_is_refused_not_skipped(kind, tmp_path, capsys):
    bank = tmp_path / "my.txt"
    bank.write_text(BANK.read_text(encoding="utf-8"), encoding="utf-8")
    errata = tmp_path / "my.errata.yml"
    errata.mkdir() if kind == "folder" else os.mkfifo(errata)
    with _at_most(10):
        assert main(["check", str(bank)]) == 2
    assert capsys.readouterr().err.startswith(f"error: {errata}: expected a readable errata file, found a ")
