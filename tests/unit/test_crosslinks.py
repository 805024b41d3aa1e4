"""Cross-links on the pages: glossary links, references, related questions, tags, index pages."""
import textwrap
from pathlib import Path

import pytest
import yaml

from generator.base.settings import Settings
from generator.links.glossary import load_glossary
from generator.pages.compose import build_guide

GLOSSARY = textwrap.dedent("""\
    - term: LoRA
      aliases: [低秩適配]
      definition: 凍結原權重，只訓練低秩增量矩陣的微調方法。
      see: [QLoRA]
    - term: QLoRA
      definition: 在 4 位量化模型上做 LoRA 微調。
    - term: KV cache
      aliases: [KVcache]
      definition: 推理時緩存每層的鍵與值。
    - term: 量化
      slug: quantization
      definition: 以較少位元表示權重或激活。
    - term: 從未出現
      slug: never-used
      definition: 題庫裡沒有這個術語。
""")
BANK = textwrap.dedent("""\
    一、微調
    1.（單選）LoRA與QLoRA的區別是
    A.LoRA量化B.都不量化
    答案：A
    解析：QLoRA先量化再做LoRA。
    2.（簡答）KVcache如何量化？
    答案：見第1題，量化KV cache可省顯存。
    二、推理
    3.（簡答）為什麼KVcache要量化？
    答案：同第2題。
""")


@pytest.fixture(scope="module")
def guide(tmp_path_factory):
    folder = tmp_path_factory.mktemp("crosslinks")
    (folder / "glossary.yml").write_text(GLOSSARY, encoding="utf-8")
    (folder / "demo").mkdir()
    (folder / "demo" / "bank.txt").write_text(BANK, encoding="utf-8")
    settings = Settings(banks=(folder / "demo" / "bank.txt",), script="original", root=folder,
                        glossary=folder / "glossary.yml")
    return build_guide(settings, typeset=False)


def page(guide, path):
    return next(p for p in guide.pages if p.path == path).markdown


def question_block(markdown: str, qid: str) -> str:
    start = markdown.index(f"#{qid} ")
    end = markdown.find('<div class="question"', start)
    return markdown[start:end if end > 0 else None]


def test_a_term_links_to_its_glossary_entry_on_its_first_mention_only(guide):
    q1 = question_block(page(guide, "demo/chapter-1.md"), "q1")
    assert q1.count("(../glossary.md#lora ") == 1
    assert q1.count("(../glossary.md#qlora ") == 1
    assert '"凍結原權重，只訓練低秩增量矩陣的微調方法。"){ .term }' in q1
    # "LoRA" inside "QLoRA" is not a mention of LoRA
    assert "[QLoRA](../glossary.md#qlora" in q1


def test_run_together_spellings_link_too(guide):
    q2 = question_block(page(guide, "demo/chapter-1.md"), "q2")
    assert "[KVcache](../glossary.md#kv-cache" in q2


def test_references_become_links_across_chapters(guide):
    assert "[第1題](chapter-1.md#q1)" in question_block(page(guide, "demo/chapter-1.md"), "q2")
    assert "[第2題](chapter-1.md#q2)" in question_block(page(guide, "demo/chapter-2.md"), "q3")


def test_related_questions_follow_shared_terms(guide):
    q3 = question_block(page(guide, "demo/chapter-2.md"), "q3")
    related = q3[q3.index("相關題目"):]
    assert related.index("chapter-1.md#q2") < related.index("chapter-1.md#q1")


def test_tags_are_front_matter_and_chips(guide):
    chapter = page(guide, "demo/chapter-1.md")
    front = yaml.safe_load(chapter.split("---\n")[1])
    assert front["hide"] == ["tags"] and {"單選", "簡答", "KV cache"} <= set(front["tags"])
    assert '<span class="tag-chip">單選</span>' in question_block(chapter, "q1")
    assert "<!-- material/tags -->" in page(guide, "tags.md")


def test_glossary_page_lists_used_terms_with_anchors_and_questions(guide):
    glossary = page(guide, "glossary.md")
    assert glossary.startswith("# 術語表")
    assert "## KV cache { #kv-cache }" in glossary
    assert "never-used" not in glossary
    entry = glossary[glossary.index("{ #lora }"):glossary.index("{ #qlora }")]
    assert "又稱：低秩適配" in entry and "參見：[QLoRA](#qlora)" in entry
    assert "demo/chapter-1.md#q1" in entry


def test_question_index_lists_every_question(guide):
    index = page(guide, "questions.md")
    assert index.startswith("# 題目總覽")
    for qid, chapter in (("q1", 1), ("q2", 1), ("q3", 2)):
        assert f"(demo/chapter-{chapter}.md#{qid})" in index
    assert "| 簡答 |" in index


def test_nav_has_the_index_pages(guide):
    titles = [next(iter(entry)) for entry in guide.nav]
    assert titles[:3] == ["首頁", "微調", "推理"]
    assert {"題目總覽", "術語表", "標籤", "校對報告"} <= set(titles)


def test_bundled_glossary_loads():
    assert len(load_glossary(Path("site_config/glossary.yml"))) >= 40


def test_references_in_banks_numbered_per_chapter_stay_in_their_chapter(tmp_path):
    (tmp_path / "demo").mkdir()
    bank = tmp_path / "demo" / "bank.txt"
    bank.write_text("一、甲\n1.（簡答）甲一\n答案：好\n2.（簡答）甲二\n答案：見第1題。\n"
                    "二、乙\n1.（簡答）乙一\n答案：好\n2.（簡答）乙二\n答案：見第1題。\n", encoding="utf-8")
    guide = build_guide(Settings(banks=(bank,), script="original", root=tmp_path), typeset=False)
    assert "[第1題](chapter-1.md#c1-q1)" in page(guide, "demo/chapter-1.md")
    assert "[第1題](chapter-2.md#c2-q1)" in page(guide, "demo/chapter-2.md")
