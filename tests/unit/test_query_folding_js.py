"""Query folding as the browser does it (overrides/assets/javascripts/query-folding.js), run in
V8 outside the browser, with the tables and separator the Python side writes into the index."""
import json
import re

import pytest

from generator.links.glossary import Glossary, Term
from generator.search.query_folding import INDEX_WORD, IndexWords, fold_query
from generator.search.segmenter import SEPARATOR, ZWSP, search_terms
from generator.site.frontend import SENTINEL, constants_script
from tests.paths import ROOT

SCRIPT = ROOT / "overrides" / "assets" / "javascripts" / "query-folding.js"
GLOSSARY = Glossary((
    Term("position-encoding", "位置編碼", ("positional encoding", "位置编码"), "告訴模型詞的位置。"),
    Term("kv-cache", "KV cache", ("KVcache", "鍵值緩存"), "推理時快取鍵與值。"),
    Term("flashattention", "FlashAttention", ("Flash Attention",), "分塊計算注意力。"),
))
# A Simplified edition's index, its Chinese words marked with zero-width spaces as the build marks them.
DOCS = [{"title": "第1题", "text": ZWSP.join(["使用", "位置编码", "与", "混合精度", "训练", "，", "量化"])},
        {"title": "KV cache", "text": "<p>kv cache eviction 与 batch size=4096, d_model</p>"}]


@pytest.fixture(scope="module")
def v8():
    from py_mini_racer import MiniRacer

    context = MiniRacer()
    context.eval(constants_script())
    context.eval(SCRIPT.read_text(encoding="utf-8"))
    return context


def index_config(docs=DOCS, glossary=GLOSSARY) -> dict:
    """The index config as the build writes it: its separator and folding tables."""
    return {"separator": SEPARATOR, "fold": fold_query(IndexWords.of(docs), search_terms(glossary), "hans")}


def fold(v8, query: str, config: dict | None = None) -> str:
    return v8.eval(f"studyGuide.queryFolding({json.dumps(config)})({json.dumps(query)})")


def test_chinese_is_cut_into_the_index_words_with_the_sentinel_behind_each(v8):
    config = index_config()
    held = IndexWords.of(DOCS).words
    folded = fold(v8, "位置编码与混合精度训练", config)
    assert folded == " ".join(w + SENTINEL for w in ["位置编码", "与", "混合精度", "训练"])
    assert all(piece.removesuffix(SENTINEL) in held for piece in folded.split())


def test_the_other_script_is_written_as_the_index_writes_it(v8):
    assert fold(v8, "位置編碼", index_config()) == "位置编码" + SENTINEL


def test_a_piece_that_only_begins_a_word_is_a_prefix_search_and_unknown_chinese_stays(v8):
    config = index_config()
    assert fold(v8, "混合精", config) == "混合精"  # begins 混合精度: no sentinel
    assert fold(v8, "量化蒸馏", config) == "量化" + SENTINEL + " 蒸馏"  # 蒸馏 is no word of the index


def test_run_together_english_is_split_only_where_the_index_holds_the_words(v8):
    assert fold(v8, "KVcacheeviction", index_config()) == "kv cache eviction"
    assert fold(v8, "KV-cache", index_config()) == "kv cache"
    # FlashAttention: the Python side lists it only when the index holds "flash" and "attention".
    assert "flash attention" not in index_config()["fold"]["latin"]
    assert fold(v8, "FlashAttention", index_config()) == "FlashAttention"
    with_flash = [*DOCS, {"title": "", "text": "flash attention"}]
    assert fold(v8, "FlashAttention", index_config(with_flash)) == "flash attention"


def test_a_word_with_signs_requires_each_part_the_python_separator_cuts(v8):
    config = index_config()
    for query in ("size=4096", "d_model", "max_len×d_model", "a/b+c", "lr=1e-4"):
        parts = [p for p in re.split(SEPARATOR, query) if p]
        assert fold(v8, query, config) == " ".join("+" + p for p in parts), query
    assert fold(v8, "+lr", config) == "+lr" and fold(v8, "4096", config) == "4096"
    assert fold(v8, "title:size=4096", config) == "title:size=4096"  # Lunr's syntax left alone


def test_latin_beside_chinese_is_set_apart_by_the_python_han_class(v8):
    config = index_config()
    assert fold(v8, "INT8量化", config) == "INT8 量化" + SENTINEL
    # Just inside and just outside each range of the index's Han class.
    for char in "\u33ff\u3400\u4dbf\u4dc0\u4e00\u9fff\ua000\uf8ff\uf900\ufaff\ufb00":
        apart = INDEX_WORD.fullmatch(char) is not None
        assert (fold(v8, "a" + char) == "a " + char) is apart, hex(ord(char))


def test_without_the_index_config_a_query_only_has_its_spacing_tidied(v8):
    assert fold(v8, "  位置編碼  KVcache size=4096 ") == "位置編碼 KVcache size=4096"
