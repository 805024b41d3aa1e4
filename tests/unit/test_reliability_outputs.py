"""Output folders and export files, as the second red team attacked them (issue 30).

* ``--force`` replaces a folder of plain files only: never one holding ``.git``, a
  ``mkdocs.yml`` or a ``pyproject.toml`` (a checkout or a project), a bank in use, the
  current folder or a parent of it, and never a folder behind a symlink;
* an export never writes over the bank or errata it reads (by path or by inode), nor over a
  file that exists unless ``--force``; it is written beside its target and renamed into place.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from generator.cli import main
from generator.site.output_folder import Protected, refusal
from tests.paths import ROOT

BANK = "一、單項選擇題\n1.（單選）數據\nA.甲\nB.乙\n答案：A\n解析：甲。\n"
PROJECT = Protected(ROOT)


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str]:
    """``study-guide ARGS`` in this process: its exit status and what it printed on stderr."""
    status = main([str(a) for a in args])
    return status, capsys.readouterr().err


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def bank(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "quiz.txt"
    path.parent.mkdir()
    path.write_text(BANK, encoding="utf-8")
    return path


# -- 1. --force never replaces a checkout, a project or what a symlink leads to -------------

@pytest.mark.parametrize("name, reason", [
    (".git", "a git checkout"), ("mkdocs.yml", "a project"), ("pyproject.toml", "a project")])
@pytest.mark.parametrize("depth", ["", "sub/"])
def test_force_never_replaces_a_checkout_or_a_project(tmp_path, name, reason, depth):
    project = tmp_path / "myproject"
    (project / depth).mkdir(parents=True, exist_ok=True)
    if name == ".git":
        (project / depth / ".git").mkdir()
        (project / depth / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    else:
        (project / depth / name).write_text("x: 1\n", encoding="utf-8")
    found = refusal(project, PROJECT, force=True)
    assert found is not None and reason in found and name in found


def test_force_replaces_a_folder_of_plain_files(tmp_path):
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "notes.txt").write_text("x", encoding="utf-8")
    assert refusal(tmp_path / "old", PROJECT, force=True) is None


def test_force_never_follows_a_symlinked_output_out_of_its_place(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes.txt").write_text("mine", encoding="utf-8")
    (tmp_path / "out").symlink_to(elsewhere)
    found = refusal(tmp_path / "out", PROJECT, force=True)
    assert found is not None and "symlink" in found


def test_site_force_into_a_checkout_exits_2_and_deletes_nothing(tmp_path, bank, capsys, monkeypatch):
    project = tmp_path / "code" / "myproject"
    (project / ".git").mkdir(parents=True)
    (project / "main.py").write_text("print(1)\n", encoding="utf-8")
    before = files_of(project)
    monkeypatch.chdir(tmp_path)
    status, err = run(capsys, "site", bank, "-o", project, "--force")
    assert status == 2 and ".git" in err and "Traceback" not in err
    assert files_of(project) == before


# -- 2. an export never writes over its bank, nor over a file it was not told to replace ---

def test_export_named_like_its_bank_in_the_banks_folder_is_refused(tmp_path, capsys, monkeypatch):
    bank = tmp_path / "quiz.csv"
    bank.write_text("题号,题目,A,B,答案\n1,数据,甲,乙,A\n", encoding="utf-8")
    before = bank.read_bytes()
    monkeypatch.chdir(tmp_path)
    status, err = run(capsys, "export", "quiz.csv", "--format", "csv")
    assert status == 2 and "quiz.csv" in err and "the bank" in err
    assert bank.read_bytes() == before
    status, err = run(capsys, "export", "quiz.csv", "--format", "csv", "--force")
    assert status == 2 and bank.read_bytes() == before  # not even with --force


@pytest.mark.parametrize("format", ["text", "json", "csv", "xlsx", "anki"])
def test_export_out_to_the_bank_itself_is_refused(tmp_path, bank, capsys, format):
    before = bank.read_bytes()
    status, err = run(capsys, "export", bank, "--format", format, "-o", bank)
    assert status == 2 and "the bank" in err
    assert bank.read_bytes() == before


def test_export_out_to_a_hard_link_or_symlink_of_the_bank_is_refused(tmp_path, bank, capsys):
    os.link(bank, tmp_path / "hard.txt")
    (tmp_path / "soft.txt").symlink_to(bank)
    before = bank.read_bytes()
    for out in (tmp_path / "hard.txt", tmp_path / "soft.txt"):
        status, err = run(capsys, "export", bank, "--format", "text", "-o", out, "--force")
        assert status == 2 and "the bank" in err
    assert bank.read_bytes() == before


def test_export_over_the_errata_in_use_is_refused(tmp_path, bank, capsys):
    errata = bank.with_suffix(".errata.yml")
    errata.write_text("{}\n", encoding="utf-8")
    status, err = run(capsys, "export", bank, "--format", "json", "-o", errata, "--force")
    assert status == 2 and "errata" in err
    assert errata.read_text(encoding="utf-8") == "{}\n"


def test_export_over_an_existing_file_needs_force(tmp_path, bank, capsys):
    other = tmp_path / "notes.csv"
    other.write_text("mine", encoding="utf-8")
    status, err = run(capsys, "export", bank, "--format", "csv", "-o", other)
    assert status == 2 and "--force" in err and "notes.csv" in err
    assert other.read_text(encoding="utf-8") == "mine"
    status, err = run(capsys, "export", bank, "--format", "csv", "-o", other, "--force")
    assert status == 0, err
    assert other.read_bytes().startswith("\ufeff".encode())


def test_an_export_refused_for_its_output_reads_no_bank(tmp_path, bank, capsys, monkeypatch):
    """The refusal comes at once: a large bank is not read first only to be refused at the end."""
    import generator.cli as cli

    other = tmp_path / "notes.json"
    other.write_text("mine", encoding="utf-8")
    read = []
    monkeypatch.setattr(cli, "_load", lambda args: read.append(args.bank))
    status, err = run(capsys, "export", bank, "--format", "json", "-o", other)
    assert status == 2 and "--force" in err and "notes.json" in err
    assert read == []


def test_export_leaves_no_partial_file_when_writing_fails(tmp_path, bank, capsys, monkeypatch):
    import generator.base.files as files

    def broken(*args: object) -> None:
        raise KeyboardInterrupt  # Ctrl-C while the file is written

    monkeypatch.setattr(files, "_write_all", broken)
    status, _ = run(capsys, "export", bank, "--format", "xlsx", "-o", tmp_path / "out.xlsx")
    assert status == 130
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in"]


# -- 14. a name with glob characters removes only its own leftovers --------------------------

@pytest.mark.parametrize("name", ["*", "s?te", "[s]ite"])
def test_an_output_named_with_glob_characters_leaves_other_builds_alone(tmp_path, name):
    from generator.site.output_folder import staged

    others = [tmp_path / ".site.building-abc123", tmp_path / ".guide.building-x"]
    for other in others:
        other.mkdir()
        (other / "index.html").write_text("another build, running", encoding="utf-8")
    with staged(tmp_path / name, PROJECT) as folder:
        (folder / "index.html").write_text("new", encoding="utf-8")
    assert all((other / "index.html").is_file() for other in others)
    assert (tmp_path / name / "index.html").read_text(encoding="utf-8") == "new"


# -- 8. two banks of one name ---------------------------------------------------------------

CSV = "题干,选项A,选项B,答案\n数据,甲,乙,A\n"


@pytest.mark.parametrize("files", [
    {"exam.txt": BANK, "exam.csv": CSV},
    {"x/exam/bank.txt": BANK, "y/exam/bank.txt": BANK},
    {"Exam.txt": BANK, "exam.md": BANK},
    {"exam.txt": BANK, "same": "exam.txt"},
])
def test_two_banks_of_one_name_are_refused_naming_both(tmp_path, capsys, monkeypatch, files):
    paths = []
    for name, text in files.items():
        if name == "same":
            paths.append(tmp_path / text)
            continue
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    monkeypatch.chdir(tmp_path)
    for command in (["markdown", *paths, "-o", tmp_path / "md"], ["site", *paths, "-o", tmp_path / "site"]):
        status, err = run(capsys, *command)
        assert status == 2 and "Traceback" not in err, err
        assert str(paths[0]) in err and str(paths[1]) in err and "rename" in err
        assert not (tmp_path / "md").exists() and not (tmp_path / "site").exists()


def test_export_never_replaces_the_errata_beside_the_bank_even_unread(tmp_path, bank, capsys):
    errata = bank.with_suffix(".errata.yml")
    errata.write_text("{}\n", encoding="utf-8")
    status, err = run(capsys, "export", bank, "--format", "text", "--no-errata", "-o", errata, "--force")
    assert status == 2 and "errata" in err
    assert errata.read_text(encoding="utf-8") == "{}\n"
