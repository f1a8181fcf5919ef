"""The puzzle page in Debian's Chromium: solve by placing tiles in English, miss and see the answer in Thai, next puzzle."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from amath.core.move import Place
from amath.core.notation import parse_move
from amath.study.puzzles import Puzzle, generate, read_puzzles, rebuild
from test_browser import Server, shot
from webtools import CHROMIUM, patient

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = Path(tmp_path_factory.mktemp("puzzles"))
    generate("a-math", 6, 3, tmp / "a-math.jsonl")
    srv = Server(tmp)
    srv.app.state.puzzles.store.sources = [tmp / "a-math.jsonl"]
    yield srv
    srv.stop()


def _stored(server: Server) -> dict[str, Puzzle]:
    return {p.id: p for p in read_puzzles(server.app.state.puzzles.store.sources[0])}


def _open(browser: Any, url: str, lang: str, query: str = "") -> tuple[Any, Any, str, list[str]]:
    context = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US", bypass_csp=True))
    context.add_init_script(f"localStorage.setItem('amath.lang', '{lang}')")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    with page.expect_response(lambda r: "/api/puzzles/next" in r.url) as shown:
        page.goto(url + "/puzzles" + query)
    pid = shown.value.json()["id"]
    page.locator("#rack .tile").first.wait_for()
    return context, page, pid, errors


def _place(page: Any, puzzle: Puzzle) -> None:
    """Put the answer's tiles on the board with the mouse, as a player does (a blank or a choice tile asks for its face)."""
    pos = rebuild(puzzle)
    move = parse_move(puzzle.answer.move, pos.board, pos.rules)
    assert isinstance(move, Place)
    for tp in move.tiles:
        page.locator(f'#rack .tile[data-tile="{tp.tile}"]').first.click()
        page.locator(f'#board .cell[data-square="{tp.square.name}"]').click()
        faces = page.locator("#faces")
        if faces.is_visible():
            faces.locator(f'button[data-face="{tp.face}"]').click()
        page.locator(f'#board .cell[data-square="{tp.square.name}"] .tile.pending').wait_for()


def test_a_player_solves_a_puzzle_by_placing_tiles_in_english(server: Server, browser: Any) -> None:
    stored = _stored(server)
    placeable = [p for p in stored.values() if not p.answer.move.startswith(("pass", "exchange"))]
    assert placeable
    context, page, pid, errors = _open(browser, server.url, "en")
    for _ in range(20):  # the page shows a random puzzle: next until one the mouse can place
        if pid in {p.id for p in placeable}:
            break
        with page.expect_response(lambda r: "/api/puzzles/next" in r.url) as shown:
            page.click("#pz-next")
        pid = shown.value.json()["id"]
    puzzle = stored[pid]
    assert page.locator("#pz-task").inner_text() != ""
    assert puzzle.answer.move not in page.content()  # the answer is not in the page before the attempt
    _place(page, puzzle)
    page.click("#pz-check")
    page.locator(".pz-right").wait_for()
    assert page.locator(".pz-right").inner_text() == "Right! That is the best play."
    assert f"{puzzle.answer.score} points" in page.locator(".pz-answer").inner_text()
    assert "Log in to keep a puzzle rating" in page.locator("#pz-me").inner_text()
    shot(page, "puzzle-solved-en")
    with page.expect_response(lambda r: "/api/puzzles/next" in r.url) as shown:
        page.click("#pz-next")
    assert shown.value.json()["id"] != pid
    page.locator("#pz-result").wait_for(state="hidden")
    context.close()
    assert errors == [], errors


def test_a_player_types_a_wrong_move_and_reads_the_answer_in_thai(server: Server, browser: Any) -> None:
    stored = _stored(server)
    context, page, pid, errors = _open(browser, server.url, "th")
    puzzle = stored[pid]
    assert page.locator("#pz-check").inner_text() == "ตรวจคำตอบ"
    wrong = puzzle.next.move if puzzle.next is not None else "pass"
    page.fill("#pz-move", wrong)
    page.click("#pz-check")
    page.locator(".pz-wrong").wait_for()
    assert page.locator(".pz-wrong").inner_text().startswith("ยังไม่ใช่การลงที่ดีที่สุด")
    answer = page.locator(".pz-answer").inner_text()
    assert answer.startswith("ดีที่สุด:") and f"{puzzle.answer.score} คะแนน" in answer
    pos = rebuild(puzzle)
    move = parse_move(puzzle.answer.move, pos.board, pos.rules)
    assert page.locator("#board .tile.answer").count() == (len(move.tiles) if isinstance(move, Place) else 0)
    shot(page, "puzzle-answer-th")
    context.close()
    assert errors == [], errors
