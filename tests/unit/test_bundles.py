"""The guide's scripts bundled by esbuild (generator.site.bundles), one per page kind."""
from __future__ import annotations

import shutil

import pytest

from generator.base.errors import ConfigError, GuideError
from generator.site.bundles import bundle_scripts
from tests.paths import ROOT

SOURCES = ROOT / "overrides" / "src"


def test_each_page_kind_gets_one_script_holding_what_it_imports():
    bundles = bundle_scripts(SOURCES, ROOT)
    assert set(bundles.scripts) == {f"assets/javascripts/{name}.js"
                                    for name in ("search", "reader", "practice", "runs", "stats", "search-worker")}
    assert bundles.warnings == ""
    scripts = {path.rsplit("/", 1)[1]: text for path, text in bundles.scripts.items()}
    assert not any("import " in text.split("\n", 1)[0] for text in scripts.values())  # scripts, not modules
    fsrs = "ts-fsrs (MIT"  # the library's notice, kept where esbuild bundled it
    assert fsrs in scripts["practice.js"] and fsrs in scripts["runs.js"] and fsrs not in scripts["reader.js"]


def test_a_source_esbuild_cannot_bundle_fails_the_build_with_its_message(tmp_path):
    sources = tmp_path / "src"
    shutil.copytree(SOURCES, sources)
    (sources / "bundles" / "reader.js").write_text('import { gone } from "../nowhere.js";\ngone();\n', encoding="utf-8")
    with pytest.raises(GuideError, match=r"nowhere\.js"):
        bundle_scripts(sources, ROOT)


def test_without_esbuild_the_error_says_to_install_it(tmp_path):
    with pytest.raises(ConfigError, match="npm ci"):
        bundle_scripts(SOURCES, tmp_path)
