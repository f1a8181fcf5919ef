"""The database behind the server: SQLite in WAL mode, PostgreSQL by URL, and one-line errors for a URL that cannot work."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from amath.apps.cli import main
from amath.apps.server.storage import POSTGRES_DRIVER, StorageError, Store, StoredGame, StoredSeat
from amath.apps.server.writers import driver_for
from conftest import TEST_DB_ENV


def test_the_server_tests_run_on_the_database_asked_for(db_url: str) -> None:
    store = Store(db_url)
    try:
        assert store.engine.dialect.name == ("postgresql" if os.environ.get(TEST_DB_ENV) else "sqlite")
    finally:
        store.close()


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'wal.db'}")
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        store.close()


@pytest.mark.parametrize(
    "url", ["postgresql://amath@127.0.0.1:1/amath", "postgres://amath@127.0.0.1:1/amath", "postgresql+psycopg://a@b/c"]
)
def test_a_missing_postgres_driver_says_what_to_install(monkeypatch: pytest.MonkeyPatch, url: str) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the driver were not installed
    with pytest.raises(StorageError) as err:
        Store(url)
    assert POSTGRES_DRIVER in str(err.value) and "\n" not in str(err.value)


def test_serve_without_the_driver_prints_one_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)
    assert main(["serve", "--db", "postgresql://amath:secret@127.0.0.1:1/amath"]) == 2
    out = capsys.readouterr()
    assert out.out == "" and out.err.count("\n") == 1
    assert out.err.startswith("amath serve: PostgreSQL needs its driver") and POSTGRES_DRIVER in out.err
    assert "secret" not in out.err
    monkeypatch.setenv("AMATH_LANG", "th")
    assert main(["serve", "--db", "postgresql://amath:secret@127.0.0.1:1/amath"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("amath serve: ") and "ไดรเวอร์" in err and "secret" not in err


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        ("nonsense", "is not a database URL"),
        ("foo+bar://x", "cannot be used"),
        ("sqlite:////no/such/folder/amath.db", "cannot open the database"),
    ],
)
def test_unusable_urls_are_one_line_errors(url: str, needle: str) -> None:
    with pytest.raises(StorageError) as err:
        Store(url)
    assert needle in str(err.value) and "\n" not in str(err.value)


def test_sqlite_writers_copy_the_log_into_the_file(tmp_path: Path) -> None:
    """No checkpoint inside a commit; the writers run one every so many commits, so the log does not grow without end."""
    store = Store(f"sqlite:///{tmp_path / 'log.db'}")
    store._checkpoint_every = 20
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar() == 0
        game = StoredGame("g", "room", {"players": 2, "pad": "x" * 3000}, [StoredSeat(0), StoredSeat(1)], 0.0, seed=1, status="playing")
        store.insert(game)
        for k in range(400):  # each commit rewrites the header's page and a turn's: over 3 MB of log unchecked
            game.turns = [*game.turns, {"player": k % 2, "move": "pass"}]
            store.save_state(game, k)
        assert (tmp_path / "log.db-wal").stat().st_size < 1_000_000
        loaded = store.load("g")
        assert loaded is not None and len(loaded.turns) == 400
    finally:
        store.close()


def test_a_batch_stores_each_game_its_own_header_and_new_turns(db_url: str) -> None:
    """One commit of several games (one UPDATE and one INSERT for all): every game gets its own values, none another's.

    Through the writers' driver of the database (PostgreSQL: psycopg's AsyncConnection on the loop; SQLite: a thread).
    """
    store = Store(db_url)
    try:
        games = [
            StoredGame(f"batch{k}", "room", {"players": 2, "k": k}, [StoredSeat(0), StoredSeat(1)], 1.0, seed=None, status="waiting")
            for k in range(4)
        ]
        for game in games:
            store.insert(game)
        for k, game in enumerate(games):
            game.seed, game.status, game.turn_started = 1000 + k, ("playing", "over")[k % 2], 50.0 + k
            game.config["k"] = 10 * k
            game.turns = [{"player": n % 2, "move": f"m{k}.{n}"} for n in range(k)]

        async def commit_two_batches() -> None:
            driver = driver_for(store)
            conn = await driver.open()
            try:
                await driver.commit(conn, [(game, 0) for game in games])  # turns 0..k-1 of game k: none for the first
                games[3].turns = [*games[3].turns, {"player": 1, "move": "late"}]
                await driver.commit(conn, [(games[3], 3), (games[1], 1)])  # a second batch: one new turn, and none
            finally:
                await driver.close(conn, failed=False)

        asyncio.run(commit_two_batches())
        for k, game in enumerate(games):
            loaded = store.load(game.id)
            assert loaded is not None
            assert (loaded.seed, loaded.status, loaded.turn_started, loaded.config) == (1000 + k, game.status, 50.0 + k, game.config)
            assert loaded.turns == game.turns
        assert [t["move"] for t in store.load("batch3").turns] == ["m3.0", "m3.1", "m3.2", "late"]  # type: ignore[union-attr]
    finally:
        store.close()
