"""随机练习 and 题型练习 from file:// (issue 13): a run of questions drawn from chosen chapters or
types, answered and judged one after another, recorded in the chapter pages' progress store."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, Route

from generator.site.preview import serve_in_background
from testing.browser import file_url, launch_local
from tests.browser.answers import key_inputs, key_letters, wrong_input
from tests.browser_fixtures import axe_in_both_schemes, scheme

pytestmark = pytest.mark.browser

STORE = "studyGuide.progress.v1"


def open_run(page: Page, site: Path, kind: str) -> None:
    page.goto(file_url(site, f"ai-trainer/{kind}.html"))
    page.locator("[data-run-form]").wait_for()


def current(page: Page) -> Locator:
    return page.locator(".run-sheet .question:visible")


def entries(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(STORE)})") or '{"entries": {}}')["entries"]


def test_a_random_run_judges_and_records(page, guide_site):
    open_run(page, guide_site, "random")
    for box in page.locator("input[name=type]").all():
        box.set_checked(box.get_attribute("value") == "single")
    page.locator("input[name=chapter]").nth(4).uncheck()  # 安全与伦理 left out
    page.fill("input[name=count]", "3")
    page.get_by_role("button", name="开始").click()
    assert page.locator(".run-bar__position").inner_text() == "第 1/3 题"
    first = current(page)
    first_id = first.locator("h2").get_attribute("id")
    assert re.fullmatch(r"第\d+题 · 单选", first.locator("h2").inner_text())
    assert first_id != "q25"  # from the chapters chosen only
    key_inputs(first)[0].check()
    assert first.get_by_role("status").inner_text() == "正确"
    assert first.locator("details.answer").evaluate("d => d.open")
    page.get_by_role("button", name="下一题").click()
    assert page.locator(".run-bar__position").inner_text() == "第 2/3 题"
    second = current(page)
    second_id = second.locator("h2").get_attribute("id")
    wrong_input(second).check()
    assert second.get_by_role("status").inner_text() == "错误"
    page.get_by_role("button", name="上一题").click()
    assert current(page).locator("h2").get_attribute("id") == first_id  # as answered
    page.get_by_role("button", name="结束").click()
    assert page.locator(".run-summary__text").inner_text() == "本轮共 3 题，已答 2 题，答对 1 题。"
    stored = {key.split("/")[1]: entry["last"] for key, entry in entries(page).items()}
    assert stored == {first_id: "right", second_id: "wrong"}
    page.goto(file_url(guide_site, "index.html"))  # the chapter counts on the home page take it in
    counts = page.locator(".practice-count").all_inner_texts()
    answered = [int(m.group(1)) for m in (re.search(r"已答 (\d+)", text) for text in counts) if m]
    assert sum(answered) == 2


def test_a_type_run_goes_through_one_type_in_bank_order(page, guide_site):
    open_run(page, guide_site, "types")
    page.locator("input[name=type][value=fill]").check()
    page.get_by_role("button", name="开始").click()
    headings = []
    while True:
        headings.append(current(page).locator("h2").inner_text())
        if page.get_by_role("button", name="下一题").is_disabled():
            break
        page.get_by_role("button", name="下一题").click()
    assert headings == ["第3题 · 填空", "第9题 · 填空", "第15题 · 填空", "第21题 · 填空"]
    box = current(page).get_by_role("textbox")
    box.fill("42.3")  # question 21's answer, GB
    box.press("Enter")
    assert current(page).get_by_role("status").inner_text().startswith("正确")


def test_nothing_to_practise_is_said(page, guide_site):
    open_run(page, guide_site, "random")
    for box in page.locator("input[name=chapter]").all():
        box.uncheck()
    page.get_by_role("button", name="开始").click()
    assert page.locator(".run-form__message").inner_text() == "所选范围内没有可以练习的题。"


def test_axe_finds_no_serious_violation_in_a_run(page, guide_site):
    """A run ended, in the light scheme and in the dark one."""
    open_run(page, guide_site, "random")
    scheme(page, dark=False)  # transitions off from the start
    page.get_by_role("button", name="开始").click()
    choices = current(page).locator("input[type=radio], input[type=checkbox]")
    if choices.count():
        choices.first.check()
    page.get_by_role("button", name="结束").click()
    found = [f"{name}: {v['id']}: {v['nodes'][0]['target']}" for name, v in axe_in_both_schemes(page)
             if v["impact"] in ("serious", "critical") or v["id"] == "heading-order"]
    assert not found


def test_a_run_takes_the_chapter_pages_keys(page, guide_site):
    open_run(page, guide_site, "types")
    page.locator("input[name=type][value=multiple]").check()
    page.get_by_role("button", name="开始").click()
    assert page.locator(".run-bar__position").inner_text().startswith("第 1/")
    first = current(page)
    keys = key_letters(first)
    for letter in keys:
        page.keyboard.press(letter.lower())
    assert [box.is_checked() for box in key_inputs(first)] == [True] * len(keys)
    assert first.locator(".practice__verdict").text_content() == ""  # a multiple choice waits for Enter
    page.keyboard.press("Enter")
    assert first.get_by_role("status").inner_text().startswith("正确")
    first_id = first.locator("h2").get_attribute("id")
    page.keyboard.press("ArrowRight")
    assert page.locator(".run-bar__position").inner_text().startswith("第 2/")
    assert current(page).locator("h2").get_attribute("id") != first_id
    page.keyboard.press("ArrowLeft")
    assert current(page).locator("h2").get_attribute("id") == first_id


def test_a_single_choice_run_is_answered_by_number(page, guide_site):
    open_run(page, guide_site, "types")
    page.get_by_role("button", name="开始").click()  # single choice, the form's first type
    first = current(page)
    wrong = wrong_input(first).get_attribute("value") or ""
    page.keyboard.press(str("ABCDEF".index(wrong) + 1))
    assert first.get_by_role("radio", name=re.compile(rf"^{wrong}\.")).is_checked()
    assert first.get_by_role("status").inner_text() == "错误"


def test_a_question_starred_in_a_run_is_in_the_starred_list(page, guide_site):
    open_run(page, guide_site, "random")
    page.fill("input[name=count]", "2")
    page.get_by_role("button", name="开始").click()
    star = current(page).get_by_role("button", name="收藏")
    assert star.get_attribute("aria-pressed") == "false"
    star.click()
    assert star.get_attribute("aria-pressed") == "true"
    title = current(page).locator("h2").inner_text()
    page.goto(file_url(guide_site, "starred.html"))
    assert title.split(" · ")[0].replace(" ", "") in page.locator(".practice-list").inner_text().replace(" ", "")


def practice_scripts(page: Page) -> list[str]:
    """The practice data scripts the page has loaded, as site paths under assets/practice/."""
    return sorted(page.evaluate("Array.from(document.scripts, (s) => s.src)"
                                ".filter((src) => src.includes('/assets/practice/'))"
                                ".map((src) => src.slice(src.indexOf('/assets/practice/') + 17))"))


def test_a_run_page_loads_the_index_then_only_the_questions_it_draws(page, guide_site):
    open_run(page, guide_site, "random")
    assert practice_scripts(page) == ["ai-trainer.js"]  # no answer, stem or question HTML before the draw
    assert page.evaluate("Object.values(studyGuide.practiceData['ai-trainer'].q).some((r) => 'a' in r || 's' in r)") \
        is False
    page.fill("input[name=count]", "4")
    page.get_by_role("button", name="开始").click()
    assert page.locator(".run-bar__position").inner_text() == "第 1/4 题"
    drawn = page.locator(".run-sheet .question > h2").evaluate_all("hs => hs.map((h) => h.id)")
    assert practice_scripts(page) == sorted(["ai-trainer.js", *(f"ai-trainer/q/{qid}.js" for qid in drawn)])


def test_a_chapter_page_loads_its_own_chapters_records_only(page, guide_site):
    page.goto(file_url(guide_site, "ai-trainer/chapter-2.html"))
    page.locator(".practice-bar").wait_for()
    assert practice_scripts(page) == ["ai-trainer/chapter-2.js"]
    ids = page.locator(".question > h2[id]").evaluate_all("hs => hs.map((h) => h.id)")
    assert sorted(page.evaluate("Object.keys(studyGuide.practiceData['ai-trainer'].q)")) == sorted(ids)


def test_a_question_that_cannot_be_loaded_is_said_and_left_out(page, guide_site, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(guide_site, site)
    (site / "assets" / "practice" / "ai-trainer" / "q" / "q3.js").unlink()  # as offline, never downloaded
    open_run(page, site, "types")
    page.locator("input[name=type][value=fill]").check()
    page.get_by_role("button", name="开始").click()
    page.get_by_role("status").filter(has_text="有 1 题未能加载").wait_for()
    assert page.locator(".run-sheet .question > h2").evaluate_all("hs => hs.map((h) => h.id)") == ["q9", "q15", "q21"]


def start_two(page: Page) -> None:
    page.fill("input[name=count]", "2")
    page.get_by_role("button", name="开始").click()
    assert page.locator(".run-bar__position").inner_text() == "第 1/2 题"


def stats_drawn(page: Page) -> None:
    assert page.locator("[data-stats-chart=mastery] svg").count() == 1


@pytest.mark.parametrize(("path", "shown", "used"), [
    ("ai-trainer/random.html", "[data-run-form]", start_two),
    ("stats.html", "[data-stats]", stats_drawn),
], ids=["run", "stats"])
def test_the_page_works_before_materials_bundle_arrives(playwright, guide_site, path, shown, used):
    """On a slow connection a run page's form shows and starts a run, and 统计 draws its charts,
    while Material's bundle (the theme's header, search and navigation) is still on its way: the
    page's purpose does not wait for it (issue 29, item 5).  Material's bundle is held back."""
    server, address = serve_in_background(guide_site)
    chromium = launch_local(playwright)  # the browser fixture's reaches no server
    held: list[Route] = []
    try:
        page = chromium.new_context(service_workers="block").new_page()
        page.route(re.compile(r"/bundle\.[0-9a-f]+\.min\.js$"), lambda route: held.append(route))
        page.goto(address + path, wait_until="commit")
        page.locator(shown).wait_for(timeout=15_000)
        used(page)
        assert len(held) == 1  # Material's bundle asked for, still not given
        held[0].continue_()
        page.wait_for_load_state("load")
    finally:
        chromium.close()
        server.shutdown()
