"""The site's downloads (generator.site.downloads): made once per bank content, so that a
``mkdocs serve`` rebuild after an edit elsewhere does not make a deck of thousands again."""
from __future__ import annotations

from dataclasses import replace

from generator.base.kept import Kept
from generator.base.settings import load_settings
from generator.exports.formats import export_bytes
from generator.pages.compose import plan_guide
from generator.site import downloads
from tests.paths import GUIDE_SETTINGS


def test_downloads_are_made_again_only_when_the_bank_changes(monkeypatch):
    plan = plan_guide(load_settings(GUIDE_SETTINGS), typeset=False)
    renderer = plan.renderer
    made: list[str] = []
    real = export_bytes

    def counted(name, bank, how):
        made.append(name)
        return real(name, bank, how)

    monkeypatch.setattr(downloads, "export_bytes", counted)
    monkeypatch.setattr(downloads, "_MADE", Kept(downloads.KEPT))
    first = downloads.download_files(renderer, plan.interface, plan.glossary, "Guide")
    formats = len(made)
    assert formats == 3 and [path for path, _ in first] == [path for path, _ in first if path.startswith("downloads/")]
    assert downloads.download_files(renderer, plan.interface, plan.glossary, "Guide") == first
    assert len(made) == formats  # the same bank, the same files: nothing made again
    downloads.download_files(renderer, plan.interface, plan.glossary, "Another name")
    assert len(made) == 2 * formats  # the deck's name is in the deck
    bank = renderer.banks[0]
    edited = replace(bank, chapters=(replace(bank.chapters[0], title=bank.chapters[0].title + "!"), *bank.chapters[1:]))
    monkeypatch.setitem(vars(renderer), "banks", (edited,))  # its cached_property
    downloads.download_files(renderer, plan.interface, plan.glossary, "Guide")
    assert len(made) == 3 * formats
