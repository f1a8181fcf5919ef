"""Classrooms in the database: classes, their students and their log (synchronous; the server runs these on its threads).

A class has one teacher (the account that made it), a name and a join code.  A student
is an account that joined with the code, or a *class login* (``managed``) the teacher
made from a list of names: its login name is the class's code and a number
(``k7q2mx-01``), its first password eight digits the teacher hands out, and it belongs to
the class (it cannot make or join other classes).  Every change is written to
``class_events`` and to the server's log, with who made it.

Nothing here knows HTTP or checks who asks: :mod:`amath.apps.server.classroom` does.
"""

from __future__ import annotations

import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from amath.apps.server.accounts import _shown
from amath.apps.server.schema import AccountRow, ClassEventRow, ClassMemberRow, ClassRow, RatingRow, ResultRow, SessionRow
from amath.apps.server.storage import GameRow, SeatRow

log = logging.getLogger("amath.apps.server")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The join code's alphabet: no O/0 or I/1 to mix up when read off a board."""
CODE_LENGTH = 6
MAX_CLASSES = 20
"""Classes one account may teach."""
MAX_STUDENTS = 60
"""Students in one class (joined or class logins)."""
MAX_CLASS_NAME = 64
RECENT_GAMES = 5
"""Each student's recent games on the teacher's page."""


def new_code() -> str:
    """A random join code (:data:`CODE_LENGTH` of :data:`CODE_LETTERS`)."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def new_pin() -> str:
    """A class login's first password: eight random digits."""
    return "".join(secrets.choice("0123456789") for _ in range(8))


@dataclass(frozen=True, slots=True)
class ClassInfo:
    """A class as the checks need it."""

    id: int
    teacher_id: int
    name: str
    code: str


class Refused(Exception):
    """A change the data forbids (``why``: ``class_limit``, ``class_full``, ``class_login``, ``teacher_in_class``, ``not_class_login``)."""

    def __init__(self, why: str, **params: Any) -> None:
        super().__init__(why)
        self.why = why
        self.params = params


def _disable(s: Session, account_id: int) -> None:
    """A class login that can never log in again: no password Argon2 reads, no session."""
    account = s.get(AccountRow, account_id)
    if account is not None:
        account.password_hash = "!"
    s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))


def _info(row: ClassRow) -> ClassInfo:
    return ClassInfo(row.id, row.teacher_id, row.name, row.code)


class Classes:
    """Classes, students and the class log on the server's database engine."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()

    def _event(self, s: Session, class_id: int, actor: int | None, action: str, detail: str) -> None:
        s.add(ClassEventRow(class_id=class_id, actor_id=actor, action=action, detail=detail[:255], at=time.time()))
        log.info("class %d: %s by account %s: %s", class_id, action, actor, detail[:255])

    def _managed(self, s: Session, account_id: int) -> bool:
        q = select(ClassMemberRow.class_id).where(ClassMemberRow.account_id == account_id, ClassMemberRow.managed.is_(True))
        return s.scalar(q) is not None

    # ----- changes -------------------------------------------------------------------------
    def create(self, teacher_id: int, name: str) -> ClassInfo:
        """A new class taught by ``teacher_id``; :class:`Refused` ``class_limit`` or ``class_login``."""
        for _ in range(20):
            try:
                with Session(self.engine) as s, s.begin():
                    if self._managed(s, teacher_id):
                        raise Refused("class_login")
                    mine = (ClassRow.teacher_id == teacher_id, ClassRow.deleted.is_(None))
                    count = s.scalar(select(func.count()).select_from(ClassRow).where(*mine)) or 0
                    if count >= MAX_CLASSES:
                        raise Refused("class_limit", n=MAX_CLASSES)
                    row = ClassRow(teacher_id=teacher_id, name=name, code=new_code(), created=time.time())
                    s.add(row)
                    s.flush()
                    self._event(s, row.id, teacher_id, "create", f"name={name!r} code={row.code}")
                    return _info(row)
            except IntegrityError:  # the code was taken: draw another
                continue
        raise RuntimeError("no free join code after 20 draws")

    def new_code(self, class_id: int, actor: int) -> str:
        """A fresh join code for the class (the old one stops working)."""
        for _ in range(20):
            try:
                with Session(self.engine) as s, s.begin():
                    row = s.get(ClassRow, class_id)
                    assert row is not None
                    row.code = new_code()
                    self._event(s, class_id, actor, "new_code", f"code={row.code}")
                    return row.code
            except IntegrityError:
                continue
        raise RuntimeError("no free join code after 20 draws")

    def join(self, code: str, account_id: int) -> ClassInfo | None:
        """``account_id`` joins the class with this code (again: nothing changes); None when no class has the code."""
        try:
            return self._join(code, account_id)
        except IntegrityError:  # the same account joined meanwhile (two clicks at once): it is in
            return self._join(code, account_id)

    def _join(self, code: str, account_id: int) -> ClassInfo | None:
        with Session(self.engine) as s, s.begin():
            row = s.scalar(select(ClassRow).where(ClassRow.code == code.upper()))
            if row is None or row.deleted is not None:
                return None
            if row.teacher_id == account_id:
                raise Refused("teacher_in_class")
            if s.get(ClassMemberRow, (row.id, account_id)) is not None:
                return _info(row)
            if self._managed(s, account_id):
                raise Refused("class_login")
            n = self._count(s, row.id)
            if n >= MAX_STUDENTS:
                raise Refused("class_full", max=MAX_STUDENTS, n=n)
            s.add(ClassMemberRow(class_id=row.id, account_id=account_id, managed=False, joined=time.time()))
            self._event(s, row.id, account_id, "join", f"account={account_id}")
            return _info(row)

    def _count(self, s: Session, class_id: int) -> int:
        return s.scalar(select(func.count()).select_from(ClassMemberRow).where(ClassMemberRow.class_id == class_id)) or 0

    def add_logins(self, class_id: int, actor: int, names: list[str]) -> list[dict[str, str]]:
        """Class logins for these display names: each one's login name and first password (shown to the teacher once)."""
        with Session(self.engine) as s:  # refused before the hashing work, when the class has no room for them
            n = self._count(s, class_id)
            if n + len(names) > MAX_STUDENTS:
                raise Refused("class_full", max=MAX_STUDENTS, n=n)
        pins = [new_pin() for _ in names]
        hashes = [self.hasher.hash(p) for p in pins]
        for _ in range(3):
            try:
                return self._add_logins(class_id, actor, names, pins, hashes)
            except IntegrityError:  # a login name taken meanwhile (two lists at once): number them again
                continue
        raise RuntimeError("no free login names after 3 tries")

    def _add_logins(self, class_id: int, actor: int, names: list[str], pins: list[str], hashes: list[str]) -> list[dict[str, str]]:
        made: list[dict[str, str]] = []
        with Session(self.engine) as s, s.begin():
            row = s.get(ClassRow, class_id)
            assert row is not None
            n = self._count(s, class_id)
            if n + len(names) > MAX_STUDENTS:
                raise Refused("class_full", max=MAX_STUDENTS, n=n)
            number = 0
            for display, pin, digest in zip(names, pins, hashes):
                while True:
                    number += 1
                    login = f"{row.code.lower()}-{number:02d}"
                    if s.scalar(select(AccountRow.id).where(AccountRow.key == login)) is None:
                        break
                account = AccountRow(name=login, key=login, display=display, password_hash=digest, created=time.time(), must_change=True)
                s.add(account)
                s.flush()
                s.add(ClassMemberRow(class_id=class_id, account_id=account.id, managed=True, joined=time.time()))
                made.append({"name": login, "display": display, "password": pin})
            self._event(s, class_id, actor, "add_logins", ", ".join(m["name"] for m in made))
        return made

    def member(self, class_id: int, login: str) -> tuple[int, bool] | None:
        """(account id, is a class login) of the class's student with this login name, else None."""
        with Session(self.engine) as s:
            q = (
                select(ClassMemberRow.account_id, ClassMemberRow.managed)
                .join(AccountRow, AccountRow.id == ClassMemberRow.account_id)
                .where(ClassMemberRow.class_id == class_id, AccountRow.key == login.lower())
            )
            found = s.execute(q).first()
            return None if found is None else (int(found[0]), bool(found[1]))

    def reset_password(self, class_id: int, actor: int, login: str) -> str | None:
        """A new first password for a class login (its sessions end); None when the class has no such student."""
        found = self.member(class_id, login)
        if found is None:
            return None
        if not found[1]:
            raise Refused("not_class_login")
        pin = new_pin()
        digest = self.hasher.hash(pin)
        with Session(self.engine) as s, s.begin():
            account = s.get(AccountRow, found[0])
            assert account is not None
            account.password_hash, account.must_change = digest, True  # the student changes it at the next login
            s.execute(delete(SessionRow).where(SessionRow.account_id == found[0]))
            self._event(s, class_id, actor, "reset_password", f"student={login.lower()}")
        return pin

    def remove(self, class_id: int, actor: int, login: str) -> bool:
        """The student leaves the class (their account, games and rating stay); False when there is no such student."""
        found = self.member(class_id, login)
        if found is None:
            return False
        with Session(self.engine) as s, s.begin():
            s.execute(delete(ClassMemberRow).where(ClassMemberRow.class_id == class_id, ClassMemberRow.account_id == found[0]))
            self._event(s, class_id, actor, "remove", f"student={login.lower()}")
        return True

    def rename(self, class_id: int, actor: int, name: str) -> None:
        """A new name for the class."""
        with Session(self.engine) as s, s.begin():
            row = s.get(ClassRow, class_id)
            assert row is not None
            self._event(s, class_id, actor, "rename", f"from={row.name!r} to={name!r}")
            row.name = name

    def delete_login(self, class_id: int, actor: int, login: str) -> bool:
        """Delete a class login: it leaves the class and can never log in again (its games stay); False when there is no such student.

        :class:`Refused` ``not_class_login`` for a student who signed up themself (the
        teacher removes them from the class instead: their account is their own).
        """
        found = self.member(class_id, login)
        if found is None:
            return False
        if not found[1]:
            raise Refused("not_class_login")
        with Session(self.engine) as s, s.begin():
            _disable(s, found[0])
            s.execute(delete(ClassMemberRow).where(ClassMemberRow.class_id == class_id, ClassMemberRow.account_id == found[0]))
            self._event(s, class_id, actor, "delete_login", f"student={login.lower()}")
        return True

    def delete(self, class_id: int, actor: int) -> None:
        """Delete the class: gone from every page, its code works no more, its class logins can no longer log in.

        Its students who signed up themselves keep their accounts; every game and result
        stays; the class's log stays in the database (the deletion is its last line).
        """
        with Session(self.engine) as s, s.begin():
            row = s.get(ClassRow, class_id)
            assert row is not None
            managed = s.scalars(
                select(ClassMemberRow.account_id).where(ClassMemberRow.class_id == class_id, ClassMemberRow.managed.is_(True))
            ).all()
            for account_id in managed:
                _disable(s, account_id)
            row.deleted = time.time()
            self._event(s, class_id, actor, "delete", f"name={row.name!r} class_logins={len(managed)}")

    # ----- reading ---------------------------------------------------------------------------
    def get(self, class_id: int) -> ClassInfo | None:
        """The class with this id."""
        with Session(self.engine) as s:
            row = s.get(ClassRow, class_id)
            return None if row is None or row.deleted is not None else _info(row)

    def mine(self, account_id: int) -> dict[str, Any]:
        """The classes an account teaches (with their codes) and those it is a student of (without)."""
        with Session(self.engine) as s:
            teaching = [
                {"id": r.id, "name": r.name, "code": r.code, "students": self._count(s, r.id), "created": r.created}
                for r in s.scalars(
                    select(ClassRow).where(ClassRow.teacher_id == account_id, ClassRow.deleted.is_(None)).order_by(ClassRow.created)
                )
            ]
            q = (
                select(ClassRow, AccountRow.display, ClassMemberRow.managed)
                .join(ClassMemberRow, ClassMemberRow.class_id == ClassRow.id)
                .join(AccountRow, AccountRow.id == ClassRow.teacher_id)
                .where(ClassMemberRow.account_id == account_id, ClassRow.deleted.is_(None))
            )
            studying = [{"id": r.id, "name": r.name, "teacher": t, "class_login": bool(m)} for r, t, m in s.execute(q).all()]
            return {"teaching": teaching, "studying": studying, "class_login": any(c["class_login"] for c in studying)}

    def page(self, class_id: int, finished: int = 50) -> dict[str, Any]:
        """The teacher's page: the students (ratings, recent games), the games in play and the finished ones, the log.

        No rack of any game is here: a game in play is watched as a spectator sees it, a
        finished one is opened in the record viewer (its racks are public then).
        """
        now = time.time()
        with Session(self.engine) as s:
            row = s.get(ClassRow, class_id)
            assert row is not None
            members = s.execute(
                select(AccountRow, ClassMemberRow.managed, ClassMemberRow.joined)
                .join(ClassMemberRow, ClassMemberRow.account_id == AccountRow.id)
                .where(ClassMemberRow.class_id == class_id)
                .order_by(AccountRow.display, AccountRow.key)
            ).all()
            ids = [a.id for a, _, _ in members]
            names = {a.id: a.name for a, _, _ in members}
            ratings: dict[int, list[dict[str, Any]]] = {}
            for r in s.scalars(select(RatingRow).where(RatingRow.account_id.in_(ids)).order_by(RatingRow.ruleset, RatingRow.time_class)):
                ratings.setdefault(r.account_id, []).append(
                    {"ruleset": r.ruleset, "time_class": r.time_class, "pool": r.pool, **_shown(r, now)}
                )
            results = s.scalars(
                select(ResultRow).where(ResultRow.account_id.in_(ids)).order_by(ResultRow.finished.desc()).limit(2000)
            ).all()
            recent: dict[int, list[dict[str, Any]]] = {}
            games: list[dict[str, Any]] = []
            for g in results:
                entry = {
                    "id": g.game_id, "student": names[g.account_id], "opponent": g.opponent, "outcome": g.outcome, "score": g.score,
                    "opponent_score": g.opponent_score, "reason": g.reason, "rated": g.rated, "ruleset": g.ruleset,
                    "time_class": g.time_class, "finished": g.finished,
                }  # fmt: skip
                mine = recent.setdefault(g.account_id, [])
                if len(mine) < RECENT_GAMES:
                    mine.append(entry)
                if len(games) < finished:
                    games.append(entry)
            live: dict[str, dict[str, Any]] = {}
            q = (
                select(GameRow.id, GameRow.mode, GameRow.created, SeatRow.account_id)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(GameRow.status == "playing", SeatRow.account_id.in_(ids))
                .order_by(GameRow.created.desc())
                .limit(200)
            )
            for game_id, mode, created, account_id in s.execute(q).all():
                playing = live.setdefault(game_id, {"id": game_id, "mode": mode, "created": created, "students": [], "seats": []})
                playing["students"].append(names[account_id] if account_id is not None else "")
            if live:
                seats = s.execute(
                    select(SeatRow.game_id, SeatRow.name, SeatRow.bot).where(SeatRow.game_id.in_(live)).order_by(SeatRow.seat)
                )
                for game_id, name, bot in seats.all():
                    live[game_id]["seats"].append({"name": name, "bot": bot})
            teacher = s.get(AccountRow, row.teacher_id)
            assert teacher is not None
            q_events = select(ClassEventRow).where(ClassEventRow.class_id == class_id).order_by(ClassEventRow.id.desc()).limit(30)
            rows = s.scalars(q_events).all()
            actors = {e.actor_id for e in rows if e.actor_id is not None}
            by: dict[int, str] = {i: n for i, n in s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(actors))).all()}
            events = [{"action": e.action, "detail": e.detail, "at": e.at, "by": by.get(e.actor_id or 0)} for e in rows]
            students = [
                {
                    "name": a.name, "display": a.display, "class_login": bool(managed), "joined": joined,
                    "ratings": ratings.get(a.id, []), "recent": recent.get(a.id, []),
                    "playing": [g["id"] for g in live.values() if a.name in g["students"]],
                }
                for a, managed, joined in members
            ]  # fmt: skip
            return {
                "id": row.id, "name": row.name, "code": row.code, "created": row.created,
                "teacher": {"name": teacher.name, "display": teacher.display}, "max_students": MAX_STUDENTS,
                "students": students, "live": list(live.values()), "finished": games, "events": events,
            }  # fmt: skip
