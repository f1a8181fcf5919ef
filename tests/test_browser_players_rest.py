"""Players in Debian's Chromium, the rest: login failures and the rate limit, a rated game against a bot, a game opened on a
second device, the lobby pushed live, and a class of 30 behind one address each playing a bot game at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_browser import Server, shot
from test_browser_players import PASSWORD, Person
from webtools import CHROMIUM

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("players-rest")))
    yield srv
    srv.stop()


def fetch(page: Any, path: str, body: dict[str, Any] | None = None) -> Any:
    """A request from the page itself (its cookies, its CSRF token), answered as {status, json}."""
    return page.evaluate(
        """async ([path, body]) => {
            const csrf = (document.cookie.match(/(?:^|; )amath_csrf=([^;]*)/) || [])[1];
            const headers = { "Content-Type": "application/json" };
            if (csrf) headers["X-CSRF-Token"] = decodeURIComponent(csrf);
            const res = await fetch(path, body === null ? {} : { method: "POST", headers, body: JSON.stringify(body) });
            return { status: res.status, json: await res.json() };
        }""",
        [path, body],
    )


def test_wrong_logins_then_the_rate_limit_are_said_in_thai_and_in_english(server: Server, browser: Any) -> None:
    somebody = Person(browser)
    somebody.sign_up(server.url, "carol", "Carol")
    somebody.close()
    person = Person(browser, "th")
    pg = person.page
    pg.goto(server.url + "/account")
    for attempt in range(6):  # five wrong passwords for one name, then the limit (one try a minute after five)
        pg.evaluate("document.getElementById('players-error').textContent = ''")
        pg.fill("#login-name", "carol")
        pg.fill("#login-password", f"wrong password {attempt}")
        pg.click("#login-go")
        pg.wait_for_function("document.getElementById('players-error').textContent !== ''")
        text = pg.locator("#players-error").inner_text()
        if attempt < 5:
            assert "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง" in text, text  # the same answer as for a name nobody has
    assert "มีการลองเข้าสู่ระบบด้วยชื่อนี้หลายครั้งเกินไป" in text, text
    shot(pg, "login-limit-thai")
    pg.click("#lang")
    pg.locator("#players-error", has_text="too many login attempts for this user name").wait_for()
    # the right password is refused too while the limit holds: nobody can guess faster
    pg.fill("#login-password", PASSWORD)
    pg.click("#login-go")
    pg.locator("#players-error", has_text="too many login attempts").wait_for()
    assert pg.locator("#login-card").is_visible()
    person.errors = [e for e in person.errors if "401" not in e and "429" not in e]  # the browser logs the refused requests
    person.close()


def test_a_rated_game_against_a_bot_from_the_lobby_moves_both_ratings(server: Server, browser: Any) -> None:
    dan = Person(browser)
    dan.sign_up(server.url, "dan", "Dan")
    pg = dan.page
    pg.goto(server.url + "/")
    pg.select_option("#bot-level", "random")
    pg.select_option("#bot-clock", "total")
    pg.locator("#bot-rating-text", has_text="rating").wait_for()
    before = int(pg.locator("#bot-rating-text").inner_text().split("rating ")[1].rstrip("?"))
    assert pg.locator("#bot-profile").get_attribute("href") == "/u/bot-random"
    pg.check("#bot-practice")
    pg.check("#bot-rated")
    assert not pg.locator("#bot-practice").is_checked() and pg.locator("#bot-practice").is_disabled()  # no hints when rated
    pg.click("#start-bot")
    pg.wait_for_url("**/g/*")
    pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    assert pg.evaluate("window.amathDebug.state.rated") and pg.locator("#btn-hint").is_hidden()
    pg.click("#btn-resign")
    pg.click("#btn-resign")
    pg.locator("#result-panel").wait_for()
    pg.goto(server.url + "/u/dan")
    row = pg.locator(".rating-row.pool-bots")
    row.wait_for()
    assert "against the bots" in row.inner_text() and int(row.inner_text().split("\t")[2].rstrip("?")) < 1500
    assert "Bingos: 0" in pg.locator("#profile-stats").inner_text()
    pg.goto(server.url + "/")
    pg.select_option("#bot-level", "random")
    pg.select_option("#bot-clock", "total")
    pg.wait_for_function(f"!document.getElementById('bot-rating-text').textContent.includes('rating {before}')")
    after = int(pg.locator("#bot-rating-text").inner_text().split("rating ")[1].rstrip("?"))
    assert after > before  # the bot won: its published rating went up
    pg.goto(server.url + "/u/bot-random")
    pg.locator(".game-row", has_text="Dan").wait_for()
    shot(pg, "bot-profile")
    dan.close()


def test_a_game_in_play_opens_on_a_second_device_with_its_rack(server: Server, browser: Any) -> None:
    laptop = Person(browser)
    laptop.sign_up(server.url, "erin", "Erin")
    pg = laptop.page
    pg.goto(server.url + "/")
    pg.select_option("#bot-level", "random")
    pg.click("#start-bot")
    pg.wait_for_url("**/g/*")
    pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    game_id = pg.url.rsplit("/", 1)[1]
    rack = pg.evaluate("window.amathDebug.state.rack")

    phone = Person(browser, "th")  # another browser: no seat token in its storage
    ph = phone.page
    ph.goto(server.url + "/account")
    ph.fill("#login-name", "erin")
    ph.fill("#login-password", PASSWORD)
    ph.click("#login-go")
    ph.locator("#settings-card").wait_for()
    ph.goto(server.url + "/")
    ph.locator("#my-games .my-game").wait_for()  # "my games in play", in Thai
    assert ph.locator("#my-games-box h3").inner_text() == "เกมของฉันที่กำลังเล่น"
    ph.locator("#my-games a").click()
    ph.wait_for_url(f"**/g/{game_id}")
    ph.wait_for_function("window.amathDebug.state && window.amathDebug.state.me")
    assert ph.evaluate("window.amathDebug.state.rack") == rack and ph.locator("#rack-area").is_visible()
    ph.wait_for_function("window.amathDebug.state.to_move === window.amathDebug.state.me.side")
    version = ph.evaluate("window.amathDebug.state.version")
    ph.click("#btn-pass")
    ph.click("#btn-pass")
    pg.wait_for_function(f"window.amathDebug.state.version > {version}")  # the laptop sees the phone's move
    shot(ph, "second-device")
    # a third browser, not logged in, only watches: no rack
    guest = Person(browser)
    guest.page.goto(f"{server.url}/g/{game_id}")
    guest.page.wait_for_function("window.amathDebug.state")
    assert guest.page.evaluate("window.amathDebug.state.rack") is None and guest.page.locator("#rack-area").is_hidden()
    for p in (laptop, phone, guest):
        p.close()


def test_the_lobby_shows_a_new_seek_and_its_end_without_polling(server: Server, browser: Any) -> None:
    watcher, host = Person(browser), Person(browser)
    w = watcher.page
    w.goto(server.url + "/")
    w.wait_for_function("window.amathLobby && window.amathLobby.source.readyState === 1")  # the stream is open
    w.evaluate("window.setInterval = () => 0")  # from here on, any new timer is a no-op: only the stream can bring news
    host.page.goto(server.url + "/")
    made = fetch(host.page, "/api/games", {"mode": "room", "name": "Fay"})
    assert made["status"] == 201
    room = w.locator("#open-rooms li", has_text="Fay")
    room.wait_for()
    fetch(w, f"/api/games/{made['json']['id']}/join", {"name": "Gus"})
    w.locator("#live-games li", has_text="Gus").wait_for()  # the seek became a game in play
    room.wait_for(state="detached")
    watcher.close()
    host.close()


def test_thirty_students_behind_one_address_each_play_a_bot_game_at_once(server: Server, browser: Any) -> None:
    teacher = Person(browser)
    teacher.sign_up(server.url, "teacher", "Teacher")
    cls = fetch(teacher.page, "/api/classes", {"name": "M.3/1"})["json"]
    logins = fetch(teacher.page, f"/api/classes/{cls['id']}/students", {"names": [f"Student {k}" for k in range(30)]})["json"]["logins"]
    students = [Person(browser, "th") for _ in logins]
    for student, login in zip(students, logins):  # each logs in; the class login asks for its own password first
        pg = student.page
        pg.goto(server.url + "/account")
        pg.fill("#login-name", login["name"])
        pg.fill("#login-password", login["password"])
        pg.click("#login-go")
        pg.locator("#must-change").wait_for()
        pg.fill("#new-password", f"{login['name']} secret")
        pg.click("#password-go")
        pg.locator("#must-change").wait_for(state="hidden")
    answers: list[int] = []
    for student in students:
        student.page.on("response", lambda r: answers.append(r.status))
        student.page.goto(server.url + "/")
        student.page.select_option("#bot-level", "random")
    for student in students:  # every game starts before any is looked at
        student.page.click("#start-bot")
    for student in students:
        student.page.wait_for_url("**/g/*")
        student.page.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    for student in students:  # each plays a turn (a pass) against its bot, all at once
        student.page.wait_for_function("window.amathDebug.state.to_move === window.amathDebug.state.me.side")
        student.page.click("#btn-pass")
        student.page.click("#btn-pass")
    for student in students:
        student.page.wait_for_function("window.amathDebug.state.history.length >= 2")
    assert 429 not in answers and answers.count(201) == 30
    page = fetch(teacher.page, f"/api/classes/{cls['id']}", None)["json"]
    assert len(page["live"]) == 30
    for p in [teacher, *students]:
        p.close()
