"""Websocket updates, and what one seat is ever sent: never another rack, drawn or exchanged tiles, the seed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from amath.apps.server import Settings, create_app
from amath.core.move import Exchange, Pass
from amath.game import Game
from webtools import UNLIMITED, Screen, StubBot, find_place, hidden_leaks, place_json, record_leaks, seeds, wait_until


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # a long seed (so the audit can search for it) whose game has placements early on
    settings = Settings(db_url=db_url, bot_factory=StubBot, bot_delay=0.0, seeds=seeds(7919000000000), **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def two_seats(client: TestClient) -> tuple[str, list[str], Game]:
    res = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    other = client.post(f"/api/games/{res['id']}/join", json={"name": "Ben"}).json()
    game = client.app.state.rooms.rooms[res["id"]].game  # type: ignore[attr-defined]
    return res["id"], [res["token"], other["token"]], game


def test_socket_sends_state_and_updates(client: TestClient) -> None:
    game_id, tokens, game = two_seats(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "state" and first["state"]["me"]["seat"] == 0
        assert first["state"]["rack"] == game.racks[0]
        mover = tokens[game.to_move]
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={"X-Seat-Token": mover})
        update = ws.receive_json()  # the change alone: the new turn, not the history again
        assert update["type"] == "change" and update["base"] == first["state"]["rev"]
        assert update["set"]["version"] == 1 and [h["kind"] for h in update["add"]["history"]] == ["pass"]
        assert update["own"]["set"]["rack"] == game.racks[0]
        ws.send_text('{"type":"ping"}')
        assert ws.receive_json() == {"type": "pong"}


def test_spectator_socket_has_no_rack(client: TestClient) -> None:
    game_id, _, _ = two_seats(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
        state = ws.receive_json()["state"]
        assert state["me"] is None and state["rack"] is None and state["can_challenge"] is False


@pytest.mark.parametrize(("path", "status"), [("nosuchgame/ws", 404), ("bad$id/ws", 404)])
def test_socket_to_unknown_game_is_refused(client: TestClient, path: str, status: int) -> None:
    with client.websocket_connect(f"/api/games/{path}") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == status
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_socket_with_wrong_token_is_refused(client: TestClient) -> None:
    game_id, _, _ = two_seats(client)
    for token in ("forged", "z" * 1000):
        with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
            msg = ws.receive_json()
            assert msg["status"] == 403 and "no seat" in msg["error"]


def test_oversized_socket_message_closes(client: TestClient) -> None:
    game_id, tokens, _ = two_seats(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        ws.send_text("x" * 100_000)
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_one_seat_never_sees_hidden_information(client: TestClient) -> None:
    """Record every response and socket message seat 0 gets over a game with exchanges, then read them all."""
    game_id, tokens, game = two_seats(client)
    seat0 = {"X-Seat-Token": tokens[0]}
    seat1 = {"X-Seat-Token": tokens[1]}
    received: list[Any] = []
    records: list[tuple[int | None, str]] = []  # (the downloader's side, the record it got)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        received.append(ws.receive_json())
        for turn in range(14):
            side = game.to_move
            if game.over:
                break
            place = find_place(game, max_tiles=2, budget=4000)
            if turn % 3 == 1 and len(game.bag) >= 5:
                body: dict[str, Any] = {"type": "exchange", "tiles": list(game.racks[side][:4])}
            elif place is not None:
                body = {"type": "place", "tiles": place_json(place)}
            else:
                body = {"type": "pass"}
            if side == 0 and body["type"] == "place":
                received.append(client.post(f"/api/games/{game_id}/preview", json={"tiles": body["tiles"]}, headers=seat0).json())
            res = client.post(f"/api/games/{game_id}/move", json=body, headers=seat0 if side == 0 else seat1)
            assert res.status_code == 200, res.text
            if side == 0:
                received.append(res.json())
            received.append(ws.receive_json())
            received.append(client.get(f"/api/games/{game_id}", headers=seat0).json())
            if not game.over:
                records.append((0, client.get(f"/api/games/{game_id}/record", headers=seat0).text))
                records.append((None, client.get(f"/api/games/{game_id}/record").text))
    assert any(isinstance(t.move, Exchange) and t.player == 1 for t in game.history)
    assert any(not isinstance(t.move, Pass | Exchange) for t in game.history)
    text = json.dumps(received)
    assert str(game.seed) not in text
    assert tokens[1] not in text
    for message in received:
        assert hidden_leaks(message, 0) == []
    assert any("exchange (4)" in text for _, text in records)
    for seat, text in records:
        assert record_leaks(text, seat) == [] and str(game.seed) not in text
    for message in received:
        own = (message.get("own") or {}).get("set") or message.get("state", message)
        if own.get("rack") is not None:
            assert own["me"]["side"] == 0


def test_a_finished_game_leaves_memory_and_comes_back(client: TestClient) -> None:
    game_id, tokens, game = two_seats(client)
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        screen = Screen(ws)
        screen.next()
        for _ in range(6):
            client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={"X-Seat-Token": tokens[game.to_move]})
            screen.next()
    wait_until(lambda: game_id not in rooms.rooms)
    view = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tokens[1]}).json()
    assert view["status"] == "over" and view["result"]["reason"] == "passes" and len(view["history"]) == 6
