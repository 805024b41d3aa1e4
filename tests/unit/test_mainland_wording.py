"""The Simplified edition reads as mainland Chinese: no Taiwan-only words, no 「」 quotes.

The bank is written in Traditional characters with mainland vocabulary (數據, 配置, 顯存);
the editor's notes and the glossary are written in the same vocabulary, and the Simplified
edition converts characters only (generator/pages/script.py), so a Taiwan word that slips
into a note would reach the reader unchanged.  These tests read the chapter pages the
Simplified edition builds.
"""
import re
from dataclasses import replace

import pytest

from generator.base.settings import load_settings
from generator.pages.compose import build_guide
from generator.pages.script import convert_text
from tests.paths import GUIDE_SETTINGS

# Words a mainland reader would not write, each with the mainland word (for the message).
TAIWAN_ONLY = {
    "位元组": "字节", "设定档": "配置文件", "栏位": "字段", "模组": "模块", "程式": "程序",
    "资料库": "数据库", "伺服器": "服务器", "软体": "软件", "硬体": "硬件", "记忆体": "内存",
    "网路": "网络", "演算法": "算法", "执行绪": "线程", "快取": "缓存", "介面": "接口/界面",
    "物件": "对象", "讯息": "信息", "萤幕": "屏幕", "列印": "打印", "搜寻": "搜索", "函式": "函数",
    "变数": "变量", "区块": "块", "晶片": "芯片", "显示卡": "显卡", "频宽": "带宽", "影片": "视频",
    "档案": "文件", "随著": "随着",
}
TAIWAN_QUOTES = "「」『』"


@pytest.fixture(scope="module")
def chapters() -> dict[str, str]:
    settings = load_settings(GUIDE_SETTINGS)
    guide = build_guide(replace(settings, script="hans"), typeset=False)
    pages = {p.path: p.markdown for p in guide.pages if re.search(r"chapter-\d+\.md$", p.path)}
    assert len(pages) == 5
    return pages


def found(markdown: str, words) -> list[str]:
    return [f"{markdown[max(0, i - 12):i + len(w) + 12]!r}"
            for w in words for i in (m.start() for m in re.finditer(re.escape(w), markdown))]


def test_no_taiwan_only_word_in_the_simplified_chapter_pages(chapters):
    hits = {path: found(text, TAIWAN_ONLY) for path, text in chapters.items()}
    assert {path: h for path, h in hits.items() if h} == {}


def test_no_corner_quotes_in_the_simplified_chapter_pages(chapters):
    hits = {path: found(text, TAIWAN_QUOTES) for path, text in chapters.items()}
    assert {path: h for path, h in hits.items() if h} == {}


def test_the_notes_use_the_banks_own_words(chapters):
    """The rewritten notes arrive in mainland words: 字节 (q21), 配置文件 and 字段 (q23), 模块 (q10)."""
    text = "".join(chapters.values())
    for word in ("字节", "配置文件", "字段", "模块", "“成反比”"):
        assert word in text, word
    assert "随着序列长度" in text  # the bank's 隨著 in its mainland form


def test_the_banks_terms_keep_their_wording():
    """Characters change, terms do not: the phrase table of OpenCC's tw2sp would turn these into
    内核, 矢量, 串行, 激活, 添加, 指针 and 在线."""
    for traditional, simplified in [("核心思想", "核心思想"), ("詞向量", "词向量"), ("序列長度", "序列长度"),
                                    ("啟用", "启用"), ("新增參數", "新增参数"), ("評估指標", "评估指标"),
                                    ("線上服務", "线上服务"), ("數據", "数据"), ("配置", "配置")]:
        assert convert_text(traditional, "hans") == simplified


def test_corner_quotes_become_mainland_quotes():
    assert convert_text("解析說「使用『有放回』」", "hans") == "解析说“使用‘有放回’”"
    assert convert_text("解析說「使用有放回」", "hant") == "解析說「使用有放回」"


def test_the_interface_reads_as_mainland_chinese():
    """The interface is written in Taiwan's wording and converted with tw2sp, which keeps 預設
    (mainland: 默认) and turns 離線 into 脱机 (offline reading is 离线 there)."""
    from generator.pages.script import convert_strings
    from generator.pages.strings import UI
    from generator.site.pwa import STRINGS

    interface = " ".join([*convert_strings(UI, "hans").values(), *convert_strings(STRINGS, "hans").values()])
    assert found(interface, [*TAIWAN_ONLY, "预设", "脱机", *TAIWAN_QUOTES]) == []
    assert "默认收起" in interface and "离线" in interface
