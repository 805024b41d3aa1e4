"""Word equations (OMML) become LaTeX that KaTeX typesets: each construct on its own, then in
a Word bank read end to end (an equation the converter does not know stays text, flagged)."""
import pytest
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from generator.bank.model import DISPLAY_MATH, INLINE_MATH
from generator.math.katex import default_renderer
from generator.read.load import load_bank
from generator.read.word.equations import Unconvertible, equation_latex, equation_text
from tests import word_docs as wd

NS = nsdecls("m", "w")


def r(text, props=""):
    return f"<m:r>{props}<m:t xml:space=\"preserve\">{text}</m:t></m:r>"


def e(*parts):
    return "<m:e>" + "".join(parts) + "</m:e>"


def omath(*parts, para=False):
    inner = f"<m:oMath>{''.join(parts)}</m:oMath>"
    return parse_xml(f"<m:oMathPara {NS}>{inner}</m:oMathPara>" if para else inner.replace("<m:oMath>",
                                                                                          f"<m:oMath {NS}>", 1))


CONSTRUCTS = {
    "text run": (r("x+1=2"), "x+1=2"),
    "symbols and greek": (r("α≤β×2≠π"), r"\alpha \le \beta \times 2\ne \pi "),
    "chinese words in a run": (r("面积S=ab"), r"\text{面积}S=ab"),
    "normal text": (r("m/s", "<m:rPr><m:nor/></m:rPr>"), r"\text{m/s}"),
    "upright letters": (r("d", '<m:rPr><m:sty m:val="p"/></m:rPr>'), r"\mathrm{d}"),
    "fraction": ("<m:f><m:num>" + r("a") + "</m:num><m:den>" + r("b+c") + "</m:den></m:f>", r"\frac{a}{b+c}"),
    "linear fraction": ('<m:f><m:fPr><m:type m:val="lin"/></m:fPr><m:num>' + r("1") + "</m:num><m:den>" + r("2")
                        + "</m:den></m:f>", "{1}/{2}"),
    "subscript": ("<m:sSub>" + e(r("x")) + "<m:sub>" + r("i") + "</m:sub></m:sSub>", "{x}_{i}"),
    "superscript": ("<m:sSup>" + e(r("e")) + "<m:sup>" + r("-x") + "</m:sup></m:sSup>", "{e}^{-x}"),
    "both scripts": ("<m:sSubSup>" + e(r("x")) + "<m:sub>" + r("1") + "</m:sub><m:sup>" + r("2")
                     + "</m:sup></m:sSubSup>", "{x}_{1}^{2}"),
    "square root": ('<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>' + e(r("2")) + "</m:rad>",
                    r"\sqrt{2}"),
    "cube root": ("<m:rad><m:deg>" + r("3") + "</m:deg>" + e(r("x")) + "</m:rad>", r"\sqrt[3]{x}"),
    "sum with limits": ('<m:nary><m:naryPr><m:chr m:val="∑"/><m:limLoc m:val="undOvr"/></m:naryPr><m:sub>'
                        + r("i=1") + "</m:sub><m:sup>" + r("n") + "</m:sup>" + e(r("i")) + "</m:nary>",
                        r"\sum\limits_{i=1}^{n} {i}"),
    "integral": ("<m:nary><m:sub>" + r("0") + "</m:sub><m:sup>" + r("1") + "</m:sup>" + e(r("x dx")) + "</m:nary>",
                 r"\int_{0}^{1} {x dx}"),
    "parentheses": ("<m:d>" + e(r("a+b")) + "</m:d>", r"\left( a+b \right)"),
    "braces and separators": ('<m:d><m:dPr><m:begChr m:val="{"/><m:endChr m:val="}"/></m:dPr>' + e(r("x"))
                              + e(r("y")) + "</m:d>", r"\left\{ x\mathrel{|}y \right\}"),
    "absolute value": ('<m:d><m:dPr><m:begChr m:val="|"/><m:endChr m:val="|"/></m:dPr>' + e(r("x")) + "</m:d>",
                       r"\left| x \right|"),
    "matrix": ("<m:m><m:mr>" + e(r("1")) + e(r("0")) + "</m:mr><m:mr>" + e(r("0")) + e(r("1")) + "</m:mr></m:m>",
               r"\begin{matrix}1&0\\0&1\end{matrix}"),
    "equation array": ("<m:eqArr>" + e(r("x=1")) + e(r("y=2")) + "</m:eqArr>",
                       r"\begin{gathered}x=1\\y=2\end{gathered}"),
    "hat": ("<m:acc>" + e(r("y")) + "</m:acc>", r"\hat{y}"),
    "vector": ('<m:acc><m:accPr><m:chr m:val="\u20d7"/></m:accPr>' + e(r("v")) + "</m:acc>", r"\vec{v}"),
    "bar over": ('<m:bar><m:barPr><m:pos m:val="top"/></m:barPr>' + e(r("x")) + "</m:bar>", r"\overline{x}"),
    "function": ("<m:func><m:fName>" + r("sin", '<m:rPr><m:sty m:val="p"/></m:rPr>') + "</m:fName>" + e(r("x"))
                 + "</m:func>", r"\sin{x}"),
    "other function": ("<m:func><m:fName>" + r("softmax") + "</m:fName>" + e(r("z")) + "</m:func>",
                       r"\operatorname{softmax}{z}"),
    "limit": ("<m:func><m:fName><m:limLow>" + e(r("lim")) + "<m:lim>" + r("x→0") + "</m:lim></m:limLow></m:fName>"
              + e(r("f(x)")) + "</m:func>", r"\lim_{x\to 0}{f(x)}"),
    "underbrace": ("<m:groupChr>" + e(r("a+b")) + "</m:groupChr>", r"\underbrace{a+b}"),
    "boxed": ("<m:borderBox>" + e(r("E=mc")) + "</m:borderBox>", r"\boxed{E=mc}"),
}


@pytest.mark.parametrize("name", CONSTRUCTS)
def test_each_construct_becomes_latex_that_katex_typesets(name):
    xml, latex = CONSTRUCTS[name]
    assert equation_latex(omath(xml)) == latex
    default_renderer().check(latex, False, name)  # raises on an error or a warning


def test_a_paragraph_of_equations_is_one_display_formula_line_by_line():
    element = parse_xml(f"<m:oMathPara {NS}><m:oMath>{r('a=1')}</m:oMath><m:oMath>{r('b=2')}</m:oMath></m:oMathPara>")
    assert equation_latex(element) == r"\begin{gathered}a=1\\b=2\end{gathered}"


def test_nothing_a_document_writes_becomes_a_latex_command():
    latex = equation_latex(omath(r("\\input{x} $ % # &amp; _ ^ ~")))
    assert "\\input" not in latex and latex.count("{") == latex.count("}")
    default_renderer().check(latex, False, "escapes")
    assert equation_latex(omath(r("\\input{x}", "<m:rPr><m:nor/></m:rPr>"))) == r"\text{\textbackslash{}input\{x\}}"


def test_an_unknown_construct_is_refused_and_its_linear_text_kept():
    element = omath(r("x="), "<m:unknownThing>" + r("42") + "</m:unknownThing>")
    with pytest.raises(Unconvertible, match="unknownThing"):
        equation_latex(element)
    assert equation_text(element) == "x=42"


def equation_bank(tmp_path):
    doc = wd.new()
    doc.add_paragraph("1. 分数")
    stem = doc.add_paragraph("2. 计算 ")
    stem._p.append(omath("<m:f><m:num>" + r("1") + "</m:num><m:den>" + r("2") + "</m:den></m:f>"))
    stem.add_run(" 的值。")
    doc.add_paragraph("A. 0.5")
    doc.add_paragraph("B. 2")
    doc.add_paragraph("答案：A")
    display = doc.add_paragraph()
    display._p.append(omath("<m:sSup>" + e(r("x")) + "<m:sup>" + r("2") + "</m:sup></m:sSup>", para=True))
    doc.add_paragraph("3. 下列公式的值是？")
    odd = doc.add_paragraph()
    odd._p.append(omath(r("y="), "<m:unknownThing>" + r("42") + "</m:unknownThing>"))
    doc.add_paragraph("A. 42")
    doc.add_paragraph("B. 0")
    doc.add_paragraph("答案：A")
    return wd.save(doc, tmp_path / "equations.docx")


def test_a_word_bank_carries_its_equations_as_formulas_and_flags_one_it_cannot_convert(tmp_path):
    bank = load_bank(equation_bank(tmp_path))
    q2, q3 = bank.questions[1], bank.questions[2]
    opening, closing = INLINE_MATH
    assert q2.stem == f"计算 {opening}\\frac{{1}}{{2}}{closing} 的值。"
    assert q2.explanation.endswith(f"{DISPLAY_MATH[0]}{{x}}^{{2}}{DISPLAY_MATH[1]}")
    assert [o.text for o in q2.options] == ["0.5", "2"] and q2.answer == "A"
    assert not any(f.code == "equation-unconverted" for f in q2.flags)
    assert "y=42" in q3.stem and "\x02" not in q3.stem
    flags = [f for f in q3.flags if f.code == "equation-unconverted"]
    assert len(flags) == 1 and "「y=42」" in flags[0].message


def test_equations_in_a_question_table_are_formulas_as_in_paragraphs_one_it_cannot_convert_flagged(tmp_path):
    half = "<m:f><m:num>" + r("1") + "</m:num><m:den>" + r("2") + "</m:den></m:f>"
    doc = wd.new()
    wd.table(doc, [["题干", "选项A", "选项B", "答案"], ["求 ", "", "2", "A"], ["值是？", "42", "0", "A"]])
    grid = doc.tables[0]
    grid.cell(1, 0).paragraphs[0]._p.append(omath("<m:sSup>" + e(r("x")) + "<m:sup>" + r("2") + "</m:sup></m:sSup>"))
    grid.cell(1, 0).paragraphs[0].add_run(" 在 x=1 的值")
    grid.cell(1, 1).paragraphs[0]._p.append(omath(half))  # an option that is only a fraction
    grid.cell(2, 0).paragraphs[0]._p.append(omath(r("y="), "<m:unknownThing>" + r("42") + "</m:unknownThing>"))
    first, second = load_bank(wd.save(doc, tmp_path / "table.docx")).questions
    opening, closing = INLINE_MATH
    assert first.stem == f"求 {opening}{{x}}^{{2}}{closing} 在 x=1 的值"
    assert [o.text for o in first.options] == [f"{opening}\\frac{{1}}{{2}}{closing}", "2"]  # was "12"
    assert not any(f.code == "equation-unconverted" for f in first.flags)
    assert second.stem == "值是？y=42" and [o.text for o in second.options] == ["42", "0"]
    flag, = (f for f in second.flags if f.code == "equation-unconverted")
    assert "「y=42」" in flag.message


def test_equations_in_a_table_of_a_text_document_are_formulas_one_it_cannot_convert_flagged(tmp_path):
    doc = wd.new()
    doc.add_paragraph("1. 哪个等于 0.5？")
    wd.table(doc, [["A. ", "B. "]])
    grid = doc.tables[0]
    grid.cell(0, 0).paragraphs[0]._p.append(omath("<m:f><m:num>" + r("1") + "</m:num><m:den>" + r("2")
                                                  + "</m:den></m:f>"))
    grid.cell(0, 1).paragraphs[0]._p.append(omath(r("y="), "<m:unknownThing>" + r("42") + "</m:unknownThing>"))
    doc.add_paragraph("答案：A")
    question, = load_bank(wd.save(doc, tmp_path / "rows.docx")).questions
    assert [o.text for o in question.options] == [f"{INLINE_MATH[0]}\\frac{{1}}{{2}}{INLINE_MATH[1]}", "y=42"]
    flag, = (f for f in question.flags if f.code == "equation-unconverted")
    assert "「y=42」" in flag.message
