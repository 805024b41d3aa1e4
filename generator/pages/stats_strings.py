"""Interface strings of the 統計 page and the home page's 今日計劃.

Written in Traditional script like generator/pages/strings.py (the script stage converts
them).  The page's markup takes them through :func:`html.escape`; the scripts
(overrides/src/stats) get theirs from ``stats-strings.js`` (:func:`stats_strings_script`),
added to ``studyGuide.strings``.
"""
from __future__ import annotations

import json

from .script import convert_strings

STATS_STRINGS_JS = "assets/javascripts/stats-strings.js"
STATS_UI: dict[str, str] = {
    "stats_title": "統計",
    "stats_intro": ("從這個瀏覽器保存的作答記錄算出：各章與各題型的正確率、每天做了多少題、"
                    "接下來兩週有多少題到期複習，以及掌握情況。每張圖下面都有同樣數字的表格。"),
    "stats_needs_script": "統計由瀏覽器裡的作答記錄算出，這個頁面需要瀏覽器允許 JavaScript。",
    "stats_mastery": "掌握情況",
    "stats_chapters": "各章正確率",
    "stats_types": "各題型正確率",
    "stats_daily": "近 30 天每天作答",
    "stats_due": "未來 14 天到期複習",
    "stats_mastered": "已掌握",
    "stats_learning": "學習中",
    "stats_new": "未做",
    "stats_mastery_hint": "已掌握：最近連續答對兩次；學習中：做過但還沒掌握；未做：還沒作答過。",
    "stats_accuracy_hint": "正確率按每一次作答計算（同一題做了三次就算三次）。",
    "stats_daily_hint": "開始記錄每天作答之前的日子，只算得到每題最後一次作答。",
    "stats_due_hint": "今天一欄包括已經過期的題。",
    "stats_table_show": "以表格顯示",
    "stats_table_hide": "收起表格",
    "stats_col_chapter": "章節",
    "stats_col_type": "題型",
    "stats_col_answered": "已做題數",
    "stats_col_given": "作答次數",
    "stats_col_right": "答對次數",
    "stats_col_rate": "正確率",
    "stats_col_day": "日期",
    "stats_col_answers": "作答數",
    "stats_col_due": "到期題數",
    "stats_col_state": "狀態",
    "stats_col_count": "題數",
    "stats_today": "今天",
    "stats_no_answers": "還沒有作答記錄：做幾道題再來看。",
    "stats_none": "—",
    "plan_title": "今日計劃",
    "plan_due": "到期複習 {count} 題",
    "plan_due_none": "今天沒有到期的複習",
    "plan_new": "新題 {count} 題",
    "plan_new_none": "所有題目都做過了",
    "plan_resume": "從上次停下的地方繼續：第 {number} 題",
    "plan_start": "從第 1 題開始",
    "plan_stats": "查看統計",
}


def stats_strings(script: str) -> dict[str, str]:
    return convert_strings(STATS_UI, script)


def stats_strings_script(script: str) -> str:
    """``stats-strings.js``: the strings in ``script``, merged into ``studyGuide.strings``;
    ``json.dumps`` escapes every non-ASCII character and quote, so no string ends the literal early."""
    return ("/* Written at build by generator/pages/stats_strings.py: the 統計 page's strings. */\n"
            "(function (g) { g.strings = Object.assign(g.strings || {}, "
            + json.dumps(stats_strings(script), sort_keys=True)
            + "); })(globalThis.studyGuide = globalThis.studyGuide || {});\n")
