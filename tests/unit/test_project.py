"""The guide project a command works on: found from a folder upwards, or the bundled one."""
import subprocess
import sys

from generator.base.project import bundled_project, find_project
from tests.paths import BUNDLED, ROOT


def test_a_project_is_found_from_any_folder_inside_it():
    project = find_project(ROOT / "content" / "banks")
    assert project.root == ROOT and project.settings_file == ROOT / "site_config" / "guide.yml"
    assert not project.bundled


def test_outside_a_project_the_bundled_guide_carries_the_theme_and_pages(tmp_path):
    project = find_project(tmp_path)
    assert project == bundled_project() and project.bundled
    for part in ("mkdocs.yml", "overrides/main.html", "content/pages", "package-lock.json", "site_config/icon.png"):
        assert (project.root / part).exists(), part
    assert not (project.root / "site_config" / "guide.yml").exists()  # not the bundled bank's own settings


def run(*args, cwd):
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, encoding="utf-8", env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def test_outside_a_project_a_build_needs_its_banks(tmp_path):
    result = run("markdown", "-o", tmp_path / "out", cwd=tmp_path)
    assert result.returncode == 2 and "the bank files to build" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_bank_is_checked_with_the_glossary_of_the_project_holding_it(tmp_path):
    """From any folder, the bundled bank is compared with its guide's glossary; a bank in
    no project, run from no project, has no glossary to be compared with."""
    inside = run("check", BUNDLED, cwd=tmp_path)
    assert "terms missing from the glossary:" in inside.stdout, inside.stderr
    mine = tmp_path / "mine.txt"
    mine.write_text("1.（單選）Zorblax與Zorblax\nA.甲\nB.乙\n答案：A\n解析：Zorblax。\n", encoding="utf-8")
    outside = run("check", mine, cwd=tmp_path)
    assert outside.returncode == 0, outside.stderr
    assert "terms missing from the glossary" not in outside.stdout
