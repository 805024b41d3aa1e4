"""The script stage: editions in Simplified and Traditional characters (OpenCC)."""
import uuid
from dataclasses import fields, replace
from functools import _lru_cache_wrapper
from typing import cast

import pytest
import yaml

from generator.bank.lint import lint
from generator.bank.model import DISPLAY_MATH, INLINE_MATH, Bank, Chapter, Flag, Option, Question, Stray
from generator.base.errors import ConfigError
from generator.base.settings import load_settings
from generator.pages.compose import PageRenderer, build_guide
from generator.pages.script import (
    KEPT_FIELDS,
    NESTED_FIELDS,
    REMEMBERED,
    TEXT_FIELDS,
    convert_bank,
    convert_interface,
    convert_strings,
    convert_text,
    converter,
    detect_script,
    interface_script,
    theme_language,
)
from generator.pages.strings import UI
from generator.read.load import corrected_bank, load_bank
from tests.inline_bank import parse_text
from tests.paths import BUNDLED, GUIDE_SETTINGS


@pytest.fixture(scope="module")
def bundled() -> Bank:
    return load_bank(BUNDLED)


def test_opencc_converts_offline_with_its_bundled_tables():
    assert convert_text("位置編碼與張量並行，數據發散", "hans") == "位置编码与张量并行，数据发散"
    assert convert_text("位置编码与张量并行，数据发散", "hant") == "位置編碼與張量並行，數據發散"
    # Phrases, not only characters: 头发 and 发现 take different Traditional characters.
    assert convert_text("头发与发现", "hant") == "頭髮與發現"
    assert convert_text("位置編碼", "original") == "位置編碼"


def test_a_text_is_converted_once_and_the_converted_texts_are_bounded():
    convert = cast("_lru_cache_wrapper[str]", converter("hans"))
    text = f"位置編碼與張量並行 {uuid.uuid4()}"  # converted by no other test
    before = convert.cache_info()
    assert convert(text) == convert(text) == text.replace("編碼與張量並行", "编码与张量并行")
    after = convert.cache_info()
    assert (after.misses, after.hits) == (before.misses + 1, before.hits + 1)
    assert after.maxsize == REMEMBERED


def test_bank_wording_is_kept_and_interface_wording_is_mainland():
    assert convert_text("列印與搜尋", "hans") == "列印与搜寻"  # bank text: characters only
    assert convert_interface("列印與搜尋", "hans") == "打印与搜索"  # interface: mainland words


def test_every_model_field_is_either_converted_or_kept():
    for cls in (Bank, Chapter, Question, Option, Flag, Stray):
        listed = [*TEXT_FIELDS.get(cls, ()), *NESTED_FIELDS.get(cls, ()), *KEPT_FIELDS.get(cls, ())]
        assert sorted(listed) == sorted(f.name for f in fields(cls)), cls.__name__


def test_the_bundled_bank_in_simplified(bundled):
    hans = convert_bank(bundled, "hans")
    q2 = hans.question("q2")
    assert "位置编码" in q2.stem and "位置編碼" in bundled.question("q2").stem
    assert hans.chapters[0].title == "机器学习与深度学习基础"
    assert detect_script([q.stem + q.explanation for q in hans.questions]) == "hans"
    assert detect_script([q.stem + q.explanation for q in bundled.questions]) == "hant"


def test_identifiers_stay_so_links_work_in_every_edition(bundled):
    hans = convert_bank(bundled, "hans")
    for before, after in zip(bundled.questions, hans.questions, strict=True):
        assert ((after.id, after.number, after.type, after.position)
                == (before.id, before.number, before.type, before.position))
        assert [o.label for o in after.options] == [o.label for o in before.options]
        assert [f.code for f in after.flags] == [f.code for f in before.flags]
    assert (hans.slug, hans.source) == (bundled.slug, bundled.source)


def test_conversion_runs_after_errata_so_they_match_the_raw_text(bundled):
    # q1's errata are written against the Traditional raw text; they applied, then converted.
    q1 = convert_bank(bundled, "hans").question("q1")
    assert q1.corrections and "ImageNet-1k" in q1.stem and "训练" in q1.stem


def test_the_pages_show_each_chapter_checked_then_converted():
    # The renderer converts a chapter's texts once, and the flags the check adds after it.
    corrected = corrected_bank(BUNDLED)
    renderer = PageRenderer((corrected,), "hans", UI, None, "hans", None)
    assert renderer.banks == (convert_bank(lint(corrected), "hans"),)
    added = [f for q in renderer.banks[0].questions for f in q.flags[len(corrected.question(q.id).flags):]]
    assert added and all("題" not in f.message for f in added) and any("题" in f.message for f in added)


def test_editor_formulas_survive_conversion():
    text = f"公式{INLINE_MATH[0]}\\text{{權重}}\\times 2{INLINE_MATH[1]}與{DISPLAY_MATH[0]}x^2{DISPLAY_MATH[1]}。"
    assert convert_text(text, "hans") == (f"公式{INLINE_MATH[0]}\\text{{权重}}\\times 2{INLINE_MATH[1]}"
                                          f"与{DISPLAY_MATH[0]}x^2{DISPLAY_MATH[1]}。")


def test_an_original_edition_leaves_the_bank_and_follows_it_in_the_interface():
    simplified = parse_text("""
        一、机器学习基础
        1.（单选）关于学习率预热的说法正确的是
        A.没有用 B.可以稳定训练
        答案：B
    """)
    assert convert_bank(simplified, "original") is simplified
    assert interface_script("original", [simplified]) == "hans"
    assert convert_strings(UI, "hans")["answer_title"] == "答案与解析"
    assert theme_language("hans") == "zh" and theme_language("hant") == "zh-Hant"


def test_an_unknown_script_is_an_error_that_names_the_choices(tmp_path):
    with pytest.raises(ConfigError, match="original, hans, hant"):
        convert_text("字", "simplified")
    settings = tmp_path / "site_config" / "guide.yml"
    settings.parent.mkdir()
    settings.write_text(yaml.safe_dump({"banks": [str(BUNDLED)], "script": "zh-cn"}), encoding="utf-8")
    with pytest.raises(ConfigError, match="script"):
        load_settings(settings)


def test_the_bundled_guide_is_simplified_by_default_and_traditional_one_setting_away():
    settings = load_settings(GUIDE_SETTINGS)
    assert settings.script == "hans"
    guide = build_guide(settings)
    chapter = next(p for p in guide.pages if p.path.endswith("chapter-1.md"))
    assert guide.interface == "hans" and "机器学习" in chapter.markdown and "答案与解析" in chapter.markdown
    hant = build_guide(replace(settings, script="hant"))
    chapter = next(p for p in hant.pages if p.path.endswith("chapter-1.md"))
    assert hant.interface == "hant" and "機器學習" in chapter.markdown and "答案與解析" in chapter.markdown
    assert [next(iter(entry.values())) for entry in guide.nav] == [next(iter(entry.values())) for entry in hant.nav]
