"""HTTP API of the server: every action, legal and illegal, and the 4xx answers to bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.game import Game
from webtools import UNLIMITED, StubBot, find_place, place_json, seeds, wait_until


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def game_of(client: TestClient, game_id: str) -> Game:
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    assert isinstance(game, Game)
    return game


FALSE_LINE = [
    {"square": "G8", "tile": "?", "face": "1"},
    {"square": "H8", "tile": "?", "face": "="},
    {"square": "I8", "tile": "?", "face": "2"},
]


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def room(client: TestClient, players: int = 2, **extra: Any) -> tuple[str, list[str]]:
    """A started online room: its id and one token per seat."""
    res = client.post("/api/games", json={"mode": "room", "players": players, "name": "Ann", **extra})
    assert res.status_code == 201, res.text
    game_id, tokens = res.json()["id"], [res.json()["token"]]
    for k in range(1, 4 if extra.get("teams") else players):
        joined = client.post(f"/api/games/{game_id}/join", json={"name": f"P{k}"})
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return game_id, tokens


def mover(client: TestClient, game_id: str, tokens: list[str]) -> tuple[str, str]:
    """(token of the seat to move, token of another seat) in a two-seat room."""
    to_move = game_of(client, game_id).to_move
    return tokens[to_move], tokens[1 - to_move]


# ----- creating, joining, viewing ---------------------------------------------------------
def test_config_lists_bot_levels(client: TestClient) -> None:
    assert client.get("/api/config").json()["bots"] == ["random", "greedy", "equity"]


def test_bot_game_starts_with_own_rack_only(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "greedy"})
    assert res.status_code == 201
    body = res.json()
    view = client.get(f"/api/games/{body['id']}", headers=hdr(body["token"])).json()
    assert view["status"] == "playing" and view["me"] == {"seat": 0, "side": 0}
    assert len(view["rack"]) == 8 and view["bag"] in (84, 83, 82, 81, 80, 79, 78)
    assert [s["bot"] for s in view["seats"]] == [None, "greedy"]
    assert "seed" not in json.dumps(view)


@pytest.mark.parametrize(
    ("setup", "needle"),
    [
        ([1, 2], "JSON object"),
        ({"mode": "solo"}, "'mode'"),
        ({"mode": "room", "players": 5}, "'players'"),
        ({"mode": "room", "players": "2"}, "'players'"),
        ({"mode": "room", "teams": "yes"}, "'teams'"),
        ({"mode": "bot", "bot": "grandmaster"}, "unknown bot level"),
        ({"mode": "hotseat", "names": "ab"}, "'names'"),
        ({"mode": "hotseat", "names": [1, 2]}, "name"),
        ({"mode": "room", "name": "x" * 200}, "at most"),
        ({"mode": "room", "clock": {"kind": "sundial"}}, "clock"),
        ({"mode": "room", "clock": {"kind": "total", "minutes": 0}}, "minutes"),
        ({"mode": "room", "challenge": 1}, "'challenge'"),
    ],
)
def test_bad_setups_are_400(client: TestClient, setup: Any, needle: str) -> None:
    res = client.post("/api/games", json=setup)
    assert res.status_code == 400
    assert needle in res.json()["error"]


def test_unknown_game_is_404(client: TestClient) -> None:
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/bad$id").status_code == 404
    assert client.post("/api/games/nosuchgame/move", json={"type": "pass"}, headers=hdr("x")).status_code == 404
    assert client.post("/api/games/nosuchgame/join", json={}).status_code == 404


def test_room_waits_then_starts_and_refuses_extra_players(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "room", "players": 3, "name": "Ann"}).json()
    game_id = res["id"]
    view = client.get(f"/api/games/{game_id}", headers=hdr(res["token"])).json()
    assert view["status"] == "waiting" and view["board"] == []
    move = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(res["token"]))
    assert move.status_code == 409 and "waiting" in move.json()["error"]
    assert client.get("/api/rooms").json()["waiting"][0]["id"] == game_id
    client.post(f"/api/games/{game_id}/join", json={"name": "Ben"})
    third = client.post(f"/api/games/{game_id}/join", json={"name": "Cat"}).json()
    assert third["seat"] == 2
    view = client.get(f"/api/games/{game_id}", headers=hdr(third["token"])).json()
    assert view["status"] == "playing" and [s["name"] for s in view["sides"]] == ["Ann", "Ben", "Cat"]
    full = client.post(f"/api/games/{game_id}/join", json={"name": "Dan"})
    assert full.status_code == 409 and "no free seat" in full.json()["error"]


def test_teams_share_a_side(client: TestClient) -> None:
    game_id, tokens = room(client, teams=True)
    views = [client.get(f"/api/games/{game_id}", headers=hdr(t)).json() for t in tokens]
    assert [v["me"]["side"] for v in views] == [0, 1, 0, 1]
    assert views[0]["rack"] == views[2]["rack"] and len(views[0]["sides"]) == 2
    assert views[0]["sides"][0]["name"] == "Ann & P2"


def test_spectator_sees_no_rack_and_cannot_act(client: TestClient) -> None:
    game_id, _ = room(client)
    view = client.get(f"/api/games/{game_id}").json()
    assert view["me"] is None and view["rack"] is None
    res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"})
    assert res.status_code == 401
    assert client.post(f"/api/games/{game_id}/preview", json={"tiles": []}).status_code == 401


def test_wrong_or_foreign_token_is_403(client: TestClient) -> None:
    game_a, tokens_a = room(client)
    game_b, _ = room(client)
    for token in ("nonsense", tokens_a[0], "y" * 5000):
        res = client.post(f"/api/games/{game_b}/move", json={"type": "pass"}, headers=hdr(token))
        assert res.status_code == 403, res.text
        assert client.get(f"/api/games/{game_b}", headers=hdr(token)).status_code == 403
    bearer = client.get(f"/api/games/{game_a}", headers={"Authorization": f"Bearer {tokens_a[1]}"}).json()
    assert bearer["me"]["seat"] == 1


# ----- playing --------------------------------------------------------------------------------
def test_out_of_turn_is_409_and_changes_nothing(client: TestClient) -> None:
    game_id, tokens = room(client)
    _, waiting = mover(client, game_id, tokens)
    before = client.get(f"/api/games/{game_id}", headers=hdr(waiting)).json()
    res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(waiting))
    assert res.status_code == 409 and "not your turn" in res.json()["error"]
    after = client.get(f"/api/games/{game_id}", headers=hdr(waiting)).json()
    for view in (before, after):
        del view["clock"]["running"]  # seconds since the turn began: the one thing time changes
    assert after == before


def test_placement_scores_and_bot_answers(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "random"}).json()
    game_id, token = res["id"], res["token"]
    game = game_of(client, game_id)
    wait_until(lambda: game.to_move == 0)
    place = find_place(game)
    assert place is not None
    preview = client.post(f"/api/games/{game_id}/preview", json={"tiles": place_json(place)}, headers=hdr(token)).json()
    assert preview["legal"] and preview["reason"] is None
    answer = client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": place_json(place)}, headers=hdr(token)).json()
    assert answer["type"] == "change" and [h["kind"] for h in answer["add"]["history"]] == ["place"]  # the new turn only
    mine = answer["add"]["history"][0]
    assert mine["side"] == 0 and mine["score"] == preview["score"] and mine["notation"] == preview["notation"]
    assert sorted(t["square"] for t in answer["add"]["board"]) == sorted(p.square.name for p in place.tiles)
    assert answer["own"]["set"]["me"]["side"] == 0 and len(answer["own"]["set"]["rack"]) == 8
    wait_until(lambda: game.to_move == 0)
    view = client.get(f"/api/games/{game_id}", headers=hdr(token)).json()
    assert view["history"][-1]["side"] == 1 and len(view["rack"]) == 8


def test_illegal_placements_are_422_and_change_nothing(client: TestClient) -> None:
    game_id, tokens = room(client)
    token, _ = mover(client, game_id, tokens)
    game = game_of(client, game_id)
    rack = list(game.racks[game.to_move])
    before = client.get(f"/api/games/{game_id}", headers=hdr(token)).json()
    off_centre = [{"square": "A1", "tile": rack[0], "face": "1" if rack[0] == "?" else rack[0]}]
    missing = next(t for t in ("13", "17", "19", "20", "11") if t not in rack)
    for tiles, needle in ((off_centre, ""), ([{"square": "H8", "tile": missing}], "does not hold")):
        if tiles[0]["tile"] in ("+-", "*/"):
            tiles[0]["face"] = tiles[0]["tile"][0]
        res = client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": tiles}, headers=hdr(token))
        assert res.status_code == 422, res.text
        assert needle in res.json()["error"]
    false_line = FALSE_LINE
    game.set_rack(game.to_move, ["?", "?", "?"] + rack[3:])
    res = client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": false_line}, headers=hdr(token))
    assert res.status_code == 422 and "not true" in res.json()["error"]
    game.set_rack(game.to_move, rack)
    assert client.get(f"/api/games/{game_id}", headers=hdr(token)).json()["history"] == before["history"]


@pytest.mark.parametrize(
    ("body", "needle"),
    [
        ({"type": "place"}, "'tiles'"),
        ({"type": "place", "tiles": "H8 1"}, "'tiles'"),
        ({"type": "place", "tiles": [1]}, "JSON object"),
        ({"type": "place", "tiles": [{"square": "Z99", "tile": "1"}]}, "off the"),
        ({"type": "place", "tiles": [{"square": "H8", "tile": "21"}]}, "not a tile"),
        ({"type": "place", "tiles": [{"square": "H8", "tile": "?"}]}, "needs a 'face'"),
        ({"type": "place", "tiles": [{"square": "H8", "tile": "+-", "face": "*"}]}, "cannot be played"),
        ({"type": "place", "tiles": [{"square": "H8", "tile": "7", "face": "8"}]}, "cannot be played"),
        ({"type": "place", "tiles": [{"square": "H8", "tile": "1"}] * 16}, "1 to 15"),
        ({"type": "exchange", "tiles": []}, "1 to 8"),
        ({"type": "exchange", "tiles": ["1"] * 9}, "1 to 8"),
        ({"type": "exchange", "tiles": ["banana"]}, "not a tile"),
        ({"type": "resign"}, "'type'"),
        ({}, "'type'"),
        ([], "JSON object"),
        ("pass", "JSON object"),
    ],
)
def test_malformed_moves_are_400(client: TestClient, body: Any, needle: str) -> None:
    game_id, tokens = room(client)
    token, _ = mover(client, game_id, tokens)
    res = client.post(f"/api/games/{game_id}/move", json=body, headers=hdr(token))
    assert res.status_code == 400, res.text
    assert needle in res.json()["error"]


def test_malformed_json_is_400(client: TestClient) -> None:
    game_id, tokens = room(client)
    token, _ = mover(client, game_id, tokens)
    for raw in (b"{bad", b"\xff\xfe", b'{"type": "pass"', b"[" * 100):
        res = client.post(f"/api/games/{game_id}/move", content=raw, headers=hdr(token))
        assert res.status_code == 400 and "not valid JSON" in res.json()["error"]
    assert client.post("/api/games", content=b"nope").status_code == 400


def test_huge_payloads_are_413(client: TestClient) -> None:
    game_id, tokens = room(client)
    token, _ = mover(client, game_id, tokens)
    huge = json.dumps({"type": "place", "tiles": [{"square": "H8", "tile": "1"}] * 5000})
    res = client.post(f"/api/games/{game_id}/move", content=huge, headers=hdr(token))
    assert res.status_code == 413

    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1024

    streamed = client.post(f"/api/games/{game_id}/move", content=chunks(), headers=hdr(token))
    assert streamed.status_code == 413
    assert game_of(client, game_id).history == []


def test_exchange_hides_tiles_from_the_other_seat(client: TestClient) -> None:
    game_id, tokens = room(client)
    token, other = mover(client, game_id, tokens)
    game = game_of(client, game_id)
    rack = list(game.racks[game.to_move])
    res = client.post(f"/api/games/{game_id}/move", json={"type": "exchange", "tiles": rack[:3]}, headers=hdr(token))
    assert res.status_code == 200, res.text
    assert res.json()["add"]["history"][-1]["notation"] == "exchange"  # the part every screen gets hides the tiles
    assert res.json()["own"]["history"][-1]["notation"].startswith("exchange ")  # the exchanger's own part shows them
    seen = client.get(f"/api/games/{game_id}", headers=hdr(other)).json()["history"][-1]
    assert seen == seen | {"kind": "exchange", "notation": "exchange", "count": 3}
    again = client.post(f"/api/games/{game_id}/move", json={"type": "exchange", "tiles": ["20", "20"]}, headers=hdr(other))
    assert again.status_code == 422


def test_pass_and_game_end_by_passes(client: TestClient) -> None:
    game_id, tokens = room(client)
    game = game_of(client, game_id)
    for _ in range(6):
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
        assert res.status_code == 200
    assert res.json()["set"]["status"] == "over"
    view = client.get(f"/api/games/{game_id}", headers=hdr(tokens[0])).json()
    assert view["status"] == "over" and view["result"]["reason"] == "passes"
    assert view["result"]["adjustments"] == [-sum(view["points"][t] for t in r) for r in view["result"]["final_racks"]]
    late = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[0]))
    assert late.status_code == 409 and "over" in late.json()["error"]


def test_challenge_only_in_challenge_mode(client: TestClient) -> None:
    game_id, tokens = room(client)
    res = client.post(f"/api/games/{game_id}/move", json={"type": "challenge"}, headers=hdr(tokens[0]))
    assert res.status_code == 422 and "challenge mode" in res.json()["error"]


def test_challenge_withdraws_a_false_placement(client: TestClient) -> None:
    game_id, tokens = room(client, challenge=True)
    token, other = mover(client, game_id, tokens)
    game = game_of(client, game_id)
    side = game.to_move
    game.set_rack(side, ["?", "?", "?"] + game.racks[side][3:])
    rack = list(game.racks[side])
    false_line = FALSE_LINE
    preview = client.post(f"/api/games/{game_id}/preview", json={"tiles": false_line}, headers=hdr(token)).json()
    assert preview["legal"] and preview["score"] == 0
    assert client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": false_line}, headers=hdr(token)).status_code == 200
    own = client.post(f"/api/games/{game_id}/move", json={"type": "challenge"}, headers=hdr(token))
    assert own.status_code == 422 and "own" in own.json()["error"]
    assert client.get(f"/api/games/{game_id}", headers=hdr(other)).json()["can_challenge"]
    answer = client.post(f"/api/games/{game_id}/move", json={"type": "challenge"}, headers=hdr(other)).json()
    assert answer["add"]["history"][-1]["kind"] == "challenge-won"
    assert sorted(answer["drop"]["board"]) == sorted(t["square"] for t in false_line)
    assert client.get(f"/api/games/{game_id}", headers=hdr(other)).json()["board"] == []
    assert sorted(game.racks[side]) == sorted(rack)


def test_preview_changes_nothing_and_explains(client: TestClient) -> None:
    game_id, tokens = room(client)
    token, other = mover(client, game_id, tokens)
    game = game_of(client, game_id)
    rack = game.racks[game.to_move]
    tile = next(t for t in rack if t not in ("?", "+-", "*/"))
    res = client.post(f"/api/games/{game_id}/preview", json={"tiles": [{"square": "A1", "tile": tile}]}, headers=hdr(token)).json()
    assert not res["legal"] and "centre" in res["reason"]
    other_rack = game.racks[1 - game.to_move]
    missing = next(t for t in game.rules.tiles.counts if t not in other_rack and t not in ("?", "+-", "*/"))
    res = client.post(f"/api/games/{game_id}/preview", json={"tiles": [{"square": "H8", "tile": missing}]}, headers=hdr(other)).json()
    assert not res["legal"] and res["reason"] == "those tiles are not all on your rack"
    assert game.history == [] and len(game.bag) == 84
    assert client.post(f"/api/games/{game_id}/preview", json={"tiles": "x"}, headers=hdr(token)).status_code == 400


def test_hotseat_table_token_follows_the_side_to_move(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben", "Cat"], "players": 3}).json()
    game = game_of(client, res["id"])
    for _ in range(3):
        view = client.get(f"/api/games/{res['id']}", headers=hdr(res["token"])).json()
        assert view["me"]["side"] == game.to_move and view["rack"] == game.racks[game.to_move]
        after = client.post(f"/api/games/{res['id']}/move", json={"type": "pass"}, headers=hdr(res["token"])).json()
        assert after["me"]["side"] == game.to_move and after["rack"] == game.racks[game.to_move]


def test_rate_limit_is_429(db_url: str) -> None:
    settings = Settings(db_url=db_url, rate=0.001, burst=3)
    with TestClient(create_app(settings)) as c:
        codes = [c.get("/api/config").status_code for _ in range(5)]
        assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
        assert c.get("/").status_code == 200  # the page itself is not limited


def test_a_turn_over_the_move_clock_times_out_by_itself(client: TestClient) -> None:
    game_id, tokens = room(client, clock={"kind": "move", "minutes": 1})
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    live = rooms.rooms[game_id]
    game = game_of(client, game_id)
    view = client.get(f"/api/games/{game_id}", headers=hdr(tokens[0])).json()
    assert view["clock"]["kind"] == "move" and view["clock"]["seconds"] == 60
    live.stored.turn_started -= 61  # the player to move has sat for over a minute
    assert client.portal is not None
    client.portal.call(_rearm, rooms, live)
    wait_until(lambda: len(game.history) == 1)
    assert game.history[0].kind == "timeout"
    assert client.get(f"/api/games/{game_id}", headers=hdr(tokens[0])).json()["history"][0]["kind"] == "timeout"


async def _rearm(rooms: Any, live: Any) -> None:
    rooms._schedule_clock(live)


def test_pages_carry_security_headers(client: TestClient) -> None:
    for path in ("/", "/g/abc", "/static/game.js", "/api/config", "/api/games/nosuch"):
        res = client.get(path)
        assert "default-src 'self'" in res.headers["content-security-policy"], path
        assert res.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/fonts/sarabun-thai-400-normal.woff2").status_code == 200
    assert client.get("/static/../server/app.py").status_code == 404


def test_the_creator_can_seat_bots_in_a_room(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "room", "players": 3, "name": "Ann"}).json()
    game_id, token = res["id"], res["token"]
    ben = client.post(f"/api/games/{game_id}/join", json={"name": "Ben"}).json()
    assert client.post(f"/api/games/{game_id}/bot", json={"bot": "greedy"}, headers=hdr(ben["token"])).status_code == 403
    assert client.post(f"/api/games/{game_id}/bot", json={"bot": "superhuman"}, headers=hdr(token)).status_code == 400
    assert client.post(f"/api/games/{game_id}/bot", json={"bot": "greedy"}).status_code == 401
    view = client.post(f"/api/games/{game_id}/bot", json={"bot": "greedy"}, headers=hdr(token)).json()
    assert view["status"] == "playing" and view["seats"][2]["bot"] == "greedy"
    assert client.post(f"/api/games/{game_id}/bot", json={"bot": "greedy"}, headers=hdr(token)).status_code == 409
    game = game_of(client, game_id)
    for _ in range(4):  # the people pass; the bot seat plays on its own
        wait_until(lambda: game.to_move != 2)
        mover = token if game.to_move == 0 else ben["token"]
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(mover))
    wait_until(lambda: any(t.player == 2 for t in game.history))


@pytest.mark.parametrize("name", ["\ud800", "a\x00b\x1b[31m", "  ", "ก" * 24])
def test_odd_names_are_cleaned_or_refused(client: TestClient, name: str) -> None:
    res = client.post("/api/games", content=json.dumps({"mode": "room", "name": name}))
    assert res.status_code in (201, 400), res.text
    if res.status_code == 201:
        view = client.get(f"/api/games/{res.json()['id']}", headers=hdr(res.json()["token"])).json()
        assert view["seats"][0]["name"].isprintable() and view["seats"][0]["name"].strip()
