"""Search terms: the jieba dictionary from the glossary, the re-segmented index, query folding."""
import json
import pickle
import re
from types import SimpleNamespace

import pytest

from generator.links.glossary import Glossary, Term, load_glossary
from generator.search.index import IndexBuilder, dump_index, rewrite_index, rewrite_page
from generator.search.offline import index_script, worker_source
from generator.search.query_folding import query_folding
from generator.search.segmenter import JIEBAS_OWN, SEPARATOR, ZWSP, Segmenter, search_terms, user_dictionary
from tests.node_scripts import run_scripts
from tests.paths import GLOSSARY_FILE

GLOSSARY = Glossary((
    Term("tensor-parallelism", "張量並行", ("tensor parallelism", "张量并行"), "把一層的矩陣切到多張卡上。"),
    Term("position-encoding", "位置編碼", ("positional encoding", "位置编码"), "告訴模型詞的位置。"),
    Term("kv-cache", "KV cache", ("KVcache", "鍵值緩存"), "推理時快取鍵與值。"),
    Term("lora", "LoRA", (), "低秩適配。"),
    Term("flashattention", "FlashAttention", ("Flash Attention",), "分塊計算注意力。"),
))


def words(segmented: str) -> list[str]:
    """The tokens Material's search makes of index text."""
    return [w for w in re.split(SEPARATOR, re.sub(r"<[^>]*>", " ", segmented)) if w]


@pytest.fixture(scope="module")
def segmenter() -> Segmenter:
    return Segmenter(search_terms(GLOSSARY), GLOSSARY)


def test_the_user_dictionary_holds_every_chinese_spelling_in_simplified():
    dictionary = user_dictionary(search_terms(GLOSSARY).chinese).splitlines()
    assert {"张量并行", "位置编码", "键值缓存"} <= set(dictionary)
    assert len(dictionary) == len(set(dictionary))
    assert not any(c in "張並編碼鍵" for line in dictionary for c in line)


def test_the_bundled_glossary_gives_a_dictionary():
    terms = search_terms(load_glossary(GLOSSARY_FILE))
    assert len(terms.chinese) > 50 and "混合精度" in terms.chinese
    assert terms.latin_spaced["kvcache"] == "kv cache"


def test_glossary_terms_stay_whole_where_jieba_alone_splits_them(segmenter):
    # jieba's own dictionary cuts 张量/并行 and 位置/编码.
    assert words(segmenter.segment("张量并行的通信开销与位置编码")) == [
        "张量并行", "的", "通信", "开销", "与", "位置编码"]


def test_traditional_text_is_cut_like_its_simplified_form(segmenter):
    traditional = words(segmenter.segment("張量並行的通信開銷與位置編碼"))
    assert traditional == ["張量並行", "的", "通信", "開銷", "與", "位置編碼"]


def test_a_run_of_chinese_repeated_in_a_bank_is_cut_once_and_the_same_each_time():
    segmenter = Segmenter(search_terms(GLOSSARY), GLOSSARY)
    line = "张量并行的通信开销与位置编码。"
    once = segmenter.segment(line)
    cuts: list[str] = []
    cut = segmenter._cut

    def counted(text: str):
        cuts.append(text)
        return cut(text)

    segmenter._cut = counted
    assert segmenter.segment(line * 50) == once * 50 and cuts == []  # every run already cut
    assert words(segmenter.segment("通信开销与张量并行")) == ["通信", "开销", "与", "张量并行"] and len(cuts) == 1


def test_run_together_english_is_split_into_the_glossary_words(segmenter):
    assert words(segmenter.segment("使用KVcacheeviction策略")) == ["使用", "KV", "cache", "eviction", "策略"]
    assert words(segmenter.segment("KV cache與LoRA")) == ["KV", "cache", "與", "LoRA"]
    assert words(segmenter.segment("QLoRA不是LoRAX")) == ["QLoRA", "不是", "LoRAX"]  # whole words only
    assert words(segmenter.segment("FlashAttention")) == ["Flash", "Attention"]


def test_segmenting_changes_nothing_a_reader_sees(segmenter):
    text = "<p>在ImageNet-1k上训练，batch size=4096（保留4位小数）。</p><ul><li>A. KVcache</li></ul>"
    segmented = segmenter.segment(text)
    assert segmented.replace(ZWSP, "") == text
    assert ZWSP + "，" not in segmented and "（" + ZWSP not in segmented  # no break beside a separator
    assert segmenter.segment(segmented) == segmented  # idempotent, so a rebuilt index is the same


def index(*texts: str) -> dict:
    return {"config": {"lang": ["zh"], "separator": "[\\s]+", "pipeline": ["stemmer"], "fields": {}},
            "docs": [{"location": f"c.html#q{i}", "title": f"第{i}題", "text": t} for i, t in enumerate(texts, 1)]}


def test_the_index_is_written_compactly_and_with_its_separator():
    rewritten = rewrite_index(index("<p>張量並行與KVcache</p>"), GLOSSARY, "hant")
    written = dump_index(rewritten)
    # no \uXXXX escape (the separator's own \\u200b is regex text)
    assert not re.search(r"(?<!\\)\\u[0-9a-fA-F]{4}", written)
    assert "張量並行" in written and ZWSP in written and ", " not in written and ": " not in written
    assert json.loads(written)["config"]["separator"] == SEPARATOR
    assert words(rewritten["docs"][0]["text"]) == ["張量並行", "與", "KV", "cache"]


def test_query_folding_maps_the_other_script_onto_the_index():
    terms = search_terms(GLOSSARY)
    hans = query_folding([{"title": "", "text": "位置编码与张量并行"}], terms, "hans")
    table = dict(zip(hans["chars"][::2], hans["chars"][1::2], strict=True))
    assert table["編"] == "编" and table["碼"] == "码" and table["並"] == "并"
    assert "编" not in table and "位" not in table  # characters the index holds stay as typed
    hant = query_folding([{"title": "", "text": "頭髮與位置編碼"}], terms, "hant")
    table = dict(zip(hant["chars"][::2], hant["chars"][1::2], strict=True))
    assert table["编"] == "編" and table["发"] == "髮"  # 发 -> the form this index holds


def test_only_run_together_spellings_whose_words_the_index_holds_are_folded():
    folding = query_folding([{"title": "", "text": "KV cache 與 flash"}], search_terms(GLOSSARY), "hant")
    assert folding["latin"] == ["kv cache"]


def test_simplified_text_is_cut_as_written_and_jiebas_dictionary_read_at_the_first_chinese_word():
    segmenter = Segmenter(search_terms(GLOSSARY), GLOSSARY, traditional=False)
    assert words(segmenter.segment("<p>KVcacheeviction 4096</p>")) == ["KV", "cache", "eviction", "4096"]
    assert segmenter._cut is None  # no Chinese word needed cutting yet: no dictionary read
    # Cut on a Simplified form made a character at a time, 为什么 would be 为/什幺 (么 -> 幺).
    assert words(segmenter.segment("解释为什么张量并行")) == ["解释", "为什么", "张量并行"]
    assert segmenter._cut is not None


def test_both_editions_are_cut_by_the_guide_with_the_glossary_terms_whole():
    hans = rewrite_index(index("张量并行与位置编码"), GLOSSARY, "hans")
    assert words(hans["docs"][0]["text"]) == ["张量并行", "与", "位置编码"]
    hant = rewrite_index(index("張量並行與位置編碼"), GLOSSARY, "hant")
    assert words(hant["docs"][0]["text"]) == ["張量並行", "與", "位置編碼"]  # cut on its Simplified form


def test_the_fold_table_lists_the_index_words_for_cutting_queries():
    folding = query_folding([{"title": "第1題", "text": "<p>位置" + ZWSP + "編碼" + ZWSP + "與KV cache</p>"}],
                            search_terms(GLOSSARY), "hant")
    assert folding["words"].split(" ") == sorted(["第", "題", "位置", "編碼", "與"])


def test_the_index_script_holds_the_documents_as_text_and_parses_them_on_use():
    docs = [{"location": "c.html#q1", "title": "第1題", "text": '<p>"引號"與 \\ 反斜線 \u2028</p>'}]
    script = index_script({"config": {"lang": ["zh"]}, "docs": docs}, {"suggest": False})
    found = run_scripts(script, "typeof studyGuide.index.docs", "__index.docs", "studyGuide.index.options.suggest",
                        # search/offline-search.js sets `parsed` to an index without documents,
                        # which Material then reads.
                        "studyGuide.index.parsed = {config: studyGuide.index.config, docs: []}; __index.docs.length",
                        script, "__index.docs.length")  # loaded again (Material does): the first copy stays
    assert found[1:4] == ["string", docs, False] and found[4] == found[6] == 0


def test_the_worker_source_starts_with_the_guides_prelude(tmp_path):
    workers, lunr = tmp_path / "workers", tmp_path / "lunr"
    (lunr / "min").mkdir(parents=True)
    workers.mkdir()
    (workers / "search.0123.min.js").write_text("/* material */", encoding="utf-8")
    for name in ("lunr.stemmer.support.min.js", "lunr.zh.min.js"):
        (lunr / "min" / name).write_text(f"/* {name} */", encoding="utf-8")
    prelude = tmp_path / "search-worker.js"
    prelude.write_text("/* prelude */", encoding="utf-8")
    source = json.loads(worker_source(workers, lunr, ["zh"], prelude).split(" = ", 1)[1].rstrip(";\n"))
    order = [source.index(part) for part in ("/* prelude */", "/* material */", "lunr.stemmer", "lunr.zh")]
    assert order == sorted(order)


@pytest.mark.slow
def test_the_built_index_keeps_glossary_terms_whole_and_no_katex(guide_site):
    index = json.loads((guide_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    tokens = {w for doc in index["docs"] for w in words(doc["title"] + " " + doc["text"])}
    assert {"混合精度", "位置编码"} <= tokens  # jieba alone cuts 位置/编码
    text = "".join(doc["text"] for doc in index["docs"])
    assert "katex" not in text and "‖∇w‖" in text  # a formula's text is indexed, KaTeX's HTML not
    page = (guide_site / "ai-trainer" / "chapter-1.html").read_text(encoding="utf-8")
    assert "<sg-katex" in page and 'class="katex"' in page  # the page is written with it


def test_the_index_built_page_by_page_in_another_process_is_the_index_rewritten_at_once():
    texts = ["<p>張量並行與KVcache</p>", "<p>FlashAttention與位置編碼</p>", "<p>LoRA</p>", "<p>頭髮與KV cache</p>"]
    sent = []

    def submit(docs):  # as the plugin's, through Pages.run: the work is done elsewhere, its result given later
        sent.append(len(docs))
        guide = SimpleNamespace(glossary=GLOSSARY, interface=script)
        result = pickle.loads(pickle.dumps(rewrite_page(guide, *pickle.loads(pickle.dumps((docs, JIEBAS_OWN))))))
        return lambda: result

    for script in ("hans", "hant"):
        whole = index(*texts)
        builder = IndexBuilder(whole["config"], GLOSSARY, script, submit)
        builder.add(whole["docs"][:1])
        builder.add(whole["docs"][1:])
        assert builder.index() == rewrite_index(index(*texts), GLOSSARY, script)
        here = IndexBuilder(whole["config"], GLOSSARY, script)
        here.add(whole["docs"])
        assert here.index() == builder.index()
    assert sent == [1, 3, 1, 3]


def test_a_glossary_sent_to_another_process_finds_the_same_terms():
    text = "用KVcache與張量並行，再加LoRA"
    GLOSSARY.find(text)  # fills the caches, which stay behind
    copy = pickle.loads(pickle.dumps(GLOSSARY))
    assert copy == GLOSSARY and len(pickle.dumps(GLOSSARY)) < 2_000
    assert [m.term.slug for m in copy.find(text)] == ["kv-cache", "tensor-parallelism", "lora"]


def test_formulas_and_settings_are_cut_at_their_signs_and_decimals_stay_whole():
    text = "batch size=4096，max_len×d_model，m̂_5=0.015/(1-0.9^5)≈0.036629，[0.8,0.1]，pass@k"
    assert [w for w in re.split(SEPARATOR, text) if w] == [
        "batch", "size", "4096", "max", "len", "d", "model", "m̂", "5", "0.015", "1", "0.9", "5", "0.036629",
        "0.8", "0.1", "pass@k"]


def test_cuts_are_kept_for_the_next_build_which_needs_no_jieba(tmp_path, monkeypatch):
    import generator.search.segmenter as segmenter_module

    text = "张量并行的通信开销与位置编码。混合精度训练"
    first = Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path)
    cut = first.segment(text)
    first.keep()
    assert len(list(tmp_path.iterdir())) == 1

    def no_jieba(*args):
        raise AssertionError("jieba's dictionary read for runs already cut")

    monkeypatch.setattr(segmenter_module, "_tokenizer", no_jieba)
    assert Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path).segment(text) == cut


def test_kept_cuts_are_only_read_by_a_segmenter_that_would_cut_alike(tmp_path):
    text = "张量并行的通信开销与位置编码"
    first = Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path)
    first.segment(text)
    first.keep()
    other_words = Glossary(GLOSSARY.terms[1:])
    for other in (Segmenter(search_terms(other_words), other_words, kept=tmp_path),
                  Segmenter(search_terms(GLOSSARY), GLOSSARY, traditional=False, kept=tmp_path)):
        other.segment(text)
        assert other._fresh > 0  # cut by jieba, not read from the first one's file
        other.keep()
    assert len(list(tmp_path.iterdir())) == 3


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", pickle.dumps({"a": 1})])
def test_a_damaged_file_of_kept_cuts_is_cut_again_and_replaced(tmp_path, damage):
    text = "张量并行的通信开销与位置编码"
    fresh = Segmenter(search_terms(GLOSSARY), GLOSSARY)
    expected = fresh.segment(text)
    first = Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path)
    first.segment(text)
    first.keep()
    (kept,) = tmp_path.iterdir()
    kept.write_bytes(damage)
    again = Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path)
    assert again.segment(text) == expected and again._fresh > 0
    again.keep()
    assert Segmenter(search_terms(GLOSSARY), GLOSSARY, kept=tmp_path)._read_kept()
    assert [p.name for p in tmp_path.iterdir()] == [kept.name]  # no temporary file left


@pytest.mark.slow  # two site builds
def test_a_second_build_of_a_guide_reuses_the_first_ones_cuts_and_writes_the_same_index(tmp_path):
    import os
    import subprocess
    import sys

    bank = tmp_path / "bank.txt"
    bank.write_text("一、分布式訓練\n1.（單選）張量並行把什麼切到多張卡上？A.矩陣B.數據答案：A\n"
                    "2.（簡答）混合精度訓練為何要做損失縮放？答案：防止FP16梯度下溢。\n", encoding="utf-8")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "STUDY_GUIDE_CACHE": str(tmp_path / "cache")}
    indexes, said = [], []
    for build in ("first", "second"):
        result = subprocess.run([sys.executable, "-m", "generator", "site", str(bank), "-o", str(tmp_path / build)],
                                env=env, capture_output=True, text=True)
        assert result.returncode == 0, result.stderr
        indexes.append((tmp_path / build / "search" / "search_index.json").read_text(encoding="utf-8"))
        said.append(result.stderr)
    assert "Loading model" in said[0] and "Loading model" not in said[1]  # jieba's dictionary, read once
    assert indexes[0] == indexes[1] and "损失" in indexes[0]  # the guide in Simplified
    assert list((tmp_path / "cache" / "jieba-cuts").glob("*.marshal"))
