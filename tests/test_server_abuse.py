"""Hostile input: malformed bodies and frames get a 4xx that says what was wrong, no traceback, no change."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from amath.apps.server import Settings, create_app
from amath.game import Game
from webtools import UNLIMITED, StubBot, seeds

DEEP_LIST = b"[" * 5000 + b"]" * 5000
DEEP_OBJECT = b'{"a":' * 2000 + b"1" + b"}" * 2000
NESTED_MOVE = b'{"type": "place", "tiles": ' + b"[" * 40 + b"]" * 40 + b"}"
HUGE_INT = b'{"type": "pass", "n": ' + b"9" * 5000 + b"}"
# (raw body, words the error must contain)
MALFORMED: list[tuple[bytes, str]] = [
    (DEEP_LIST, "nests too deeply"),
    (DEEP_OBJECT, "nests too deeply"),
    (NESTED_MOVE, "nests too deeply"),
    (HUGE_INT, "at most 32 digits"),
    (b'{"type": "pass", "n": 1e999}', "out of range"),
    (b'{"type": "pass", "n": -1e400}', "out of range"),
    (b'{"mode": "room", "players": 1' + b"0" * 40 + b"}", "at most 32 digits"),
    (b'{"type": "pass", "n": NaN}', "NaN"),
    (b'{"type": "pass", "n": Infinity}', "Infinity"),
    (b'{"type": "pass", "n": -Infinity}', "Infinity"),
    (b'{"type": "pass"', "not valid JSON"),
    (b"\xff\xfe\x00", "not valid JSON"),
]
ENDPOINTS = ("move", "preview", "join", "bot", "/api/games", "/api/replay", "/api/replay/svg")


@pytest.fixture
def env(db_url: str) -> Iterator[tuple[TestClient, str, list[str], Game]]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as client:
        res = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
        other = client.post(f"/api/games/{res['id']}/join", json={"name": "Ben"}).json()
        game = client.app.state.rooms.rooms[res["id"]].game  # type: ignore[attr-defined]
        yield client, res["id"], [res["token"], other["token"]], game


def snapshot(game: Game) -> tuple[Any, ...]:
    board = sorted(str(s) for s, _ in game.board.items())
    return (len(game.history), [list(r) for r in game.racks], list(game.bag), list(game.scores), board)


def no_tracebacks(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.exc_info is not None or r.levelno >= logging.ERROR]


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize(("raw", "needle"), MALFORMED, ids=lambda v: v[:24].decode("latin-1") if isinstance(v, bytes) else v)
def test_malformed_bodies_are_400_with_the_reason(
    env: tuple[TestClient, str, list[str], Game], caplog: pytest.LogCaptureFixture, endpoint: str, raw: bytes, needle: str
) -> None:
    client, game_id, tokens, game = env
    before = snapshot(game)
    rooms_before = client.get("/api/rooms").json()
    path = endpoint if endpoint.startswith("/") else f"/api/games/{game_id}/{endpoint}"
    with caplog.at_level(logging.INFO):
        res = client.post(path, content=raw, headers={"X-Seat-Token": tokens[game.to_move]})
    assert res.status_code == 400, res.text
    assert needle in res.json()["error"]
    assert snapshot(game) == before
    assert client.get("/api/rooms").json() == rooms_before
    assert no_tracebacks(caplog) == []


def test_nesting_a_move_needs_is_accepted(env: tuple[TestClient, str, list[str], Game]) -> None:
    client, game_id, tokens, game = env
    body = {"type": "exchange", "tiles": [game.racks[game.to_move][0]], "note": [[[{"a": [1.5, -2, 10**20]}]]]}
    res = client.post(f"/api/games/{game_id}/move", content=json.dumps(body), headers={"X-Seat-Token": tokens[game.to_move]})
    assert res.status_code == 200, res.text
    assert game.history[-1].kind == "exchange"


@pytest.mark.parametrize(
    ("frame", "needle"),
    [
        (b"\x00\x01binary", "binary"),
        (b'{"type":"ping"}', "binary"),  # the right text, in a binary frame
        ("not json", "not valid JSON"),
        ('{"type": "move"}', "ping"),
        ("[" * 1500 + "]" * 1500, "nests too deeply"),
        ('{"type": "ping", "n": ' + "9" * 600 + "}", "at most 32 digits"),
    ],
)
def test_bad_socket_frames_are_refused_and_close(
    env: tuple[TestClient, str, list[str], Game], caplog: pytest.LogCaptureFixture, frame: bytes | str, needle: str
) -> None:
    client, game_id, tokens, game = env
    before = snapshot(game)
    with caplog.at_level(logging.INFO), client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["status"] == 400 and needle in error["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4400
    assert snapshot(game) == before
    assert no_tracebacks(caplog) == []
    assert client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tokens[0]}).status_code == 200
