"""What an outside probe of the web app found, in Debian's Chromium: the hot-seat hand-over screen gave the next
player's rack away (its tiles in the page, hidden only by CSS, and the unseen-tile counts from which the rack follows),
and Enter after placing tiles with the mouse took a tile back instead of playing.

Shares the server and helpers of ``test_browser.py`` (seed 1: Ann starts with ? 0 = 1 7 +- 17 13).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from amath.core.move import Place
from test_browser import Server, game_id_of, put_tiles, wait_my_turn
from webtools import CHROMIUM, find_place, patient

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("probe")))
    yield srv
    srv.stop()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US", bypass_csp=True))
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert errors == [], errors


def _unseen(page: Any) -> dict[str, int]:
    """The unseen-tile counts the page shows, as {shown tile: count}."""
    pairs = page.locator("#unseen .unseen-tile").evaluate_all(
        "els => els.map(e => [e.querySelector('.u-tile').textContent, Number(e.querySelector('.u-count').textContent.slice(1))])"
    )
    return {tile: n for tile, n in pairs}


def test_the_hot_seat_hand_over_screen_gives_the_next_rack_away_in_no_way(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#hs-players", "2")
    names = page.locator(".hs-name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.click("#start-hotseat")
    page.wait_for_url(re.compile(r".*/g/.*"))
    game = server.game(game_id_of(page))
    page.locator("#rack .tile").first.wait_for()
    assert page.locator("#rack .tile").count() == len(game.racks[game.to_move]) and _unseen(page) != {}  # the first player's, and counts
    place = find_place(game)
    assert place is not None
    put_tiles(page, place)
    page.locator("#preview.good").wait_for()
    first = game.to_move
    page.click("#btn-play")
    page.locator("#show-tiles").wait_for()  # the hand-over screen for the next player
    assert game.to_move != first and game.names[game.to_move] in page.locator(".handover h2").inner_text()
    ben = game.racks[game.to_move]
    assert len(ben) == 8
    # behind the curtain: none of Ben's tiles in the page (not merely invisible), and no unseen counts to work them out
    assert page.locator("#rack .tile").count() == 0
    assert page.locator("#rack [data-tile], #rack [data-id]").count() == 0
    assert page.locator("#unseen").evaluate("e => e.children.length") == 0
    assert page.locator(".u-count").count() == 0
    page.locator("#show-tiles").click()
    page.locator("#rack .tile").first.wait_for()
    shown = page.locator("#rack .tile").evaluate_all("els => els.map(e => e.dataset.tile)")
    assert Counter(shown) == Counter(ben)  # revealed: Ben's own tiles, and the counts come back
    assert sum(_unseen(page).values()) == sum(game.rules.tiles.counts.values()) - len(game.board) - len(ben)


def test_enter_plays_the_tiles_placed_with_the_mouse(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.fill("#name", "Ann")
    page.select_option("#bot-level", "greedy")
    page.click("#start-bot")
    page.wait_for_url(re.compile(r".*/g/.*"))
    game = server.game(game_id_of(page))
    wait_my_turn(page)
    place = find_place(game)
    assert place is not None and len(place.tiles) >= 2 and any(p.tile == "?" for p in place.tiles)  # the face picker too
    page.click("#btn-shuffle")  # a button clicked before: Enter must not press it either
    put_tiles(page, place, drag_first=False)  # every tile by mouse clicks: tile, then square
    page.locator("#preview.good").wait_for()
    pending = page.locator(".tile.pending").count()
    assert pending == len(place.tiles)
    page.keyboard.press("Enter")
    page.wait_for_function("window.amathDebug.state.history.length >= 1")
    played = game.history[0].move
    assert isinstance(played, Place)  # the tentative play, whole: no tile was taken back
    assert {(p.square, p.tile, p.face) for p in played.tiles} == {(p.square, p.tile, p.face) for p in place.tiles}
