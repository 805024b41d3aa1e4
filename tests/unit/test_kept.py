"""What a process keeps from build to build (generator.base.kept): made once, within a bound."""
from __future__ import annotations

from functools import partial

from generator.base.kept import Kept


def test_a_value_is_made_once_and_at_the_limit_all_are_let_go():
    made: list[str] = []

    def make(key: str) -> str:
        made.append(key)
        return key.upper()

    kept: Kept[str, str] = Kept(limit=2)
    assert [kept.made(k, partial(make, k)) for k in ("a", "b", "a", "b")] == ["A", "B", "A", "B"]
    assert made == ["a", "b"] and len(kept) == 2
    assert kept.made("c", partial(make, "c")) == "C"  # the limit reached: a and b let go
    assert len(kept) == 1 and kept.made("a", partial(make, "a")) == "A" and made == ["a", "b", "c", "a"]


def test_an_empty_value_is_kept_like_any_other():
    calls: list[str] = []

    def none_found() -> tuple[str, ...]:
        calls.append("checked")
        return ()

    kept: Kept[str, tuple[str, ...]] = Kept(limit=10)
    for _ in range(3):
        kept.made("a question with no flags", none_found)
    assert calls == ["checked"]
