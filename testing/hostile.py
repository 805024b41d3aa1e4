"""Hostile banks of any size, one per shape that once took time quadratic in its size (issue 18).

Each shape makes a bank from a size ``n`` (spaces, openers or characters).  ``size`` is what
the issue measured; ``benchmarks/bench_hostile.py`` runs each shape at a quarter of it and at
it, and prints the ratio.  ``suite_size``, where quadratic time would take minutes, is what
the test suite runs once (``tests/unit/test_hostile_sizes.py``): the issue's size but for the
7 MB line (1 MB, a 500 KB field having taken minutes).  ``check`` and ``render`` are the two paths timed: what
``python -m generator check`` does, and a chapter page from the bank to its HTML.
"""
from __future__ import annotations

import contextlib
import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from testing.paths import MKDOCS_YML, ROOT

# Prose as banks write it, with a formula, glossary terms, code in backticks and markup to
# escape; and the same without anything that could be a formula.
PROSE = "學習率lr=3e-4，權重衰減wd=0.01；模型(a*b)_c [x]! <b>&amp; `q` 梯度‖∇w‖/(1+λ)。"
PLAIN = "學習率很重要，權重衰減也是；模型[x]! <b>&amp; `q` *星號* _底線_ #井號。"


def _question(field: str) -> str:
    return f"一、甲\n1.（簡答）題\n答案：{field}\n解析：好。\n"


@dataclass(frozen=True)
class Shape:
    name: str
    make: Callable[[int], str]  # size -> the bank's text
    size: int  # what the issue measured
    suite_size: int  # what the suite runs once
    unit: str  # what the size counts


SHAPES = (
    Shape("heading-of-spaces", lambda n: "# a" + " " * n + "b\n" + _question("甲"), 100_000, 100_000, "spaces"),
    Shape("math-openers", lambda n: _question("\\(" * n), 40_000, 40_000, "\\( in a field"),
    Shape("big-field", lambda n: _question("\n".join([PROSE] * (n // len(PROSE)))), 500_000, 500_000,
          "characters"),
    Shape("long-line", lambda n: _question(PLAIN * (n // len(PLAIN))), 7_000_000, 1_000_000,
          "characters on one line"),
    Shape("nested-parentheses", lambda n: _question("(" * (n // 2) + ")" * (n // 2)), 200_000, 200_000,
          "characters"),
    # Once split into 33,000 empty code blocks, each highlighted by Pygments (90-150 s).
    Shape("backtick-run", lambda n: _question("`" * n), 200_000, 200_000, "backticks"),
)


def check(path: Path) -> str:
    """What ``python -m generator check`` prints for the bank at ``path`` (without its errata)."""
    from generator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["check", str(path), "--no-errata"])
    return out.getvalue()


def render(path: Path) -> str:
    """The HTML of the first chapter's page of the guide for the bank at ``path`` (:func:`render_all`)."""
    return next(html for name, html in render_all(path).items() if name.endswith("chapter-1.md"))


def key_apart(page: str) -> tuple[str, str]:
    """A chapter page's questions and its practice edition's answer key, which writes the
    open questions' answers out once more (generator.pages.editions.answer_key)."""
    questions, _, key = page.partition('<section class="answer-key"')
    return questions, key


def render_all(path: Path) -> dict[str, str]:
    """The HTML of every page of the guide for the bank at ``path``, by page path, as the site shows
    it: pages rendered with the guide's glossary and typeset formulas, then the site's Markdown
    extensions."""
    import markdown
    from mkdocs.utils.yaml import yaml_load

    from generator.base.settings import Settings
    from generator.pages.compose import build_guide

    guide = build_guide(Settings((path,), "original", ROOT, ROOT / "site_config" / "glossary.yml"))
    assert guide.formulas is not None
    names, configs = [], {}
    for entry in yaml_load(MKDOCS_YML.read_text(encoding="utf-8"))["markdown_extensions"]:
        name, config = next(iter(entry.items())) if isinstance(entry, dict) else (entry, {})
        names.append(name)
        configs[name] = config or {}
    pages = {}
    for page in guide.pages:
        text = page.markdown
        if text.startswith("---\n"):  # the tags' front matter, which MkDocs takes off
            text = text[text.index("\n---\n", 4) + 5:]
        converter = markdown.Markdown(extensions=names, extension_configs=configs)
        pages[page.path] = guide.formulas.restore(converter.convert(text))
    return pages
