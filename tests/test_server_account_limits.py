"""Limits counted per account: a class behind one school address, each logged in, is many allowances, not one."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.auth import CSRF_COOKIE, SESSION_COOKIE

PASSWORD = "correct horse"


def student(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    assert c.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
    return c


def test_requests_without_a_seat_count_per_account_then_per_address(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, rate=0.001, burst=4))
    with TestClient(app) as guest:
        ann, ben = student(app, "ann"), student(app, "ben")  # two requests of the address's 4 (no session yet)
        for _ in range(4):
            assert ann.get("/api/rooms").status_code == 200
        limited = ann.get("/api/rooms")
        assert limited.status_code == 429 and limited.json()["code"] == "rate_limited"
        assert limited.json()["messages"]["th"] == "ส่งคำขอเร็วเกินไป กรุณารอสักครู่แล้วลองใหม่"
        assert [ben.get("/api/rooms").status_code for _ in range(4)] == [200] * 4  # same address, another account
        assert [guest.get("/api/rooms").status_code for _ in range(3)] == [200, 200, 429]  # the address's other 2
        forged = TestClient(app)
        forged.cookies.set(SESSION_COOKIE, "7.made-up.cookie.value")  # not signed by the server: the address's bucket
        assert forged.get("/api/rooms").status_code == 429


def test_waiting_rooms_and_sockets_count_per_account(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, waiting_per_address=1, sockets_per_address=1))
    with TestClient(app) as guest:
        ann, ben = student(app, "ann"), student(app, "ben")
        rooms = [c.post("/api/games", json={"mode": "room"}) for c in (ann, ben, guest)]
        assert [r.status_code for r in rooms] == [201, 201, 201]
        again = ann.post("/api/games", json={"mode": "room"})
        assert again.status_code == 429 and again.json()["code"] == "rooms_waiting" and "คุณมีห้องที่รอผู้เล่นอยู่แล้ว 1 ห้อง" in again.text
        assert guest.post("/api/games", json={"mode": "room"}).status_code == 429
        game = rooms[0].json()["id"]
        with ann.websocket_connect(f"/api/games/{game}/ws") as a, ben.websocket_connect(f"/api/games/{game}/ws") as b:
            assert a.receive_json()["type"] == "state" and b.receive_json()["type"] == "state"
            with guest.websocket_connect(f"/api/games/{game}/ws") as g:
                assert g.receive_json()["type"] == "state"
                with guest.websocket_connect(f"/api/games/{game}/ws") as extra:
                    refused = extra.receive_json()
                    assert refused["status"] == 429 and refused["code"] == "sockets_client" and "(ไม่เกิน 1)" in refused["messages"]["th"]


def test_a_class_of_thirty_behind_one_address_each_plays_a_bot_game(db_url: str) -> None:
    """Thirty students sign up from one school address and play the bot at once: no 429 (sockets are per account here)."""
    app = create_app(Settings(db_url=db_url, bot_delay=0.0, sockets_per_address=2))
    with TestClient(app):
        students = [student(app, f"student{k:02d}") for k in range(30)]
        games = []
        for c in students:
            made = c.post("/api/games", json={"mode": "bot", "bot": "random"})
            assert made.status_code == 201, made.text
            games.append(made.json())
        sockets = [c.websocket_connect(f"/api/games/{g['id']}/ws?token={g['token']}") for c, g in zip(students, games)]
        try:
            for ws in sockets:
                assert ws.__enter__().receive_json()["type"] == "state"  # every socket taken, none refused
            for c, g in zip(students, games):
                seat = {"X-Seat-Token": g["token"]}
                view = c.get(f"/api/games/{g['id']}", headers=seat).json()
                if view["to_move"] == 0:
                    assert c.post(f"/api/games/{g['id']}/move", headers=seat, json={"type": "pass"}).status_code == 200
                assert c.get("/api/rooms").status_code == 200
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        names = {p["name"] for p in (c.get("/api/me").json()["account"] for c in students)}
        assert len(names) == 30
