"""Output folders, exit codes and odd input files, as a careless or hostile user meets them.

The documented behaviour (issue 18):

* ``-o`` (``site``, ``markdown``, ``pdf --out``, ``mkdocs build``'s site_dir) refuses, exit 2,
  ``/``, the home folder, the current folder, the project's own folders, a folder holding a
  bank or errata, and a non-empty folder no build wrote unless ``--force``;
* a build is written beside its target and swapped in whole: an interrupted or failed
  build leaves the last good site as it was; a lock keeps two builds from one folder; a
  symlink in the output folder never makes the build write outside it;
* exit codes: 0 done, 1 ``check`` found errors, 2 unusable input, usage or output; no traceback;
* folders, FIFOs and devices are refused at once; banks over 200 MB unless ``--max-size``;
* offline builds (no site_url) have no 404.html, whose links would start at ``/``.
"""
from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from generator.base.errors import GuideError
from generator.site import output_folder
from generator.site.output_folder import MARKER, OutputError, Protected, Staging, refusal, staged
from tests.built_sites import built_once
from tests.paths import BUNDLED, ROOT

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(ROOT)}
BANK = "一、單項選擇題\n1.（單選）數據\nA.甲\nB.乙\n答案：A\n解析：甲。\n"
PROJECT = Protected(ROOT)


def run(*args, cwd: Path = ROOT, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *map(str, args)], cwd=cwd, env=ENV,
                          capture_output=True, text=True, encoding="utf-8", timeout=timeout)


def refusal_reason(target: Path, protected: Protected, force: bool = False) -> str:
    """Why ``target`` is refused as an output folder (failing the test when it is not)."""
    reason = refusal(target, protected, force)
    assert reason is not None, f"{target} was not refused"
    return reason


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def refused(result: subprocess.CompletedProcess, *words: str) -> bool:
    return (result.returncode == 2 and "Traceback" not in result.stderr
            and all(word in result.stderr for word in words))


@pytest.fixture
def bank(tmp_path) -> Path:
    path = tmp_path / "in" / "my-bank.txt"
    path.parent.mkdir()
    path.write_text(BANK, encoding="utf-8")
    return path


def _build(folder: Path) -> None:
    (folder / "bank.txt").write_text(BANK, encoding="utf-8")
    result = run("site", folder / "bank.txt", "-o", folder / "site", cwd=folder)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """A site built once by ``generator site``, to copy as "the last good site"."""
    return built_once(tmp_path_factory, "last-good-site", _build) / "site"


def copy_of(site: Path, to: Path) -> Path:
    subprocess.run(["cp", "-a", str(site), str(to)], check=True)
    return to


# -- which folders a build may replace ----------------------------------------------------

@pytest.mark.parametrize("target, reason", [
    (Path("/"), "the root folder"),
    (Path.home(), "home folder"),
    (ROOT, "the project folder"),
    (ROOT.parent, "a folder holding"),
    (ROOT / "generator", "project's own folder"),
    (ROOT / "site_config", "project's own folder"),
    (ROOT / "overrides", "project's own folder"),
    (ROOT / "tests", "project's own folder"),
    (ROOT / "content" / "banks" / "ai-trainer", "project's own folder"),
])
def test_system_home_and_project_folders_are_never_outputs(target, reason):
    assert reason in refusal_reason(target, PROJECT, force=True)


def test_the_current_folder_is_never_an_output(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert "the current folder" in refusal_reason(Path("."), PROJECT, force=True)
    assert "holding the current folder" in refusal_reason(tmp_path.parent, PROJECT, force=True)


def test_a_folder_holding_a_bank_or_errata_is_never_an_output(tmp_path, bank):
    assert "holding the input" in refusal_reason(bank.parent, Protected(ROOT, (bank,)), force=True)
    assert "holding the input" in refusal_reason(tmp_path, Protected(ROOT, (bank,)), force=True)
    other = tmp_path / "old-site" / "deep"
    other.mkdir(parents=True)
    (other / "x.errata.yml").write_text("{}\n", encoding="utf-8")
    (tmp_path / "old-site" / MARKER).write_text("", encoding="utf-8")
    assert "x.errata.yml, a bank or errata file" in refusal_reason(tmp_path / "old-site", PROJECT, force=True)


def test_a_symlink_cannot_disguise_a_protected_folder(tmp_path):
    (tmp_path / "link").symlink_to(ROOT / "generator")
    assert "project's own folder" in refusal_reason(tmp_path / "link", PROJECT, force=True)


@pytest.mark.slow
def test_only_new_empty_or_earlier_builds_are_replaced_without_force(tmp_path, built):
    assert refusal(tmp_path / "new", PROJECT) is None
    (tmp_path / "empty").mkdir()
    assert refusal(tmp_path / "empty", PROJECT) is None
    assert refusal(built, PROJECT) is None
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "thesis.tex").write_text("years of work", encoding="utf-8")
    assert "no build of this generator wrote, holding thesis.tex" in refusal_reason(tmp_path / "mine", PROJECT)
    assert refusal(tmp_path / "mine", PROJECT, force=True) is None
    (tmp_path / "file").write_text("x", encoding="utf-8")
    assert "a file" in refusal_reason(tmp_path / "file", PROJECT, force=True)


@pytest.mark.slow
def test_site_refuses_a_foreign_folder_and_replaces_it_with_force(tmp_path, bank):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "thesis.tex").write_text("years of work", encoding="utf-8")
    result = run("site", bank, "-o", out, cwd=tmp_path)
    assert refused(result, str(out), "thesis.tex", "--force")
    assert (out / "thesis.tex").read_text(encoding="utf-8") == "years of work"
    result = run("site", bank, "-o", out, "--force", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (out / "index.html").is_file() and (out / MARKER).is_file() and not (out / "thesis.tex").exists()
    assert oct(out.stat().st_mode & 0o777) == oct(0o777 & ~_umask())  # not mkdtemp's 0700
    assert [p.name for p in tmp_path.iterdir() if ".building-" in p.name] == []


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_site_into_the_banks_own_folder_deletes_nothing(tmp_path):
    folder = tmp_path / "guide"
    folder.mkdir()
    (folder / "bank.txt").write_text(BANK, encoding="utf-8")
    (folder / "errata.yml").write_text("{}\n", encoding="utf-8")
    before = files_of(folder)
    for extra in ((), ("--force",)):
        result = run("site", folder / "bank.txt", "-o", folder, *extra, cwd=tmp_path)
        assert refused(result, "holding the input", "bank.txt")
    assert files_of(folder) == before


@pytest.mark.parametrize("out", [".", "site_config", "generator", "content/banks/ai-trainer"])
def test_project_folders_and_the_current_folder_exit_2(out, bank):
    result = run("site", bank, "-o", out, "--force")
    assert refused(result, "expected an output folder the build may replace")


def test_markdown_and_pdf_refuse_a_foreign_folder(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    assert refused(run("markdown", BUNDLED, "-o", out, cwd=tmp_path), "notes.txt")
    assert refused(run("pdf", "--out", out, "--site", tmp_path, cwd=tmp_path), "notes.txt")
    assert (out / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_markdown_writes_its_pages_into_a_marked_folder(tmp_path):
    result = run("markdown", BUNDLED, "-o", tmp_path / "md", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "md" / MARKER).is_file() and list((tmp_path / "md").rglob("chapter-1.md"))
    assert run("markdown", BUNDLED, "-o", tmp_path / "md", cwd=tmp_path).returncode == 0  # its own earlier output


def test_mkdocs_build_refuses_a_foreign_site_dir(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(out)], cwd=ROOT, env=ENV,
                            capture_output=True, text=True)
    assert result.returncode != 0 and "no build of this generator wrote, holding notes.txt" in result.stderr
    assert files_of(out) == {"notes.txt": b"mine"}


# -- a build is swapped in whole -----------------------------------------------------------

@pytest.mark.slow
def test_mkdocs_serve_still_builds_in_its_own_folder():
    """``mkdocs serve`` builds into a temporary folder of its own: no staging, no lock, no refusal."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    locks_before = sorted(ROOT.glob(".*.lock"))
    # Ctrl-C as a terminal gives it, whatever this process was started with (a command run in
    # the background by a shell without job control ignores it, and so would MkDocs).
    server = subprocess.Popen([sys.executable, "-m", "mkdocs", "serve", "-a", f"127.0.0.1:{port}"], cwd=ROOT, env=ENV,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        page, deadline = None, time.monotonic() + 120
        while page is None and server.poll() is None and time.monotonic() < deadline:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=5).read()
            except OSError:
                time.sleep(0.5)
        assert page is not None and b"<title>" in page
        assert sorted(ROOT.glob(".*.lock")) == locks_before
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=60)
        finally:
            server.kill()  # a server that did not stop is not left behind


@pytest.mark.slow
def test_a_failing_or_interrupted_block_leaves_the_target_as_it_was(tmp_path, built):
    site = copy_of(built, tmp_path / "site")
    before = files_of(site)
    for error in (RuntimeError("boom"), KeyboardInterrupt()):
        with pytest.raises(type(error)), staged(site, PROJECT) as folder:
            (folder / "index.html").write_text("half", encoding="utf-8")
            raise error
        assert files_of(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.lock", "site"]


def test_ctrl_c_as_the_previous_build_is_removed_comes_once_it_is_gone(tmp_path, built, monkeypatch):
    """The new site is in place: a Ctrl-C then waits for the old one's removal, so that no
    leftover stays beside it, and the command line says the new site stands (test_cli)."""
    site = copy_of(built, tmp_path / "site")
    real_rmtree = shutil.rmtree

    def interrupted_rmtree(path, *args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the old site is being removed
        real_rmtree(path, *args, **kwargs)

    monkeypatch.setattr(output_folder, "REPLACED", [])
    with pytest.raises(KeyboardInterrupt), staged(site, PROJECT) as folder:
        (folder / "index.html").write_text("new", encoding="utf-8")
        monkeypatch.setattr(shutil, "rmtree", interrupted_rmtree)
    assert (site / "index.html").read_text(encoding="utf-8") == "new"
    assert [site] == output_folder.REPLACED
    assert sorted(p.name for p in tmp_path.iterdir()) == [".site.lock", "site"]  # nothing left beside


@pytest.mark.slow
def test_a_full_disk_is_a_message_naming_the_output_and_the_old_site_stays(tmp_path, built):
    site = copy_of(built, tmp_path / "site")
    before = files_of(site)
    with pytest.raises(OutputError) as error, staged(site, PROJECT) as folder:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder / "assets" / "x.css"))
    assert str(site) in str(error.value) and "No space left on device" in str(error.value)
    assert "left as it was" in str(error.value)
    assert files_of(site) == before


@pytest.mark.slow
def test_a_strict_warning_leaves_the_last_good_site(tmp_path, built):
    bank = tmp_path / "b" / "bank.txt"
    bank.parent.mkdir()
    bank.write_text("一、計算\n1.（單選）設學習率為a，則？\nA. 1\nB. 2\n答案：A\n解析：見公式。\n", encoding="utf-8")
    (bank.parent / "errata.yml").write_text("q1:\n  explanation:\n    - whole: 見公式。\n      with: '$x % c$'\n",
                                            encoding="utf-8")
    site = copy_of(built, tmp_path / "site")
    before = files_of(site)
    result = run("site", bank, "-o", site, cwd=tmp_path)
    assert refused(result, "strict mode")
    assert files_of(site) == before
    assert [p.name for p in tmp_path.iterdir() if ".building-" in p.name] == []


@pytest.mark.slow
def test_mkdocs_build_publishes_nothing_when_strict_mode_fails_after_post_build(tmp_path, built):
    """The strict check comes after every plugin's on_post_build: the swap waits for it."""
    site = copy_of(built, tmp_path / "site")
    before = files_of(site)
    code = ("import logging, sys; from generator.site.plugin import StudyGuidePlugin as P; "
            "done = P.on_post_build; P.on_post_build = lambda self, config: "
            "(done(self, config), logging.getLogger('mkdocs.plugins.test').warning('a late warning'))[0]; "
            "from mkdocs.__main__ import cli; "
            f"sys.argv = ['mkdocs', 'build', '--strict', '-d', {str(site)!r}]; cli()")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=ENV, capture_output=True, text=True)
    assert result.returncode != 0 and "a late warning" in result.stderr
    assert files_of(site) == before
    assert [p.name for p in tmp_path.iterdir() if ".building-" in p.name] == []


@pytest.mark.slow
def test_mkdocs_build_swaps_in_a_complete_site(tmp_path, built):
    site = copy_of(built, tmp_path / "site")
    (site / "stale.html").write_text("from an older build", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(site)], cwd=ROOT,
                            env=ENV, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert (site / "ai-trainer" / "chapter-1.html").is_file() and (site / MARKER).is_file()
    assert not (site / "stale.html").exists() and not (site / "404.html").exists()
    assert [p.name for p in tmp_path.iterdir() if ".building-" in p.name] == []


@pytest.mark.slow
@pytest.mark.parametrize("group", [False, True], ids=["process", "process-group"])
def test_ctrl_c_at_any_moment_leaves_a_whole_site(tmp_path, built, bank, group):
    """Ctrl-C during rebuilds: each time the folder is the old site or the new one, never a part.
    A terminal's Ctrl-C reaches the whole process group: the process making pages beside
    MkDocs too, which must neither print a traceback nor keep the build from stopping."""
    site = copy_of(built, tmp_path / "site")
    old = set(files_of(site))
    outcomes = set()
    for delay in (0, 0.5, 1.5):
        process = subprocess.Popen([sys.executable, "-m", "generator", "site", str(bank), "-o", str(site)],
                                   cwd=tmp_path, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                   start_new_session=group)
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".site.building-*")) and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)  # until the build writes (before, Ctrl-C stops Python's own start-up)
        time.sleep(delay)
        if group:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=120)
        assert "Traceback" not in stderr
        # 130, or killed by SIGINT (-2) when CPython saw the interrupt pass through a library's code
        assert process.returncode in (0, 130, -signal.SIGINT), stderr
        names = set(files_of(site))
        whole = names == old or ({"index.html", MARKER, "my-bank/chapter-1.html"} <= names)
        assert whole, sorted(names)
        outcomes.add(process.returncode)
        if process.returncode == 130:  # stopped by the generator: it says which site stands
            assert "interrupted" in stderr
            assert names == old if "left as it was" in stderr else "holds the new build" in stderr
        # (-2: the interrupt came as Python itself stopped, the build done or not: the site is whole)
    assert [p.name for p in tmp_path.iterdir() if ".building-" in p.name] == []
    assert outcomes - {0}  # at least one interruption landed mid-build


@pytest.mark.slow
def test_a_second_build_into_the_same_folder_is_refused_while_the_first_runs(tmp_path, bank):
    site = tmp_path / "site"
    stage = Staging.begin(site, PROJECT)
    try:
        with pytest.raises(OutputError, match="another build"):
            Staging.begin(site, PROJECT)
        result = run("site", bank, "-o", site, cwd=tmp_path)
        assert refused(result, "another build", ".site.lock")
    finally:
        stage.abandon()
    assert run("site", bank, "-o", site, cwd=tmp_path).returncode == 0


@pytest.mark.slow
def test_a_symlink_in_the_output_folder_never_leads_the_build_outside(tmp_path, built, bank):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "precious.txt").write_text("keep", encoding="utf-8")
    site = copy_of(built, tmp_path / "site")
    for name in ("assets", "my-bank", "search"):
        subprocess.run(["rm", "-rf", str(site / name)], check=True)
        (site / name).symlink_to(outside, target_is_directory=True)
    (site / "index.html").unlink()
    (site / "index.html").symlink_to(outside / "precious.txt")
    result = run("site", bank, "-o", site, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert files_of(outside) == {"precious.txt": b"keep"}
    assert not any(p.is_symlink() for p in site.rglob("*"))
    assert (site / "my-bank" / "chapter-1.html").is_file()


def test_keep_copies_earlier_files_but_never_symlinks(tmp_path):
    out = tmp_path / "pdf"
    with staged(out, PROJECT) as folder:
        (folder / "a.pdf").write_bytes(b"%PDF a")
    (out / "link").symlink_to(tmp_path)
    with staged(out, PROJECT, keep=True) as folder:
        assert (folder / "a.pdf").read_bytes() == b"%PDF a" and not (folder / "link").exists()
        (folder / "b.pdf").write_bytes(b"%PDF b")
    assert sorted(p.name for p in out.iterdir()) == [MARKER, "a.pdf", "b.pdf"]


# -- exit codes and messages --------------------------------------------------------------

def test_usage_errors_exit_2_without_traceback(bank):
    for args in (("nonsense",), ("check",), ("check", bank, "--max-size", "lots"), ("site", bank, "--script", "x")):
        result = run(*args)
        assert result.returncode == 2 and "usage:" in result.stderr and "Traceback" not in result.stderr


def test_a_yaml_problem_is_said_once(tmp_path, bank):
    errata = tmp_path / "bad.yml"
    errata.write_text("q1:\n\tstem: x\n", encoding="utf-8")
    result = run("check", bank, "--errata", errata)
    assert refused(result, str(errata), "found character")
    assert "found found" not in result.stderr


def test_guide_errors_never_say_found_twice():
    assert "found found" not in str(GuideError("x.yml", "valid YAML", "found character '\\t' that cannot start"))


# -- input files that are no bank -----------------------------------------------------------

def test_folders_fifos_and_devices_are_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path, kind in ((tmp_path, "a folder"), (fifo, "a named pipe"), (Path("/dev/zero"), "a device")):
        result = run("check", path, timeout=60)  # a read of the FIFO or /dev/zero would never end
        assert refused(result, str(path), kind), result.stderr


def test_banks_over_the_size_limit_are_refused_unless_max_size_allows(tmp_path):
    big = tmp_path / "big.txt"
    with big.open("wb") as file:  # sparse: 201 MB on paper, nothing on disk
        file.truncate(201 * 2**20)
    result = run("check", big)  # refused by its size, before a byte is read
    assert refused(result, "at most 200 MB", "201 MB", "--max-size 201")
    small = tmp_path / "small.txt"
    small.write_text(BANK + "\n" * (2 * 2**20), encoding="utf-8")
    assert refused(run("check", small, "--max-size", "1"), "at most 1.0 MB", "--max-size 3")
    assert run("check", small, "--max-size", "3").returncode == 0


# -- the 404 page ----------------------------------------------------------------------------

@pytest.mark.slow
def test_an_offline_build_has_no_404_page_and_no_link_from_the_server_root(built):
    assert not (built / "404.html").exists()
    rooted = [p.name for p in built.rglob("*.html") if 'href="/' in p.read_text(encoding="utf-8")
              or 'src="/' in p.read_text(encoding="utf-8")]
    assert rooted == []


# -- legacy encodings through the command line ----------------------------------------------

def test_a_big5_bank_is_checked_and_built_in_its_own_characters(tmp_path):
    bank = tmp_path / "big5.txt"
    bank.write_bytes(BANK.encode("big5"))
    result = run("check", bank)
    assert result.returncode == 0 and "(big5," in result.stdout, result.stderr
    exported = run("export", bank, "--format", "json")
    assert "單項選擇題" in exported.stdout and "數據" in exported.stdout


def test_a_shift_jis_bank_exits_2_naming_its_encoding(tmp_path):
    bank = tmp_path / "sjis.txt"
    bank.write_bytes("一、単項選択問題\n1.（単選）機械学習について正しいものはどれか\nA.教師あり学習\n答案：A\n".encode("shift_jis"))
    assert refused(run("check", bank), str(bank), "Shift-JIS", "iconv -f SHIFT_JIS -t UTF-8")


def test_an_output_in_folders_not_made_yet_is_made_as_mkdocs_made_it(tmp_path):
    with staged(tmp_path / "a" / "b" / "site", PROJECT) as folder:
        (folder / "index.html").write_text("new", encoding="utf-8")
    assert (tmp_path / "a" / "b" / "site" / "index.html").read_text(encoding="utf-8") == "new"


def test_an_output_that_cannot_be_written_is_a_message(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(OutputError, match="room and permission to write"):
        Staging.begin(tmp_path / "file" / "site", PROJECT)
