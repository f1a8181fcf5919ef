"""Limits that keep one client from holding the server: rates per seat token, open websockets, slow bodies, settings."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from amath.apps.cli import main
from amath.apps.server import Settings, create_app
from amath.apps.server.config import SettingsError, settings_from
from amath.apps.server.errors import ApiError
from amath.apps.server.storage import StorageError, Store
from amath.apps.server.transport import server_config
from webtools import UNLIMITED, StubBot, seeds, wait_until


def make_client(db_url: str, **limits: Any) -> TestClient:
    return TestClient(create_app(Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **limits)))


def two_seats(client: TestClient) -> tuple[str, list[str]]:
    res = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    other = client.post(f"/api/games/{res['id']}/join", json={"name": "Ben"}).json()
    return res["id"], [res["token"], other["token"]]


def test_rates_are_counted_per_seat_token_not_per_address(db_url: str) -> None:
    with make_client(db_url, rate=0.001, burst=4, seat_rate=0.001, seat_burst=5) as client:
        game_id, tokens = two_seats(client)  # two of the address's four
        seat0, seat1 = ({"X-Seat-Token": t} for t in tokens)
        codes0 = [client.get(f"/api/games/{game_id}", headers=seat0).status_code for _ in range(7)]
        assert codes0 == [200] * 5 + [429] * 2
        # the other player behind the same address still has its own allowance, and so has the address
        assert [client.get(f"/api/games/{game_id}", headers=seat1).status_code for _ in range(5)] == [200] * 5
        assert client.get("/api/rooms").status_code == 200
        assert client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=seat0).status_code == 429


def test_forged_tokens_are_charged_to_the_address(db_url: str) -> None:
    with make_client(db_url, rate=0.001, burst=3, seat_rate=1000, seat_burst=1000) as client:
        game_id = client.post("/api/games", json={"mode": "room", "players": 2}).json()["id"]  # one of three
        codes = [client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": f"forged-{k}"}).status_code for k in range(3)]
        assert codes == [403, 403, 403]
        assert client.get("/api/rooms").status_code == 429  # the 403s used up the address's allowance


def test_websockets_are_limited_per_game_and_per_address(db_url: str) -> None:
    with make_client(db_url, rate=1e6, burst=10**6, sockets_per_address=3, sockets_per_game=2) as client:
        games = [two_seats(client)[0] for _ in range(3)]

        def refused(game_id: str, needle: str) -> None:
            with client.websocket_connect(f"/api/games/{game_id}/ws") as ws:
                msg = ws.receive_json()
                assert msg["type"] == "error" and msg["status"] == 429 and needle in msg["error"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4429

        with client.websocket_connect(f"/api/games/{games[0]}/ws") as a, client.websocket_connect(f"/api/games/{games[0]}/ws") as b:
            assert a.receive_json()["type"] == b.receive_json()["type"] == "state"
            refused(games[0], "watching this game")
            with client.websocket_connect(f"/api/games/{games[1]}/ws") as c:
                assert c.receive_json()["type"] == "state"
                refused(games[2], "from your address")
        with client.websocket_connect(f"/api/games/{games[2]}/ws") as d:  # closed sockets are no longer counted
            assert d.receive_json()["type"] == "state"


@pytest.fixture
def live_server(db_url: str) -> Iterator[tuple[int, Any]]:
    """The app under a real uvicorn on a loopback port (raw sockets can send half a request)."""
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), body_timeout=0.5, header_timeout=0.5, rate=1e6, burst=10**6)
    app = create_app(settings)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(server_config(app, settings, "127.0.0.1", port))  # the transport of `amath serve`
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 15
    while not server.started and time.monotonic() < end:
        time.sleep(0.02)
    assert server.started, "uvicorn did not start"
    try:
        yield port, app
    finally:
        server.should_exit = True
        thread.join(15)


def _request(port: int, method: str, path: str, body: bytes = b"", token: str = "", declared: int | None = None) -> socket.socket:
    conn = socket.create_connection(("127.0.0.1", port), timeout=15)
    length = len(body) if declared is None else declared
    head = f"{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {length}\r\n"
    if token:
        head += f"X-Seat-Token: {token}\r\n"
    conn.sendall(head.encode() + b"\r\n" + body)
    return conn


def _answer(conn: socket.socket) -> tuple[int, dict[str, Any], bool]:
    """(status, JSON body, whether the server then closed the connection)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += conn.recv(4096)
    head, _, rest = data.partition(b"\r\n\r\n")
    length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
    while len(rest) < length:
        rest += conn.recv(4096)
    closed = conn.recv(1) == b""
    return int(head.split()[1]), json.loads(rest[:length]), closed


def test_a_half_sent_body_gets_408_and_the_connection_closes(live_server: tuple[int, Any]) -> None:
    port, app = live_server
    conn = _request(port, "POST", "/api/games", json.dumps({"mode": "room", "players": 2}).encode())
    status, created, _ = _answer(conn)
    conn.close()
    assert status == 201
    game_id, token = created["id"], created["token"]
    conn = _request(port, "POST", f"/api/games/{game_id}/join", b'{"name": "Be', declared=200)
    try:
        status, body, closed = _answer(conn)
    finally:
        conn.close()
    assert status == 408 and "did not arrive" in body["error"] and closed
    room = app.state.rooms.rooms[game_id]
    assert [s.joined for s in room.stored.seats] == [True, False]  # the join never happened
    conn = _request(port, "GET", f"/api/games/{game_id}", token=token)  # and the server still answers
    assert _answer(conn)[0] == 200
    conn.close()


def test_headers_sent_slowly_get_408_and_the_connection_closes(live_server: tuple[int, Any]) -> None:
    """A byte now and then keeps no connection open: the headers have header_timeout (0.5 s) in all, however they trickle."""
    port, _ = live_server
    conn = socket.create_connection(("127.0.0.1", port), timeout=15)
    try:
        conn.sendall(b"GET /api/rooms HTTP/1.1\r\nHost: localhost\r\n")
        data = b""
        for _ in range(200):  # a header line every 0.05 s, until the server hangs up
            try:
                conn.sendall(b"X-Drip: 1\r\n")
            except OSError:
                break
            time.sleep(0.05)
            conn.setblocking(False)
            try:
                chunk = conn.recv(4096)
            except BlockingIOError:
                chunk = None
            finally:
                conn.setblocking(True)
            if chunk is not None:
                data += chunk
                if chunk == b"":
                    break
        conn.settimeout(15)
        try:
            while chunk := conn.recv(4096):
                data += chunk
        except OSError:
            pass
    finally:
        conn.close()
    assert data.startswith(b"HTTP/1.1 408"), data[:80]
    assert "ส่วนหัวของคำขอมาช้าเกินไป".encode() in data


def test_a_kept_alive_connection_gets_the_same_bound_for_its_next_request(live_server: tuple[int, Any]) -> None:
    port, _ = live_server
    conn = socket.create_connection(("127.0.0.1", port), timeout=15)
    try:
        conn.sendall(b"GET /api/config HTTP/1.1\r\nHost: localhost\r\n\r\n")
        first = conn.recv(4096)
        conn.sendall(b"GET /api/rooms HTTP/1.1\r\n")  # and never the rest
        rest = b""
        while chunk := conn.recv(4096):
            rest += chunk
    finally:
        conn.close()
    assert first.startswith(b"HTTP/1.1 200")
    assert b"HTTP/1.1 408" in rest


def test_a_client_leaving_mid_body_logs_no_traceback(live_server: tuple[int, Any]) -> None:
    port, _ = live_server
    logged: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(record)

    handler = Keep(logging.WARNING)
    watched = [logging.getLogger(name) for name in ("uvicorn.error", "uvicorn", "starlette", "amath")]
    for logger in watched:
        logger.addHandler(handler)
    try:
        for _ in range(3):
            conn = _request(port, "POST", "/api/games", b'{"mode": "ro', declared=900)
            conn.close()  # gone before the body is in
        conn = _request(port, "GET", "/api/rooms")  # the server answers on, and has dealt with the three
        assert _answer(conn)[0] == 200
        conn.close()
        wait_until(lambda: app_idle(port))
    finally:
        for logger in watched:
            logger.removeHandler(handler)
    assert [r.getMessage() for r in logged if r.exc_info or r.levelno >= logging.ERROR] == []


def app_idle(port: int) -> bool:
    """One more answered request: the event loop has run every handler started before it."""
    conn = _request(port, "GET", "/api/config")
    try:
        return _answer(conn)[0] == 200
    finally:
        conn.close()


def test_a_database_that_cannot_be_written_is_refused_at_start(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    made = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    Store(made).close()  # a database with the schema, then opened read-only
    read_only = f"sqlite:///file:{tmp_path / 'games.sqlite3'}?mode=ro&uri=true"
    with pytest.raises(StorageError) as refused:
        Store(read_only)
    assert refused.value.code == "db_read_only" and "--read-only" in str(refused.value)
    assert main(["serve", "--db", read_only]) == 2
    err = capsys.readouterr().err
    assert err.startswith("amath serve: the database") and "cannot be written" in err and "--read-only" in err


def test_a_read_only_server_serves_what_it_has_and_refuses_changes_in_both_languages(tmp_path: Any) -> None:
    made = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with make_client(made, **UNLIMITED) as client:
        game = client.post("/api/games", json={"mode": "bot", "name": "Ann"}).json()
    read_only = f"sqlite:///file:{tmp_path / 'games.sqlite3'}?mode=ro&uri=true"
    with TestClient(create_app(Settings(db_url=read_only, read_only=True, bot_factory=StubBot, **UNLIMITED))) as client:
        assert client.get("/api/rooms").status_code == 200
        assert client.get(f"/api/games/{game['id']}").json()["id"] == game["id"]
        refused = client.post("/api/games", json={"mode": "bot"})
        body = refused.json()
        assert refused.status_code == 503 and body["code"] == "read_only"
        assert "read-only" in body["messages"]["en"] and "อ่านอย่างเดียว" in body["messages"]["th"]
        move = client.post(f"/api/games/{game['id']}/pass", headers={"X-Seat-Token": game["token"]})
        assert move.status_code == 503


def test_settings_come_from_options_then_the_environment() -> None:
    base = Settings(db_url="sqlite://")
    env = {"AMATH_SEAT_RATE": "3.5", "AMATH_SOCKETS_PER_ADDRESS": "7", "AMATH_RATE": ""}
    got = settings_from({"seat_rate": "9", "rate": None}, base, env)
    assert (got.seat_rate, got.sockets_per_address, got.rate) == (9.0, 7, base.rate)
    for values, environ, needle in (
        ({"seat_rate": "fast"}, {}, "--seat-rate must be a number"),
        ({}, {"AMATH_SOCKETS_PER_GAME": "2.5"}, "AMATH_SOCKETS_PER_GAME must be a whole number"),
        ({"body_timeout": "0"}, {}, "more than 0"),
        ({"rate": "nan"}, {}, "more than 0"),
    ):
        with pytest.raises(SettingsError, match=needle):
            settings_from(values, base, environ)


def test_serve_refuses_a_bad_setting_in_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_WAITING_TTL", "soon")
    assert main(["serve", "--db", "sqlite://"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "amath serve: AMATH_WAITING_TTL must be a number, not 'soon'"
    monkeypatch.setenv("AMATH_LANG", "th")
    assert main(["serve", "--db", "sqlite://"]) == 2
    assert capsys.readouterr().err.strip() == "amath serve: AMATH_WAITING_TTL ต้องเป็นตัวเลข ไม่ใช่ 'soon'"


def test_waiting_rooms_expire_and_their_screens_are_told(db_url: str) -> None:
    with make_client(db_url, waiting_ttl=2.0, **UNLIMITED) as client:
        late = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
        filled, _ = two_seats(client)  # filled at once: never expires
        assert late["id"] in [r["id"] for r in client.get("/api/rooms").json()["waiting"]]
        with client.websocket_connect(f"/api/games/{late['id']}/ws?token={late['token']}") as ws:
            assert ws.receive_json()["state"]["status"] == "waiting"
            assert ws.receive_json()["state"]["status"] == "expired"  # pushed by the sweep, no request needed
        assert client.get(f"/api/games/{late['id']}").json()["status"] == "expired"
        join = client.post(f"/api/games/{late['id']}/join", json={"name": "Ben"})
        assert join.status_code == 410 and "expired" in join.json()["error"]
        bot = client.post(f"/api/games/{late['id']}/bot", json={"bot": "greedy"}, headers={"X-Seat-Token": late["token"]})
        assert bot.status_code == 410
        assert late["id"] not in [r["id"] for r in client.get("/api/rooms").json()["waiting"]]
        assert client.get(f"/api/games/{filled}").json()["status"] == "playing"


def test_one_address_cannot_fill_the_lobby(db_url: str) -> None:
    limits = {**UNLIMITED, "waiting_per_address": 2, "max_waiting": 3}
    with make_client(db_url, **limits) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        mine = [client.post("/api/games", json={"mode": "room", "players": 2}).json() for _ in range(2)]
        third = client.post("/api/games", json={"mode": "room", "players": 2})
        assert third.status_code == 429 and "rooms waiting for players already" in third.json()["error"]
        assert client.post("/api/games", json={"mode": "bot"}).status_code == 201  # a game against the bot is no room
        client.portal.call(rooms.create, {"mode": "room"}, "192.0.2.7")  # type: ignore[union-attr]
        with pytest.raises(ApiError) as full:  # another address, but the server's share is taken
            client.portal.call(rooms.create, {"mode": "room"}, "192.0.2.8")  # type: ignore[union-attr]
        assert full.value.status == 429 and "as many rooms" in full.value.message
        client.post(f"/api/games/{mine[0]['id']}/join", json={"name": "Ben"})  # one room starts
        assert client.post("/api/games", json={"mode": "room", "players": 2}).status_code == 201


def test_idle_games_leave_memory_and_come_back(db_url: str) -> None:
    with make_client(db_url, idle_seconds=0.2, **UNLIMITED) as client:
        rooms = client.app.state.rooms  # type: ignore[attr-defined]
        game_id, tokens = two_seats(client)
        wait_until(lambda: game_id not in rooms.rooms)
        view = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tokens[0]}).json()
        assert view["status"] == "playing" and view["version"] == 0
        mover = tokens[rooms.rooms[game_id].game.to_move]
        moved = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={"X-Seat-Token": mover}).json()
        assert moved["set"]["version"] == 1
