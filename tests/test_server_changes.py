"""Screens are sent what a turn changed, not their whole view: the changes add up to the view, and hide what they must.

Every screen here is read as the page reads it (``webtools.Screen``: a whole view, then
changes applied by ``amath.apps.server.changes.apply_change``) and compared, after every
turn, with the view the server gives that seat on request.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient

import amath.apps.server.changes as changes
from amath.apps.server import Settings, create_app
from amath.apps.server.rooms import Rooms, Watcher
from amath.game import Game
from webtools import UNLIMITED, Screen, StubBot, comparable, find_smath_first, follow, hidden_leaks, place_json, seeds, wait_until

FALSE_LINE = [{"square": sq, "tile": "?", "face": face} for sq, face in (("G8", "1"), ("H8", "="), ("I8", "2"))]


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(db_url=db_url, bot_factory=StubBot, bot_delay=0.0, seeds=seeds(), **UNLIMITED)
    with TestClient(create_app(settings)) as c:
        yield c


def rooms_of(client: TestClient) -> Rooms:
    rooms = client.app.state.rooms  # type: ignore[attr-defined]
    assert isinstance(rooms, Rooms)
    return rooms


def open_room(client: TestClient, seats: int, **setup: Any) -> tuple[str, list[str], Game]:
    made = client.post("/api/games", json={"mode": "room", "name": "Ann", **setup}).json()
    tokens = [made["token"]]
    for k in range(1, seats):
        tokens.append(client.post(f"/api/games/{made['id']}/join", json={"name": f"P{k}"}).json()["token"])
    game = rooms_of(client).rooms[made["id"]].game
    assert game is not None
    return made["id"], tokens, game


def hdr(token: str | None) -> dict[str, str]:
    return {"X-Seat-Token": token} if token else {}


class Table:
    """A room with a screen for every seat and one spectator; each turn is checked on every screen."""

    def __init__(self, client: TestClient, stack: ExitStack, game_id: str, tokens: list[str], game: Game, teams: bool) -> None:
        self.client, self.game_id, self.tokens, self.game = client, game_id, tokens, game
        self.sides = 2 if teams else len(tokens)
        self.viewers: list[str | None] = [*tokens, None]
        self.screens = []
        for token in self.viewers:
            query = f"?token={token}" if token else ""
            screen = Screen(stack.enter_context(client.websocket_connect(f"/api/games/{game_id}/ws{query}")))
            screen.next()
            self.screens.append(screen)
        for screen in self.screens:  # the spectator's arrival reached the screens opened before it
            while screen.state is not None and screen.state["spectators"] != 1:
                screen.next()

    def token_of(self, side: int) -> str:
        return next(t for k, t in enumerate(self.tokens) if k % self.sides == side)

    def view(self, token: str | None) -> dict[str, Any]:
        res = self.client.get(f"/api/games/{self.game_id}", headers=hdr(token))
        assert res.status_code == 200, res.text
        return dict(res.json())

    def play(self, side: int, body: dict[str, Any]) -> dict[str, Any]:
        """``side`` sends ``body``; the answer applied to its screen's view and every screen's next message agree with the views."""
        token = self.token_of(side)
        before = self.view(token)
        res = self.client.post(f"/api/games/{self.game_id}/move", json=body, headers=hdr(token))
        assert res.status_code == 200, res.text
        answer = res.json()
        assert answer["type"] == "change" and answer["base"] == before["rev"]
        answered = follow(before, answer)
        assert answered is not None and comparable(answered) == comparable(self.view(token))
        for k, (screen, viewer) in enumerate(zip(self.screens, self.viewers)):
            shown = screen.next()
            message = screen.messages[-1]
            assert message["type"] == "change", message
            own_side = None if viewer is None else k % self.sides
            assert hidden_leaks(message, own_side) == [], (viewer, message)
            assert comparable(shown) == comparable(self.view(viewer)), f"screen {k} after {body}"
        return dict(answer)


def test_changes_add_up_to_every_seats_view_through_challenges_exchanges_and_the_end(client: TestClient) -> None:
    with ExitStack() as stack:
        game_id, tokens, game = open_room(client, 4, players=2, teams=True, challenge=True)
        table = Table(client, stack, game_id, tokens, game, teams=True)
        first = game.to_move
        game.set_rack(first, ["?", "?", "?"] + game.racks[first][3:])  # a false line to challenge
        table.play(first, {"type": "place", "tiles": FALSE_LINE})
        won = table.play(1 - first, {"type": "challenge"})
        assert sorted(won["drop"]["board"]) == ["G8", "H8", "I8"] and won["add"]["history"][-1]["kind"] == "challenge-won"
        mover = game.to_move
        game.set_rack(mover, ["1", "=", "1"] + game.racks[mover][3:])  # a true line: the challenge fails
        true_line = [{"square": sq, "tile": t} for sq, t in zip(("G8", "H8", "I8"), ("1", "=", "1"))]
        table.play(mover, {"type": "place", "tiles": true_line})
        lost = table.play(1 - mover, {"type": "challenge"})
        assert lost["add"]["history"][0]["kind"] == "challenge-lost"
        for k in range(4):  # both sides exchange: each sees its own tiles only
            side = game.to_move
            table.play(side, {"type": "exchange", "tiles": game.racks[side][: 1 + k % 2]})
        while not game.over:
            table.play(game.to_move, {"type": "pass"})
        final = table.screens[-1].state
        assert final is not None and final["status"] == "over" and final["result"]["final_racks"]
        exchanges = [h for h in final["history"] if h["kind"] == "exchange"]
        assert len(exchanges) == 4 and all(h["notation"] == "exchange" for h in exchanges)  # a spectator never sees them
        mine = [h for h in table.screens[0].state["history"] if h["kind"] == "exchange"]  # type: ignore[index]
        assert [h["notation"] != "exchange" for h in mine] == [h["side"] == 0 for h in mine]


def test_open_racks_and_a_shared_score_follow_by_changes(client: TestClient) -> None:
    with ExitStack() as stack:
        game_id, tokens, game = open_room(client, 2, players=2, variant="smath+primary+coop")
        table = Table(client, stack, game_id, tokens, game, teams=False)
        place = find_smath_first(game)
        assert place is not None
        answer = table.play(game.to_move, {"type": "place", "tiles": place_json(place)})
        assert answer["set"]["open_racks"] == [list(r) for r in game.racks]
        for _ in range(2):
            side = game.to_move
            table.play(side, {"type": "exchange", "tiles": [t for t in game.racks[side] if t.isdigit()][:2]})


def test_the_part_every_screen_gets_is_encoded_once(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[dict[str, Any]] = []
    plain = changes.dumps

    def counting(obj: Any) -> str:
        encoded.append(obj)
        return plain(obj)

    monkeypatch.setattr(changes, "dumps", counting)
    game_id, tokens, game = open_room(client, 2, players=2)
    with ExitStack() as stack:
        screens = [Screen(stack.enter_context(client.websocket_connect(f"/api/games/{game_id}/ws{q}"))) for q in ("", "", "", "")]
        for screen in screens:
            while screen.next()["spectators"] != len(screens):
                pass
        encoded.clear()
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
        for screen in screens:
            screen.next()
            assert screen.messages[-1]["type"] == "change"
        shared = [o for o in encoded if o.get("type") == "change"]
        own = [o for o in encoded if "type" not in o]
    assert len(shared) == 1  # four spectators and the mover's answer: one encoding of the shared part
    assert len(own) == 2  # one own part for the spectators (alike), one for the mover's seat


def test_a_screen_that_fell_behind_gets_its_whole_view(client: TestClient) -> None:
    game_id, tokens, game = open_room(client, 2, players=2)
    rooms = rooms_of(client)
    room = rooms.rooms[game_id]
    gate = asyncio.Event()
    sent: list[str] = []

    async def slow(text: str) -> None:
        sent.append(text)
        if len(sent) == 2:
            await gate.wait()  # the first change is held in the socket until the gate opens

    watcher = Watcher(None, slow)

    async def attach() -> None:
        rooms.watch(room, watcher)

    async def release() -> None:
        gate.set()

    client.portal.call(attach)  # type: ignore[union-attr]
    wait_until(lambda: len(sent) == 1)
    for _ in range(3):
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
    wait_until(lambda: len(sent) == 2)
    client.portal.call(release)  # type: ignore[union-attr]
    wait_until(lambda: len(sent) == 3)
    messages = [json.loads(t) for t in sent]
    assert [m["type"] for m in messages] == ["state", "change", "state"]
    assert messages[2]["state"]["version"] == 3 and messages[2]["state"]["rev"] == room.rev


def test_a_screen_may_ask_for_its_whole_view(client: TestClient) -> None:
    game_id, tokens, game = open_room(client, 2, players=2)
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[0]}") as ws:
        screen = Screen(ws)
        screen.next()
        client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[game.to_move]))
        changed = screen.next()
        ws.send_text('{"type": "sync"}')
        whole = screen.next()
        assert screen.messages[-1]["type"] == "state" and comparable(whole) == comparable(changed)


def test_a_hot_seat_screen_gets_the_next_sides_whole_view(client: TestClient) -> None:
    made = client.post("/api/games", json={"mode": "hotseat", "names": ["Ann", "Ben"]}).json()
    game = rooms_of(client).rooms[made["id"]].game
    assert game is not None
    with client.websocket_connect(f"/api/games/{made['id']}/ws?token={made['token']}") as ws:
        screen = Screen(ws)
        screen.next()
        for _ in range(2):
            answer = client.post(f"/api/games/{made['id']}/move", json={"type": "pass"}, headers=hdr(made["token"])).json()
            assert answer["me"]["side"] == game.to_move and answer["rack"] == game.racks[game.to_move]  # a whole view
            shown = screen.next()
            assert screen.messages[-1]["type"] == "state" and shown["rack"] == game.racks[game.to_move]


def test_a_move_sent_with_its_screen_is_not_echoed_on_that_socket(client: TestClient) -> None:
    game_id, tokens, game = open_room(client, 2)
    mover = game.to_move
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[mover]}") as mine,
        client.websocket_connect(f"/api/games/{game_id}/ws?token={tokens[1 - mover]}") as theirs,
    ):
        screens = [Screen(mine), Screen(theirs)]
        for s in screens:
            s.next()
        names = [s.messages[0]["screen"] for s in screens]
        assert names[0] != names[1]
        # the other seat's screen name is ignored: that socket is told as ever
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={**hdr(tokens[mover]), "X-Screen": names[1]})
        assert res.status_code == 200
        assert screens[1].next()["version"] == 1 and screens[0].next()["version"] == 1
        # the mover's own screen name: its answer is the change, and its socket skips it
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers={**hdr(tokens[1 - mover]), "X-Screen": names[1]})
        assert res.status_code == 200
        screens[1].state = follow(screens[1].state, res.json())
        assert screens[0].next()["version"] == 2
        res = client.post(f"/api/games/{game_id}/move", json={"type": "pass"}, headers=hdr(tokens[mover]))
        assert res.status_code == 200
        after = screens[1].next()  # the next message on that socket is this move's change, from where the answer left it
        assert screens[1].messages[-1]["type"] == "change" and after["version"] == 3
        view = client.get(f"/api/games/{game_id}", headers=hdr(tokens[1 - mover])).json()
        assert comparable({**after, "spectators": 0}) == comparable(view)
