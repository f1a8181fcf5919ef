"""The versioned schema: migrations build exactly the models; a database from before versions, or from main at 0003, is upgraded in place.

``tests/data/db-before-versions.json`` holds every row of a database made by the server as
main had it on 2026-12-07 (de07799: a hot seat with four turns, a room in play, a waiting
Smath room, a resigned timed room), its SQLite DDL, and each game's view as that server
gave it (``db-before-versions.make.py.txt`` is the script that made it, run with main's
code).  The test puts those tables and rows back in a database (SQLite or
``$AMATH_TEST_DB``), starts today's server on it and checks that every game is there and
goes on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import BigInteger, Boolean, Float, ForeignKey, Integer, String, Text, create_engine, insert, inspect, text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from starlette.testclient import TestClient

from amath.apps.error_text import describe
from amath.apps.server import Settings, create_app
from amath.apps.server.schema import BASELINE, HEAD, MIGRATIONS, Base, alembic_config
from amath.apps.server.storage import StorageError, Store

FIXTURE = json.loads((Path(__file__).parent / "data" / "db-before-versions.json").read_text(encoding="utf-8"))


class _Old(DeclarativeBase):
    """The three tables exactly as main declared them before the schema had versions."""


class _OldGame(_Old):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    mode: Mapped[str] = mapped_column(String(16))
    config: Mapped[str] = mapped_column(Text)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    created: Mapped[float] = mapped_column(Float)
    turn_started: Mapped[float] = mapped_column(Float, default=0.0)


class _OldSeat(_Old):
    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str] = mapped_column(String(64), default="")
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)


class _OldTurn(_Old):
    __tablename__ = "turns"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    data: Mapped[str] = mapped_column(Text)


def _old_database(url: str) -> None:
    """The fixture's tables and rows, as main's server left them."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            _Old.metadata.create_all(conn)
            for table in (_OldGame, _OldSeat, _OldTurn):
                conn.execute(insert(table), FIXTURE["rows"][table.__tablename__])
            if conn.dialect.name == "sqlite":  # the frozen tables are main's own: the same DDL
                ddl = [r[0] for r in conn.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type='table'")]
                assert ddl == FIXTURE["schema"]
    finally:
        engine.dispose()


def _version(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()
    finally:
        engine.dispose()


def test_head_is_the_newest_migration() -> None:
    script = ScriptDirectory(str(MIGRATIONS))
    assert script.get_current_head() == HEAD
    assert [r.revision for r in script.walk_revisions()][-1] == BASELINE


def test_the_migrations_build_exactly_the_models(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "head")  # every migration from an empty database
        with engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == HEAD
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
    finally:
        engine.dispose()


def test_a_new_database_is_made_at_the_newest_version_and_then_left_alone(db_url: str) -> None:
    store = Store(db_url)
    store.close()
    assert store.schema == "created" and _version(db_url) == HEAD
    again = Store(db_url)
    again.close()
    assert again.schema == "current"


def test_a_database_from_before_versions_opens_with_all_its_games(db_url: str) -> None:
    _old_database(db_url)
    assert _version(db_url) is None
    with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0))) as client:
        assert _version(db_url) == HEAD
        for kind, game_id in FIXTURE["games"].items():
            view: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
            expected = FIXTURE["spectator_views"][kind]
            assert {k: view.get(k) for k in expected} == expected, kind
        # the hot seat goes on with the token it had
        hotseat, token = FIXTURE["games"]["hotseat"], FIXTURE["tokens"]["hotseat"]
        before = client.get(f"/api/games/{hotseat}", headers={"X-Seat-Token": token}).json()
        moved = client.post(f"/api/games/{hotseat}/move", headers={"X-Seat-Token": token}, json={"type": "pass"})
        assert moved.status_code == 200, moved.text
        after = client.get(f"/api/games/{hotseat}").json()
        assert len(after["history"]) == len(before["history"]) + 1
    engine = create_engine(db_url)
    try:
        with engine.connect() as conn:
            columns = {c["name"] for c in inspect(conn).get_columns("seats")}
            assert "account_id" in columns
            assert {"accounts", "sessions", "ratings", "results", "server_keys"} <= set(inspect(conn).get_table_names())
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
    finally:
        engine.dispose()


def test_a_database_from_a_newer_amath_is_refused_in_one_line_and_left_as_it_is(db_url: str, capsys: Any) -> None:
    Store(db_url).close()
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql("UPDATE alembic_version SET version_num = '0999'")
    finally:
        engine.dispose()
    with pytest.raises(StorageError) as err:
        Store(db_url)
    assert err.value.code == "db_schema_unknown" and "0999" in str(err.value) and "\n" not in str(err.value)
    assert "รุ่น 0999" in describe(err.value, "th")
    assert _version(db_url) == "0999"


def test_a_database_from_main_at_0003_is_upgraded_in_place_with_its_players(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0003")
            conn.execute(text("INSERT INTO accounts (name, key, display, password_hash, created) VALUES ('Ann', 'ann', 'Ann', 'x', 1.0)"))
            conn.execute(
                text("INSERT INTO games (id, mode, config, status, created, turn_started) VALUES ('g1', 'room', '{}', 'over', 1.0, 0.0)")
            )
            conn.execute(text("INSERT INTO ratings VALUES (1, 'a-math', 'classic', 1612.4, 80.0, 0.06, 7, 2.0)"))
            conn.execute(
                text(
                    "INSERT INTO results (game_id, seat, account_id, outcome, score, opponent, opponent_score, reason, rated, ruleset,"
                    " time_class, finished) VALUES ('g1', 0, 1, 'win', 400, 'Ben', 300, 'out', TRUE, 'a-math', 'classic', 3.0)"
                )
            )
            conn.execute(text("INSERT INTO classes (teacher_id, name, code, created) VALUES (1, 'M.1', 'ABCDEF', 1.0)"))
        store = Store(db_url)
        store.close()
        assert store.schema == "upgraded" and _version(db_url) == HEAD
        with engine.connect() as conn:
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            assert inspect(conn).get_pk_constraint("ratings")["constrained_columns"] == ["account_id", "ruleset", "time_class", "pool"]
            assert conn.execute(text("SELECT rating, games, pool FROM ratings")).one() == (1612.4, 7, "people")
            assert conn.execute(text("SELECT score, pool, bingos FROM results")).one() == (400, "people", None)
            assert conn.execute(text("SELECT bot, must_change FROM accounts WHERE key = 'ann'")).one() == (None, False)
            assert conn.execute(text("SELECT name, deleted FROM classes")).one() == ("M.1", None)
        with TestClient(create_app(Settings(db_url=db_url, bot_delay=0.0))) as client:  # the server opens it: Ann's page as before
            ann = client.get("/api/users/ann").json()
            assert [(r["pool"], r["rating"], r["games"]) for r in ann["ratings"]] == [("people", 1612, 7)]
            assert ann["stats"]["won"] == 1 and ann["stats"]["bingos"] == 0
    finally:
        engine.dispose()
