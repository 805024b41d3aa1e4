"""The theme's templates compiled once, not at every build: Jinja's bytecode kept on disk.

MkDocs makes a new Jinja environment for every build (and every ``mkdocs serve`` rebuild), and
compiling Material's and the guide's 40-odd templates was about a tenth of the bundled guide's
build in MkDocs' process.  Jinja stores each template's code under the template's name and
checks it against a hash of the template's source before use, so an edited template is
compiled again.  What else shapes the code (Jinja's and Python's versions, the environment's
syntax, extensions and escaping) names the folder, so no environment reads another's code.
A folder that cannot be written only means compiling as before.
"""
from __future__ import annotations

import contextlib
import hashlib
import sys
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket, FileSystemBytecodeCache

from ..base.cache import cache_home


class _Kept(FileSystemBytecodeCache):
    """Jinja's cache of compiled templates in a folder, where a failed write is no error."""

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):  # read-only or full: the template was compiled anyway
            super().dump_bytecode(bucket)


def environment_key(env: jinja2.Environment) -> str:
    """A hash of everything besides a template's source that its compiled code depends on."""
    shape = (jinja2.__version__, sys.version, env.block_start_string, env.block_end_string,
             env.variable_start_string, env.variable_end_string, env.comment_start_string,
             env.comment_end_string, env.line_statement_prefix, env.line_comment_prefix, env.trim_blocks,
             env.lstrip_blocks, env.newline_sequence, env.keep_trailing_newline, env.optimized,
             _named(env.autoescape), sorted(env.extensions), _named(env.finalize),
             getattr(env, "newstyle_gettext", None))  # read by the i18n extension as it compiles
    return hashlib.sha256(repr(shape).encode()).hexdigest()[:16]


def _named(value: object) -> str:
    """A setting by its name where it is a function (its repr holds an address, new in every process)."""
    if callable(value):
        return f"{getattr(value, '__module__', '')}.{getattr(value, '__qualname__', type(value).__qualname__)}"
    return repr(value)


def keep_compiled_templates(env: jinja2.Environment, home: Path | None = None) -> None:
    """Have ``env`` keep its compiled templates under ``home`` (by default the generator's cache
    folder, generator.base.cache), unless it keeps them somewhere already."""
    if env.bytecode_cache is not None:
        return
    folder = (home or cache_home()) / f"jinja-{environment_key(env)}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return
    env.bytecode_cache = _Kept(str(folder))
