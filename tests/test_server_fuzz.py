"""Hypothesis throws arbitrary and nearly-valid JSON at the API: always a clear 4xx (or success), never a 500."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.game import Game
from conftest import fresh_db_url
from webtools import UNLIMITED

OK = {200, 201}
REFUSED = {400, 401, 403, 404, 409, 413, 422}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)
squares = st.sampled_from(["H8", "G8", "I8", "H7", "H9", "A1", "O15", "P1", "h8", "", "H 8", "Z0", "8H"])
tile_names = st.sampled_from(["0", "1", "2", "7", "12", "20", "21", "+", "-", "*", "/", "=", "+-", "*/", "?", "x", "×", "", "1/2"])
tiles = st.fixed_dictionaries(
    {"square": squares | json_values, "tile": tile_names | json_values},
    optional={"face": tile_names | json_values},
)
moves = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"type": st.sampled_from(["place", "exchange", "challenge", "Place", "", "PASS"])},
        optional={"tiles": st.lists(tiles, max_size=9)},
    ),
    st.fixed_dictionaries({"type": st.just("exchange"), "tiles": st.lists(tile_names, max_size=10)}),
)
clocks = st.fixed_dictionaries({}, optional={"kind": st.sampled_from(["none", "total", "move", "x"]), "minutes": st.integers(-5, 500)})
setups = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {},
        optional={
            "mode": st.sampled_from(["bot", "hotseat", "room", "x"]) | json_values,
            "players": st.integers(-1, 6) | json_values,
            "teams": st.booleans() | json_values,
            "names": st.lists(st.text(max_size=30), max_size=6) | json_values,
            "bot": st.sampled_from(["random", "greedy", "nope"]) | json_values,
            "challenge": st.booleans() | json_values,
            "clock": clocks | json_values,
        },
    ),
)


class _Pass:
    name = "pass"

    def __init__(self, level: str, seed: int) -> None:
        pass

    def choose(self, game: Game) -> Any:
        from amath.core.move import Pass

        return Pass()


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, list[str], Game]]:
    db = fresh_db_url(Path(tmp_path_factory.mktemp("fuzz")))
    with TestClient(create_app(Settings(db_url=db, bot_factory=_Pass, **UNLIMITED))) as c:
        res = c.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
        other = c.post(f"/api/games/{res['id']}/join", json={"name": "Ben"}).json()
        game = c.app.state.rooms.rooms[res["id"]].game  # type: ignore[attr-defined]
        yield c, res["id"], [res["token"], other["token"]], game


def _snapshot(game: Game) -> tuple[Any, ...]:
    board = sorted(str(s) for s, _ in game.board.items())
    return (len(game.history), [list(r) for r in game.racks], list(game.bag), list(game.scores), board)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=moves, seat=st.sampled_from([0, 1, None]), endpoint=st.sampled_from(["move", "preview"]))
def test_fuzzed_moves_never_500(env: tuple[TestClient, str, list[str], Game], body: Any, seat: int | None, endpoint: str) -> None:
    client, game_id, tokens, game = env
    before = _snapshot(game)
    headers = {} if seat is None else {"X-Seat-Token": tokens[seat]}
    res = client.post(f"/api/games/{game_id}/{endpoint}", content=json.dumps(body), headers=headers)
    assert res.status_code in OK | REFUSED, res.text
    assert isinstance(res.json(), dict)
    if res.status_code not in OK or endpoint == "preview":
        assert "error" in res.json() or endpoint == "preview"
        assert _snapshot(game) == before


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=setups)
def test_fuzzed_setups_never_500(env: tuple[TestClient, str, list[str], Game], body: Any) -> None:
    client = env[0]
    res = client.post("/api/games", content=json.dumps(body))
    assert res.status_code in OK | REFUSED, res.text
    if res.status_code == 201:
        game_id = res.json()["id"]
        assert client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": res.json()["token"]}).status_code == 200


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(raw=st.binary(max_size=300) | st.sampled_from([b"NaN", b"Infinity", b'{"type": NaN}', b"1e999", b'"\\ud800"']), name=json_values)
def test_fuzzed_bytes_and_joins_never_500(env: tuple[TestClient, str, list[str], Game], raw: bytes, name: Any) -> None:
    client, game_id, tokens, game = env
    before = _snapshot(game)
    assert client.post(f"/api/games/{game_id}/move", content=raw, headers={"X-Seat-Token": tokens[0]}).status_code in OK | REFUSED
    assert client.post(f"/api/games/{game_id}/join", json={"name": name}).status_code in REFUSED
    if len(game.history) == before[0]:
        assert _snapshot(game) == before
