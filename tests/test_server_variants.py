"""Smath in the web app: the variant chosen at creation, its free tiles, open racks, shared score, restart."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.game import Game
from webtools import UNLIMITED, StubBot, find_smath_first, place_json, seeds


def settings(db_url: str) -> Settings:
    return Settings(db_url=db_url, bot_factory=StubBot, seeds=seeds(), bot_delay=0.0, **UNLIMITED)


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(settings(db_url))) as c:
        yield c


def room(client: TestClient, variant: str) -> tuple[str, list[str], Game]:
    """A started two-seat room of ``variant``: id, tokens by seat, the server's game."""
    res = client.post("/api/games", json={"mode": "room", "variant": variant, "name": "Ann"})
    assert res.status_code == 201, res.text
    game_id = res.json()["id"]
    other = client.post(f"/api/games/{game_id}/join", json={"name": "Ben"}).json()
    return game_id, [res.json()["token"], other["token"]], client.app.state.rooms.rooms[game_id].game  # type: ignore[attr-defined]


def view(client: TestClient, game_id: str, token: str | None = None) -> Any:
    return client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": token} if token else {}).json()


@pytest.mark.parametrize("mode", ["bot", "hotseat", "room"])
def test_every_mode_creates_a_smath_game(client: TestClient, mode: str) -> None:
    res = client.post("/api/games", json={"mode": mode, "variant": "smath", "bot": "greedy"})
    assert res.status_code == 201, res.text
    v = view(client, res.json()["id"], res.json()["token"])
    assert v["variant"] == "smath" and v["rules"]["rack_size"] == 10 and v["rules"]["free"] == ["(", ")", "="]
    assert "=" not in v["points"] or v["points"]["="] == 0
    assert "+" in v["rules"]["blank_faces"] and "12" in v["rules"]["blank_faces"] and "20" not in v["rules"]["blank_faces"]
    assert v["rules"]["choice_faces"] == {}
    if mode != "room":
        assert len(v["rack"]) == 10 and v["bag"] == 124 - 20


def test_a_math_stays_the_default(client: TestClient) -> None:
    res = client.post("/api/games", json={"mode": "hotseat"}).json()
    v = view(client, res["id"], res["token"])
    assert v["variant"] == "a-math" and v["rules"]["free"] == [] and len(v["rack"]) == 8 and "open_racks" not in v


@pytest.mark.parametrize(
    ("variant", "status", "needle"),
    [("smath+coop+beginners", 201, ""), ("chess", 400, "unknown variant"), ("smath+turbo", 400, "unknown variant"), (7, 400, "'variant'")],
)
def test_variant_names_are_checked(client: TestClient, variant: Any, status: int, needle: str) -> None:
    res = client.post("/api/games", json={"mode": "room", "variant": variant})
    assert res.status_code == status, res.text
    if status == 201:
        assert view(client, res.json()["id"])["variant"] == "smath+beginners+coop"  # the canonical name
        assert any(g["variant"] == "smath+beginners+coop" for g in client.get("/api/rooms").json()["waiting"])
    else:
        assert needle in res.json()["error"]


def test_a_smath_game_with_the_free_equals_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(settings(db_url))) as client:
        game_id, tokens, game = room(client, "smath")
        place = find_smath_first(game)
        assert place is not None and any(p.tile == "=" for p in place.tiles)
        mover = {"X-Seat-Token": tokens[game.to_move]}
        tiles = place_json(place)
        preview = client.post(f"/api/games/{game_id}/preview", json={"tiles": tiles}, headers=mover).json()
        assert preview["legal"], preview
        rack_before = list(game.racks[game.to_move])
        equals = next(p.square.name for p in place.tiles if p.tile == "=")
        res = client.post(f"/api/games/{game_id}/move", json={"type": "place", "tiles": tiles}, headers=mover)
        assert res.status_code == 200, res.text
        after = res.json()
        assert after["add"]["history"][0]["score"] == preview["score"] and len(after["own"]["set"]["rack"]) == 10
        assert {"square": equals, "tile": "="} in after["add"]["board"]
        assert list(game.history[0].rack_before) == rack_before and "=" not in rack_before  # it came from the free supply
        # '=' is not a rack tile to exchange
        bad = client.post(
            f"/api/games/{game_id}/move", json={"type": "exchange", "tiles": ["="]}, headers={"X-Seat-Token": tokens[game.to_move]}
        )
        assert bad.status_code == 400
        before = view(client, game_id, tokens[0])
    with TestClient(create_app(settings(db_url))) as client:
        again = view(client, game_id, tokens[0])
        assert again["variant"] == "smath"
        for key in ("board", "rack", "sides", "history", "to_move", "bag", "rules"):
            assert again[key] == before[key], key


def test_primary_shows_every_rack_and_coop_shares_the_score(client: TestClient) -> None:
    game_id, tokens, game = room(client, "smath+primary+coop")
    spectator = view(client, game_id)
    assert spectator["rules"]["open_racks"] and spectator["open_racks"] == [list(r) for r in game.racks]
    assert spectator["unseen"] == {t: n for t, n in spectator["unseen"].items() if n > 0}
    assert sum(spectator["unseen"].values()) == len(game.bag)
    place = find_smath_first(game)
    assert place is not None
    res = client.post(
        f"/api/games/{game_id}/move", json={"type": "place", "tiles": place_json(place)}, headers={"X-Seat-Token": tokens[game.to_move]}
    )
    assert res.status_code == 200, res.text
    scores = [s["score"] for s in res.json()["set"]["sides"]]
    assert scores[0] == scores[1] > 0 and view(client, game_id)["rules"]["shared_score"]
