"""The guide's pages rendered one at a time (generator.pages.compose.PageRenderer): each chapter is
checked as its page is rendered, and the banks the guide ends with are the banks that
checking and converting each bank whole would give."""
from dataclasses import replace

import pytest

from generator.base.settings import load_settings
from generator.pages.compose import build_guide
from generator.pages.script import convert_bank
from generator.read.load import load_bank
from tests.paths import BAD_BANKS, BUNDLED, GUIDE_SETTINGS, TEST_BANKS

SETTINGS = load_settings(GUIDE_SETTINGS)
BANKS = [BUNDLED, *(BAD_BANKS / name for name in (
    "duplicate-numbers.txt", "missing-numbers.txt", "options-out-of-order.txt", "answer-not-in-options.txt",
    "unterminated-fence.txt", "empty-chapters.txt")), TEST_BANKS / "lint" / "cut-off.txt"]


@pytest.mark.parametrize("bank", BANKS, ids=lambda p: p.name if p != BUNDLED else "bundled")
@pytest.mark.parametrize("script", ["hans", "hant", "original"])
def test_chapters_checked_one_by_one_make_the_banks_checking_whole_banks_makes(bank, script):
    guide = build_guide(replace(SETTINGS, banks=(bank,), script=script), typeset=False)
    assert guide.banks == (convert_bank(load_bank(bank), script),)

