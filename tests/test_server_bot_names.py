"""The lobby names every bot level for people, in both languages, from the registry's one table (never a raw id)."""

from __future__ import annotations

from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.players.registry import LEVEL_NAMES


def test_every_offered_level_has_its_name_in_both_languages(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as client:
        config = client.get("/api/config").json()
    assert config["bots"] and set(config["bot_names"]) == set(config["bots"])
    for level in config["bots"]:
        en, th = LEVEL_NAMES[level]
        assert config["bot_names"][level] == {"en": en, "th": th}
        assert level not in (en, th)


def test_a_bot_seat_is_named_by_its_level_for_people_and_the_lobby_says_which_level(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as client:
        room = client.post("/api/games", json={"mode": "room", "players": 3, "name": "Ann"}).json()
        token = {"X-Seat-Token": room["token"]}
        assert client.post(f"/api/games/{room['id']}/bot", json={"bot": "champion"}, headers=token).status_code == 200
        seats = client.get(f"/api/games/{room['id']}").json()["seats"]
        lobby = client.get("/api/rooms").json()["waiting"]
    # the stored name is the registry's English name (records, the CLI's replay), never the raw id `Bot (champion)`
    assert [(s["name"], s["bot"]) for s in seats if s["joined"]] == [("Ann", None), ("Bot (Champion)", "champion")]
    listed = next(g for g in lobby if g["id"] == room["id"])["seats"]
    assert [(s["name"], s["bot"]) for s in listed if s["joined"]] == [("Ann", None), ("Bot (Champion)", "champion")]
