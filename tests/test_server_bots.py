"""The server with the project's real bot registry (``amath.players.get_bot``): every level plays legal moves."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.bots import registry
from amath.game import Game
from webtools import UNLIMITED, wait_until

LEVELS, FACTORY = registry()


def test_the_bot_registry_is_found() -> None:
    assert FACTORY is not None and {"random", "greedy", "equity"} <= set(LEVELS)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0, **UNLIMITED))) as c:
        yield c


def test_lobby_offers_the_registry_levels(client: TestClient) -> None:
    assert client.get("/api/config").json()["bots"] == LEVELS


@pytest.mark.parametrize("level", LEVELS[:3])
def test_each_level_plays_against_a_passing_human(client: TestClient, level: str) -> None:
    res = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": level}).json()
    game = client.app.state.rooms.rooms[res["id"]].game  # type: ignore[attr-defined]
    assert isinstance(game, Game)
    for _ in range(2):
        wait_until(lambda: game.over or game.to_move == 0, timeout=60)
        if game.over:
            break
        assert client.post(f"/api/games/{res['id']}/move", json={"type": "pass"}, headers={"X-Seat-Token": res["token"]}).status_code == 200
    wait_until(lambda: game.over or game.to_move == 0, timeout=60)
    bot_turns = [t for t in game.history if t.player == 1]
    assert bot_turns and all(t.kind in ("place", "exchange", "pass") for t in bot_turns)
