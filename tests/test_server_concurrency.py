"""One slow game never holds the others: a commit held on purpose, a socket that never reads.

No timing is asserted: the tests hold one thing still and check the order in which the
rest completes (another game's move is answered while the slow commit is still held).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.rooms import Rooms, Watcher
from amath.apps.server.storage import Database, Store, StoredGame, StoredSeat
from amath.apps.server.writers import WRITERS_ENV
from amath.core.errors import GameStateError
from webtools import UNLIMITED, Screen, StubBot, seeds, wait_until


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, send_timeout=0.5, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def rooms_of(client: TestClient) -> Rooms:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    assert isinstance(rooms, Rooms)
    return rooms


def two_seats(client: TestClient) -> tuple[str, list[str]]:
    res = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"}).json()
    other = client.post(f"/api/games/{res['id']}/join", json={"name": "Ben"}).json()
    return res["id"], [res["token"], other["token"]]


def mover(client: TestClient, game_id: str, tokens: list[str]) -> dict[str, str]:
    game = rooms_of(client).rooms[game_id].game
    assert game is not None
    return {"X-Seat-Token": tokens[game.to_move]}


class HeldCommit:
    """Holds the commit of every batch that writes one game until released: a database slowed on purpose.

    PostgreSQL: another connection holds that game's row locked (``SELECT ... FOR UPDATE``),
    so the writer's UPDATE really waits in the database, awaited on the event loop by the
    async driver. SQLite has no row locks (one writer for the whole file), so there the
    commit is held in its writer thread, before it reaches the file.
    """

    def __init__(self, store: Store, game_id: str) -> None:
        self.store, self.game_id = store, game_id
        self._entered, self._released = threading.Event(), threading.Event()
        self._lock: Any = None
        self._holder = 0
        if store.engine.dialect.name == "postgresql":
            self._lock = store.engine.connect()
            self._lock.begin()
            self._lock.execute(text("SELECT 1 FROM games WHERE id = :id FOR UPDATE"), {"id": game_id})
            self._holder = self._lock.exec_driver_sql("SELECT pg_backend_pid()").scalar()
            self._timer = threading.Timer(30, self.release)  # as SQLite's below: a loop that waits fails the test, not hangs it
            self._timer.start()
            return
        original = store.save_states

        def save_states(conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
            if any(game.id == game_id for game, _ in writes) and not self._released.is_set():
                self._entered.set()
                self._released.wait(30)
            original(conn, writes)

        store.save_states = save_states  # type: ignore[method-assign]

    def entered(self) -> bool:
        """Whether the held game's commit has started and now waits."""
        if not self._holder:
            return self._entered.wait(10)
        blocked = text("SELECT count(*) FROM pg_stat_activity WHERE :holder = ANY(pg_blocking_pids(pid))")

        def waiting() -> bool:  # a transaction of its own each time: pg_stat_activity is read once per transaction
            with self.store.engine.connect() as conn:
                return conn.execute(blocked, {"holder": self._holder}).scalar() == 1

        try:
            wait_until(waiting)
        except AssertionError:
            return False
        return True

    def release(self) -> None:
        """Let the held commit go on (once; again on leaving the ``with``, so a failed test never leaves it held)."""
        self._released.set()
        lock, self._lock = self._lock, None
        if lock is not None:
            self._timer.cancel()
            lock.rollback()
            lock.close()

    def __enter__(self) -> HeldCommit:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def test_a_slow_commit_holds_no_other_game(client: TestClient, db_url: str) -> None:
    slow_id, slow_tokens = two_seats(client)
    fast_id, fast_tokens = two_seats(client)
    answers: list[Any] = []
    slow_headers = mover(client, slow_id, slow_tokens)
    slow_move = threading.Thread(
        target=lambda: answers.append(client.post(f"/api/games/{slow_id}/move", json={"type": "pass"}, headers=slow_headers))
    )
    held = HeldCommit(rooms_of(client).db.store, slow_id)
    with held, client.websocket_connect(f"/api/games/{fast_id}/ws?token={fast_tokens[0]}") as fast_ws:
        fast_screen = Screen(fast_ws)
        assert fast_screen.next()["version"] == 0
        slow_move.start()
        assert held.entered(), "the slow game's commit never started"
        # while that commit is held: another game plays, its watcher hears of it, the lobby answers
        for version in (1, 2):
            res = client.post(f"/api/games/{fast_id}/move", json={"type": "pass"}, headers=mover(client, fast_id, fast_tokens))
            assert res.status_code == 200 and res.json()["set"]["version"] == version
            assert fast_screen.next()["version"] == version
        assert client.get("/api/rooms").status_code == 200
        with client.websocket_connect(f"/api/games/{slow_id}/ws") as slow_ws:
            slow_ws.send_text('{"type":"ping"}')
            assert slow_ws.receive_json() == {"type": "pong"}
        assert slow_move.is_alive() and answers == [], "the slow game's move was answered before its commit"
        held.release()
        slow_move.join(10)
    assert answers and answers[0].status_code == 200 and answers[0].json()["set"]["version"] == 1
    stored = Store(db_url)
    try:
        assert [len(g.turns) for g in (stored.load(slow_id), stored.load(fast_id)) if g is not None] == [1, 2]
    finally:
        stored.close()


def test_a_socket_that_never_reads_does_not_hold_the_move(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    rooms = rooms_of(client)
    room = rooms.rooms[game_id]
    stuck = asyncio.Event()  # never set: the send waits as for a client that stopped reading
    closed: list[bool] = []

    async def never(message: str) -> None:
        await stuck.wait()

    async def close() -> None:
        closed.append(True)

    watcher = Watcher(0, never, close=close)

    async def attach() -> None:
        rooms.watch(room, watcher)

    client.portal.call(attach)  # type: ignore[union-attr]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[1]}") as ws:
        screen = Screen(ws)
        assert screen.next()["version"] == 0
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=mover(client, game_id, tokens))
        assert res.status_code == 200 and res.json()["set"]["version"] == 1
        assert screen.next()["version"] == 1  # the healthy socket is told at once
    wait_until(lambda: watcher not in room.watchers)  # the stuck one is dropped after send_timeout, and closed
    assert closed == [True]


def _stored_game(game_id: str) -> StoredGame:
    return StoredGame(game_id, "room", {"players": 2}, [StoredSeat(0), StoredSeat(1)], 0.0, seed=1, status="playing")


def test_writes_waiting_behind_a_commit_share_the_next_one_and_a_bad_write_fails_alone(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = Database(db_url, threads=1)
    calls: list[list[str]] = []
    driver = db.writers.driver
    original = driver.commit

    async def play() -> list[BaseException | None]:
        first_entered, release = asyncio.Event(), asyncio.Event()

        async def commit(conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
            calls.append([game.id for game, _ in writes])
            if len(calls) == 1:
                first_entered.set()
                await release.wait()  # the first commit is slow: the others queue behind it
            await original(conn, writes)

        monkeypatch.setattr(driver, "commit", commit)

        def move(game: StoredGame) -> StoredGame:
            game.turns = [*game.turns, {"player": 0, "move": "pass"}]
            return game

        try:
            first = asyncio.ensure_future(db.save_state(move(games[0]), 0))
            await first_entered.wait()
            rest = [asyncio.ensure_future(db.save_state(move(g), 0)) for g in (*games[1:], _stored_game("no-such-game"))]
            await asyncio.sleep(0.05)
            release.set()
            return list(await asyncio.gather(first, *rest, return_exceptions=True))
        finally:
            await db.close()

    games = [_stored_game(f"g{k}") for k in range(4)]
    for game in games:
        db.store.insert(game)
    results = asyncio.run(play())
    assert calls[0] == ["g0"] and calls[1] == ["g1", "g2", "g3", "no-such-game"]  # one batch for all that waited
    assert results[:4] == [None] * 4 and isinstance(results[4], KeyError)  # only the bad write failed
    stored = Store(db_url)
    try:
        assert [len(g.turns) for g in map(stored.load, ("g0", "g1", "g2", "g3")) if g is not None] == [1, 1, 1, 1]
    finally:
        stored.close()


@pytest.mark.parametrize("writers", ["", "threads"])
def test_each_database_commits_the_moves_through_its_own_driver(db_url: str, writers: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """PostgreSQL's moves are committed on the event loop (psycopg's AsyncConnection), SQLite's on a writer thread;
    ``AMATH_DB_WRITERS=threads`` puts both on threads."""
    monkeypatch.setenv(WRITERS_ENV, writers)
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as client:
        committed_on_the_loop(client, expected=not writers and client_dialect(client) == "postgresql")


def client_dialect(client: TestClient) -> str:
    return str(rooms_of(client).db.store.engine.dialect.name)


def committed_on_the_loop(client: TestClient, expected: bool) -> None:
    """Play a move; its commit ran on the event loop's thread exactly when ``expected``."""
    game_id, tokens = two_seats(client)
    store = rooms_of(client).db.store
    ran_on: list[int] = []
    sync_commit, async_commit = store.save_states, store.save_states_async

    def save_states(conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
        ran_on.append(threading.get_ident())
        sync_commit(conn, writes)

    async def save_states_async(conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
        ran_on.append(threading.get_ident())
        await async_commit(conn, writes)

    store.save_states = save_states  # type: ignore[method-assign]
    store.save_states_async = save_states_async  # type: ignore[method-assign]
    res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=mover(client, game_id, tokens))
    assert res.status_code == 200
    loop_thread = client.portal.call(threading.get_ident)  # type: ignore[union-attr]
    assert len(ran_on) == 1 and (ran_on[0] == loop_thread) is expected


def test_a_move_that_cannot_be_stored_is_a_503_and_changes_nothing(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    driver = rooms_of(client).db.writers.driver
    original = driver.commit
    failing = [True]

    async def commit(conn: Any, writes: list[tuple[StoredGame, int]]) -> None:
        if failing[0]:
            raise OSError("disk full")
        await original(conn, writes)

    driver.commit = commit  # type: ignore[method-assign]
    before = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tokens[0]}).json()
    res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=mover(client, game_id, tokens))
    assert res.status_code == 503 and "could not be stored" in res.json()["error"]
    after = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": tokens[0]}).json()
    assert {k: v for k, v in after.items() if k != "clock"} == {k: v for k, v in before.items() if k != "clock"}
    failing[0] = False
    res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=mover(client, game_id, tokens))
    assert res.status_code == 200 and res.json()["set"]["version"] == 1


def test_a_stored_move_leaves_no_undo_snapshot_in_memory(client: TestClient) -> None:
    game_id, tokens = two_seats(client)
    for version in (1, 2, 3):
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=mover(client, game_id, tokens))
        assert res.status_code == 200 and res.json()["set"]["version"] == version
    game = rooms_of(client).rooms[game_id].game
    assert game is not None and len(game.history) == 3
    with pytest.raises(GameStateError):
        game.pop()  # the snapshots went once each move was stored


def test_a_start_loads_only_the_games_that_go_on_by_themselves(db_url: str) -> None:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as first:
        room_id, tokens = two_seats(first)
        moved = first.post(f"/api/games/{room_id}/move", json={"type": "pass"}, headers=mover(first, room_id, tokens))
        assert moved.status_code == 200
        bot_id = first.post("/api/games", json={"mode": "bot", "name": "Ann", "bot": "random"}).json()["id"]
        timed = {"mode": "room", "players": 2, "name": "Cy", "clock": {"kind": "move", "minutes": 3}}
        timed_id = first.post("/api/games", json=timed).json()["id"]
        first.post(f"/api/games/{timed_id}/join", json={"name": "Di"})
    with TestClient(create_app(settings)) as again:
        loaded = rooms_of(again).rooms
        assert bot_id in loaded and timed_id in loaded  # a bot may be to move, a clock must run
        assert room_id not in loaded  # nobody's turn runs out: it waits in the database
        view = again.get(f"/api/games/{room_id}", headers={"X-Seat-Token": tokens[0]})
        assert view.status_code == 200 and view.json()["version"] == 1  # and comes back when asked for
