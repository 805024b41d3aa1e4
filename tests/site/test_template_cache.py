"""The theme's templates compiled once and kept (generator.site.template_cache): a later build's
environment reads their code, never a stale one, and a folder it cannot write changes nothing."""
import jinja2
import pytest

from generator.site.template_cache import environment_key, keep_compiled_templates


def environment(folder, **options) -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(folder)), **options)


def not_compiled(env: jinja2.Environment) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("compiled again")

    env.compile = refuse  # type: ignore[method-assign]


@pytest.fixture
def templates(tmp_path):
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "base.html").write_text("<b>{% block body %}{% endblock %}</b>", encoding="utf-8")
    (folder / "page.html").write_text('{% extends "base.html" %}{% block body %}{{ x }}!{% endblock %}',
                                      encoding="utf-8")
    return folder


def test_a_later_build_reads_the_templates_code_instead_of_compiling_them(templates, tmp_path):
    first = environment(templates)
    keep_compiled_templates(first, tmp_path / "cache")
    assert first.get_template("page.html").render(x="<1>") == "<b><1>!</b>"
    later = environment(templates)
    keep_compiled_templates(later, tmp_path / "cache")
    not_compiled(later)
    assert later.get_template("page.html").render(x="<1>") == "<b><1>!</b>"


def test_an_edited_template_is_compiled_again(templates, tmp_path):
    first = environment(templates)
    keep_compiled_templates(first, tmp_path / "cache")
    first.get_template("page.html").render(x=1)
    page = templates / "page.html"
    page.write_text('{% extends "base.html" %}{% block body %}{{ x }}?{% endblock %}', encoding="utf-8")
    later = environment(templates)
    keep_compiled_templates(later, tmp_path / "cache")
    assert later.get_template("page.html").render(x=1) == "<b>1?</b>"


def test_an_environment_that_compiles_otherwise_keeps_its_code_apart(templates, tmp_path):
    plain, escaping = environment(templates), environment(templates, autoescape=True)
    other_syntax = environment(templates, variable_start_string="[[", variable_end_string="]]")
    assert len({environment_key(env) for env in (plain, escaping, other_syntax)}) == 3
    assert environment_key(plain) == environment_key(environment(templates))  # the same in every process
    for env in (plain, escaping):
        keep_compiled_templates(env, tmp_path / "cache")
    assert plain.get_template("page.html").render(x="<1>") == "<b><1>!</b>"
    assert escaping.get_template("page.html").render(x="<1>") == "<b>&lt;1&gt;!</b>"


def test_a_cache_folder_that_cannot_be_made_or_written_changes_nothing(templates, tmp_path):
    taken = tmp_path / "a file"
    taken.write_text("", encoding="utf-8")
    env = environment(templates)
    keep_compiled_templates(env, taken)  # no folder can be made in a file
    assert env.bytecode_cache is None and env.get_template("page.html").render(x=1) == "<b>1!</b>"
    env = environment(templates)
    keep_compiled_templates(env, tmp_path / "cache")
    for folder in (tmp_path / "cache").iterdir():
        folder.rmdir()  # gone before the code is written
    assert env.get_template("page.html").render(x=1) == "<b>1!</b>"
