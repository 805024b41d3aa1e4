"""Glossary: loading and validation, matching in bank text, term use and suggestions."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from generator.bank.model import INLINE_MATH
from generator.base.errors import ConfigError
from generator.base.kept import Kept
from generator.links import glossary as glossary_module
from generator.links.glossary import Glossary, Term, TermMatch, load_glossary
from generator.links.terms import suggest_terms, term_questions
from generator.read.load import read_bank
from generator.read.text.parse import parse
from tests.paths import BUNDLED, GLOSSARY_FILE


def glossary(*terms: tuple[str, ...] | str) -> Glossary:
    """A glossary of ``(term, *aliases)`` entries with placeholder definitions."""
    entries = [(t,) if isinstance(t, str) else t for t in terms]
    return Glossary(tuple(Term(f"t{i}", e[0], tuple(e[1:]), "定義") for i, e in enumerate(entries)))


def found(g: Glossary, text: str) -> list[tuple[str, str]]:
    """(matched text, display term) for every match."""
    return [(text[m.start:m.end], m.term.term) for m in g.find(text)]


# -- matching ------------------------------------------------------------------------------
def test_display_form_and_aliases_in_both_scripts_match():
    g = glossary(("KV cache", "鍵值緩存", "键值缓存"))
    assert found(g, "KV cache即鍵值緩存，简体写作键值缓存") == [
        ("KV cache", "KV cache"), ("鍵值緩存", "KV cache"), ("键值缓存", "KV cache")]



def test_a_glossary_read_again_searches_a_text_once(monkeypatch):
    """Each `mkdocs serve` rebuild reads the glossary again: an equal one keeps the searches."""
    monkeypatch.setattr(glossary_module, "_FOUND", Kept(glossary_module.KEPT_GLOSSARIES))  # none from other tests
    searched: list[str] = []
    original = Glossary._find

    def find(self: Glossary, text: str) -> list[TermMatch]:
        searched.append(text)
        return original(self, text)

    monkeypatch.setattr(Glossary, "_find", find)
    text = "用鍵值緩存加速推理"
    assert found(glossary(("KV cache", "鍵值緩存")), text) == found(glossary(("KV cache", "鍵值緩存")), text)
    assert searched == [text]
    assert found(glossary(("KV cache", "鍵值")), text) == [("鍵值", "KV cache")]  # another glossary: its own
    assert searched == [text, text]

@pytest.mark.parametrize("text", ["KVcache", "KV cache", "kv-cache", "KV_Cache", "KV  cache", "KVCACHE"])
def test_spaced_hyphenated_and_run_together_spellings_match(text):
    g = glossary("KV cache")
    assert found(g, f"關于{text}壓縮") == [(text, "KV cache")]


def test_lost_hyphens_and_spaces_of_the_bank_match():
    g = glossary("TensorRT-LLM", "C-Eval", ("ViT", "ViT-G/14"), ("BBH", "BIG-Bench Hard"))
    assert found(g, "使用TensorRTLLM構建；CEval包含；訓練ViTG/14模型；BBH(BigBenchHard)選取") == [
        ("TensorRTLLM", "TensorRT-LLM"), ("CEval", "C-Eval"), ("ViTG/14", "ViT"),
        ("BBH", "BBH"), ("BigBenchHard", "BBH")]


@pytest.mark.parametrize("text", ["LoRA", "lora", "LORA", "Lora"])
def test_latin_spellings_match_whatever_the_case(text):
    assert found(glossary("LoRA"), f"使用{text}微調") == [(text, "LoRA")]


@pytest.mark.parametrize("text", [
    "QLoRA", "LoRAX", "qlora", "lorax", "LoRAadapter", "flora",  # LoRA
    "PPOX", "support", "opposite",  # PPO
    "KLD", "weekly",  # KL
    "Europe", "ropes",  # RoPE
    "dollars",  # LARS
])
def test_no_match_inside_a_longer_latin_word(text):
    g = glossary("LoRA", "PPO", "KL", "RoPE", "LARS")
    assert g.find(f"關于{text}的說法") == []
    assert g.find(f"{text} is here") == []


def test_joins_the_text_shows_are_word_boundaries():
    g = glossary("MoE", "KV cache", "INT8", "LLaMA", "ImageNet", "warmup", "CoT", ("few-shot", "3-shot"))
    text = "DeepSpeedMoE訓練；KVcacheINT8量化；LLaMA270B；ImageNet1k；warmup2000步；3shotCoT提示"
    assert found(g, text) == [
        ("MoE", "MoE"), ("KVcache", "KV cache"), ("INT8", "INT8"), ("LLaMA", "LLaMA"),
        ("ImageNet", "ImageNet"), ("warmup", "warmup"), ("3shot", "few-shot"), ("CoT", "CoT")]


def test_ordinary_lower_case_words_may_run_into_the_next_word():
    g = glossary("KV cache", "HumanEval", "pass@k", "memory-bound", "LoRA", "token", "warmup")
    text = "H2O將KVcacheeviction建模；HumanEvalpass@k估計；memoryboundkernel占比；LoRAfinetune"
    assert found(g, text) == [
        ("KVcache", "KV cache"), ("HumanEval", "HumanEval"), ("memorybound", "memory-bound")]
    # Only at the end of a spelling: a word does not start inside another word.
    assert found(g, "detokenize與prewarmup") == []


def test_cjk_terms_match_anywhere():
    g = glossary(("量化", "quantization"), "混合精度", "LoRA")
    assert found(g, "INT8權重量化，混合精度訓練；用LoRA微調") == [
        ("量化", "量化"), ("混合精度", "混合精度"), ("LoRA", "LoRA")]


def test_longest_match_wins_at_the_same_start():
    g = glossary("位置編碼", "相對位置編碼", "attention", "FlashAttention", "KV cache", "KV")
    assert found(g, "相對位置編碼與位置編碼；FlashAttention的attention；KV cache") == [
        ("相對位置編碼", "相對位置編碼"), ("位置編碼", "位置編碼"), ("FlashAttention", "FlashAttention"),
        ("attention", "attention"), ("KV cache", "KV cache")]


def test_overlapping_candidates_go_to_the_longest_then_the_leftmost():
    g = glossary("相對位置", "位置編碼器", "學習率", "率預熱")
    # "位置編碼器" is longer than "相對位置", which it overlaps, although it starts later.
    assert found(g, "相對位置編碼器") == [("位置編碼器", "位置編碼器")]
    # Equal length: the leftmost wins; nothing overlaps in the result.
    assert found(g, "學習率預熱") == [("學習率", "學習率")]


def test_exclude_phrases_hide_a_mention_that_means_something_else():
    g = Glossary((Term("quantization", "量化", ("quantization",), "定義", exclude=("量化效果",)),))
    assert found(g, "請量化效果；INT8權重量化") == [("量化", "量化")]
    assert g.find("請量化效果")[0:] == []


def test_matches_carry_their_term_and_offsets_in_text_order():
    g = Glossary((Term("lora", "LoRA", ("低秩適配",), "凍結原權重，只訓練低秩增量。"),))
    matches = g.find("低秩適配即LoRA")
    assert [(m.start, m.end, m.term.slug) for m in matches] == [(0, 4, "lora"), (5, 9, "lora")]


def test_code_and_formulas_are_never_searched():
    g = glossary("FSDP", "LoRA")
    math = f"{INLINE_MATH[0]}LoRA{INLINE_MATH[1]}"
    assert found(g, f"FSDP的代碼：```python\nmodel=FSDP(model)\n```，公式{math}") == [("FSDP", "FSDP")]


@pytest.mark.slow  # growth: the work at n/4 and n, three times each
def test_find_handles_a_large_text_in_linear_time():
    from tests.linear import assert_linear

    g = load_glossary(GLOSSARY_FILE)
    line = "在INT8權重量化中，LARS與AdamW，KVcache與FlashAttention，"
    assert len(g.find(line * 5_000)) == 30_000  # 230,000 characters
    assert_linear(lambda n: load_glossary(GLOSSARY_FILE).find(line * n), 5_000)  # a new one: find caches


# -- loading and validation -----------------------------------------------------------------
def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "glossary.yml"
    path.write_text(text, encoding="utf-8")
    return path


def test_load_derives_slugs_and_resolves_see_also_by_any_spelling(tmp_path):
    g = load_glossary(write(tmp_path, """
- term: KV cache
  aliases: [KVcache, KV Cache, 鍵值緩存]
  definition: 緩存鍵與值。
  see: [多查詢注意力]
- term: 混合精度
  aliases: [mixed precision]
  definition: 混用浮點精度。
- term: MQA
  slug: multi-query
  aliases: [Multi-Query Attention, 多查詢注意力]
  definition: 共享 K/V 頭。
  see: [kv-cache]
"""))
    assert [t.slug for t in g] == ["kv-cache", "mixed-precision", "multi-query"]
    assert g.get("kv-cache").see == ("multi-query",)
    assert g.get("multi-query").see == ("kv-cache",)
    assert g.get("kv-cache").aliases == ("KVcache", "KV Cache", "鍵值緩存")
    assert g.lookup("kv-CACHE") is g.get("kv-cache")


@pytest.mark.parametrize("yaml_text, expected", [
    ("- term: LoRA\n  definition: 甲\n- term: QLoRA\n  aliases: [lora]\n  definition: 乙\n",
     r"entry 2 \(QLoRA\): expected a term or alias that no other entry has, found 'lora', "
     r"already a spelling of entry 1 \(LoRA\)"),
    ("- term: KV cache\n  definition: 甲\n- term: 鍵值緩存\n  slug: kv2\n  aliases: [KV-Cache]\n  definition: 乙\n",
     r"entry 2 \(鍵值緩存\).*'KV-Cache', already a spelling of entry 1"),
    ("- term: LoRA\n  definition: 甲\n  see: [QLoRA]\n",
     r"entry 1 \(LoRA\): expected see-also naming a term of the glossary, found 'QLoRA'"),
    ("- term: LoRA\n  definition: 甲\n- term: PPO\n",
     r"entry 2 \(PPO\): expected a definition \(one line of text\), found none"),
    ("- term: LoRA\n  definition: '  '\n", r"entry 1 \(LoRA\): expected a definition"),
    ("- term: LoRA\n  definition: 甲\n  alias: [低秩]\n", r"entry 1 \(LoRA\): expected only the keys .*found alias"),
    ("- definition: 甲\n", r"entry 1: expected a term"),
    ("- term: LoRA\n  definition: 甲\n- term: Lo-RA adapter\n  slug: lora\n  definition: 乙\n",
     r"entry 2 .*expected a slug no other entry has, found 'lora'"),
    ("- term: 混合精度\n  definition: 甲\n", r"entry 1 \(混合精度\): expected a slug for a term without Latin"),
    ("- term: LoRA\n  slug: Lo RA\n  definition: 甲\n", r"entry 1 \(LoRA\): expected a slug of ASCII"),
    ("- term: 量化\n  slug: q\n  definition: 甲\n  exclude: [量化]\n", r"expected exclude phrases that are no term"),
    ("terms: []\n", r"expected a YAML list of entries, found dict"),
    ("# only a comment\n", r"expected a YAML list of entries, found nothing"),
    ("- term: [LoRA\n", r"glossary.yml, line 2: expected valid YAML"),
])
def test_invalid_glossary_names_file_entry_and_problem(tmp_path, yaml_text, expected):
    path = write(tmp_path, yaml_text)
    with pytest.raises(ConfigError) as error:
        load_glossary(path)
    message = str(error.value)
    assert message.startswith(str(path))
    assert re.search(expected, message), message


def test_missing_glossary_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="expected a readable glossary file"):
        load_glossary(tmp_path / "nope.yml")


def test_repeating_a_spelling_within_one_entry_is_harmless(tmp_path):
    g = load_glossary(write(tmp_path, "- term: KV cache\n  aliases: [KVcache, KV cache, kv-cache]\n  definition: 甲\n"))
    assert len(g) == 1 and found(g, "KVcache") == [("KVcache", "KV cache")]


# -- the bundled glossary stays honest -------------------------------------------------------
@pytest.fixture(scope="module")
def bundled():
    return load_glossary(GLOSSARY_FILE), read_bank(BUNDLED)


def test_bundled_glossary_has_at_least_40_terms_each_defined_on_one_line(bundled):
    g, _ = bundled
    assert len(g) >= 40
    assert all(t.definition and "\n" not in t.definition for t in g)


def test_every_bundled_term_occurs_in_the_bundled_bank(bundled):
    g, bank = bundled
    unused = [slug for slug, qids in term_questions(bank, g).items() if not qids]
    assert unused == []


def test_bundled_glossary_covers_the_terms_the_issue_names(bundled):
    g, _ = bundled
    for spelling in ["LARS", "AdamW", "FSDP", "LoRA", "RLHF", "PPO", "GAE", "KL", "RoPE", "ALiBi",
                     "FlashAttention", "MoE", "focal loss", "speculative decoding", "StreamingLLM", "H2O",
                     "MQA", "CUDA Graph", "Triton", "TensorRT-LLM", "MMLU", "HumanEval", "C-Eval", "BBH",
                     "Bradley-Terry", "red teaming", "GCG", "KV cache", "混合精度", "位置編碼", "災難性遺忘",
                     "動態批處理", "量化", "幻覺"]:
        assert g.lookup(spelling) is not None, spelling


def test_every_traditional_spelling_has_its_simplified_form(bundled):
    """The Simplified edition searches Simplified text, so each CJK spelling needs both scripts."""
    opencc = pytest.importorskip("opencc")
    to_simplified = opencc.OpenCC("t2s")
    g, _ = bundled
    missing = [(t.term, s) for t in g for s in t.spellings
               if re.search(r"[\u4e00-\u9fff]", s) and g.lookup(to_simplified.convert(s)) is not t]
    assert missing == []


def test_bundled_bank_terms_are_found_where_a_reader_sees_them(bundled):
    g, bank = bundled
    used = term_questions(bank, g)
    assert used["kv-cache"] == ("q20", "q21", "q24")  # KVcache, KVcacheeviction, KVcacheINT8
    assert used["humaneval"] == ("q11", "q14")  # "HumanEvalpass@k" in q14
    assert used["moe"] == ("q12",)  # "DeepSpeedMoE"
    assert used["quantization"] == ("q19", "q20", "q24")  # not q18's "量化效果"
    assert used["lora"] == ("q10",)


# -- term use and suggestions ----------------------------------------------------------------
SMALL_BANK = """一、訓練
1.（單選）關于LoRA的說法 A.使用Megatron訓練 B.用8 GB顯存 答案：A 解析：Megatron支持the LoRA。
2.（簡答）如何用RLHF？ 答案：先訓練獎勵模型，再用PPO與Megatron。
二、推理
3.（單選）KV cache大小 A.x_max B.N2 答案：B 解析：```python\nimport Megatron\n```
"""


def test_term_questions_lists_every_term_with_the_questions_using_it():
    bank = parse(SMALL_BANK, "test.txt", "test")
    g = Glossary((Term("lora", "LoRA", (), "甲"), Term("ppo", "PPO", (), "乙"), Term("kv-cache", "KV cache", (), "丙"),
                  Term("gcg", "GCG", (), "丁")))
    assert term_questions(bank, g) == {"lora": ("q1",), "ppo": ("q2",), "kv-cache": ("q3",), "gcg": ()}


def test_suggestions_are_frequent_latin_words_the_glossary_lacks():
    bank = parse(SMALL_BANK, "test.txt", "test")
    g = Glossary((Term("lora", "LoRA", (), "甲"),))
    # Megatron: option of q1, explanation of q1, answer of q2 (code in q3 is not counted);
    # RLHF, PPO and KV once each ("cache" is a common word); "the", "GB", "8", "A"/"B", x_max
    # and N2 are no terms.
    assert suggest_terms(bank, g) == [("Megatron", 3)]
    assert suggest_terms(bank, g, min_count=1) == [("Megatron", 3), ("RLHF", 1), ("PPO", 1), ("KV", 1)]
    assert suggest_terms(bank, g, min_count=4) == []


def test_suggestions_for_the_bundled_bank_leave_out_covered_terms(bundled):
    g, bank = bundled
    suggested = dict(suggest_terms(bank, g))
    assert suggested and all(n >= 2 for n in suggested.values())
    assert not {"LARS", "KVcache", "lr", "GB"} & set(suggested)


@pytest.mark.parametrize("spelling", ["LoRA <img src=x onerror=alert(9)>", "A&B", 'say "hi"'])
def test_spellings_with_markup_characters_are_refused(tmp_path, spelling):
    path = tmp_path / "glossary.yml"
    path.write_text(yaml.safe_dump([{"term": "LoRA", "aliases": [spelling], "definition": "低秩適配。"}],
                                   allow_unicode=True), encoding="utf-8")
    with pytest.raises(ConfigError, match="without < > &"):
        load_glossary(path)
