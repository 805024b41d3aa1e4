"""``mkdocs serve`` after a bank edit: only what changed is made again (the chapter pages, what
MkDocs made of each page, each page's search entry, what the guide makes of its HTML, its
template output and the question scripts are kept from the build before), and the site is the
one a fresh ``mkdocs build`` of the edited bank makes without Lunr's index built by Node (which
serve leaves to the browser), file for file."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.bench_scale import serve_project
from testing.synthetic import question_lines, write_synthetic_bank
from tests.paths import ROOT

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}

# A serve session without the server: MkDocs' own build, as its serve command calls it, for the
# bank as it is and after each edit (old text -> new text), printing what each rebuild made again.
SESSION = """
import json, shutil, sys
from pathlib import Path
from mkdocs.commands.build import build
from mkdocs.config import load_config

config_file, site, bank, edits = sys.argv[1], sys.argv[2], Path(sys.argv[3]), json.loads(sys.argv[4])
for k, edit in enumerate([None, *edits]):
    if edit is not None:
        old, new = edit
        text = bank.read_text(encoding="utf-8")
        assert text.count(old) == 1, old
        bank.write_text(text.replace(old, new), encoding="utf-8")
    config = load_config(config_file, site_dir=site)
    if k == 0:
        config.plugins.on_startup(command="serve", dirty=False)
    build(config, serve_url="http://127.0.0.1:8000/")
    session = config.plugins["study-guide"].session
    print(json.dumps({"chapters": session.chapters.pages.misses, "converted": session.converted.pages.misses,
                      "searched": session.search.misses, "scripts": session.files.written,
                      "rendered": session.renders.misses, "finished": session.contexts.misses,
                      "jobs beside": session.live_jobs() is not None}))
session.wait_for_downloads()
shutil.copytree(site, site + "-copy")  # the files as served, through the session's links, which it removes
config.plugins.on_shutdown()
"""


def _files(site: Path) -> dict[str, bytes]:
    return {str(p.relative_to(site)): p.read_bytes() for p in site.rglob("*") if p.is_file()}


@pytest.mark.slow
def test_a_rebuild_makes_only_what_changed_and_the_site_of_a_fresh_build(tmp_path):
    bank = write_synthetic_bank(tmp_path / "bank" / "bank.txt", 60, per_chapter=20)
    text = bank.read_text(encoding="utf-8")
    lines = text.split("\n")
    second = lines[question_lines(text)[1]]  # chapter 2's questions
    stem = second[: second.index("下列") + 2]
    third_title = next(line for line in lines if line.startswith("第3章"))
    edits = [(stem, stem + "各項"), (third_title, third_title + "（修訂）")]
    config_file = serve_project(tmp_path / "project", bank)
    served = tmp_path / "served"
    session = subprocess.run([sys.executable, "-c", SESSION, str(config_file), str(served), str(bank),
                              json.dumps(edits)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)
    assert session.returncode == 0, session.stderr[-3000:]
    first, stem_edit, title_edit = [json.loads(line) for line in session.stdout.splitlines() if line.startswith("{")]
    assert first["chapters"] == 3 and first["scripts"] == 60  # a question script each
    assert all(build["jobs beside"] for build in (first, stem_edit, title_edit))  # the downloads: compared below
    assert stem_edit["chapters"] == 1 and title_edit["chapters"] == 1  # the chapter edited, no other
    for rebuild in (stem_edit, title_edit):
        # Made again: the edited chapter and pages that list chapters or every question (home,
        # index, glossary, report …); kept: at least the two chapters not edited.
        assert 1 <= rebuild["converted"] <= first["converted"] - 2
        assert 1 <= rebuild["searched"] <= first["searched"] - 2
        assert 1 <= rebuild["finished"] <= first["finished"] - 2  # formulas filled, questions cut out
        assert rebuild["scripts"] <= 40  # the 20 questions of a chapter not edited at least: linked as they were
    assert stem_edit["scripts"] >= 1  # the question edited (a chapter's title is not in its questions' scripts)
    # Templates: the pages whose content changed again; every page when the navigation changed.
    assert 1 <= stem_edit["rendered"] <= first["rendered"] - 2
    assert title_edit["rendered"] == first["rendered"]

    fresh = tmp_path / "fresh"
    built = serve_project(tmp_path / "built", bank, prebuilt_search=False)
    build = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(built),
                            "-d", str(fresh)], cwd=ROOT, env=ENV, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    want, got = _files(fresh), _files(served.with_name("served-copy"))
    want.pop(".study-guide-build", None)  # the mark of a folder `mkdocs build` wrote
    assert "search/search_lunr.js" not in got  # the browser builds Lunr's index
    assert sorted(got) == sorted(want)
    assert [name for name in sorted(want) if got[name] != want[name]] == []
