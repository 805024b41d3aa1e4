"""模拟考试 from file:// (issue 13): a seeded paper drawn the same twice, shuffled options with
the key mapped, the score adding up, time running out handing the paper in, the history, a paper
being sat kept over a reload."""
from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from playwright.sync_api import Dialog, Page

from testing.browser import file_url
from tests.browser.answers import key_inputs, wrong_input
from tests.browser_fixtures import axe_in_both_schemes, scheme

pytestmark = pytest.mark.browser

EXAM = "ai-trainer/exam.html"
Q1_RIGHT = "LARS的层级自适应系数与权重范数成反比"  # option B of question 1, its key


def open_exam(page: Page, site: Path) -> None:
    """The exam page with its form: a paper left unfinished by the test before is dropped first."""
    if page.url.startswith("file:"):
        page.evaluate("localStorage.removeItem('studyGuide.examSitting.v1')")
    page.goto(file_url(site, EXAM))
    page.locator("[data-run-form]").wait_for()


def start(page: Page, seed: str, counts: dict[str, int], points: dict[str, float] | None = None,
          minutes: int = 60, shuffle: bool = True) -> None:
    """Fill the form (counts for the types named, 0 for the others) and press 开始."""
    for row in page.locator("[data-run-form] tr[data-type]").all():
        t = row.get_attribute("data-type") or ""
        row.locator(f"input[name=count-{t}]").fill(str(counts.get(t, 0)))
        if points and t in points:
            row.locator(f"input[name=points-{t}]").fill(str(points[t]))
    page.fill("input[name=minutes]", str(minutes))
    page.fill("input[name=seed]", seed)
    page.locator("input[name=shuffle]").set_checked(shuffle)
    page.get_by_role("button", name="开始").click()
    page.locator(".exam-paper .question").first.wait_for()


def paper_text(page: Page) -> list[str]:
    """Each question's heading and options, as shown."""
    return page.locator(".exam-paper .question").evaluate_all(
        "qs => qs.map(q => q.querySelector('h2').textContent + ' | ' + "
        "[...q.querySelectorAll('.options li')].map(li => li.textContent.trim()).join(' / '))")


def hand_in(page: Page) -> None:
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="交卷").click()
    page.locator(".exam-result__total").wait_for()


def choose_key(page: Page, n: int) -> None:
    """Answer the nth question of the paper with the option its page marks as the key."""
    question = page.locator(".exam-paper .question").nth(n)
    key_inputs(question)[0].check()


def test_a_seeded_paper_is_drawn_the_same_twice(page, guide_site):
    open_exam(page, guide_site)
    start(page, "CLASS7", {"single": 3, "multiple": 2, "fill": 2})
    first = paper_text(page)
    assert len(first) == 7 and page.locator(".exam-bar").inner_text().startswith("种子：CLASS7")
    open_exam(page, guide_site)  # another sitting, as another student would
    start(page, "CLASS7", {"single": 3, "multiple": 2, "fill": 2})
    assert paper_text(page) == first
    open_exam(page, guide_site)
    start(page, "CLASS8", {"single": 3, "multiple": 2, "fill": 2})
    assert paper_text(page) != first


def test_an_empty_seed_gets_one_shown_to_type_again(page, guide_site):
    open_exam(page, guide_site)
    start(page, "", {"single": 2})
    seed = page.locator("input[name=seed]").input_value()
    assert re.fullmatch(r"[2-9A-Z]{6}", seed)
    first = paper_text(page)
    open_exam(page, guide_site)
    start(page, seed, {"single": 2})
    assert paper_text(page) == first


def test_shuffled_options_keep_the_key_and_the_progress_store_gets_the_banks_letter(page, guide_site):
    open_exam(page, guide_site)
    for seed in (f"S{n}" for n in range(40)):  # a seed that moves question 1's key off B
        start(page, seed, {"single": 5})
        q1 = page.locator(".exam-paper .question", has=page.locator("h2#q1"))
        right = q1.locator("li", has_text=Q1_RIGHT)
        if not right.inner_text().startswith("B."):
            break
        open_exam(page, guide_site)
    letter = right.inner_text()[0]
    assert letter != "B" and re.match(r"^第 \d+ 题 · 单选 · 1 分$", q1.locator("h2").inner_text())
    right.locator("input").check()
    hand_in(page)
    assert q1.get_by_role("status").inner_text().startswith("正确")
    assert "本卷的 A B C D" in q1.locator(".exam-moved").inner_text()
    # The review speaks the candidate's letters: the answer line and the marks on the options.
    assert q1.locator("details.answer > p").first.inner_text() == f"答案： {letter}"
    assert q1.locator("li.is-right").inner_text().startswith(f"{letter}.")
    assert q1.locator("details.answer").evaluate("d => d.open")  # the answer and explanation, reviewed
    page.goto(file_url(guide_site, "ai-trainer/chapter-1.html"))
    chapter_q1 = page.locator(".question", has=page.locator("h2#q1"))
    assert chapter_q1.get_by_role("radio", name=re.compile(r"^B\.")).is_checked()
    assert chapter_q1.get_by_role("status").inner_text() == "正确"


def test_the_score_adds_up_by_type(page, guide_site):
    open_exam(page, guide_site)
    start(page, "SCORE1", {"single": 3, "multiple": 2, "fill": 1}, points={"single": 2, "multiple": 3.5, "fill": 4})
    choose_key(page, 0)
    choose_key(page, 1)                     # two singles right, the third left empty
    multiple = page.locator(".exam-paper .question").nth(3)
    for box in key_inputs(multiple):
        box.check()                         # one multiple right, the other wrong
    wrong_input(page.locator(".exam-paper .question").nth(4)).check()
    hand_in(page)
    assert page.locator(".exam-result__total").inner_text() == "得分：7.5 / 17"
    rows = page.locator(".exam-result table tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))")
    assert rows[1:] == [["单选", "3", "2", "4 / 6"], ["多选", "2", "1", "3.5 / 7"], ["填空", "1", "0", "0 / 4"],
                        ["合计", "6", "", "7.5 / 17"]]
    third = page.locator(".exam-paper .question").nth(2)
    assert third.get_by_role("status").inner_text() == "错误 · 未作答"
    # Handed in, the paper is locked: nothing on it can be changed or submitted again.
    controls = page.locator(".exam-paper .practice input, .exam-paper .practice button, .exam-paper .options input")
    assert controls.count() > 0 and all(c.is_disabled() or c.is_hidden() for c in controls.all())
    assert all(submit.is_disabled() for submit in page.locator(".exam-paper .practice__submit").all())
    assert [item.get_attribute("data-state") for item in page.locator(".run-card__item").all()] == \
        ["right", "right", "unanswered", "right", "wrong", "unanswered"]
    history = page.locator("[data-exam-history-list] tr").nth(1).inner_text()
    assert "SCORE1" in history and "7.5 / 17" in history


def test_a_type_with_fewer_questions_than_asked_is_drawn_whole_and_said(page, guide_site):
    open_exam(page, guide_site)
    start(page, "FEW", {"single": 99})
    assert page.locator(".exam-paper .question").count() == 5
    assert page.locator(".exam-short").inner_text() == "单选只有 5 题，已全部抽入。"


def test_hand_in_asks_first_and_a_no_keeps_the_paper(page, guide_site):
    open_exam(page, guide_site)
    start(page, "ASK", {"single": 2})
    messages: list[str] = []

    def refuse(dialog: Dialog) -> None:
        messages.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    page.get_by_role("button", name="交卷").click()
    assert messages == ["确定交卷吗？还有 2 题未作答。"]
    assert page.locator(".exam-result__total").count() == 0
    assert page.locator(".exam-paper .question details.answer").first.is_hidden()  # no answers while sitting


def test_time_running_out_hands_the_paper_in(page, guide_site):
    page.clock.install(time=datetime(2026, 1, 5, 9))
    page.clock.pause_at(datetime(2026, 1, 5, 9, 0, 1))  # time moves only when the test says: a slow machine costs none
    open_exam(page, guide_site)
    start(page, "TIME", {"single": 2}, minutes=1)
    choose_key(page, 0)
    assert page.locator(".exam-bar__clock").inner_text() == "1:00"
    page.clock.run_for("00:30")
    assert page.locator(".exam-bar__clock").inner_text() == "0:30"
    page.clock.run_for("00:31")
    assert page.locator(".exam-result__total").inner_text() == "得分：1 / 2"
    assert page.locator(".exam-result__time-up").inner_text() == "考试时间到，已自动交卷。"
    assert page.locator(".exam-paper input").first.is_disabled()


def test_a_paper_being_sat_survives_a_reload_and_its_clock_keeps_running(page, guide_site):
    page.clock.install(time=datetime(2026, 1, 5, 9))
    page.clock.pause_at(datetime(2026, 1, 5, 9, 0, 1))  # time moves only when the test says: a slow reload costs none
    open_exam(page, guide_site)
    start(page, "STAY", {"single": 2, "fill": 1}, points={"single": 1, "fill": 1}, minutes=10)
    first = paper_text(page)
    choose_key(page, 0)
    page.locator(".exam-paper .question").nth(2).get_by_role("textbox").fill("不知道")
    page.clock.run_for("02:00")
    page.reload()
    page.locator(".exam-paper .question").first.wait_for()
    assert paper_text(page) == first and page.locator("[data-run-form]").is_hidden()
    assert key_inputs(page.locator(".exam-paper .question").nth(0))[0].is_checked()
    assert page.locator(".exam-paper .question").nth(2).get_by_role("textbox").input_value() == "不知道"
    assert page.locator(".exam-bar__clock").inner_text() == "8:00"  # counted from the start, not the reload
    hand_in(page)
    assert page.locator(".exam-result__total").inner_text() == "得分：1 / 3"
    page.reload()  # handed in: nothing to take up again
    page.locator("[data-run-form]").wait_for()
    assert page.locator(".exam-paper").count() == 0


def test_a_paper_whose_time_ran_out_while_away_is_handed_in_on_return(page, guide_site):
    page.clock.install()
    open_exam(page, guide_site)
    start(page, "AWAY", {"single": 2}, minutes=1)
    choose_key(page, 1)
    page.goto(file_url(guide_site, "ai-trainer/chapter-1.html"))
    page.clock.run_for("05:00")
    page.goto(file_url(guide_site, EXAM))
    page.locator(".exam-result__total").wait_for()
    assert page.locator(".exam-result__total").inner_text() == "得分：1 / 2"
    assert page.locator(".exam-result__time-up").inner_text() == "考试时间到，已自动交卷。"
    history = page.locator("[data-exam-history-list] tr").nth(1).inner_text()
    assert "AWAY" in history and "1 / 2" in history and "1 分 0 秒" in history  # used: the time allowed


@pytest.mark.parametrize("stage", ["sitting", "handed in"])
def test_axe_finds_no_serious_violation_on_a_paper(page, guide_site, stage):
    """The paper, in the light scheme and in the dark one."""
    open_exam(page, guide_site)
    scheme(page, dark=False)  # transitions off from the start
    start(page, "AXE", {"single": 2, "multiple": 1, "fill": 1, "calc": 1})
    if stage == "handed in":
        hand_in(page)
    found = [f"{name}: {v['id']}: {v['nodes'][0]['target']}" for name, v in axe_in_both_schemes(page)
             if v["impact"] in ("serious", "critical") or v["id"] == "heading-order"]
    assert not found
