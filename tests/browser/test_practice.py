"""Practising on a chapter page from file:// (issue 13): answering and being judged, the modes,
progress kept across reloads, export/import, a corrupted store, the keys, print and no JavaScript."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page

from generator.base.errors import GuideError
from testing.browser import PHONE, build_site, file_url, offline_page
from tests.browser_fixtures import axe_in_both_schemes
from tests.paths import CHAPTERS

pytestmark = pytest.mark.browser

STORE = "studyGuide.progress.v1"


def question(page: Page, qid: str) -> Locator:
    return page.locator(".question", has=page.locator(f"h2#{qid}"))


def verdict(page: Page, qid: str) -> Locator:
    return question(page, qid).get_by_role("status")


def answer_open(page: Page, qid: str) -> bool:
    return question(page, qid).locator(":scope > details.answer").evaluate("d => d.open")


def open_chapter(page: Page, site: Path, n: int = 1) -> None:
    page.goto(file_url(site, CHAPTERS[n - 1]))
    page.locator(".practice-bar").wait_for()


def test_a_right_and_a_wrong_choice_are_judged_as_chosen(page, guide_site):
    open_chapter(page, guide_site)
    q1 = question(page, "q1")
    assert q1.get_by_role("radiogroup", name="第1题 · 单选").get_by_role("radio").count() == 4
    assert not answer_open(page, "q1")
    q1.get_by_role("radio", name=re.compile(r"^A\.")).check()
    assert verdict(page, "q1").inner_text() == "错误"
    assert answer_open(page, "q1")  # the answer and its explanation unfold
    q1.get_by_role("radio", name=re.compile(r"^B\.")).check()
    assert verdict(page, "q1").inner_text() == "正确"
    assert page.locator(".practice-bar__count").inner_text() == "本章已答 1/6 题，答对 1 题。"


def test_a_partial_multiple_choice_is_named(page, guide_site):
    open_chapter(page, guide_site)
    q2 = question(page, "q2")
    q2.get_by_role("checkbox", name=re.compile(r"^B\.")).check()
    q2.get_by_role("button", name="提交").click()
    assert verdict(page, "q2").inner_text().startswith("错误 · 少选")
    q2.get_by_role("checkbox", name=re.compile(r"^A\.")).check()
    q2.get_by_role("button", name="提交").click()
    assert verdict(page, "q2").inner_text().startswith("错误 · 错选")
    q2.get_by_role("checkbox", name=re.compile(r"^A\.")).uncheck()
    q2.get_by_role("checkbox", name=re.compile(r"^C\.")).check()
    q2.get_by_role("button", name="提交").click()
    assert verdict(page, "q2").inner_text() == "正确"


def test_a_typed_number_within_and_outside_the_decimals_the_stem_asks(page, guide_site):
    open_chapter(page, guide_site, 2)  # q9: ______亿（保留2位小数）, the bank says 5.24
    box = question(page, "q9").get_by_role("textbox", name="你的答案")
    box.fill("5.25")
    box.press("Enter")
    assert verdict(page, "q9").inner_text().startswith("错误")
    box.fill("5.244 亿")
    question(page, "q9").get_by_role("button", name="提交").click()
    assert verdict(page, "q9").inner_text().startswith("正确")


def test_the_editors_value_is_accepted_and_the_verdict_says_so(page, guide_site):
    open_chapter(page, guide_site)  # q3: the bank says 0.0005, the editor ≈1.227×10⁻⁵ (保留4位小数: 0.0000)
    box = question(page, "q3").get_by_role("textbox")
    box.fill("0.0000")
    box.press("Enter")
    assert verdict(page, "q3").inner_text().startswith("正确 · 与编者答案一致")
    box.fill("0.0005")
    box.press("Enter")
    assert verdict(page, "q3").inner_text().startswith("正确 · 与题库答案一致")


def test_short_answers_are_graded_by_the_reader(page, guide_site):
    open_chapter(page, guide_site)
    q5 = question(page, "q5")
    assert q5.get_by_role("button", name="会").count() == 0 or not q5.get_by_role("button", name="会").is_visible()
    q5.get_by_role("button", name="显示答案").click()
    assert answer_open(page, "q5")
    q5.get_by_role("button", name="不会").click()
    assert verdict(page, "q5").inner_text() == "已记为：不会"
    q5.get_by_role("button", name="会", exact=True).click()
    assert verdict(page, "q5").inner_text() == "已记为：会"
    q6 = question(page, "q6")  # opened by its own fold: 会/不会 all the same
    q6.locator(":scope > details.answer > summary").click()
    q6.get_by_role("button", name="不会").click()
    assert verdict(page, "q6").inner_text() == "已记为：不会"


def answer_some(page: Page) -> None:
    question(page, "q1").get_by_role("radio", name=re.compile(r"^B\.")).check()
    question(page, "q2").get_by_role("checkbox", name=re.compile(r"^B\.")).check()
    question(page, "q2").get_by_role("button", name="提交").click()
    question(page, "q3").get_by_role("textbox").fill("0.0005")
    question(page, "q3").get_by_role("button", name="提交").click()


def test_a_reload_keeps_every_answer_verdict_and_count(page, guide_site):
    open_chapter(page, guide_site)
    answer_some(page)
    page.reload()
    page.locator(".practice-bar").wait_for()
    assert question(page, "q1").get_by_role("radio", name=re.compile(r"^B\.")).is_checked()
    assert question(page, "q2").get_by_role("checkbox", name=re.compile(r"^B\.")).is_checked()
    assert question(page, "q3").get_by_role("textbox").input_value() == "0.0005"
    assert [verdict(page, q).inner_text()[:2] for q in ("q1", "q2", "q3")] == ["正确", "错误", "正确"]
    assert page.locator(".practice-bar__count").inner_text() == "本章已答 3/6 题，答对 2 题。"
    page.goto(file_url(guide_site, "index.html"))
    counts = page.locator(".practice-count")
    assert counts.first.inner_text() == "已答 3/6 · 答对 2" and counts.nth(1).inner_text() == "已答 0/6 · 答对 0"


def test_progress_exported_reset_and_imported_comes_back(page, guide_site, tmp_path):
    open_chapter(page, guide_site)
    answer_some(page)
    page.goto(file_url(guide_site, "index.html"))
    panel = page.locator(".practice-progress")
    with page.expect_download() as download:
        panel.get_by_role("button", name="导出进度").click()
    saved = tmp_path / "progress.json"
    download.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "study-guide-progress" and len(data["entries"]) == 3
    page.once("dialog", lambda dialog: dialog.accept())
    panel.get_by_role("button", name="清除进度").click()
    assert page.locator(".practice-count").first.inner_text() == "已答 0/6 · 答对 0"
    panel.locator("input[type=file]").set_input_files(saved)
    expect_text(panel.get_by_role("status"), "已导入 3 题的作答记录。")
    assert page.locator(".practice-count").first.inner_text() == "已答 3/6 · 答对 2"
    not_ours = tmp_path / "other.json"
    not_ours.write_text('{"hello": 1}', encoding="utf-8")
    panel.locator("input[type=file]").set_input_files(not_ours)
    expect_text(panel.get_by_role("status"), "无法导入：这个文件不是本指南导出的学习进度。")
    open_chapter(page, guide_site)
    assert verdict(page, "q1").inner_text() == "正确"


def expect_text(locator: Locator, text: str) -> None:
    locator.page.wait_for_function("([el, text]) => el.textContent === text", arg=[locator.element_handle(), text])


def test_a_corrupted_store_is_cleared_with_a_message_and_the_page_works(page, guide_site):
    open_chapter(page, guide_site)
    page.evaluate(f"localStorage.setItem({json.dumps(STORE)}, '{{\"format\": broken')")
    page.reload()
    alert = page.get_by_role("alert")
    assert "已损坏" in alert.inner_text() and alert.is_visible()
    assert page.evaluate(f"localStorage.getItem({json.dumps(STORE)})") is None
    question(page, "q1").get_by_role("radio", name=re.compile(r"^B\.")).check()
    assert verdict(page, "q1").inner_text() == "正确"
    page.goto(file_url(guide_site, "index.html"))
    assert page.locator(".practice-count").first.inner_text() == "已答 1/6 · 答对 1"
    page.evaluate(f"localStorage.setItem({json.dumps(STORE)}, '[]')")
    page.reload()
    assert "已损坏" in page.locator(".practice-progress").get_by_role("alert").inner_text()
    assert page.locator(".practice-count").first.inner_text() == "已答 0/6 · 答对 0"


def test_recite_mode_opens_answers_marks_the_key_and_is_remembered(page, guide_site):
    open_chapter(page, guide_site)
    page.get_by_role("button", name="背题模式").click()
    assert page.get_by_role("button", name="背题模式").get_attribute("aria-pressed") == "true"
    assert answer_open(page, "q1") and answer_open(page, "q4")
    assert not question(page, "q1").get_by_role("radio").first.is_visible()
    key = question(page, "q1").locator("li.is-key")
    assert key.count() == 1 and key.inner_text().startswith("B.") and "✓正确答案" in key.inner_text()
    page.goto(file_url(guide_site, CHAPTERS[1]))
    assert page.get_by_role("button", name="背题模式").get_attribute("aria-pressed") == "true"
    assert answer_open(page, "q7")
    page.get_by_role("button", name="答题模式").click()
    assert not answer_open(page, "q7") and question(page, "q7").get_by_role("radio").first.is_visible()


def test_keys_choose_submit_and_move_between_questions(page, guide_site):
    open_chapter(page, guide_site)
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "q1"
    page.keyboard.press("2")  # option B
    assert verdict(page, "q1").inner_text() == "正确"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("b")
    page.keyboard.press("c")
    page.keyboard.press("Enter")
    assert verdict(page, "q2").inner_text() == "正确"
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.id") == "q1"
    # Material's next-page key (.) does not leave a question being practised (issue 29).
    url = page.url
    page.keyboard.press(".")
    page.keyboard.press("n")
    assert page.url == url
    # A key taken is kept from Material (F and S open its search); q1 has no option F: left alone.
    page.evaluate("window.reached = []; window.addEventListener('keydown', e => reached.push(e.key))")
    page.keyboard.press("d")
    page.keyboard.press("f")
    assert page.evaluate("reached") == ["f"]
    assert verdict(page, "q1").inner_text() == "错误"  # D chosen


def test_the_traditional_edition_judges_in_its_own_script(browser, hant_site):
    with offline_page(browser) as (page, _):
        open_chapter(page, hant_site)
        question(page, "q1").get_by_role("radio", name=re.compile(r"^B\.")).check()
        assert verdict(page, "q1").inner_text() == "正確"
        assert page.get_by_role("button", name="背題模式").is_visible()


def test_on_a_phone_every_option_is_a_large_target(browser, guide_site):
    with offline_page(browser, PHONE, touch=True) as (page, _):
        open_chapter(page, guide_site)
        options = question(page, "q1").locator("label.practice-option")
        heights = options.evaluate_all("ls => ls.map(l => l.getBoundingClientRect().height)")
        assert len(heights) == 4 and min(heights) >= 44
        options.nth(1).tap()
        assert verdict(page, "q1").inner_text() == "正确"


def test_print_and_no_javascript_show_the_page_as_before(browser, guide_site):
    with offline_page(browser) as (page, _):
        open_chapter(page, guide_site)
        page.emulate_media(media="print")
        assert page.locator(".practice-bar").evaluate("bar => getComputedStyle(bar).display") == "none"
        assert page.locator("input[type=radio][name^=practice]").evaluate_all("ns => ns.every(n => !n.offsetParent)")
    context = browser.new_context(java_script_enabled=False, service_workers="block")
    try:
        page = context.new_page()
        page.goto(file_url(guide_site, CHAPTERS[0]))
        assert page.locator("input[name^=practice]").count() == 0
        assert not page.locator(".practice-bar").is_visible()
        assert page.locator(".options li").first.inner_text().startswith("A.")
    finally:
        context.close()


def serious_violations(page: Page, focused: str) -> list[str]:
    """axe's serious and critical findings in the light scheme and in the dark one, with the first
    ``focused`` button focused (a focused button has colours of its own)."""
    return [f"{name}: {v['id']}: {v['help']} {v['nodes'][0]['target']} {v['nodes'][0].get('failureSummary')}"
            for name, v in axe_in_both_schemes(page, lambda: page.locator(focused).first.focus())
            if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("mode", ["answer", "recite"])
def test_axe_finds_no_serious_violation_on_a_practised_chapter(page, guide_site, mode):
    open_chapter(page, guide_site)
    answer_some(page)
    if mode == "recite":
        page.get_by_role("button", name="背题模式").click()
    button = ".practice .md-button:visible" if mode == "answer" else ".practice-bar button"  # recite: no answering
    found = serious_violations(page, button)
    assert not found, "\n".join(found)


def choose(page: Page, qid: str, letter: str) -> None:
    question(page, qid).get_by_role("radio", name=re.compile(rf"^{letter}\.")).check()


def mistakes(page: Page) -> list[str]:
    return page.locator(".practice-list__item").all_inner_texts()


def test_the_mistakes_page_lists_a_wrong_answer_and_drops_it_after_two_rights(page, guide_site):
    open_chapter(page, guide_site)
    choose(page, "q1", "A")
    choose(page, "q1", "C")
    page.goto(file_url(guide_site, "mistakes.html"))
    assert page.locator("h1").inner_text().startswith("错题本")
    [item] = mistakes(page)
    assert item.startswith("第1题 · 在ImageNet-1k上训练ResNet-50") and "答错 2 次 · 上次答错：C" in item
    page.get_by_role("link", name=re.compile("^第1题")).click()
    page.wait_for_url("**/chapter-1.html#q1")
    choose(page, "q1", "B")  # once right: still in the book
    page.goto(file_url(guide_site, "mistakes.html"))
    assert len(mistakes(page)) == 1
    open_chapter(page, guide_site)
    choose(page, "q1", "A")  # wrong again, then right twice in a row
    choose(page, "q1", "B")
    question(page, "q3").get_by_role("textbox").fill("1")
    question(page, "q3").get_by_role("textbox").press("Enter")
    question(page, "q1").get_by_role("button", name="重做").click()
    assert question(page, "q1").locator(".practice__verdict").text_content() == "" and not answer_open(page, "q1")
    choose(page, "q1", "B")
    page.goto(file_url(guide_site, "mistakes.html"))
    [item] = mistakes(page)
    assert item.startswith("第3题") and "上次答错：1" in item
    page.get_by_role("button", name="移出错题本").click()
    assert page.get_by_text("目前没有错题。").is_visible()
    assert page.get_by_role("status").inner_text() == "已移出错题本。"


def test_drilling_the_mistakes_leads_from_one_to_the_next(page, guide_site):
    open_chapter(page, guide_site)
    choose(page, "q1", "A")
    question(page, "q3").get_by_role("textbox").fill("1")
    question(page, "q3").get_by_role("textbox").press("Enter")
    open_chapter(page, guide_site, 2)
    choose(page, "q7", "A")
    page.goto(file_url(guide_site, "mistakes.html"))
    page.get_by_role("button", name="重练错题").click()
    page.wait_for_url("**/chapter-1.html#q1")
    onward = question(page, "q1").get_by_role("link", name="下一道错题（1/3）")
    assert not onward.is_visible()
    choose(page, "q1", "B")
    onward.click()
    page.wait_for_url("**/chapter-1.html#q3")
    page.locator(".question:has(#q3) .practice__next").wait_for(state="attached")
    question(page, "q3").get_by_role("textbox").fill("0.0005")
    question(page, "q3").get_by_role("button", name="提交").click()
    question(page, "q3").get_by_role("link", name="下一道错题（2/3）").click()
    page.wait_for_url("**/chapter-2.html#q7")
    choose(page, "q7", "B")
    question(page, "q7").get_by_role("link", name="错题已练完一轮，回到错题本").click()
    page.wait_for_url("**/mistakes.html")
    assert len(mistakes(page)) == 3  # one right answer each: not yet out


def test_a_starred_question_is_listed_and_unstarred(page, guide_site):
    open_chapter(page, guide_site)
    star = question(page, "q2").get_by_role("button", name="收藏")
    assert star.get_attribute("aria-pressed") == "false"
    star.click()
    assert star.get_attribute("aria-pressed") == "true"
    page.reload()
    assert question(page, "q2").get_by_role("button", name="收藏").get_attribute("aria-pressed") == "true"
    page.goto(file_url(guide_site, "starred.html"))
    links = page.locator(".practice-list__link")
    assert links.all_inner_texts() == ["第2题 · 下列关于Transformer位置编码的说法，正确的有"]
    assert links.first.get_attribute("href") == "ai-trainer/chapter-1.html#q2"
    page.get_by_role("button", name="取消收藏").click()
    assert page.get_by_text("还没有收藏的题目。").is_visible()


def test_the_lists_are_in_the_navigation_in_the_editions_script(browser, guide_site, hant_site):
    with offline_page(browser) as (page, _):
        for site, names in ((guide_site, ["错题本", "收藏"]), (hant_site, ["錯題本", "收藏"])):
            page.goto(file_url(site, "index.html"))
            nav = page.locator("nav.md-nav--primary").inner_text()
            assert all(name in nav for name in names), nav


@pytest.mark.parametrize("path", ["mistakes.html", "starred.html"])
def test_axe_finds_no_serious_violation_on_the_lists(page, guide_site, path):
    open_chapter(page, guide_site)
    choose(page, "q1", "A")
    question(page, "q1").get_by_role("button", name="收藏").click()
    page.goto(file_url(guide_site, path))
    found = serious_violations(page, ".practice-list .md-button:visible")
    assert not found, "\n".join(found)


def test_practice_works_over_http_too(browser, guide_site):
    """The site served from an http address (fulfilled from the folder: no server, no network)."""
    context = browser.new_context(service_workers="block")
    base = "http://guide.test/"

    def serve(route) -> None:
        path = route.request.url.removeprefix(base).split("#")[0].split("?")[0] or "index.html"
        file = guide_site / path
        route.fulfill(path=file) if file.is_file() else route.fulfill(status=404)

    context.route("**/*", lambda route: serve(route) if route.request.url.startswith(base) else route.abort())
    try:
        page = context.new_page()
        page.goto(base + CHAPTERS[0])
        choose(page, "q1", "B")
        page.reload()
        assert verdict(page, "q1").inner_text() == "正确"
        assert page.evaluate(f"JSON.parse(localStorage.getItem({json.dumps(STORE)})).entries")
        page.goto(base + "index.html")
        assert page.locator(".practice-count").first.inner_text() == "已答 1/6 · 答对 1"
    finally:
        context.close()


JUDGE_BANK = """\
一、判斷與填空
1.（判斷）Transformer 的注意力可以並行計算。
答案：√
2.（填空）常用的激活函數有______（寫兩個）。
答案：ReLU、Sigmoid
3.（判斷）學習率越大越好。
答案：×
"""


@pytest.fixture(scope="module")
def judge_site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("judge")
    bank = folder / "banks" / "judge" / "bank.txt"
    bank.parent.mkdir(parents=True)
    bank.write_text(JUDGE_BANK, encoding="utf-8")
    try:
        return build_site(folder / "site", banks=[bank])
    except GuideError as error:
        pytest.fail(str(error))


def test_true_false_is_two_radios_in_the_editions_script_and_text_is_compared_loosely(browser, judge_site):
    with offline_page(browser) as (page, refused):
        page.goto(file_url(judge_site, "judge/chapter-1.html"))
        radios = question(page, "q1").get_by_role("radio")
        assert [radios.nth(i).evaluate("r => r.labels[0].innerText") for i in range(2)] == ["A. 对", "B. 错"]
        question(page, "q1").get_by_role("radio", name="B. 错").check()
        assert verdict(page, "q1").inner_text() == "错误"
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")  # question 3
        page.keyboard.press("2")  # 错
        assert verdict(page, "q3").inner_text() == "正确"
        box = question(page, "q2").get_by_role("textbox")
        box.fill("ｒｅｌｕ and  sigmoid")
        box.press("Enter")
        assert verdict(page, "q2").inner_text().startswith("正确")
        assert not refused
