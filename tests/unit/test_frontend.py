"""What the guide's browser scripts share with Python (constants.js)."""


from generator.search.query_folding import INDEX_WORD
from generator.search.segmenter import LATIN_ALNUM_CHAR
from generator.site.frontend import SENTINEL, constants_script
from generator.site.material import MESSAGE_TYPES
from tests.node_scripts import run_scripts
from tests.paths import ROOT

SOURCES = ROOT / "overrides" / "src"  # the guide's scripts, as ES modules


def test_the_constants_script_gives_the_python_values_to_page_and_worker():
    *_, kept, constants, han_run = run_scripts(
        "var studyGuide = {nativeWorker: 1};", constants_script(),  # main.html's namespace, kept
        "studyGuide.nativeWorker", "studyGuide.constants", "new RegExp(studyGuide.constants.hanClass + '+').source")
    assert kept == 1 and han_run == INDEX_WORD.pattern
    assert constants["sentinel"] == SENTINEL and constants["message"]["QUERY"] == MESSAGE_TYPES["QUERY"]
    assert constants["latinAlnumClass"] == LATIN_ALNUM_CHAR.pattern
    assert constants["prebuiltSearch"] is True  # the build makes Lunr's index …
    *_, served = run_scripts("var studyGuide = {};", constants_script(prebuilt_search=False), "studyGuide.constants")
    assert served["prebuiltSearch"] is False  # … not under mkdocs serve


def test_no_module_copies_a_shared_constant_and_each_stays_small():
    for script in SOURCES.rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= 300, script.name
        assert "\\u4e00" not in text and "\\u4db5" not in text, script.name  # constants.js gives them
