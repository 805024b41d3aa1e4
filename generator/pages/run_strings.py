"""Interface strings of the practice runs: 隨機練習, 題型練習, 模擬考試, 今日複習.

Written in Traditional script like generator/pages/strings.py (the script stage converts
them), in the mainland vocabulary a Simplified guide needs.  The pages' markup takes the
strings through :func:`html.escape`; the scripts get theirs from ``run-strings.js``
(:func:`run_strings_script`), added to ``studyGuide.strings``.
"""
from __future__ import annotations

import json

from .script import convert_strings
from .strings import UI

RUN_STRINGS_JS = "assets/javascripts/run-strings.js"
RUN_UI: dict[str, str] = {
    # the pages' titles, in the navigation
    "random_title": "隨機練習",
    "types_title": "題型練習",
    "exam_title": "模擬考試",
    "review_title": "今日複習",
    "random_intro": "從選定的章節與題型中隨機抽題，逐題作答、當即判定，作答記入學習進度。",
    "types_intro": "選一種題型，按題庫順序逐題練習，作答記入學習進度。",
    "exam_intro": ("選章節、題型、每種題型的題數與分值和考試時間，按「開始」抽出一份試卷。"
                   "同一個種子加上同樣的選擇，抽出的試卷相同：全班輸入同一個種子，就考同一份卷。"),
    "review_intro": ("按間隔重複（FSRS）安排的複習：每次作答都是一次複習，答對的題隔得越來越久再出現，"
                     "答錯的很快再出現。下面是今天到期的題。"),
    "needs_script": "這個頁面需要瀏覽器允許 JavaScript。",
    "run_chapters": "章節",
    "run_types": "題型",
    "run_count": "題數",
    "run_start": "開始",
    "run_all": "全選",
    "run_available": "（{count} 題）",
    "run_next": "下一題",
    "run_previous": "上一題",
    "run_finish": "結束",
    "run_position": "第 {n}/{total} 題",
    "run_none": "所選範圍內沒有可以練習的題。",
    "run_loading": "正在載入題目…",
    "run_missing": "有 {count} 題未能載入（未連網，離線版也未裝好），已略過。",
    "run_summary": "本輪共 {total} 題，已答 {answered} 題，答對 {right} 題。",
    "run_again": "再來一輪",
    "exam_type_count": "題數",
    "exam_points": "每題分值",
    "exam_minutes": "考試時間（分鐘）",
    "exam_seed": "種子",
    "exam_seed_hint": "留空則隨機生成；輸入別人給的種子即可抽出同一份卷。",
    "exam_shuffle": "打亂選項順序（選項字母重排，答案隨之對應）",
    "exam_settings": "試卷設置",
    "exam_paper": "試卷",
    "exam_remaining": "剩餘時間",
    "exam_hand_in": "交卷",
    "exam_confirm": "確定交卷嗎？還有 {count} 題未作答。",
    "exam_confirm_all": "確定交卷嗎？",
    "exam_time_up": "考試時間到，已自動交卷。",
    "exam_result": "成績",
    "exam_score": "得分：{got} / {max}",
    "exam_type": "題型",
    "exam_right": "答對",
    "exam_got": "得分",
    "exam_total": "合計",
    "exam_review": "逐題回顧",
    "exam_unanswered": "未作答",
    "exam_heading": "第 {n} 題 · {type} · {points} 分",
    "exam_moved": "選項已打亂：本卷的 {now} 即原題的 {was}；解析中的字母按原題。",
    "exam_history": "考試記錄",
    "exam_history_none": "還沒有考試記錄。",
    "exam_when": "時間",
    "exam_used": "用時",
    "exam_reuse": "用這個種子",
    "exam_wrong": "錯題",
    "exam_paper_of": "{seed}（{count} 題）",
    "exam_minutes_used": "{minutes} 分 {seconds} 秒",
    "exam_invalid": "請至少選一個章節，並為至少一種題型填上題數。",
    "exam_short": "{type}只有 {count} 題，已全部抽入。",
    "review_due": "今天到期：{count} 題",
    "review_none": "今天沒有到期的題。去章節頁或隨機練習答題，答過的題會按記憶規律排進複習。",
    "review_start": "開始複習",
    "review_next_due": "下次複習：{date}",
    "nav_due": "{count} 題到期",
    # progress kept in the browser (practice/store.js, home.js)
    "progress_repaired": "瀏覽器中保存的作答記錄有部分無法讀取，已略過這些記錄，其餘照常保留。",
    "progress_refused": "另有 {refused} 條記錄無法讀取，已略過。",
    "progress_too_large": "無法匯入：這個檔案太大，瀏覽器存不下，沒有匯入任何記錄。",
    "progress_file_too_large": "無法匯入：檔案有 {size} MB，超過 {limit} MB 的上限，沒有匯入任何記錄。",
    "reviews_corrupted": "瀏覽器中保存的複習安排無法讀取，已另存一份並重新開始安排。",
    # the 答題卡 and tools of a run or paper (runs/navigator.js)
    "card_heading": "答題卡",
    "card_counts": "已答 {answered}/{total} · 答對 {right} · 答錯 {wrong} · 標記 {marked}",
    "card_counts_sitting": "已答 {answered}/{total} · 標記 {marked}",
    "card_item": "第 {n} 題：{state}",
    "card_mark": "標記本題",
    "state_unanswered": "未答",
    "state_answered": "已答",
    "state_right": "答對",
    "state_wrong": "答錯",
    "state_marked": "已標記",
    "view_label": "顯示方式",
    "view_one": "逐題",
    "view_all": "整卷",
    "font_smaller": "字小一點",
    "font_larger": "字大一點",
    "auto_next": "答對後自動下一題",
    # an answered option, marked (practice/question.js): the words beside ✓ or ✗
    "mark_key": "正確答案",
    "mark_right": "你的選擇 · 正確",
    "mark_wrong": "你的選擇 · 錯誤",
    "mark_missed": "漏選的正確答案",
}
# The strings the scripts read (the rest only appear in the pages' markup).
SCRIPT_KEYS = tuple(key for key in RUN_UI if not key.endswith(("_intro", "_title")) or key == "review_title")


def run_strings(script: str) -> dict[str, str]:
    """:data:`RUN_UI` written in ``script`` (``hans`` or ``hant``)."""
    return convert_strings(RUN_UI, script)


def run_strings_script(script: str) -> str:
    """``run-strings.js``: the scripts' strings added to ``studyGuide.strings``.  ``json.dumps``
    escapes every non-ASCII character and quote, so no string can end the literal early."""
    ui = run_strings(script)
    strings = {key: ui[key] for key in SCRIPT_KEYS}
    strings |= {key: value for key, value in convert_strings(UI, script).items() if key.startswith("type_")}
    return ("/* Written at build by generator/pages/run_strings.py: the practice runs' strings. */\n"
            "(function (g) { g.strings = Object.assign(g.strings || {}, " + json.dumps(strings, sort_keys=True)
            + "); })(globalThis.studyGuide = globalThis.studyGuide || {});\n")
