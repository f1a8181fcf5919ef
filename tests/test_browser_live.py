"""Live updates in Debian's Chromium: pages follow a room by changes, never see another rack, and an expired room says so.

Every websocket frame a page receives is kept (Playwright's ``framereceived``) and read
for hidden information; after each turn the page's view is compared with the view the
server gives its seat.  Shares the server helpers of ``test_browser.py``.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from amath.core.move import Pass
from amath.core.rules import AMATH
from amath.formats.record import write_record
from amath.game import Game
from test_browser import Server, game_id_of, put_tiles, shot
from webtools import CHROMIUM, comparable, find_place, hidden_leaks, patient

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("live")))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def expiring(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("expiring")), waiting_ttl=4.0)  # rooms left waiting expire in seconds
    yield srv
    srv.stop()


class Tab:
    """A page in its own browser context, with every websocket frame it got and sent."""

    def __init__(self, browser: Any, lang: str = "en") -> None:
        self.context = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True))
        if lang == "th":
            self.context.add_init_script("localStorage.setItem('amath.lang', 'th')")
        self.page = self.context.new_page()
        self.got: list[dict[str, Any]] = []
        self.sent: list[str] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("websocket", self._socket)

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.got.append(json.loads(payload)))
        ws.on("framesent", lambda payload: self.sent.append(payload))

    def state(self) -> dict[str, Any]:
        return dict(self.page.evaluate("window.amathDebug.state"))

    def token(self) -> str | None:
        seat = self.page.evaluate(f"localStorage.getItem('amath.seat.{game_id_of(self.page)}')")
        return json.loads(seat)["token"] if seat else None

    def wait_version(self, version: int) -> None:
        self.page.wait_for_function(f"window.amathDebug.state && window.amathDebug.state.version === {version}")

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], self.errors


def server_view(server: Server, game_id: str, token: str | None) -> dict[str, Any]:
    request = urllib.request.Request(f"{server.url}/api/games/{game_id}", headers={"X-Seat-Token": token} if token else {})
    with urllib.request.urlopen(request, timeout=30) as res:
        return dict(json.loads(res.read()))


def open_room(server: Server, browser: Any) -> tuple[Tab, Tab, str]:
    ann, ben = Tab(browser), Tab(browser)
    ann.page.goto(server.url + "/")
    ann.page.fill("#name", "Ann")
    ann.page.click("#create-room")
    ann.page.locator(".share-link").wait_for()
    link = str(ann.page.locator(".share-link").input_value())
    ben.page.goto(link + "?join=1")
    ben.page.locator("#join-name").fill("Ben")
    ben.page.click("#join-go")
    for tab in (ann, ben):
        tab.page.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    return ann, ben, link


def test_pages_follow_a_room_by_changes_and_never_see_another_rack(server: Server, browser: Any) -> None:
    ann, ben, link = open_room(server, browser)
    watcher = Tab(browser)
    watcher.page.goto(link)
    ann.page.locator("#watchers", has_text="1 watching").wait_for()
    game_id = game_id_of(ann.page)
    game = server.game(game_id)
    tabs = {0: ann, 1: ben}
    mover, other = tabs[game.to_move], tabs[1 - game.to_move]
    everyone = (ann, ben, watcher)

    def agree(version: int) -> None:
        for tab in everyone:
            tab.wait_version(version)
            assert comparable(tab.state()) == comparable(server_view(server, game_id, tab.token()))

    place = find_place(game)
    assert place is not None
    put_tiles(mover.page, place)
    mover.page.locator("#preview.good").wait_for()
    mover.page.click("#btn-play")
    agree(1)
    other.page.click("#btn-exchange")
    other.page.locator("#rack .tile").nth(0).click()
    other.page.locator("#rack .tile").nth(1).click()
    other.page.click("#btn-exchange-go")
    agree(2)
    assert other.page.locator("#history li").nth(1).inner_text().split("\n")[1] != "exchange 2"  # the exchanger sees its tiles
    for tab in (mover, watcher):
        assert tab.page.locator("#history li").nth(1).inner_text().split("\n")[1] == "exchange 2"  # the others see how many
    watcher.page.evaluate("window.amathDebug.state.rev = 1")  # as if this screen had missed a change
    mover.page.click("#btn-pass")
    mover.page.click("#btn-pass")
    agree(3)
    assert '{"type":"sync"}' in watcher.sent and watcher.got[-1]["type"] == "state"  # it asked for, and got, its whole view
    shot(watcher.page, "spectator-after-changes")
    for side, tab in ((game.to_move, tabs[game.to_move]), (1 - game.to_move, tabs[1 - game.to_move]), (None, watcher)):
        updates = [m for m in tab.got if m["type"] in ("state", "change")]
        assert updates[0]["type"] == "state" and any(m["type"] == "change" for m in updates)
        for message in updates:
            assert hidden_leaks(message, side) == [], (side, message)
        racks = [m["own"]["set"]["rack"] for m in updates if m["type"] == "change" and "own" in m]
        assert racks and all(r is None for r in racks) == (side is None)
    for tab in everyone:
        tab.close()


@pytest.mark.parametrize(("lang", "title", "why"), [("en", "This room has expired", "Nobody filled"), ("th", "ห้องนี้หมดเวลาแล้ว", "ไม่มีผู้เล่น")])
def test_an_expired_room_says_it_expired(expiring: Server, browser: Any, lang: str, title: str, why: str) -> None:
    ann = Tab(browser, lang)
    ann.page.goto(expiring.url + "/")
    ann.page.fill("#name", "Ann")
    ann.page.click("#create-room")
    ann.page.locator(".share-link").wait_for()
    link = str(ann.page.locator(".share-link").input_value())
    ann.page.locator("#expired", has_text=title).wait_for()  # the open screen is told when the room expires
    assert why in ann.page.locator("#waiting").inner_text() and title in ann.page.locator("#status").inner_text()
    assert ann.page.locator("#waiting a[href='/']").is_visible()
    late = Tab(browser, lang)
    late.page.goto(link + "?join=1")  # a friend who opens the link too late
    late.page.locator("#expired", has_text=title).wait_for()
    assert late.page.locator("#join-name").count() == 0  # no join dialog for a room that is gone
    shot(late.page, f"room-expired-{lang}")
    for tab in (ann, late):
        tab.close()


@pytest.mark.parametrize(("lang", "said", "kind"), [("en", "Ben resigned", "resigned"), ("th", "Ben ยอมแพ้", "ยอมแพ้")])
def test_the_record_viewer_shows_a_resignation(server: Server, browser: Any, tmp_path: Path, lang: str, said: str, kind: str) -> None:
    game = Game(AMATH, teams=[["Ann"], ["Ben"]], seed=1)
    for _ in range(3):
        game.push(Pass())
    game.resign(1)
    path = tmp_path / "resigned.amr"
    path.write_text(write_record(game), encoding="utf-8")
    tab = Tab(browser, lang)
    tab.page.goto(server.url + "/")
    tab.page.set_input_files("#record-file", str(path))
    tab.page.wait_for_function("window.amathReplay && window.amathReplay.data")
    tab.page.click("#btn-last")
    assert said in tab.page.locator("#result").inner_text()
    assert kind in tab.page.locator("#history li.kind-end").last.inner_text()  # the resign line ends the list
    tab.close()
