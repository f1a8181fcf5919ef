"""Records in the web app: download what a seat may see, upload a record and step through its replay."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.formats.replay import read_record
from webtools import UNLIMITED, StubBot, find_place, find_smath_first, place_json, record_leaks, seeds


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def played_room(client: TestClient, variant: str = "a-math") -> tuple[str, list[str]]:
    """A two-seat room with a placement, an exchange by each side, then passes to the end."""
    res = client.post("/api/games", json={"mode": "room", "variant": variant, "name": "Ann"}).json()
    game_id = res["id"]
    tokens = [res["token"], client.post(f"/api/games/{game_id}/join", json={"name": "Ben"}).json()["token"]]
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    place = find_smath_first(game) if variant.startswith("smath") else find_place(game)
    assert place is not None
    moves = [{"type": "place", "tiles": place_json(place)}]
    moves += [{"type": "exchange", "tiles": ["RACK"]}, {"type": "exchange", "tiles": ["RACK"]}]
    for body in moves:
        if body["type"] == "exchange":
            body = {"type": "exchange", "tiles": game.racks[game.to_move][:3]}
        res = client.post(f"/api/games/{game_id}/move", json=body, headers={"X-Seat-Token": tokens[game.to_move]})
        assert res.status_code == 200, res.text
    return game_id, tokens


def finish(client: TestClient, game_id: str, tokens: list[str]) -> None:
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    while not game.over:
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={"X-Seat-Token": tokens[game.to_move]})


def test_download_hides_other_racks_while_playing_and_shows_them_after(client: TestClient) -> None:
    game_id, tokens = played_room(client)
    for side, headers in ((0, {"X-Seat-Token": tokens[0]}), (1, {"X-Seat-Token": tokens[1]}), (None, {})):
        res = client.get(f"/api/games/{game_id}/record", headers=headers)
        assert res.status_code == 200 and res.headers["content-type"].startswith("text/plain")
        assert f'filename="amath-{game_id}.amr"' in res.headers["content-disposition"]
        assert record_leaks(res.text, side) == []
        assert "exchange (3)" in res.text and "#side 1 Ann" in res.text
        read_record(res.text)  # a seat's own record replays under the rules
    assert client.get(f"/api/games/{game_id}/record", headers={"X-Seat-Token": "forged"}).status_code == 403
    finish(client, game_id, tokens)
    full = client.get(f"/api/games/{game_id}/record").text
    assert record_leaks(full, None) != [] and "#seed" not in full  # the racks settle the score once it is over
    assert read_record(full).result is not None


def test_record_of_a_waiting_room_is_409(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "room"}).json()
    assert client.get(f"/api/games/{res['id']}/record", headers={"X-Seat-Token": res["token"]}).status_code == 409


def test_upload_replays_every_turn(client: TestClient) -> None:
    game_id, tokens = played_room(client, "smath+coop")
    finish(client, game_id, tokens)
    text = client.get(f"/api/games/{game_id}/record").text
    res = client.post("/api/replay", json={"record": text})
    assert res.status_code == 200, res.text
    data = res.json()
    game = client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]
    assert data["variant"] == "smath+coop" and data["rules"]["shared_score"] and data["names"] == ["Ann", "Ben"]
    assert len(data["turns"]) == len(game.history) and len(data["frames"]) == len(game.history) + 1
    assert data["frames"][0]["board"] == [] and data["frames"][0]["scores"] == [0, 0]
    assert len(data["frames"][1]["board"]) == len(game.history[0].move.tiles)
    assert data["frames"][-1]["scores"] == game.scores and data["result"]["scores"] == list(game.result.scores)
    assert data["turns"][0]["rack"] == list(game.history[0].rack_before)
    svg = client.post("/api/replay/svg", json={"record": text, "turn": 1})
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert ET.fromstring(svg.text).tag.endswith("svg")
    assert client.post("/api/replay/svg", json={"record": text, "turn": 999}).status_code == 400


@pytest.mark.parametrize(
    ("change", "status", "needle"),
    [
        (lambda t: t.replace(">1:", "junk here\n>1:", 1), 400, "line "),
        (lambda t: t.replace("#variant a-math", "#variant go"), 400, "unknown variant"),
        (lambda t: t.replace("| +", "| +1", 1), 422, "turn 1 (line "),
    ],
)
def test_bad_records_are_4xx_with_the_line(client: TestClient, change: object, status: int, needle: str) -> None:
    game_id, tokens = played_room(client)
    text = client.get(f"/api/games/{game_id}/record", headers={"X-Seat-Token": tokens[0]}).text
    assert callable(change)
    res = client.post("/api/replay", json={"record": change(text)})
    assert res.status_code == status, res.text
    assert needle in res.json()["error"]


@pytest.mark.parametrize("body", [{}, {"record": 5}, ["x"], "text"])
def test_upload_needs_a_record_field(client: TestClient, body: object) -> None:
    res = client.post("/api/replay", json=body)
    assert res.status_code == 400 and "record" in res.json()["error"]
