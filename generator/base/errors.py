"""Errors that say where, what was expected and what was found.

The command line turns any :class:`GuideError` into its message and exit status 2;
the MkDocs plugin turns it into a build error.  Nothing else is caught.
"""
from __future__ import annotations


class GuideError(Exception):
    """A problem with an input file that its author can fix.

    ``where`` names the file (and line, column or question), ``expected`` what the
    generator looks for there, ``found`` what was actually there.
    """

    def __init__(self, where: str, expected: str, found: str, example: str = "") -> None:
        found = found.removeprefix("found ")  # YAML's problems read "found character '\t' that …"
        self.where, self.expected, self.found, self.example = where, expected, found, example
        message = f"{where}: expected {expected}, found {found}"
        if example:
            message += f"\n  for example: {example}"
        super().__init__(message)


class BankFileError(GuideError):
    """A bank path that is no readable regular file, or one too large to read."""


class DecodeError(GuideError):
    """The bytes of a bank are in no encoding the generator reads."""


class ParseError(GuideError):
    """The text of a bank holds no question, or nothing the parser can place."""


class ErrataError(GuideError):
    """An editorial correction is malformed or no longer matches its bank."""


class ConfigError(GuideError):
    """A file in ``site_config/`` is malformed."""
