"""The command line: the JSON contract, the check report and its exit statuses."""
import json
import subprocess
import sys

import pytest

from tests.paths import BUNDLED, ROOT


def run(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, encoding="utf-8")


def test_export_json_contract():
    result = run("export", BUNDLED, "--format", "json", "--no-errata")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"title", "preamble", "chapters"} <= data.keys()
    assert [c["number"] for c in data["chapters"]] == [1, 2, 3, 4, 5]
    q = data["chapters"][1]["questions"][1]
    fields = {"id", "number", "type", "type_label", "stem", "options", "answer", "explanation", "flags", "notes"}
    assert fields <= q.keys()
    assert (q["id"], q["number"], q["type"], q["type_label"], q["answer"]) == ("q8", 8, "multiple", "多選", "BCD")
    assert q["options"][0] == {"label": "A", "text": q["options"][0]["text"]}
    q5 = data["chapters"][0]["questions"][4]
    assert (q5["type"], q5["type_label"]) == ("short", "簡答")
    flags = [f for c in data["chapters"] for q in c["questions"] for f in q["flags"]]
    assert all(f.keys() == {"code", "severity", "message"} for f in flags)


def test_export_ids_are_stable_across_runs():
    first, second = run("export", BUNDLED), run("export", BUNDLED)
    assert first.stdout == second.stdout


def test_export_text_dump():
    result = run("export", BUNDLED, "--format", "text", "--no-errata")
    assert result.returncode == 0
    assert "chapter 5: 安全與倫理" in result.stdout and "q26 #26 multiple" in result.stdout


@pytest.mark.parametrize("content, found", [
    (b"", "empty file"),
    (b"\x00\x01binary\x02", "binary"),
    ("只有一段文字，沒有題目。".encode(), "no question"),
])
def test_unreadable_banks_exit_2_with_a_message(tmp_path, content, found):
    bank = tmp_path / "bad.txt"
    bank.write_bytes(content)
    for command in ("export", "check"):
        result = run(command, bank)
        assert result.returncode == 2
        assert str(bank) in result.stderr and found in result.stderr
        assert "Traceback" not in result.stderr


def test_a_missing_file_exits_2(tmp_path):
    result = run("check", tmp_path / "nope.txt")
    assert result.returncode == 2 and "nope.txt" in result.stderr and "Traceback" not in result.stderr


def test_check_exit_status_follows_the_flags(tmp_path):
    good = tmp_path / "good.txt"
    good.write_text("一、甲\n1.（單選）題\nA.甲\nB.乙\n答案：A\n解析：甲。\n", encoding="utf-8")
    assert run("check", good).returncode == 0
    cut = tmp_path / "cut.txt"
    cut.write_text("一、甲\n1.（單選）題\nA.甲\nB.乙\n答案：A\n2.（多選）下列屬于紅隊評估的有A.梯度", encoding="utf-8")
    result = run("check", cut)
    assert result.returncode == 1, result.stdout
    assert "q2" in result.stdout and "truncated" in result.stdout


def test_check_suggests_terms_missing_from_the_glossary(tmp_path):
    bank = tmp_path / "terms.txt"
    bank.write_text("一、甲\n1.（單選）Zorblax與Zorblax和LoRA\nA.甲\nB.乙\n答案：A\n解析：Zorblax。\n",
                    encoding="utf-8")
    result = run("check", bank)
    assert result.returncode == 0
    suggestions = next(line for line in result.stdout.splitlines() if line.startswith("terms missing"))
    assert "Zorblax ×3" in suggestions and "LoRA" not in suggestions


def test_an_interrupt_that_surfaces_as_another_error_still_exits_130(monkeypatch, capsys, tmp_path):
    """Ctrl-C inside a library's import can come out as an ImportError: still "interrupted", 130."""
    from generator import cli

    def interrupted_import(args, project):
        with pytest.raises(KeyboardInterrupt):
            cli.on_interrupt(2, None)  # Ctrl-C arrives ...
        raise ImportError("initialization failed")  # ... and a C extension's import reports it so

    monkeypatch.setattr(cli, "_site", interrupted_import)
    monkeypatch.setattr(cli._Interrupt, "received", False)
    assert cli.main(["site", str(tmp_path / "bank.txt"), "-o", str(tmp_path / "out")]) == 130
    assert "interrupted" in capsys.readouterr().err


def test_an_interrupt_after_the_new_build_is_in_place_says_so(monkeypatch, capsys, tmp_path):
    """Ctrl-C while the previous build is removed: the new one stands, and the message says that."""
    from generator import cli
    from generator.site import output_folder

    out = tmp_path / "out"

    def committed_then_interrupted(args, project):
        with output_folder.staged(out, output_folder.Protected(tmp_path / "project")) as folder:
            (folder / "index.html").write_text("new", encoding="utf-8")
        raise KeyboardInterrupt

    def interrupted(args, project):
        raise KeyboardInterrupt

    monkeypatch.setattr(output_folder, "REPLACED", [])
    monkeypatch.setattr(cli, "_site", committed_then_interrupted)
    assert cli.main(["site", str(tmp_path / "bank.txt"), "-o", str(out)]) == 130
    assert f"interrupted: {out} holds the new build" in capsys.readouterr().err
    assert (out / "index.html").read_text(encoding="utf-8") == "new"
    monkeypatch.setattr(output_folder, "REPLACED", [])
    monkeypatch.setattr(cli, "_site", interrupted)
    assert cli.main(["site", str(tmp_path / "bank.txt"), "-o", str(out)]) == 130
    assert "interrupted: any output folder is left as it was" in capsys.readouterr().err


def test_an_error_without_an_interrupt_is_not_taken_for_one(monkeypatch, tmp_path):
    from generator import cli

    def broken(args, project):
        raise ImportError("a real bug")

    monkeypatch.setattr(cli, "_site", broken)
    monkeypatch.setattr(cli._Interrupt, "received", False)
    with pytest.raises(ImportError, match="a real bug"):
        cli.main(["site", str(tmp_path / "bank.txt"), "-o", str(tmp_path / "out")])


def test_check_prints_the_layout_it_recognised_and_what_it_could_not_place(tmp_path):
    bank = tmp_path / "keyed.txt"
    bank.write_text("一、单选题（共2题，每题2分）\n(1) 甲\nA) 甲\nB) 乙\n(2) 乙\nA) 甲\nB) 乙\n参考答案\n1.A 2.B 9.C\n",
                    encoding="utf-8")
    result = run("check", bank)
    layout = next(line for line in result.stdout.splitlines() if line.startswith("layout:"))
    assert "numbering enclosed" in layout and "longest run 2" in layout
    assert "options close-paren" in layout and "answer keys 1 (2 of 3 entries matched)" in layout
    assert f"{bank}:9:9: info: [unplaced]" in result.stdout and "'9. C'" in result.stdout


def test_no_question_says_what_was_looked_for_and_shows_the_first_lines(tmp_path):
    bank = tmp_path / "prose.txt"
    bank.write_text("這是一篇文章。\n第二行\n第三行\n第四行\n", encoding="utf-8")
    result = run("check", bank)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "'Question 1 / Q1'" in result.stderr and "1: 這是一篇文章。" in result.stderr
    assert "3: 第三行" in result.stderr and "第四行" not in result.stderr


def test_pdf_without_playwright_exits_2_saying_to_install_the_pdf_extra(monkeypatch, capsys, tmp_path):
    from generator import cli

    for module in ("playwright", "playwright.sync_api"):  # as if the pdf extra were not installed
        monkeypatch.setitem(sys.modules, module, None)
    assert cli.main(["pdf", "--site", str(tmp_path), "--out", str(tmp_path / "pdf")]) == 2
    error = capsys.readouterr().err
    assert "pip install 'study-guide-generator[pdf]'" in error and "Traceback" not in error
    assert not (tmp_path / "pdf").exists()  # said before anything was built or written


# Every module of the generator, imported with Playwright unimportable: the base install has no Playwright.
IMPORT_ALL = """
import importlib, pkgutil, sys
sys.modules["playwright"] = None
import generator
for module in pkgutil.walk_packages(generator.__path__, "generator."):
    if module.name != "generator.__main__":
        importlib.import_module(module.name)
"""


def test_no_module_imports_playwright_when_imported():
    result = subprocess.run([sys.executable, "-c", IMPORT_ALL], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# The libraries a JSON export of a text bank without errata has no use for: Word documents and
# workbooks (python-docx, lxml, openpyxl), formula checks (pylatexenc), the site (MkDocs).
EXPORT_IMPORTS = """
import sys
from generator.cli import main
code = main(sys.argv[1:])
print(sorted(m for m in ("docx", "lxml", "openpyxl", "pylatexenc", "mkdocs", "markdown") if m in sys.modules))
raise SystemExit(code)
"""


def test_a_json_export_of_a_text_bank_imports_no_library_it_does_not_use(tmp_path):
    bank = tmp_path / "bank.txt"
    bank.write_text("1. 哪一项是监督学习？\nA. 聚类\nB. 分类\n答案：B\n", encoding="utf-8")
    command = [sys.executable, "-c", EXPORT_IMPORTS, "export", str(bank), "--format", "json", "--no-errata"]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8")
    assert result.returncode == 0, result.stderr
    assert '"stem": "哪一项是监督学习？"' in result.stdout
    assert result.stdout.rstrip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("format", ["json", "anki"])  # a model dump, and a file for another tool
def test_an_export_to_a_dash_goes_to_standard_output_and_no_file_is_written(tmp_path, format):
    bank = tmp_path / "bank.txt"
    bank.write_text("1.（單選）甲還是乙A.甲B.乙答案：B\n", encoding="utf-8")
    printed = subprocess.run([sys.executable, "-m", "generator", "export", bank, "--format", format, "-o", "-"],
                             cwd=tmp_path, capture_output=True)
    assert printed.returncode == 0, printed.stderr
    written = tmp_path / f"written.{format}"
    assert run("export", bank, "--format", format, "-o", written, cwd=tmp_path).returncode == 0
    if format == "json":
        assert json.loads(printed.stdout)["chapters"][0]["questions"][0]["answer"] == "B"
    assert printed.stdout == written.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bank.txt", written.name]


def test_a_deck_or_workbook_is_not_printed_to_a_terminal(monkeypatch, capsys, tmp_path):
    from generator import cli

    bank = tmp_path / "bank.txt"
    bank.write_text("1.（單選）甲還是乙A.甲B.乙答案：B\n", encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.main(["export", str(bank), "--format", "anki", "-o", "-"]) == 2
    said = capsys.readouterr().err
    assert "-o -" in said and "terminal" in said and "-o FILE" in said
