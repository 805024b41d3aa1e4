"""Small files ``mkdocs serve`` writes once and links into each build's site.

MkDocs empties the site's folder before every build of a serve session, so the thousands of
question scripts (generator.site.question_html) would all be written again after any edit:
seconds of file creation at 5,000 questions.  :class:`KeptFiles` writes each into a folder of
the session's own only when what it is made from has changed, and gives every build a symbolic
link to each folder of them (MkDocs' server and the offline app's precache follow it; emptying
the site removes the link alone).  Where symbolic links are refused, each file is hard-linked,
or copied where the two folders do not share a file system.  A build ends by removing the kept
files it did not place (:meth:`KeptFiles.prune`), so the site holds what a fresh build writes.

The folder is removed when the session ends.  A session that was killed cannot remove it, so
each new session removes the folders of sessions whose process has ended: those named with
this prefix and a process number that hold this module's mark naming the same process.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

FOLDER_PREFIX = "study-guide-serve-"
MARK = ".study-guide-serve"  # in a session's folder: the number of the process that made it
_FOLDER = re.compile(re.escape(FOLDER_PREFIX) + r"(?P<pid>[0-9]+)-")


class KeptFiles:
    """The files of a serve session's builds, by their path in the site."""

    def __init__(self) -> None:
        remove_ended_sessions(Path(tempfile.gettempdir()))
        pid = os.getpid()
        self.folder = Path(tempfile.mkdtemp(prefix=f"{FOLDER_PREFIX}{pid}-"))
        (self.folder / MARK).write_text(str(pid), encoding="utf-8")
        self._sources: dict[str, Any] = {}  # path -> what its kept file was written from
        self.md5: dict[str, str] = {}  # path -> its kept file's MD5 (the offline app's precache revisions)
        self._placed: set[str] = set()  # this build's paths
        self._folders: dict[str, bool] = {}  # this build's folders in the site: linked whole?
        self.written = 0  # this build's files written (the others were linked as they were)

    def start_build(self) -> None:
        self._placed, self._folders, self.written = set(), {}, 0

    def prune(self) -> None:
        """The build has placed its files: the kept files it did not place are removed."""
        for path in self._sources.keys() - self._placed:
            (self.folder / path).unlink(missing_ok=True)
            del self._sources[path], self.md5[path]

    def place(self, site: Path, path: str, source: Any, text: Callable[[], str]) -> None:
        """Put the file ``path`` into ``site``: ``text()``, written again only when ``source``
        (what the text is made from, compared by equality) differs from the last build's."""
        # Paths as strings, not pathlib: thousands of files a build, pathlib's cost was half the links'.
        kept, folder = os.path.join(self.folder, path), os.path.dirname(path)
        linked = self._folders.get(folder)
        if linked is None:
            linked = self._folders[folder] = self._link_folder(site, folder)
        if path not in self._sources or self._sources[path] != source:
            part = kept + ".part"  # written whole, then put in place: never a half-written file
            data = text().encode("utf-8")
            with open(part, "wb") as file:
                file.write(data)
            os.replace(part, kept)
            self._sources[path], self.md5[path] = source, hashlib.md5(data).hexdigest()
            self.written += 1
        self._placed.add(path)
        if not linked:
            target = os.path.join(site, path)
            try:
                os.link(kept, target)
            except OSError:  # another file system, links refused, or the last build's file there
                shutil.copyfile(kept, target)

    def _link_folder(self, site: Path, folder: str) -> bool:
        """Whether ``folder`` of ``site`` is a symbolic link to the kept folder (made now, or by
        the build before when MkDocs did not empty the site); else it is a folder of its own."""
        kept, target = os.path.join(self.folder, folder), os.path.join(site, folder)
        os.makedirs(kept, exist_ok=True)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        try:
            os.symlink(kept, target, target_is_directory=True)
            return True
        except FileExistsError:
            return os.path.islink(target) and os.readlink(target) == kept
        except OSError:  # symbolic links refused (a file system, a platform)
            os.makedirs(target, exist_ok=True)
            return False

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def remove_ended_sessions(temporary: Path) -> list[Path]:
    """Remove the folders in ``temporary`` that sessions whose process has ended left behind
    (killed before they could remove them); returns them."""
    removed = []
    for folder in temporary.glob(FOLDER_PREFIX + "*"):
        named = _FOLDER.match(folder.name)
        mark = folder / MARK
        if named is None or folder.is_symlink() or not mark.is_file():
            continue
        try:
            made_by = mark.read_text(encoding="utf-8")
        except OSError:
            continue
        if made_by == named.group("pid") and not _running(int(made_by)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # another user's; no number a process has: left alone
        return True
    return True
