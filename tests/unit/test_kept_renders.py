"""What a serve session's kept template outputs are keyed by: values described whole, or not at all."""
from __future__ import annotations

import functools
import os
from importlib.metadata import version
from pathlib import Path

import jinja2
import pytest
from mkdocs.config.config_options import ExtraScriptValue

from generator.site.kept_renders import KeptRenders, Unknown, _sources, _value, installed_package


def test_configuration_values_are_described_as_plain_data():
    script = ExtraScriptValue("assets/javascripts/reader.js")
    described = _value({"b": [1, 2.5, None], "a": ("x", b"y"), "script": script,
                        "slugify": functools.partial(sorted, reverse=True), "set": {"q", "p"}})
    assert described == _value({"a": ("x", b"y"), "b": [1, 2.5, None], "script": ExtraScriptValue(script.path),
                                "slugify": functools.partial(sorted, reverse=True), "set": {"p", "q"}})
    assert described != _value({"b": [1, 2.5, None], "a": ("x", b"y"), "script": ExtraScriptValue("other.js"),
                                "slugify": functools.partial(sorted, reverse=True), "set": {"q", "p"}})


def test_a_value_it_does_not_know_is_refused():
    class Opaque:
        pass

    with pytest.raises(Unknown):
        _value({"extra": [Opaque()]})


def test_an_edited_theme_file_changes_what_every_page_is_keyed_by(tmp_path):
    (tmp_path / "main.html").write_text("{{ page }}", encoding="utf-8")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path)))
    before = _sources(env)
    os.utime(tmp_path / "main.html", ns=(1, 1))
    assert _sources(env) != before


def test_an_installed_themes_files_go_by_its_version_and_the_projects_by_their_own(tmp_path):
    import material

    installed = str(Path(material.__file__).parent / "templates")
    (tmp_path / "main.html").write_text("{{ page }}", encoding="utf-8")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(tmp_path), installed]))
    assert installed_package(installed) == "mkdocs-material" and installed_package(str(tmp_path)) is None
    main = (tmp_path / "main.html").stat()
    assert _sources(env) == [(str(tmp_path / "main.html"), main.st_size, main.st_mtime_ns),
                             (installed, "mkdocs-material", version("mkdocs-material"))]


def test_a_template_without_a_page_renders_as_usual(tmp_path):
    (tmp_path / "sitemap.xml").write_text("{{ n }}", encoding="utf-8")
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(tmp_path)))
    renders = KeptRenders()
    renders.start_build()
    renders.wrap(env)
    assert env.get_template("sitemap.xml").render({"n": 1}) == "1"
    assert env.get_template("sitemap.xml").render({"n": 2}) == "2"
    assert renders.misses == 0  # nothing looked up, nothing kept
    assert env.get_template("sitemap.xml").name == "sitemap.xml"  # the rest is the template's own
