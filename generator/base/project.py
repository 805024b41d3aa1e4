"""Where a guide's own files are: its MkDocs configuration (with the theme overrides and
hand-written pages it names) and its settings.

A folder holding ``mkdocs.yml`` and ``site_config/guide.yml`` is a guide project: found
from the current folder upwards, as git finds its repository.  Outside one, the guide this
package carries (generator/site/bundled/, the files of the project it was built from)
builds any bank given on the command line, without the settings of that project's own bank.
"""
from __future__ import annotations

from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path

SETTINGS_FILE = Path("site_config") / "guide.yml"
MKDOCS_FILE = "mkdocs.yml"


@dataclass(frozen=True)
class Project:
    root: Path  # the folder of mkdocs.yml: the theme, hand-written pages and npm manifests are found from it
    settings_file: Path | None  # site_config/guide.yml: the guide's banks, script, glossary; None when bundled

    @property
    def mkdocs_file(self) -> Path:
        return self.root / MKDOCS_FILE

    @property
    def bundled(self) -> bool:
        """Whether this is the guide the package carries (no project folder was found)."""
        return self.settings_file is None


def bundled_project() -> Project:
    return Project(Path(str(files("generator.site") / "bundled")), None)


def find_project(start: Path) -> Project:
    """The guide project holding ``start`` (a folder), or the bundled one."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / MKDOCS_FILE).is_file() and (folder / SETTINGS_FILE).is_file():
            return Project(folder, folder / SETTINGS_FILE)
    return bundled_project()
