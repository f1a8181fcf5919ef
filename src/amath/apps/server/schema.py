"""The database's tables and their versions: SQLAlchemy models, upgraded in place on start by Alembic.

Every table of the server is declared on :class:`Base`: the games' own (``games``,
``seats``, ``turns``, in :mod:`amath.apps.server.storage`) and the players' (accounts,
sessions, ratings, results, classes and the server's signing key, here).  The schema has a
version (Alembic's ``alembic_version`` table); :func:`prepare` brings any database to the
newest one when the server starts:

- an empty database gets every table at once and is stamped with the newest version;
- a database made before versions existed (the ``games`` table, no version) is the
  baseline, ``0001``: it is stamped so, then upgraded;
- a versioned database is upgraded from its version.

The migrations are ``migrations/versions/*.py`` (written by hand, checked by
``tests/test_server_schema.py`` to build exactly these models).
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Boolean, Connection, Float, ForeignKey, Index, Integer, MetaData, String, Text, inspect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"
BASELINE = "0001"
"""The version of a database made before versions: the three game tables as main had them on 2026-12-07."""
HEAD = "0006"
"""The newest version (a test checks it is Alembic's head)."""


class Base(DeclarativeBase):
    """Every table of the server."""


class AccountRow(Base):
    """A person who signed up: the login name (``key`` is its lower case, unique), a display name and the password's Argon2 hash."""

    __tablename__ = "accounts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(24))
    key: Mapped[str] = mapped_column(String(24), unique=True)
    display: Mapped[str] = mapped_column(String(64))
    password_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A login: the SHA-256 of its random id (the cookie holds the id, signed), whose it is, and when it was last used."""

    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """An account's Glicko-2 rating in one ruleset (``a-math``, ``smath``) and time class (``classic``, ``fast``, ``untimed``)."""

    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16), primary_key=True)
    time_class: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[float] = mapped_column(Float)


class ResultRow(Base):
    """How a finished game went for one account's seat: the outcome, the scores, and (rated) the rating before and after."""

    __tablename__ = "results"
    __table_args__ = (Index("ix_results_account_finished", "account_id", "finished"),)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    outcome: Mapped[str] = mapped_column(String(8))
    score: Mapped[int] = mapped_column(Integer)
    opponent: Mapped[str] = mapped_column(String(64))
    opponent_score: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(16))
    rated: Mapped[bool] = mapped_column(Boolean)
    ruleset: Mapped[str] = mapped_column(String(40))
    time_class: Mapped[str] = mapped_column(String(16))
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    rd_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    finished: Mapped[float] = mapped_column(Float)


class ClassRow(Base):
    """A class: its teacher (an account), its name and the join code students type (six letters and digits, unique)."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    code: Mapped[str] = mapped_column(String(8), unique=True)
    created: Mapped[float] = mapped_column(Float)


class ClassMemberRow(Base):
    """A student of a class: an account that joined with the code, or (``managed``) a class login the teacher made."""

    __tablename__ = "class_members"
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True)
    managed: Mapped[bool] = mapped_column(Boolean)
    joined: Mapped[float] = mapped_column(Float)


class ClassEventRow(Base):
    """The log of a class: every change (made, joined, logins added, password reset, student removed, new code), who and when."""

    __tablename__ = "class_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    actor_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str] = mapped_column(String(24))
    detail: Mapped[str] = mapped_column(String(255))
    at: Mapped[float] = mapped_column(Float)


class ServerKeyRow(Base):
    """A secret of the server kept with its data (the session cookies' signing key), made on first start."""

    __tablename__ = "server_keys"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


class PuzzleRow(Base):
    """A puzzle (:mod:`amath.study.puzzles`): its stored line (``data``, the answer too: never sent before an attempt),
    what the filters read, and its own Glicko-2 rating, moved by the rated attempts of logged-in players."""

    __tablename__ = "puzzles"
    __table_args__ = (Index("ix_puzzles_pick", "variant", "kind", "difficulty"),)
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(40))
    kind: Mapped[str] = mapped_column(String(16))
    difficulty: Mapped[str] = mapped_column(String(8))
    data: Mapped[str] = mapped_column(Text)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)


class PuzzleRatingRow(Base):
    """An account's puzzle rating (Glicko-2) in one ruleset, with its count of rated attempts and of puzzles solved."""

    __tablename__ = "puzzle_ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16), primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    rd: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float] = mapped_column(Float)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    solved: Mapped[int] = mapped_column(Integer, default=0)
    updated: Mapped[float] = mapped_column(Float)


class PuzzleAttemptRow(Base):
    """Every attempt at a puzzle: whose (None: anonymous), the turn tried, right or not, when, and the ratings it moved."""

    __tablename__ = "puzzle_attempts"
    __table_args__ = (Index("ix_puzzle_attempts_account", "account_id", "puzzle_id"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    puzzle_id: Mapped[str] = mapped_column(ForeignKey("puzzles.id", ondelete="CASCADE"), index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True)
    move: Mapped[str] = mapped_column(String(200))
    right: Mapped[bool] = mapped_column(Boolean)
    rated: Mapped[bool] = mapped_column(Boolean)
    rating_before: Mapped[float | None] = mapped_column(Float, nullable=True)
    rating_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    at: Mapped[float] = mapped_column(Float)


def alembic_config(conn: Connection) -> Config:
    """Alembic's configuration for the migrations shipped with the package, run on ``conn`` (no ``alembic.ini``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = conn
    return config


class SchemaUnknown(Exception):
    """The database's schema version is none of the migrations' (made by a newer amath)."""

    def __init__(self, version: str) -> None:
        super().__init__(version)
        self.version = version


def prepare(conn: Connection, metadata: MetaData) -> str:
    """Bring the database on ``conn`` to :data:`HEAD` (see the module); what was done: ``created``, ``upgraded`` or ``current``.

    A version no migration knows (a newer amath made it) is :class:`SchemaUnknown`: nothing is changed.
    """
    tables = set(inspect(conn).get_table_names())
    if "alembic_version" not in tables and "games" not in tables:
        metadata.create_all(conn)
        MigrationContext.configure(conn).stamp(ScriptDirectory(str(MIGRATIONS)), HEAD)
        return "created"
    if "alembic_version" in tables and MigrationContext.configure(conn).get_current_revision() == HEAD:
        return "current"
    config = alembic_config(conn)
    current = MigrationContext.configure(conn).get_current_revision() if "alembic_version" in tables else None
    if current is not None:
        try:
            ScriptDirectory(str(MIGRATIONS)).get_revision(current)
        except Exception:  # alembic's "Can't locate revision": a newer amath's version
            raise SchemaUnknown(current) from None
    if "alembic_version" not in tables:
        command.stamp(config, BASELINE)
    command.upgrade(config, "head")
    return "upgraded"
