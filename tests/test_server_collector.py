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
from amath.apps.server.collector import FREEZE_EVERY, FULL_EVERY, THRESHOLDS, step
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
    last_full = step(last_full=0.0, now=1.0)  # not due: freeze only
    assert last_full == 0.0
    assert not collected(live), "a living object was left in the collections"
    gc.collect()
    assert gone() is not None, "the frozen cycle should wait for the full collection"
    last_full = step(last_full=0.0, now=FULL_EVERY)  # due: everything is collected once, then frozen again
    assert last_full == FULL_EVERY
    assert gone() is None, "the full collection left a cycle"
    assert live == [[1], [2]] and not collected(live)


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
