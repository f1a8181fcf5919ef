"""Tournaments in Debian's Chromium: a 6-player, 4-round Swiss run on site with results typed and followed live by a spectator;
an online round robin of 4 bots seated through the app; the print pages rendered to A4 PDF by Chromium and read back."""

from __future__ import annotations

import io
import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_browser import Server, shot
from test_browser_players import Person
from webtools import CHROMIUM

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")
pypdf = pytest.importorskip("pypdf")

LONG_MS = 180_000
"""How long a bot round may take to be played out on a busy machine (a wait, not an assertion on time)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    deals = itertools.count(1)  # a new deal for every game (the other browser tests deal one seed to all)
    srv = Server(Path(tmp_path_factory.mktemp("tournaments")), bot_delay=0.0, seeds=lambda: next(deals))
    yield srv
    srv.stop()


def create(page: Any, url: str, name: str, rounds: int, mode: str = "on_site", method: str = "swiss") -> int:
    page.goto(url + "/tournaments")
    page.fill("#tm-name", name)
    page.select_option("#tm-mode", mode)
    page.fill("#tm-rounds", str(rounds))
    page.select_option("#tm-method", method)
    page.click("#create-go")
    page.wait_for_url(re.compile(r".*/t/\d+$"))
    page.locator("#director-card").wait_for()
    return int(page.url.rsplit("/", 1)[1])


def call(person: Person, path: str, body: Any = None) -> Any:
    """A request from the person's page, as its scripts send them (session cookie and CSRF header)."""
    return person.page.evaluate(
        """async ([path, body]) => {
          const csrf = (/(?:^|;\\s*)amath_csrf=([^;]+)/.exec(document.cookie) || [])[1];
          const res = await fetch(path, { method: body === null ? "GET" : "POST", body: body === null ? undefined : JSON.stringify(body),
            headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf ? decodeURIComponent(csrf) : "" } });
          return { status: res.status, body: await res.json() };
        }""",
        [path, body],
    )


def results_of(rows: list[str]) -> list[str]:
    return [r for r in rows if "–" in r]


def test_a_director_runs_a_six_player_four_round_swiss_on_site_and_a_spectator_follows_it_live(server: Server, browser: Any) -> None:
    kru, fan = Person(browser), Person(browser, "th")
    kru.sign_up(server.url, "kru_td", "Kru TD")
    d = kru.page
    tid = create(d, server.url, "Chiang Mai Open", 4)
    d.fill("#add-players", "Anan, Montfort\nBenja, Montfort\nChai, Yupparaj\nDao, Yupparaj\nEk, Regina\nFah, Regina\n")
    d.click("#add-go")
    d.locator("#players-table .player-row").nth(5).wait_for()
    # the rows can come by the push before the answer to the request sets the message: wait for the message itself
    d.locator("#players-message", has_text="6 players added.").wait_for()

    s = fan.page  # a spectator, in Thai, not logged in: the page follows by push, never reloaded
    s.goto(f"{server.url}/t/{tid}")
    s.locator("#t-status", has_text="เปิดรับสมัคร").wait_for()
    assert s.locator("#director-card").is_hidden() and s.locator("#public-players .player-row").count() == 6

    for r in range(1, 5):
        d.click("#pair-go")
        d.locator("#draft-note", has_text=f"Round {r} is a draft").wait_for()
        if r == 1:
            shot(d, "tournament-draft")
        assert s.locator("#round-card").is_hidden() or s.locator("#round-title").inner_text() != f"การจับคู่ รอบที่ {r}"  # a draft stays hidden
        d.click("#publish-go")
        d.locator("#players-message", has_text=f"Round {r} is published.").wait_for()
        s.locator("#round-title", has_text=f"การจับคู่ รอบที่ {r}").wait_for()  # pushed to the spectator
        rows = d.locator("#pairings-table .pairing-row")
        assert rows.count() == 3
        for k in range(3):
            row = rows.nth(k)
            table = int(row.get_attribute("data-table") or 0)
            if r == 2 and k == 0:  # a pair of scores that makes no sense is refused with the reason
                row.locator(".s1").fill("0")
                row.locator(".s2").fill("0")
                row.locator(".save-result").click()
                d.locator("#players-error", has_text="0-0").wait_for()
                kru.errors = [e for e in kru.errors if "status of 409" not in e]
            row.locator(".s1").fill(str(300 + 17 * r + 11 * table))
            row.locator(".s2").fill(str(290 + 13 * table + 5 * r))
            row.locator(".save-result").click()
            d.locator("#players-message", has_text=f"The result of table {table} is saved.").wait_for()
        s.locator("#pairings-table .pairing-row .result", has_text="–").nth(2).wait_for()  # every result reached the spectator
        assert len(results_of(s.locator("#pairings-table .pairing-row").all_inner_texts())) == 3
    shot(d, "tournament-director")

    # a correction of a published result: shown in the log with who, the old and the new scores
    row = d.locator("#pairings-table .pairing-row").first
    table = int(row.get_attribute("data-table") or 0)
    old = f"{300 + 17 * 4 + 11 * table}-{290 + 13 * table + 5 * 4}"
    row.locator(".s1").fill("512")
    row.locator(".save-result").click()
    d.locator("#players-message", has_text=f"The result of table {table} is saved.").wait_for()
    fixed = d.locator("#log-table .log-row.correct_result").first
    fixed.wait_for()
    assert "kru_td" in fixed.inner_text() and old in fixed.inner_text() and f"512-{290 + 13 * table + 5 * 4}" in fixed.inner_text()

    s.locator("#t-status", has_text="จบแล้ว").wait_for()
    standings = s.locator("#standings-table .standing-row")
    assert standings.count() == 6
    points = [int(s.locator("#standings-table .standing-row").nth(k).locator("td").nth(2).inner_text()) for k in range(6)]
    assert sum(points) == 4 * 3 * 2 and points == sorted(points, reverse=True)  # points are conserved: 2 a game
    assert s.locator("#log-table .log-row.correct_result").count() == 1
    shot(s, "tournament-standings-thai")
    kru.close()
    fan.close()


def test_an_online_round_robin_of_four_bots_is_played_through_the_app(server: Server, browser: Any) -> None:
    kru, fan = Person(browser), Person(browser)
    kru.sign_up(server.url, "kru_online", "Kru Online")
    d = kru.page
    tid = create(d, server.url, "Online Round Robin", 3, mode="online", method="round_robin")
    for name in ("Bot Ant", "Bot Bee", "Bot Cat", "Bot Dog"):
        d.fill("#add-players", name)
        d.select_option("#add-bot", "greedy")
        d.click("#add-go")
        d.locator("#players-table .player-row", has_text=name).wait_for()
    assert d.locator("#players-table .player-row", has_text="bot").count() == 4
    s = fan.page
    s.goto(f"{server.url}/t/{tid}")
    s.locator("#public-players .player-row").nth(3).wait_for()

    for r in range(1, 4):
        if d.locator("#draft").is_hidden():
            d.click("#pair-go")
        d.locator("#draft-note", has_text=f"Round {r} is a draft").wait_for()
        d.click("#publish-go")
        d.locator("#players-message", has_text=f"Round {r} is published.").wait_for()
        s.locator("#round-title", has_text=f"Pairings, round {r}").wait_for()
        s.locator("#pairings-table a.watch").first.wait_for()  # each pairing is a room spectators can watch
        # the bots play; each result lands when its game ends and is pushed to the page
        s.locator("#pairings-table .pairing-row .result", has_text="–").nth(1).wait_for(timeout=LONG_MS)
        if r == 1:
            shot(s, "tournament-online")
    state = call(kru, f"/api/tournaments/{tid}", None)["body"]
    assert state["status"] == "finished"
    met = set()
    for rnd in state["rounds"]:
        for p in rnd["pairings"]:
            game = server.game(p["game_id"]) if p["game_id"] in server.app.state.rooms.rooms else None
            res = p["result"]
            assert res["forfeit"] is None
            if game is not None:  # the result is the game's final scores
                assert game.result is not None and (res["first_score"], res["second_score"]) == tuple(game.result.scores)
            met.add(frozenset((p["first"], p["second"])))
    assert len(met) == 6  # a round robin: every pair met once
    s.locator("#standings-table .standing-row").nth(3).wait_for()
    kru.close()
    fan.close()


def _pdf_text(page: Any) -> tuple[list[str], list[tuple[float, float]]]:
    data = page.pdf(format="A4", print_background=False, prefer_css_page_size=True)
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [p.extract_text() for p in reader.pages], [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]


def test_the_print_pages_render_to_a4_pdf_in_english_and_thai(server: Server, browser: Any) -> None:
    kru = Person(browser)
    kru.sign_up(server.url, "kru_print", "Kru Print")
    d = kru.page
    tid = create(d, server.url, "Print Cup", 3)
    typed = "Anan, Montfort\nBenja, Regina\nChai, Yupparaj\nDao, Satit\nEk, Regina"
    made = call(kru, f"/api/tournaments/{tid}/players", {"players": typed})
    assert made["status"] == 201
    assert call(kru, f"/api/tournaments/{tid}/rounds", {})["status"] == 201
    assert call(kru, f"/api/tournaments/{tid}/rounds/1/publish", {})["status"] == 200
    state = call(kru, f"/api/tournaments/{tid}", None)["body"]
    games = [p for p in state["rounds"][0]["pairings"] if p["second"] is not None]
    bye = next(p for p in state["rounds"][0]["pairings"] if p["second"] is None)
    assert len(games) == 2
    first = games[0]
    assert call(kru, f"/api/tournaments/{tid}/rounds/1/tables/{first['table']}/result", {"first": 377, "second": 352})["status"] == 200
    names = {p["number"]: p["name"] for p in state["players"]}

    d.emulate_media(media="print")
    d.goto(f"{server.url}/t/{tid}/print?what=pairings&round=1")
    d.locator("#print-body table").wait_for()
    pages, sizes = _pdf_text(d)
    assert len(pages) == 1 and all(abs(w - 595.3) < 2 and abs(h - 841.9) < 2 for w, h in sizes)  # A4 portrait
    text = pages[0]
    assert "Print Cup" in text and "Pairings, round 1" in text and "377 – 352 (+25)" in text
    assert all(names[n] in text for n in names) and "Bye" in text
    assert "Lobby" not in text and "Log in" not in text and "Print" not in text.replace("Print Cup", "")  # no header, no buttons

    d.goto(f"{server.url}/t/{tid}/print?what=names&round=1")
    d.locator("#print-body table").wait_for()
    text = _pdf_text(d)[0][0]
    listed = re.findall(r"^\d+ (\S+) \d+ ", text, re.M)  # each line: number, player, table, order, opponent
    assert "Pairings by name, round 1" in text and listed == sorted(names.values())  # every player once, alphabetical
    assert text.count("starts") == 2 and text.count("second") >= 2

    d.goto(f"{server.url}/t/{tid}/print?what=sheets&round=1")
    d.locator("#print-body .sheet").first.wait_for()
    sheets, _ = _pdf_text(d)
    assert len(sheets) == 2  # a score sheet a page, one a game (none for the bye)
    for sheet, game in zip(sheets, games):
        assert f"round 1 · table {game['table']}" in sheet and names[game["first"]] in sheet and names[game["second"]] in sheet
        assert "Final score" in sheet and "Signed:" in sheet
    assert names[bye["first"]] not in "".join(sheets)

    fan = Person(browser, "th")  # anyone may print: a spectator, in Thai
    f = fan.page
    f.emulate_media(media="print")
    f.goto(f"{server.url}/t/{tid}/print?what=standings")
    f.locator("#print-body table").wait_for()
    thai, _ = _pdf_text(f)
    text = thai[0]
    assert f.locator("#print-body h2").inner_text() == "ตารางคะแนน" and "ตารางคะแนน" in text and "ผลต่างคะแนน" in text
    assert "Print Cup" in text and all(names[n] in text for n in names) and "+25" in text and "-25" in text
    shot(f, "tournament-print-standings-thai")
    fan.close()
    kru.close()
