"""Storage through SQLAlchemy: a game is a header, its seats and the sequence of its turns.

The turns are the saved-game turns of :mod:`amath.formats.save` (notation, player,
elapsed), so replaying them from the seed rebuilds the game exactly after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import itertools
import json
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    column,
    create_engine,
    event,
    func,
    insert,
    select,
    table,
    update,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, NoSuchModuleError
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship
from sqlalchemy.pool import StaticPool
from sqlalchemy.sql.expression import BindParameter, bindparam

from amath.apps.server.schema import HEAD, Base, ResultRow, SchemaUnknown, prepare
from amath.apps.server.writers import Writers, driver_for
from amath.core.errors import AmathError

if TYPE_CHECKING:
    import psycopg


class GameRow(Base):
    """One game or room: how it was set up, its seed once started, and its status."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    created: Mapped[float] = mapped_column(Float)
    turn_started: Mapped[float] = mapped_column(Float, default=0.0)
    seats: Mapped[list[SeatRow]] = relationship(order_by="SeatRow.seat", cascade="all, delete-orphan")
    turns: Mapped[list[TurnRow]] = relationship(order_by="TurnRow.n", cascade="all, delete-orphan")


class SeatRow(Base):
    """A seat at the table: who sits there, the hash of its secret token, or a bot level."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str] = mapped_column(String(64), default="")
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", name="fk_seats_account_id"), nullable=True, index=True)


class TurnRow(Base):
    """One saved-game turn: ``{"player", "move", "by"?, "elapsed"?}`` as JSON, in order."""

    __tablename__ = "turns"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[str] = mapped_column(Text)


@dataclass(slots=True)
class StoredSeat:
    """A seat as kept in memory and in the database."""

    seat: int
    name: str = ""
    token_hash: str = ""
    bot: str | None = None
    joined: bool = False
    account: int | None = None


@dataclass(slots=True)
class StoredGame:
    """A game as kept in the database: header, seats and saved turns."""

    id: str
    mode: str
    config: dict[str, Any]
    seats: list[StoredSeat]
    created: float
    seed: int | None = None
    status: str = "waiting"
    turn_started: float = 0.0
    turns: list[dict[str, Any]] = field(default_factory=list)


class StorageError(AmathError):
    """A database URL the server cannot use: unreadable, its driver missing, or the database out of reach."""

    default_code = "storage"


POSTGRES_DRIVER = "pip install 'amath[postgres]'"


def database_url(text: str) -> URL:
    """``text`` as an SQLAlchemy URL; PostgreSQL without a driver named means psycopg (the ``postgres`` extra)."""
    try:
        url = make_url(text)
    except ArgumentError:
        raise StorageError(
            f"{text!r} is not a database URL (like sqlite:///amath.sqlite3 or postgresql://user@host/db)", code="db_not_url", url=text
        ) from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    return url


class Store:
    """The database: SQLite by default, any SQLAlchemy URL.  Its schema is brought to the newest version on start (:mod:`.schema`).

    Every way the URL can fail (not a URL, no driver, the server out of reach) is a
    :class:`StorageError` of one line that says what to do.
    """

    def __init__(self, url_text: str, read_only: bool = False) -> None:
        url = database_url(url_text)
        shown = url.render_as_string(hide_password=True)
        kwargs: dict[str, Any] = {}
        sqlite = url.get_backend_name() == "sqlite"
        if sqlite:  # several threads share the file; wait for the one writer rather than fail
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
            if url.database in (None, "", ":memory:"):
                kwargs["poolclass"] = StaticPool  # one in-memory database, whichever thread asks
        try:
            self.engine: Engine = create_engine(url, **kwargs)
        except ModuleNotFoundError as exc:
            if url.get_backend_name() == "postgresql":
                message = f"PostgreSQL needs its driver, which is not installed: {POSTGRES_DRIVER}"
                raise StorageError(message, code="db_postgres_driver", install=POSTGRES_DRIVER) from None
            message = f"the database {shown} needs the Python module {exc.name!r}: pip install it"
            raise StorageError(message, code="db_module_missing", url=shown, module=exc.name) from None
        except (ArgumentError, NoSuchModuleError) as exc:
            reason = _first_line(exc)
            raise StorageError(
                f"the database URL {shown} cannot be used: {reason}", code="db_url_unusable", url=shown, reason=reason
            ) from None
        if sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        # SQLite has one writer at a time: writers queue here (woken at once) rather than sleep in its busy handler,
        # and the log is copied into the file by the writers, outside that lock (see save_states)
        self._write_lock: contextlib.AbstractContextManager[Any] = threading.Lock() if sqlite else contextlib.nullcontext()
        self._checkpoint_every = CHECKPOINT_EVERY if sqlite else 0
        self._commits = itertools.count(1)
        game_id: BindParameter[str] = bindparam("gid")
        fields: dict[str, BindParameter[Any]] = {name: bindparam(name) for name in ("seed", "status", "turn_started", "config")}
        self._save_header = Prepared(self.engine, update(GameRow).where(GameRow.id == game_id).values(**fields))
        self._save_turn = Prepared(self.engine, insert(TurnRow).values(game_id=game_id, n=bindparam("n"), data=bindparam("data")))
        try:
            with self.engine.begin() as conn:
                self.schema = prepare(conn, Base.metadata)
        except SchemaUnknown as exc:
            self.engine.dispose()
            message = (
                f"the database {shown} has schema version {exc.version}, which this amath does not know"
                f" (its newest is {HEAD}): install a newer amath"
            )
            raise StorageError(message, code="db_schema_unknown", url=shown, version=exc.version, head=HEAD) from None
        except DBAPIError as exc:
            self.engine.dispose()
            reason = _first_line(exc.orig or exc)
            raise StorageError(f"cannot open the database {shown}: {reason}", code="db_unreachable", url=shown, reason=reason) from None
        self.read_only = read_only
        if not read_only:
            _check_writable(self.engine, shown)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def insert(self, game: StoredGame) -> None:
        """Store a new game with its seats (and any turns)."""
        with Session(self.engine) as s, s.begin():
            row = GameRow(
                id=game.id, mode=game.mode, config=json.dumps(game.config), seed=game.seed,
                status=game.status, created=game.created, turn_started=game.turn_started,
            )  # fmt: skip
            row.seats = [
                SeatRow(seat=x.seat, name=x.name, token_hash=x.token_hash, bot=x.bot, joined=x.joined, account_id=x.account)
                for x in game.seats
            ]
            row.turns = [TurnRow(n=k, data=json.dumps(t)) for k, t in enumerate(game.turns)]
            s.add(row)

    def save_seat(self, game_id: str, seat: StoredSeat) -> None:
        """Write one seat (a player joined)."""
        values = {"name": seat.name, "token_hash": seat.token_hash, "bot": seat.bot, "joined": seat.joined, "account_id": seat.account}
        with self.engine.begin() as conn:
            where = (SeatRow.game_id == game_id, SeatRow.seat == seat.seat)
            if conn.execute(update(SeatRow).where(*where).values(**values)).rowcount != 1:
                raise KeyError(game_id)

    def save_state(self, game: StoredGame, first_new_turn: int) -> None:
        """Write the header (set-up, seed, status, clock start) and append turns from ``first_new_turn`` on."""
        conn = self.engine.raw_connection()
        try:
            self.save_states(conn, [(game, first_new_turn)])
        finally:
            conn.close()

    def save_states(self, conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
        """:meth:`save_state` for several games in one transaction on the driver connection ``conn`` (all or nothing).

        This runs for every move, so it is two statements compiled once for the database's
        dialect and run on a driver cursor: most of the CPU of SQLAlchemy's statement
        objects (about 0.8 ms a move) is left out; one commit serves every write of the batch.
        """
        headers, turns = self._batch(writes)
        with self._write_lock:
            try:
                cursor = conn.cursor()
                cursor.executemany(self._save_header.sql, headers)
                _check_headers(cursor.rowcount, writes)
                if turns:
                    cursor.executemany(self._save_turn.sql, turns)
                cursor.close()
                conn.commit()
            except BaseException:
                conn.rollback()
                raise
        if self._checkpoint_every and next(self._commits) % self._checkpoint_every == 0:
            cursor = conn.cursor()  # other writers go on meanwhile: a checkpoint does not hold the write lock
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
            cursor.close()

    async def save_states_async(self, conn: psycopg.AsyncConnection[Any], writes: list[tuple[StoredGame, int]]) -> None:
        """:meth:`save_states` on psycopg's ``AsyncConnection`` (PostgreSQL): the same statements, awaited on the event loop.

        In one pipeline, two round trips: the headers (their count checked), then the turns
        and the commit; each round trip is several wake-ups of the loop (measured: about a
        fifth less CPU than one pipeline per statement and one for the commit).
        """
        headers, turns = self._batch(writes)
        try:
            async with conn.pipeline() as pipeline, conn.cursor() as cursor:
                await cursor.executemany(self._save_header.sql, headers)
                await pipeline.sync()
                _check_headers(cursor.rowcount, writes)
                if turns:
                    await cursor.executemany(self._save_turn.sql, turns)
                await conn.commit()
        except BaseException:
            with contextlib.suppress(Exception):  # a broken connection cannot roll back; the writer drops it
                await conn.rollback()
            raise

    def _batch(self, writes: list[tuple[StoredGame, int]]) -> tuple[list[Any], list[Any]]:
        """The parameters of a batch's two statements: every game's header, and every new turn."""
        headers: list[Any] = []
        turns: list[Any] = []
        for game, first_new_turn in writes:
            header = {"gid": game.id, "seed": game.seed, "status": game.status, "turn_started": game.turn_started}
            header["config"] = json.dumps(game.config)
            headers.append(self._save_header.bind(header)[1])
            turns.extend(
                self._save_turn.bind({"gid": game.id, "n": k, "data": json.dumps(game.turns[k])})[1]
                for k in range(first_new_turn, len(game.turns))
            )
        return headers, turns

    def load(self, game_id: str) -> StoredGame | None:
        """Read one game, or None when there is no such game."""
        with Session(self.engine) as s:
            row = s.get(GameRow, game_id)
            return None if row is None else _stored(row)

    def recent(self, status: str, limit: int = 50) -> list[StoredGame]:
        """Online rooms with ``status``, newest first (for the lobby)."""
        with Session(self.engine) as s:
            q = select(GameRow).where(GameRow.status == status, GameRow.mode == "room").order_by(GameRow.created.desc()).limit(limit)
            return [_stored(r) for r in s.scalars(q)]

    def resumable(self) -> list[str]:
        """Ids of the games in play that go on by themselves after a start: a bot seat, or a clock.

        The others wait in the database until someone asks for them (a start then replays
        only these, not every unfinished room of the server's life).
        """
        with Session(self.engine) as s:
            playing = GameRow.status == "playing"
            bots = set(s.scalars(select(SeatRow.game_id).join(GameRow).where(playing, SeatRow.bot.is_not(None))))
            timed = [gid for gid, config in s.execute(select(GameRow.id, GameRow.config).where(playing)) if _clocked(config)]
            return sorted(bots.union(timed))

    def finished_with_accounts(self) -> list[str]:
        """Ids of the finished games with an account at a seat and no result recorded (the server stopped first)."""
        with Session(self.engine) as s:
            recorded = select(ResultRow.game_id).where(ResultRow.game_id == SeatRow.game_id).exists()
            over = (GameRow.status == "over", SeatRow.account_id.is_not(None), ~recorded)
            return sorted(s.scalars(select(SeatRow.game_id).join(GameRow).where(*over).distinct()))

    def count_waiting(self, since: float) -> int:
        """How many online rooms created after ``since`` still wait for players."""
        with Session(self.engine) as s:
            waiting = (GameRow.status == "waiting", GameRow.mode == "room", GameRow.created >= since)
            q = select(func.count()).select_from(GameRow).where(*waiting)
            return int(s.scalar(q) or 0)

    def expire(self, before: float) -> list[str]:
        """Mark online rooms created before ``before`` that still wait for players as ``expired``; their ids."""
        with Session(self.engine) as s, s.begin():
            waiting = (GameRow.status == "waiting", GameRow.mode == "room", GameRow.created < before)
            ids = list(s.scalars(select(GameRow.id).where(*waiting)))
            if ids:  # "still waiting" again: a room that filled meanwhile stays as it is
                s.execute(update(GameRow).where(GameRow.id.in_(ids), *waiting).values(status="expired"))
            return ids


class Prepared:
    """A statement compiled once for ``engine``'s dialect, to run on a driver cursor with named values."""

    def __init__(self, engine: Engine, statement: Any) -> None:
        compiled = statement.compile(dialect=engine.dialect)
        self.sql = str(compiled)
        self.order: tuple[str, ...] | None = tuple(compiled.positiontup or ()) if compiled.positional else None

    def bind(self, values: dict[str, Any]) -> tuple[str, Any]:
        """The SQL text and its parameters in the driver's style (a tuple in order, or the dict)."""
        return self.sql, values if self.order is None else tuple(values[name] for name in self.order)


def _clocked(config: str) -> bool:
    """Whether a stored set-up has a clock (a timer must run for it after a start)."""
    try:
        clock = json.loads(config).get("clock") or {}
    except (ValueError, AttributeError):
        return True  # unreadable: resume it, and let loading it say what is wrong
    return isinstance(clock, dict) and clock.get("kind", "none") != "none"


def _check_headers(rowcount: int, writes: list[tuple[StoredGame, int]]) -> None:
    """Every header of a batch updated one row: else a game of it is not in the database (the caller finds which)."""
    if rowcount != len(writes):
        raise KeyError(writes[0][0].id if len(writes) == 1 else "a game of the batch")


def _check_writable(engine: Engine, shown: str) -> None:
    """Refuse to serve games on a database that cannot be written (a read-only file, mode=ro, a read-only role).

    Found at start, not at the first move of a game: a write that changes nothing (the
    schema version set to itself) is tried and rolled back.
    """
    with engine.connect() as conn:
        try:
            version = table("alembic_version", column("version_num"))
            conn.execute(update(version).values(version_num=version.c.version_num))
        except DBAPIError as exc:
            conn.rollback()
            engine.dispose()
            reason = _first_line(exc.orig or exc)
            message = (
                f"the database {shown} cannot be written ({reason}): give the server write access,"
                " or start it with --read-only to serve the games in it to watch and replay only"
            )
            raise StorageError(message, code="db_read_only", url=shown, reason=reason) from None
        conn.rollback()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


CHECKPOINT_EVERY = 200
"""SQLite: the writers copy the log into the database file after this many commits (instead of inside a commit)."""


def _sqlite_pragmas(dbapi_connection: Any, record: Any) -> None:
    """WAL: readers never wait for the writer, and a commit appends to the log without a sync of the file.

    No checkpoint inside a commit (it would hold every other writer waiting on the write
    lock for as long as the disk takes): :meth:`Store.save_states` runs them.
    """
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.close()


T = TypeVar("T")


class Database:
    """The :class:`Store` driven from the event loop, which never waits for it.

    A move's write goes to the :class:`~amath.apps.server.writers.Writers`, which commit every
    write waiting in one batch, on the event loop through an async driver where the
    database has one (PostgreSQL: psycopg's ``AsyncConnection``), else on threads of
    their own (SQLite).  The rest (creating, joining, loading a game, the lobby) is rare
    and runs on a pool of threads.  A slow commit then holds only the writes of its batch,
    never the loop: other games, views and websockets go on.  What a call writes is
    copied first, so the loop may change the live record while it is being stored.
    """

    def __init__(self, url: str, threads: int = 4, read_only: bool = False) -> None:
        self.store = Store(url, read_only)
        self._pool = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="amath-db")
        self.writers = Writers(driver_for(self.store), threads)

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    async def insert(self, game: StoredGame) -> None:
        """See :meth:`Store.insert`."""
        await self._run(self.store.insert, copy.deepcopy(game))

    async def save_seat(self, game_id: str, seat: StoredSeat) -> None:
        """See :meth:`Store.save_seat`."""
        await self._run(self.store.save_seat, game_id, copy.copy(seat))

    async def save_state(self, game: StoredGame, first_new_turn: int) -> None:
        """See :meth:`Store.save_state`; committed in a batch by the writers."""
        # a change to the set-up replaces a top-level entry and a move replaces the list of turns
        # (a turn once made never changes), so shallow copies are copies enough
        g = game  # (the constructor, not dataclasses.replace: this runs for every move)
        header = StoredGame(g.id, g.mode, dict(g.config), [], g.created, g.seed, g.status, g.turn_started, list(g.turns))
        await self.writers.write(header, first_new_turn)

    async def load(self, game_id: str) -> StoredGame | None:
        """See :meth:`Store.load`."""
        return await self._run(self.store.load, game_id)

    async def recent(self, status: str, limit: int = 50) -> list[StoredGame]:
        """See :meth:`Store.recent`."""
        return await self._run(self.store.recent, status, limit)

    async def resumable(self) -> list[str]:
        """See :meth:`Store.resumable`."""
        return await self._run(self.store.resumable)

    async def finished_with_accounts(self) -> list[str]:
        """See :meth:`Store.finished_with_accounts`."""
        return await self._run(self.store.finished_with_accounts)

    async def count_waiting(self, since: float) -> int:
        """See :meth:`Store.count_waiting`."""
        return await self._run(self.store.count_waiting, since)

    async def expire(self, before: float) -> list[str]:
        """See :meth:`Store.expire`."""
        return await self._run(self.store.expire, before)

    async def close(self) -> None:
        """Finish the queued writes, then release the connections."""
        await self.writers.stop()
        await asyncio.get_running_loop().run_in_executor(None, self._pool.shutdown)
        self.store.close()


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        id=row.id,
        mode=row.mode,
        config=json.loads(row.config),
        seats=[StoredSeat(x.seat, x.name, x.token_hash, x.bot, x.joined, x.account_id) for x in row.seats],
        created=row.created,
        seed=row.seed,
        status=row.status,
        turn_started=row.turn_started,
        turns=[json.loads(t.data) for t in row.turns],
    )
