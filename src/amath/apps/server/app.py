"""The ASGI app: JSON API, websocket updates and the static front end, in one process."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Message
from starlette.websockets import WebSocket, WebSocketDisconnect

import amath.apps.server.collector as collector
from amath import __version__
from amath.apps.server.accounts import Players
from amath.apps.server.auth import Auth, CsrfMiddleware
from amath.apps.server.bots import level_names, seat_name
from amath.apps.server.classes import Classes
from amath.apps.server.classroom import Classroom
from amath.apps.server.coach import record_key
from amath.apps.server.config import Settings, settings_from
from amath.apps.server.errors import ApiError
from amath.apps.server.headers import SecurityHeadersMiddleware
from amath.apps.server.jsonbody import parse_json
from amath.apps.server.limits import LimitsMiddleware, ReadOnlyMiddleware, SocketLimits
from amath.apps.server.lobbyfeed import MAX_STREAMS, LobbyFeed
from amath.apps.server.puzzles import Puzzles, PuzzleStore
from amath.apps.server.records import read_upload, replay_svg, replay_view
from amath.apps.server.rooms import AccountKey, Rooms, Token, Watcher
from amath.apps.server.tournament_api import TournamentApi
from amath.apps.server.tournaments import TournamentStore

log = logging.getLogger("amath.apps.server")
MAX_TOKEN = 128


def web_dir() -> Path:
    """Where the static front end lives (inside the installed package)."""
    return Path(str(resources.files("amath.apps") / "web"))


def _token(request: Request) -> str | None:
    token = request.headers.get("x-seat-token")
    auth = request.headers.get("authorization", "")
    if token is None and auth.lower().startswith("bearer "):
        token = auth[7:].strip()
    if token is not None and len(token) > MAX_TOKEN:
        raise ApiError(403, "this token holds no seat in this game")
    return token or None


async def _json(request: Request) -> Any:
    raw = await request.body()
    return parse_json(raw) if raw else {}


CLIENT_MESSAGES = ("ping", "sync")
"""What a client may send on its websocket: ``ping`` (answered ``pong``) and ``sync`` (send me my whole view)."""


def _frame_kind(message: Message) -> str | ApiError:
    """The type of a frame a client sent (one of :data:`CLIENT_MESSAGES`), or what is wrong with it."""
    text = message.get("text")
    if text is None:
        return ApiError(400, "binary websocket frames are not accepted: send JSON text")
    if text.strip() == '{"type":"ping"}':
        return "ping"
    try:
        body = parse_json(text, "the message")
    except ApiError as exc:
        return exc
    if isinstance(body, dict) and body.get("type") in CLIENT_MESSAGES and len(body) == 1:
        return str(body["type"])
    return ApiError(400, 'a client sends only {"type": "ping"} or {"type": "sync"}')


def create_app(settings: Settings | None = None) -> Starlette:
    """Build the app; ``settings`` default to the environment (``AMATH_DB``)."""
    settings = settings or settings_from({})
    sockets = SocketLimits(settings)
    rooms = Rooms(settings)
    auth = Auth(Players(rooms.db.store.engine), settings.login)
    rooms.results = auth
    auth.bots = auth.players.bot_accounts({level: seat_name(level) for level in rooms.bot_levels})
    feed = LobbyFeed(rooms.lobby)
    rooms.on_change = feed.poke
    classroom = Classroom(auth, Classes(rooms.db.store.engine, auth.players.hasher), rooms.progress)
    tournaments = TournamentApi(auth, TournamentStore(rooms.db.store.engine), rooms)
    puzzles = Puzzles(auth, PuzzleStore(rooms.db.store.engine))
    web = web_dir()

    async def _cred(request: Request) -> Token:
        """The request's seat token, else its logged-in account (which holds its own seats from any browser), else None."""
        token = _token(request)
        if token is not None or auth.cookies.session_of(request.scope) is None:
            return token
        account = await auth.current(request)
        return None if account is None else AccountKey(account.id)

    async def page(request: Request) -> Response:
        name = "game.html" if "game_id" in request.path_params else "index.html"
        if request.url.path == "/replay":
            name = "replay.html"
        elif request.url.path == "/classes" or "class_id" in request.path_params:
            name = "classes.html"  # my classes, a teacher's class page
        elif request.url.path == "/tournaments" or "tid" in request.path_params:
            name = "tournaments.html"  # the list, a tournament's live page, its director's panel and print pages: one page
        elif request.url.path == "/puzzles":
            name = "puzzles.html"
        elif request.url.path in ("/account", "/leaderboard") or "name" in request.path_params:
            name = "players.html"  # sign up, log in, settings, a profile, the leaderboards: one page
        return FileResponse(web / name, headers={"Cache-Control": "no-cache"})

    async def config(request: Request) -> Response:
        names = level_names()
        return JSONResponse(
            {"version": __version__, "bots": rooms.bot_levels, "bot_names": {b: names[b] for b in rooms.bot_levels if b in names}}
        )

    async def lobby(request: Request) -> Response:
        return JSONResponse(await rooms.lobby())

    async def lobby_events(request: Request) -> Response:
        if feed.listeners >= MAX_STREAMS:
            raise ApiError(503, "too many pages follow the lobby now: it is read every few seconds instead", code="lobby_busy",
                           th="มีหน้าที่ติดตามล็อบบี้อยู่มากเกินไป จะอ่านล็อบบี้ใหม่ทุกสองสามวินาทีแทน")  # fmt: skip
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(feed.events(), media_type="text/event-stream", headers=headers)

    async def create(request: Request) -> Response:
        address = request.client.host if request.client else "?"
        account = await auth.player(request)
        return JSONResponse(await rooms.create(await _json(request), address, account), status_code=201)

    async def view(request: Request) -> Response:
        return JSONResponse(await rooms.view(request.path_params["game_id"], await _cred(request)))

    async def join(request: Request) -> Response:
        account = await auth.player(request)
        return JSONResponse(await rooms.join(request.path_params["game_id"], await _json(request), account))

    async def add_bot(request: Request) -> Response:
        return JSONResponse(await rooms.add_bot(request.path_params["game_id"], await _cred(request), await _json(request)))

    async def move(request: Request) -> Response:
        screen = request.headers.get("x-screen")
        text = await rooms.act(request.path_params["game_id"], await _cred(request), await _json(request), screen)
        return Response(text, media_type="application/json")

    async def preview(request: Request) -> Response:
        return JSONResponse(await rooms.preview(request.path_params["game_id"], await _cred(request), await _json(request)))

    def seat_action(act: Callable[[str, Token], Awaitable[dict[str, Any]]]) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            return JSONResponse(await act(request.path_params["game_id"], await _cred(request)))

        return endpoint

    async def claim(request: Request) -> Response:
        return JSONResponse(await rooms.claim(request.path_params["game_id"], await _json(request)))

    async def hint(request: Request) -> Response:
        return JSONResponse(await rooms.hint(request.path_params["game_id"], await _cred(request)))

    async def review(request: Request) -> Response:
        return JSONResponse(await rooms.review(request.path_params["game_id"], await _cred(request), await _json(request)))

    async def analysis(request: Request) -> Response:
        return JSONResponse(await rooms.analysis(request.path_params["game_id"], await _cred(request)))

    async def record(request: Request) -> Response:
        game_id = request.path_params["game_id"]
        text = await rooms.record(game_id, await _cred(request))
        headers = {"Content-Disposition": f'attachment; filename="amath-{game_id}.amr"', "Cache-Control": "no-store"}
        return PlainTextResponse(text, headers=headers)

    async def replay(request: Request) -> Response:
        return JSONResponse(replay_view(read_upload(await _json(request))))

    async def replay_analysis(request: Request) -> Response:
        body = await _json(request)
        read_upload(body)  # a record that cannot be read is a 400 now, not a failed analysis later
        return JSONResponse(rooms.coach.analysis(record_key(body["record"]), body["record"]))

    async def replay_picture(request: Request) -> Response:
        body = await _json(request)
        svg = replay_svg(read_upload(body), body.get("turn"))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        token = ws.query_params.get("token") or None
        address, game_id = ws.client.host if ws.client else "?", ws.path_params["game_id"]
        try:
            room = await rooms.room(game_id)
            if token is not None and len(token) > MAX_TOKEN:
                raise ApiError(403, "this token holds no seat in this game")
            session = auth.cookies.session_of(ws.scope)  # a logged-in player's sockets count against the account
            credential: Token = token
            if session is not None:
                address = f"account:{session[0]}"
                if token is None:  # no seat token: the account holds its own seat, if it has one here
                    account = await auth.account_of(session)
                    credential = None if account is None else AccountKey(account.id)
            seat = rooms.seat_of(room, credential)
            sockets.open(address, game_id)
        except ApiError as exc:
            await ws.send_json({"type": "error", "status": exc.status, **exc.body()})
            await ws.close(code=4000 + exc.status)
            return
        watcher = Watcher(seat, ws.send_text, rooms.is_table(room, credential), close=lambda: ws.close(code=1013))
        rooms.watch(room, watcher)
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                size = len(message.get("text") or message.get("bytes") or "")
                if size > settings.max_ws_message:
                    await ws.close(code=1009)
                    return
                kind = _frame_kind(message)
                if isinstance(kind, ApiError):
                    await ws.send_json({"type": "error", "status": kind.status, "error": kind.message})
                    await ws.close(code=4000 + kind.status)
                    return
                if kind == "sync":
                    rooms.resync(watcher)
                else:
                    await ws.send_json({"type": "pong"})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            rooms.unwatch(room, watcher)
            sockets.close(address, game_id)

    async def api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return JSONResponse(exc.body(), status_code=exc.status)

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return JSONResponse({"error": exc.detail}, status_code=exc.status_code)

    async def client_gone(request: Request, exc: Exception) -> Response:
        """The client left before its request's body arrived: nobody to answer, nothing to log."""
        return Response(status_code=400)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await rooms.resume_bots()
        await rooms.settle_pending()
        feed.start()
        await tournaments.resume()
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(rooms.sweep_forever()), loop.create_task(tournaments.sweep_forever())]
        if settings.collector:  # the one place the server's collector policy is switched on
            collector.tune()
            tasks.append(loop.create_task(collector.keep_young()))
        yield
        for task in tasks:
            task.cancel()
        await feed.stop()
        await rooms.close()

    routes = [  # matched in order: the requests of a game in play first
        Route("/api/games/{game_id}/move", move, methods=["POST"]),
        Route("/api/games/{game_id}/preview", preview, methods=["POST"]),
        Route("/", page),
        Route("/g/{game_id}", page),
        Route("/replay", page),
        Route("/account", page),
        Route("/leaderboard", page),
        Route("/u/{name}", page),
        Route("/classes", page),
        Route("/classes/{class_id:int}", page),
        Route("/tournaments", page),
        Route("/t/{tid:int}", page),
        Route("/t/{tid:int}/print", page),
        *auth.routes(),
        *classroom.routes(),
        *tournaments.routes(),
        Route("/puzzles", page),
        *puzzles.routes(),
        Route("/api/config", config),
        Route("/api/rooms", lobby),
        Route("/api/rooms/events", lobby_events),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{game_id}", view),
        Route("/api/games/{game_id}/join", join, methods=["POST"]),
        Route("/api/games/{game_id}/bot", add_bot, methods=["POST"]),
        Route("/api/games/{game_id}/record", record),
        Route("/api/games/{game_id}/hint", hint, methods=["POST"]),
        Route("/api/games/{game_id}/review", review, methods=["POST"]),
        *(
            Route(f"/api/games/{{game_id}}/{name}", seat_action(act), methods=["POST"])
            for name, act in (
                ("resign", rooms.resign),
                ("rematch", rooms.rematch),
                ("leave", rooms.leave),
                ("handover", rooms.handover),
                ("claim-win", rooms.claim_win),
            )
        ),
        Route("/api/games/{game_id}/claim", claim, methods=["POST"]),
        Route("/api/games/{game_id}/analysis", analysis, methods=["POST"]),
        Route("/api/replay", replay, methods=["POST"]),
        Route("/api/replay/svg", replay_picture, methods=["POST"]),
        Route("/api/replay/analysis", replay_analysis, methods=["POST"]),
        WebSocketRoute("/api/games/{game_id}/ws", socket),
        Mount("/static", StaticFiles(directory=web), name="static"),
    ]

    def who(scope: Any) -> str | None:
        session = auth.cookies.session_of(scope)
        return None if session is None else f"account:{session[0]}"

    limits = Middleware(LimitsMiddleware, settings=settings, who=who)
    read_only = Middleware(ReadOnlyMiddleware, read_only=settings.read_only)
    middleware = [Middleware(SecurityHeadersMiddleware), limits, read_only, Middleware(CsrfMiddleware, cookies=auth.cookies)]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={ApiError: api_error, HTTPException: http_error, ClientDisconnect: client_gone},
        lifespan=lifespan,
    )
    app.state.rooms = rooms
    app.state.auth = auth
    app.state.tournaments = tournaments
    app.state.puzzles = puzzles
    return app
