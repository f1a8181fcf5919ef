"""Players in Debian's Chromium: sign up in two browsers, a rated room played to the end, both ratings and profiles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_browser import Server, shot
from webtools import CHROMIUM, patient

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")
PASSWORD = "correct horse"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("players")))
    yield srv
    srv.stop()


class Person:
    """One browser (its own cookies) and the page errors it met."""

    def __init__(self, browser: Any, lang: str = "en") -> None:
        self.context = patient(browser.new_context(viewport={"width": 1280, "height": 1000}, locale="en-US", bypass_csp=True))
        self.context.add_init_script(f"localStorage.setItem('amath.lang', '{lang}')")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", lambda msg: self.errors.append(msg.text) if msg.type == "error" else None)

    def sign_up(self, url: str, name: str, display: str) -> None:
        pg = self.page
        pg.goto(url + "/account")
        pg.fill("#signup-name", name)
        pg.fill("#signup-display", display)
        pg.fill("#signup-password", PASSWORD)
        pg.click("#signup-go")
        pg.locator("#settings-card").wait_for()
        assert pg.locator("#account-link").inner_text() == display

    def close(self) -> None:
        self.context.close()
        assert self.errors == [], self.errors


def test_two_accounts_play_a_rated_room_and_both_profiles_show_it(server: Server, browser: Any) -> None:
    ann, ben = Person(browser), Person(browser, "th")
    ann.sign_up(server.url, "ann", "Ann")
    ben.sign_up(server.url, "ben", "Ben")
    assert ben.page.locator("#settings-title").inner_text() == "เข้าสู่ระบบในชื่อ ben"

    a = ann.page
    a.goto(server.url + "/")
    a.locator("#account-link", has_text="Ann").wait_for()
    a.select_option("#room-clock", "total")  # 22 minutes each: the classic time class
    a.check("#room-rated")
    a.fill("#range-min", "1000")  # a seek: opponents rated 1000 to 2000 (Ben, new, is 1500)
    a.fill("#range-max", "2000")
    a.click("#create-room")
    a.locator(".share-link").wait_for()
    link = str(a.locator(".share-link").input_value())
    assert "rated" in a.locator("#variant").inner_text()

    b = ben.page
    b.goto(server.url + "/")
    b.locator("#open-rooms li", has_text="1000–2000").wait_for()  # Ben sees the seek in the lobby, in Thai
    assert "จัดอันดับ" in b.locator("#open-rooms li").inner_text()
    b.goto(link + "?join=1")
    b.click("#join-go")
    for pg in (a, b):
        pg.wait_for_function("window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    assert [s["name"] for s in a.evaluate("window.amathDebug.state.seats")] == ["Ann", "Ben"]

    # Ann passes, then Ben resigns: the game is over, Ann won
    a.click("#btn-pass")
    a.click("#btn-pass")
    b.wait_for_function("window.amathDebug.state.version === 1")
    # Ben is to move with his screen open: Ann's claim of the win is refused, in her language
    a.click("#btn-claim-win")
    a.locator("#preview", has_text="the other player's screen is still open").wait_for()
    ann.errors = [e for e in ann.errors if "status of 409" not in e]  # the browser logs the refused request itself
    assert b.locator("#btn-claim-win").is_hidden()  # Ben is to move: nothing to claim
    b.click("#btn-resign")
    b.click("#btn-resign")
    for pg in (a, b):
        pg.locator("#result-panel").wait_for()

    # both profiles: the game, the outcome, a changed (provisional) rating
    a.goto(server.url + "/u/ann")
    a.locator(".game-row").wait_for()
    row = a.locator(".game-row").inner_text()
    assert "Ben" in row and "Won" in row and "1500 →" in row and "rated" in row
    ann_rating = a.locator(".rating-row").inner_text()
    assert "A-Math" in ann_rating and "22 minutes (classic)" in ann_rating and "?" in ann_rating
    assert int(ann_rating.split("\t")[2].rstrip("?")) > 1500
    assert a.locator(".rating-row .rating-chart polyline").count() == 1  # the rating's line: 1500, then after the game
    assert "Average score" in a.locator("#profile-stats").inner_text()
    shot(a, "profile")
    b.goto(server.url + "/u/ann")  # Ben looks at Ann's profile in Thai, then at his own
    b.locator(".game-row", has_text="ชนะ").wait_for()
    b.goto(server.url + "/u/ben")
    b.locator(".game-row", has_text="แพ้").wait_for()
    ben_rating = b.locator(".rating-row").inner_text()
    assert "เอแม็ท" in ben_rating and int(ben_rating.split("\t")[2].rstrip("?")) < 1500
    shot(b, "profile-thai")

    # the leaderboard, then the game in the record viewer from the profile
    a.goto(server.url + "/leaderboard?ruleset=a-math&time_class=classic")
    a.locator(".board-row").nth(1).wait_for()
    assert [r.split("\t")[1] for r in a.locator(".board-row").all_inner_texts()] == ["Ann", "Ben"]
    shot(a, "leaderboard")
    a.goto(server.url + "/u/ann")
    a.locator(".game-row a", has_text="Open").click()
    a.wait_for_url("**/replay?game=*")
    a.wait_for_function("window.amathReplay.data && window.amathReplay.data.result")
    assert a.evaluate("window.amathReplay.data.turns.map((t) => t.kind)") == ["pass"]
    assert a.evaluate("window.amathReplay.data.result.reason") == "resign"

    # log out: the header offers to log in again, and the profile stays public
    a.goto(server.url + "/account")
    a.click("#logout")
    a.locator("#login-card").wait_for()
    assert a.locator("#account-link").inner_text() == "Log in"
    ann.close()
    ben.close()


def test_a_wrong_login_is_said_in_the_pages_language(server: Server, browser: Any) -> None:
    person = Person(browser, "th")
    pg = person.page
    pg.goto(server.url + "/account")
    pg.fill("#login-name", "nobody")
    pg.fill("#login-password", "wrong password")
    pg.click("#login-go")
    pg.locator("#players-error", has_text="ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง").wait_for()
    pg.click("#lang")
    pg.locator("#players-error", has_text="wrong user name or password").wait_for()
    person.errors = [e for e in person.errors if "401" not in e]  # the browser logs the refused request itself
    person.close()
