"""Games in play: creating, joining, acting for a seat, previews, bot seats and watchers.

Every change goes through :meth:`Rooms.act` (people) or the bot loop: the move is read
strictly, checked by ``Game.push``, stored as a turn, then every watcher is sent what
changed (:mod:`amath.apps.server.changes`), or its whole view after any other change.  A game
not in memory is rebuilt from the database on first use.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import hashlib
import hmac
import itertools
import logging
import math
import random
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import amath.apps.server.protocol as protocol
from amath.apps.server.accounts import Account, Finished, SeatResult, time_class
from amath.apps.server.bots import Bot, BotFactory, registry, seat_name
from amath.apps.server.changes import Change, dumps, field_change, turn_change
from amath.apps.server.coach import Coach, best_plays, review_turn
from amath.apps.server.config import Settings
from amath.apps.server.errors import ApiError
from amath.apps.server.glicko import START_RATING
from amath.apps.server.preview import preview
from amath.apps.server.records import record_text
from amath.apps.server.storage import Database, StoredGame, StoredSeat
from amath.apps.server.views import build_view, hints_allowed, side_of
from amath.core.errors import AmathError
from amath.core.move import Challenge, Pass
from amath.core.rules import get_ruleset
from amath.core.rules.base import ClockRules
from amath.formats.save import load_game, save_game, turn_entries
from amath.game import Game, Options
from amath.study.analyze import DECISIONS

log = logging.getLogger("amath.apps.server")

_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
Send = Callable[[str], Awaitable[None]]


class Results(Protocol):
    """Where finished games with an account at a seat are recorded (and rated): :class:`amath.apps.server.auth.Auth`."""

    async def settle(self, game: Finished) -> bool: ...

    async def ratings(self, account_ids: list[int], ruleset: str, time_class: str, pool: str = "people") -> dict[int, dict[str, Any]]: ...

    def bot_account(self, level: str) -> int | None: ...

    async def bot_ratings(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class AccountKey:
    """A logged-in account as a seat's credential (its session, checked by the app): it holds the seats that account sits in.

    So a player sees and plays their game from a second browser or device; the account is
    never the credential of another seat, nor of a hot seat (one screen for several people).
    """

    account_id: int


Token = str | AccountKey | None
"""What a request shows to act for a seat: a seat token, a logged-in account, or nothing (a spectator)."""


def hash_token(token: str) -> str:
    """Tokens are stored hashed, so the database alone cannot act for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(eq=False)
class Watcher:
    """One open websocket: the seat it speaks for (None: spectator), how to send to it, and what it was sent last.

    ``rev`` is the room's revision its screen has (None: it needs the whole view) and
    ``shown`` the seat that view was for (a hot-seat screen changes seat every turn);
    ``screen`` names the socket to its page (sent with every whole view), so a move sent
    with it (``X-Screen``) spares that socket the change its answer already carries.
    """

    seat: int | None
    send: Send
    table: bool = False
    close: Callable[[], Awaitable[None]] | None = None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    feeder: asyncio.Task[None] | None = None
    rev: int | None = None
    shown: int | None = None
    screen: str = field(default_factory=lambda: secrets.token_urlsafe(12))


@dataclass(eq=False)
class Room:
    """A game in memory: its stored record, the live :class:`Game`, watchers and bots."""

    stored: StoredGame
    game: Game | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[Watcher] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    creator: str = ""  # the address that opened a waiting room (memory only: counts its rooms)
    touched: float = field(default_factory=time.monotonic)  # last asked for (idle games leave memory)
    rev: int = 0  # the revision its views are at: every change takes a new one
    change: Change | None = None  # what the last change did, when a screen at the revision before can be told that alone


class Rooms:
    """All games of the server, backed by a :class:`Database` (its work runs off the event loop)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.db = Database(settings.db_url, settings.db_threads, settings.read_only)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[StoredGame | None]] = {}
        self.coach = Coach()
        self.results: Results | None = None  # set by the app: finished games of accounts are recorded there
        self.on_change: Callable[[], None] | None = None  # set by the app: the lobby feed is told of every change
        self.on_over: list[Callable[[Room], Awaitable[None]]] = []  # told of every game that ends (tournaments land results)
        # revisions from the clock in microseconds: a screen from before a restart never matches a new one
        self._revs = itertools.count(time.time_ns() // 1000)
        if settings.bot_factory is not None:
            self.bot_levels: list[str] = ["random", "greedy", "equity"]
            self.bot_factory: BotFactory | None = settings.bot_factory
        else:
            self.bot_levels, self.bot_factory = registry()

    # ----- finding games and seats ---------------------------------------------------
    async def room(self, game_id: str) -> Room:
        """The room with ``game_id`` (from memory or the database), else 404."""
        if not _ID_RE.match(game_id):
            raise ApiError(404, "no such game")
        room = self.rooms.get(game_id)
        if room is not None:
            room.touched = time.monotonic()
            return room
        stored = await self._load(game_id)
        room = self.rooms.get(game_id)  # loaded by another request meanwhile
        if room is not None:
            return room
        if stored is None:
            raise ApiError(404, f"no game {game_id!r}")
        game = None
        if stored.seed is not None:
            try:
                game = load_game(dict(stored.config["header"], seed=stored.seed, turns=stored.turns))
                if isinstance(stored.config.get("resigned"), int):
                    game.resign(stored.config["resigned"])
            except (AmathError, KeyError, TypeError) as exc:
                log.error("game %s cannot be replayed: %s", game_id, exc)
                raise ApiError(409, "this game's record is damaged and cannot be replayed") from None
        room = Room(stored, game, rev=next(self._revs))
        self.rooms[game_id] = room
        self._schedule_bots(room)
        return room

    async def _load(self, game_id: str) -> StoredGame | None:
        """One database read per game id, however many requests ask for it at once."""
        pending = self._loading.get(game_id)
        if pending is None:
            pending = asyncio.ensure_future(self.db.load(game_id))
            self._loading[game_id] = pending
            pending.add_done_callback(lambda _: self._loading.pop(game_id, None))
        try:
            return await asyncio.shield(pending)
        except Exception:
            log.exception("reading game %s failed", game_id)
            raise ApiError(503, "the game could not be read from the database; try again", code="storage_failed", th=STORAGE_TH) from None

    def is_table(self, room: Room, token: Token) -> bool:
        """True for the hot-seat table token, which follows the side to move."""
        table = room.stored.config.get("table_token")
        return isinstance(token, str) and bool(token) and isinstance(table, str) and hmac.compare_digest(hash_token(token), table)

    def seat_of(self, room: Room, token: Token) -> int | None:
        """The seat a token holds (None for no token); 403 for a token that holds none."""
        if isinstance(token, AccountKey):  # the account's own seat, if it holds one here (else it watches)
            if room.stored.mode == "hotseat":
                return None
            mine = [s.seat for s in room.stored.seats if s.account == token.account_id and s.bot is None]
            return mine[0] if mine else None
        if not token:
            return None
        digest = hash_token(token)
        table = room.stored.config.get("table_token")
        if isinstance(table, str) and hmac.compare_digest(digest, table):
            return self._table_seat(room)
        for seat in room.stored.seats:
            if seat.token_hash and hmac.compare_digest(digest, seat.token_hash):
                return seat.seat
        raise ApiError(403, "this token holds no seat in this game")

    def _table_seat(self, room: Room) -> int:
        """Hot seat: the one table token speaks for the seat whose side is to move."""
        game = room.game
        if game is None or game.over:
            return 0
        return next(s.seat for s in room.stored.seats if side_of(room.stored, s.seat) == game.to_move)

    # ----- results and ratings ------------------------------------------------------------------
    async def _settle(self, room: Room) -> None:
        """Record a finished game with an account at a seat (and rate it, when rated); a failure is logged and retried at the next start."""
        finished = _finished(room)
        if self.results is None or finished is None:
            return
        try:
            await self.results.settle(finished)
        except Exception:
            log.exception("recording the result of game %s failed; the next start tries again", room.stored.id)

    async def settle_pending(self) -> list[str]:
        """After a start: record the finished games of accounts whose results are missing (the server stopped first); their ids."""
        if self.results is None:
            return []
        missing = await self.db.finished_with_accounts()
        for game_id in missing:
            try:
                await self._settle(await self.room(game_id))
            except ApiError as exc:
                log.error("cannot record the result of game %s: %s", game_id, exc)
        return missing

    async def resume_bots(self) -> None:
        """After a start: load the games in play with a bot seat or a clock, so bots to move and timers carry on."""
        for game_id in await self.db.resumable():
            try:
                await self.room(game_id)
            except ApiError as exc:  # a damaged record must not stop the server
                log.error("cannot restore game %s: %s", game_id, exc)

    # ----- creating and joining ------------------------------------------------------
    async def create(self, body: Any, address: str = "?", account: Account | None = None) -> dict[str, Any]:
        """A new game from a set-up; returns its id and the creator's token(s).

        ``address``: who asks (its waiting rooms are counted; a logged-in ``account`` is
        counted instead).  The account takes seat 0 of a bot game or a room under its
        display name (a hot seat is one screen for several people: no account); a rated
        room needs one.
        """
        setup = protocol.read_setup(body, self.bot_levels)
        mode, players, names = setup["mode"], setup["players"], setup["names"]
        if setup["rated"] and account is None:
            raise _login_needed()
        if account is not None:
            address = f"account:{account.id}"
        if mode == "room":
            await self._may_open_room(address)
        game_id = secrets.token_urlsafe(9)
        seats = [StoredSeat(k) for k in range(players)]
        tokens: dict[int, str] = {}
        table_token = None
        if account is not None and mode != "hotseat":
            names[0], seats[0].account = account.display, account.id
        if mode == "bot" and setup["rated"]:  # the bot level's rating account sits with it: the "vs bot" pool
            seats[1].account = None if self.results is None else self.results.bot_account(setup["bot"])
            if seats[1].account is None:
                raise ApiError(
                    409, "this bot level has no rating: play it casual", code="bot_unrated", th="บอทระดับนี้ไม่มีเรตติ้ง กรุณาเล่นแบบไม่จัดอันดับ"
                )
        if mode == "bot":
            seats[0].name, seats[0].joined = names[0], True
            seats[1].name, seats[1].bot, seats[1].joined = seat_name(setup["bot"]), setup["bot"], True
            tokens[0] = secrets.token_urlsafe(24)
        elif mode == "hotseat":
            for k, seat in enumerate(seats):
                seat.name, seat.joined = names[k], True
            table_token = secrets.token_urlsafe(24)
        else:
            seats[0].name, seats[0].joined = names[0], True
            tokens[0] = secrets.token_urlsafe(24)
        for k, tok in tokens.items():
            seats[k].token_hash = hash_token(tok)
        config = {key: setup[key] for key in ("variant", "rated", "players", "teams", "challenge", "clock", "bot", "practice")}
        if setup["rating_range"] != [None, None]:
            config["rating_range"] = setup["rating_range"]
        if table_token is not None:
            config["table_token"] = hash_token(table_token)
        stored = StoredGame(game_id, mode, config, seats, time.time())
        room = Room(stored, None, creator=address if mode == "room" else "", rev=next(self._revs))
        if all(s.joined for s in seats):
            self._start(room)
        await self._write(self.db.insert(stored), "the game")
        self.rooms[game_id] = room
        self._schedule_bots(room)
        if self.on_change is not None:
            self.on_change()
        token = table_token if table_token is not None else tokens[0]
        return {"id": game_id, "seat": 0, "token": token, "mode": mode}

    async def join(self, game_id: str, body: Any, account: Account | None = None) -> dict[str, Any]:
        """Take the first free seat of a waiting room; returns the seat and its token.

        A logged-in ``account`` sits there under its display name; a rated room takes
        only accounts, and never the same one twice.
        """
        room = await self.room(game_id)
        obj = protocol.expect_object(body, "the join request")
        async with room.lock:
            self._still_open(room)
            free = [s for s in room.stored.seats if not s.joined]
            if room.stored.mode != "room" or not free:
                raise ApiError(409, "this game has no free seat; you can watch it")
            if room.stored.config.get("rated"):
                if account is None:
                    raise _login_needed()
                if any(s.account == account.id for s in room.stored.seats):
                    raise ApiError(409, "you already sit in this rated game", code="rated_self", th="คุณนั่งในเกมจัดอันดับนี้อยู่แล้ว")
                await self._in_range(room, account)
            seat = free[0]
            name = protocol.read_name(obj.get("name"), f"Player {seat.seat + 1}") if account is None else account.display
            token = secrets.token_urlsafe(24)
            await self._seat_taken(room, seat, name, hash_token(token), None, None if account is None else account.id)
        await self.broadcast(room)
        self._schedule_bots(room)
        return {"id": game_id, "seat": seat.seat, "token": token, "mode": room.stored.mode}

    async def add_bot(self, game_id: str, token: Token, body: Any) -> dict[str, Any]:
        """The room's creator (seat 0) seats a bot at the first free seat of a waiting room."""
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed")
        obj = protocol.expect_object(body, "the request")
        level = obj.get("bot")
        if not isinstance(level, str) or level not in self.bot_levels:
            raise ApiError(400, f"unknown bot level {level!r} (levels: {', '.join(self.bot_levels) or 'none installed'})")
        async with room.lock:
            if self.seat_of(room, token) != 0 or room.stored.mode != "room":
                raise ApiError(403, "only the player who created the room can seat a bot")
            if room.stored.config.get("rated"):
                raise ApiError(
                    409, "a rated game is between two people: no bot", code="rated_no_bot", th="เกมจัดอันดับเล่นระหว่างคนสองคน ให้บอทนั่งไม่ได้"
                )
            self._still_open(room)
            free = [s for s in room.stored.seats if not s.joined]
            if not free:
                raise ApiError(409, "this game has no free seat")
            await self._seat_taken(room, free[0], seat_name(level), "", level)
        await self.broadcast(room)
        self._schedule_bots(room)
        return self._view(room, 0)

    async def _seat_taken(
        self, room: Room, seat: StoredSeat, name: str, token_hash: str, bot: str | None, account: int | None = None
    ) -> None:
        """Take and store a free seat; the game starts when the last one is taken.  On a storage failure nothing changed."""
        seat.name, seat.token_hash, seat.bot, seat.joined, seat.account = name, token_hash, bot, True, account
        try:
            await self._write(self.db.save_seat(room.stored.id, seat), "the seat")
        except ApiError:
            seat.name, seat.token_hash, seat.bot, seat.joined, seat.account = "", "", None, False, None
            raise
        if all(s.joined for s in room.stored.seats):
            self._start(room)
            await self._write(self.db.save_state(room.stored, 0), "the start of the game")

    async def _write(self, work: Awaitable[None], what: str) -> None:
        """Wait for a database write; a failure is logged and becomes a 503 (try again)."""
        try:
            await work
        except Exception:
            log.exception("storing %s failed", what)
            raise ApiError(503, f"{what} could not be stored; try again", code="storage_failed", th=STORAGE_TH) from None

    def _start(self, room: Room, starter: int | None = None) -> None:
        """Deal: every seat is taken, so the sides' names are known; ``starter``: the side that must start (a tournament's pairing says).

        The side to start is drawn from the seed (the tiles drawn for it), so for a given
        ``starter`` the first seed from the usual one on that makes it start is taken: the
        record stays an ordinary one, replayed from its seed.
        """
        stored = room.stored
        cfg = stored.config
        n_sides = 2 if cfg["teams"] else cfg["players"]
        teams = [[s.name for s in stored.seats if side_of(stored, s.seat) == k] for k in range(n_sides)]
        clock = cfg["clock"]
        penalty = int(clock.get("penalty", 10))
        options = Options(bool(cfg["challenge"]), ClockRules(clock["kind"], clock["seconds"], penalty, clock["loss_on_time"]))
        seed = self.settings.seeds() if self.settings.seeds is not None else random.SystemRandom().randrange(2**62)
        game = Game(get_ruleset(cfg.get("variant", "a-math")), teams=teams, seed=seed, options=options)
        while starter is not None and game.starter != starter:
            seed += 1
            game = Game(get_ruleset(cfg.get("variant", "a-math")), teams=teams, seed=seed, options=options)
        header = save_game(game)
        del header["seed"], header["turns"]
        cfg["header"] = header
        stored.seed = game.seed
        stored.status = "playing"
        stored.turn_started = time.time()
        room.game = game

    async def open_table(self, config: dict[str, Any], seats: list[StoredSeat], starter: int = 0) -> str:
        """A game set up by the server itself (a tournament's pairing): every seat taken, dealt now, ``starter`` to start; its id.

        ``config`` is a set-up as :func:`protocol.read_setup` makes it; the seats carry their
        names, accounts, bots and token hashes.  Stored before it is answered.
        """
        game_id = secrets.token_urlsafe(9)
        for seat in seats:
            seat.joined = True
        stored = StoredGame(game_id, "room", config, seats, time.time())
        room = Room(stored, None, rev=next(self._revs))
        self._start(room, starter)
        await self._write(self.db.insert(stored), "the game")
        self.rooms[game_id] = room
        self._schedule_bots(room)
        return game_id

    async def end_absent(self, game_id: str, side: int) -> bool:
        """End a game in play by ``side``'s absence (a tournament's no-show): as its resignation; False when it is over already."""
        room = await self.room(game_id)
        async with room.lock:
            if room.game is None or room.game.over:
                return False
            await self._resign(room, side, abandoned=True)
        self._schedule_clock(room)
        await self.broadcast(room)
        return True

    def progress(self, game_id: str) -> dict[str, Any] | None:
        """What anyone watching may know of a game in play held in memory: the scores and the turns played (no rack), else None."""
        room = self.rooms.get(game_id)
        game = None if room is None else room.game
        if game is None:
            return None
        return {"scores": list(game.scores), "turns": len(game.history)}

    # ----- views -----------------------------------------------------------------------
    async def view(self, game_id: str, token: Token) -> dict[str, Any]:
        """The game as the token's seat (or a spectator) sees it (never a move still being stored)."""
        room = await self.room(game_id)
        async with room.lock:
            return self._view(room, self.seat_of(room, token))

    def _view(self, room: Room, seat: int | None) -> dict[str, Any]:
        """A seat's view of ``room`` with what only the room knows: how many watch it, and its revision."""
        view = build_view(room.stored, room.game, seat)
        view["spectators"] = self._spectators(room)
        view["rev"] = room.rev
        return view

    def _spectators(self, room: Room) -> int:
        return sum(1 for w in room.watchers if w.seat is None and not w.table)

    async def record(self, game_id: str, token: Token) -> str:
        """The game's text record as the token's seat (or a spectator) may see it."""
        room = await self.room(game_id)
        seat = self.seat_of(room, token)
        if room.game is None:
            raise ApiError(409, "the game has not started: the room is waiting for players")
        side = None if seat is None else side_of(room.stored, seat)
        async with room.lock:
            return record_text(room.game, side, room.stored.created)

    async def _in_range(self, room: Room, account: Account) -> None:
        """403 ``seek_range`` when a rated room asks for opponents rated within a range and ``account`` is not."""
        low, high = room.stored.config.get("rating_range") or [None, None]
        if (low is None and high is None) or self.results is None:
            return
        cfg = room.stored.config
        found = await self.results.ratings([account.id], cfg["variant"], time_class(cfg["clock"]))
        rating = found.get(account.id, {}).get("rating", START_RATING)
        if (low is not None and rating < low) or (high is not None and rating > high):
            span = f"{low if low is not None else ''}-{high if high is not None else ''}"
            raise ApiError(
                403, f"this game is for players rated {span}; your rating here is {round(rating)}", code="seek_range",
                th=f"เกมนี้สำหรับผู้เล่นที่มีเรตติ้ง {span} เรตติ้งของคุณในเกมแบบนี้คือ {round(rating)}",
            )  # fmt: skip

    async def lobby(self) -> dict[str, Any]:
        """Open rooms to join (rated: the players' ratings and the range asked, a seek) and games to watch, highest rated first."""

        def brief(g: StoredGame, rated: dict[int, dict[str, Any]]) -> dict[str, Any]:
            seats = [
                {
                    "name": s.name,
                    "joined": s.joined,
                    "bot": s.bot or None,
                    "rating": rated.get(s.account) if s.account is not None else None,
                }
                for s in g.seats
            ]
            cfg = g.config
            return {
                "id": g.id, "variant": cfg.get("variant", "a-math"), "players": cfg["players"], "teams": cfg["teams"],
                "seats": seats, "created": g.created, "rated": bool(cfg.get("rated")), "clock": cfg.get("clock", {"kind": "none"}),
                "rating_range": cfg.get("rating_range"),
            }  # fmt: skip

        waiting = [g for g in await self.db.recent("waiting") if g.created >= time.time() - self.settings.waiting_ttl]
        playing = await self.db.recent("playing")
        ratings: dict[str, dict[int, dict[str, Any]]] = {}
        if self.results is not None:
            groups: dict[tuple[str, str, str], set[int]] = {}

            def key(g: StoredGame) -> tuple[str, str, str]:
                return g.config["variant"], time_class(g.config.get("clock", {})), "bots" if g.mode == "bot" else "people"

            for g in waiting + playing:
                if g.config.get("rated"):
                    groups.setdefault(key(g), set()).update(s.account for s in g.seats if s.account is not None)
            found = {k: await self.results.ratings(sorted(ids), *k) for k, ids in groups.items() if ids}
            for g in waiting + playing:
                if g.config.get("rated"):
                    ratings[g.id] = found.get(key(g), {})
        games = [brief(g, ratings.get(g.id, {})) for g in playing]
        games.sort(key=lambda b: -max((s["rating"]["rating"] for s in b["seats"] if s["rating"]), default=0))
        bot_ratings = {} if self.results is None else await self.results.bot_ratings()
        return {
            "waiting": [brief(g, ratings.get(g.id, {})) for g in waiting], "playing": games, "bots": self.bot_levels,
            "bot_ratings": bot_ratings,
        }  # fmt: skip

    # ----- acting ----------------------------------------------------------------------
    async def act(self, game_id: str, token: Token, body: Any, screen: str | None = None) -> str:
        """Play a turn (or a challenge) for the token's seat; returns, as JSON text, the change it made as that seat sees it.

        A hot-seat table's screen belongs to the next side after a turn: it gets that side's whole view.
        ``screen``: the mover's socket (:attr:`Watcher.screen`); the answer brings its page to
        the new revision, so that socket is not sent the same change again.
        """
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed to play (spectators can only watch)")
        async with room.lock:
            seat = self.seat_of(room, token)
            if seat is None:
                raise _seat_needed()
            game = self._playing(room)
            side = side_of(room.stored, seat)
            move = protocol.read_move(body, game.rules, side)
            if not isinstance(move, Challenge) and side != game.to_move:
                raise ApiError(409, f"it is not your turn: {game.names[game.to_move]} is to move")
            if room.stored.seats[seat].bot is not None:
                raise ApiError(403, "a bot plays this seat")
            await self._push(room, move)
            after = self._table_seat(room) if self.is_table(room, token) else seat
            change = room.change
            if change is not None and change.rev == room.rev and after == seat:
                answer = change.text(room.stored, game, seat)
                if screen is not None:
                    self._answered(room, screen, seat, change.base)
            else:
                answer = dumps(self._view(room, after))
        self._schedule_bots(room)
        return answer

    def _answered(self, room: Room, screen: str, seat: int, base: int) -> None:
        """The page of socket ``screen`` gets the change from ``base`` in its move's answer: its socket is up to date."""
        for watcher in room.watchers:
            if watcher.screen == screen and watcher.seat == seat and not watcher.table and watcher.rev == base and watcher.shown == seat:
                watcher.rev = room.rev

    def _playing(self, room: Room) -> Game:
        if room.game is None:
            raise ApiError(409, "the game has not started: the room is waiting for players")
        if room.game.over and not room.game.can_challenge():
            raise ApiError(409, "the game is over")
        return room.game

    async def _push(self, room: Room, move: Any) -> None:
        """Apply a checked move, store it and tell the watchers; on a storage failure the game is rolled back."""
        game = room.game
        assert game is not None
        stored = room.stored
        now = time.time()
        challenge = isinstance(move, Challenge)
        elapsed = 0.0 if challenge else max(0.0, now - stored.turn_started)
        first = len(game.history)
        try:
            game.push(move, elapsed)
        except AmathError as exc:
            raise ApiError(422, str(exc), exc) from None
        old = len(stored.turns)
        before = (stored.turns, stored.status, stored.turn_started)
        stored.turns = stored.turns + turn_entries(game.history[first:])
        stored.status = "over" if game.over else "playing"
        if not challenge:
            stored.turn_started = now
        try:
            await self.db.save_state(stored, old)
        except Exception:
            game.pop()
            stored.turns, stored.status, stored.turn_started = before
            log.exception("storing a turn of %s failed", stored.id)
            raise ApiError(503, "the move could not be stored; try again", code="storage_failed", th=STORAGE_TH) from None
        game.forget_undo()  # stored: it is never taken back now, and the snapshots would pile up in memory
        spectators = self._spectators(room)
        self._changed(room, lambda base, rev: turn_change(base, rev, stored, game, first, spectators))
        if game.over and not game.can_challenge():
            await self._settle(room)
            await self._tell_over(room)

    async def _tell_over(self, room: Room) -> None:
        """Tell :attr:`on_over` that the room's game ended (a listener's failure is logged; it looks again at the next start)."""
        for listener in self.on_over:
            try:
                await listener(room)
            except Exception:
                log.exception("a listener of the end of game %s failed", room.stored.id)

    async def preview(self, game_id: str, token: Token, body: Any) -> dict[str, Any]:
        """Judge tentative tiles for the token's seat without changing anything."""
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed")
        seat = self.seat_of(room, token)
        if seat is None:
            raise _seat_needed()
        game = room.game
        if game is None:
            raise ApiError(409, "the game has not started: the room is waiting for players")
        obj = protocol.expect_object(body, "the preview request")
        place = protocol.read_tiles(obj.get("tiles"), game.rules)
        async with room.lock:  # judged against the position as stored, never a move still being written
            return preview(game, side_of(room.stored, seat), place)

    # ----- resign, rematch, leave, hand a seat over ------------------------------------------
    async def resign(self, game_id: str, token: Token) -> dict[str, Any]:
        """The token's side resigns: the game ends now and the other sides win on the scores as they stand."""
        room, seat = await self._seated(game_id, token)
        async with room.lock:
            await self._resign(room, side_of(room.stored, seat))
        self._schedule_clock(room)
        await self.broadcast(room)
        return self._view(room, seat)

    async def _resign(self, room: Room, side: int, abandoned: bool = False) -> None:
        """End the game (in play) by ``side``'s resignation, stored first; ``abandoned``: the side left (a claimed win)."""
        game = self._playing(room)
        config = room.stored.config
        before = room.stored.status
        config["resigned"] = side
        if abandoned:
            config["abandoned"] = True
        room.stored.status = "over"
        try:
            await self._write(self.db.save_state(room.stored, len(room.stored.turns)), "the resignation")
        except ApiError:
            config.pop("resigned", None)
            config.pop("abandoned", None)
            room.stored.status = before
            raise
        game.resign(side)
        await self._settle(room)
        await self._tell_over(room)

    async def claim_win(self, game_id: str, token: Token) -> dict[str, Any]:
        """A rated game whose side to move left: no screen of theirs open and no move for ``abandon_seconds``; the other side wins.

        It counts as the absent side's resignation (``reason`` ``abandon`` in the results):
        a rated game abandoned is a loss for the side that left.
        """
        room, seat = await self._seated(game_id, token)
        async with room.lock:
            game = self._playing(room)
            stored = room.stored
            if not stored.config.get("rated"):
                raise ApiError(409, "a win is claimed only in a rated game", code="claim_rated", th="ขอชนะได้เฉพาะในเกมจัดอันดับ")
            absent = game.to_move
            if side_of(stored, seat) == absent:
                raise ApiError(409, "it is your turn: play, or resign", code="claim_own_turn", th="ตอนนี้เป็นตาของคุณ ให้ลงเบี้ยหรือยอมแพ้")
            seats = {s.seat for s in stored.seats if side_of(stored, s.seat) == absent}
            if any(w.seat in seats and not w.table for w in room.watchers):
                raise ApiError(
                    409, "the other player's screen is still open: wait for their move", code="claim_present",
                    th="จอของคู่แข่งยังเปิดอยู่ กรุณารอให้เขาลงเบี้ย",
                )  # fmt: skip
            left = self.settings.abandon_seconds - (time.time() - stored.turn_started)
            if left > 0:
                raise ApiError(
                    409, f"the other player may still come back: ask again in {math.ceil(left)} seconds", code="claim_wait",
                    th=f"คู่แข่งอาจกลับมา กรุณาขออีกครั้งใน {math.ceil(left)} วินาที",
                )  # fmt: skip
            await self._resign(room, absent, abandoned=True)
        self._schedule_clock(room)
        await self.broadcast(room)
        return self._view(room, seat)

    async def rematch(self, game_id: str, token: Token) -> dict[str, Any]:
        """A new game at the same table once this one is over: same seats, same tokens, a new deal.

        Asking again (or another seat asking) gives the same new game; every screen of the
        old game learns its id from the view's ``rematch``.
        """
        room, seat = await self._seated(game_id, token)
        async with room.lock:
            old = room.stored
            if room.game is None or not room.game.over:
                raise ApiError(409, "a rematch is offered once the game is over")
            if old.config.get("tournament") is not None:
                raise ApiError(
                    409, "a tournament game has no rematch: the next round is paired by the director", code="tournament_rematch",
                    th="เกมในการแข่งขันไม่มีการเล่นอีกครั้ง ผู้จัดการแข่งขันจะจับคู่รอบถัดไป",
                )  # fmt: skip
            new_id = old.config.get("rematch")
            if not isinstance(new_id, str):
                new_id = secrets.token_urlsafe(9)
                config = {k: v for k, v in old.config.items() if k not in ("header", "rematch", "resigned", "abandoned", "claims")}
                seats = [StoredSeat(s.seat, s.name, s.token_hash, s.bot, s.joined, s.account) for s in old.seats]
                stored = StoredGame(new_id, old.mode, config, seats, time.time())
                fresh = Room(stored, None, rev=next(self._revs))
                self._start(fresh)
                await self._write(self.db.insert(stored), "the rematch")
                self.rooms[new_id] = fresh
                old.config["rematch"] = new_id
                await self._write(self.db.save_state(old, len(old.turns)), "the rematch")
                self._schedule_bots(fresh)
        await self.broadcast(room)
        return {"id": new_id, "seat": seat, "mode": old.mode}

    async def leave(self, game_id: str, token: Token) -> dict[str, Any]:
        """Give up a seat in a waiting room; it is free for someone else (once the game runs, resign instead)."""
        room, seat = await self._seated(game_id, token)
        async with room.lock:
            if room.stored.status != "waiting":
                raise ApiError(409, "the game has started: resign instead of leaving")
            place = room.stored.seats[seat]
            place.name, place.token_hash, place.joined = "", "", False
            await self._write(self.db.save_seat(game_id, place), "the seat")
            self._drop_seat(room, seat)
        await self.broadcast(room)
        return {"left": seat}

    async def handover(self, game_id: str, token: Token) -> dict[str, Any]:
        """A one-time code for someone else to take over the token's seat (the old token then stops working).

        The code is stored hashed with the game (a restart keeps it); a new code for the seat replaces the old one.
        """
        room, seat = await self._seated(game_id, token)
        if room.stored.mode != "room":
            raise ApiError(409, "only a seat in an online room can be handed over")
        if room.stored.config.get("rated"):
            raise ApiError(409, "a seat of a rated game stays with its account", code="rated_handover", th="ที่นั่งในเกมจัดอันดับมอบให้คนอื่นไม่ได้")
        code = secrets.token_urlsafe(12)
        async with room.lock:
            claims = {h: s for h, s in self._claims(room).items() if s != seat}
            claims[hash_token(code)] = seat
            await self._set_claims(room, claims)
        return {"code": code, "seat": seat}

    def _claims(self, room: Room) -> dict[str, int]:
        """Hashed hand-over code -> seat, as stored with the game."""
        claims = room.stored.config.get("claims")
        return dict(claims) if isinstance(claims, dict) else {}

    async def _set_claims(self, room: Room, claims: dict[str, int]) -> None:
        """Store the hand-over codes; on a storage failure nothing changed."""
        config = room.stored.config
        before = config.get("claims")
        config["claims"] = claims
        try:
            await self._write(self.db.save_state(room.stored, len(room.stored.turns)), "the hand-over code")
        except ApiError:
            if before is None:
                del config["claims"]
            else:
                config["claims"] = before
            raise

    async def claim(self, game_id: str, body: Any) -> dict[str, Any]:
        """Take over a seat with the code its holder handed over; returns the seat's new token."""
        room = await self.room(game_id)
        obj = protocol.expect_object(body, "the request")
        code = obj.get("code")
        if not isinstance(code, str) or not 0 < len(code) <= 64:
            raise ApiError(400, "'code' must be the hand-over code from the link")
        async with room.lock:
            claims = self._claims(room)
            seat_no = claims.pop(hash_token(code), None)
            if not isinstance(seat_no, int) or not 0 <= seat_no < len(room.stored.seats):
                raise ApiError(403, "this hand-over code is not valid (each code works once)")
            unused = self._claims(room)
            await self._set_claims(room, claims)  # used up first: a code never works twice
            seat = room.stored.seats[seat_no]
            old = (seat.name, seat.token_hash)
            seat.name = protocol.read_name(obj.get("name"), seat.name)
            old_account, seat.account = seat.account, None  # the account that handed it over holds it no more
            new_token = secrets.token_urlsafe(24)
            seat.token_hash = hash_token(new_token)
            try:
                await self._write(self.db.save_seat(game_id, seat), "the seat")
            except ApiError:
                seat.name, seat.token_hash = old
                seat.account = old_account
                await self._set_claims(room, unused)  # the code works again for the next try
                raise
            self._drop_seat(room, seat_no)
        await self.broadcast(room)
        return {"id": game_id, "seat": seat_no, "token": new_token, "mode": room.stored.mode}

    async def _seated(self, game_id: str, token: Token) -> tuple[Room, int]:
        """The room and the seat a token holds there: 401 without a token, 403 for a bot's seat."""
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed")
        seat = self.seat_of(room, token)
        if seat is None:
            raise _seat_needed()
        if room.stored.seats[seat].bot is not None:
            raise ApiError(403, "a bot plays this seat")
        return room, seat

    def _drop_seat(self, room: Room, seat: int) -> None:
        """Screens that spoke for ``seat`` now only watch (its old token no longer works)."""
        for watcher in room.watchers:
            if watcher.seat == seat and not watcher.table:
                watcher.seat = None

    # ----- hints and analysis -------------------------------------------------------------
    async def hint(self, game_id: str, token: Token) -> dict[str, Any]:
        """The engine's best plays for the asking seat's rack, where hints are allowed (never with other people)."""
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed")
        seat = self.seat_of(room, token)
        if seat is None:
            raise _seat_needed()
        if not hints_allowed(room.stored):
            raise ApiError(403, "hints are only for games against the bot, never in a game with other people")
        game = self._playing(room)
        side = side_of(room.stored, seat)
        snapshot = copy.deepcopy(game)
        found = await self.coach.hint(f"{game_id}:{len(game.history)}:{side}", best_plays, snapshot, side)
        return {"version": len(snapshot.history), **found}

    async def review(self, game_id: str, token: Token, body: Any) -> dict[str, Any]:
        """Practice: the engine's view of one of the asking side's own turns (``{"turn": k}``, from 0)."""
        room = await self.room(game_id)
        if not token:
            raise ApiError(401, "a seat token is needed")
        seat = self.seat_of(room, token)
        if seat is None:
            raise _seat_needed()
        if not hints_allowed(room.stored):
            raise ApiError(403, "hints are only for games against the bot, never in a game with other people")
        game = room.game
        if game is None:
            raise ApiError(409, "the game has not started: the room is waiting for players")
        obj = protocol.expect_object(body, "the request")
        k = obj.get("turn")
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(game.history):
            raise ApiError(400, f"'turn' must be a turn of this game, from 0 to {len(game.history) - 1}")
        side = side_of(room.stored, seat)
        if game.history[k].player != side or game.history[k].kind not in DECISIONS:
            raise ApiError(403, "only your own moves can be reviewed")
        saved = dict(room.stored.config["header"], seed=room.stored.seed, turns=list(room.stored.turns))
        return dict(await self.coach.hint(f"{game_id}:review:{k}", review_turn, saved, k))

    async def analysis(self, game_id: str, token: Token) -> dict[str, Any]:
        """The analysis of a finished game (every rack is public then), started on first asking."""
        room = await self.room(game_id)
        self.seat_of(room, token)  # a forged token is refused; a spectator may ask
        game = room.game
        if game is None or not game.over:
            raise ApiError(409, "a game is analysed once it is over")
        text = record_text(game, None, room.stored.created)
        return self.coach.analysis(f"game:{game_id}", text)

    # ----- bots --------------------------------------------------------------------------
    def _bot_seat(self, room: Room) -> int | None:
        game = room.game
        if game is None or game.over:
            return None
        for seat in room.stored.seats:
            if seat.bot is not None and side_of(room.stored, seat.seat) == game.to_move:
                return seat.seat
        return None

    def _schedule_bots(self, room: Room) -> None:
        self._schedule_clock(room)
        if self._bot_seat(room) is None or (room.bot_task is not None and not room.bot_task.done()):
            return
        try:
            room.bot_task = asyncio.get_running_loop().create_task(self._run_bots(room))
        except RuntimeError:  # no loop yet (restored at start-up): resume_bots runs again in the loop
            return

    async def _run_bots(self, room: Room) -> None:
        """Let bot seats play while one of them is to move."""
        while (seat := self._bot_seat(room)) is not None:
            await asyncio.sleep(self.settings.bot_delay)
            game = room.game
            assert game is not None
            version = len(game.history)
            bot = self._bot(room, seat)
            if bot is None:
                return
            try:
                move = await asyncio.to_thread(bot.choose, copy.deepcopy(game))
            except Exception:
                log.exception("bot %s failed in game %s; it passes", room.stored.seats[seat].bot, room.stored.id)
                move = Pass()
            async with room.lock:
                if len(game.history) != version or self._bot_seat(room) != seat:
                    continue  # someone challenged meanwhile: think again
                if not game.is_legal(move):
                    log.error("bot %s chose an illegal move %r; it passes", room.stored.seats[seat].bot, move)
                    move = Pass()
                try:
                    await self._push(room, move)
                except ApiError:
                    return
            self._schedule_clock(room)

    # ----- clock -------------------------------------------------------------------------
    def deadline(self, room: Room) -> float | None:
        """Seconds left before the side to move runs out of time (None: no deadline applies)."""
        game = room.game
        if game is None or game.over:
            return None
        clock = game.options.clock
        running = time.time() - room.stored.turn_started
        if clock.kind == "move":
            return clock.seconds - running
        if clock.kind == "total" and clock.loss_on_time:
            return clock.seconds - game.time_used[game.to_move] - running
        return None

    def _schedule_clock(self, room: Room) -> None:
        """(Re)arm the timer that ends a turn when its time is up, as the engine would on a late move."""
        if room.clock_task is not None and not room.clock_task.done():
            room.clock_task.cancel()
        left = self.deadline(room)
        if left is None:
            return
        try:
            room.clock_task = asyncio.get_running_loop().create_task(self._time_out(room, max(0.0, left) + 0.5))
        except RuntimeError:  # no loop yet: armed again on the next change
            return

    async def _time_out(self, room: Room, delay: float) -> None:
        await asyncio.sleep(delay)
        game = room.game
        async with room.lock:
            left = self.deadline(room)
            if game is None or left is None or left >= 0:
                return
            try:
                await self._push(room, Pass())  # over time: the engine records a timeout (or a loss on time)
            except ApiError:
                return
        self._schedule_bots(room)

    def _bot(self, room: Room, seat: int) -> Bot | None:
        if seat not in room.bots:
            if self.bot_factory is None:
                log.error("no bot registry: seat %d of %s cannot play", seat, room.stored.id)
                return None
            level = room.stored.seats[seat].bot or ""
            bot_seed = ((room.stored.seed or 0) + 7919 * (seat + 1)) % 2**32
            room.bots[seat] = self.bot_factory(level, bot_seed)
        return room.bots[seat]

    # ----- waiting rooms: how many, and for how long -------------------------------------------
    async def _may_open_room(self, address: str) -> None:
        """429 when ``address`` has its share of waiting rooms open already, or the whole server has."""
        mine = sum(1 for r in self.rooms.values() if r.creator == address and r.stored.status == "waiting")
        if mine >= self.settings.waiting_per_address:
            raise ApiError(
                429, f"you have {mine} rooms waiting for players already: start one of them (or wait) first", code="rooms_waiting",
                th=f"คุณมีห้องที่รอผู้เล่นอยู่แล้ว {mine} ห้อง กรุณาเริ่มเล่นห้องใดห้องหนึ่ง (หรือรอ) ก่อน",
            )  # fmt: skip
        if await self.db.count_waiting(time.time() - self.settings.waiting_ttl) >= self.settings.max_waiting:
            raise ApiError(
                429, "the server has as many rooms waiting for players as it takes: join one of them, or try later", code="rooms_full",
                th="เซิร์ฟเวอร์มีห้องที่รอผู้เล่นเต็มแล้ว กรุณาเข้าร่วมห้องที่มีอยู่ หรือลองใหม่ภายหลัง",
            )  # fmt: skip

    def _still_open(self, room: Room) -> None:
        """410 for a waiting room past its time (swept or not yet)."""
        stored = room.stored
        late = stored.status == "waiting" and stored.mode == "room" and stored.created < time.time() - self.settings.waiting_ttl
        if stored.status == "expired" or late:
            raise ApiError(
                410, "this room has expired: nobody filled it in time; open a new one", code="room_expired",
                th="ห้องนี้หมดเวลาแล้ว ไม่มีผู้เล่นเข้ามาครบทันเวลา กรุณาเปิดห้องใหม่",
            )  # fmt: skip

    async def sweep(self) -> list[str]:
        """Expire the waiting rooms past ``waiting_ttl`` (their screens are told), and let idle games leave memory.

        Returns the ids expired.  An idle game is one nobody watches or asked for in
        ``idle_seconds`` with no bot or clock task pending; it is complete in the database.
        """
        expired = await self.db.expire(time.time() - self.settings.waiting_ttl)
        if expired and self.on_change is not None:
            self.on_change()
        for game_id in expired:
            room = self.rooms.get(game_id)
            if room is None:
                continue
            async with room.lock:
                if room.stored.status == "waiting":
                    room.stored.status = "expired"
            self._changed(room)
        idle = time.monotonic() - self.settings.idle_seconds
        for game_id, room in list(self.rooms.items()):
            busy = any(t is not None and not t.done() for t in (room.bot_task, room.clock_task))
            if room.touched < idle and not room.watchers and not busy and not room.lock.locked():
                del self.rooms[game_id]
        return expired

    async def sweep_forever(self) -> None:
        """:meth:`sweep` every little while, for as long as the server runs."""
        pause = max(0.05, min(60.0, self.settings.waiting_ttl / 4, self.settings.idle_seconds / 4))
        while True:
            await asyncio.sleep(pause)
            try:
                await self.sweep()
            except Exception:
                log.exception("sweeping waiting rooms failed; trying again later")

    # ----- watchers ----------------------------------------------------------------------
    def watch(self, room: Room, watcher: Watcher) -> None:
        """Start feeding a websocket: its view now, then every change (a new spectator is counted on every screen)."""
        room.watchers.add(watcher)
        watcher.feeder = asyncio.get_running_loop().create_task(self._feed(room, watcher))
        watcher.wake.set()
        if watcher.seat is None and not watcher.table:
            self._spectators_changed(room)

    def unwatch(self, room: Room, watcher: Watcher) -> None:
        """Stop sending to a closed websocket; a finished game nobody watches leaves memory."""
        room.watchers.discard(watcher)
        if watcher.feeder is not None and watcher.feeder is not asyncio.current_task():
            watcher.feeder.cancel()
        if watcher.seat is None and not watcher.table:
            self._spectators_changed(room)
        game = room.game
        if not room.watchers and game is not None and game.over and not game.can_challenge():
            self.rooms.pop(room.stored.id, None)  # it is complete in the database

    def resync(self, watcher: Watcher) -> None:
        """A screen asked for its whole view (it missed a change): the next message it gets is the view."""
        watcher.rev = None
        watcher.wake.set()

    async def broadcast(self, room: Room) -> None:
        """Tell every watcher that the game changed (each gets its whole view); returns at once (each watcher's feeder sends)."""
        self._changed(room)

    def _changed(self, room: Room, make: Callable[[int, int], Change] | None = None) -> None:
        """The room is at a new revision: ``make(base, rev)`` says what changed (None: screens get their whole view)."""
        base, room.rev = room.rev, next(self._revs)
        if self.on_change is not None:
            self.on_change()
        room.change = None if make is None else make(base, room.rev)
        for watcher in room.watchers:
            watcher.wake.set()

    def _spectators_changed(self, room: Room) -> None:
        count = self._spectators(room)
        self._changed(room, lambda base, rev: field_change(base, rev, {"spectators": count}))

    async def _feed(self, room: Room, watcher: Watcher) -> None:
        """Send ``watcher`` what changed each time it is woken (its whole view when it is behind by more).

        Changes that come while a send is under way are folded into the next message (a
        whole view), so a slow socket delays only itself; one that takes longer than
        ``send_timeout`` (or fails) is dropped and closed.
        """
        while watcher in room.watchers:
            await watcher.wake.wait()
            watcher.wake.clear()
            async with room.lock:  # never a move that is still being stored
                seat = self._table_seat(room) if watcher.table else watcher.seat
                change = room.change
                if watcher.rev == room.rev and watcher.shown == seat:
                    continue  # nothing new for this screen
                if change is not None and change.rev == room.rev and watcher.rev == change.base and watcher.shown == seat:
                    text = change.text(room.stored, room.game, seat)
                else:
                    text = dumps({"type": "state", "state": self._view(room, seat), "screen": watcher.screen})
                watcher.rev, watcher.shown = room.rev, seat
            try:
                async with asyncio.timeout(self.settings.send_timeout):  # a timer, not a task per message
                    await watcher.send(text)
            except Exception:
                self.unwatch(room, watcher)
                if watcher.close is not None:
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(watcher.close(), 1.0)
                return

    async def close(self) -> None:
        """Stop bot tasks, finish the queued writes and release the database."""
        for room in self.rooms.values():
            for task in (room.bot_task, room.clock_task):
                if task is not None:
                    task.cancel()
        self.coach.close()
        await self.db.close()


STORAGE_TH = "บันทึกหรืออ่านข้อมูลจากฐานข้อมูลไม่สำเร็จ ไม่มีอะไรเปลี่ยนแปลง กรุณาลองใหม่อีกครั้ง"
"""A 503: the database failed (nothing changed)."""


def _seat_needed() -> ApiError:
    return ApiError(401, "a seat token is needed: you hold no seat in this game")


def _login_needed() -> ApiError:
    return ApiError(401, "a rated game needs you to log in", code="rated_login", th="เกมจัดอันดับต้องเข้าสู่ระบบก่อน")


def _finished(room: Room) -> Finished | None:
    """What the results need of a finished game with an account at a seat (None otherwise)."""
    game, stored = room.game, room.stored
    if game is None or game.result is None or not any(s.account is not None for s in stored.seats):
        return None
    seats = tuple(SeatResult(s.seat, side_of(stored, s.seat), s.name, s.account) for s in stored.seats)
    result = game.result
    bingos = _bingos(game, len(result.scores))
    return Finished(
        stored.id, stored.config.get("variant", "a-math"), dict(stored.config.get("clock", {"kind": "none"})),
        bool(stored.config.get("rated")), "abandon" if stored.config.get("abandoned") else result.reason, seats,
        tuple(result.scores), tuple(result.winners), pool="bots" if any(s.bot for s in stored.seats) else "people", bingos=bingos,
    )  # fmt: skip


def _bingos(game: Game, sides: int) -> tuple[int, ...]:
    """Each side's placements that used a full rack and stood (one taken back after a challenge does not count)."""
    counts = [0] * sides
    turns = game.history
    for k, turn in enumerate(turns):
        taken_back = k + 1 < len(turns) and turns[k + 1].kind == "challenge-won"
        if turn.kind == "place" and turn.bingo and not taken_back and 0 <= turn.player < sides:
            counts[turn.player] += 1
    return tuple(counts)
