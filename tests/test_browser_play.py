"""The player-facing web features in Debian's Chromium: hints, the readable history, the keyboard,
the layout on a laptop and a phone, the result that stays, resign and rematch, and the analysis.

Shares the server and helpers of ``test_browser.py`` (seed 1: Ann starts with ? 0 = 1 7 +- 17 13).
Set ``AMATH_SCREENSHOTS=docs/screenshots`` to keep screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from amath.core.rules import AMATH
from amath.engine.movegen import generate
from amath.game import Game
from test_browser import Server, game_id_of, put_tiles, shot, wait_my_turn
from webtools import CHROMIUM, find_place, patient

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")

SHOWN = {"-": "−", "*": "×", "/": "÷"}


def equation(notation: str) -> str:
    """The equation a placement's notation forms, as the page should print it (worked out here independently)."""
    faces = []
    for word in notation.split()[1:]:
        face = word[1:-1] if word.startswith("[") else word.split(":")[-1]
        faces.append(SHOWN.get(face, face))
    return "".join(faces)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("play")))
    yield srv
    srv.stop()


def new_page(browser: Any, width: int = 1280, height: int = 1000, lang: str = "en") -> Any:
    context = patient(browser.new_context(viewport={"width": width, "height": height}, locale="en-US", bypass_csp=True))
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.errors = errors
    pg.goto("about:blank")
    if lang == "th":
        context.add_init_script("localStorage.setItem('amath.lang', 'th')")
    return pg


def close(pg: Any) -> None:
    errors = pg.errors
    pg.context.close()
    assert errors == [], errors


def create_room(pg: Any, url: str, name: str, players: str | None = None) -> str:
    """Open a waiting room from the lobby as `name` (with `players` seats if given); its share link."""
    pg.goto(url + "/")
    pg.fill("#name", name)
    if players is not None:
        pg.select_option("#room-players", players)
    pg.click("#create-room")
    pg.locator(".share-link").wait_for()
    return str(pg.locator(".share-link").input_value())


def join_room(pg: Any, link: str, name: str) -> None:
    """Take a seat in the room of `link` as `name`, through the join form."""
    pg.goto(link + "?join=1")
    pg.locator("#join-name").fill(name)
    pg.click("#join-go")


def bot_game(server: Server, pg: Any) -> Game:
    pg.goto(server.url + "/")
    pg.fill("#name", "Ann")
    pg.select_option("#bot-level", "greedy")
    pg.click("#start-bot")
    pg.wait_for_url(re.compile(r".*/g/.*"))
    wait_my_turn(pg)
    return server.game(game_id_of(pg))


def test_hint_puts_the_best_play_on_the_board_and_the_history_reads_as_an_equation(server: Server, browser: Any) -> None:
    pg = new_page(browser)
    game = bot_game(server, pg)
    assert pg.locator("#btn-hint").is_visible()
    pg.click("#btn-hint")
    pg.locator(".hint-play").first.wait_for()
    best = max(m.score for m in generate(game.board, game.racks[0], game.rules))
    first = pg.locator(".hint-play").first.inner_text()
    assert first.endswith(f"· +{best}"), first
    shot(pg, "hint")
    pg.locator(".hint-play").first.click()
    pg.locator("#preview.good").wait_for()
    assert pg.locator("#preview").inner_text() == f"Legal: {best} points"
    pg.click("#btn-play")
    pg.wait_for_function("window.amathDebug.state.history.length >= 2")  # the bot has answered: no update while clicking
    wait_my_turn(pg)
    played = game.history[0]
    assert played.score == best
    coordinate = played.notation.split()[0]
    line = pg.locator("#history li").first
    bingo = " · bingo" if played.bingo else ""
    assert line.locator(".h-move").inner_text() == f"{equation(played.notation)} · {coordinate} · +{best}{bingo}"
    line.click()  # the move lights up on the board
    squares = {p.square.name for p in played.move.tiles}  # type: ignore[union-attr]
    lit = pg.locator(".cell.hl").evaluate_all("els => els.map(e => e.dataset.square)")
    assert set(lit) == squares
    shot(pg, "history-highlight")
    line.click()
    assert pg.locator(".cell.hl").count() == 0
    close(pg)


def test_keyboard_places_a_tile_and_squares_have_labels(server: Server, browser: Any) -> None:
    pg = new_page(browser)
    game = bot_game(server, pg)
    assert pg.locator('.cell[data-square="H8"]').get_attribute("aria-label") == "H8, Centre (triple piece)"
    assert pg.locator('.cell[data-square="A1"]').get_attribute("aria-label") == "A1, Triple equation"
    pg.locator('#rack .tile[data-tile="7"]').focus()
    assert pg.locator('#rack .tile[data-tile="7"]').get_attribute("aria-label") == f"tile 7, {game.rules.tiles.points['7']} points"
    pg.keyboard.press("Enter")  # choose the tile: the focus goes to the board
    assert pg.evaluate("document.activeElement.dataset.square") == "H8"
    pg.keyboard.press("ArrowRight")
    pg.keyboard.press("ArrowDown")
    assert pg.evaluate("document.activeElement.dataset.square") == "I9"
    pg.keyboard.press("ArrowUp")
    pg.keyboard.press("Enter")
    pg.locator('.cell[data-square="I8"] .tile.pending').wait_for()
    assert pg.locator('.cell[data-square="I8"]').get_attribute("aria-label") == "I8: 7 (not played yet)"
    pg.keyboard.press("Delete")  # takes it back
    assert pg.locator(".tile.pending").count() == 0
    # the blank: its face picker is a dialog that takes the focus and gives it back
    pg.locator('#rack .tile[data-tile="?"]').focus()
    pg.keyboard.press("Space")
    pg.keyboard.press("Enter")
    pg.locator(".face-picker").wait_for()
    assert pg.evaluate("document.getElementById('modal-box').contains(document.activeElement)")
    for _ in range(40):  # Tab stays inside the dialog
        pg.keyboard.press("Tab")
        assert pg.evaluate("document.getElementById('modal-box').contains(document.activeElement)")
    pg.keyboard.press("Escape")
    assert pg.locator(".face-picker").count() == 0 or pg.locator("#modal").is_hidden()
    assert pg.evaluate("document.activeElement.dataset.square") == "I8"
    pg.keyboard.press("Enter")  # the blank is still chosen: the picker opens again, a face is chosen by keyboard
    pg.locator(".face-picker").wait_for()
    pg.locator('.face-btn[data-face="7"]').focus()
    pg.keyboard.press("Enter")
    pg.locator('.cell[data-square="I8"] .tile.pending.blank').wait_for()
    assert pg.locator('.cell[data-square="I8"]').get_attribute("aria-label") == "I8: blank as 7 (not played yet)"
    outline = pg.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # a visible focus ring
    close(pg)


def test_board_rack_and_play_fit_a_1366x768_laptop_without_scrolling(server: Server, browser: Any) -> None:
    pg = new_page(browser, 1366, 768)
    bot_game(server, pg)
    for selector in ("#board", "#rack", "#btn-play", "#btn-pass", "#btn-exchange", "#preview"):
        box = pg.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 768, (selector, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1366, (selector, box)
    assert pg.evaluate("document.documentElement.scrollHeight") <= 768
    assert pg.evaluate("document.documentElement.scrollWidth") <= 1366
    cell = pg.locator('.cell[data-square="H8"]').bounding_box()
    assert cell is not None and cell["width"] >= 32  # the board is not shrunk to fit
    shot(pg, "laptop-1366x768")
    close(pg)


def test_phone_face_picker_fits_its_dialog_and_the_thai_header_is_compact(server: Server, browser: Any) -> None:
    pg = new_page(browser, 360, 740, lang="th")
    bot_game(server, pg)
    header = pg.locator("header.top").bounding_box()
    lang = pg.locator("#lang").bounding_box()
    lobby = pg.locator(".lobby-link").bounding_box()
    assert header is not None and lang is not None and lobby is not None
    assert abs(lang["y"] - lobby["y"]) < 12  # one row of links and buttons; the status goes under it
    assert header["height"] < 110
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    pg.locator('#rack .tile[data-tile="?"]').click()
    pg.locator('.cell[data-square="H8"]').click()
    pg.locator(".face-picker").wait_for()
    dialog = pg.locator("#modal-box").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 360
    faces = pg.locator(".face-btn")
    assert faces.count() == len(game_faces())
    for k in range(faces.count()):
        box = faces.nth(k).bounding_box()
        assert box is not None
        assert dialog["x"] <= box["x"] and box["x"] + box["width"] <= dialog["x"] + dialog["width"], (k, box, dialog)
        assert box["width"] >= 32  # still a finger's size
    shot(pg, "phone-face-picker-thai")
    pg.keyboard.press("Escape")
    small = pg.locator('.cell[data-square="H8"]').bounding_box()
    pg.click("#btn-zoom")  # bigger squares; the board scrolls instead
    big = pg.locator('.cell[data-square="H8"]').bounding_box()
    assert small is not None and big is not None and big["width"] >= 34 > small["width"]
    assert pg.evaluate("document.documentElement.scrollWidth") <= 360
    play = pg.locator("#btn-play").bounding_box()
    assert play is not None and play["height"] >= 44  # touch targets
    shot(pg, "phone-zoom-thai")
    close(pg)


def game_faces() -> tuple[str, ...]:
    return tuple(AMATH.blank_faces)


def hot_seat_to_the_end(server: Server, pg: Any) -> Game:
    """A hot seat: one placement by the UI, then passes until the game ends."""
    pg.goto(server.url + "/")
    pg.select_option("#hs-players", "2")
    pg.locator(".hs-name").nth(0).fill("Ann")
    pg.locator(".hs-name").nth(1).fill("Ben")
    pg.click("#start-hotseat")
    pg.wait_for_url(re.compile(r".*/g/.*"))
    pg.locator("#rack .tile").first.wait_for()
    game = server.game(game_id_of(pg))
    place = find_place(game)
    assert place is not None
    put_tiles(pg, place)
    pg.locator("#preview.good").wait_for()
    pg.click("#btn-play")
    pg.wait_for_function("window.amathDebug.state.history.length === 1")
    while not game.over:
        n = len(game.history)
        pg.locator("#show-tiles").click()
        pg.click("#btn-pass")
        pg.click("#btn-pass")
        pg.wait_for_function(f"window.amathDebug.state.history.length === {n + 1}")
    return game


def test_the_result_stays_on_the_page_then_rematch_and_analysis(server: Server, browser: Any) -> None:
    pg = new_page(browser)
    game = hot_seat_to_the_end(server, pg)
    result = game.result
    assert result is not None
    pg.locator("#summary").wait_for()
    pg.locator("#summary button", has_text="Close").click()
    panel = pg.locator("#result-panel")
    assert panel.is_visible()
    winner = " & ".join(game.sides[result.winners[0]])
    assert f"Winner: {winner}" in panel.inner_text()
    finals = panel.locator("td.final").all_inner_texts()
    assert finals == [str(s) for s in result.scores]
    rows = [panel.locator("tbody tr").nth(k).locator("td").all_inner_texts() for k in range(len(game.sides))]
    signed = [f"+{a}" if a > 0 else str(a) for a in result.adjustments]
    assert [row[2] for row in rows] == signed  # the rack adjustments stay too, and add up to the final scores
    assert all(int(row[1]) + int(row[2]) + int(row[3]) == int(row[4]) for row in rows)
    shown = pg.locator(".score-row .score").all_inner_texts()
    assert shown == [str(s) for s in result.scores]  # the scores after the rack adjustments
    assert pg.locator(".score-row .tag.win").count() == len(result.winners)
    shot(pg, "result-on-page")
    old_url = pg.url
    # the analysis: in the record viewer, without a download
    pg.click("#result-analyse")
    pg.wait_for_url(re.compile(r".*/replay\?analyse=1$"))
    pg.wait_for_function("window.amathReplay.analysis && window.amathReplay.analysis.status === 'done'", timeout=120_000)
    assert pg.locator(".margin-chart .dot").count() == len(game.history) + 1
    win = pg.locator(".margin-chart .win-line").get_attribute("points")
    assert win is not None and len(win.split()) == len(game.history) + 1  # the engine's chance to win, every turn
    pg.locator('.margin-chart .dot[data-turn="1"]').click()
    assert pg.locator("#turn-label").inner_text() == f"Turn 1 of {len(game.history)}"
    first = game.history[0]
    empty = Game(AMATH, teams=[["a"], ["b"]], seed=1).board
    best = max(m.score for m in generate(empty, first.rack_before, game.rules))
    assert pg.locator("#played-line").inner_text() == f"{equation(first.notation)} · {first.notation.split()[0]} · +{first.score}"
    assert pg.locator(".best-play").first.inner_text().startswith("")
    assert f"· +{best} ·" in pg.locator(".best-play").first.inner_text()
    drawn = pg.locator("#best-board .tile.best").count()
    assert drawn >= 1 and pg.locator("#best-board .tile").count() == drawn  # on the empty board of turn 1
    assert pg.locator("#board .tile.last").count() == len(first.move.tiles)  # type: ignore[union-attr]
    lost = best - first.score
    assert ("points and" in pg.locator(".lost").inner_text()) == (lost > 0)
    pg.locator('.margin-chart .dot[data-turn="2"]').click()
    assert pg.locator("#turn-label").inner_text() == f"Turn 2 of {len(game.history)}"
    assert pg.locator("#analysis-summary tbody tr").count() == 2
    shot(pg, "analysis")
    # rematch: the same table, a new deal
    pg.goto(old_url)
    pg.locator("#result-panel").wait_for()
    pg.click("#result-rematch")
    pg.wait_for_function(f"!location.href.endsWith('{game_id_of(pg)}') || true")
    pg.wait_for_url(lambda url: "/g/" in url and url != old_url)
    pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    fresh = server.game(game_id_of(pg))
    assert fresh is not game and fresh.history == [] and fresh.names == game.names
    close(pg)


def test_resign_in_a_room_then_both_players_rematch(server: Server, browser: Any) -> None:
    ann = new_page(browser)
    link = create_room(ann, server.url, "Ann")
    ben = new_page(browser)
    join_room(ben, link, "Ben")
    for pg in (ann, ben):
        pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
        assert pg.locator("#btn-hint").is_hidden()  # never a hint with other people
    watcher = new_page(browser)
    watcher.goto(link)
    ann.locator("#watchers", has_text="1 watching").wait_for()
    ben.click("#btn-resign")
    assert ben.locator("#btn-resign").inner_text() == "Really resign?"
    ben.click("#btn-resign")
    for pg in (ann, ben, watcher):
        pg.locator("#result-panel").wait_for()
        assert "Ben resigned" in pg.locator("#result-panel").inner_text()
        assert "Winner: Ann" in pg.locator("#result-panel").inner_text()
    ann.locator("#summary button", has_text="Close").click()
    shot(ann, "resigned")
    first = game_id_of(ann)
    ann.click("#result-rematch")
    ann.wait_for_url(lambda url: "/g/" in url and first not in url)
    ben.locator("#result-panel", has_text="A rematch is ready").wait_for()
    ben.locator("#summary button", has_text="Close").click()
    ben.click("#result-rematch")
    ben.wait_for_url(ann.url)
    for pg in (ann, ben):
        pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
        assert pg.evaluate("window.amathDebug.state.rack.length") == 8
    assert [ann.evaluate("window.amathDebug.state.me.seat"), ben.evaluate("window.amathDebug.state.me.seat")] == [0, 1]
    for pg in (ann, ben, watcher):
        close(pg)


def test_leave_a_waiting_room_then_hand_a_seat_over(server: Server, browser: Any) -> None:
    ann = new_page(browser)
    link = create_room(ann, server.url, "Ann", players="3")
    ben = new_page(browser, lang="th")
    join_room(ben, link, "Ben")
    ann.locator(".seat-list li.joined", has_text="Ben").wait_for()
    assert ben.locator("#leave-room").inner_text() == "ออกจากห้อง"
    ben.click("#leave-room")  # in Thai: the seat is given up and the page goes back to the lobby
    ben.wait_for_url(server.url + "/")
    ann.locator(".seat-list li.joined", has_text="Ben").wait_for(state="detached")
    assert ann.locator(".seat-list li.joined").all_inner_texts() == ["Ann"]
    game_id = game_id_of(ann)
    assert [s.joined for s in server.app.state.rooms.rooms[game_id].stored.seats] == [True, False, False]
    players = [ann]
    for name in ("Cy", "Di"):
        pg = new_page(browser)
        join_room(pg, link, name)
        players.append(pg)
    for pg in players:
        pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    cy = players[1]
    seat = cy.evaluate("window.amathDebug.state.me.seat")
    rack = cy.evaluate("window.amathDebug.state.rack")
    cy.click("#btn-handover")
    handed = cy.locator("#handover-link").input_value()
    assert re.search(rf"/g/{game_id}\?claim=", handed)
    cy.locator(".handover-box button", has_text="Close").click()
    eve = new_page(browser)
    eve.goto(handed)
    eve.locator("#claim-name").fill("Eve")
    eve.click("#claim-go")
    eve.wait_for_function(f"window.amathDebug.state && window.amathDebug.state.me && window.amathDebug.state.me.seat === {seat}")
    assert eve.evaluate("window.amathDebug.state.rack") == rack  # Cy's tiles, now Eve's
    assert "claim" not in eve.url
    cy.wait_for_function("window.amathDebug.state && !window.amathDebug.state.me")  # the old screen only watches
    assert cy.locator("#btn-handover").is_hidden() and cy.evaluate("window.amathDebug.state.rack || null") is None
    assert server.app.state.rooms.rooms[game_id].stored.seats[seat].name == "Eve"
    for pg in [*players, ben, eve]:
        close(pg)


def test_practice_shows_the_engines_view_of_my_move(server: Server, browser: Any) -> None:
    pg = new_page(browser)
    pg.goto(server.url + "/")
    pg.fill("#name", "Ann")
    pg.select_option("#bot-level", "greedy")
    pg.check("#bot-practice")
    pg.click("#start-bot")
    pg.wait_for_url(re.compile(r".*/g/.*"))
    wait_my_turn(pg)
    game = server.game(game_id_of(pg))
    moves = generate(game.board, game.racks[0], game.rules)
    low = min((m for m in moves if len(m.place.tiles) <= 3), key=lambda m: m.score)
    best = max(m.score for m in moves)
    put_tiles(pg, low.place)
    pg.locator("#preview.good").wait_for()
    pg.click("#btn-play")
    pg.locator("#review-verdict").wait_for()
    assert f"{best - low.score} more points" in pg.locator("#review-verdict").inner_text()
    assert pg.locator(".review-play").first.inner_text().endswith(f"· +{best}")
    shot(pg, "practice")
    close(pg)
