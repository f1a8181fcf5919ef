"""Classrooms over HTTP: a teacher makes a class, students join it with its code or log in with a class login.

Every request needs a logged-in account (401 ``login_needed``); everything about one
class but joining it is for its teacher only (403 ``not_teacher``), and every change is
logged (:class:`amath.apps.server.classes.Classes`).  The session cookie's CSRF check
(:class:`amath.apps.server.auth.CsrfMiddleware`) guards every POST here as everywhere.
Each refusal has a ``code`` and its Thai text (:data:`TH`, THAI.md's words).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

import amath.apps.server.protocol as protocol
from amath.apps.server.accounts import Account
from amath.apps.server.auth import Auth
from amath.apps.server.classes import CODE_LENGTH, MAX_CLASS_NAME, MAX_STUDENTS, Classes, ClassInfo, Refused
from amath.apps.server.errors import ApiError
from amath.apps.server.jsonbody import parse_json

T = TypeVar("T")
CODE = re.compile(rf"^[A-Za-z0-9]{{{CODE_LENGTH}}}$")

TH = {
    "class_name": f"ชื่อห้องเรียนต้องยาว 1 ถึง {MAX_CLASS_NAME} ตัวอักษร",
    "class_limit": "คุณมีห้องเรียนครบ {n} ห้องแล้ว ซึ่งเป็นจำนวนสูงสุดของหนึ่งบัญชี",
    "class_login": "บัญชีที่ครูสร้างให้เป็นของห้องเรียนนั้น จึงสร้างหรือเข้าร่วมห้องเรียนอื่นไม่ได้",
    "bad_class_code": f"รหัสเข้าร่วมห้องเรียนคือตัวอักษรอังกฤษและตัวเลข {CODE_LENGTH} ตัว",
    "class_code": "ไม่มีห้องเรียนที่ใช้รหัสเข้าร่วมนี้ กรุณาตรวจรหัสกับครูอีกครั้ง",
    "teacher_in_class": "คุณเป็นครูของห้องเรียนนี้ จึงเข้าร่วมเป็นนักเรียนไม่ได้",
    "class_full": "ห้องเรียนหนึ่งมีนักเรียนได้ไม่เกิน {max} คน ห้องนี้มีแล้ว {n} คน",
    "no_class": "ไม่มีห้องเรียนนี้",
    "not_teacher": "เฉพาะครูของห้องเรียนนี้เท่านั้นที่ดูหรือแก้ไขห้องเรียนนี้ได้",
    "bad_names": f"รายชื่อนักเรียนต้องมี 1 ถึง {MAX_STUDENTS} ชื่อ",
    "bad_student_name": "ชื่อลำดับที่ {k} ใช้ไม่ได้: ชื่อต้องยาว 1 ถึง {max} ตัวอักษร",
    "no_student": "ห้องเรียนนี้ไม่มีนักเรียนที่ใช้ชื่อผู้ใช้นี้",
    "not_class_login": "ครูตั้งรหัสผ่านใหม่หรือลบได้เฉพาะบัญชีที่ครูสร้างให้ นักเรียนคนนี้สมัครบัญชีเอง (นำออกจากห้องเรียนได้)",
}
"""The Thai of every refusal here; ``{n}``-style fields are filled as in the English."""


async def _json(request: Request) -> Any:
    raw = await request.body()
    return parse_json(raw) if raw else {}


def refuse(status: int, code: str, message: str, **params: Any) -> ApiError:
    """An ``ApiError`` with its code and Thai text (fields filled)."""
    return ApiError(status, message, code=code, th=TH[code].format(**params))


def _refused(exc: Refused) -> ApiError:
    p = exc.params
    if exc.why == "class_limit":
        return refuse(409, "class_limit", f"you already teach {p['n']} classes, the most one account may", **p)
    if exc.why == "class_login":
        return refuse(403, "class_login", "a class login belongs to its class: it cannot make or join other classes")
    if exc.why == "teacher_in_class":
        return refuse(409, "teacher_in_class", "you teach this class: its students join it, not its teacher")
    if exc.why == "class_full":
        return refuse(409, "class_full", f"a class holds at most {p['max']} students; this one has {p['n']}", **p)
    return refuse(
        409, "not_class_login",
        "the teacher can reset or delete only a class login; this student signed up themself (remove them from the class instead)",
    )  # fmt: skip


def read_class_name(value: Any) -> str:
    """A class's name: 1 to :data:`MAX_CLASS_NAME` printable characters (trimmed), else 400 ``class_name``."""
    name = " ".join("".join(ch for ch in value if ch.isprintable()).split()) if isinstance(value, str) else ""
    if not 0 < len(name) <= MAX_CLASS_NAME:
        raise refuse(400, "class_name", f"'name': a class name is 1 to {MAX_CLASS_NAME} characters")
    return name


def read_code(value: Any) -> str:
    """A join code (any case), else 400 ``bad_class_code``."""
    if not isinstance(value, str) or not CODE.match(value.strip()):
        raise refuse(400, "bad_class_code", f"'code': a join code is {CODE_LENGTH} letters and digits")
    return value.strip().upper()


def read_names(value: Any) -> list[str]:
    """The display names of new class logins: a list of 1 to :data:`MAX_STUDENTS` names, each 1 to 24 characters."""
    if isinstance(value, str):
        value = [line for line in value.splitlines() if line.strip()]
    if not isinstance(value, list) or not 0 < len(value) <= MAX_STUDENTS:
        raise refuse(400, "bad_names", f"'names' must be a list of 1 to {MAX_STUDENTS} names")
    names = []
    for k, item in enumerate(value, 1):
        try:
            name = protocol.read_name(item if isinstance(item, str) else 0, "")
        except ApiError:
            name = ""
        if not name:
            raise refuse(
                400, "bad_student_name", f"name {k} of the list is not usable: a name is 1 to {protocol.MAX_NAME} characters",
                k=k, max=protocol.MAX_NAME,
            )  # fmt: skip
        names.append(name)
    return names


class Classroom:
    """The class endpoints."""

    def __init__(self, auth: Auth, classes: Classes, progress: Callable[[str], dict[str, Any] | None] | None = None) -> None:
        self.auth = auth
        self.classes = classes
        self.progress = progress  # the scores of a game in play (public), from the rooms held in memory

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        try:
            return await asyncio.to_thread(fn, *args)
        except Refused as exc:
            raise _refused(exc) from None

    async def _teacher(self, request: Request) -> tuple[Account, ClassInfo]:
        """The request's account and its class, else 401, 404 ``no_class`` or 403 ``not_teacher``."""
        account = await self.auth.required(request)
        found = await self._run(self.classes.get, int(request.path_params["class_id"]))
        if found is None:
            raise refuse(404, "no_class", "there is no such class")
        if found.teacher_id != account.id:
            raise refuse(403, "not_teacher", "only the class's teacher may see or change this class")
        return account, found

    async def mine(self, request: Request) -> Response:
        account = await self.auth.required(request)
        return JSONResponse(await self._run(self.classes.mine, account.id), headers={"Cache-Control": "no-store"})

    async def create(self, request: Request) -> Response:
        account = await self.auth.required(request)
        body = protocol.expect_object(await _json(request), "the class")
        made = await self._run(self.classes.create, account.id, read_class_name(body.get("name")))
        return JSONResponse({"id": made.id, "name": made.name, "code": made.code}, status_code=201)

    async def join(self, request: Request) -> Response:
        account = await self.auth.required(request)
        body = protocol.expect_object(await _json(request), "the request")
        found = await self._run(self.classes.join, read_code(body.get("code")), account.id)
        if found is None:
            raise refuse(404, "class_code", "no class has this join code: check it with your teacher")
        return JSONResponse({"id": found.id, "name": found.name})

    async def page(self, request: Request) -> Response:
        _, found = await self._teacher(request)
        page = await self._run(self.classes.page, found.id)
        for game in page["live"]:
            game.update((self.progress(game["id"]) if self.progress is not None else None) or {"scores": None, "turns": None})
        return JSONResponse(page, headers={"Cache-Control": "no-store"})

    async def add_logins(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        body = protocol.expect_object(await _json(request), "the request")
        names = read_names(body.get("names"))
        async with self.auth._hashing:  # Argon2: a hash each
            made = await self._run(self.classes.add_logins, found.id, account.id, names)
        return JSONResponse({"logins": made}, status_code=201, headers={"Cache-Control": "no-store"})

    async def reset_password(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        login = str(request.path_params["name"])[:64]
        async with self.auth._hashing:
            pin = await self._run(self.classes.reset_password, found.id, account.id, login)
        if pin is None:
            raise refuse(404, "no_student", "this class has no student with this user name")
        return JSONResponse({"name": login.lower(), "password": pin}, headers={"Cache-Control": "no-store"})

    async def remove(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        if not await self._run(self.classes.remove, found.id, account.id, str(request.path_params["name"])[:64]):
            raise refuse(404, "no_student", "this class has no student with this user name")
        return JSONResponse({"removed": True})

    async def rename(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        body = protocol.expect_object(await _json(request), "the request")
        name = read_class_name(body.get("name"))
        await self._run(self.classes.rename, found.id, account.id, name)
        return JSONResponse({"id": found.id, "name": name})

    async def delete(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        await self._run(self.classes.delete, found.id, account.id)
        return JSONResponse({"deleted": True})

    async def delete_login(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        if not await self._run(self.classes.delete_login, found.id, account.id, str(request.path_params["name"])[:64]):
            raise refuse(404, "no_student", "this class has no student with this user name")
        return JSONResponse({"deleted": True})

    async def new_code(self, request: Request) -> Response:
        account, found = await self._teacher(request)
        return JSONResponse({"code": await self._run(self.classes.new_code, found.id, account.id)})

    def routes(self) -> list[Route]:
        """The class API's routes."""
        endpoints: list[tuple[str, Callable[[Request], Awaitable[Response]], str]] = [
            ("/api/classes", self.mine, "GET"),
            ("/api/classes", self.create, "POST"),
            ("/api/classes/join", self.join, "POST"),
            ("/api/classes/{class_id:int}", self.page, "GET"),
            ("/api/classes/{class_id:int}/students", self.add_logins, "POST"),
            ("/api/classes/{class_id:int}/students/{name}/password", self.reset_password, "POST"),
            ("/api/classes/{class_id:int}/students/{name}/remove", self.remove, "POST"),
            ("/api/classes/{class_id:int}/code", self.new_code, "POST"),
            ("/api/classes/{class_id:int}/name", self.rename, "POST"),
            ("/api/classes/{class_id:int}/delete", self.delete, "POST"),
            ("/api/classes/{class_id:int}/students/{name}/delete", self.delete_login, "POST"),
        ]
        return [Route(path, fn, methods=[method]) for path, fn, method in endpoints]
