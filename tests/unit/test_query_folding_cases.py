"""What query folding in the browser is given, as the build writes it: the index config (its
separator and folding tables) of a small index, the constants, and what Python's own patterns
say of the queries and characters the node tests fold (tests/golden/query-folding.json, read by
tests/node/query-folding.test.js).  ``--update-golden`` rewrites it."""
import json
import re

from generator.links.glossary import Glossary, Term
from generator.search.query_folding import INDEX_WORD, IndexWords, fold_query
from generator.search.segmenter import SEPARATOR, ZWSP, search_terms
from generator.site.frontend import constants
from tests.paths import GOLDEN

CASES = GOLDEN / "query-folding.json"
GLOSSARY = Glossary((
    Term("position-encoding", "位置編碼", ("positional encoding", "位置编码"), "告訴模型詞的位置。"),
    Term("kv-cache", "KV cache", ("KVcache", "鍵值緩存"), "推理時快取鍵與值。"),
    Term("flashattention", "FlashAttention", ("Flash Attention",), "分塊計算注意力。"),
))
# A Simplified edition's index, its Chinese words marked with zero-width spaces as the build marks them.
DOCS = [{"title": "第1题", "text": ZWSP.join(["使用", "位置编码", "与", "混合精度", "训练", "，", "量化"])},
        {"title": "KV cache", "text": "<p>kv cache eviction 与 batch size=4096, d_model</p>"}]
SIGNED = ("size=4096", "d_model", "max_len×d_model", "a/b+c", "lr=1e-4")
# Just inside and just outside each range of the index's Han class.
EDGES = "\u33ff\u3400\u4dbf\u4dc0\u4e00\u9fff\ua000\uf8ff\uf900\ufaff\ufb00"


def index_config(docs: list[dict]) -> dict:
    """The index config as the build writes it: its separator and folding tables."""
    return {"separator": SEPARATOR, "fold": fold_query(IndexWords.of(docs), search_terms(GLOSSARY), "hans")}


def cases() -> dict:
    with_flash = [*DOCS, {"title": "", "text": "flash attention"}]
    return {
        "constants": constants(),
        "config": index_config(DOCS),
        "configWithFlash": index_config(with_flash),
        "indexWords": sorted(IndexWords.of(DOCS).words),
        "signedParts": {query: [p for p in re.split(SEPARATOR, query) if p] for query in SIGNED},
        "hanEdges": {char: INDEX_WORD.fullmatch(char) is not None for char in EDGES},
    }


def test_the_folding_cases_are_what_the_build_writes(update_golden):
    text = json.dumps(cases(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    if update_golden:
        CASES.write_text(text, encoding="utf-8")
    assert CASES.read_text(encoding="utf-8") == text, "run pytest --update-golden, then the node tests"


def test_flash_attention_is_listed_only_where_the_index_holds_both_words():
    assert "flash attention" not in index_config(DOCS)["fold"]["latin"]
    assert "flash attention" in index_config([*DOCS, {"title": "", "text": "flash attention"}])["fold"]["latin"]
