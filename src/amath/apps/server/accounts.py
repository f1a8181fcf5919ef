"""Players' records in the database: accounts, sessions, ratings and results (synchronous; the server runs them on its threads).

Nothing here knows HTTP: :mod:`amath.apps.server.auth` reads cookies and requests and
calls these.  Passwords reach this module only to be hashed or verified (Argon2, by
``argon2-cffi``); they are never stored or logged.  Session ids are random and stored
only as their SHA-256, like seat tokens.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from amath.apps.server.botrating import bot_login, seed_ratings
from amath.apps.server.glicko import Rating, age
from amath.apps.server.glicko import update as glicko_update
from amath.apps.server.schema import AccountRow, RatingRow, ResultRow, ServerKeyRow, SessionRow
from amath.apps.server.storage import GameRow, SeatRow

log = logging.getLogger("amath.apps.server")

USERNAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{2,19}$")
"""A login name: 3 to 20 letters (a-z), digits, ``_`` or ``-``, starting with a letter or digit; case does not matter."""
MIN_PASSWORD, MAX_PASSWORD = 8, 128
SESSION_DAYS = 30
"""A session not used for this long is over (the cookie's lifetime too)."""
SEEN_EVERY = 3600.0
"""A session's last use is written at most this often (not on every request)."""
POOLS = ("people", "bots")
"""Rating pools: games between two accounts of people, and an account's games against a bot level (the "vs bot" rating)."""
RULESETS = ("a-math", "smath")
"""The rulesets rated games are played in (Smath's options make casual games only)."""
TIME_CLASSES = ("classic", "fast", "untimed")
"""``classic``: a total clock of 20 minutes or more each (the 22-minute tournament clock); ``fast``: any shorter clock; ``untimed``."""


def time_class(clock: dict[str, Any]) -> str:
    """The time class of a set-up's clock."""
    kind = clock.get("kind", "none")
    if kind == "none":
        return "untimed"
    return "classic" if kind == "total" and float(clock.get("seconds", 0)) >= 20 * 60 else "fast"


def _digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Account:
    """A signed-up player as the server uses it."""

    id: int
    name: str
    display: str
    must_change: bool = False
    """A teacher set the password: the account changes it before it plays."""

    def public(self) -> dict[str, Any]:
        """What anyone may see of it (and its owner: whether the password must be changed first)."""
        return {"name": self.name, "display": self.display, **({"must_change": True} if self.must_change else {})}


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name, row.display, bool(row.must_change))


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat of a finished game, for :meth:`Players.settle`."""

    seat: int
    side: int
    name: str
    account: int | None


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game as :meth:`Players.settle` needs it: who sat where, the final scores and the winners."""

    game_id: str
    variant: str
    clock: dict[str, Any]
    rated: bool
    reason: str
    seats: tuple[SeatResult, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    finished: float = field(default_factory=time.time)
    pool: str = "people"
    """``bots`` when a seat is a bot level's (its rating account plays the game)."""
    bingos: tuple[int, ...] = ()
    """Each side's placements that used a full rack."""


class Players:
    """Accounts, sessions, ratings and results on the server's database engine."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.hasher = PasswordHasher()
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))  # verified for unknown names: the same work, the same answer
        self._settling = threading.Lock()

    # ----- the server's key ------------------------------------------------------------------
    def key(self, name: str) -> str:
        """The server's secret ``name`` (made once, kept in the database so a restart keeps every cookie valid)."""
        with Session(self.engine) as s, s.begin():
            row = s.get(ServerKeyRow, name)
            if row is not None:
                return row.value
            s.add(ServerKeyRow(name=name, value=secrets.token_hex(32)))
        with Session(self.engine) as s:  # another process may have made it first
            value = s.scalar(select(ServerKeyRow.value).where(ServerKeyRow.name == name))
            assert value is not None
            return value

    # ----- accounts --------------------------------------------------------------------------
    def sign_up(self, name: str, display: str, password: str) -> Account | None:
        """A new account (the password hashed here); None when the name is taken (in any case) or reserved (``bot-...``)."""
        if name.lower().startswith("bot-"):
            return None
        digest = self.hasher.hash(password)
        try:
            with Session(self.engine) as s, s.begin():
                if s.scalar(select(AccountRow.id).where(AccountRow.key == name.lower())) is not None:
                    return None
                row = AccountRow(name=name, key=name.lower(), display=display, password_hash=digest, created=time.time())
                s.add(row)
                s.flush()
                return _account(row)
        except IntegrityError:  # taken meanwhile
            return None

    def log_in(self, name: str, password: str) -> Account | None:
        """The account whose name and password these are, else None (an unknown name costs the same as a wrong password)."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.lower()))
            stored = row.password_hash if row is not None else self._dummy
            try:
                self.hasher.verify(stored, password)
            except (VerifyMismatchError, VerificationError, InvalidHashError):
                return None
            if row is None:
                return None
            account = _account(row)
            if self.hasher.check_needs_rehash(stored):
                self._set_hash(account.id, password)
            return account

    def check_password(self, account_id: int, password: str) -> bool:
        """Whether ``password`` is the account's."""
        with Session(self.engine) as s:
            stored = s.scalar(select(AccountRow.password_hash).where(AccountRow.id == account_id))
        try:
            return stored is not None and self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def set_password(self, account_id: int, password: str) -> None:
        """A new password (one the teacher set is now changed); every session of the account ends (the caller opens a new one)."""
        self._set_hash(account_id, password)
        with Session(self.engine) as s, s.begin():
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(must_change=False))
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.account_id == account_id))

    def _set_hash(self, account_id: int, password: str) -> None:
        digest = self.hasher.hash(password)
        with Session(self.engine) as s, s.begin():
            s.execute(update(AccountRow).where(AccountRow.id == account_id).values(password_hash=digest))

    def set_display(self, account_id: int, display: str) -> Account:
        """A new display name (seats of games to come show it)."""
        with Session(self.engine) as s, s.begin():
            row = s.get(AccountRow, account_id)
            assert row is not None
            row.display = display
            return _account(row)

    def by_name(self, name: str) -> Account | None:
        """The account with this login name (any case)."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.lower()))
            return None if row is None else _account(row)

    # ----- sessions --------------------------------------------------------------------------
    def open_session(self, account_id: int) -> str:
        """A new session for the account: its random id (the cookie carries it, signed)."""
        sid = secrets.token_urlsafe(32)
        now = time.time()
        with Session(self.engine) as s, s.begin():
            s.add(SessionRow(id_hash=_digest(sid), account_id=account_id, created=now, seen=now))
        return sid

    def session(self, sid: str) -> Account | None:
        """The account of a live session, else None (an expired one is deleted)."""
        now = time.time()
        with Session(self.engine) as s, s.begin():
            row = s.get(SessionRow, _digest(sid))
            if row is None:
                return None
            if row.seen < now - SESSION_DAYS * 86400:
                s.delete(row)
                return None
            if row.seen < now - SEEN_EVERY:
                row.seen = now
            account = s.get(AccountRow, row.account_id)
            return None if account is None else _account(account)

    def close_session(self, sid: str) -> None:
        """Log out: the session is deleted (its cookie no longer works anywhere)."""
        with Session(self.engine) as s, s.begin():
            s.execute(delete(SessionRow).where(SessionRow.id_hash == _digest(sid)))

    # ----- results and ratings ---------------------------------------------------------------
    def settle(self, game: Finished) -> bool:
        """Record a finished game for every account at it, and update the ratings if it was rated; False if it was already."""
        accounts = [s for s in game.seats if s.account is not None]
        if not accounts:
            return False
        rated = game.rated and _rateable(game)
        with self._settling, Session(self.engine) as s, s.begin():
            if s.get(ResultRow, (game.game_id, accounts[0].seat)) is not None:
                return False
            ruleset, klass, pool = game.variant, time_class(game.clock), game.pool
            changes: dict[int, tuple[float, Rating]] = {}
            if rated:
                a, b = accounts
                before = {
                    x.account: self._rating(s, x.account, ruleset, klass, game.finished, pool) for x in (a, b) if x.account is not None
                }
                for me, other in ((a, b), (b, a)):
                    assert me.account is not None and other.account is not None
                    score = _score(game, me.side)
                    changes[me.account] = (before[me.account].rating, glicko_update(before[me.account], [(before[other.account], score)]))
                for account_id, (_, new) in changes.items():
                    self._save_rating(s, account_id, ruleset, klass, new, game.finished, pool)
            for x in accounts:
                assert x.account is not None
                others = [o for o in game.seats if o.side != x.side]
                change = changes.get(x.account)
                s.add(
                    ResultRow(
                        game_id=game.game_id, seat=x.seat, account_id=x.account, outcome=_outcome(game, x.side),
                        score=game.scores[x.side], opponent=", ".join(o.name for o in others)[:64],
                        opponent_score=max((game.scores[o.side] for o in others), default=0), reason=game.reason[:16],
                        rated=change is not None, ruleset=ruleset[:40], time_class=klass,
                        rating_before=None if change is None else change[0], rating_after=None if change is None else change[1].rating,
                        rd_after=None if change is None else change[1].rd, finished=game.finished, pool=pool,
                        bingos=game.bingos[x.side] if x.side < len(game.bingos) else None,
                    )
                )  # fmt: skip
        return True

    def _rating(self, s: Session, account_id: int, ruleset: str, klass: str, now: float, pool: str = "people") -> Rating:
        row = s.get(RatingRow, (account_id, ruleset, klass, pool))
        if row is None:
            return Rating()
        return age(Rating(row.rating, row.rd, row.volatility), (now - row.updated) / 86400)

    def _save_rating(self, s: Session, account_id: int, ruleset: str, klass: str, new: Rating, now: float, pool: str = "people") -> None:
        row = s.get(RatingRow, (account_id, ruleset, klass, pool))
        if row is None:
            row = RatingRow(account_id=account_id, ruleset=ruleset, time_class=klass, pool=pool, games=0)
            s.add(row)
        row.rating, row.rd, row.volatility, row.games, row.updated = new.rating, new.rd, new.volatility, row.games + 1, now

    # ----- what pages show -----------------------------------------------------------------------
    def ratings_of(self, account_ids: list[int], ruleset: str, klass: str, pool: str = "people") -> dict[int, dict[str, Any]]:
        """The current ratings (grown by idle time) of these accounts in one pool, ruleset and time class."""
        now = time.time()
        with Session(self.engine) as s:
            q = select(RatingRow).where(
                RatingRow.account_id.in_(account_ids), RatingRow.ruleset == ruleset, RatingRow.time_class == klass, RatingRow.pool == pool
            )
            return {row.account_id: _shown(row, now) for row in s.scalars(q)}

    def profile(self, name: str, limit: int = 100) -> dict[str, Any] | None:
        """An account's public page: ratings, counts of games, and its finished games (newest first)."""
        now = time.time()
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.lower()))
            if row is None:
                return None
            ratings = [
                {"ruleset": r.ruleset, "time_class": r.time_class, "pool": r.pool, **_shown(r, now)}
                for r in s.scalars(
                    select(RatingRow)
                    .where(RatingRow.account_id == row.id)
                    .order_by(RatingRow.pool.desc(), RatingRow.ruleset, RatingRow.time_class)  # people's first
                )
            ]
            history: dict[tuple[str, str, str], list[list[float]]] = {}
            rated = (ResultRow.account_id == row.id, ResultRow.rated.is_(True))
            q_history = select(ResultRow).where(*rated).order_by(ResultRow.finished.desc()).limit(2000)
            for r in reversed(s.scalars(q_history).all()):  # the newest 2000, oldest first
                points = history.setdefault((r.ruleset, r.time_class, r.pool), [])
                if not points and r.rating_before is not None:
                    points.append([r.finished, round(r.rating_before)])
                if r.rating_after is not None:
                    points.append([r.finished, round(r.rating_after)])
            for rating in ratings:
                rating["history"] = history.get((rating["ruleset"], rating["time_class"], rating["pool"]), [])
            average, bingos = s.execute(
                select(func.avg(ResultRow.score), func.sum(ResultRow.bingos)).where(ResultRow.account_id == row.id)
            ).one()
            counts = dict(
                s.execute(select(ResultRow.outcome, func.count()).where(ResultRow.account_id == row.id).group_by(ResultRow.outcome)).all()
            )
            q = select(ResultRow).where(ResultRow.account_id == row.id).order_by(ResultRow.finished.desc()).limit(limit)
            games = [
                {
                    "id": r.game_id, "opponent": r.opponent, "outcome": r.outcome, "score": r.score, "opponent_score": r.opponent_score,
                    "reason": r.reason, "rated": r.rated, "ruleset": r.ruleset, "time_class": r.time_class,
                    "rating_before": _round(r.rating_before), "rating_after": _round(r.rating_after), "finished": r.finished,
                    "pool": r.pool, "bingos": r.bingos,
                }
                for r in s.scalars(q)
            ]  # fmt: skip
            won, drawn, lost = (int(counts.get(k, 0)) for k in ("win", "draw", "loss"))
            return {
                "name": row.name, "display": row.display, "created": row.created, "ratings": ratings, "bot": row.bot,
                "stats": {
                    "played": won + drawn + lost, "won": won, "drawn": drawn, "lost": lost,
                    "average_score": None if average is None else round(float(average), 1), "bingos": int(bingos or 0),
                },
                "games": games,
            }  # fmt: skip

    def leaderboard(self, ruleset: str, klass: str, limit: int = 100, pool: str = "people") -> list[dict[str, Any]]:
        """The rated people of one pool, ruleset and time class: established ratings first, each group highest first."""
        now = time.time()
        with Session(self.engine) as s:
            q = (
                select(RatingRow, AccountRow.name, AccountRow.display)
                .join(AccountRow, AccountRow.id == RatingRow.account_id)
                .where(RatingRow.ruleset == ruleset, RatingRow.time_class == klass, RatingRow.pool == pool, AccountRow.bot.is_(None))
                .order_by(RatingRow.rating.desc())
                .limit(limit * 4)
            )
            rows = [{"name": name, "display": display, **_shown(r, now)} for r, name, display in s.execute(q).all()]
        rows.sort(key=lambda x: (x["provisional"], -x["rating"]))
        return rows[:limit]

    def in_play(self, account_id: int, limit: int = 50) -> list[dict[str, Any]]:
        """The games an account sits in that are waiting or in play (not hot seats), newest first: to open from any browser."""
        with Session(self.engine) as s:
            q = (
                select(GameRow.id, GameRow.mode, GameRow.status, GameRow.created, GameRow.config)
                .join(SeatRow, SeatRow.game_id == GameRow.id)
                .where(SeatRow.account_id == account_id, GameRow.status.in_(("waiting", "playing")), GameRow.mode != "hotseat")
                .order_by(GameRow.created.desc())
                .limit(limit)
            )
            games: dict[str, dict[str, Any]] = {
                game_id: {"id": game_id, "mode": mode, "status": status, "created": created, "variant": _variant(config), "seats": []}
                for game_id, mode, status, created, config in s.execute(q).all()
            }
            if games:
                q_seats = select(SeatRow.game_id, SeatRow.name, SeatRow.bot, SeatRow.joined).where(SeatRow.game_id.in_(games))
                for game_id, name, bot, joined in s.execute(q_seats.order_by(SeatRow.game_id, SeatRow.seat)).all():
                    games[game_id]["seats"].append({"name": name, "bot": bot, "joined": joined})
            return list(games.values())

    # ----- the bots' rating accounts ------------------------------------------------------------
    def bot_accounts(self, names: dict[str, str]) -> dict[str, int]:
        """The rating account of each bot level (``names``: level -> its name for people), made with its seeded ratings if new.

        Its login name is :func:`amath.apps.server.botrating.bot_login`; its password hash is
        none Argon2 reads, so nobody logs in to it.  A level whose login name a person took
        (signed up before it was reserved) has none: it is not rated.
        """
        made: dict[str, int] = {}
        with Session(self.engine) as s, s.begin():
            for level, display in names.items():
                login = bot_login(level)
                row = s.scalar(select(AccountRow).where(AccountRow.key == login))
                if row is None:
                    row = AccountRow(name=login, key=login, display=display[:64], password_hash="!", created=time.time(), bot=level)
                    s.add(row)
                    s.flush()
                    log.info("bot level %s: rating account %s made", level, login)
                if row.bot != level:
                    log.error("the login name %s is a person's: bot level %s is not rated", login, level)
                    continue
                made[level] = row.id
                for ruleset in RULESETS:
                    seed = seed_ratings(ruleset).get(level)
                    for klass in TIME_CLASSES:
                        if seed is not None and s.get(RatingRow, (row.id, ruleset, klass, "bots")) is None:
                            s.add(RatingRow(account_id=row.id, ruleset=ruleset, time_class=klass, pool="bots", games=0,
                                            rating=seed.rating, rd=seed.rd, volatility=seed.volatility, updated=time.time()))  # fmt: skip
        return made

    def bot_ratings(self, accounts: dict[str, int]) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
        """Each bot level's published rating: level -> ruleset -> time class -> rating, deviation, games."""
        now = time.time()
        level_of = {account_id: level for level, account_id in accounts.items()}
        found: dict[str, dict[str, dict[str, dict[str, Any]]]] = {}
        with Session(self.engine) as s:
            q = select(RatingRow).where(RatingRow.account_id.in_(list(level_of)), RatingRow.pool == "bots")
            for r in s.scalars(q):
                found.setdefault(level_of[r.account_id], {}).setdefault(r.ruleset, {})[r.time_class] = _shown(r, now)
        return found


def _variant(config: str) -> str:
    try:
        found = json.loads(config).get("variant", "a-math")
    except (ValueError, AttributeError):
        return "a-math"
    return found if isinstance(found, str) else "a-math"


def _round(x: float | None) -> int | None:
    return None if x is None else round(x)


def _shown(row: RatingRow, now: float) -> dict[str, Any]:
    aged = age(Rating(row.rating, row.rd, row.volatility), (now - row.updated) / 86400)
    return {"rating": round(aged.rating), "rd": round(aged.rd), "provisional": aged.provisional, "games": row.games}


def _rateable(game: Finished) -> bool:
    """Two seats, two sides, two different accounts (one a bot level's in the ``bots`` pool), a rated ruleset."""
    accounts = {s.account for s in game.seats}
    return len(game.seats) == 2 and len(game.scores) == 2 and None not in accounts and len(accounts) == 2 and game.variant in RULESETS


def _score(game: Finished, side: int) -> float:
    if side not in game.winners:
        return 0.0
    return 1.0 if len(game.winners) == 1 else 0.5


def _outcome(game: Finished, side: int) -> str:
    score = _score(game, side)
    return "win" if score == 1.0 else "draw" if score == 0.5 else "loss"
