"""Tournaments over HTTP: create one, register players, pair, publish, enter and correct results, online rooms, live pages, CSV.

Reading is open to everyone (players and spectators follow the tournament page); every
change needs a logged-in account (401 ``login_needed``), and pairing, publishing,
results and the players' list need a director of the tournament, its owner or a
co-director the owner added (403 ``not_director``).  The session cookie's CSRF check
(:class:`amath.apps.server.auth.CsrfMiddleware`) guards every POST here as everywhere.
Every change is written with who and when (:mod:`amath.apps.server.tournaments`); the
library (:mod:`amath.tournament`) pairs, checks results and ranks.

**Live**: ``/api/tournaments/{id}/ws`` sends ``{"type": "tournament", "rev": N}`` when the
page is opened and after every change; the page then fetches the tournament again.

**Online** (``mode`` ``online``): publishing a round opens a room of the server for each
pairing, with the tournament's clock, the two players' accounts at its seats (or the
bots the director entered) and the first player to start.  A player takes their seat
from the tournament page (``POST .../seat``: the seat's token, derived from the server's
key, so every screen of the account gets the same one and nothing secret is stored);
the result lands when the game ends (:meth:`TournamentApi.game_over`); a player who has
not taken their seat ``no_show_minutes`` after the round was published forfeits
(:meth:`TournamentApi.sweep`, every few seconds, its time from :attr:`clock` so tests
drive it).  A restart finds every room again (they are ordinary games) and lands the
results of games that ended while it was down (:meth:`TournamentApi.resume`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

import amath.apps.server.protocol as protocol
from amath.apps.server.accounts import Account
from amath.apps.server.auth import Auth
from amath.apps.server.errors import ApiError
from amath.apps.server.jsonbody import parse_json
from amath.apps.server.rooms import Room, Rooms, hash_token
from amath.apps.server.storage import StoredSeat
from amath.apps.server.tournaments import Loaded, Refused, TournamentStore
from amath.core.errors import AmathError
from amath.core.rules import get_ruleset
from amath.tournament import files, pairing, results, standings
from amath.tournament.model import FORFEITS, METHODS, MODES, Settings, Tournament

log = logging.getLogger("amath.apps.server")
T = TypeVar("T")

MAX_NAME = 80
MAX_ROUNDS = 30
MAX_PLAYERS = 400
SWEEP_EVERY = 5.0
"""Seconds between two looks for no-shows (and rooms still to open)."""

TH = {
    "tournament_field": "ข้อมูลการแข่งขันไม่ถูกต้อง: {what}",
    "no_tournament": "ไม่มีการแข่งขันนี้",
    "not_director": "เฉพาะผู้จัดการแข่งขันและผู้ช่วยเท่านั้นที่จับคู่ บันทึกผล หรือแก้ไขการแข่งขันนี้ได้",
    "not_owner": "เฉพาะผู้สร้างการแข่งขันเท่านั้นที่เพิ่มผู้ช่วยผู้จัดการแข่งขันได้",
    "tournament_limit": "คุณสร้างการแข่งขันครบ {n} รายการแล้ว ซึ่งเป็นจำนวนสูงสุดของหนึ่งบัญชี",
    "director_limit": "การแข่งขันหนึ่งรายการมีผู้ช่วยผู้จัดการแข่งขันได้ไม่เกิน {n} คน",
    "no_account": "ไม่มีบัญชีชื่อผู้ใช้ {name}",
    "already_director": "{name} เป็นผู้จัดการแข่งขันของรายการนี้อยู่แล้ว",
    "already_registered": "คุณสมัครเข้าแข่งขันรายการนี้แล้ว",
    "registration_closed": "การแข่งขันนี้จบแล้ว จึงสมัครไม่ได้",
    "bad_players": "รายชื่อผู้เล่นต้องมี 1 ถึง {max} ชื่อ บรรทัดละหนึ่งคน (ชื่อ, โรงเรียนหรือชมรม)",
    "bad_player_line": "บรรทัดที่ {k} ใช้ไม่ได้: ชื่อต้องยาว 1 ถึง {max} ตัวอักษร",
    "no_player": "การแข่งขันนี้ไม่มีผู้เล่นหมายเลข {n}",
    "bad_bot": "ไม่มีบอทระดับนี้ในเซิร์ฟเวอร์นี้",
    "not_online": "การแข่งขันนี้เล่นที่สนาม ผลการแข่งขันบันทึกโดยผู้จัดการแข่งขัน",
    "no_seat": "คุณไม่มีโต๊ะในรอบนี้ที่ต้องเล่นออนไลน์",
    "game_not_open": "เกมของโต๊ะนี้ยังไม่เปิด กรุณารอสักครู่แล้วลองใหม่",
    "bad_result": "ผลการแข่งขันต้องมีคะแนนของผู้เล่นทั้งสองเป็นจำนวนเต็ม หรือระบุผู้ที่ไม่มาแข่ง",
}
"""The Thai of every refusal here (THAI.md's words; tournament words: การแข่งขัน, รอบ, โต๊ะ, จับคู่, ผู้จัดการแข่งขัน)."""


def refuse(status: int, code: str, message: str, **params: Any) -> ApiError:
    """An ``ApiError`` with its code and Thai text (fields filled)."""
    return ApiError(status, message, code=code, th=TH[code].format(**params))


FIELD_TH = {
    "name": f"ชื่อการแข่งขันต้องยาว 1 ถึง {MAX_NAME} ตัวอักษร",
    "mode": "รูปแบบต้องเป็นแข่งที่สนาม หรือแข่งออนไลน์",
    "rounds": f"จำนวนรอบต้องเป็น 1 ถึง {MAX_ROUNDS}",
    "methods": "วิธีจับคู่ของแต่ละรอบต้องเป็น สวิส พบกันหมด คิงออฟเดอะฮิลล์ สุ่ม หรือจับเอง",
    "ruleset": "ไม่มีกติกานี้",
    "clock_minutes": "เวลาต้องเป็น 1 ถึง 180 นาที",
    "overtime_penalty": "คะแนนที่หักเมื่อเกินเวลาต้องเป็น 0 ถึง 100 ต่อนาที",
    "spread_cap": "เพดานผลต่างคะแนนต้องเป็น 1 ถึง 2000 หรือไม่มีเพดาน",
    "bye_points": "คะแนนของบายต้องเป็น 0, 1 หรือ 2",
    "bye_spread": "ผลต่างคะแนนของบายต้องเป็น 0 ถึง 1000",
    "forfeit_spread": "ผลต่างคะแนนของการชนะผ่านต้องเป็น 0 ถึง 1000",
    "max_score": "คะแนนสูงสุดของหนึ่งเกมต้องเป็น 100 ถึง 5000",
    "no_show_minutes": "เวลารอผู้เล่นที่ไม่มาต้องเป็น 1 ถึง 120 นาที",
    "gibson_pairing": "ค่าการจับคู่ผู้ที่ไม่มีใครตามทันต้องเป็นใช่หรือไม่ใช่",
    "challenge": "ค่าการทักท้วงต้องเป็นใช่หรือไม่ใช่",
}


def _bad(field: str, message: str) -> ApiError:
    return refuse(400, "tournament_field", f"{field!r}: {message}", what=FIELD_TH[field])


def _int(obj: dict[str, Any], key: str, default: int | None, low: int, high: int, message: str) -> int:
    value = obj.get(key, default)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(key, message)
    return value


def _bool(obj: dict[str, Any], key: str, default: bool) -> bool:
    value = obj.get(key, default)
    if not isinstance(value, bool):
        raise _bad(key, "must be true or false")
    return value


def read_settings(body: Any) -> Settings:
    """A new tournament's settings from the create form, each checked (400 ``tournament_field`` naming the field)."""
    obj = protocol.expect_object(body, "the tournament")
    raw = obj.get("name")
    name = " ".join("".join(ch for ch in raw if ch.isprintable()).split()) if isinstance(raw, str) else ""
    if not 0 < len(name) <= MAX_NAME:
        raise _bad("name", f"a tournament's name is 1 to {MAX_NAME} characters")
    mode = obj.get("mode", "on_site")
    if mode not in MODES:
        raise _bad("mode", f"one of {', '.join(MODES)}")
    rounds = _int(obj, "rounds", 7, 1, MAX_ROUNDS, f"a whole number from 1 to {MAX_ROUNDS}")
    default_method = obj.get("default_method", "swiss")
    methods = obj.get("methods", [])
    if isinstance(methods, str):
        methods = [m.strip() for m in methods.split(",") if m.strip()]
    if default_method not in METHODS or not isinstance(methods, list) or len(methods) > rounds or any(m not in METHODS for m in methods):
        raise _bad("methods", f"each round's method is one of {', '.join(METHODS)}")
    ruleset = obj.get("ruleset", "a-math")
    try:
        if not isinstance(ruleset, str):
            raise _bad("ruleset", "a ruleset's name")
        get_ruleset(ruleset)
    except AmathError:
        raise _bad("ruleset", "a ruleset this server knows (a-math, smath)") from None
    cap_raw = obj.get("spread_cap", 350)
    cap = None if cap_raw is None or cap_raw == "" else _int(obj, "spread_cap", 350, 1, 2000, "1 to 2000, or null for no cap")
    return Settings(
        name=name,
        rounds=rounds,
        methods=list(methods),
        default_method=str(default_method),
        mode=str(mode),
        ruleset=ruleset,
        ruleset_options={"challenge": _bool(obj, "challenge", False)},
        clock_minutes=_int(obj, "clock_minutes", 22, 1, 180, "1 to 180 minutes"),
        overtime_penalty=_int(obj, "overtime_penalty", 10, 0, 100, "0 to 100 points a started minute"),
        spread_cap=cap,
        bye_points=_int(obj, "bye_points", 2, 0, 2, "2 (a win), 1 (a draw) or 0"),
        bye_spread=_int(obj, "bye_spread", 100, 0, 1000, "0 to 1000"),
        forfeit_spread=_int(obj, "forfeit_spread", 100, 0, 1000, "0 to 1000"),
        max_score=_int(obj, "max_score", 1000, 100, 5000, "100 to 5000"),
        gibson_pairing=_bool(obj, "gibson_pairing", False),
        no_show_minutes=_int(obj, "no_show_minutes", 10, 1, 120, "1 to 120 minutes"),
        seed=random.SystemRandom().randrange(2**31),
    )


def read_entries(value: Any, bots: list[str]) -> list[dict[str, str]]:
    """Players typed or pasted by a director: lines ``name, school or club[, division]`` or a list of objects; each checked."""
    if isinstance(value, str):
        value = [line for line in value.splitlines() if line.strip()]
    if not isinstance(value, list) or not 0 < len(value) <= MAX_PLAYERS:
        raise refuse(400, "bad_players", f"'players' must be 1 to {MAX_PLAYERS} lines: name, school or club", max=MAX_PLAYERS)
    out = []
    for k, item in enumerate(value, 1):
        if isinstance(item, str):
            parts = [p.strip() for p in re.split(r"[,\t]", item)]
            item = {"name": parts[0], "school": parts[1] if len(parts) > 1 else "", "division": parts[2] if len(parts) > 2 else ""}
        if not isinstance(item, dict):
            raise refuse(400, "bad_player_line", f"line {k} is not a player", k=k, max=protocol.MAX_NAME)
        try:
            name = protocol.read_name(item.get("name") if isinstance(item.get("name"), str) else "", "")
            school = protocol.read_name(item.get("school") or "", "")[:64]
            division = protocol.read_name(item.get("division") or "", "")[:32]
        except ApiError:
            name = ""
        if not name:
            raise refuse(400, "bad_player_line", f"line {k}: a name is 1 to {protocol.MAX_NAME} characters", k=k, max=protocol.MAX_NAME)
        bot = item.get("bot")
        if bot is not None and bot not in bots:
            raise refuse(400, "bad_bot", f"line {k}: no bot level {bot!r} on this server (levels: {', '.join(bots)})")
        out.append({"name": name, "school": school, "division": division, **({"bot": bot} if bot else {})})
    return out


def _status(t: Tournament) -> str:
    """``registration`` before any round, ``finished`` once the last round is published and every result in, else ``running``."""
    if not t.rounds:
        return "registration"
    last = max(r.number for r in t.rounds)
    done = all(r.published and all(p.is_bye or p.result is not None for p in r.pairings) for r in t.rounds)
    return "finished" if done and last >= t.settings.rounds else "running"


def _result_json(p: Any, cap: int | None) -> dict[str, Any] | None:
    r = p.result
    if r is None:
        return None
    return {
        "first_score": r.first_score, "second_score": r.second_score, "forfeit": r.forfeit,
        "spread": results.capped_spread(r.first_score, r.second_score, cap) if not r.forfeit else None,
    }  # fmt: skip


class TournamentApi:
    """The tournament endpoints, the live sockets, and the online rooms of tournament pairings."""

    def __init__(self, auth: Auth, store: TournamentStore, rooms: Rooms) -> None:
        self.auth = auth
        self.store = store
        self.rooms = rooms
        self.clock: Callable[[], float] = time.time  # the no-show rule's time (tests set it)
        self._key = auth.players.key("tournament").encode()
        self._changed: dict[int, asyncio.Event] = {}
        self._revs: dict[int, int] = {}
        self._locks: dict[int, asyncio.Lock] = {}
        rooms.on_over.append(self.game_over)

    # ----- helpers ---------------------------------------------------------------------------
    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.to_thread(fn, *args)
        except Refused as exc:
            raise _refused(exc) from None
        except AmathError as exc:  # the library refused (TournamentError): its code and texts
            raise ApiError(409, str(exc), exc) from None

    def _lock(self, tid: int) -> asyncio.Lock:
        return self._locks.setdefault(tid, asyncio.Lock())

    def _notify(self, tid: int, rev: int) -> None:
        self._revs[tid] = rev
        event = self._changed.pop(tid, None)
        if event is not None:
            event.set()

    async def _load(self, request: Request) -> Loaded:
        tid = int(request.path_params["tid"])
        found = await self._run(self.store.load, tid)
        if found is None:
            raise refuse(404, "no_tournament", "there is no such tournament")
        return found

    async def _director(self, request: Request) -> tuple[Account, Loaded]:
        account = await self.auth.required(request)
        found = await self._load(request)
        if account.id not in found.directors:
            raise refuse(403, "not_director", "only the tournament's directors may pair, enter results or change it")
        return account, found

    async def _change(self, tid: int, actor: Account | None, action: str, fn: Callable[[Loaded], T]) -> tuple[T, Loaded]:
        """One change of tournament ``tid`` (one at a time per tournament), then its pages are told."""

        def run(loaded: Loaded) -> T:
            answer = fn(loaded)
            loaded.status = _status(loaded.model)
            return answer

        async with self._lock(tid):
            answer, loaded = await self._run(self.store.change, tid, None if actor is None else actor.id, action, run)
        self._notify(tid, loaded.rev)
        return answer, loaded

    # ----- the state a page shows ---------------------------------------------------------------
    def view(self, loaded: Loaded, account: Account | None) -> dict[str, Any]:
        """The tournament as ``account`` may see it: drafts only for its directors; standings, Gibsonization marks, the log."""
        t, extra = loaded.model, loaded.extra
        director = account is not None and account.id in loaded.directors
        mine = None
        if account is not None:
            mine = next((n for n, a in extra.accounts.items() if a == account.id), None)
        cap = t.settings.spread_cap
        rounds = []
        for r in t.rounds:
            if not r.published and not director:
                continue
            pairings = [
                {"table": p.table, "first": p.first, "second": p.second, "result": _result_json(p, cap),
                 "game_id": extra.games.get((r.number, p.table)), "arrived": extra.arrived.get((r.number, p.table), "")}
                for p in sorted(r.pairings, key=lambda p: p.table)
            ]  # fmt: skip
            entry: dict[str, Any] = {"number": r.number, "method": r.method, "published": r.published, "pairings": pairings}
            if director and not r.published:
                try:
                    found = pairing.check_round(t, r.number)
                    entry["warnings"] = [{"code": w.code, "table": w.table, "players": list(w.players)} for w in found]
                    entry["problem"] = None
                except AmathError as exc:
                    entry["warnings"], entry["problem"] = [], _error_body(exc)
            rounds.append(entry)
        table = self._standings(t)
        return {
            "id": loaded.id, "name": loaded.name, "mode": loaded.mode, "status": loaded.status, "rev": loaded.rev,
            "created": loaded.created, "settings": _settings_view(t.settings),
            "players": [
                {"number": p.id, "name": p.name, "school": p.school, "division": p.division, "account": p.account,
                 "bot": extra.bots.get(p.id), "checked_in": p.checked_in, "active": p.active, "first_round": p.first_round}
                for p in t.players
            ],
            "rounds": rounds, "next_round": t.next_round(), "standings": table,
            "me": {"director": director, "owner": account is not None and loaded.owner_id == account.id, "player": mine,
                   "logged_in": account is not None},
            "bots": self.rooms.bot_levels,
        }  # fmt: skip

    def _standings(self, t: Tournament, through: int | None = None) -> list[dict[str, Any]]:
        try:
            rows = standings.standings(t, through)
        except AmathError:
            return []
        return [
            {"rank": s.rank, "player": s.player, "name": s.name, "school": s.school, "division": s.division, "points": s.points,
             "wins": s.wins, "draws": s.draws, "losses": s.losses, "byes": s.byes, "spread": s.spread,
             "opponents_points": s.opponents_points, "total_score": s.total_score, "high_score": s.high_score,
             "gibsonized": s.gibsonized, "active": s.active}
            for s in rows
        ]  # fmt: skip

    # ----- endpoints: reading ------------------------------------------------------------------------
    async def listing(self, request: Request) -> Response:
        account = await self.auth.current(request)
        rows = await self._run(self.store.listing, None if account is None else account.id)
        return JSONResponse({"tournaments": rows, "logged_in": account is not None}, headers={"Cache-Control": "no-store"})

    async def page(self, request: Request) -> Response:
        """The tournament as the asking account may see it, with the log (one request for a page to follow a change)."""
        account = await self.auth.current(request)
        found = await self._load(request)
        view = self.view(found, account)
        view["events"] = await self._run(self.store.events, found.id, 200)
        return JSONResponse(view, headers={"Cache-Control": "no-store"})

    async def log(self, request: Request) -> Response:
        found = await self._load(request)
        return JSONResponse({"events": await self._run(self.store.events, found.id)}, headers={"Cache-Control": "no-store"})

    async def standings_of(self, request: Request) -> Response:
        found = await self._load(request)
        through = request.query_params.get("through")
        n = int(through) if through and through.isdigit() else None
        return JSONResponse({"through": n, "standings": self._standings(found.model, n)}, headers={"Cache-Control": "no-store"})

    async def csv_file(self, request: Request) -> Response:
        found = await self._load(request)
        what = request.path_params["what"]
        if what not in ("standings", "results"):
            raise ApiError(404, "the CSV files are standings.csv and results.csv")
        model = found.model
        text = files.standings_csv(standings.standings(model)) if what == "standings" else files.results_csv(model)
        name = re.sub(r"[^A-Za-z0-9_-]+", "-", found.name).strip("-") or f"tournament-{found.id}"
        headers = {"Content-Disposition": f'attachment; filename="{name}-{what}.csv"', "Cache-Control": "no-store"}
        return Response("\ufeff" + text, media_type="text/csv; charset=utf-8", headers=headers)  # the BOM: spreadsheets read Thai

    # ----- endpoints: changes ------------------------------------------------------------------------
    async def create(self, request: Request) -> Response:
        account = await self.auth.required(request)
        settings = read_settings(await _json(request))
        tid = await self._run(self.store.create, account.id, settings, account.name)
        return JSONResponse({"id": tid}, status_code=201)

    async def sign_up(self, request: Request) -> Response:
        """A logged-in account enters the tournament itself (a late entry once rounds are paired)."""
        account = await self.auth.required(request)
        found = await self._load(request)
        if account.id in found.extra.accounts.values():
            raise refuse(409, "already_registered", "you are registered in this tournament already")
        if found.status == "finished":
            raise refuse(409, "registration_closed", "this tournament is over: it takes no more players")
        body = protocol.expect_object(await _json(request), "the request")
        school = protocol.read_name(body.get("school") or "", "")[:64]

        def add(loaded: Loaded) -> int:
            if account.id in loaded.extra.accounts.values():
                raise Refused("already_registered")
            player = loaded.model.add_player(account.display, school, account=account.name, by=account.name)
            loaded.extra.accounts[player.id] = account.id
            return player.id

        number, _ = await self._change(found.id, account, "sign_up", add)
        return JSONResponse({"number": number}, status_code=201)

    async def add_players(self, request: Request) -> Response:
        account, found = await self._director(request)
        body = protocol.expect_object(await _json(request), "the request")
        entries = read_entries(body.get("players"), self.rooms.bot_levels)

        def add(loaded: Loaded) -> list[int]:
            numbers = []
            for e in entries:
                player = loaded.model.add_player(e["name"], e["school"], division=e["division"], by=account.name)
                if "bot" in e:
                    loaded.extra.bots[player.id] = e["bot"]
                numbers.append(player.id)
            return numbers

        numbers, _ = await self._change(found.id, account, "add_players", add)
        return JSONResponse({"numbers": numbers}, status_code=201)

    async def player_action(self, request: Request) -> Response:
        """``checkin`` (``{"present": bool}``), ``withdraw`` or ``reinstate`` one player."""
        account, found = await self._director(request)
        number = int(request.path_params["number"])
        what = request.path_params["what"]
        if what not in ("checkin", "withdraw", "reinstate"):
            raise ApiError(404, "a player's actions are checkin, withdraw and reinstate")
        if all(p.id != number for p in found.model.players):
            raise refuse(404, "no_player", f"this tournament has no player number {number}", n=number)
        body = protocol.expect_object(await _json(request), "the request")
        present = body.get("present", True)
        if not isinstance(present, bool):
            raise ApiError(400, "'present' must be true or false")

        def act(loaded: Loaded) -> None:
            t = loaded.model
            if what == "checkin":
                t.check_in(number, present, by=account.name)
            elif what == "withdraw":
                t.withdraw(number, by=account.name)
            else:
                t.reinstate(number, by=account.name)

        await self._change(found.id, account, what, act)
        return JSONResponse({"ok": True})

    async def add_director(self, request: Request) -> Response:
        account = await self.auth.required(request)
        found = await self._load(request)
        if found.owner_id != account.id:
            raise refuse(403, "not_owner", "only the tournament's owner may add co-directors")
        body = protocol.expect_object(await _json(request), "the request")
        name = body.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= 64:
            raise refuse(404, "no_account", "no account has this user name", name=str(name)[:64])
        async with self._lock(found.id):
            display = await self._run(self.store.add_director, found.id, account.id, name.strip())
        loaded = await self._run(self.store.load, found.id)
        assert loaded is not None
        self._notify(found.id, loaded.rev)
        return JSONResponse({"name": name.strip().lower(), "display": display}, status_code=201)

    async def pair(self, request: Request) -> Response:
        """Pair the next round (or pair a draft again): ``{"method": ...}`` (default: the settings' method of the round)."""
        account, found = await self._director(request)
        body = protocol.expect_object(await _json(request), "the request")
        method = body.get("method")
        if method is not None and method not in METHODS:
            raise _bad("methods", f"one of {', '.join(METHODS)}")
        number = body.get("round")
        if number is not None and (isinstance(number, bool) or not isinstance(number, int)):
            raise ApiError(400, "'round' must be a round's number")

        def act(loaded: Loaded) -> int:
            return pairing.pair_round(loaded.model, number, method, by=account.name).number

        paired, _ = await self._change(found.id, account, "pair", act)
        return JSONResponse({"round": paired}, status_code=201)

    async def edit(self, request: Request) -> Response:
        """A draft's manual edit: ``{"swap": [a, b]}`` or ``{"table": k, "first": a, "second": b|null}``."""
        account, found = await self._director(request)
        number = int(request.path_params["round"])
        body = protocol.expect_object(await _json(request), "the edit")

        def ints(*values: Any) -> bool:
            return all(isinstance(v, int) and not isinstance(v, bool) for v in values)

        swap = body.get("swap")
        if swap is not None:
            if not isinstance(swap, list) or len(swap) != 2 or not ints(*swap):
                raise ApiError(400, "'swap' is two players' numbers")

            def act(loaded: Loaded) -> None:
                pairing.swap_players(loaded.model, number, swap[0], swap[1], by=account.name)

        else:
            table, first, second = body.get("table"), body.get("first"), body.get("second")
            if not ints(table, first) or not (second is None or ints(second)):
                raise ApiError(400, "an edit is a table's number, the first player's and the second's (null: the bye)")
            assert isinstance(table, int) and isinstance(first, int)

            def act(loaded: Loaded) -> None:
                pairing.set_table(loaded.model, number, table, first, second, by=account.name)

        await self._change(found.id, account, "edit", act)
        return JSONResponse({"ok": True})

    async def publish(self, request: Request) -> Response:
        account, found = await self._director(request)
        number = int(request.path_params["round"])
        await self._change(found.id, account, "publish", lambda loaded: pairing.publish(loaded.model, number, by=account.name))
        if found.mode == "online":
            await self.open_rooms(found.id)
        return JSONResponse({"ok": True})

    async def result(self, request: Request) -> Response:
        """Both scores of a table (``first``, ``second``), or a forfeit (``{"forfeit": "first"|"second"|"both"}``), or ``{"clear": true}``.

        A table that has a result already: a correction, logged as ``correct_result`` with the old and the new.
        """
        account, found = await self._director(request)
        number, table = int(request.path_params["round"]), int(request.path_params["table"])
        body = protocol.expect_object(await _json(request), "the result")
        forfeit, first, second = body.get("forfeit"), body.get("first"), body.get("second")
        had = False
        for r in found.model.rounds:
            if r.number == number:
                had = any(p.table == table and p.result is not None for p in r.pairings)
        action = "correct_result" if had else "result"
        if body.get("clear") is True:

            def act(loaded: Loaded) -> None:
                results.clear_result(loaded.model, number, table, by=account.name)

            action = "clear_result"
        elif forfeit is not None:
            if forfeit not in FORFEITS:
                raise refuse(400, "bad_result", "a forfeit is 'first', 'second' or 'both'")

            def act(loaded: Loaded) -> None:
                results.enter_forfeit(loaded.model, number, table, forfeit, by=account.name)

        else:
            scores = [_score(first), _score(second)]
            if None in scores:
                raise refuse(400, "bad_result", "a result is both players' scores, whole numbers")

            def act(loaded: Loaded) -> None:
                results.enter_result(loaded.model, number, table, int(scores[0] or 0), int(scores[1] or 0), by=account.name)

        _, loaded = await self._change(found.id, account, action, act)
        pairings = next(r for r in loaded.model.rounds if r.number == number).pairings
        entered = next(p for p in pairings if p.table == table)
        return JSONResponse({"result": _result_json(entered, loaded.model.settings.spread_cap), "action": action})

    # ----- online: rooms, seats, results, no-shows --------------------------------------------------
    def _seat_token(self, game_id: str, seat: int, account_id: int) -> str:
        message = f"tournament-seat:{game_id}:{seat}:{account_id}".encode()
        return hmac.new(self._key, message, hashlib.sha256).hexdigest()[:40]

    async def open_rooms(self, tid: int) -> list[str]:
        """Open a room for every two-player pairing of a published online round that has none yet (idempotent); their ids."""
        loaded = await self._run(self.store.load, tid)
        if loaded is None or loaded.mode != "online":
            return []
        t, extra = loaded.model, loaded.extra
        st = t.settings
        opened: dict[tuple[int, int], str] = {}
        names = {p.id: p.name for p in t.players}
        for r in t.rounds:
            if not r.published:
                continue
            for p in r.pairings:
                key = (r.number, p.table)
                if p.second is None or p.result is not None or key in extra.games:
                    continue
                seats = []
                for k, number in enumerate((p.first, p.second)):
                    seat = StoredSeat(k, names[number][: protocol.MAX_NAME], bot=extra.bots.get(number), account=extra.accounts.get(number))
                    seats.append(seat)
                config = {
                    "variant": st.ruleset, "rated": False, "players": 2, "teams": False,
                    "challenge": bool(st.ruleset_options.get("challenge", False)),
                    "clock": {"kind": "total", "seconds": st.clock_minutes * 60, "loss_on_time": False, "penalty": st.overtime_penalty},
                    "bot": None, "practice": False, "tournament": tid, "round": r.number, "table": p.table,
                }  # fmt: skip
                game_id = await self.rooms.open_table(config, seats, starter=0)
                room = await self.rooms.room(game_id)
                for seat in room.stored.seats:  # the accounts' tokens, derived from the game's id: stored hashed
                    if seat.account is not None:
                        seat.token_hash = hash_token(self._seat_token(game_id, seat.seat, seat.account))
                        await self.rooms.db.save_seat(game_id, seat)
                opened[key] = game_id
        if opened:

            def keep(loaded: Loaded) -> None:
                for key, game_id in opened.items():
                    loaded.extra.games[key] = game_id
                    bots = [n for n in _pair_of(loaded.model, *key) if n in loaded.extra.bots]
                    if len(bots) == 2:
                        loaded.extra.arrived[key] = "both"
                    elif bots:
                        loaded.extra.arrived[key] = "first" if bots[0] == _pair_of(loaded.model, *key)[0] else "second"

            await self._change(tid, None, "open_games", keep)
        return list(opened.values())

    async def seat(self, request: Request) -> Response:
        """The logged-in player's seat in their game of a published online round: ``{"game_id", "seat", "token"}``; they arrived."""
        account = await self.auth.required(request)
        found = await self._load(request)
        if found.mode != "online":
            raise refuse(409, "not_online", "this tournament is played on site: the directors enter its results")
        number = int(request.path_params["round"])
        mine = next((n for n, a in found.extra.accounts.items() if a == account.id), None)
        rnd = next((r for r in found.model.rounds if r.number == number and r.published), None)
        p = None if rnd is None or mine is None else rnd.seat_of(mine)
        if p is None or p.second is None:
            raise refuse(404, "no_seat", "you have no game to play online in this round")
        key = (number, p.table)
        game_id = found.extra.games.get(key)
        if game_id is None:
            raise refuse(409, "game_not_open", "the game of this table is not open yet: try again in a moment")
        side = "first" if p.first == mine else "second"
        seat = 0 if side == "first" else 1
        arrived = found.extra.arrived.get(key, "")
        if side not in arrived and arrived != "both":

            def arrive(loaded: Loaded) -> None:
                now = loaded.extra.arrived.get(key, "")
                loaded.extra.arrived[key] = side if not now else "both" if now != side else now

            await self._change(found.id, account, "arrived", arrive)
        return JSONResponse({"game_id": game_id, "seat": seat, "token": self._seat_token(game_id, seat, account.id)})

    async def game_over(self, room: Room) -> None:
        """A room ended: when it is a tournament's pairing without a result, its scores become the result (a resignation a forfeit)."""
        tid = room.stored.config.get("tournament")
        game = room.game
        if not isinstance(tid, int) or game is None or game.result is None:
            return
        await self._land(tid, int(room.stored.config["round"]), int(room.stored.config["table"]), room)

    async def _land(self, tid: int, number: int, table: int, room: Room) -> None:
        game = room.game
        assert game is not None and game.result is not None
        res = game.result
        resigned = room.stored.config.get("resigned")

        def land(loaded: Loaded) -> None:
            p = next(p for r in loaded.model.rounds if r.number == number for p in r.pairings if p.table == table)
            if p.result is not None or loaded.extra.games.get((number, table)) != room.stored.id:
                return  # entered meanwhile (a no-show, a director): the first one stands
            if isinstance(resigned, int):  # resigned (or left: absent) before the end: a forfeit, not the scores as they stood
                results.enter_forfeit(loaded.model, number, table, "first" if resigned == 0 else "second", by="server")
            else:
                results.enter_result(loaded.model, number, table, res.scores[0], res.scores[1], by="server")

        try:
            await self._change(tid, None, "game_result", land)
        except ApiError as exc:  # e.g. a 0-0 game (everyone passed): the directors enter it by hand
            log.error("tournament %d round %d table %d: the game's result was refused: %s", tid, number, table, exc.message)

    async def sweep(self) -> None:
        """Forfeit the no-shows of online rounds (absent ``no_show_minutes`` after publishing), open rooms still to open."""
        now = self.clock()
        for tid, number, table, game_id in await self._run(self.store.online_games):
            loaded = await self._run(self.store.load, tid)
            if loaded is None:
                continue
            published = loaded.extra.published.get(number)
            if published is None or now < published + loaded.model.settings.no_show_minutes * 60:
                continue
            arrived = loaded.extra.arrived.get((number, table), "")
            if arrived == "both":
                continue
            who = "second" if arrived == "first" else "first" if arrived == "second" else "both"

            def forfeit(loaded: Loaded, number: int = number, table: int = table, who: str = who) -> None:
                p = next(p for r in loaded.model.rounds if r.number == number for p in r.pairings if p.table == table)
                if p.result is None:
                    results.enter_forfeit(loaded.model, number, table, who, by="server")  # type: ignore[arg-type]

            await self._change(tid, None, "no_show", forfeit)
            with contextlib.suppress(ApiError):
                await self.rooms.end_absent(game_id, 0 if who in ("first", "both") else 1)

    async def resume(self) -> None:
        """After a start: open the rooms publishing did not get to, and land the results of games that ended while the server was down."""
        seen: set[int] = set()
        for tid, number, table, game_id in await self._run(self.store.online_games):
            seen.add(tid)
            try:
                room = await self.rooms.room(game_id)
            except ApiError as exc:
                log.error("tournament %d: cannot restore game %s: %s", tid, game_id, exc.message)
                continue
            if room.game is not None and room.game.result is not None:
                await self._land(tid, number, table, room)
        for row in await self._run(self.store.listing, None):
            if row["mode"] == "online" and row["status"] == "running":
                await self.open_rooms(int(row["id"]))

    async def sweep_forever(self) -> None:
        """:meth:`sweep` every :data:`SWEEP_EVERY` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self.sweep()
            except Exception:
                log.exception("the tournaments' sweep failed; trying again later")

    # ----- live ------------------------------------------------------------------------------------------
    async def socket(self, ws: WebSocket) -> None:
        """Tell a tournament page the revision now and after every change (it fetches the tournament again)."""
        await ws.accept()
        tid = int(ws.path_params["tid"])
        found = await self._run(self.store.load, tid)
        if found is None:
            await ws.send_json({"type": "error", "status": 404, "error": "there is no such tournament"})
            await ws.close(code=4404)
            return
        self._revs.setdefault(tid, found.rev)

        async def feed() -> None:
            sent = -1
            while True:
                event = self._changed.setdefault(tid, asyncio.Event())
                rev = self._revs.get(tid, 0)
                if rev != sent:
                    await ws.send_json({"type": "tournament", "rev": rev})
                    sent = rev
                    continue
                await event.wait()

        async def listen() -> None:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if (message.get("text") or "").strip() == '{"type":"ping"}':
                    await ws.send_json({"type": "pong"})

        tasks = [asyncio.ensure_future(feed()), asyncio.ensure_future(listen())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await ws.close()

    def routes(self) -> list[BaseRoute]:
        """The tournament API's routes."""
        tid = "/api/tournaments/{tid:int}"
        endpoints: list[tuple[str, Callable[[Request], Awaitable[Response]], str]] = [
            ("/api/tournaments", self.listing, "GET"),
            ("/api/tournaments", self.create, "POST"),
            (tid, self.page, "GET"),
            (f"{tid}/log", self.log, "GET"),
            (f"{tid}/standings", self.standings_of, "GET"),
            (tid + "/{what:str}.csv", self.csv_file, "GET"),
            (f"{tid}/signup", self.sign_up, "POST"),
            (f"{tid}/players", self.add_players, "POST"),
            (tid + "/players/{number:int}/{what:str}", self.player_action, "POST"),
            (f"{tid}/directors", self.add_director, "POST"),
            (f"{tid}/rounds", self.pair, "POST"),
            (tid + "/rounds/{round:int}/edit", self.edit, "POST"),
            (tid + "/rounds/{round:int}/publish", self.publish, "POST"),
            (tid + "/rounds/{round:int}/seat", self.seat, "POST"),
            (tid + "/rounds/{round:int}/tables/{table:int}/result", self.result, "POST"),
        ]
        out: list[BaseRoute] = [Route(path, fn, methods=[method]) for path, fn, method in endpoints]
        out.append(WebSocketRoute(f"{tid}/ws", self.socket))
        return out


def _pair_of(t: Tournament, number: int, table: int) -> tuple[int, ...]:
    return next(p.players() for r in t.rounds if r.number == number for p in r.pairings if p.table == table)


def _score(value: Any) -> int | None:
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,5}\s*", value):
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None


def _settings_view(st: Settings) -> dict[str, Any]:
    return {
        "rounds": st.rounds, "methods": [st.method(k) for k in range(1, st.rounds + 1)], "mode": st.mode, "ruleset": st.ruleset,
        "challenge": bool(st.ruleset_options.get("challenge", False)), "clock_minutes": st.clock_minutes,
        "overtime_penalty": st.overtime_penalty, "spread_cap": st.spread_cap, "bye_points": st.bye_points, "bye_spread": st.bye_spread,
        "forfeit_spread": st.forfeit_spread, "max_score": st.max_score, "gibson_pairing": st.gibson_pairing,
        "no_show_minutes": st.no_show_minutes,
    }  # fmt: skip


def _error_body(exc: AmathError) -> dict[str, Any]:
    return ApiError(409, str(exc), exc).body()


def _refused(exc: Refused) -> ApiError:
    p = exc.params
    if exc.why == "tournament_limit":
        return refuse(409, "tournament_limit", f"you own {p['n']} tournaments already, the most one account may", **p)
    if exc.why == "director_limit":
        return refuse(409, "director_limit", f"a tournament has at most {p['n']} co-directors", **p)
    if exc.why == "no_account":
        return refuse(404, "no_account", f"no account has the user name {p['name']!r}", **p)
    if exc.why == "already_director":
        return refuse(409, "already_director", f"{p['name']} directs this tournament already", **p)
    return refuse(409, "already_registered", "you are registered in this tournament already")


async def _json(request: Request) -> Any:
    raw = await request.body()
    return parse_json(raw) if raw else {}
