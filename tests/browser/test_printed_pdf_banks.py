"""PDF banks as a browser prints them (Debian's Chromium: subset CJK fonts, proportional
widths, its own header and footer with page numbers), read back by the PDF reader."""
import html

import pytest

from generator.read.load import read_bank

pytestmark = pytest.mark.browser

QUESTIONS = 24
STYLE = """
@page { size: A4; margin: 22mm 16mm; }
body { font: 10.5pt 'Noto Serif CJK SC', 'Noto Sans CJK SC', serif; line-height: 1.5; }
.columns { column-count: 2; column-gap: 8mm; }
p { margin: 0; } .q { break-inside: avoid; margin-bottom: 6pt; }
.row span { display: inline-block; width: 45%; }
"""
HEADER = "<div style='font-size:8pt; width:100%; text-align:center'>高级人工智能训练师 题库（2026 版）</div>"
FOOTER = ("<div style='font-size:8pt; width:100%; text-align:center'>第 <span class='pageNumber'></span> 页"
          " 共 <span class='totalPages'></span> 页</div>")


def question(n):
    stem = f"{n}. 在人工智能训练师的日常工作中，关于第{n}项数据标注任务的质量检查，下列说法正确的是（ ）"
    return (f"<div class='q'><p>{html.escape(stem)}</p><p class='row'><span>A. 抽样复核</span>"
            f"<span>B. 全部跳过</span></p><p class='row'><span>C. 只看格式</span><span>D. 随意修改</span></p>"
            f"<p>答案：A</p></div>")


def printed(browser, tmp_path, columns):
    body = "".join(question(n) for n in range(1, QUESTIONS + 1))
    page_html = (f"<html><head><meta charset='utf-8'><style>{STYLE}</style></head><body>"
                 f"<h1 style='font-size:14pt'>一、单项选择题</h1>"
                 f"<div class='{'columns' if columns else ''}'>{body}</div></body></html>")
    source = tmp_path / "bank.html"
    source.write_text(page_html, encoding="utf-8")
    page = browser.new_page()
    try:
        page.goto(source.as_uri())
        out = tmp_path / "bank.pdf"
        page.pdf(path=str(out), display_header_footer=True, header_template=HEADER, footer_template=FOOTER,
                 format="A4", margin={"top": "22mm", "bottom": "22mm", "left": "16mm", "right": "16mm"})
    finally:
        page.close()
    return out


@pytest.mark.parametrize("columns", [False, True], ids=["one column", "two columns"])
def test_a_bank_printed_by_a_browser_reads_whole_in_order(browser, tmp_path, columns):
    bank = read_bank(printed(browser, tmp_path, columns))
    assert [q.number for q in bank.questions] == list(range(1, QUESTIONS + 1))
    for q in bank.questions:
        assert q.stem.replace("\n", "").startswith("在人工智能训练师的日常工作中") and q.stem.endswith("（ ）")
        assert [o.text for o in q.options] == ["抽样复核", "全部跳过", "只看格式", "随意修改"] and q.answer == "A"
    text = bank.preamble + "".join(q.stem + q.explanation for q in bank.questions)
    assert "题库（2026 版）" not in text and "共" not in text
    assert bank.pdf is not None and bank.pdf.pages >= 2 and bank.pdf.furniture >= 2 * bank.pdf.pages
    assert bank.pdf.two_columns == (bank.pdf.pages if columns else 0)
