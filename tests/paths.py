"""Paths and names the tests share: the repository's files and the tests' own data folders."""
from testing.paths import BUNDLED, MKDOCS_YML, ROOT

__all__ = ["BAD_BANKS", "BUNDLED", "CHAPTERS", "FORMULA_CASES", "GLOSSARY_FILE", "GOLDEN", "GUIDE_SETTINGS",
           "MARKUP_BANK", "MKDOCS_YML", "ROOT", "TEST_BANKS"]

GUIDE_SETTINGS = ROOT / "site_config" / "guide.yml"
GLOSSARY_FILE = ROOT / "site_config" / "glossary.yml"

TESTS = ROOT / "tests"
BAD_BANKS = TESTS / "bad_banks"  # damaged banks that must give a clear error or flag, never a traceback
TEST_BANKS = TESTS / "banks"  # small banks for one feature each (errata/, lint/)
GOLDEN = TESTS / "golden"  # expected dumps; --update-golden rewrites them
FORMULA_CASES = TESTS / "formula_cases.yml"
MARKUP_BANK = TESTS / "hostile" / "markup.txt"  # every field is HTML or Markdown, to be shown as written

# The bundled bank's chapter pages in a built site, chapter 1 first.
CHAPTERS = [f"ai-trainer/chapter-{n}.html" for n in range(1, 6)]
