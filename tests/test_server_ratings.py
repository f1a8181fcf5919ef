"""Rated games through the HTTP API: who may play them, the ratings after the end, profiles and leaderboards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.auth import CSRF_COOKIE

PASSWORD = "correct horse"


@pytest.fixture
def app(db_url: str) -> Iterator[Any]:
    application = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(application):
        yield application


def account(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    assert c.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    return c


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get(CSRF_COOKIE) or ""}


def rated_room(a: TestClient, b: TestClient, **setup: Any) -> tuple[str, str, str]:
    made = a.post("/api/games", json={"mode": "room", "rated": True, "name": "ignored", **setup}, headers=csrf(a))
    assert made.status_code == 201, made.text
    joined = b.post(f"/api/games/{made.json()['id']}/join", json={"name": "ignored"}, headers=csrf(b))
    assert joined.status_code == 200, joined.text
    return made.json()["id"], made.json()["token"], joined.json()["token"]


def profile(c: TestClient, name: str) -> dict[str, Any]:
    r = c.get(f"/api/users/{name}")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_a_resigned_rated_game_changes_both_ratings_and_shows_in_both_profiles(app: Any) -> None:
    ann, ben = account(app, "Ann"), account(app, "Ben")
    game_id, ann_token, _ = rated_room(ann, ben, clock={"kind": "total", "minutes": 22})
    view = ann.get(f"/api/games/{game_id}", headers={"X-Seat-Token": ann_token}).json()
    assert view["rated"] and [s["name"] for s in view["seats"]] == ["Ann", "Ben"]  # the accounts' display names
    assert view["clock"]["loss_on_time"]  # a rated clock ends the game
    assert profile(ann, "Ann")["ratings"] == []
    r = ann.post(f"/api/games/{game_id}/resign", headers={"X-Seat-Token": ann_token} | csrf(ann))
    assert r.status_code == 200, r.text
    a, b = profile(ann, "ann"), profile(ann, "BEN")
    assert a["stats"] == {"played": 1, "won": 0, "drawn": 0, "lost": 1, "average_score": 0.0, "bingos": 0}
    assert b["stats"] == {"played": 1, "won": 1, "drawn": 0, "lost": 0, "average_score": 0.0, "bingos": 0}
    (ra,), (rb,) = a["ratings"], b["ratings"]
    assert (ra["ruleset"], ra["time_class"], rb["time_class"]) == ("a-math", "classic", "classic")
    assert ra["rating"] < 1500 < rb["rating"] and ra["rating"] + rb["rating"] == 3000
    assert ra["provisional"] and rb["provisional"] and ra["rd"] < 350 and ra["games"] == 1
    assert [p[1] for p in ra["history"]] == [1500, ra["rating"]] and [p[1] for p in rb["history"]] == [1500, rb["rating"]]
    (ga,), (gb,) = a["games"], b["games"]
    assert (ga["id"], ga["outcome"], ga["opponent"], ga["reason"], ga["rated"]) == (game_id, "loss", "Ben", "resign", True)
    assert (gb["outcome"], gb["opponent"], gb["rating_before"], gb["rating_after"]) == ("win", "Ann", 1500, rb["rating"])
    board = ann.get("/api/leaderboard?ruleset=a-math&time_class=classic").json()["players"]
    assert [p["name"] for p in board] == ["Ben", "Ann"]
    assert ann.get("/api/leaderboard?ruleset=a-math&time_class=fast").json()["players"] == []
    # the finished game opens in the record viewer: its record with every rack
    record = ann.get(f"/api/games/{game_id}/record")
    assert record.status_code == 200 and "resign" in record.text


def test_ratings_are_kept_per_ruleset_and_time_class(app: Any) -> None:
    ann, ben = account(app, "Ann"), account(app, "Ben")
    for setup in ({"variant": "smath"}, {"clock": {"kind": "move", "minutes": 3}}):
        game_id, _, ben_token = rated_room(ann, ben, **setup)
        assert ben.post(f"/api/games/{game_id}/resign", headers={"X-Seat-Token": ben_token} | csrf(ben)).status_code == 200
    ratings = {(r["ruleset"], r["time_class"]): r["rating"] for r in profile(ann, "Ann")["ratings"]}
    assert set(ratings) == {("smath", "untimed"), ("a-math", "fast")}
    assert all(x > 1500 for x in ratings.values())
    assert profile(ann, "Ann")["stats"]["won"] == 2
    assert [len(r["history"]) for r in profile(ann, "Ann")["ratings"]] == [2, 2]  # each rating its own line


def test_who_may_play_a_rated_game(app: Any) -> None:
    ann = account(app, "Ann")
    guest = TestClient(app)
    r = guest.post("/api/games", json={"mode": "room", "rated": True})
    assert r.status_code == 401 and r.json()["code"] == "rated_login" and "เข้าสู่ระบบ" in r.json()["messages"]["th"]
    for setup in ({"mode": "hotseat"}, {"players": 3}, {"teams": True}, {"variant": "smath+beginners"}):
        r = ann.post("/api/games", json={"mode": "room", "rated": True} | setup, headers=csrf(ann))
        assert r.status_code == 400 and r.json()["code"] == "rated_setup", setup
    made = ann.post("/api/games", json={"mode": "room", "rated": True}, headers=csrf(ann)).json()
    gid, token = made["id"], made["token"]
    r = guest.post(f"/api/games/{gid}/join", json={"name": "Guest"})
    assert r.status_code == 401 and r.json()["code"] == "rated_login"
    r = ann.post(f"/api/games/{gid}/join", json={}, headers=csrf(ann))
    assert r.status_code == 409 and r.json()["code"] == "rated_self"
    r = ann.post(f"/api/games/{gid}/bot", json={"bot": "greedy"}, headers={"X-Seat-Token": token} | csrf(ann))
    assert r.status_code == 409 and r.json()["code"] == "rated_no_bot"
    r = ann.post(f"/api/games/{gid}/handover", headers={"X-Seat-Token": token} | csrf(ann))
    assert r.status_code == 409 and r.json()["code"] == "rated_handover"
    assert [g["rated"] for g in guest.get("/api/rooms").json()["waiting"]] == [True]


def test_a_casual_game_of_an_account_is_in_its_history_without_a_rating(app: Any) -> None:
    ann = account(app, "Ann")
    made = ann.post("/api/games", json={"mode": "bot", "bot": "greedy"}, headers=csrf(ann)).json()
    view = ann.get(f"/api/games/{made['id']}", headers={"X-Seat-Token": made["token"]}).json()
    assert not view["rated"] and view["seats"][0]["name"] == "Ann"
    assert ann.post(f"/api/games/{made['id']}/resign", headers={"X-Seat-Token": made["token"]} | csrf(ann)).status_code == 200
    p = profile(ann, "Ann")
    assert p["ratings"] == [] and p["stats"]["lost"] == 1
    assert p["games"][0]["rated"] is False and p["games"][0]["opponent"].startswith("Bot")


def test_a_result_missed_before_a_stop_is_recorded_at_the_next_start(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app):
        ann, ben = account(app, "Ann"), account(app, "Ben")
        app.state.rooms.results = None  # as if the server stopped between storing the end and recording it
        game_id, ann_token, _ = rated_room(ann, ben)
        assert ann.post(f"/api/games/{game_id}/resign", headers={"X-Seat-Token": ann_token} | csrf(ann)).status_code == 200
        assert profile(ann, "Ben")["stats"]["played"] == 0
    again = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(again) as c:
        b = profile(c, "Ben")
        assert b["stats"]["won"] == 1 and b["ratings"][0]["rating"] > 1500
        assert again.state.rooms.results is not None
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0))) as c:  # and only once
        assert profile(c, "Ben")["stats"]["played"] == 1


def test_unknown_players_and_boards_are_refused_in_both_languages(app: Any) -> None:
    c = TestClient(app)
    r = c.get("/api/users/nobody")
    assert r.status_code == 404 and r.json()["code"] == "no_user" and r.json()["messages"]["th"] == "ไม่มีผู้เล่นชื่อนี้"
    for query in ("ruleset=chess", "time_class=blitz"):
        r = c.get(f"/api/leaderboard?{query}")
        assert r.status_code == 400 and r.json()["code"] == "bad_board"


def test_a_player_who_leaves_a_rated_game_loses_it_when_the_other_claims_the_win(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0, abandon_seconds=0.0))
    with TestClient(app):
        ann, ben = account(app, "Ann"), account(app, "Ben")
        game_id, ann_token, ben_token = rated_room(ann, ben)
        to_move = ann.get(f"/api/games/{game_id}").json()["to_move"]
        mover, mover_token, waiter, waiter_token = (ann, ann_token, ben, ben_token) if to_move == 0 else (ben, ben_token, ann, ann_token)
        own = mover.post(f"/api/games/{game_id}/claim-win", headers={"X-Seat-Token": mover_token} | csrf(mover))
        assert own.status_code == 409 and own.json()["code"] == "claim_own_turn"
        with mover.websocket_connect(f"/api/games/{game_id}/ws?token={mover_token}") as ws:
            assert ws.receive_json()["type"] == "state"
            present = waiter.post(f"/api/games/{game_id}/claim-win", headers={"X-Seat-Token": waiter_token} | csrf(waiter))
            assert present.status_code == 409 and present.json()["code"] == "claim_present"
        won = waiter.post(f"/api/games/{game_id}/claim-win", headers={"X-Seat-Token": waiter_token} | csrf(waiter))
        assert won.status_code == 200, won.text
        assert won.json()["status"] == "over" and won.json()["result"]["resigned"] == to_move
        winner = "Ben" if to_move == 0 else "Ann"
        (game,) = profile(ann, winner)["games"]
        assert (game["outcome"], game["reason"], game["rated"]) == ("win", "abandon", True)
        casual = ann.post("/api/games", json={"mode": "room"}, headers=csrf(ann)).json()
        assert ben.post(f"/api/games/{casual['id']}/join", json={}, headers=csrf(ben)).status_code == 200
        r = ann.post(f"/api/games/{casual['id']}/claim-win", headers={"X-Seat-Token": casual["token"]} | csrf(ann))
        assert r.status_code == 409 and r.json()["code"] == "claim_rated"


def test_a_claim_too_early_says_how_long_to_wait(app: Any) -> None:
    ann, ben = account(app, "Ann"), account(app, "Ben")
    game_id, ann_token, ben_token = rated_room(ann, ben)
    to_move = ann.get(f"/api/games/{game_id}").json()["to_move"]
    waiter, token = (ben, ben_token) if to_move == 0 else (ann, ann_token)
    r = waiter.post(f"/api/games/{game_id}/claim-win", headers={"X-Seat-Token": token} | csrf(waiter))
    assert r.status_code == 409 and r.json()["code"] == "claim_wait" and "วินาที" in r.json()["messages"]["th"]
    assert ann.get(f"/api/games/{game_id}").json()["status"] == "playing"


def test_a_seek_with_a_rating_range_takes_only_players_within_it(app: Any) -> None:
    ann, ben, cat = account(app, "Ann"), account(app, "Ben"), account(app, "Cat")
    game_id, _, ben_token = rated_room(ann, ben)  # Ben resigns: Ann about 1662, Ben about 1338
    assert ben.post(f"/api/games/{game_id}/resign", headers={"X-Seat-Token": ben_token} | csrf(ben)).status_code == 200
    made = ann.post("/api/games", json={"mode": "room", "rated": True, "rating_min": 1400, "rating_max": 1700}, headers=csrf(ann))
    assert made.status_code == 201
    seek = next(g for g in cat.get("/api/rooms").json()["waiting"] if g["id"] == made.json()["id"])
    assert seek["rated"] and seek["rating_range"] == [1400, 1700]
    assert seek["seats"][0]["rating"]["rating"] > 1600 and seek["seats"][0]["rating"]["provisional"]
    low = ben.post(f"/api/games/{made.json()['id']}/join", json={}, headers=csrf(ben))
    assert low.status_code == 403 and low.json()["code"] == "seek_range" and "1400-1700" in low.json()["messages"]["th"]
    assert cat.post(f"/api/games/{made.json()['id']}/join", json={}, headers=csrf(cat)).status_code == 200  # new: 1500
    for body in ({"rating_min": 1800, "rating_max": 1700}, {"rating_min": -5}, {"rating_max": "high"}):
        r = ann.post("/api/games", json={"mode": "room", "rated": True} | body, headers=csrf(ann))
        assert r.status_code == 400 and "rating" in r.json()["error"], body
    casual = ann.post("/api/games", json={"mode": "room", "rating_min": 1400}, headers=csrf(ann))
    assert casual.status_code == 400 and "rated games only" in casual.json()["error"]
    guest = TestClient(app)
    later = guest.post("/api/games", json={"mode": "room"}).json()  # a casual game started after it (listed newest first before)
    assert TestClient(app).post(f"/api/games/{later['id']}/join", json={}).status_code == 200
    playing = [g["id"] for g in cat.get("/api/rooms").json()["playing"]]
    assert playing == [made.json()["id"], later["id"]]  # the highest rated game in play is listed first
