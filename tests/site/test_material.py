"""What the guide relies on in MkDocs' and Material's internals (generator/site/material.py):
the installed Material has every piece of it, and a Material without one fails the build
naming that piece, Material's version and the file of ours that relies on it."""
import re
import shutil
from dataclasses import replace
from importlib.metadata import version
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.base.errors import GuideError
from generator.search.index import IndexBuilder
from generator.site.material import (
    MESSAGE_TYPES,
    PARTIALS,
    SEARCH_ATTRIBUTES,
    SEARCH_DIALOG,
    TEMPLATE_BLOCKS,
    WRITTEN_FOR,
    GuideSearchIndex,
    check_material,
    install_search_index,
    installed_material,
    material_internals,
    strip_search_attributes,
)


@pytest.fixture(scope="module")
def material():
    return installed_material()


def test_the_installed_material_holds_every_internal_the_guide_relies_on(material):
    check_material(material)  # the build runs this: it must pass with the pinned Material


def test_the_pinned_versions_are_those_the_module_was_written_for():
    """An upgrade in requirements.lock comes with a look at generator/site/material.py."""
    installed = {name: version(name) for name in WRITTEN_FOR}
    assert installed == WRITTEN_FOR, (f"installed {installed}, generator/site/material.py was written for "
                                      f"{WRITTEN_FOR}: check its internals against the new versions, then update it")


@pytest.mark.parametrize("internal", material_internals(), ids=lambda i: i.name)
def test_a_script_without_one_internal_fails_naming_it_and_the_version(material, internal):
    scripts = {"bundle": material.bundle, "worker": material.worker}
    scripts[internal.script] = re.sub(internal.pattern, "/* changed */", scripts[internal.script])
    changed = replace(material, bundle=scripts["bundle"], worker=scripts["worker"], version="99.0.0")
    with pytest.raises(GuideError) as error:
        check_material(changed)
    message = str(error.value)
    assert internal.name in message and "mkdocs-material 99.0.0" in message and internal.user in message


def test_other_message_numbers_are_not_found_in_materials_bundle(material):
    """The check looks for the numbers the scripts are given, not for any number."""
    swapped = {**MESSAGE_TYPES, "READY": MESSAGE_TYPES["RESULT"], "RESULT": MESSAGE_TYPES["READY"]}
    with pytest.raises(GuideError, match="answered with READY = 3"):
        check_material(material, types=swapped)


def changed_templates(material, tmp_path, edit):
    """``material`` with a copy of its templates that ``edit`` (a function of the folder) changed:
    the copy leaves out the scripts and the 14,000 icons, which the check of templates never reads."""
    templates = tmp_path / "templates"
    shutil.copytree(material.templates, templates, ignore=shutil.ignore_patterns("assets", ".icons"))
    edit(templates)
    return replace(material, templates=templates, version="99.0.0")


@pytest.mark.parametrize("block", TEMPLATE_BLOCKS)
def test_a_base_template_without_a_block_main_html_overrides_fails_naming_it(material, tmp_path, block):
    def rename(templates):
        base = templates / "base.html"
        base.write_text(re.sub(rf"block\s+{block}\b", f"block renamed_{block}", base.read_text(encoding="utf-8")),
                        encoding="utf-8")

    with pytest.raises(GuideError, match=rf"the template block '{block}', which overrides/main.html relies on"):
        check_material(changed_templates(material, tmp_path, rename))


def test_a_missing_partial_or_search_dialog_fails_naming_it(material, tmp_path):
    with pytest.raises(GuideError, match=re.escape(PARTIALS[0])):
        check_material(changed_templates(material, tmp_path, lambda t: (t / PARTIALS[0]).unlink()))

    def plain_dialog(templates):
        search = templates / "partials" / "search.html"
        search.write_text(search.read_text(encoding="utf-8").replace(SEARCH_DIALOG, 'class="x"'), encoding="utf-8")

    with pytest.raises(GuideError, match="search dialog"):
        check_material(changed_templates(material, tmp_path / "b", plain_dialog))


def _search_config(plugin_config=None):
    from mkdocs.config import load_config

    from tests.paths import ROOT

    config = load_config(str(ROOT / "mkdocs.yml"))
    search = config.plugins["material/search"]
    search.on_config(config)  # makes Material's SearchIndex
    return config, search


def test_the_guides_index_stands_in_for_materials_search_index():
    config, search = _search_config()
    index = install_search_index(config, lambda settings: IndexBuilder(settings, None, "hans"))
    assert isinstance(index, GuideSearchIndex) and search.search_index is index
    # what Material's index writes in its config
    assert set(index.builder.config) == {"lang", "separator", "pipeline", "fields"}


def test_a_material_whose_search_plugin_has_no_index_object_is_named():
    config, search = _search_config()
    del search.search_index
    with pytest.raises(GuideError) as error:
        install_search_index(config, lambda settings: IndexBuilder(settings, None, "hans"))
    assert "search_index" in str(error.value) and "generator/site/material.py" in str(error.value)
    search.config.enabled = False  # search switched off: nothing to stand in for
    assert install_search_index(config, lambda settings: IndexBuilder(settings, None, "hans")) is None


@pytest.mark.parametrize("html", [
    '<div class="question-footer" data-search-exclude="">x</div>',
    '<p data-search-exclude="" data-search-boost="2">a</p>',  # two in a row: a blank before each
    '<p\ndata-search-exclude="1">a</p><p  data-search-x="y">b</p>',  # a line break; two blanks, one goes
    '<p\u00a0data-search-exclude="1">a</p>',  # a blank beyond ASCII, as \s matches it
    '<p>data-search-exclude="1" in prose, data-search-="no" data-search-x="" (empty: kept)</p>',
    "no attributes at all",
])
def test_the_guide_strips_search_attributes_as_materials_search_plugin_does(html):
    assert strip_search_attributes(html) == re.sub(SEARCH_ATTRIBUTES, "", html)


@given(st.lists(st.sampled_from([" ", "\n", "\u3000", "x", '"', "=", "-", "data-search-", "exclude", '="1"', "a b"]))
       .map("".join))
def test_stripping_search_attributes_matches_materials_pattern_on_any_text(html):
    assert strip_search_attributes(html) == re.sub(SEARCH_ATTRIBUTES, "", html)


def test_materials_search_plugin_strips_blank_pages_and_the_guide_has_them_back():
    """The stand-in lends Material's plugin an empty page to strip, as it is the guide that strips it."""
    config, search = _search_config()
    index = install_search_index(config, lambda settings: IndexBuilder(settings, None, "hans"))
    page = SimpleNamespace(file=SimpleNamespace(src_uri="a.md"), content='<h1 id="a" data-search-x="1">甲</h1>',
                           meta={"search": {"exclude": True}}, url="a.html", title="甲", toc=[])
    search.on_page_context({}, page=page, config=config, nav=None)
    assert page.content == "" and index.take(page) == '<h1 id="a" data-search-x="1">甲</h1>'
    assert index.take(page) is None  # once


def test_a_material_whose_search_plugin_strips_other_attributes_fails_naming_it(material):
    changed = replace(material, search_plugin=material.search_plugin.replace(SEARCH_ATTRIBUTES, r"\s?data-md-\w+"),
                      version="99.0.0")
    with pytest.raises(GuideError) as error:
        check_material(changed)
    message = str(error.value)
    assert "the attributes it strips from each page" in message and "mkdocs-material 99.0.0" in message
    assert "strip_search_attributes" in message
