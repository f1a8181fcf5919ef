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
