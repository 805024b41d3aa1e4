"""Typesetting with KaTeX (generator.math.katex): the bundled bank, errors, page markup, assets,
and the Node process it runs in (generator.math.node)."""
from __future__ import annotations

import json
import logging
import multiprocessing
import os
import re
import shutil
import subprocess
import sys
from html import escape

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.base.errors import GuideError
from generator.math.detect import FormulaError, Math, split_math
from generator.math.katex import (
    CSS_URL,
    EXCLUDED_TAG,
    KatexMissingError,
    KatexRenderer,
    MathStash,
    default_renderer,
    katex_assets,
    math_html,
)
from generator.math.node import NodeError
from generator.math.to_latex import SYMBOLS
from generator.read.load import load_bank, read_bank
from testing.browser import CHROMIUM
from tests.paths import BUNDLED, FORMULA_CASES, GOLDEN, ROOT

CASES = yaml.safe_load(FORMULA_CASES.read_text(encoding="utf-8"))
# KaTeX's HTML for each formula of the cases, as mini-racer's V8 made it before the build moved
# to Node: the HTML must not change with the runtime (nor unnoticed with a KaTeX upgrade).
GOLDEN_HTML = GOLDEN / "katex-formula-cases.json"
GUIDE_CSS = ROOT / "overrides" / "assets" / "stylesheets" / "guide.css"  # holds the .sg-math rules


@pytest.fixture(scope="module")
def renderer():
    return default_renderer()


def bank_formulas(bank) -> list[tuple[str, Math]]:
    out = []
    for q in bank.questions:
        texts = [q.stem, q.answer_text or "", q.explanation, *(o.text for o in q.options), *q.notes]
        out += [(f"{bank.source}: question {q.number}", s) for t in texts for s in split_math(t)
                if isinstance(s, Math)]
    return out


@pytest.mark.parametrize("corrected", [False, True], ids=["raw", "corrected"])
def test_every_formula_of_the_bundled_bank_typesets(renderer, caplog, corrected):
    if corrected and not (BUNDLED.parent / "errata.yml").is_file():
        pytest.skip("no errata.yml beside the bundled bank yet")
    found = bank_formulas(load_bank(BUNDLED) if corrected else read_bank(BUNDLED))
    assert len(found) > 60
    with caplog.at_level(logging.WARNING, logger="generator.math.katex"):
        for where, formula in found:
            html = renderer.render(formula.latex, formula.display, where)
            assert 'class="katex' in html and "katex-error" not in html
    assert not caplog.records, caplog.records[0].getMessage()


def test_spec_cases_typeset_without_warnings(renderer, caplog):
    with caplog.at_level(logging.WARNING, logger="generator.math.katex"):
        for case in CASES:
            for formula in case["math"]:
                html = renderer.render(formula["latex"], formula.get("display", False))
                assert ("katex-display" in html) == formula.get("display", False)
    assert not caplog.records


PIECES = sorted(SYMBOLS) + list("abxyzABP0123456789()[]{} ，。；加速萬μs") + ["GB", "lr", "p_t", "3e-4", "^{", "_{"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_whatever_is_detected_typesets(text):
    renderer = default_renderer()
    for segment in split_math(text):
        if isinstance(segment, Math):
            renderer.render(segment.latex, segment.display)


def test_a_formula_katex_rejects_names_question_latex_and_reason():
    with pytest.raises(FormulaError) as error:
        default_renderer().render(r"\frac{a}{", False, "bank.txt: question 7")
    message = str(error.value)
    assert isinstance(error.value, GuideError)
    assert message.startswith("bank.txt: question 7: expected LaTeX that KaTeX can typeset")
    assert r"'\\frac{a}{'" in message and "KaTeX parse error" in message and "errata.yml" in message


def test_cjk_in_text_is_quiet_but_cjk_in_math_mode_is_logged(caplog):
    renderer = default_renderer()
    with caplog.at_level(logging.WARNING, logger="generator.math.katex"):
        renderer.render(r"E[\text{加速}]=\frac{\gamma}{1+(1-\alpha)\gamma}", False)
        assert not caplog.records
        renderer.render("加速=1", False, "bank.txt: question 22")
    assert caplog.records and "question 22" in caplog.text and "加速=1" in caplog.text


def test_missing_katex_says_to_run_npm_ci(tmp_path):
    renderer = KatexRenderer(root=tmp_path)
    with pytest.raises(KatexMissingError) as error:
        renderer.render("x", False)
    assert "npm ci" in str(error.value) and isinstance(error.value, GuideError)
    with pytest.raises(KatexMissingError, match="npm ci"):
        katex_assets(tmp_path)


def test_node_is_started_lazily_and_results_are_cached():
    renderer = KatexRenderer()
    assert renderer.node.pid is None
    first = renderer.render("x^2", False)
    pid = renderer.node.pid
    assert pid is not None
    assert renderer.render("x^2", False) is first
    assert renderer.render("x^2", True) != first  # display is part of the key
    renderer.close()
    assert renderer.node.pid is None and not os.path.exists(f"/proc/{pid}")  # stopped and reaped
    assert renderer.render("x^2", False) == first


def test_node_gives_the_expected_html_for_every_formula_case(update_golden):
    keys = list(dict.fromkeys((f["latex"], f.get("display", False)) for case in CASES for f in case["math"]))
    renderer = KatexRenderer(cache_size=0)
    made = [{"latex": latex, "display": display, "html": html} for (latex, display), html
            in zip(keys, renderer.render_all((latex, display, "") for latex, display in keys), strict=True)]
    renderer.close()
    if update_golden:
        GOLDEN_HTML.write_text(json.dumps(made, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    expected = {(e["latex"], e["display"]): e["html"] for e in json.loads(GOLDEN_HTML.read_text(encoding="utf-8"))}
    assert [m["latex"] for m in made if m["html"] != expected.get((m["latex"], m["display"]))] == [], \
        "rerun with --update-golden after checking the diff"
    assert len(expected) == len(made)


def test_html_beyond_the_basic_plane_and_lone_surrogates_come_back_whole():
    # The answer's lengths count UTF-16 code units, which a character beyond U+FFFF takes two of.
    renderer = KatexRenderer(cache_size=0)
    wide, plain = renderer.render_all([(r"\text{😀 and 𠀀}", False, ""), ("x", False, "")], warn=False)
    assert "😀\xa0and\xa0𠀀" in wide and plain == renderer.render("x", False)
    with pytest.raises(FormulaError, match="\ud800"):
        renderer.render("\ud800x", False)
    renderer.close()


def test_output_that_is_no_answer_is_an_error(tmp_path):
    root = fake_katex(tmp_path, "process.stdout.write('Debugger listening\\n'); module.exports = {};")
    renderer = KatexRenderer(root=root)
    with pytest.raises(NodeError, match="output that is no answer: b'Debugger listening'"):
        renderer.render("x", False)
    assert renderer.node.pid is None


def test_a_command_nothing_trusts_is_an_error_naming_it():
    with pytest.raises(FormulaError, match=r"\\href is not allowed in a formula \(no links, images or HTML\)"):
        default_renderer().render(r"\href{https://example.com}{x}", False, "bank.txt: question 3")


def test_a_missing_node_is_an_error_naming_what_to_install(tmp_path):
    renderer = KatexRenderer(node=str(tmp_path / "no-node"))
    with pytest.raises(NodeError) as error:
        renderer.render("x", False, "bank.txt: question 1")
    message = str(error.value)
    assert isinstance(error.value, GuideError)
    assert message.startswith(f"{tmp_path / 'no-node'}: expected Node.js's `node` program, to typeset formulas")
    assert "apt-get install nodejs" in message and "README" in message


EXIT_WITH_NODE_RUNNING = """
from generator.math.katex import default_renderer
default_renderer().render("x", False)
print(default_renderer().node.pid)
"""


def test_node_is_stopped_when_python_exits():
    result = subprocess.run([sys.executable, "-c", EXIT_WITH_NODE_RUNNING], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)  # a hang at exit fails here
    assert result.returncode == 0, result.stderr
    assert not os.path.exists(f"/proc/{int(result.stdout)}")  # ended and reaped


def fake_katex(root, script: str):
    """A KaTeX installation under ``root`` whose katex.min.js is ``script``."""
    dist = root / "node_modules" / "katex" / "dist"
    dist.mkdir(parents=True)
    (dist / "katex.min.js").write_text(script, encoding="utf-8")
    return root


def test_node_that_stops_is_an_error_with_what_it_printed_and_the_next_formula_starts_another(tmp_path):
    root = fake_katex(tmp_path, "module.exports = {renderToString: function (tex) {"
                                " if (tex === 'crash') { process.stderr.write('gone'); process.exit(3); }"
                                " return '<b>' + tex + '</b>'; }};")
    renderer = KatexRenderer(root=root)
    with pytest.raises(NodeError, match=r"ended without answering, exit status 3; it printed: gone"):
        renderer.render("crash", False)
    assert renderer.render("y", False) == "<b>y</b>"
    renderer.close()


def test_node_that_does_not_answer_is_stopped_at_the_timeout(tmp_path):
    root = fake_katex(tmp_path, "module.exports = {renderToString: function () { for (;;) {} }};")
    renderer = KatexRenderer(root=root, timeout=0.5)
    with pytest.raises(NodeError, match=r"no answer within 0\.5 s"):
        renderer.render("x", False)
    assert renderer.node.pid is None


def _node_of_a_forked_renderer(renderer: KatexRenderer, out) -> None:
    out.send((renderer.render("x^3", False), renderer.node.pid))


def test_a_forked_process_starts_a_node_of_its_own():
    renderer = KatexRenderer(cache_size=0)
    html = renderer.render("x^3", False)
    context = multiprocessing.get_context("fork")
    inbox, outbox = context.Pipe(duplex=False)
    child = context.Process(target=_node_of_a_forked_renderer, args=(renderer, outbox))
    child.start()
    child_html, child_node = inbox.recv()
    child.join()
    assert child_html == html and child_node not in (None, renderer.node.pid)
    assert renderer.render("x^3", False) == html  # the parent's Node still answers
    renderer.close()


def search_text(html: str) -> str:
    """What Material's search plugin indexes for ``html`` (its own parser, as installed)."""
    from material.plugins.search.plugin import Parser

    parser = Parser()
    parser.feed(f"<p>{html}</p>")
    parser.close()
    return "".join("".join(section.text) for section in parser.data)


@pytest.mark.parametrize("display", [False, True], ids=["inline", "display"])
def test_math_html_is_typeset_and_searchable_as_its_source(display):
    segment = Math(r"\eta_{l}=\eta\times\|w\|/(\|\nabla w\|+\lambda\|w\|)<1", display, "η_l=η×‖w‖/(‖∇w‖+λ‖w‖)<1")
    html = math_html(segment)
    assert "katex-error" not in html and 'class="katex' in html
    assert ("katex-display" in html) == display and ("sg-math--display" in html) == display
    assert f"<{EXCLUDED_TAG} data-search-exclude" in html
    assert escape(segment.source, quote=False) in html  # readable text, escaped
    assert search_text(html) == "<p>" + escape(segment.source, quote=False) + "</p>"


def test_a_span_would_not_keep_katex_out_of_the_search_index():
    # Why the wrapper is not a <span>: Material's parser matches elements by tag name, so the
    # first </span> inside KaTeX's HTML ends the exclusion and the glyphs leak into the index.
    katex = default_renderer().render(r"\frac{a}{b}=c", False)
    assert "c" in search_text(f"<span data-search-exclude>{katex}</span>")
    assert "c" not in search_text(f"<{EXCLUDED_TAG} data-search-exclude>{katex}</{EXCLUDED_TAG}>")


def test_a_block_of_html_stands_in_the_page_for_the_paragraph_markdown_made_of_its_token():
    stash = MathStash()
    table = "<table>\n<tr><td>1</td></tr>\n</table>"
    token = stash.put_block_html(table)
    forged = token[:1] + "0" * 16 + token[17:]  # a bank's own private-use characters, nothing of the stash's
    page = stash.restore(f"<h2>一</h2>\n<p>{token}</p>\n<p>{forged}</p>\n<p>前 {token}</p>")
    assert page == f"<h2>一</h2>\n{table}\n<p>{forged}</p>\n<p>前 {table}</p>"  # a block stands alone


def test_a_stash_kept_for_a_session_lets_each_block_go_once_put_in():
    stash = MathStash(keep=True)  # `mkdocs serve`: the index and glossary are made at every build
    for build in range(3):
        token = stash.put_block_html(f"<table><tr><td>{build}</td></tr></table>")
        assert stash.restore(f"<p>{token}</p>") == f"<table><tr><td>{build}</td></tr></table>"
    assert not stash._shell and not stash._katex  # nothing held from build to build


def test_assets_are_the_css_and_every_woff2_font_it_names():
    assets = katex_assets()
    css_path, css_url = assets[0]
    css = css_path.read_text(encoding="utf-8")
    named = set(re.findall(r"url\((fonts/[^)]+\.woff2)\)", css))
    assert css_url == CSS_URL and len(named) == 20
    assert {url for _, url in assets[1:]} == {"assets/katex/" + name for name in named}
    assert all(path.is_file() and path.suffix == ".woff2" for path, _ in assets[1:])
    assert "http" not in re.sub(r"/\*.*?\*/", "", css, flags=re.S)  # nothing from a CDN


@pytest.fixture()
def math_page(tmp_path):
    """A page of formulas as the site serves them: KaTeX's CSS and fonts, the guide's CSS, no script."""
    for path, url in katex_assets():
        (tmp_path / url).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, tmp_path / url)
    shutil.copy(GUIDE_CSS, tmp_path / "guide.css")
    long = "KVcache=2×batch×seq×layers×hidden×2Byte=2×32×1536×32×4096×2≈24.0GB，工作區很大"
    body = "".join(f"<p>{escape(s.text) if not isinstance(s, Math) else math_html(s)}</p>"
                   for s in split_math("權重13.4GB，η_l=η×‖w‖/(‖∇w‖+λ‖w‖)，" + long))
    (tmp_path / "index.html").write_text(
        '<!doctype html><html lang="zh"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f'<link rel="stylesheet" href="{CSS_URL}"><link rel="stylesheet" href="guide.css"></head>'
        f"<body>{body}</body></html>", encoding="utf-8")
    return tmp_path / "index.html"


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's Chromium")
def test_page_without_javascript_shows_math_in_katex_fonts_and_scrolls_on_a_phone(math_page, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    try:
        page = context.new_page()
        requested: list[str] = []
        page.on("request", lambda request: requested.append(request.url))
        page.goto(math_page.as_uri())
        page.wait_for_load_state("load")
        fonts = page.evaluate("[...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)")
        display = page.locator(".sg-math--display").first
        scroll = display.evaluate("e => [e.scrollWidth, e.clientWidth, getComputedStyle(e).overflowX]")
        page_width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        hidden = page.locator(".sg-math-text").first.bounding_box()
        page.emulate_media(media="print")
        printed = display.evaluate("e => getComputedStyle(e).overflowX")
    finally:
        context.close()
    assert "KaTeX_Main" in fonts and "KaTeX_Math" in fonts
    assert all(url.startswith("file://") for url in requested)
    assert not [url for url in requested if url.endswith((".woff", ".ttf"))]
    assert scroll[0] > scroll[1] and scroll[2] == "auto"  # the derivation scrolls ...
    assert page_width[0] == page_width[1]  # ... and the page does not
    assert hidden is not None and hidden["width"] <= 1 and hidden["height"] <= 1
    assert printed == "visible"


def test_stash_brings_formulas_through_markdown_unchanged():
    import markdown

    from generator.math.detect import Text
    from generator.math.katex import MathStash
    from generator.pages.escape import escape_lines

    text = "設max_len×d_model與*強調*，L_aux=α∑_{i=1}^E f_i·P_i，n≥z²(1−ρ²)/(4ε²)=1.96²×(1−0.72²)/(4×0.02²)≈1156，完"
    stash = MathStash()
    segments = split_math(text)
    source = "".join(escape_lines(s.text) if isinstance(s, Text) else stash.put(s) for s in segments)
    converted = markdown.markdown(source, extensions=["pymdownx.escapeall"])
    expected = "".join(escape(s.text, quote=False) if isinstance(s, Text) else math_html(s) for s in segments)
    assert stash.restore(converted) == f"<p>{expected}</p>"
    assert "\ue000" in stash.restore(converted)  # a token is used once: a second restore leaves it


def test_a_token_written_twice_in_a_page_is_filled_in_both_places():
    from generator.math.katex import MathStash

    stash = MathStash()
    formula = next(s for s in split_math("設a×b=c") if isinstance(s, Math))
    token, prose = stash.put(formula), stash.put_html("<b>甲</b>")
    page = f"<p>{token} {prose}</p><section>{token} {prose}</section>"
    shown = f"{math_html(formula)} <b>甲</b>"
    assert stash.restore(page) == f"<p>{shown}</p><section>{shown}</section>"
    assert stash.restore(page) == page  # then given out: the stash does not keep a page's formulas


def test_a_bank_cannot_forge_a_formula_token():
    from generator.math.katex import MathStash

    stash = MathStash()
    formula = next(s for s in split_math("設a×b=c") if isinstance(s, Math))
    token = stash.put(formula)
    forged = f"<p>\ue000{'0' * 16}-0\ue001 and \ue0000\ue001</p>"
    assert stash.restore(forged) == forged
    assert "katex" in stash.restore(f"<p>{token}</p>")


def test_search_reads_a_formula_without_katex_and_the_page_gets_it_after():
    from generator.math.katex import EXCLUDED_TAG, MathStash

    stash = MathStash()
    formula = next(s for s in split_math("設a×b=c") if isinstance(s, Math))
    token = stash.put(formula)
    shell = stash.shells(f"<p>{token}</p>")
    assert 'class="katex"' not in shell and f"<{EXCLUDED_TAG} data-search-exclude" in shell
    assert token in shell and "a×b=c" in shell  # the readable source is what search indexes
    assert stash.fill(shell) == f"<p>{math_html(formula)}</p>"


def test_formulas_typeset_by_one_stash_restore_in_another_with_the_same_tokens():
    import pickle

    from generator.math.katex import MathStash

    made_here = MathStash()
    beside = pickle.loads(pickle.dumps(made_here))  # as a forked process has it
    formulas = [s for s in split_math("設a×b=c，且x²+y²=1") if isinstance(s, Math)]
    tokens = [beside.put(f, "q1") for f in formulas]
    made_here.absorb(beside.drain())
    assert made_here.restore(" ".join(tokens)) == " ".join(math_html(f) for f in formulas)
    assert beside.drain() == {}  # each formula is given out once
