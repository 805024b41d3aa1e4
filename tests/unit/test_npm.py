"""An installed tool's npm packages: installed once per lock file into the cache, whole or not at
all (generator.base.npm), here with a stand-in for npm that says what it was asked."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.base.errors import ConfigError
from generator.base.npm import cached_root, npm_root

FAKE_NPM = """#!/bin/sh
echo "$@" >> "$NPM_CALLS"
if [ -n "$NPM_FAILS" ]; then echo "npm error network request failed" >&2; exit 1; fi
mkdir -p node_modules/katex && cp package-lock.json node_modules/.package-lock.json
"""


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A guide's project folder with its manifests and no node_modules; npm is the stand-in."""
    bin_folder, project = tmp_path / "bin", tmp_path / "project"
    bin_folder.mkdir()
    project.mkdir()
    (bin_folder / "npm").write_text(FAKE_NPM, encoding="utf-8")
    (bin_folder / "npm").chmod(0o755)
    (project / "package.json").write_text(json.dumps({"dependencies": {"katex": "0.19.1"}}), encoding="utf-8")
    (project / "package-lock.json").write_text(json.dumps({"lockfileVersion": 3}), encoding="utf-8")
    monkeypatch.setenv("PATH", str(bin_folder), prepend=":")
    monkeypatch.setenv("NPM_CALLS", str(tmp_path / "calls"))
    monkeypatch.setenv("STUDY_GUIDE_CACHE", str(tmp_path / "cache"))
    return project


def calls(project: Path) -> list[str]:
    log = project.with_name("calls")
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_the_packages_are_installed_once_into_the_cache_without_the_development_ones(project):
    root = npm_root(project)
    assert root == cached_root(project) and root.parent == project.with_name("cache")
    assert (root / "node_modules" / "katex").is_dir()
    assert [call.split()[:2] for call in calls(project)] == [["ci", "--omit=dev"]]
    assert npm_root(project) == root and len(calls(project)) == 1  # the next build finds them
    assert not (project / "node_modules").exists()  # the project's folder is left as it was


def test_another_lock_gets_a_folder_of_its_own(project):
    first = npm_root(project)
    (project / "package-lock.json").write_text(json.dumps({"lockfileVersion": 3, "packages": {}}), encoding="utf-8")
    assert npm_root(project) != first and len(calls(project)) == 2


def test_a_checkout_where_npm_ci_ran_uses_its_own_node_modules(project):
    (project / "node_modules").mkdir()
    (project / "node_modules" / ".package-lock.json").write_text("{}", encoding="utf-8")
    assert npm_root(project) == project and calls(project) == []


def test_a_failed_install_says_what_npm_said_and_leaves_no_half_filled_cache(project, monkeypatch):
    monkeypatch.setenv("NPM_FAILS", "1")
    with pytest.raises(ConfigError) as error:
        npm_root(project)
    message = str(error.value)
    assert "package-lock.json" in message and "network request failed" in message
    cache = project.with_name("cache")
    assert list(cache.iterdir()) == []  # neither the folder nor its partial install
    monkeypatch.delenv("NPM_FAILS")
    assert (npm_root(project) / "node_modules" / "katex").is_dir()  # the next build installs them


def test_without_npm_the_error_says_how_to_install_it(project, monkeypatch):
    monkeypatch.setenv("PATH", str(project))  # a folder with no npm in it
    with pytest.raises(ConfigError, match="apt-get install nodejs npm"):
        npm_root(project)
