"""``mkdocs serve``'s garbage collected between builds, what is left frozen out of the next build's collections."""
from __future__ import annotations

import gc
import time
import weakref

import pytest

from generator.site.idle_collector import IdleCollector


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the collector frees it


@pytest.fixture
def collector():
    made = IdleCollector(delay=0.01)
    yield made
    made.close()


def _wait_for(predicate, seconds: float = 5.0) -> bool:
    deadline = time.monotonic() + seconds
    while not predicate() and time.monotonic() < deadline:
        time.sleep(0.01)
    return predicate()


def test_after_a_build_what_is_left_is_frozen_and_a_cycle_let_go_later_is_collected(collector):
    kept = Node()
    collector.build_ends()
    assert _wait_for(lambda: collector.collections == 1)
    assert gc.get_freeze_count() > 0  # out of the next build's collections
    dead = weakref.ref(kept)
    del kept  # a later build lets go of it
    collector.build_starts()
    gc.collect()  # a collection during a build does not walk the frozen objects
    assert dead() is not None
    collector.build_ends()
    assert _wait_for(lambda: collector.collections == 2)
    assert dead() is None


def test_a_build_that_starts_first_puts_the_collection_off():
    collector = IdleCollector(delay=0.3)
    try:
        collector.build_ends()
        collector.build_starts()
        time.sleep(0.5)
        assert collector.collections == 0
    finally:
        collector.close()


def test_closing_gives_every_object_back_to_the_collections(collector):
    collector.build_ends()
    assert _wait_for(lambda: collector.collections == 1)
    collector.close()
    assert gc.get_freeze_count() == 0
