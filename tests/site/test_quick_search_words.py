"""The quick search worker's index holds only the words a query can match; its answers are the
ones an index of every word of the same documents gives, scores and marked words included
(benchmarks/search_worker_cpu.mjs runs both in Node on the built guide)."""
from __future__ import annotations

import json
import subprocess

import pytest

from tests.paths import ROOT

pytestmark = pytest.mark.slow  # reads the built guide

# Chinese cut into the index's words and not, a word and its English stem, required and excluded
# terms, a field, run-together English, a formula's parts, a prefix.
QUERIES = ["混合精度", "学习率", "梯度裁剪", "LARS 优化器", "transformer", "training", "+batch +size", "学习 -率",
           "title:梯度", "KVcache", "size=4096", "RoPE位置编码", "量化", "混合精"]


@pytest.mark.parametrize("query", QUERIES)
def test_the_quick_worker_answers_as_an_index_of_every_word_would(guide_site, query):
    result = subprocess.run(["node", str(ROOT / "benchmarks" / "search_worker_cpu.mjs"), str(guide_site), query],
                            capture_output=True, text=True, check=True)
    answer = json.loads(result.stdout)
    assert answer["everyWord"]["same"], query
