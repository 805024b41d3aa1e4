"""Every interface string the generated pages use, in one place.

Written in Traditional script like the bundled bank; the script stage converts them
together with the bank text, so an edition never mixes scripts.
"""
from __future__ import annotations

from ..bank.model import QuestionType

UI: dict[str, str] = {
    # question types as "type_single" ..., the labels the JSON export uses too
    **{f"type_{t.value}": t.label for t in QuestionType},
    # cross-links
    "related": "相關題目",
    "glossary_title": "術語表",
    "glossary_intro": ("題庫中出現的術語，附一句話解釋與出現的題目。"
                       "題目中每個術語第一次出現時連結到這裡，滑鼠停留可看解釋。"),
    "aliases": "又稱",
    "see_also": "參見",
    "used_in": "出現於",
    "index_title": "題目總覽",
    "index_intro": "全部題目一覽；點擊題號跳到該題。",
    "number": "題號",
    "type": "題型",
    "stem": "題目",
    "tags_title": "標籤",
    "tags_intro": "按題型與主題分類的章節。",
    "question": "第{number}題",
    "question_column": "題目",
    "answer_title": "答案與解析",
    "answer_only_title": "答案",
    "answer": "答案",
    "explanation": "解析",
    "no_answer": "題庫未給出答案。",
    "bank_answer": "題庫",  # the answer line: 答案：0.0005（題庫）· 編者答案：…
    "editor_answer": "編者答案",
    "true": "正確",
    "false": "錯誤",
    "flags_title": "請留意",
    "corrected_title": "本題已校訂（{count} 處）",
    "note_title": "編者註",
    "exam_tag": "考期",
    "home_title": "首頁",
    "chapters": "章節",
    "chapter": "章節",
    "count": "題數",
    "total": "合計",
    "types": "題型",
    "home_intro": "共 {chapters} 章、{count} 題。每題的答案與解析預設收起：先自己作答，再展開核對。",
    "report_title": "校對報告",
    "report_intro": "以下列出題庫中自動檢查發現的問題，以及不屬於任何題目的文字。點擊題號可跳到該題。",
    "report_none": "沒有發現問題。",
    "severity": "嚴重度",
    "code": "代碼",
    "message": "說明",
    "stray_title": "未歸屬的文字",
    "stray_where": "位置",
    "stray_reason": "原因",
    "stray_page_furniture": "頁眉頁腳",
    "stray_heading_with_no_questions": "沒有題目的標題",
    "error": "錯誤",
    "warning": "警告",
    "info": "提示",
    "chapter_summary": "本章共 {count} 題：{types}。",
    "source": "來源",
    "options": "選項",
    # printing (issue 7): the edition switch, the practice edition and chapter PDFs
    "edition": "顯示與列印",
    "edition_answers": "答案版",
    "edition_practice": "練習版",
    "edition_hint": "切換本頁的顯示與列印。答案版：答案與解析可展開，列印時全部印出；"
                    "練習版：只顯示題目與選項，每題可單獨顯示答案，搜尋結果不顯示答案與解析，"
                    "列印時留出作答空間，章末附答案速查表。",
    "print_chapter": "列印本章",
    "pdf_download": "下載 PDF",
    "answer_key_title": "答案速查",
    "answer_key_hint": "單選、多選、判斷與填空題的答案；其餘題目的參考答案見答案版。",
    "writing_space": "作答區",
    "handout_name": "姓名",
    "handout_class": "班級",
    "handout_score": "得分",
    # taking the bank elsewhere (issue 16): the home page's downloads, the Anki deck
    "downloads_title": "下載題庫",
    "downloads_intro": "把整理、校訂過的題庫帶到別的工具裡複習（離線也能下載）：",
    "download_anki": "Anki 卡組",
    "download_anki_hint": "每題一張卡片，重新匯入時更新已有卡片",
    "download_xlsx": "Excel 表格",
    "download_xlsx_hint": "題型、題幹、選項A…F、答案、解析、章節，可匯入考試寶、磨題幫等刷題工具",
    "download_csv": "CSV 表格",
    "download_csv_hint": "同上，UTF-8 編碼",
    "download_pdfs": "各章 PDF（答案版與練習版）",
    "anki_model": "備考指南題目",
    "anki_card": "題目",
    "anki_topic": "主題",
    # reader scripts (issue 14): written into assets/javascripts/reader-strings.js at build
    "reveal_answer": "顯示答案",
    "hide_answer": "隱藏答案",
    "search_spoilers": "搜尋結果顯示答案與解析的摘錄",
    "term_popover_link": "在術語表中查看",
    "term_popover_close": "關閉",
}

# What a reader is told about a question the checks flagged: one sentence per flag code (the
# codes themselves are for editors: the report page and `check` show them).
FLAG_SENTENCES: dict[str, str] = {
    "truncated": "題庫中的這一題到此中斷，題目或答案不完整。",
    "duplicate-number": "題庫中這個題號出現了不止一次。",
    "numbering-gap": "題庫在這裡的題號不連續，前後可能缺了題目。",
    "missing-answer": "題庫沒有給出本題的答案。",
    "answer-not-in-options": "題庫給的答案與選項對不上。",
    "answer-count": "題庫答案的選項個數與題型不符。",
    "options-out-of-order": "題庫中本題的選項順序錯亂。",
    "options-glued": "題庫中本題多出的選項併在了某個選項裡，請以題意判斷。",
    "unterminated-code": "本題的程式碼在題庫中沒有結尾，排版可能有誤。",
    "answer-conflict": "題庫的答案與解析不一致：請以解析和編者的說明為準。",
    "option-text-moved": "校訂時選項文字有所調整，請以本頁的選項為準。",
    "garbled-text": "題庫原文這裡疑似亂碼。",
    "lost-character": "題庫原文這裡疑似遺失了字元，原處以問號代替。",
    "lost-minus": "題庫原文這裡疑似遺失了負號。",
    "code-whitespace-lost": "題庫原文的程式碼失去了空白與換行。",
}
UI.update({f"flag_{code}": sentence for code, sentence in FLAG_SENTENCES.items()})
UI["flag_other"] = "自動檢查發現本題可能有問題。"  # a code with no sentence of its own yet
