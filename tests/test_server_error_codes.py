"""The server sends the library's error code and its text in each language, so the page translates by code."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.game import Game
from webtools import UNLIMITED, StubBot, seeds


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def started(client: TestClient) -> tuple[str, Game, str, str]:
    """A two-seat room: its id, the game, the token to move and the other token."""
    res = client.post("/api/games", json={"mode": "room", "players": 2, "name": "Ann"})
    game_id, first = res.json()["id"], res.json()["token"]
    second = client.post(f"/api/games/{game_id}/join", json={"name": "Ben"}).json()["token"]
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    assert isinstance(game, Game)
    tokens = [first, second]
    return game_id, game, tokens[game.to_move], tokens[1 - game.to_move]


def test_a_refused_move_carries_the_judges_code_and_a_thai_text(client: TestClient) -> None:
    game_id, game, token, _ = started(client)
    game.set_rack(game.to_move, ["?", "?", "?", "1", "2", "3", "4", "5"])
    tiles = [
        {"square": "G8", "tile": "?", "face": "1"},
        {"square": "H8", "tile": "?", "face": "="},
        {"square": "I8", "tile": "?", "face": "2"},
    ]
    res = client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": tiles}, headers={"X-Seat-Token": token})
    body = res.json()
    assert res.status_code == 422
    assert body["code"] == "sides_differ" and body["error"].startswith("1=2 at G8 is not true")
    assert body["messages"]["en"] == body["error"]
    assert body["messages"]["th"] == "1=2 ที่ G8 ไม่เป็นสมการที่ถูกต้อง: ค่าแต่ละข้างไม่เท่ากัน: 1 → 1, 2 → 2"


def test_a_preview_names_its_code_for_every_kind_of_refusal(client: TestClient) -> None:
    game_id, game, token, other = started(client)
    game.set_rack(game.to_move, ["1", "=", "1", "2", "3", "4", "5", "6"])
    off = client.post(
        f"/api/games/{game_id}/preview", json={"tiles": [{"square": "A1", "tile": "1"}]}, headers={"X-Seat-Token": token}
    ).json()
    assert (off["code"], off["reasons"]["th"]) == ("first_cover_centre", "การลงครั้งแรกต้องทับช่องดาว H8")
    game.set_rack(1 - game.to_move, ["2", "2", "2", "2", "3", "3", "3", "3"])
    line = [{"square": "G8", "tile": "2"}, {"square": "H8", "tile": "="}, {"square": "I8", "tile": "2"}]
    missing = client.post(f"/api/games/{game_id}/preview", json={"tiles": line}, headers={"X-Seat-Token": other}).json()
    assert missing["code"] == "tiles_not_on_rack" and missing["reasons"]["th"] == "เบี้ยเหล่านี้ไม่ได้อยู่บนแป้นของคุณ"
    game.set_rack(1 - game.to_move, ["2", "=", "2", "2", "3", "3", "3", "3"])
    waiting = client.post(f"/api/games/{game_id}/preview", json={"tiles": line}, headers={"X-Seat-Token": other}).json()
    assert waiting["code"] == "not_your_turn" and waiting["score"] is not None and not waiting["legal"]


def test_an_unreadable_record_upload_names_the_line_in_thai(client: TestClient) -> None:
    res = client.post("/api/replay", json={"record": "#amath-record 1\n#side 1 A\n#side 2 B\n#seed x\n"})
    body = res.json()
    assert res.status_code == 400 and body["code"] == "record_seed"
    assert body["messages"]["th"] == "บรรทัด 4: '#seed' ต้องเป็นจำนวนเต็ม ไม่ใช่ 'x'"
