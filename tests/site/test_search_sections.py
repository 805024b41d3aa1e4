"""A page cut into search sections (generator.search.sections) as Material's search plugin cuts it.

Each case is checked against Material's own parser (``material.plugins.search.plugin.Parser``):
the same sections, titles, anchors, text and exclusions, or None where the page holds markup
the single pass does not read (Material's parser then reads it).
"""
from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from material.plugins.search.plugin import Parser

from generator.search.sections import page_sections
from testing.hostile import render_all
from tests.linear import assert_linear
from tests.paths import BUNDLED


def materials(page: str) -> list[tuple]:
    parser = Parser()
    parser.feed(page)
    parser.close()
    return [(s.el.tag, s.id, "".join(s.title), "".join(s.text), s.is_excluded()) for s in parser.data]


def ours(page: str) -> list[tuple] | None:
    sections = page_sections(page)
    if sections is None:
        return None
    return [(s.tag, s.id, "".join(s.title), "".join(s.text), s.excluded) for s in sections]


# Each is a rule of Material's parser, its quirks included.
CASES = {
    "preface and headings": '<p>intro</p><h1 id="t">Title</h1><p>a</p><h2 id="q1">第1題<a class="headerlink" '
                            'href="#q1">&para;</a></h2><p>stem</p>',
    "first heading not h1": '<h2 id="q1">one</h2><p>a</p><h3 id="x">two</h3>',
    "heading without id": '<h2>plain</h2><p>a</p>',
    "kept tags, others dropped": '<p>a <strong>b</strong> <code>c</code><sub>2</sub></p><ul><li>x</li></ul>'
                                 '<table><tr><td>cell</td></tr></table>',
    "empty kept tags dropped": '<p> </p><p>a</p><p>\n</p><ul><li></li></ul>',
    "entities unescaped and escaped": '<p>&lt;b&gt; &amp;amp; &#39;q&#39; &quot;x&quot; &nbsp;</p>',
    "whitespace collapsed, but in pre": '<p>a\n  b</p>  \n  <pre><code>x\n\n  y</code></pre> \n ',
    "excluded blocks": '<details class="answer"><summary data-search-exclude>答案</summary><p>ans</p></details>'
                       '<div data-search-exclude><p>hidden</p><div>inner</div><p>after inner</p></div><p>shown</p>',
    "excluded heading": '<h2 id="a" data-search-exclude>skip</h2><p>x</p><h2 id="b">keep</h2><p>y</p>',
    "line numbers": '<div class="linenodiv"><pre>1\n2</pre></div><p>code</p>',
    "heading nested in a block": '<div class="q"><h2 id="q1">one</h2><p>a</p></div><p>after</p>'
                                 '<div><h3 id="q2">two</h3></div><p>tail</p>',
    "void and self-closing tags": '<p>a<br>b<br/>c<img src="x.png" alt="y">d<span/>e</p>',
    "mismatched end tag": '<p>a</span>b</p></div><p>c</p>',
    "attributes with markup characters": '<p title="a > b" data-x=\'c\'>t</p><p class=bare>u</p>',
    "upper-case tags": '<P>a</P><H2 ID="z">T</H2>',
    "excluded with a heading inside": '<div data-search-exclude><h2 id="h">in</h2><p>x</p></div><p>y</p>',
    "excluded, unbalanced inside": '<div data-search-exclude><p>x</div><p>y</p></div><p>z</p>',
    "excluded in excluded, the outer's name inside": '<div data-search-exclude><span data-search-exclude>'
                                                     '<div>a</div>b</span>c</div><p>d</p>',
    "excluded section after the text": '<h2 id="q">Q</h2><p>a</p><section data-search-exclude><p>key</p>'
                                       '<div><ul><li>1</li></ul></div></section><p>after</p>',
    "katex shell": '<p>x<span class="sg-math"><sg-katex data-search-exclude aria-hidden="true">1-2</sg-katex>'
                   '<span class="sg-math-text">a+b</span></span>。</p>',
}
UNREAD = {
    "comment": "<p>a<!-- c -->b</p>",
    "script": "<p>a</p><script>var x = '<p>';</script>",
    "style": "<style>p{}</style><p>a</p>",
    "stray less-than": "<p>a < b</p>",
    "declaration": "<!DOCTYPE html><p>a</p>",
}


@pytest.mark.parametrize("name", CASES)
def test_a_page_is_cut_as_materials_parser_cuts_it(name):
    assert ours(CASES[name]) == materials(CASES[name])


@pytest.mark.parametrize("name", UNREAD)
def test_markup_beyond_plain_tags_is_left_to_materials_parser(name):
    assert page_sections(UNREAD[name]) is None


# Pieces of tag soup: plain, excluded, heading and void tags, end tags that may not match.
PIECES = st.sampled_from(["<div>", "</div>", "<div data-search-exclude>", "<section data-search-exclude>",
                          "</section>", "<p>", "</p>", "<span data-search-exclude>", "</span>", '<h2 id="h">',
                          "</h2>", "<br>", "<li>", "</li>", "text", " ", "&amp;"])


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.lists(PIECES, max_size=30))
@example(["<div data-search-exclude>", "<div>", "</div>", "text", "</div>", "text"])
def test_any_soup_of_plain_tags_is_cut_as_materials_parser_cuts_it(pieces):
    page = "".join(pieces)
    assert ours(page) == materials(page)


def test_every_page_of_the_bundled_guide_is_cut_as_materials_parser_cuts_it():
    pages = render_all(BUNDLED)
    read = {path for path, page in pages.items() if ours(page) is not None}
    assert {"ai-trainer/chapter-1.md", "glossary.md"} <= read and len(read) > 10
    for path, page in pages.items():
        assert ours(page) in (None, materials(page)), path


@pytest.mark.slow  # growth: the work at n/4 and n, three times each
def test_cutting_a_page_is_linear_in_its_length():
    unit = ('<p><a class="term" href="g.html#lr" title="步長">學習率</a>lr=3e-4<span class="sg-math">'
            '<sg-katex data-search-exclude aria-hidden="true">1-1</sg-katex><span class="sg-math-text">a*b</span>'
            '</span> &lt;b&gt;<br>\n</p>')
    page = '<h2 id="q1">第1題</h2>' + unit * 5_000
    sections = page_sections(page)
    assert sections is not None and "".join(sections[-1].text).count("學習率") == 5_000
    assert_linear(lambda n: page_sections('<h2 id="q1">第1題</h2>' + unit * n), 5_000)
