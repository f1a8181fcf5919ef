"""The puzzle API: the answer stays on the server until an attempt, anonymous solving, ratings for accounts, bad input."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import Session
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.auth import CSRF_COOKIE
from amath.apps.server.puzzles import finished_games
from amath.apps.server.schema import PuzzleAttemptRow
from amath.core.move import Place
from amath.engine.static import Turns, default_equity
from amath.study.puzzles import Puzzle, generate, read_puzzles, scan_game, verify

PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few A-Math puzzles made as ``amath puzzles generate`` makes them (one or two self-play games)."""
    out = tmp_path_factory.mktemp("puzzles") / "a-math.jsonl"
    generate("a-math", 6, 3, out)
    return out


@pytest.fixture
def app(db_url: str, puzzle_file: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("AMATH_PUZZLES", str(puzzle_file))
    return create_app(Settings(db_url=db_url, bot_delay=0.0))


def _puzzles(path: Path) -> dict[str, Puzzle]:
    return {p.id: p for p in read_puzzles(path)}


def _account(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    assert c.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
    return c


def _refused(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and re.search(r"[\u0e00-\u0e7f]", body["messages"]["th"]), body


def test_the_next_puzzle_shows_the_position_and_never_the_answer(app: Any, puzzle_file: Path) -> None:
    stored = _puzzles(puzzle_file)
    c = TestClient(app)
    seen = set()
    for _ in range(12):
        r = c.get("/api/puzzles/next", params={"variant": "a-math"})
        assert r.status_code == 200, r.text
        view = r.json()
        p = stored[view["id"]]
        seen.add(p.id)
        assert view["kind"] == p.kind and view["difficulty"] == p.difficulty and len(view["rack"]) > 0
        assert view["board"] or p.kind == "bingo"  # an opening bingo may come from the empty board
        assert not {"answer", "next", "margin", "source", "score_rank", "tiles"} & set(view) and view["account"] is False
        text = r.text
        assert p.answer.move not in text and p.source not in text
        assert p.next is None or p.next.move not in text
    assert len(seen) > 1  # a random pick


def test_an_anonymous_player_solves_a_puzzle_and_sees_the_engines_reasons(app: Any, puzzle_file: Path, db_url: str) -> None:
    stored = _puzzles(puzzle_file)
    c = TestClient(app)
    view = c.get("/api/puzzles/next").json()
    p = stored[view["id"]]
    if p.next is not None:  # the next best turn is a legal turn, and wrong
        wrong = c.post(f"/api/puzzles/{p.id}/attempt", json={"move": p.next.move})
        assert wrong.status_code == 200, wrong.text
        assert wrong.json()["right"] is False and wrong.json()["rating"] is None
    r = c.post(f"/api/puzzles/{p.id}/attempt", json={"move": p.answer.move})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["right"] is True and body["rating"] is None
    assert body["answer"]["move"] == p.answer.move and body["answer"]["score"] == p.answer.score
    assert body["margin"] == p.margin and body["method"] in ("static", "exact")
    assert body["answer"]["leave"] == list(p.answer.leave)
    engine = create_engine(db_url)
    with Session(engine) as s:
        rows = list(s.scalars(select(PuzzleAttemptRow).where(PuzzleAttemptRow.puzzle_id == p.id)))
    engine.dispose()
    assert rows and all(row.account_id is None and not row.rated for row in rows)
    assert rows[-1].right


def test_the_tiles_placed_on_the_page_are_judged_like_the_typed_move(app: Any, puzzle_file: Path) -> None:
    stored = _puzzles(puzzle_file)
    c = TestClient(app)
    placed = next(p for p in stored.values() if not p.answer.move.startswith(("pass", "exchange")))
    shown = c.post(f"/api/puzzles/{placed.id}/attempt", json={"give_up": True}).json()
    assert shown["right"] is False and shown["tiles"]
    r = c.post(f"/api/puzzles/{placed.id}/attempt", json={"tiles": shown["tiles"]})
    assert r.status_code == 200 and r.json()["right"] is True


def test_a_logged_in_players_first_attempt_moves_both_ratings_and_later_ones_do_not(app: Any, puzzle_file: Path) -> None:
    stored = _puzzles(puzzle_file)
    c = _account(app, "solver")
    view = c.get("/api/puzzles/next").json()
    assert view["me"] is None and view["account"] is True  # no rated attempt yet
    p = stored[view["id"]]
    r = c.post(f"/api/puzzles/{p.id}/attempt", json={"move": p.answer.move})
    assert r.status_code == 200, r.text
    change = r.json()["rating"]
    assert change["before"] == 1500 and change["after"] > 1500
    assert r.json()["puzzle_rating"] < round(p.rating)  # the puzzle lost to the player
    again = c.post(f"/api/puzzles/{p.id}/attempt", json={"move": p.answer.move}).json()
    assert again["right"] is True and again["rating"] is None  # one rated attempt a puzzle
    me = c.get("/api/puzzles/next").json()["me"]
    assert me["rating"] == change["after"] and me["attempts"] == 1 and me["solved"] == 1
    other = c.get("/api/puzzles/next").json()
    assert other["id"] != p.id  # a puzzle not tried yet while there are some


def test_bad_input_is_refused_in_both_languages(app: Any, puzzle_file: Path) -> None:
    stored = _puzzles(puzzle_file)
    pid = next(iter(stored))
    c = TestClient(app)
    _refused(c.get("/api/puzzles/next", params={"kind": "riddle"}), 400, "puzzle_filter")
    _refused(c.get("/api/puzzles/next", params={"variant": "smath"}), 404, "no_puzzles")
    _refused(c.post("/api/puzzles/nothing/attempt", json={"move": "pass"}), 404, "no_puzzle")
    _refused(c.post(f"/api/puzzles/{pid}/attempt", json={"move": "8H 1 + 1 = 3", "x": 1}), 400, "puzzle_move")
    r = c.post(f"/api/puzzles/{pid}/attempt", json={"move": "Z99 1"})
    assert r.status_code == 400 and r.json()["code"] and r.json()["messages"]["th"] != r.json()["messages"]["en"]
    logged = _account(app, "forger")
    del logged.headers["X-CSRF-Token"]
    _refused(logged.post(f"/api/puzzles/{pid}/attempt", json={"move": "pass"}), 403, "csrf")


def test_the_puzzle_page_is_served_and_its_texts_are_in_both_languages(app: Any) -> None:
    c = TestClient(app)
    r = c.get("/puzzles")
    assert r.status_code == 200 and "puzzles.js" in r.text
    i18n = (Path(__file__).parents[1] / "src/amath/apps/web/i18n.js").read_text(encoding="utf-8")
    keys = set(
        re.findall(r'\bt\("(pz_[a-z_]+)"', (Path(__file__).parents[1] / "src/amath/apps/web/puzzles.js").read_text(encoding="utf-8"))
    )
    assert keys
    for key in keys:
        assert len(re.findall(rf"\b{key}:", i18n)) == 2, key  # an English and a Thai text


def test_the_finished_games_of_the_servers_database_are_a_source_of_puzzles(app: Any, db_url: str) -> None:
    c = TestClient(app)
    made = c.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    token = {"X-Seat-Token": made["token"]}
    for _ in range(4):  # the static engine's best placements (a pass when there is none), sent as the page sends them
        game = app.state.rooms.rooms[made["id"]].game
        best = Turns.at(game.position, default_equity()).placements(1)
        body: dict[str, Any] = {"type": "pass"}
        if best:
            assert isinstance(best[0].move, Place)
            body = {"type": "place", "tiles": [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in best[0].move.tiles]}
        assert c.post(f"/api/games/{made['id']}/move", json=body, headers=token).status_code == 200
    played = [t.notation for t in app.state.rooms.rooms[made["id"]].game.history]
    assert len(played) == 4
    assert c.post(f"/api/games/{made['id']}/resign", headers=token).status_code == 200
    found = list(finished_games(db_url))
    assert [source for source, _ in found] == [f"server game {made['id']}"]
    assert [t.notation for t in found[0][1].history] == played
    for puzzle in scan_game(found[0][1], found[0][0]):  # what `amath puzzles generate --db URL` scans
        assert puzzle.source.startswith(f"server game {made['id']} turn") and verify(puzzle).ok


def test_attempts_are_rate_limited_like_every_other_request(db_url: str, puzzle_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AMATH_PUZZLES", str(puzzle_file))
    pid = next(iter(_puzzles(puzzle_file)))
    with TestClient(create_app(Settings(db_url=db_url, rate=0.001, burst=3))) as c:
        codes = [c.post(f"/api/puzzles/{pid}/attempt", json={"move": "pass"}).status_code for _ in range(5)]
    assert codes[:3] == [200, 200, 200] and codes[3:] == [429, 429]
