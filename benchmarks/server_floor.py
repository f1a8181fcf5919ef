"""A skeleton server speaking just enough of the API for ``bench_server.py --floor``: the framework's cost of a move.

The same uvicorn, Starlette, limits and headers middleware and strict JSON reading as
``amath serve``, one answer and one websocket message a move, but no game, no rules and
no database: what a move costs before the app does anything.  Not the game: never serve it.
"""

from __future__ import annotations

import itertools
import json
import secrets
import sys
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from amath.apps.server.config import Settings
from amath.apps.server.headers import SecurityHeadersMiddleware
from amath.apps.server.jsonbody import parse_json
from amath.apps.server.limits import LimitsMiddleware

RACK = ["1", "2", "3", "4", "5", "6", "7", "8"]
games: dict[str, dict[str, Any]] = {}
revs = itertools.count(1)


def view(game: dict[str, Any], side: int) -> dict[str, Any]:
    """A whole view of the size and shape the benchmark reads."""
    return {
        "id": game["id"], "rev": game["rev"], "version": game["version"], "to_move": game["to_move"],
        "me": {"seat": side, "side": side}, "rack": RACK, "history": game["history"][-3:], "pad": "x" * 300,
    }  # fmt: skip


async def create(request: Request) -> Response:
    parse_json(await request.body())
    game_id = secrets.token_urlsafe(9)
    games[game_id] = {
        "id": game_id,
        "rev": next(revs),
        "version": 0,
        "to_move": 0,
        "history": [],
        "tokens": [secrets.token_urlsafe(24)],
        "ws": {},
    }
    return JSONResponse({"id": game_id, "seat": 0, "token": games[game_id]["tokens"][0], "mode": "room"}, status_code=201)


async def join(request: Request) -> Response:
    game = games[request.path_params["game_id"]]
    game["tokens"].append(secrets.token_urlsafe(24))
    return JSONResponse({"id": game["id"], "seat": 1, "token": game["tokens"][1]})


async def move(request: Request) -> Response:
    """A change of about the size of a real one, sent to the other seat's socket (the mover's is spared, as in amath)."""
    game = games[request.path_params["game_id"]]
    parse_json(await request.body())
    side = game["tokens"].index(request.headers["x-seat-token"])
    base, game["rev"] = game["rev"], next(revs)
    game["version"] += 1
    game["to_move"] = 1 - side
    entry = {"n": game["version"] - 1, "side": side, "kind": "exchange", "notation": "exchange", "count": 2, "score": 0, "total": 0}
    game["history"].append(entry)
    values = {"version": game["version"], "to_move": game["to_move"], "pad": "y" * 300}
    text = json.dumps(
        {"type": "change", "base": base, "rev": game["rev"], "set": values, "add": {"history": [entry]}, "own": {"set": {"rack": RACK}}}
    )
    other = game["ws"].get(1 - side)
    if other is not None:
        await other.send_text(text)
    return Response(text, media_type="application/json")


async def socket(ws: WebSocket) -> None:
    await ws.accept()
    game = games[ws.path_params["game_id"]]
    side = game["tokens"].index(ws.query_params["token"])
    await ws.send_text(json.dumps({"type": "state", "state": view(game, side)}))
    game["ws"][side] = ws
    try:
        while (await ws.receive())["type"] != "websocket.disconnect":
            pass
    finally:
        game["ws"].pop(side, None)


def main() -> None:
    port = int(sys.argv[sys.argv.index("--port") + 1])
    settings = Settings(db_url="", rate=1e6, burst=10**6, seat_rate=1e6, seat_burst=10**6)
    routes = [
        Route("/api/games/{game_id}/move", move, methods=["POST"]),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game_id}/join", join, methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/ws", socket),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(SecurityHeadersMiddleware), Middleware(LimitsMiddleware, settings=settings)])
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False, ws_per_message_deflate=False)


if __name__ == "__main__":
    main()
