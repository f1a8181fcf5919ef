"""The server's collector policy: survivors are frozen out of collections, a full collection still frees frozen cycles.

No timing is asserted: the tests check which objects the collections see and free.
"""

from __future__ import annotations

import gc
import time
import weakref
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.collector import FREEZE_EVERY, FULL_EVERY, GROWTH, THRESHOLDS, Fulls, step
from webtools import UNLIMITED, StubBot, wait_until


class Node:
    """An object in a reference cycle: only the collector can free it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def quiet_collector() -> Iterator[None]:
    """No automatic collection during a test (it would free the cycles on its own); the process as it was afterwards."""
    enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.disable()
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        if enabled:
            gc.enable()


def collected(obj: object) -> bool:
    """Whether a collection of every generation would scan ``obj`` (False once it is frozen)."""
    return any(o is obj for o in gc.get_objects())


def test_a_step_freezes_what_lives_and_only_a_full_collection_frees_a_frozen_cycle(quiet_collector: None) -> None:
    live = [[1], [2]]
    cycle = Node()
    gone = weakref.ref(cycle)
    del cycle
    assert collected(live) and gone() is not None
    start = Fulls(0.0, gc.get_freeze_count() + 10**9)  # growth far off: only the clock can make this step full
    last = step(start, now=1.0)  # not due: freeze only
    assert last == start
    assert not collected(live), "a living object was left in the collections"
    gc.collect()
    assert gone() is not None, "the frozen cycle should wait for the full collection"
    last = step(start, now=FULL_EVERY)  # due: everything is collected once, then frozen again
    assert last.at == FULL_EVERY and last.frozen == gc.get_freeze_count()
    assert gone() is None, "the full collection left a cycle"
    assert live == [[1], [2]] and not collected(live)


def test_frozen_garbage_is_collected_once_the_frozen_objects_grow_by_half(quiet_collector: None) -> None:
    """A burst of short-lived cycles (sockets) frozen while alive is freed long before the ten-minute collection."""
    last = step(Fulls(1.0 - FULL_EVERY, 0), now=1.0)  # a full collection (due by the clock): the base of the growth rule
    assert last.at == 1.0
    burst = [Node() for _ in range(1000)]
    gone = [weakref.ref(node) for node in burst]
    last = step(last, now=2.0)  # frozen while in use
    assert last.at == 1.0
    del burst
    gc.collect()
    assert all(ref() is not None for ref in gone), "frozen cycles should wait for a full collection"
    grown = [[i] for i in range(int(GROWTH * last.frozen) - gc.get_freeze_count() + 10)]  # the server's objects grow by half
    last = step(last, now=3.0)  # frozen: now past the growth
    assert last.at == 1.0
    last = step(last, now=4.0)  # seconds, not minutes, after the burst
    assert last.at == 4.0 and all(ref() is None for ref in gone), "the growth rule did not collect the frozen burst"
    assert not collected(grown) and len(grown) > 0


def test_the_served_app_freezes_survivors_and_a_test_app_leaves_the_collector_alone(db_url: str, quiet_collector: None) -> None:
    settings = Settings(db_url=db_url, bot_factory=StubBot, **UNLIMITED)
    marker = [object()]
    gc.set_threshold(700, 10, 10)
    with TestClient(create_app(settings)) as client:
        assert client.get("/api/config").status_code == 200
        time.sleep(FREEZE_EVERY * 1.5)  # a step would have run by now
        assert collected(marker), "an app not told to run the collector froze objects"
        assert gc.get_threshold() == (700, 10, 10), "an app not told to run the collector changed its thresholds"
    with TestClient(create_app(Settings(db_url=db_url, bot_factory=StubBot, collector=True, **UNLIMITED))) as client:
        assert client.get("/api/config").status_code == 200
        assert gc.get_threshold() == THRESHOLDS  # the one switch sets the thresholds and freezes (amath serve sets nothing else)
        wait_until(lambda: not collected(marker))
