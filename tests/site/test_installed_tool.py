"""The generator as an installed tool: a fresh virtual environment, no checkout on its path,
a bank in a folder of its own."""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.base.npm import cached_root
from tests.paths import ROOT

BANK = """\
# 统计学基础练习

## 第一章 概率

1.（单选）抛一枚均匀硬币两次，两次都是正面的概率是多少？
A. 1/2
B. 1/4
C. 1/3
答案：B
解析：两次独立，概率相乘：1/2×1/2=1/4。

2.（判断）方差总是非负的。
答案：√
"""


def install(venv, cwd):
    """The install of this checkout (not editable) into ``venv``, at the locked versions.

    From a copy of its files: the build backend writes build/ into the source folder, and
    that has no place in the checkout.  uv builds the same wheel as ``pip install .`` with
    the project's build backend and installs the same declared dependencies, from its cache
    of the packages rather than unpacking each one again (a minute of pip's CPU a run)."""
    source = venv.with_name("source")
    outputs = {ROOT / name for name in (".git", ".venv", "node_modules", "site", "build", ".pytest_cache")}
    shutil.copytree(ROOT, source, symlinks=True,
                    ignore=lambda folder, names: [n for n in names
                                                  if Path(folder) / n in outputs or n == "__pycache__"])
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    result = subprocess.run([sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python",
                             str(venv / "bin" / "python"), "-c", str(ROOT / "requirements.lock"), str(source)],
                            cwd=cwd, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]


def npm_cache(cache: Path) -> None:
    """A cache folder where the tool finds its npm packages installed for this lock: the
    checkout's own, which ``make deps`` installed from the same lock.  (How the tool installs
    them into an empty cache is tests/unit/test_npm.py's; `npm ci` is many seconds of CPU.)"""
    cache.mkdir()
    (cache / cached_root(ROOT).name).symlink_to(ROOT, target_is_directory=True)


@pytest.mark.slow
def test_a_fresh_environment_installs_study_guide_and_builds_a_guide_in_any_folder(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "stats.md").write_text(BANK, encoding="utf-8")
    venv = tmp_path / "venv"
    install(venv, elsewhere)
    npm_cache(tmp_path / "cache")
    # Only the venv: no checkout on the path; an empty cache but for the npm packages.
    env = {"PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "HOME": os.environ.get("HOME", str(tmp_path)),
           "STUDY_GUIDE_CACHE": str(tmp_path / "cache"), "NO_MKDOCS_2_WARNING": "1"}
    where = subprocess.run(["python", "-c", "import generator; print(generator.__file__)"], cwd=elsewhere, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert str(venv) in where and str(ROOT) not in where

    result = subprocess.run(["study-guide", "site", "stats.md", "-o", "guide"], cwd=elsewhere, env=env,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    guide = elsewhere / "guide"
    home = (guide / "index.html").read_text(encoding="utf-8")
    assert "<title>统计学基础练习</title>" in home  # named after its bank, not after the bundled guide
    chapter = (guide / "stats" / "chapter-1.html").read_text(encoding="utf-8")
    assert "抛一枚均匀硬币两次" in chapter and 'id="q2"' in chapter
    assert (guide / "assets" / "katex" / "katex.min.css").is_file()  # the npm packages found from the cache
    index = json.loads((guide / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert any("方差" in doc["text"] for doc in index["docs"])
