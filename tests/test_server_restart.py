"""A real ``amath serve`` process is killed mid-game and started again on the same database."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(url: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method="GET" if body is None else "POST")
    req.add_header("Content-Type", "application/json")
    if token:
        req.add_header("X-Seat-Token", token)
    try:
        with urllib.request.urlopen(req, timeout=10) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def _start(port: int, db: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "amath.apps.cli", "serve", "--port", str(port), "--db", db],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert f"http://localhost:{port}/" in line, line
    end = time.monotonic() + 15
    while time.monotonic() < end:
        try:
            if _call(f"http://127.0.0.1:{port}/api/config")[0] == 200:
                return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"server did not start: {proc.communicate()[0]}")


def test_killed_server_restarts_with_every_game(db_url: str) -> None:
    port = _free_port()
    db = db_url
    base = f"http://127.0.0.1:{port}/api"
    proc = _start(port, db)
    try:
        status, created = _call(f"{base}/games", {"mode": "room", "players": 2, "name": "Ann"})
        assert status == 201
        game_id = created["id"]
        _, joined = _call(f"{base}/games/{game_id}/join", {"name": "Ben"})
        tokens = [created["token"], joined["token"]]
        for _ in range(3):
            _, view = _call(f"{base}/games/{game_id}", token=tokens[0])
            mover = tokens[view["to_move"]]
            _, mine = _call(f"{base}/games/{game_id}", token=mover)
            exchange = {"type": "exchange", "tiles": mine["rack"][:2]}
            assert _call(f"{base}/games/{game_id}/move", exchange, mover)[0] == 200
        _, before = _call(f"{base}/games/{game_id}", token=tokens[0])
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    proc = _start(port, db)
    try:
        _, after = _call(f"{base}/games/{game_id}", token=tokens[0])
        for key in ("board", "rack", "sides", "history", "to_move", "bag", "unseen", "version"):
            assert after[key] == before[key], key
        mover = tokens[after["to_move"]]
        status, moved = _call(f"{base}/games/{game_id}/move", {"type": "pass"}, mover)
        assert status == 200 and moved["set"]["version"] == before["version"] + 1
        assert _call(f"{base}/games/{game_id}/move", {"type": "pass"}, mover)[0] == 409
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)
