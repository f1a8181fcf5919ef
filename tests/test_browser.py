"""The real UI in Debian's Chromium (Playwright): vs the bot, reload, a two-player room, hot seat to the end.

Set ``AMATH_SCREENSHOTS=docs/screenshots`` to keep screenshots of the main screens.  The
contexts bypass the page's Content-Security-Policy only because Playwright's
``wait_for_function`` evaluates strings; the page itself runs under it.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from amath.apps.server import Settings, create_app
from amath.apps.server.bots import registry
from amath.core.move import Pass, Place
from amath.core.placement import analyze
from amath.core.rules import AMATH
from amath.core.scoring import score
from amath.engine.movegen import generate
from amath.formats.record import write_record
from amath.game import Game
from webtools import CHROMIUM, StubBot, find_place, find_smath_first, patient, record_leaks

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")

SEED = 1  # Ann (seat 0) starts with ? 0 = 1 7 +- 17 13: a first play with a blank exists
SHOTS = os.environ.get("AMATH_SCREENSHOTS")


def shot(page: Any, name: str) -> None:
    """Keep a screenshot when asked to (docs), else nothing."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))


class Server:
    """The app served by uvicorn in a thread of the test process, so tests can look inside."""

    def __init__(self, tmp: Path, **settings: Any) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        bots = registry()[1] or StubBot  # the project's bots once they exist, seeded from the game: reproducible
        chosen = {"bot_factory": bots, "seeds": lambda: SEED, "bot_delay": 0.2, **settings}
        self.app = create_app(Settings(db_url=f"sqlite:///{tmp / 'web.db'}", **chosen))
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 10
        while not self.server.started:
            assert time.monotonic() < end, "server did not start"
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}"

    def game(self, game_id: str) -> Game:
        game = self.app.state.rooms.rooms[game_id].game
        assert isinstance(game, Game)
        return game

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("web")))
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


def game_id_of(page: Any) -> str:
    match = re.search(r"/g/([A-Za-z0-9_-]+)", page.url)
    assert match
    return match.group(1)


def wait_my_turn(page: Any, side: int = 0) -> None:
    page.wait_for_function(f"window.amathDebug && window.amathDebug.state && window.amathDebug.state.to_move === {side}")


def put_tiles(page: Any, place: Place, drag_first: bool = True) -> None:
    """Place tiles through the UI: the first by drag and drop, the rest by click-to-place; pick faces.

    Each step waits for the page to settle as a player would see it: the clicked tile shown
    selected, and the live preview of the tiles so far answered (its answer re-renders the
    page, which must not land between the two clicks of the next tile).
    """
    for k, play in enumerate(place.tiles):
        tile = page.locator(f'#rack .tile[data-tile="{play.tile}"]').first
        cell = page.locator(f'.cell[data-square="{play.square.name}"]')
        if k == 0 and drag_first:
            tile.drag_to(cell)
        else:
            tile.click()
            page.locator(f'#rack .tile.selected[data-tile="{play.tile}"]').wait_for()
            cell.click()
        if play.tile in ("?", "+-", "*/"):
            page.locator(f'.face-btn[data-face="{play.face}"]').click()
        page.locator(f'.cell[data-square="{play.square.name}"] .tile.pending').wait_for()
        page.wait_for_function("window.amathDebug.preview !== null")


def expected_score(game: Game, place: Place) -> int:
    return score(analyze(game.board, place, game.rules), game.rules)


def test_play_the_bot_through_the_ui_and_reload(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.fill("#name", "Ann")
    page.select_option("#bot-level", "greedy")
    shot(page, "lobby")
    page.click("#start-bot")
    page.wait_for_url(re.compile(r".*/g/.*"))
    game = server.game(game_id_of(page))
    wait_my_turn(page)
    first = find_place(game)
    assert first is not None and any(p.tile == "?" for p in first.tiles)
    blank = next(p for p in first.tiles if p.tile == "?")
    # the blank first, by drag and drop, to see the face picker
    page.locator('#rack .tile[data-tile="?"]').first.drag_to(page.locator(f'.cell[data-square="{blank.square.name}"]'))
    page.locator(".face-picker").wait_for()
    shot(page, "face-picker")
    page.locator(f'.face-btn[data-face="{blank.face}"]').click()
    put_tiles(page, Place(tuple(p for p in first.tiles if p.tile != "?")), drag_first=True)
    want = expected_score(game, first)
    page.locator("#preview.good").wait_for()
    assert page.locator("#preview").inner_text() == f"Legal: {want} points"
    assert page.locator("#btn-play").inner_text() == f"Play ({want})"
    shot(page, "game-preview")
    page.click("#btn-play")
    page.wait_for_function("window.amathDebug.state.history.length >= 1")
    assert len(game.history) >= 1 and game.history[0].score == want
    turns = 1
    for _ in range(2):  # more turns against the bot
        wait_my_turn(page)
        place = find_place(game, max_tiles=2)
        if place is None:
            break
        put_tiles(page, place)
        page.locator("#preview.good").wait_for()
        page.click("#btn-play")
        turns += 1
        page.wait_for_function(f"window.amathDebug.state.history.filter(h => h.side === 0).length >= {turns}")
    assert turns >= 2, "several turns through the UI"
    wait_my_turn(page)
    board_before = page.locator(".cell .tile.fixed").count()
    history_before = page.locator("#history li").all_inner_texts()
    assert board_before == len(list(game.board.items())) and len(history_before) == len(game.history)
    shot(page, "game-vs-bot")
    # a tentative tile is not kept; everything sent is
    page.reload()
    page.locator("#rack .tile").first.wait_for()
    page.wait_for_function(f"document.querySelectorAll('.cell .tile.fixed').length === {board_before}")
    assert page.locator("#history li").all_inner_texts() == history_before
    assert sorted(page.locator("#rack .tile").evaluate_all("els => els.map(e => e.dataset.tile)")) == sorted(game.racks[0])
    # an illegal tentative play explains itself and cannot be sent
    tile = next(t for t in game.racks[0] if t not in ("?", "+-", "*/"))
    page.locator(f'#rack .tile[data-tile="{tile}"]').first.click()
    page.locator('.cell[data-square="A1"]').click()
    page.locator("#preview.bad").wait_for()
    assert "Not legal" in page.locator("#preview").inner_text() and page.locator("#btn-play").is_disabled()
    page.keyboard.press("Escape")  # recalls, like the button
    assert page.locator(".tile.pending").count() == 0
    # Thai labels
    page.click("#lang")
    assert page.locator("#btn-recall").inner_text() == "เก็บคืน"
    shot(page, "game-thai")
    page.click("#lang")


def test_two_player_room_from_two_browsers(server: Server, browser: Any) -> None:
    ann = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True)).new_page()
    ann.goto(server.url + "/")
    ann.fill("#name", "Ann")
    ann.click("#create-room")
    ann.locator(".share-link").wait_for()
    link = ann.locator(".share-link").input_value()
    shot(ann, "room-waiting")
    ben = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True)).new_page()
    ben.goto(link + "?join=1")
    ben.locator("#join-name").fill("Ben")
    ben.click("#join-go")
    for pg in (ann, ben):
        pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    game = server.game(game_id_of(ann))
    assert [s["name"] for s in ann.evaluate("window.amathDebug.state.sides")] == ["Ann", "Ben"]
    mover, other = (ann, ben) if game.to_move == 0 else (ben, ann)
    place = find_place(game)
    assert place is not None
    put_tiles(mover, place)
    mover.locator("#preview.good").wait_for()
    assert "Not legal" not in other.locator("#preview").inner_text()
    mover.click("#btn-play")
    n = len(place.tiles)
    other.wait_for_function(f"document.querySelectorAll('.cell .tile.fixed').length === {n}")
    assert other.locator("#status").inner_text() == "Your turn"
    shot(other, "room-two-players")
    # the other player exchanges two tiles through the picker; the mover sees only how many
    other.click("#btn-exchange")
    other.locator("#rack .tile").nth(0).click()
    other.locator("#rack .tile").nth(1).click()
    assert other.locator("#btn-exchange-go").inner_text() == "Exchange 2"
    shot(other, "exchange-picker")
    other.click("#btn-exchange-go")
    mover.wait_for_function("window.amathDebug.state.history.length === 2")
    assert mover.locator("#history li").nth(1).inner_text().split("\n")[1] == "exchange 2"
    watcher = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, bypass_csp=True)).new_page()
    watcher.goto(link)
    watcher.wait_for_function(f"document.querySelectorAll('.cell .tile.fixed').length === {n}")
    assert watcher.locator("#rack-area").is_hidden()
    assert watcher.evaluate("window.amathDebug.state.rack") is None
    shot(watcher, "spectator")
    for pg in (ann, ben, watcher):
        pg.context.close()


def test_hot_seat_to_the_end_summary(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#hs-players", "2")
    names = page.locator(".hs-name")
    names.nth(0).fill("Ann")
    names.nth(1).fill("Ben")
    page.click("#start-hotseat")
    page.wait_for_url(re.compile(r".*/g/.*"))
    page.locator("#rack .tile").first.wait_for()
    for k in range(6):
        if k > 0:
            page.locator("#show-tiles").click()
        # Both clicks in one page task: the first only arms the button (its text asks again,
        # nothing is played), the second passes. Run apart, a loaded machine can let the
        # page's 4 s disarm timer fire between them and the check would test the timer.
        armed, played = page.evaluate(
            """() => { const b = document.getElementById('btn-pass'); b.click();
                 const armed = [b.textContent, window.amathDebug.state.history.length];
                 b.click(); return armed; }"""
        )
        assert (armed, played) == ("Really pass?", k)
        page.wait_for_function(f"window.amathDebug.state.history.length === {k + 1}")
    page.locator("#summary").wait_for()
    assert "Everyone passed three times in a row" in page.locator("#summary").inner_text()
    shot(page, "game-over")


def test_room_creator_seats_a_bot(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.fill("#name", "Ann")
    page.select_option("#room-players", "3")
    page.click("#create-room")
    page.locator("#add-bot").wait_for()
    page.select_option("#waiting #bot-level", "equity")
    page.click("#add-bot")
    page.locator(".seat-list li.joined").nth(1).wait_for()
    assert page.locator(".seat-list li").all_inner_texts() == ["Ann", "Bot (Club player)", "free seat"]
    assert page.locator("#status").inner_text() == "Waiting for players"


def test_smath_against_the_bot_with_the_free_equals(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.fill("#name", "Ann")
    page.select_option("#variant", "smath")
    assert page.locator("#smath-options").is_visible() and page.locator("#variant-help").is_visible()
    page.select_option("#bot-level", "greedy")
    shot(page, "lobby-smath")
    page.click("#start-bot")
    page.wait_for_url(re.compile(r".*/g/.*"))
    game = server.game(game_id_of(page))
    assert game.rules.name == "smath"
    wait_my_turn(page)  # with this seed Ann has the lowest number and starts
    assert page.locator("#rack .tile").count() == 10
    assert page.locator("#palette .tile").evaluate_all("els => els.map(e => e.dataset.free)") == ["(", ")", "="]
    assert page.locator("#variant").inner_text() == "Smath"
    place = find_smath_first(game)
    assert place is not None
    equals = next(p for p in place.tiles if p.tile == "=")
    # the free '=' by drag and drop from the palette; it stays in the palette for the next one
    page.locator('#palette .tile[data-free="="]').drag_to(page.locator(f'.cell[data-square="{equals.square.name}"]'))
    page.locator(f'.cell[data-square="{equals.square.name}"] .tile.pending.free').wait_for()
    assert page.locator('#palette .tile[data-free="="]').count() == 1 and page.locator("#rack .tile").count() == 10
    put_tiles(page, Place(tuple(p for p in place.tiles if p.tile != "=")), drag_first=False)
    want = expected_score(game, place)
    page.locator("#preview.good").wait_for()
    assert page.locator("#preview").inner_text() == f"Legal: {want} points"
    shot(page, "smath-preview")
    page.click("#btn-play")
    page.wait_for_function("window.amathDebug.state.history.length >= 2")  # the bot answers
    assert game.history[0].score == want and game.board.get(equals.square) is not None
    wait_my_turn(page)
    shot(page, "smath-vs-bot")
    with page.expect_download() as info:
        page.click("#btn-record")
    text = Path(info.value.path()).read_text(encoding="utf-8")
    assert "#variant smath" in text and record_leaks(text, 0) == []
    assert len([ln for ln in text.splitlines() if ln.startswith(">")]) == len(game.history)


def test_smath_primary_coop_hot_seat_shows_racks_and_one_score(server: Server, page: Any) -> None:
    page.goto(server.url + "/")
    page.select_option("#variant", "smath")
    page.check("#opt-primary")
    page.check("#opt-coop")
    page.click("#start-hotseat")
    page.wait_for_url(re.compile(r".*/g/.*"))
    page.locator("#shared-score").wait_for()
    assert page.locator(".score-row .score").count() == 0
    game = server.game(game_id_of(page))
    assert game.rules.name == "smath+primary+coop"
    racks = page.locator(".open-rack").evaluate_all("els => els.map(e => e.children.length)")
    assert racks == [len(r) for r in game.racks]
    assert page.locator("#variant").inner_text() == "Smath · Primary · Co-op"
    shot(page, "smath-primary-coop")


def test_open_a_record_and_step_through_it(server: Server, page: Any, tmp_path: Path) -> None:
    game = Game(AMATH, teams=[["Ann"], ["Ben"]], seed=SEED)
    for _ in range(4):
        place = find_place(game, max_tiles=2)
        game.push(place if place is not None else Pass())
    while not game.over:
        game.push(Pass())
    path = tmp_path / "game.amr"
    path.write_text(write_record(game), encoding="utf-8")
    page.goto(server.url + "/")
    page.set_input_files("#record-file", str(path))
    page.wait_for_url(re.compile(r".*/replay$"))
    page.wait_for_function("window.amathReplay && window.amathReplay.data")
    n = len(game.history)
    assert page.locator("#turn-label").inner_text() == f"Start · Turn 0 of {n}"
    assert page.locator(".cell .tile").count() == 0 and page.locator("#btn-prev").is_disabled()
    page.click("#btn-next")
    first = game.history[0]
    assert page.locator("#turn-label").inner_text() == f"Turn 1 of {n}"
    assert page.locator(".cell .tile.last").count() == len(first.move.tiles)  # type: ignore[union-attr]
    assert page.locator(".score-row .score").first.inner_text() == str(first.total)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.locator("#history li.current").get_attribute("data-turn") == "3"
    shot(page, "replay")
    page.click("#btn-last")
    assert page.locator("#btn-next").is_disabled() and "Game over" in page.locator("#result").inner_text()
    assert page.locator(".cell .tile").count() == len(list(game.board.items()))
    page.locator("#history li").nth(1).click()
    assert page.locator("#turn-label").inner_text() == f"Turn 2 of {n}"
    page.click("#btn-first")
    assert page.locator(".cell .tile").count() == 0
    # the uploaded record's analysis, in the page: a point of the margin chart per position, each a button to that turn
    page.click("#btn-analyse")
    page.wait_for_function("window.amathReplay.analysis && window.amathReplay.analysis.status === 'done'", timeout=120_000)
    assert page.locator(".margin-chart .dot").count() == n + 1
    page.locator('.margin-chart .dot[data-turn="1"]').click()
    assert page.locator("#turn-label").inner_text() == f"Turn 1 of {n}"
    empty = Game(AMATH, teams=[["Ann"], ["Ben"]], seed=SEED).board
    best = max(m.score for m in generate(empty, first.rack_before, AMATH))
    assert f"· +{best} ·" in page.locator(".best-play").first.inner_text()  # the engine's best play for the record's rack
    assert page.locator("#analysis-summary tbody tr").count() == 2
    with page.expect_download() as info:
        page.click("#btn-svg")
    assert Path(info.value.path()).read_text(encoding="utf-8").startswith("<svg")
    # a broken record: the server's reason, with the line number
    bad = tmp_path / "bad.amr"
    bad.write_text(write_record(game).replace(">1:", "nonsense\n>1:", 1), encoding="utf-8")
    page.set_input_files("#record-file", str(bad))
    page.locator("#replay-error", has_text="line").wait_for()
    assert "cannot be replayed" in page.locator("#replay-error").inner_text()
