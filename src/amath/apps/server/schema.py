"""The database's tables and their versions: SQLAlchemy models, upgraded in place on start by Alembic.

Every table of the server is declared on :class:`Base`: the games' own (``games``,
``seats``, ``turns``, in :mod:`amath.apps.server.storage`) and the players' (accounts,
sessions, ratings, results, classes, tournaments and the server's signing key, here).  The schema has a
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
from sqlalchemy import BigInteger, Boolean, Connection, Float, ForeignKey, Index, Integer, MetaData, String, Text, inspect
from sqlalchemy import false as sa_false
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
    bot: Mapped[str | None] = mapped_column(String(24), nullable=True)
    """A bot level's id for the account that holds that bot's rating (it cannot log in); None for a person."""
    must_change: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    """The password was set by a teacher: it must be changed at the next login before playing."""


class SessionRow(Base):
    """A login: the SHA-256 of its random id (the cookie holds the id, signed), whose it is, and when it was last used."""

    __tablename__ = "sessions"
    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    created: Mapped[float] = mapped_column(Float)
    seen: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """An account's Glicko-2 rating in one pool (``people``: games between people; ``bots``: games against a bot),
    ruleset (``a-math``, ``smath``) and time class (``classic``, ``fast``, ``untimed``)."""

    __tablename__ = "ratings"
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True)
    ruleset: Mapped[str] = mapped_column(String(16), primary_key=True)
    time_class: Mapped[str] = mapped_column(String(16), primary_key=True)
    pool: Mapped[str] = mapped_column(String(8), primary_key=True, default="people", server_default="people")
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
    pool: Mapped[str] = mapped_column(String(8), default="people", server_default="people")
    """The rating pool a rated game counted in (``people`` or ``bots``)."""
    bingos: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat's placements that used a full rack (None: recorded before bingos were counted)."""


class ClassRow(Base):
    """A class: its teacher (an account), its name and the join code students type (six letters and digits, unique)."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(64))
    code: Mapped[str] = mapped_column(String(8), unique=True)
    created: Mapped[float] = mapped_column(Float)
    deleted: Mapped[float | None] = mapped_column(Float, nullable=True)
    """When its teacher deleted it (its log stays; it is gone from every page and its code works no more)."""


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


class TournamentRow(Base):
    """A tournament: its name, its owner (the director who made it), every setting as JSON, and where it stands.

    ``status``: ``registration`` (players sign up and check in), ``running`` (rounds are
    paired and played), ``finished``.  ``mode``: ``on_site`` (results typed by a director)
    or ``online`` (each pairing is a room of the server).  ``rev`` grows with every change
    (the live pages follow it).
    """

    __tablename__ = "tournaments"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    owner_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    mode: Mapped[str] = mapped_column(String(8))
    settings: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16))
    rev: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[float] = mapped_column(Float)


class TournamentDirectorRow(Base):
    """A director of a tournament: its owner (``role`` ``owner``) or a co-director the owner added (``co``)."""

    __tablename__ = "tournament_directors"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True)
    role: Mapped[str] = mapped_column(String(8))
    added: Mapped[float] = mapped_column(Float)


class TournamentPlayerRow(Base):
    """A player of a tournament: an account that signed up, a name (and school or club) a director typed, or a bot.

    ``number`` is the player's number in the tournament (1, 2, ...); ``first_round`` the
    round they entered at (a late entry: after 1); ``withdrawn`` the last round played
    before withdrawing (None: still in).
    """

    __tablename__ = "tournament_players"
    __table_args__ = (Index("ix_tournament_players_number", "tournament_id", "number", unique=True),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    school: Mapped[str] = mapped_column(String(64), default="")
    division: Mapped[str] = mapped_column(String(32), default="")
    account_id: Mapped[int | None] = mapped_column(ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True, index=True)
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    checked_in: Mapped[bool] = mapped_column(Boolean, default=False)
    first_round: Mapped[int] = mapped_column(Integer, default=1)
    withdrawn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    added: Mapped[float] = mapped_column(Float)


class TournamentRoundRow(Base):
    """A round of a tournament: its pairing method, the seed it was paired with, and ``draft`` or ``published``."""

    __tablename__ = "tournament_rounds"
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    method: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    published: Mapped[float | None] = mapped_column(Float, nullable=True)


class TournamentGameRow(Base):
    """One pairing of a round (a table): who starts, who goes second (players' numbers; None: a bye), the scores once known.

    ``forfeit``: ``first``/``second``/``both`` (the side that did not come), else None;
    ``game_id``: the online room of the pairing; ``arrived``: which sides opened it
    (``first``, ``second``, ``both``), for the no-show rule.
    """

    __tablename__ = "tournament_games"
    __table_args__ = (Index("ix_tournament_games_table", "tournament_id", "round", "table_no", unique=True),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"))
    round: Mapped[int] = mapped_column(Integer)
    table_no: Mapped[int] = mapped_column(Integer)
    first: Mapped[int] = mapped_column(Integer)
    second: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score1: Mapped[int | None] = mapped_column(Integer, nullable=True)
    score2: Mapped[int | None] = mapped_column(Integer, nullable=True)
    forfeit: Mapped[str | None] = mapped_column(String(8), nullable=True)
    game_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    arrived: Mapped[str] = mapped_column(String(8), default="")
    entered: Mapped[float | None] = mapped_column(Float, nullable=True)


class TournamentEventRow(Base):
    """The log of a tournament: every change, who made it (None: the server, e.g. a game's end), when, and the old and new value."""

    __tablename__ = "tournament_events"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    actor_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    action: Mapped[str] = mapped_column(String(24))
    target: Mapped[str] = mapped_column(String(64))
    old: Mapped[str] = mapped_column(Text)
    new: Mapped[str] = mapped_column(Text)
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
