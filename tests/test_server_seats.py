"""Seat actions through the API: resign, rematch, leave a waiting room, hand a seat over; the spectator count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.game import Game
from webtools import UNLIMITED, Screen, StubBot, seeds


def settings(db_url: str) -> Settings:
    return Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(db_url))) as c:
        yield c


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def room(client: TestClient) -> tuple[str, list[str]]:
    made = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    joined = client.post(f"/api/games/{made['id']}/join", json={"name": "Ben"}).json()
    return made["id"], [made["token"], joined["token"]]


def view(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}", headers=hdr(token) if token else {})
    assert res.status_code == 200, res.text
    return dict(res.json())


def test_resign_ends_the_game_and_the_other_side_wins(client: TestClient, db_url: str) -> None:
    game_id, tokens = room(client)
    game: Game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
    res = client.post(f"/api/games/{game_id}/resign", headers=hdr(tokens[1]))
    assert res.status_code == 200, res.text
    result = res.json()["result"]
    assert res.json()["status"] == "over" and result["reason"] == "resign" and result["resigned"] == 1
    assert result["winners"] == [0] and result["scores"] == [0, 0]
    again = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[0]))
    assert again.status_code == 409 and "over" in again.json()["error"]
    assert client.post(f"/api/games/{game_id}/resign", headers=hdr(tokens[0])).status_code == 409
    assert client.post(f"/api/games/{game_id}/resign").status_code == 401
    with TestClient(create_app(settings(db_url))) as restarted:  # the resignation is stored
        after = view(restarted, game_id, tokens[0])
        assert after["status"] == "over" and after["result"]["resigned"] == 1 and after["result"]["winners"] == [0]


def test_rematch_seats_the_same_players_with_the_same_tokens(client: TestClient) -> None:
    game_id, tokens = room(client)
    early = client.post(f"/api/games/{game_id}/rematch", headers=hdr(tokens[0]))
    assert early.status_code == 409
    client.post(f"/api/games/{game_id}/resign", headers=hdr(tokens[0]))
    first = client.post(f"/api/games/{game_id}/rematch", headers=hdr(tokens[1])).json()
    second = client.post(f"/api/games/{game_id}/rematch", headers=hdr(tokens[0])).json()
    assert first["id"] == second["id"] != game_id and second["seat"] == 0
    assert view(client, game_id)["rematch"] == first["id"]
    for seat, token in enumerate(tokens):
        fresh = view(client, first["id"], token)
        assert fresh["status"] == "playing" and fresh["me"]["seat"] == seat and len(fresh["rack"]) == 8
        assert fresh["history"] == [] and fresh["rematch"] is None
    assert [s["name"] for s in view(client, first["id"])["sides"]] == ["Ann", "Ben"]


def test_rematch_against_the_bot_and_at_a_hot_seat(client: TestClient) -> None:
    bot = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "greedy"}).json()
    client.post(f"/api/games/{bot['id']}/resign", headers=hdr(bot["token"]))
    again = client.post(f"/api/games/{bot['id']}/rematch", headers=hdr(bot["token"])).json()
    fresh = view(client, again["id"], bot["token"])
    assert [s["bot"] for s in fresh["seats"]] == [None, "greedy"] and fresh["hints"] is True
    table = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    client.post(f"/api/games/{table['id']}/resign", headers=hdr(table["token"]))
    again = client.post(f"/api/games/{table['id']}/rematch", headers=hdr(table["token"])).json()
    assert view(client, again["id"], table["token"])["status"] == "playing"


def test_leave_a_waiting_room_frees_the_seat(client: TestClient) -> None:
    made = client.post("/api/games", json={"mode": "room", "players": 3, "name": "Ann"}).json()
    ben = client.post(f"/api/games/{made['id']}/join", json={"name": "Ben"}).json()
    res = client.post(f"/api/games/{made['id']}/leave", headers=hdr(ben["token"]))
    assert res.status_code == 200 and res.json() == {"left": 1}
    seats = view(client, made["id"])["seats"]
    assert [s["joined"] for s in seats] == [True, False, False] and seats[1]["name"] == ""
    assert client.get(f"/api/games/{made['id']}", headers=hdr(ben["token"])).status_code == 403
    cat = client.post(f"/api/games/{made['id']}/join", json={"name": "Cat"}).json()
    assert cat["seat"] == 1
    client.post(f"/api/games/{made['id']}/join", json={"name": "Dan"})
    late = client.post(f"/api/games/{made['id']}/leave", headers=hdr(cat["token"]))
    assert late.status_code == 409 and "resign" in late.json()["error"]


def test_a_seat_handed_over_moves_to_the_new_player(client: TestClient) -> None:
    game_id, tokens = room(client)
    rack = view(client, game_id, tokens[0])["rack"]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as old_ws:
        old_screen = Screen(old_ws)
        assert old_screen.next()["rack"] == rack
        code = client.post(f"/api/games/{game_id}/handover", headers=hdr(tokens[0])).json()["code"]
        claimed = client.post(f"/api/games/{game_id}/claim", json={"code": code, "name": "Cat"})
        assert claimed.status_code == 200, claimed.text
        new = claimed.json()
        assert new["seat"] == 0 and new["token"] != tokens[0]
        assert old_screen.next()["rack"] is None  # the old screen only watches now
    assert view(client, game_id, new["token"])["rack"] == rack
    assert view(client, game_id)["seats"][0]["name"] == "Cat"
    assert client.get(f"/api/games/{game_id}", headers=hdr(tokens[0])).status_code == 403
    reused = client.post(f"/api/games/{game_id}/claim", json={"code": code})
    assert reused.status_code == 403
    assert client.post(f"/api/games/{game_id}/claim", json={"code": 5}).status_code == 400
    table = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    assert client.post(f"/api/games/{table['id']}/handover", headers=hdr(table["token"])).status_code == 409


def test_every_screen_counts_the_spectators(client: TestClient) -> None:
    game_id, tokens = room(client)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as player_ws:
        player = Screen(player_ws)
        assert player.next()["spectators"] == 0
        with client.websocket_connect(f"/api/games/{game_id}/ws") as watcher:
            assert Screen(watcher).next()["spectators"] == 1
            assert player.next()["spectators"] == 1
        assert player.next()["spectators"] == 0
    assert [m["type"] for m in player.messages] == ["state", "change", "change"]  # a count is a change of one field


def test_a_hand_over_code_survives_a_restart(client: TestClient, db_url: str) -> None:
    game_id, tokens = room(client)
    rack = view(client, game_id, tokens[1])["rack"]
    code = client.post(f"/api/games/{game_id}/handover", headers=hdr(tokens[1])).json()["code"]
    replaced = client.post(f"/api/games/{game_id}/handover", headers=hdr(tokens[0])).json()["code"]
    newer = client.post(f"/api/games/{game_id}/handover", headers=hdr(tokens[0])).json()["code"]  # replaces seat 0's code
    with TestClient(create_app(settings(db_url))) as restarted:
        stored = restarted.app.state.rooms.db.store.load(game_id)  # type: ignore[attr-defined]
        assert code not in str(stored.config) and sorted(stored.config["claims"].values()) == [0, 1]  # kept hashed
        assert restarted.post(f"/api/games/{game_id}/claim", json={"code": replaced}).status_code == 403
        claimed = restarted.post(f"/api/games/{game_id}/claim", json={"code": code, "name": "Dan"})
        assert claimed.status_code == 200, claimed.text
        assert claimed.json()["seat"] == 1 and view(restarted, game_id, claimed.json()["token"])["rack"] == rack
        assert restarted.get(f"/api/games/{game_id}", headers=hdr(tokens[1])).status_code == 403
        assert restarted.post(f"/api/games/{game_id}/claim", json={"code": code}).status_code == 403  # once only
    with TestClient(create_app(settings(db_url))) as again:  # the used code stays used after another restart
        assert again.post(f"/api/games/{game_id}/claim", json={"code": code}).status_code == 403
        assert again.post(f"/api/games/{game_id}/claim", json={"code": newer}).json()["seat"] == 0


def test_a_resigned_games_record_says_so_and_replays(client: TestClient) -> None:
    game_id, tokens = room(client)
    game: Game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    for _ in range(2):
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
    client.post(f"/api/games/{game_id}/resign", headers=hdr(tokens[0]))
    text = client.get(f"/api/games/{game_id}/record", headers=hdr(tokens[1])).text
    assert text.splitlines()[-1] == f">1: {' '.join(game.racks[0])} | resign | +0 | 0"
    replayed = client.post("/api/replay", json={"record": text})
    assert replayed.status_code == 200, replayed.text
    assert replayed.json()["result"] == {"reason": "resign", "scores": [0, 0], "winners": [1], "draw": False, "resigned": 0}
    assert replayed.json()["ends"][-1]["kind"] == "resign"
