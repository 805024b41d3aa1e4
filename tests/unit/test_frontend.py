"""What the guide's browser scripts share with Python (constants.js) and rely on in Material."""
import re

import pytest

from generator.base.errors import GuideError
from generator.site.frontend import (
    MESSAGE_TYPES,
    SENTINEL,
    check_material,
    constants_script,
    material_internals,
    material_scripts,
)
from generator.site.query_folding import INDEX_WORD
from generator.site.segmenter import LATIN_ALNUM_CHAR
from tests.node_scripts import run_scripts
from tests.paths import ROOT

SOURCES = ROOT / "overrides" / "src"  # the guide's scripts, as ES modules


@pytest.fixture(scope="module")
def material():
    return material_scripts()


def test_the_installed_material_holds_every_internal_the_scripts_rely_on(material):
    check_material(*material)  # the build runs this: it must pass with the pinned Material


@pytest.mark.parametrize("internal", material_internals(), ids=lambda i: i.name)
def test_a_bundle_without_one_internal_fails_naming_it_and_the_version(material, internal):
    bundle, worker, _ = material
    scripts = {"bundle": bundle, "worker": worker}
    scripts[internal.script] = re.sub(internal.pattern, "/* changed */", scripts[internal.script])
    with pytest.raises(GuideError) as error:
        check_material(scripts["bundle"], scripts["worker"], "99.0.0")
    message = str(error.value)
    assert internal.name in message and "mkdocs-material 99.0.0" in message and internal.user in message


def test_other_message_numbers_are_not_found_in_materials_bundle(material):
    """The check looks for the numbers the scripts are given, not for any number."""
    swapped = {**MESSAGE_TYPES, "READY": MESSAGE_TYPES["RESULT"], "RESULT": MESSAGE_TYPES["READY"]}
    with pytest.raises(GuideError, match="answered with READY = 3"):
        bundle, worker, version = material
        check_material(bundle, worker, version, types=swapped)


def test_the_constants_script_gives_the_python_values_to_page_and_worker():
    *_, kept, constants, han_run = run_scripts(
        "var studyGuide = {nativeWorker: 1};", constants_script(),  # main.html's namespace, kept
        "studyGuide.nativeWorker", "studyGuide.constants", "new RegExp(studyGuide.constants.hanClass + '+').source")
    assert kept == 1 and han_run == INDEX_WORD.pattern
    assert constants["sentinel"] == SENTINEL and constants["message"]["QUERY"] == MESSAGE_TYPES["QUERY"]
    assert constants["latinAlnumClass"] == LATIN_ALNUM_CHAR.pattern


def test_no_module_copies_a_shared_constant_and_each_stays_small():
    for script in SOURCES.rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 300, script.name
        assert "\\u4e00" not in text and "\\u4db5" not in text, script.name  # constants.js gives them
