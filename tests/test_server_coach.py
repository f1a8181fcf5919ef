"""Hints and analysis through the API: only where no other person plays, and off the event loop."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, coach, create_app
from amath.core.board import Square
from amath.core.move import Pass, Place, TilePlay
from amath.core.rules import AMATH
from amath.engine.movegen import generate
from amath.formats.record import write_record
from amath.game import Game
from webtools import UNLIMITED, StubBot, find_place, place_json, wait_until


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=lambda: 1, bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def hdr(token: str) -> dict[str, str]:
    return {"X-Seat-Token": token}


def game_of(client: TestClient, game_id: str) -> Game:
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    assert isinstance(game, Game)
    return game


def place_of(tiles: list[dict[str, str]]) -> Place:
    return Place(tuple(TilePlay(Square.parse(t["square"]), t["tile"], t["face"]) for t in tiles))


def bot_game(client: TestClient) -> tuple[str, str]:
    res = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "greedy"}).json()
    wait_until(lambda: game_of(client, res["id"]).to_move == 0)
    return res["id"], res["token"]


def test_a_hint_in_a_bot_game_is_the_best_legal_play_for_my_rack(client: TestClient) -> None:
    game_id, token = bot_game(client)
    view = client.get(f"/api/games/{game_id}", headers=hdr(token)).json()
    assert view["hints"] is True
    res = client.post(f"/api/games/{game_id}/hint", headers=hdr(token))
    assert res.status_code == 200, res.text
    plays = res.json()["plays"]
    assert res.json()["exact"] is True  # A-Math's generator lists every placement: no budget
    game = game_of(client, game_id)
    best = max(m.score for m in generate(game.board, game.racks[0], game.rules))
    assert plays and plays[0]["score"] == best
    for play in plays:  # each one is legal and scores what it says (the preview agrees)
        assert game.is_legal(place_of(play["tiles"]))
        judged = client.post(f"/api/games/{game_id}/preview", json={"tiles": play["tiles"]}, headers=hdr(token)).json()
        assert judged["legal"] and judged["score"] == play["score"]
    again = client.post(f"/api/games/{game_id}/hint", headers=hdr(token)).json()
    assert again["plays"] == plays
    assert len(game.history) == res.json()["version"]  # asking changed nothing


def test_hints_are_refused_where_other_people_play(client: TestClient) -> None:
    made = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    joined = client.post(f"/api/games/{made['id']}/join", json={"name": "Ben"}).json()
    for token in (made["token"], joined["token"]):
        res = client.post(f"/api/games/{made['id']}/hint", headers=hdr(token))
        assert res.status_code == 403 and "other people" in res.json()["error"]
    assert client.get(f"/api/games/{made['id']}", headers=hdr(made["token"])).json()["hints"] is False
    assert client.post(f"/api/games/{made['id']}/hint").status_code == 401  # a spectator
    table = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    res = client.post(f"/api/games/{table['id']}/hint", headers=hdr(table["token"]))
    assert res.status_code == 403
    # a room whose other seats are bots is still a room: other people may join such rooms
    solo = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    client.post(f"/api/games/{solo['id']}/bot", json={"bot": "greedy"}, headers=hdr(solo["token"]))
    assert client.post(f"/api/games/{solo['id']}/hint", headers=hdr(solo["token"])).status_code == 403
    other = bot_game(client)
    assert client.post(f"/api/games/{other[0]}/hint", headers=hdr(made["token"])).status_code == 403  # a foreign token


def finished_hot_seat(client: TestClient) -> tuple[str, str]:
    """A hot-seat game of one placement (the lowest-scoring one the generator finds), then passes to the end."""
    res = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    game_id, token = res["id"], res["token"]
    game = game_of(client, game_id)
    moves = generate(game.board, game.racks[game.to_move], game.rules)
    assert moves
    place = min(moves, key=lambda m: m.score).place
    body = {"type": "place", "tiles": place_json(place)}
    assert client.post(f"/api/games/{game_id}/move", json=body, headers=hdr(token)).status_code == 200
    while not game.over:
        assert client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(token)).status_code == 200
    return game_id, token


def poll(client: TestClient, path: str, body: Any = None) -> dict[str, Any]:
    answer: dict[str, Any] = {}

    def done() -> bool:
        nonlocal answer
        res = client.post(path, json=body)
        assert res.status_code == 200, res.text
        answer = res.json()
        return bool(answer["status"] in ("done", "failed"))

    wait_until(done, timeout=120)
    return answer


def test_a_finished_game_is_analysed_turn_by_turn(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    early = client.post(f"/api/games/{res['id']}/analysis")
    assert early.status_code == 409 and "over" in early.json()["error"]
    game_id, _ = finished_hot_seat(client)
    game = game_of(client, game_id)
    answer = poll(client, f"/api/games/{game_id}/analysis")
    assert answer["status"] == "done", answer
    turns = answer["turns"]
    assert [t["turn"] for t in turns] == list(range(1, len(game.history) + 1))
    first = turns[0]
    rack = game.history[0].rack_before
    empty = Game(AMATH, teams=[["a"], ["b"]], seed=1).board
    best = max(m.score for m in generate(empty, rack, game.rules))
    assert first["kind"] == "place" and first["best"][0]["score"] == best
    assert first["points_lost"] == best - game.history[0].score > 0
    assert {t["square"] for t in first["played_tiles"]} == {p.square.name for p in game.history[0].move.tiles}  # type: ignore[union-attr]
    assert len(first["best"][0]["tiles"]) >= 1
    later = turns[1]  # a pass on a board with one play: the best placements use that board
    assert later["kind"] == "pass" and later["points_lost"] == later["best"][0]["score"] > 0
    assert [s["side"] for s in answer["summary"]] == [0, 1]
    win = answer["win"]  # the first side's chance after each number of turns: certain once the game is over
    assert len(win) == len(game.history) + 1 and win[0] == 0.5
    result = game.result
    assert result is not None
    margin = result.scores[0] - result.scores[1]
    assert win[-1] == (1.0 if margin > 0 else 0.0 if margin < 0 else 0.5)
    assert client.post(f"/api/games/{game_id}/analysis").json() == answer  # cached per game


def test_an_uploaded_record_is_analysed_and_bad_ones_refused(client: TestClient) -> None:
    game = Game(AMATH, teams=[["Ann"], ["Ben"]], seed=3)
    place = find_place(game, max_tiles=3)
    game.push(place if place is not None else Pass())
    game.push(Pass())
    text = write_record(game)
    answer = poll(client, "/api/replay/analysis", {"record": text})
    assert answer["status"] == "done" and len(answer["turns"]) == 2
    assert answer["turns"][0]["score"] == game.history[0].score
    assert client.post("/api/replay/analysis", json={"record": "nonsense"}).status_code == 400
    assert client.post("/api/replay/analysis", json={}).status_code == 400


def test_analyses_wait_in_a_bounded_queue(client: TestClient) -> None:
    class Stuck:  # a worker that never finishes: every analysis stays in the queue
        def submit(self, *args: Any) -> None:
            pass

        def close(self) -> None:
            pass

    client.app.state.rooms.coach.analysis_worker = Stuck()  # type: ignore[attr-defined]
    game = Game(AMATH, teams=[["Ann"], ["Ben"]], seed=3)
    for _ in range(coach.MAX_QUEUED):
        game.push(Pass())
        res = client.post("/api/replay/analysis", json={"record": write_record(game)})
        assert res.status_code == 200 and res.json()["status"] == "queued"
    again = client.post("/api/replay/analysis", json={"record": write_record(game)})
    assert again.status_code == 200 and again.json()["status"] == "queued"  # the same record: the same job
    game.push(Pass())
    res = client.post("/api/replay/analysis", json={"record": write_record(game)})
    assert res.status_code == 503 and "busy" in res.json()["error"]
    assert client.get("/api/config").status_code == 200  # the server still answers


def test_practice_reviews_my_own_moves_only(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "greedy", "practice": True}).json()
    game_id, token = res["id"], res["token"]
    game = game_of(client, game_id)
    wait_until(lambda: game.to_move == 0)
    assert client.get(f"/api/games/{game_id}", headers=hdr(token)).json()["practice"] is True
    moves = generate(game.board, game.racks[0], game.rules)
    low = min(moves, key=lambda m: m.score)
    best = max(m.score for m in moves)
    mine = len(game.history)
    body = {"type": "place", "tiles": place_json(low.place)}
    assert client.post(f"/api/games/{game_id}/move", json=body, headers=hdr(token)).status_code == 200
    review = client.post(f"/api/games/{game_id}/review", json={"turn": mine}, headers=hdr(token))
    assert review.status_code == 200, review.text
    entry = review.json()
    assert entry["turn"] == mine + 1 and entry["score"] == low.score
    assert entry["best"][0]["score"] == best and entry["points_lost"] == best - low.score
    assert {t["square"] for t in entry["played_tiles"]} == {p.square.name for p in low.place.tiles}
    wait_until(lambda: len(game.history) > mine + 1)  # the bot answered
    theirs = client.post(f"/api/games/{game_id}/review", json={"turn": mine + 1}, headers=hdr(token))
    assert theirs.status_code == 403 and "your own" in theirs.json()["error"]
    for bad in ({"turn": 99}, {"turn": "0"}, {"turn": True}, {}):
        assert client.post(f"/api/games/{game_id}/review", json=bad, headers=hdr(token)).status_code == 400
    made = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann", "practice": True}).json()
    client.post(f"/api/games/{made['id']}/join", json={"name": "Ben"})
    assert client.get(f"/api/games/{made['id']}").json()["practice"] is False
    refused = client.post(f"/api/games/{made['id']}/review", json={"turn": 0}, headers=hdr(made["token"]))
    assert refused.status_code == 403
