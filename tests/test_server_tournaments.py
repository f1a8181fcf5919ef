"""Tournaments on the server: who may do what, the log of every change, corrections, a restart mid-round, online rooms and no-shows."""

from __future__ import annotations

import re
import time
from typing import Any

from sqlalchemy import create_engine, inspect
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.auth import CSRF_COOKIE
from amath.apps.server.tournament_api import TournamentApi

PASSWORD = "correct horse"
THAI = re.compile(r"[\u0e00-\u0e7f]")


def account(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    assert c.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
    return c


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["code"] == code and THAI.search(body["messages"]["th"]), body
    return body


def ok(response: Any, status: int = 200) -> Any:
    assert response.status_code == status, response.text
    return response.json()


def make(director: TestClient, **settings: Any) -> int:
    body = {"name": "Bangkok Open", "rounds": 4, **settings}
    return int(ok(director.post("/api/tournaments", json=body), 201)["id"])


def publish_round(director: TestClient, tid: int, method: str = "swiss") -> dict[str, Any]:
    number = ok(director.post(f"/api/tournaments/{tid}/rounds", json={"method": method}), 201)["round"]
    ok(director.post(f"/api/tournaments/{tid}/rounds/{number}/publish"))
    state = ok(director.get(f"/api/tournaments/{tid}"))
    found: dict[str, Any] = next(r for r in state["rounds"] if r["number"] == number)
    return found


def test_only_directors_pair_and_enter_results_and_every_change_is_logged_with_who(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        kru, ann, co = account(app, "kru_somchai"), account(app, "ann"), account(app, "co_dir")
        refused(guest.post("/api/tournaments", json={"name": "x"}), 401, "login_needed")
        refused(kru.post("/api/tournaments", json={"name": "x", "rounds": 0}), 400, "tournament_field")
        refused(kru.post("/api/tournaments", json={"name": "x", "methods": ["chess"]}), 400, "tournament_field")
        tid = make(kru, spread_cap=300)
        typed = "สมชาย, โรงเรียนสาธิต\nSomsri, Chula club\nนิดา\tโรงเรียนสาธิต\n"
        assert ok(kru.post(f"/api/tournaments/{tid}/players", json={"players": typed}), 201)["numbers"] == [1, 2, 3]
        assert ok(ann.post(f"/api/tournaments/{tid}/signup", json={"school": "Ann's club"}), 201)["number"] == 4
        refused(ann.post(f"/api/tournaments/{tid}/signup", json={}), 409, "already_registered")
        state = ok(guest.get(f"/api/tournaments/{tid}"))
        assert [(p["name"], p["school"], p["account"]) for p in state["players"]] == [
            ("สมชาย", "โรงเรียนสาธิต", None), ("Somsri", "Chula club", None), ("นิดา", "โรงเรียนสาธิต", None), ("ann", "Ann's club", "ann"),
        ]  # fmt: skip
        assert state["status"] == "registration" and state["settings"]["spread_cap"] == 300
        # a player, a guest and a forged request may not pair, add players or check in
        refused(ann.post(f"/api/tournaments/{tid}/rounds", json={}), 403, "not_director")
        refused(ann.post(f"/api/tournaments/{tid}/players", json={"players": "Mallory"}), 403, "not_director")
        refused(guest.post(f"/api/tournaments/{tid}/rounds", json={}), 401, "login_needed")
        no_csrf = TestClient(app, cookies=dict(kru.cookies))
        refused(no_csrf.post(f"/api/tournaments/{tid}/rounds", json={}), 403, "csrf")
        refused(ann.post(f"/api/tournaments/{tid}/directors", json={"name": "ann"}), 403, "not_owner")
        refused(kru.post(f"/api/tournaments/{tid}/directors", json={"name": "nobody"}), 404, "no_account")
        assert ok(kru.post(f"/api/tournaments/{tid}/directors", json={"name": "co_dir"}), 201)["name"] == "co_dir"
        refused(co.post(f"/api/tournaments/{tid}/directors", json={"name": "ann"}), 403, "not_owner")
        for number in (1, 2, 3, 4):  # everyone came: once anyone is checked in, round 1 pairs only those who are
            ok(kru.post(f"/api/tournaments/{tid}/players/{number}/checkin", json={"present": True}))
        refused(kru.post(f"/api/tournaments/{tid}/players/9/checkin", json={}), 404, "no_player")
        # the draft is the directors' until published; a co-director may publish and enter results
        number = ok(co.post(f"/api/tournaments/{tid}/rounds", json={"method": "king_of_the_hill"}), 201)["round"]
        assert ok(ann.get(f"/api/tournaments/{tid}"))["rounds"] == []
        draft = ok(kru.get(f"/api/tournaments/{tid}"))["rounds"][0]
        assert draft["published"] is False and len(draft["pairings"]) == 2
        refused(ann.post(f"/api/tournaments/{tid}/rounds/{number}/publish"), 403, "not_director")
        ok(co.post(f"/api/tournaments/{tid}/rounds/{number}/publish"))
        seen = ok(ann.get(f"/api/tournaments/{tid}"))
        assert seen["me"] == {"director": False, "owner": False, "player": 4, "logged_in": True}
        table = seen["rounds"][0]["pairings"][0]
        result_url = f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result"
        refused(ann.post(result_url, json={"first": 400, "second": 300}), 403, "not_director")
        entered = ok(co.post(f"/api/tournaments/{tid}/rounds/1/tables/{table['table']}/result", json={"first": 420, "second": 95}))
        assert entered == {"result": {"first_score": 420, "second_score": 95, "forfeit": None, "spread": 300}, "action": "result"}  # capped
        log = ok(guest.get(f"/api/tournaments/{tid}/log"))["events"]
        actions = [(e["by"], e["action"]) for e in log]
        assert actions[0] == ("co_dir", "result") and ("co_dir", "publish") in actions and ("co_dir", "pair") in actions
        assert ("kru_somchai", "checkin") in actions and ("ann", "sign_up") in actions and ("kru_somchai", "add_director") in actions
        assert actions[-1] == ("kru_somchai", "create") and all(e["at"] > 0 for e in log)
        assert log[0]["old"] == "" and log[0]["new"] == "420-95"
        assert ok(guest.get(f"/api/tournaments/{tid}"))["events"] == log[:200]  # the page brings the log along
        assert guest.post(f"/api/tournaments/{tid}/players/1/promote", json={}).status_code in (401, 404)
        assert kru.post(f"/api/tournaments/{tid}/players/1/promote", json={}).status_code == 404
        assert guest.get(f"/api/tournaments/{tid}/secrets.csv").status_code == 404
        check = next(e for e in log if e["action"] == "checkin" and e["target"].startswith("player 2 "))
        assert (check["target"], check["old"], check["new"]) == ("player 2 checked_in", "False", "True")


def test_a_result_that_makes_no_sense_is_refused_and_a_correction_shows_in_the_log(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        kru = account(app, "kru")
        tid = make(kru, bye_spread=75)
        ok(kru.post(f"/api/tournaments/{tid}/players", json={"players": ["A, x", "B, y", "C, z"]}), 201)
        rnd = publish_round(kru, tid)
        bye = [p for p in rnd["pairings"] if p["second"] is None]
        game = next(p for p in rnd["pairings"] if p["second"] is not None)
        assert len(bye) == 1 and len(rnd["pairings"]) == 2
        url = f"/api/tournaments/{tid}/rounds/1/tables/{game['table']}/result"
        body = refused(kru.post(url, json={"first": 0, "second": 0}), 409, "score_both_zero")
        assert body["messages"]["en"] and body["error"]
        refused(kru.post(url, json={"first": "lots", "second": 10}), 400, "bad_result")
        refused(kru.post(url, json={"forfeit": "nobody"}), 400, "bad_result")
        assert ok(kru.post(url, json={"first": 350, "second": 360}))["action"] == "result"
        corrected = ok(kru.post(url, json={"first": "365", "second": "360"}))
        assert corrected == {"result": {"first_score": 365, "second_score": 360, "forfeit": None, "spread": 5}, "action": "correct_result"}
        events = ok(guest.get(f"/api/tournaments/{tid}/log"))["events"]
        fix = events[0]
        assert (fix["action"], fix["by"], fix["old"], fix["new"]) == ("correct_result", "kru", "350-360", "365-360")
        assert fix["target"] == f"round 1 table {game['table']} result"
        state = ok(guest.get(f"/api/tournaments/{tid}"))
        assert state["status"] == "running"
        winner = game["first"]
        top = state["standings"][0]
        assert top["player"] in (winner, bye[0]["first"]) and top["points"] == 2
        by_player = {s["player"]: s for s in state["standings"]}
        assert by_player[winner]["spread"] == 5 and by_player[game["second"]]["spread"] == -5
        assert by_player[bye[0]["first"]]["spread"] == 75 and by_player[bye[0]["first"]]["byes"] == 1
        csv_text = guest.get(f"/api/tournaments/{tid}/results.csv")
        assert csv_text.status_code == 200 and "365" in csv_text.text and csv_text.headers["content-type"].startswith("text/csv")
        standings_csv = guest.get(f"/api/tournaments/{tid}/standings.csv").text
        assert standings_csv.lstrip("\ufeff").count("\n") >= 4 and "A" in standings_csv


def test_a_restart_in_the_middle_of_a_round_loses_nothing(db_url: str) -> None:
    first = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(first):
        kru = account(first, "kru")
        tid = make(kru)
        ok(kru.post(f"/api/tournaments/{tid}/players", json={"players": [f"P{k}, school {k % 3}" for k in range(6)]}), 201)
        rnd = publish_round(kru, tid)
        t1, t2, t3 = (p["table"] for p in rnd["pairings"])
        ok(kru.post(f"/api/tournaments/{tid}/rounds/1/tables/{t1}/result", json={"first": 401, "second": 388}))
        ok(kru.post(f"/api/tournaments/{tid}/rounds/1/tables/{t2}/result", json={"forfeit": "second"}))
        before = ok(kru.get(f"/api/tournaments/{tid}"))
        log_before = ok(kru.get(f"/api/tournaments/{tid}/log"))["events"]
        # a second server on the same database, the first never shut down (as after a kill), table 3 still playing
        second = create_app(Settings(db_url=db_url, bot_delay=0.0))
        with TestClient(second) as again:
            again.cookies.update(kru.cookies)
            again.headers["X-CSRF-Token"] = kru.headers["X-CSRF-Token"]
            after = ok(again.get(f"/api/tournaments/{tid}"))
            assert after == before
            pairings = after["rounds"][0]["pairings"]
            assert pairings[0]["result"]["first_score"] == 401 and pairings[1]["result"]["forfeit"] == "second"
            assert pairings[2]["result"] is None and after["rounds"][0]["published"] is True
            assert ok(again.get(f"/api/tournaments/{tid}/log"))["events"] == log_before
            ok(again.post(f"/api/tournaments/{tid}/rounds/1/tables/{t3}/result", json={"first": 330, "second": 512}))  # and it goes on
            assert ok(again.post(f"/api/tournaments/{tid}/rounds", json={}), 201)["round"] == 2
            assert [r["published"] for r in ok(again.get(f"/api/tournaments/{tid}"))["rounds"]] == [True, False]


def _online(app: Any, db_url: str) -> tuple[TestClient, TestClient, TestClient, int, dict[str, Any]]:
    kru, ann, ben = account(app, "kru"), account(app, "ann"), account(app, "ben")
    tid = make(kru, mode="online", clock_minutes=22, overtime_penalty=10, no_show_minutes=5)
    ok(ann.post(f"/api/tournaments/{tid}/signup", json={"school": "A"}), 201)
    ok(ben.post(f"/api/tournaments/{tid}/signup", json={"school": "B"}), 201)
    rnd = publish_round(kru, tid)
    return kru, ann, ben, tid, rnd


def test_an_online_round_opens_a_room_a_player_takes_their_seat_and_a_resignation_lands_as_a_forfeit(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        kru, ann, ben, tid, rnd = _online(app, db_url)
        (table,) = rnd["pairings"]
        assert table["game_id"] and table["result"] is None
        refused(kru.post(f"/api/tournaments/{tid}/rounds/1/seat"), 404, "no_seat")
        seat_a = ok(ann.post(f"/api/tournaments/{tid}/rounds/1/seat"))
        assert seat_a == ok(ann.post(f"/api/tournaments/{tid}/rounds/1/seat"))  # the same token for every screen of the account
        seat_b = ok(ben.post(f"/api/tournaments/{tid}/rounds/1/seat"))
        assert {seat_a["seat"], seat_b["seat"]} == {0, 1} and seat_a["game_id"] == table["game_id"]
        view = ok(guest.get(f"/api/games/{table['game_id']}", headers={"X-Seat-Token": seat_a["token"]}))
        assert view["status"] == "playing" and view["clock"]["kind"] == "total" and view["clock"]["seconds"] == 22 * 60
        assert view["to_move"] == 0  # the pairing's first player starts
        first_name = next(p["name"] for p in ok(guest.get(f"/api/tournaments/{tid}"))["players"] if p["number"] == table["first"])
        assert view["seats"][0]["name"] == first_name and view["me"]["seat"] == seat_a["seat"]
        loser = seat_a if seat_a["seat"] == 1 else seat_b
        ok(guest.post(f"/api/games/{table['game_id']}/resign", headers={"X-Seat-Token": loser["token"]}))
        state = ok(guest.get(f"/api/tournaments/{tid}"))
        result = state["rounds"][0]["pairings"][0]["result"]
        assert result["forfeit"] == "second"
        assert state["status"] == "running" and state["standings"][0]["player"] == table["first"]
        refused(guest.post(f"/api/games/{table['game_id']}/rematch", headers={"X-Seat-Token": loser["token"]}), 409, "tournament_rematch")
        events = ok(guest.get(f"/api/tournaments/{tid}/log"))["events"]
        assert events[0]["action"] == "game_result" and events[0]["by"] is None


def test_a_player_who_does_not_come_forfeits_after_the_set_time(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        _, ann, ben, tid, rnd = _online(app, db_url)
        (table,) = rnd["pairings"]
        api: TournamentApi = app.state.tournaments
        came = ann if ok(guest.get(f"/api/tournaments/{tid}"))["players"][table["first"] - 1]["account"] == "ann" else ben
        ok(came.post(f"/api/tournaments/{tid}/rounds/1/seat"))
        now = time.time()
        api.clock = lambda: now + 4 * 60  # four minutes after publishing: still in time
        guest.portal.call(api.sweep)  # type: ignore[union-attr]
        assert ok(guest.get(f"/api/tournaments/{tid}"))["rounds"][0]["pairings"][0]["result"] is None
        api.clock = lambda: now + 5 * 60 + 1  # five minutes passed: the one who did not come forfeits
        guest.portal.call(api.sweep)  # type: ignore[union-attr]
        state = ok(guest.get(f"/api/tournaments/{tid}"))
        assert state["rounds"][0]["pairings"][0]["result"]["forfeit"] == "second"
        game = ok(guest.get(f"/api/games/{table['game_id']}"))
        assert game["status"] == "over"
        assert ok(guest.get(f"/api/tournaments/{tid}/log"))["events"][0]["action"] in ("no_show", "game_result")
        assert any(e["action"] == "no_show" and e["by"] is None for e in ok(guest.get(f"/api/tournaments/{tid}/log"))["events"])


def test_an_online_game_goes_on_after_a_restart_and_its_result_lands(db_url: str) -> None:
    first = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(first):
        _, ann, _, tid, rnd = _online(first, db_url)
        (table,) = rnd["pairings"]
        seat_a = ok(ann.post(f"/api/tournaments/{tid}/rounds/1/seat"))
    second = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(second) as guest:
        view = ok(guest.get(f"/api/games/{table['game_id']}", headers={"X-Seat-Token": seat_a["token"]}))
        assert view["status"] == "playing" and view["me"]["seat"] == seat_a["seat"]  # the seat's token still holds the seat
        ok(guest.post(f"/api/games/{table['game_id']}/resign", headers={"X-Seat-Token": seat_a["token"]}))
        result = ok(guest.get(f"/api/tournaments/{tid}"))["rounds"][0]["pairings"][0]["result"]
        assert result["forfeit"] == ("first" if seat_a["seat"] == 0 else "second")


def test_the_tournament_tables_are_in_the_schema(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app):
        engine = create_engine(db_url)
        try:
            tables = set(inspect(engine).get_table_names())
        finally:
            engine.dispose()
    names = ("tournaments", "tournament_directors", "tournament_players", "tournament_rounds", "tournament_games", "tournament_events")
    assert set(names) <= tables


def test_the_page_is_told_of_every_change_and_a_withdrawn_player_is_not_paired_while_a_late_one_is(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        kru = account(app, "kru")
        tid = make(kru)
        ok(kru.post(f"/api/tournaments/{tid}/players", json={"players": ["A, x", "B, y", "C, z", "D, w"]}), 201)
        with guest.websocket_connect(f"/api/tournaments/{tid}/ws") as ws:
            rev = ws.receive_json()
            assert rev == {"type": "tournament", "rev": ok(guest.get(f"/api/tournaments/{tid}"))["rev"]}
            rnd = publish_round(kru, tid)
            now = ok(guest.get(f"/api/tournaments/{tid}"))["rev"]
            seen = [ws.receive_json()["rev"]]  # pushed, nobody polls (changes close together come as the newest one)
            while seen[-1] < now:
                seen.append(ws.receive_json()["rev"])
            assert seen[0] > rev["rev"] and seen[-1] == now
            for p in rnd["pairings"]:
                ok(kru.post(f"/api/tournaments/{tid}/rounds/1/tables/{p['table']}/result", json={"first": 400, "second": 350 + p["table"]}))
            ok(kru.post(f"/api/tournaments/{tid}/players/3/withdraw", json={}))
            late = ok(kru.post(f"/api/tournaments/{tid}/players", json={"players": "E, v"}), 201)["numbers"]
            assert late == [5]
            now = ok(guest.get(f"/api/tournaments/{tid}"))["rev"]
            while ws.receive_json()["rev"] < now:
                pass  # told up to the last change
        second = publish_round(kru, tid)
        seated = {n for p in second["pairings"] for n in (p["first"], p["second"]) if n is not None}
        assert seated == {1, 2, 4, 5}  # C withdrew, E entered late
        state = ok(guest.get(f"/api/tournaments/{tid}"))
        c = next(p for p in state["players"] if p["number"] == 3)
        e = next(p for p in state["players"] if p["number"] == 5)
        assert c["active"] is False and e["first_round"] == 2
        assert next(s for s in state["standings"] if s["player"] == 3)["active"] is False
        with guest.websocket_connect("/api/tournaments/999/ws") as ws:
            assert ws.receive_json()["status"] == 404


def test_both_players_absent_both_forfeit(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    with TestClient(app) as guest:
        _, _, _, tid, rnd = _online(app, db_url)
        api: TournamentApi = app.state.tournaments
        later = time.time() + 5 * 60 + 1
        api.clock = lambda: later
        guest.portal.call(api.sweep)  # type: ignore[union-attr]
        result = ok(guest.get(f"/api/tournaments/{tid}"))["rounds"][0]["pairings"][0]["result"]
        assert result["forfeit"] == "both"
        assert ok(guest.get(f"/api/games/{rnd['pairings'][0]['game_id']}"))["status"] == "over"
        assert all(s["points"] == 0 for s in ok(guest.get(f"/api/tournaments/{tid}"))["standings"])
