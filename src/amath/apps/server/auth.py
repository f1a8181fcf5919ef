"""Accounts over HTTP: sign up, log in and out, settings, profiles and leaderboards; the session cookie and CSRF.

**The session cookie** ``amath_session`` holds ``ACCOUNT.SESSION_ID``, signed and
timestamped with the server's key (``itsdangerous``): a cookie changed by one byte, or
older than 30 days, is ignored.  The random session id is stored only as its SHA-256
(:class:`amath.apps.server.accounts.Players`); logging out deletes it, so a copied cookie
stops working too.  ``HttpOnly``, ``SameSite=Lax``, ``Secure`` over HTTPS.

**CSRF**: a second cookie, ``amath_csrf``, readable by the page, holds an HMAC of the
session id under the server's key; every state-changing request (any method but GET,
HEAD, OPTIONS) that carries a valid session cookie must send it back in the
``X-CSRF-Token`` header (:class:`CsrfMiddleware`), else 403 ``csrf``.  Another site can
make a browser send the cookies, never read them, so it cannot send the header.

**Login limits**: per login name and per address (token buckets, as the other limits);
an unknown name and a wrong password get the same 401 after the same Argon2 work.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from urllib.parse import urlsplit

from itsdangerous import BadSignature, TimestampSigner
from starlette.requests import Request, cookie_parser
from starlette.responses import JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

import amath.apps.server.protocol as protocol
from amath.apps.server.accounts import (
    MAX_PASSWORD,
    MIN_PASSWORD,
    POOLS,
    RULESETS,
    SESSION_DAYS,
    TIME_CLASSES,
    USERNAME,
    Account,
    Finished,
    Players,
)
from amath.apps.server.config import LoginLimits
from amath.apps.server.errors import ApiError
from amath.apps.server.jsonbody import parse_json
from amath.apps.server.limits import Buckets

SESSION_COOKIE = "amath_session"
CSRF_COOKIE = "amath_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
RESIGN_AFTER = 86400.0
"""A session cookie older than this is signed again when the page asks who is logged in (``/api/me``)."""
T = TypeVar("T")


class Cookies:
    """Signs and reads the session cookie; derives the session's CSRF token."""

    def __init__(self, key: str) -> None:
        self._key = key.encode()
        self._signer = TimestampSigner(self._key, salt="amath.session")

    def session_value(self, account_id: int, sid: str) -> str:
        """The cookie's value for a session."""
        return self._signer.sign(f"{account_id}.{sid}").decode()

    def read(self, value: str | None) -> tuple[int, str] | None:
        """(account id, session id) from a genuine, unexpired cookie, else None."""
        found = self.read_signed(value)
        return None if found is None else found[:2]

    def read_signed(self, value: str | None) -> tuple[int, str, float] | None:
        """(account id, session id, when the cookie was signed) from a genuine, unexpired cookie, else None."""
        if not value or len(value) > 256:
            return None
        try:
            raw, signed = self._signer.unsign(value, max_age=SESSION_DAYS * 86400, return_timestamp=True)
        except BadSignature:  # (SignatureExpired is one)
            return None
        account, _, sid = raw.decode().partition(".")
        return (int(account), sid, signed.timestamp()) if account.isdigit() and sid else None

    def csrf(self, sid: str) -> str:
        """The CSRF token of a session: only the server (which has the key) can make it."""
        return hmac.new(self._key, b"csrf." + sid.encode(), hashlib.sha256).hexdigest()

    def session_of(self, scope: Scope) -> tuple[int, str] | None:
        """The signed session a request carries (not yet checked against the database)."""
        for name, value in scope.get("headers", []):
            if name == b"cookie":
                found = self.read(cookie_parser(value.decode("latin-1")).get(SESSION_COOKIE))
                if found is not None:
                    return found
        return None


class CsrfMiddleware:
    """403 ``csrf`` for a state-changing request from another site, or with a genuine session cookie and no matching ``X-CSRF-Token``.

    "From another site": the browser's ``Origin`` header names another host than the
    request's ``Host`` (every browser sends it with a POST).  This also stops a form on
    another site from logging a visitor in to the attacker's account (login CSRF: a
    ``text/plain`` form can post a body that reads as JSON).
    """

    def __init__(self, app: ASGIApp, cookies: Cookies) -> None:
        self.app = app
        self.cookies = cookies

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method", "GET") not in SAFE_METHODS:
            session = self.cookies.session_of(scope)
            headers = dict(scope.get("headers", []))
            origin, host = headers.get(b"origin"), headers.get(b"host")
            foreign = origin is not None and (host is None or urlsplit(origin.decode("latin-1")).netloc.encode("latin-1") != host)
            if session is not None or foreign:
                sent = headers.get(CSRF_HEADER.encode(), b"").decode("latin-1")
                if foreign or session is None or not hmac.compare_digest(sent, self.cookies.csrf(session[1])):
                    error = ApiError(
                        403,
                        "this request lacks the page's CSRF token or comes from another site: reload the page and try again",
                        code="csrf",
                        th=TH["csrf"],
                    )
                    body = json.dumps(error.body()).encode()
                    reply = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
                    await send({"type": "http.response.start", "status": 403, "headers": reply})
                    await send({"type": "http.response.body", "body": body})
                    return
        await self.app(scope, receive, send)


TH = {
    "csrf": "คำขอนี้ไม่มีรหัสป้องกันของหน้าเว็บ หรือมาจากเว็บไซต์อื่น กรุณาโหลดหน้าใหม่แล้วลองอีกครั้ง",
    "login_failed": "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง",
    "login_rate_name": "มีการลองเข้าสู่ระบบด้วยชื่อนี้หลายครั้งเกินไป กรุณารอหนึ่งนาทีแล้วลองใหม่",
    "login_rate_address": "มีการลองเข้าสู่ระบบจากที่อยู่นี้มากเกินไป กรุณารอสักครู่แล้วลองใหม่",
    "signup_rate": "มีการสมัครสมาชิกจากที่อยู่นี้มากเกินไป กรุณารอสักครู่แล้วลองใหม่",
    "name_taken": "ชื่อผู้ใช้นี้มีคนใช้แล้ว กรุณาเลือกชื่ออื่น",
    "bad_username": "ชื่อผู้ใช้ต้องยาว 3 ถึง 20 ตัว ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข _ และ - และขึ้นต้นด้วยตัวอักษรหรือตัวเลข",
    "bad_password": f"รหัสผ่านต้องยาว {MIN_PASSWORD} ถึง {MAX_PASSWORD} ตัวอักษร",
    "wrong_password": "รหัสผ่านเดิมไม่ถูกต้อง",
    "login_needed": "กรุณาเข้าสู่ระบบก่อน",
    "no_user": "ไม่มีผู้เล่นชื่อนี้",
    "bad_board": "ไม่มีตารางอันดับนี้: เลือกเกม (เอแม็ทหรือสแม็ท) ประเภทเวลา (คลาสสิก เร็ว หรือไม่จับเวลา) และกลุ่ม (เล่นกับคนหรือเล่นกับบอท)",
    "must_change": "กรุณาเปลี่ยนรหัสผ่านที่ครูให้มาก่อนเริ่มเล่น (ที่หน้าบัญชี)",
}
"""The Thai of every refusal here (THAI.md's words); the English is the ``ApiError``'s message."""


def refuse(status: int, code: str, message: str) -> ApiError:
    """An ``ApiError`` with its code and Thai text."""
    return ApiError(status, message, code=code, th=TH[code])


def read_username(value: Any) -> str:
    """A login name (see :data:`USERNAME`), else 400 ``bad_username``."""
    if not isinstance(value, str) or not USERNAME.match(value):
        raise refuse(400, "bad_username", "a user name is 3 to 20 letters (a-z), digits, _ or -, starting with a letter or digit")
    return value


def read_password(value: Any, what: str = "password") -> str:
    """A password of :data:`MIN_PASSWORD` to :data:`MAX_PASSWORD` characters, else 400 ``bad_password``."""
    if not isinstance(value, str) or not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise refuse(400, "bad_password", f"the {what} must be {MIN_PASSWORD} to {MAX_PASSWORD} characters long")
    return value


class Auth:
    """The account endpoints and the one question the rest of the server asks: who is this request's account?"""

    def __init__(self, players: Players, limits: LoginLimits | None = None) -> None:
        self.players = players
        self.cookies = Cookies(players.key("session"))
        limits = limits or LoginLimits()
        self.by_name = Buckets(*limits.per_name)
        self.by_address = Buckets(*limits.per_address)
        self.signups = Buckets(*limits.signups_per_address)
        self._hashing = asyncio.Semaphore(2)  # Argon2 takes 64 MiB and tens of ms a hash: at most two at once
        self.bots: dict[str, int] = {}  # bot level -> its rating account (set by the app: Players.bot_accounts)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.to_thread(fn, *args)

    async def _hash(self, fn: Callable[..., T], *args: Any) -> T:
        async with self._hashing:
            return await asyncio.to_thread(fn, *args)

    async def current(self, request: Request) -> Account | None:
        """The account of the request's session, or None (a guest, or a session that ended)."""
        session = self.cookies.read(request.cookies.get(SESSION_COOKIE))
        if session is None:
            return None
        account = await self._run(self.players.session, session[1])
        return account if account is not None and account.id == session[0] else None

    async def account_of(self, session: tuple[int, str]) -> Account | None:
        """The account of a signed session (from :meth:`Cookies.session_of`) if the session is live."""
        account = await self._run(self.players.session, session[1])
        return account if account is not None and account.id == session[0] else None

    async def required(self, request: Request) -> Account:
        """The request's account, else 401 ``login_needed``."""
        account = await self.current(request)
        if account is None:
            raise refuse(401, "login_needed", "log in first")
        return account

    # ----- hooks for the games ------------------------------------------------------------------
    async def settle(self, game: Finished) -> bool:
        """Record a finished game (ratings too, when rated); see :meth:`Players.settle`."""
        return await self._run(self.players.settle, game)

    async def ratings(self, account_ids: list[int], ruleset: str, time_class: str, pool: str = "people") -> dict[int, dict[str, Any]]:
        """The shown ratings of these accounts (those that have one) in a pool, ruleset and time class."""
        return await self._run(self.players.ratings_of, account_ids, ruleset, time_class, pool)

    def bot_account(self, level: str) -> int | None:
        """The rating account of a bot level (None: the level is not rated)."""
        return self.bots.get(level)

    async def bot_ratings(self) -> dict[str, Any]:
        """Each bot level's published rating (see :mod:`amath.apps.server.botrating`)."""
        return await self._run(self.players.bot_ratings, self.bots)

    async def player(self, request: Request) -> Account | None:
        """The request's account (None: a guest), else 403 ``must_change`` while a password the teacher set is not changed."""
        account = await self.current(request)
        if account is not None and account.must_change:
            raise refuse(403, "must_change", "change the password your teacher gave you before you play (Account page)")
        return account

    # ----- endpoints ---------------------------------------------------------------------------------
    def _answer(self, request: Request, account: Account | None, sid: str | None, status: int = 200) -> Response:
        response = JSONResponse({"account": None if account is None else account.public()}, status_code=status)
        secure = request.url.scheme == "https"
        if account is not None and sid is not None:
            age = SESSION_DAYS * 86400
            response.set_cookie(
                SESSION_COOKIE, self.cookies.session_value(account.id, sid), age, httponly=True, samesite="lax", secure=secure
            )
            response.set_cookie(CSRF_COOKIE, self.cookies.csrf(sid), age, samesite="lax", secure=secure)
        elif account is None:
            response.delete_cookie(SESSION_COOKIE, httponly=True, samesite="lax", secure=secure)
            response.delete_cookie(CSRF_COOKIE, samesite="lax", secure=secure)
        return response

    async def _new_session(self, request: Request, account: Account, status: int = 200) -> Response:
        """Log ``account`` in: a new session (any old one of this browser ends: no session fixation)."""
        old = self.cookies.read(request.cookies.get(SESSION_COOKIE))
        if old is not None:
            await self._run(self.players.close_session, old[1])
        sid = await self._run(self.players.open_session, account.id)
        return self._answer(request, account, sid, status)

    async def me(self, request: Request) -> Response:
        """The logged-in account; a cookie signed over a day ago is signed again, so 30 days count from the last visit."""
        account = await self.current(request)
        signed = self.cookies.read_signed(request.cookies.get(SESSION_COOKIE))
        if account is not None and signed is not None and signed[2] < time.time() - RESIGN_AFTER:
            response = self._answer(request, account, signed[1])
        else:
            response = JSONResponse({"account": None if account is None else account.public()})
        response.headers["Cache-Control"] = "no-store"
        return response

    async def sign_up(self, request: Request) -> Response:
        body = protocol.expect_object(await _json(request), "the sign-up")
        name = read_username(body.get("name"))
        password = read_password(body.get("password"))
        display = protocol.read_name(body.get("display"), name)
        if not self.signups.allow(_address(request)):
            raise refuse(429, "signup_rate", "too many sign-ups from your address: wait a while and try again")
        account = await self._hash(self.players.sign_up, name, display, password)
        if account is None:
            raise refuse(409, "name_taken", f"the user name {name!r} is taken: choose another")
        return await self._new_session(request, account, 201)

    async def log_in(self, request: Request) -> Response:
        body = protocol.expect_object(await _json(request), "the login")
        name, password = body.get("name"), body.get("password")
        failed = refuse(401, "login_failed", "wrong user name or password")
        if not isinstance(name, str) or not isinstance(password, str) or not 0 < len(name) <= 64 or len(password) > MAX_PASSWORD:
            raise failed
        if not self.by_address.allow(_address(request)):
            raise refuse(429, "login_rate_address", "too many login attempts from your address: wait a while and try again")
        if not self.by_name.allow(name.lower()):
            raise refuse(429, "login_rate_name", "too many login attempts for this user name: wait a minute and try again")
        account = await self._hash(self.players.log_in, name, password)
        if account is None:
            raise failed
        return await self._new_session(request, account)

    async def log_out(self, request: Request) -> Response:
        session = self.cookies.read(request.cookies.get(SESSION_COOKIE))
        if session is not None:
            await self._run(self.players.close_session, session[1])
        return self._answer(request, None, None)

    async def set_display(self, request: Request) -> Response:
        account = await self.required(request)
        body = protocol.expect_object(await _json(request), "the request")
        display = protocol.read_name(body.get("display"), account.name)
        return self._answer(request, await self._run(self.players.set_display, account.id, display), None)

    async def set_password(self, request: Request) -> Response:
        account = await self.required(request)
        body = protocol.expect_object(await _json(request), "the request")
        old, new = body.get("old"), read_password(body.get("new"), "new password")
        if not self.by_name.allow(account.name.lower()):
            raise refuse(429, "login_rate_name", "too many password attempts for this account: wait a minute and try again")
        if not isinstance(old, str) or len(old) > MAX_PASSWORD or not await self._hash(self.players.check_password, account.id, old):
            raise refuse(403, "wrong_password", "the old password is wrong")
        await self._hash(self.players.set_password, account.id, new)  # every session ends ...
        sid = await self._run(self.players.open_session, account.id)  # ... but this one goes on with a new id
        return self._answer(request, dataclasses.replace(account, must_change=False), sid)

    async def in_play(self, request: Request) -> Response:
        """The logged-in account's games waiting or in play: its seat there is open to it from any browser."""
        account = await self.required(request)
        games = await self._run(self.players.in_play, account.id)
        return JSONResponse({"games": games}, headers={"Cache-Control": "no-store"})

    async def profile(self, request: Request) -> Response:
        found = await self._run(self.players.profile, str(request.path_params["name"])[:64])
        if found is None:
            raise refuse(404, "no_user", "there is no player with this name")
        return JSONResponse(found)

    async def leaderboard(self, request: Request) -> Response:
        ruleset = request.query_params.get("ruleset", "a-math")
        klass = request.query_params.get("time_class", "classic")
        pool = request.query_params.get("pool", "people")
        if ruleset not in RULESETS or klass not in TIME_CLASSES or pool not in POOLS:
            raise refuse(
                400,
                "bad_board",
                f"no such leaderboard: ruleset is one of {', '.join(RULESETS)}, time_class one of {', '.join(TIME_CLASSES)}, "
                f"pool one of {', '.join(POOLS)}",
            )
        players = await self._run(self.players.leaderboard, ruleset, klass, 100, pool)
        return JSONResponse({"ruleset": ruleset, "time_class": klass, "pool": pool, "players": players, "at": time.time()})

    def routes(self) -> list[Route]:
        """The account API's routes."""
        endpoints: list[tuple[str, Callable[[Request], Awaitable[Response]], str]] = [
            ("/api/me", self.me, "GET"),
            ("/api/me/games", self.in_play, "GET"),
            ("/api/account/signup", self.sign_up, "POST"),
            ("/api/account/login", self.log_in, "POST"),
            ("/api/account/logout", self.log_out, "POST"),
            ("/api/account/display", self.set_display, "POST"),
            ("/api/account/password", self.set_password, "POST"),
            ("/api/users/{name}", self.profile, "GET"),
            ("/api/leaderboard", self.leaderboard, "GET"),
        ]
        return [Route(path, fn, methods=[method]) for path, fn, method in endpoints]


def _address(request: Request) -> str:
    return request.client.host if request.client else "?"


async def _json(request: Request) -> Any:
    raw = await request.body()
    return parse_json(raw) if raw else {}
