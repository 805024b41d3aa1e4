"""The folder a build writes to: never someone else's, never half written.

Every output (``site -o``, ``markdown -o``, ``pdf --out`` and ``mkdocs build``'s site_dir)
goes through :class:`Staging`:

* :func:`refusal` says why a folder must not be replaced: ``/``, the home folder, the
  current folder or a folder holding any of them or the project; the project's own
  folders (``generator``, ``content``, ``site_config`` …); a folder holding a bank or errata,
  or anywhere inside it a git checkout (``.git``) or a project (``mkdocs.yml``,
  ``pyproject.toml``); a file; and, unless ``force``, a non-empty folder without the
  :data:`MARKER` every build leaves (so not an earlier build of this generator).  ``force``
  never replaces a foreign folder reached through a symlink: only the folder named.
* the build is written to a new folder beside the target (``.NAME.building-XXXX``) and
  swapped in by a rename only when complete: an interrupted or failed build leaves the
  last good folder whole.  Since the new folder starts empty, a symlink an earlier build
  or a user left inside the target can never make the build write outside it.
* an exclusive ``flock`` on ``.NAME.lock`` beside the target keeps two builds from one
  folder.

No MkDocs here: the plugin and the command line call :meth:`Staging.begin`,
:meth:`Staging.commit` and :meth:`Staging.abandon` (or :func:`staged`).
"""
from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..base.errors import GuideError
from ..base.files import current_umask

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

# Written into every build; a folder holding it may be replaced without --force.
MARKER = ".study-guide-build"
MARKER_TEXT = ("Written by the study-guide generator (python -m generator / mkdocs build).\n"
               "Each build replaces this whole folder: keep nothing else in it.\n")
# The project's own folders, relative to its root: never an output, nor anything inside them.
PROJECT_FOLDERS = ("generator", "content", "site_config", "overrides", "tests", "benchmarks",
                   "node_modules", ".git", ".venv", ".ci")
# Names of inputs a folder may hold besides the banks being built (banks of other guides).  Not
# bank.xlsx nor bank.csv: a build offers downloads/<slug>.xlsx and .csv, and a slug may be "bank".
INPUT_NAMES = ("bank.txt", "bank.md", "bank.docx", "bank.json", "errata.yml")
INPUT_SUFFIX = ".errata.yml"
# Names that make a folder someone's work, whatever --force says: a checkout, a project.
WORK_NAMES = {".git": "a git checkout", "mkdocs.yml": "a project", "pyproject.toml": "a project"}
# A site built before builds left the marker: its own script, index and search index.
EARLIER_SITE = ("index.html", "assets/javascripts/guide.js", "search/search_index.json")
FORCE_HINT = (
    "--force (for mkdocs build: the study-guide plugin's force_output: true), which replaces it and "
    "everything in it; or a new or empty folder")
OTHER_HINT = "a folder of the guide's own, such as site/ (new, empty or built before)"
# The folders this process has put a new build in place of.  A Ctrl-C after that, while the
# previous build is removed, finds the new one there, and the command line says so (generator.cli).
REPLACED: list[Path] = []


class OutputError(GuideError):
    """An output folder that must not be replaced, or cannot be written."""


@dataclass(frozen=True)
class Protected:
    """What an output must never replace: the project at ``root`` and its ``inputs``.

    ``inputs`` are the bank and errata files of the build; ``folders`` further folders
    of the project (MkDocs' docs_dir, the theme's custom_dir).
    """

    root: Path
    inputs: tuple[Path, ...] = ()
    folders: tuple[Path, ...] = ()


def refusal(target: Path, protected: Protected, force: bool = False) -> str | None:
    """Why ``target`` must not be replaced by a build, or None when it may be."""
    named, target = Path(os.path.abspath(os.path.expanduser(target))), _real(target)
    home, here, root = _real(Path.home()), _real(Path.cwd()), _real(protected.root)
    for place, name in ((Path("/"), "the root folder /"), (home, "your home folder"),
                        (root, "the project folder"), (here, "the current folder")):
        if target == place:
            return name
        if place.is_relative_to(target):
            return f"a folder holding {name} ({place})"
    for folder in (*(root / name for name in PROJECT_FOLDERS), *map(_real, protected.folders)):
        if target.is_relative_to(folder):
            return f"the project's own folder {folder}" + ("" if target == folder else f" (it holds {target})")
    for path in protected.inputs:
        if _real(path).is_relative_to(target):
            return f"a folder holding the input {path}"
    if not target.exists():
        return None
    if not target.is_dir():
        return "a file, not a folder"
    found = next(_kept_files(target), None)
    if found is not None:
        return found
    if not is_build(target):
        names = sorted(os.listdir(target))
        if names:
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
            if not force:
                return f"a folder that no build of this generator wrote, holding {shown}"
            if named.is_symlink():
                return f"a symlink to {target}, a folder no build wrote (--force replaces only a folder named itself)"
    return None


def check_output(target: Path, protected: Protected, force: bool = False) -> None:
    """Raise :class:`OutputError` when ``target`` must not be replaced (:func:`refusal`)."""
    reason = refusal(target, protected, force)
    if reason is not None:
        hint = FORCE_HINT if reason.startswith("a folder that no build") else OTHER_HINT
        raise OutputError(str(target), "an output folder the build may replace", reason, hint)


def is_build(folder: Path) -> bool:
    """True for a folder a build of this generator wrote (its marker, or an earlier site's files)."""
    return (folder / MARKER).is_file() or all((folder / name).is_file() for name in EARLIER_SITE)


@dataclass
class Staging:
    """A build in progress: ``path`` is the new folder it writes, swapped in for ``target``
    by :meth:`commit`.  Holds the lock from :meth:`begin` until :meth:`commit` or :meth:`abandon`."""

    target: Path
    path: Path
    _lock: int | None = field(default=None, repr=False)

    @classmethod
    def begin(cls, target: Path, protected: Protected, force: bool = False, keep: bool = False) -> Staging:
        """Check and lock ``target``, and make the new folder beside it.

        ``keep`` starts the new folder with a copy of the target's regular files (never its
        symlinks), for outputs that add to an earlier run (``pdf --edition``).
        """
        target = _real(target)
        check_output(target, protected, force)
        lock = _lock(target)
        try:
            check_output(target, protected, force)  # again, now no other build can swap it
            _remove_leftovers(target)
            path = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
            path.chmod(0o777 & ~current_umask())  # mkdtemp's 0700 would hide a published site
            if keep and is_build(target):
                _copy_regular_files(target, path)
        except BaseException:
            os.close(lock)
            raise
        return cls(target, path, lock)

    def commit(self) -> None:
        """Mark the new folder as a build and put it in place of the target, whole; a Ctrl-C
        meanwhile comes once that is done and the previous build removed."""
        with _interrupts_held():
            try:
                (self.path / MARKER).write_text(MARKER_TEXT, encoding="utf-8")
                if self.target.is_dir():
                    _exchange(self.path, self.target)  # self.path now holds the previous build
                else:
                    os.rename(self.path, self.target)
            except OSError as error:
                self.abandon()
                raise writing_error(self.target, error) from None
            REPLACED.append(self.target)
            shutil.rmtree(self.path, ignore_errors=True)  # a leftover is removed by the next build
            self._unlock()

    def abandon(self) -> None:
        """Remove the new folder, leaving the target as it was."""
        shutil.rmtree(self.path, ignore_errors=True)
        self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # closing the last descriptor releases the flock
            self._lock = None


@contextmanager
def _interrupts_held() -> Iterator[None]:
    """A Ctrl-C during the block handled once it ends (Python handles signals in the main
    thread only: elsewhere the block runs as it is)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: came.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if came and callable(previous):
        previous(signal.SIGINT, None)  # Python's KeyboardInterrupt, or the command line's handler
    elif came and previous == signal.SIG_DFL:
        signal.raise_signal(signal.SIGINT)


@contextmanager
def staged(target: Path, protected: Protected, force: bool = False, keep: bool = False) -> Iterator[Path]:
    """``with staged(out, …) as folder:`` write into ``folder``; it replaces ``out`` when the
    block ends normally, and is removed when it raises (Ctrl-C included)."""
    stage = Staging.begin(target, protected, force, keep)
    try:
        yield stage.path
    except OSError as error:
        stage.abandon()
        if error.filename and not Path(os.path.abspath(error.filename)).is_relative_to(stage.path):
            raise  # reading an input failed: its own message names it
        raise writing_error(stage.target, error) from None
    except BaseException:
        stage.abandon()
        raise
    stage.commit()


def stage_mkdocs_output(config: MkDocsConfig, inputs: Iterable[Path], force: bool, wanted: bool) -> Staging | None:
    """For ``mkdocs build`` (``wanted``): check and lock MkDocs' ``config.site_dir`` and point it
    at a new folder beside it, to :meth:`~Staging.commit` once the build has succeeded.

    None, and site_dir left alone, for ``mkdocs serve`` (its own temporary folder) and for
    builds that stage for themselves (:func:`generator.site.build.build_site`).
    """
    site_dir = Path(config.site_dir)
    if not wanted or (site_dir.name.startswith("mkdocs_") and site_dir.parent == Path(tempfile.gettempdir())):
        return None
    stage = Staging.begin(site_dir, mkdocs_protected(config, inputs), force)
    config.site_dir = str(stage.path)
    return stage


def mkdocs_protected(config: MkDocsConfig, inputs: Iterable[Path]) -> Protected:
    """The project of MkDocs' ``config`` (the folder of its mkdocs.yml), its docs_dir and
    theme custom_dir, and ``inputs``."""
    folders = tuple(Path(p) for p in (config.docs_dir, config.theme.custom_dir) if p)
    return Protected(Path(config.config_file_path).parent, tuple(inputs), folders)


def writing_error(target: Path, error: OSError) -> OutputError:
    """A write that failed (a full disk, no permission), said of the output it was for."""
    return OutputError(str(target), "room and permission to write the build",
                       error.strerror or str(error), f"the previous content of {target} is left as it was")


# -- the file system --------------------------------------------------------------------

def _real(path: Path) -> Path:
    """The absolute path with symlinks resolved, so a link cannot disguise a protected folder."""
    return Path(os.path.realpath(os.path.expanduser(path)))


def _kept_files(folder: Path) -> Iterator[str]:
    """Why ``folder`` holds something no build may delete: bank and errata files, a checkout or
    a project, anywhere in it (symlinks not followed)."""
    for parent, folders, names in os.walk(folder):
        for name in (*folders, *names):
            if name in WORK_NAMES:
                yield f"a folder holding {os.path.join(parent, name)}, {WORK_NAMES[name]}"
            elif name in INPUT_NAMES or name.endswith(INPUT_SUFFIX):
                yield f"a folder holding {os.path.join(parent, name)}, a bank or errata file"


def _lock_path(target: Path) -> Path:
    return target.parent / f".{target.name}.lock"


def _lock(target: Path) -> int:
    """An exclusive flock on the lock file beside ``target``; refused when another build holds it."""
    path = _lock_path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)  # as MkDocs does for its site_dir
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError as error:
        raise writing_error(target, error) from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(descriptor)
        raise OutputError(str(target), "no other build writing to this folder",
                          f"another build holding its lock {path}", "wait for it to finish") from None
    return descriptor


def _remove_leftovers(target: Path) -> None:
    """New folders of builds that were killed (kill -9, power cut): only ever ours, by name."""
    prefix = f".{target.name}.building-"  # compared as text: a name such as "*" is no pattern
    for leftover in (target.parent / name for name in os.listdir(target.parent) if name.startswith(prefix)):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)


def _copy_regular_files(source: Path, destination: Path) -> None:
    for parent, folders, names in os.walk(source):
        relative = Path(parent).relative_to(source)
        for name in names:
            path = Path(parent, name)
            if not path.is_symlink() and path.is_file():
                (destination / relative).mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, destination / relative / name)
        folders[:] = [f for f in folders if not Path(parent, f).is_symlink()]


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(new: Path, old: Path) -> None:
    """Swap two folders: atomically with Linux's ``renameat2(RENAME_EXCHANGE)``, else by two
    renames (the old folder is moved back if the second fails)."""
    renameat2 = getattr(ctypes.CDLL(None, use_errno=True), "renameat2", None)
    if renameat2 is not None:
        if renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(old), _RENAME_EXCHANGE) == 0:
            return
        code = ctypes.get_errno()
        if code not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise OSError(code, os.strerror(code), str(old))
    aside = Path(tempfile.mkdtemp(prefix=f".{old.name}.building-", dir=old.parent))  # a leftover by name
    os.rename(old, aside / "previous")
    try:
        os.rename(new, old)
    except OSError:
        os.rename(aside / "previous", old)
        raise
    os.rename(aside, new)  # where the caller removes the previous build from

