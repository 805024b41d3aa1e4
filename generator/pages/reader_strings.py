"""The interface strings the reader scripts show, written as a script at build.

``assets/javascripts/reader-strings.js`` sets ``studyGuide.strings`` (the one global object
of the guide's scripts) to the strings below in the guide's script, so a button that a
script adds (顯示答案, the search toggle, the term popover) reads like the rest of the page
and no interface string is ever copied into JavaScript by hand.
"""
from __future__ import annotations

import json

from .script import convert_strings
from .strings import UI

READER_STRINGS_JS = "assets/javascripts/reader-strings.js"
# The strings the scripts use, by the key strings.py gives them.
SCRIPT_KEYS = ("reveal_answer", "hide_answer", "search_spoilers", "term_popover_link",
               "term_popover_close", "practice_submit", "practice_input", "practice_choices",
               "practice_known", "practice_unknown", "practice_self_grade", "practice_redo",
               "judge_true", "judge_false",
               "verdict_right", "verdict_wrong", "verdict_missed", "verdict_extra", "verdict_bank",
               "verdict_editor", "verdict_known", "verdict_unknown", "verdict_empty", "verdict_your_answer",
               "chapter_progress", "home_progress", "progress_reset_confirm",
               "progress_imported", "progress_import_failed", "progress_exported", "progress_cleared",
               "progress_corrupted", "progress_unavailable", "mistakes_empty", "starred_empty",
               "mistakes_drill", "mistakes_remove", "mistakes_removed", "mistakes_times", "mistakes_last",
               "drill_next", "drill_done", "star", "starred", "star_remove", "question", "true", "false")


def reader_strings_script(script: str) -> str:
    """``reader-strings.js`` with the interface strings written in ``script`` (``hans``/``hant``).

    ``json.dumps`` escapes every non-ASCII character and quote, so no string can end the
    object literal or the script early.
    """
    ui = convert_strings(UI, script)
    strings = {key: ui[key] for key in SCRIPT_KEYS}
    return ("/* Written at build by generator/pages/reader_strings.py: the reader scripts' strings. */\n"
            "(globalThis.studyGuide = globalThis.studyGuide || {}).strings = "
            f"{json.dumps(strings, sort_keys=True)};\n")
