"""A question's links written as HTML by the generator: the page is the same as when Markdown
made them, and a link to a page the site lacks is still a warning (mkdocs build --strict)."""
from __future__ import annotations

import logging
from types import SimpleNamespace

import markdown
import pytest
from mkdocs.structure.files import File, Files

from generator.links.glossary import Glossary, Term
from generator.math.katex import MathStash
from generator.pages.escape import escape
from generator.pages.prose import InlineRenderer, Link, _attribute, link_html, page_url
from generator.read.text.parse import parse
from generator.site.page_links import broken_links
from generator.site.plugin import StudyGuidePlugin

# The site's extensions that act on a paragraph (mkdocs.yml).
EXTENSIONS = ["admonition", "attr_list", "md_in_html", "tables", "pymdownx.details", "pymdownx.escapeall",
              "pymdownx.superfences"]
TRICKY = ["p<q & r", 'a "quoted" \\ back', "it's &amp; <b>x</b>", "tab\tx ` * _ [x](y) $a$", "é 中文 &#38; &copy"]


@pytest.mark.parametrize("title", ["", *TRICKY])
@pytest.mark.parametrize("text", ["LLaMA", 'a<b & "c"', "*x* `y`\t[z]"])
def test_a_link_as_html_is_what_markdown_makes_of_it(title, text):
    link = Link(0, len(text), "../glossary.md#llama", title, "term" if title else "")
    quoted = f' "{_attribute(title)}"' if title else ""
    source = f"[{escape(text)}](../glossary.md#llama{quoted})"
    source += f"{{ .{link.css_class} }}" if link.css_class else ""
    made = markdown.markdown(f"x{source}y", extensions=EXTENSIONS)
    assert made == "<p>x" + link_html(link, text).replace("glossary.html", "glossary.md") + "y</p>"


def test_page_addresses_are_the_html_pages():
    assert page_url("../glossary.md#llama") == "../glossary.html#llama"
    assert page_url("chapter-2.md") == "chapter-2.html"
    assert page_url("chapter-2.mdx#a.md") == "chapter-2.mdx#a.md"


BANK = parse("""一、訓練
1.（單選）關于LoRA與RLHF的 *說法* 正確的是<b>？見第2題。
A.LoRA B.乙 答案：A 解析：RLHF & LoRA，另見第2題。
2.（單選）GPU的說法 A.甲 B.乙 答案：B
""", "test.txt", "test")
GLOSSARY = Glossary((Term("lora", "LoRA", (), "低秩 <適配> & \"微調\""), Term("rlhf", "RLHF", (), "人類反饋")))


def _page(html_links: bool) -> str:
    """Every prose field of the bank as the site shows it, through Markdown and the stash."""
    stash = MathStash()
    render = InlineRenderer(BANK, GLOSSARY, targets=lambda q, n: f"chapter-1.md#q{n}", raw=stash.put_html,
                            html_links=html_links)
    fields = [(q, text) for q in BANK.questions for text in (q.stem, *(o.text for o in q.options), q.explanation)]
    source = "\n\n".join(render(q, text) for q, text in fields if text)
    return stash.shells(markdown.markdown(source, extensions=EXTENSIONS))


def test_prose_with_html_links_is_the_page_markdown_made():
    made_by_markdown = _page(html_links=False)
    assert 'href="../glossary.md#lora"' in made_by_markdown and 'href="chapter-1.md#q2"' in made_by_markdown
    assert _page(html_links=True) == made_by_markdown.replace(".md#", ".html#")


def test_links_to_pages_the_site_lacks_are_found_once_each():
    html = ('<a href="chapter-2.html#q1">x</a><a class="term" href="../glossary.html#a" title="t">y</a>'
            '<a href="chapter-9.html#q1">z</a><a href="chapter-9.html">z</a><a href="#q3">same page</a>'
            '<a href="../bank/bank.apkg" download>deck</a><a href="https://example.org/x.html">out</a>')
    assert broken_links(html, "bank/chapter-1.html", {"bank/chapter-2.html", "glossary.html"}) == ["chapter-9.html"]
    assert broken_links(html, "bank/chapter-1.html", {"bank/chapter-2.html"}) == ["../glossary.html",
                                                                                  "chapter-9.html"]


def test_a_broken_link_the_generator_wrote_is_a_warning_strict_mode_counts(tmp_path, caplog):
    plugin = StudyGuidePlugin()
    plugin.plan = SimpleNamespace(formulas=None)  # type: ignore[assignment]
    files = Files([File(path, str(tmp_path), str(tmp_path / "site"), False)
                   for path in ("bank/chapter-1.md", "bank/chapter-2.md", "glossary.md")])
    page = SimpleNamespace(file=SimpleNamespace(generated_by="study-guide", src_uri="bank/chapter-1.md",
                                                dest_uri="bank/chapter-1.html"))
    with caplog.at_level(logging.WARNING, logger="mkdocs"):
        plugin.on_page_content('<p><a href="chapter-2.html#q1">ok</a> <a href="../glossary.html#x">ok</a></p>',
                               page, None, files)  # type: ignore[arg-type]
        assert not caplog.records
        plugin.on_page_content('<p><a href="chapter-3.html#q1">gone</a></p>', page, None, files)  # type: ignore[arg-type]
    [record] = caplog.records
    assert record.name.startswith("mkdocs.") and record.levelno == logging.WARNING  # MkDocs counts it (--strict)
    assert "bank/chapter-1.md" in record.getMessage() and "chapter-3.html" in record.getMessage()


def test_the_footer_as_html_is_the_page_markdown_made():
    from generator.pages.index_pages import CrossLinks
    from generator.pages.strings import UI

    bank = parse("""一、訓練
1.（單選）關于LoRA與RLHF的<b>說法</b> & 正確的是 A.甲 B.乙 答案：A
2.（單選）LoRA與RLHF的*第二*問 A.甲 B.乙 答案：B
二、推理
3.（單選）LoRA與RLHF再問 A.甲 B.乙 答案：B
""", "test.txt", "test")
    links = CrossLinks.build((bank,), GLOSSARY, lambda text: text, dict(UI))
    for question in bank.questions:
        made = markdown.markdown(links.footer(bank, question), extensions=EXTENSIONS)
        # MkDocs writes each address relative to the page, to the .html page
        made = made.replace("../test/", "").replace(".md#", ".html#")
        made = made.replace('data-search-exclude="data-search-exclude"', "data-search-exclude")  # MkDocs: HTML
        assert links.footer_html(bank, question) == made
        assert "chapter-" in made and "glossary.html#lora" in made


def test_a_paragraph_of_formulas_reaches_markdown_as_one_piece_and_the_page_shows_each_formula():
    from generator.math.detect import Math, split_math
    from generator.math.katex import STASH_TOKEN, math_html

    stash = MathStash()
    render = InlineRenderer(BANK, None, math=lambda segment, question: stash.put(segment), raw=stash.put_html,
                            html_links=True)
    line = "設a×b=c，且x²+y²=1，梯度‖∇w‖/(1+λ)。"
    source = render(BANK.questions[0], "\n".join([line] * 50))
    assert len(STASH_TOKEN.findall(source)) == 1  # not a piece of Markdown per formula and text between
    page = stash.restore(markdown.markdown(source, extensions=EXTENSIONS))
    formulas = [s for s in split_math(line) if isinstance(s, Math)]
    assert len(formulas) >= 2 and all(page.count(math_html(f)) == 50 for f in formulas)
    assert "\ue000" not in page


def test_the_glossary_page_with_html_links_is_the_html_its_markdown_makes():
    """The links to the questions using each term, most of a large guide's glossary page, reach
    Markdown as the HTML it would make of them (MkDocs then writes them to the .html pages)."""
    from generator.pages.index_pages import CrossLinks
    from generator.pages.strings import UI

    bank = parse("""一、訓練
1.（單選）關于LoRA與RLHF的<b>說法</b> & 正確的是 A.甲 B.乙 答案：A
2.（單選）LoRA與RLHF的*第二*問 `x` A.甲 B.乙 答案：B
二、推理
3.（單選）LoRA與RLHF再問 A.甲 B.乙 答案：B
""", "test.txt", "test")
    links = CrossLinks.build((bank,), GLOSSARY, lambda text: text, dict(UI))
    as_markdown = markdown.markdown(links.glossary_page().markdown, extensions=EXTENSIONS)
    as_markdown = as_markdown.replace(".md#", ".html#").replace('data-search-exclude="data-search-exclude"',
                                                                "data-search-exclude")
    as_html = markdown.markdown(links.glossary_page(html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</p>\n\n", "</p>\n") == as_markdown  # a raw block ends with a line of its own
    assert as_html.count("test/chapter-") == 2 * 3 and "&lt;b&gt;說法&lt;…" in as_html  # LoRA and RLHF
    # A build hands Markdown a token for each paragraph of links, not its thousands of tags.
    stash = MathStash()
    blocked = links.glossary_page(html_links=True, block=stash.put_block_html).markdown
    assert "<a " not in blocked and stash.restore(markdown.markdown(blocked, extensions=EXTENSIONS)) == as_markdown


def test_a_term_in_many_questions_names_ten_and_folds_the_rest_the_same_in_html_and_markdown():
    """A common term of a large bank is in hundreds of questions: the glossary names the first
    ten and folds the others under "其余 N 题", every link kept; the page's HTML is the one
    Markdown makes of the same page."""
    from generator.pages.index_pages import USES_SHOWN, CrossLinks
    from generator.pages.strings import UI

    count = USES_SHOWN + 3
    questions = "".join(f"{n}.（單選）LoRA第{n}問 A.甲 B.乙 答案：A\n" for n in range(1, count + 1))
    bank = parse("一、訓練\n" + questions, "test.txt", "test")
    links = CrossLinks.build((bank,), GLOSSARY, lambda text: text, dict(UI))
    as_markdown = markdown.markdown(links.glossary_page().markdown, extensions=EXTENSIONS)
    as_markdown = as_markdown.replace(".md#", ".html#").replace('data-search-exclude="data-search-exclude"',
                                                                "data-search-exclude")
    as_html = markdown.markdown(links.glossary_page(html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</p>\n\n", "</p>\n") == as_markdown
    shown, folded = as_html.split("<details", 1)
    assert shown.count("test/chapter-") == USES_SHOWN and folded.count("test/chapter-") == 3
    assert '<summary>其餘 3 題</summary>' in folded and 'class="term-uses" data-search-exclude' in folded
    assert f'#q{count}">第{count}題</a>' in folded and "LoRA第" not in folded  # numbers alone, folded
    stash = MathStash()
    blocked = links.glossary_page(html_links=True, block=stash.put_block_html).markdown
    assert stash.restore(markdown.markdown(blocked, extensions=EXTENSIONS)) == as_markdown

def test_a_long_chapter_of_the_question_index_is_folded_under_its_heading_the_same_in_html_and_markdown():
    """A chapter of more than ROWS_UNFOLDED questions shows its heading and "本章 N 题"; its
    table opens on a click.  A shorter chapter's table shows as it is."""
    from generator.pages.escape import ROWS_UNFOLDED
    from generator.pages.index_pages import CrossLinks
    from generator.pages.strings import UI

    count = ROWS_UNFOLDED + 1
    long = "".join(f"{n}.（單選）第{n}問 A.甲 B.乙 答案：A\n" for n in range(1, count + 1))
    bank = parse(f"一、長\n{long}二、短\n{count + 1}.（單選）短問 A.甲 B.乙 答案：A\n", "test.txt", "test")
    links = CrossLinks.build((bank,), GLOSSARY, lambda text: text, dict(UI))
    as_markdown = markdown.markdown(links.index_page().markdown, extensions=EXTENSIONS).replace(".md#", ".html#")
    as_html = markdown.markdown(links.index_page(html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</table>\n\n", "</table>\n").replace("</details>\n\n", "</details>\n") == as_markdown
    folded, short = as_html.split("<h2")[1:]
    assert f'<details class="index-rows">\n<summary>本章 {count} 題</summary>' in folded
    assert folded.count("<tr>") == count + 1 and "<details" not in short and short.count("<tr>") == 2
    stash = MathStash()
    blocked = links.index_page(html_links=True, block=stash.put_block_html).markdown
    assert "<table" not in blocked and stash.restore(markdown.markdown(blocked, extensions=EXTENSIONS)) == as_markdown

def test_the_question_index_with_html_links_is_the_html_its_markdown_makes():
    from dataclasses import replace

    from generator.bank.model import Flag, Severity
    from generator.pages.index_pages import CrossLinks
    from generator.pages.strings import UI

    bank = parse("""一、訓練
1.（單選）關于<b>說法</b> & 正確的 *是* `x` A.甲 B.乙 答案：A
2.（判斷）第二問 答案：對
""", "test.txt", "test")
    flags = (Flag("answer-conflict", Severity.WARNING, "m"), Flag("x<y", Severity.INFO, "n"))
    flagged = replace(bank.questions[0], flags=flags)
    bank = replace(bank, chapters=(replace(bank.chapters[0], questions=(flagged, *bank.chapters[0].questions[1:])),))
    links = CrossLinks.build((bank,), GLOSSARY, lambda text: text, dict(UI))
    as_markdown = markdown.markdown(links.index_page().markdown, extensions=EXTENSIONS).replace(".md#", ".html#")
    as_html = markdown.markdown(links.index_page(html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</table>\n\n", "</table>\n") == as_markdown  # a raw block ends with a line of its own
    assert "<code>answer-conflict</code> <code>x&lt;y</code>" in as_html and "&lt;b&gt;說法&lt;/b&gt; &amp;" in as_html
    stash = MathStash()  # a build hands Markdown a token for each table, not its tags
    blocked = links.index_page(html_links=True, block=stash.put_block_html).markdown
    assert "<table" not in blocked and stash.restore(markdown.markdown(blocked, extensions=EXTENSIONS)) == as_markdown


def test_a_long_table_of_flags_is_folded_the_same_in_html_and_markdown():
    """More than ROWS_UNFOLDED flags fold under 共 N 條 (a damaged bank of thousands of questions
    has thousands); fewer show as they are (the other report test)."""
    from dataclasses import replace

    from generator.bank.model import Flag, Severity
    from generator.pages.chapter import RenderContext, render_report
    from generator.pages.escape import ROWS_UNFOLDED
    from generator.pages.strings import UI

    count = ROWS_UNFOLDED + 1
    bank = parse("一、訓練\n" + "".join(f"{n}.（單選）第{n}問 A.甲 B.乙 答案：A\n" for n in range(1, count + 1)),
                 "test.txt", "test")
    flagged = tuple(replace(q, flags=(Flag("lost-minus", Severity.WARNING, "負號"),)) for q in bank.questions)
    bank = replace(bank, chapters=(replace(bank.chapters[0], questions=flagged),))
    ctx = RenderContext(ui=dict(UI))
    as_markdown = markdown.markdown(render_report([bank], ctx).markdown, extensions=EXTENSIONS)
    as_markdown = as_markdown.replace(".md#", ".html#")
    as_html = markdown.markdown(render_report([bank], ctx, html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</details>\n\n", "</details>\n") == as_markdown
    assert f'<details class="index-rows">\n<summary>共 {count} 條</summary>\n<table>' in as_html
    assert as_html.count('<a href="test/chapter-1.html#q') == count

def test_the_report_with_html_links_is_the_html_its_markdown_makes():
    """Flag messages quote damaged bank text, whatever it holds: the table says it as Markdown would."""
    from dataclasses import replace

    from generator.bank.model import Flag, Severity
    from generator.pages.chapter import RenderContext, render_report
    from generator.pages.strings import UI

    bank = parse("""一、訓練
1.（單選）甲 A.甲 B.乙 答案：A
2.（判斷）乙 答案：對
""", "test.txt", "test")
    messages = ["<b>粗</b> & *星* _底_ `碼` | 豎 \\ 斜", "  前後  空白\t與\n換行  ", "[連結](x.md) <!-- 註 --> &amp;"]
    codes = ("answer-conflict", "truncated", "x-y")
    flags = tuple(Flag(code, Severity.WARNING, message) for code, message in zip(codes, messages, strict=True))
    first = replace(bank.questions[0], flags=flags)
    second = replace(bank.questions[1], flags=(Flag("missing-answer", Severity.INFO, "無"),))
    bank = replace(bank, chapters=(replace(bank.chapters[0], questions=(first, second)),))
    ctx = RenderContext(ui=dict(UI))
    as_markdown = markdown.markdown(render_report([bank], ctx).markdown, extensions=EXTENSIONS)
    as_markdown = as_markdown.replace(".md#", ".html#")
    as_html = markdown.markdown(render_report([bank], ctx, html_links=True).markdown, extensions=EXTENSIONS)
    assert as_html.replace("</table>\n\n", "</table>\n") == as_markdown  # a raw block ends with a line of its own
    assert as_html.count('<a href="test/chapter-1.html#q') == 4 and "&lt;b&gt;粗&lt;/b&gt; &amp; *星*" in as_html
    stash = MathStash()  # a build hands Markdown a token for the table, not its tags
    blocked = render_report([bank], ctx, html_links=True, block=stash.put_block_html).markdown
    assert "<table" not in blocked and stash.restore(markdown.markdown(blocked, extensions=EXTENSIONS)) == as_markdown
