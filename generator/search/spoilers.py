"""A mark on every block of a folded answer that survives into the search index.

Material's search shows, of a result, only the blocks (paragraphs, lists, code) in which
the query was found, and its index keeps no attribute of them: a script cannot tell a
result's explanation from its stem.  So each block of a folded answer (``<details
class="answer">``: the answer line, the explanation, the editor's note) gets
:data:`MARK`, a ``<sup>`` holding only a zero-width space: the index keeps the ``<sup>``
(one of the few tags it keeps; a truly empty one it would drop) without its attributes or
the zero-width space, so the result shows an empty ``<sup>``; the page hides it (``hidden``);
no query can find it.
``overrides/src/search/spoilers.js`` hides the result blocks that hold it in the practice edition.

Pure: HTML in, HTML out, one pass.
"""
from __future__ import annotations

import re

# Nothing else on a page writes a <sup> (bank text is escaped, formulas are KaTeX's spans).
MARK = '<sup class="search-answer-mark" hidden>\u200b</sup>'
ANSWER_START = '<details class="answer">'
# The tags a folded answer's blocks open with, and the <details> that nest in it.
_TAG = re.compile(r"<(?:(?P<block>p|li|pre)(?=[\s>])[^>]*>|(?P<open>details)[\s>]|(?P<close>/details>))")


def mark_answer_blocks(html: str) -> str:
    """``html`` with :data:`MARK` at the start of every paragraph, list item and code block
    inside each folded answer; nothing outside the answers changes."""
    out: list[str] = []
    done = 0
    start = html.find(ANSWER_START)
    while start >= 0:
        depth, kept, kept_done = 0, len(out), done
        for match in _TAG.finditer(html, start):
            if match.group("open"):
                depth += 1
            elif match.group("close"):
                depth -= 1
                if depth == 0:
                    done_at = match.end()
                    break
            else:
                out += [html[done:match.end()], MARK]
                done = match.end()
        else:  # an answer never closed (not written by the generator): leave the rest as it is
            del out[kept:]
            done = kept_done
            break
        start = html.find(ANSWER_START, done_at)
    out.append(html[done:])
    return "".join(out)
