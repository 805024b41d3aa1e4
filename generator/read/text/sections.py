"""Section recognisers: chapter headings, the points a heading gives, and page furniture.

Each pattern names what it matches; the parser (generator.read.text.parse) decides which
headings start chapters.
"""
from __future__ import annotations

import re

from .line_scan import LineScan

# "第一章", "第2節", "第一部分" (the whole of "部分": "第一部分" alone is a title, not "分")
# "第3讲", "第2课", "第4单元" too
CHAPTER_NUMBER = r"第[\d一二三四五六七八九十百零〇]+(?:[章節节讲講课課]|[单單]元|部(?:分|(?!分)))[ \t　:：\-—.、]*"
# Headings on a line of their own, by form; each captures the chapter title.
LINE_HEADINGS = (
    # as CommonMark: a space after the #s ("#include <stdio.h>" in a C answer is code, not a heading)
    re.compile(rf"(?m)^[ \t]*#{{1,6}}[ \t]+(?:{CHAPTER_NUMBER})?"
               r"(?P<title>\S(?:[^\n]*[^ \t#\n])?)[ \t#]*$"),  # greedy: a lazy title rescans trailing blanks
    re.compile(rf"(?m)^[ \t　]*{CHAPTER_NUMBER}"
               r"(?P<title>[^\n。；]{0,40}?)[ \t]*$"),
    re.compile(r"(?m)^[ \t　]*[一二三四五六七八九十]{1,3}[、.．][ \t　]*(?P<title>[^\n。；：:]{1,40}?)[ \t]*$"),
    # "模块2 进阶", "Unit 3: Cells", "Part II", "Lesson 4", "Chapter 1" (the word and number kept in the title);
    re.compile(r"(?m)^[ \t　]*(?P<title>(?:模[块塊]|Lesson|LESSON|Unit|UNIT|Part|PART|Chapter|CHAPTER)[ \t]{0,2}"
               # no sentence: "Part 2 of the manual." ends in a stop and goes on in lower case
               r"(?:\d{1,3}|[IVX]{1,6}|[一二三四五六七八九十]{1,3})(?![\w.．])(?![ \t]{1,4}[a-z])"
               r"[^\n。；?？]{0,40}?)(?<![.。,，])[ \t]*$"),
    # a title between separator runs: "-----0804-----", "===== 第二套 ====="
    re.compile(r"(?m)^[ \t]{0,8}(?P<r>[-=])(?P=r){2,40}[ \t]{0,8}(?P<title>[^-=\n \t][^-=\n]{0,39}?)"
               r"[ \t]{0,8}(?P=r){3,40}[ \t]*$"),
    # a numbered section in lenticular brackets: "【一、单选题】", "【第二部分 判断题】"
    re.compile(rf"(?m)^[ \t　]*【[ \t　]*(?:[一二三四五六七八九十]{{1,3}}[、.．]|{CHAPTER_NUMBER})[ \t　]*"
               r"(?P<title>[^\n【】]{1,40}?)[ \t　]*】[ \t]*$"),
)
HEADING_SCANS = tuple(LineScan(p) for p in LINE_HEADINGS)  # their whole-text scans (generator.read.text.line_scan)
# A heading inside running text (一、 or 第一章), title, then straight into question 1 (or N).
INLINE_HEADING = re.compile(  # the lookahead, the first characters of either form, makes the scan quick
    r"(?=[一二三四五六七八九十第])(?:(?P<numeral>[一二三四五六七八九十]{1,3})、"
    r"|第(?P<chapter>[\d一二三四五六七八九十]{1,4})[章節节][ \t　:：\-—.、]{0,3})"
    r"(?P<title>[^\n。，；：:！？、]{1,40}?)(?=(?:題目|题目)?\d{1,7}[.．、])"
)
# A copyright notice: a short line with no question mark that carries ©, "Copyright",
# 翻印必究 or ends in 版權所有 (a stem about 版權所有權 is a question, not furniture).
COPYRIGHT_LINE = (r"(?=[^\n]{0,60}$)[^\n?？]*(?:©|Copyright|All rights reserved|翻印必究|侵[權权]必究"
                  r"|版[權权]所有[ \t]*(?:\d{4}|$))[^\n?？]*")
# Page furniture: page numbers and copyright lines, kept as strays wherever they are
# (except in code and tables, whose lines are content).
FURNITURE = re.compile(
    r"(?m)^[ \t]*(?:第\s*\d+\s*[頁页](?:\s*[/,，]?\s*共\s*\d+\s*[頁页])?|[-—]\s*\d+\s*[-—]|"
    r"Page \d+(?: of \d+)?|" + COPYRIGHT_LINE + r")[ \t]*\n?",
)
# (a copyright line is slow to reject, its word anywhere: the scan tries only lines that open
# as a page number does or hold such a word)
FURNITURE_SCAN = LineScan(FURNITURE, r"\n[ \t]*[第\-—P]|©|Copyright|All rights reserved"
                                     r"|翻印必究|侵[權权]必究|版[權权]所有")
# "一、单选题（共20题，每题2分）": the points of each question in the section
POINTS = re.compile(r"每(?:小)?[題题][ \t]{0,2}(\d{1,3}(?:\.\d{1,2})?)[ \t]{0,2}分")
# A line of nothing but the markup that folds an answer away in a Markdown bank
# ("<details><summary><b>Answer</b></summary>", "<p>", "</details>") or a rule ("---"):
# kept as a stray, out of the fields around it.
MARKUP_LINE = re.compile(
    r"(?m)^(?:(?=[^\n]{0,200}<)[ \t]*(?:<summary\b[^<>\n]{0,40}>[^<>\n]{1,60}</summary>"
    r"|</?(?:details|summary|p|b|strong|br|hr)\b[^<>\n]{0,40}>"
    r"|Answer|Solution|Show answer|答案|解析|查看答案|[ \t])+|[ \t]*-{3,}[ \t]*"
    # a container of VuePress/VitePress/Docusaurus ("::: tip 答案" … ":::")
    r"|[ \t]{0,3}:{3,}[ \t]*(?:[A-Za-z][\w-]{0,20}(?:[ \t][^\n]{0,80})?)?"
    # Markua's quiz blocks and attribute lists ("{quiz, id: q1}" … "{/quiz}", "{choose-answers: 4}")
    r"|[ \t]{0,3}\{(?:/?(?:quiz|exercise)\b[^{}\n]{0,200}|[a-z][\w-]{0,30}:[ \t][^{}\n]{0,200})\}[ \t]*)$\n?"
)
MARKUP_SCAN = LineScan(MARKUP_LINE, r"\n[ \t]*[-:{]|<")  # (lines that hold a tag, a rule or a container)
# A markup line folding an answer away whose summary names it ("<summary>第 1 题的答案</summary>",
# "<summary>Show answer</summary>", "::: tip 答案"): with no answer marker after it, what it folds
# is the answer.
ANSWER_SUMMARY = re.compile(r"(?:<summary\b|[ \t]{0,3}:{3,}[ \t]*[A-Za-z][\w-]{0,20}[ \t])[^\n]{0,200}?"
                            r"(?:答案|[Aa]nswer|Solution|解答)")
# A container's opening or closing line ("::: tip 答案解析", ":::"), and one that names the answer
# or the explanation it holds
CONTAINER_LINE = re.compile(r"[ \t]{0,3}:{3,}[ \t]*(?P<title>[^\n]*?)[ \t]*\n?")
ANSWER_CONTAINER = re.compile(r"[ \t]{0,3}:{3,}[ \t]*[A-Za-z][\w-]{0,20}[ \t][^\n]{0,200}?"
                              r"(?:答案|解析|解答|[Aa]nswer|[Ee]xplanation|Solution)")
# An unnumbered question set as a heading named by its kind and an ordinal ("### 应用题一（30 分）",
# "## 案例二", "### Case Study 3"): a case question, whose own numbered tasks stay inside it.
CASE_HEADING = re.compile(
    r"(?m)^[ \t]{0,3}#{1,6}[ \t]{1,4}(?:\*\*)?"
    r"(?:案例分析[題题]?|案例|[应應]用[題题]|[综綜]合[应應]用[題题]|[综綜]合[題题]"
    r"|[论論]述[題题]|材料[題题]|Case Study|Case|Scenario)[ \t]{0,2}"
    r"(?P<n>[一二三四五六七八九十]{1,3}|\d{1,3})(?![\d一二三四五六七八九十])"
)
CASE_SCAN = LineScan(CASE_HEADING)
# Front matter opening a Markdown file: "---", "key: value" lines, "---" (site metadata)
_FRONT_MATTER_OPEN = re.compile(r"---[ \t]*\n(?=[A-Za-z_][\w-]{0,40}[ \t]*:)")
_FRONT_MATTER_CLOSE = re.compile(r"(?m)^(?:---|\.\.\.)[ \t]*$\n?")
_FRONT_MATTER_TITLE = re.compile(r"(?m)^title[ \t]*:[ \t]*(?P<q>[\"']?)(?P<title>[^\n]{1,200}?)(?P=q)[ \t]*$")


def front_matter(text: str, limit: int = 20000) -> tuple[int, str]:
    """Where the front matter opening ``text`` ends (0 without one, looked for in the first
    ``limit`` characters) and the title it gives ("" without)."""
    opening = _FRONT_MATTER_OPEN.match(text)
    closing = _FRONT_MATTER_CLOSE.search(text, opening.end(), limit) if opening else None
    if closing is None:
        return 0, ""
    title = _FRONT_MATTER_TITLE.search(text, 0, closing.start())
    return closing.end(), title["title"].strip() if title else ""
