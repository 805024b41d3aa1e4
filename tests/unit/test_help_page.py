"""使用說明 (content/pages/about.md) explains every practice mode, each with a screenshot of
the built guide that exists and says in its alt text what it shows."""
import re

from generator.pages.run_strings import RUN_UI
from generator.pages.stats_strings import STATS_UI
from generator.pages.strings import UI
from tests.paths import ROOT

HELP = ROOT / "content" / "pages" / "about.md"
IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)\)")


def sections() -> dict[str, str]:
    """The page's ### sections by heading."""
    parts = re.split(r"^### (.+)$", HELP.read_text(encoding="utf-8"), flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_practice_mode_has_a_section_with_a_screenshot():
    found = sections()
    modes = [UI["mode_answer"], UI["mode_recite"], *(RUN_UI[f"{kind}_title"] for kind in ("random", "types", "exam",
             "review")), UI["mistakes_title"], UI["starred_title"], STATS_UI["plan_title"], STATS_UI["stats_title"]]
    for mode in modes:
        section = next((text for heading, text in found.items() if mode in heading), None)
        assert section is not None, f"no section on {mode}"
        assert IMAGE.search(section), f"no screenshot in the section on {mode}"


def test_each_screenshot_exists_and_has_alt_text():
    images = IMAGE.findall(HELP.read_text(encoding="utf-8"))
    assert len(images) >= 8
    for alt, path in images:
        assert len(alt) >= 10, f"{path}: alt text {alt!r} says too little"
        image = HELP.parent / path
        assert image.is_file() and image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", path
