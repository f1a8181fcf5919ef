"""A classroom in Chromium: a teacher (in Thai) makes a class, a student joins by code and plays the bot, the teacher sees it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from test_browser import Server, game_id_of, shot, wait_my_turn
from test_browser_players import Person
from webtools import CHROMIUM

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed (scripts/install-browser.sh)")
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("classes")), bot_delay=0.0)
    yield srv
    srv.stop()


def test_a_teacher_makes_a_class_a_student_joins_and_plays_the_bot_and_the_teacher_sees_it(server: Server, browser: Any) -> None:
    kru, ann = Person(browser, "th"), Person(browser)
    kru.sign_up(server.url, "kru_malee", "ครูมาลี")
    ann.sign_up(server.url, "ann", "Ann")

    t = kru.page
    t.goto(server.url + "/classes")
    t.fill("#create-name", "ม.2/1")
    t.click("#create-go")
    t.wait_for_url(re.compile(r".*/classes/\d+$"))
    t.locator("#class-name", has_text="ม.2/1").wait_for()
    code_line = t.locator("#class-code").inner_text()
    assert code_line.startswith("รหัสเข้าร่วม: ")
    code = code_line.split(": ")[1]
    assert "ยังไม่มีนักเรียน" in t.locator("#students-table").inner_text()
    # class logins from a list of names: each name's user name and password, shown once
    t.fill("#logins-names", "สมชาย\nสมหญิง\n")
    t.click("#logins-go")
    t.locator("#logins-table .login-row").nth(1).wait_for()
    rows = t.locator("#logins-table .login-row").all_inner_texts()
    assert rows[0].startswith("สมชาย\t" + code.lower() + "-01\t") and re.search(r"\t\d{8}$", rows[1])

    a = ann.page
    a.goto(server.url + "/classes")
    a.fill("#join-code", "ZZZZZZ")  # a wrong code: said in the student's language
    a.click("#join-go")
    a.locator("#players-error", has_text="no class has this join code").wait_for()
    ann.errors = [e for e in ann.errors if "status of 404" not in e]  # the browser logs the refused request itself
    a.fill("#join-code", code.lower())
    a.click("#join-go")
    a.locator("#players-message", has_text="You joined ม.2/1.").wait_for()
    assert a.locator("#studying-list").inner_text() == "ม.2/1 (teacher: ครูมาลี)"  # the teacher by display name
    shot(a, "class-joined")

    # the student plays the bot: a game in play on the teacher's page, watched without racks
    a.goto(server.url + "/")
    a.select_option("#bot-level", "random")
    a.click("#start-bot")
    a.wait_for_url(re.compile(r".*/g/.*"))
    game_id = game_id_of(a)
    wait_my_turn(a)
    t.reload()
    t.locator(".live-row").wait_for()
    assert "Ann" in t.locator(".live-row").inner_text()
    assert "Ann" in t.locator(".student-row", has_text="ann").inner_text()
    shot(t, "class-page-live")
    t.locator(".live-row a", has_text="ชม").click()
    t.wait_for_url(f"**/g/{game_id}")
    t.wait_for_function("window.amathDebug && window.amathDebug.state && window.amathDebug.state.status === 'playing'")
    assert t.evaluate("window.amathDebug.state.rack") is None and t.locator("#rack .tile").count() == 0

    # a pass, the bot's turn, then the student resigns: the game is over
    a.click("#btn-pass")
    a.click("#btn-pass")
    a.wait_for_function("window.amathDebug.state.history.length >= 2")
    wait_my_turn(a)
    a.click("#btn-resign")
    a.click("#btn-resign")
    a.locator("#result-panel").wait_for()

    t.goto(server.url + "/classes")
    t.locator(".teaching-row a", has_text="ม.2/1").click()
    t.locator(".finished-row").wait_for()
    finished = t.locator(".finished-row").inner_text()
    assert "ann" in finished and "แพ้" in finished  # the student lost (resigned), in the teacher's Thai
    assert t.locator(".live-row").count() == 0
    assert "แพ้" in t.locator(".student-row", has_text="ann").inner_text()  # the student's recent games
    assert "เข้าร่วมห้องเรียน" in t.locator("#log-list").inner_text()
    shot(t, "class-page-finished")
    t.locator(".finished-row a", has_text="เปิดดู").click()
    t.wait_for_url(f"**/replay?game={game_id}")
    t.wait_for_function("window.amathReplay && window.amathReplay.data")
    assert t.locator("#replay-error").inner_text() == ""
    for person in (kru, ann):
        person.close()
