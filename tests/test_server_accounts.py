"""Accounts through the HTTP API: sign up, log in and out, settings, the session cookie, CSRF and the login limits."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from itsdangerous import TimestampSigner
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server.auth import CSRF_COOKIE, SESSION_COOKIE, Cookies
from amath.apps.server.config import LoginLimits

PASSWORD = "correct horse"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    settings = Settings(
        db_url=db_url, bot_delay=0.0, login=LoginLimits(per_name=(0.001, 3), per_address=(0.001, 6), signups_per_address=(0.001, 4))
    )
    with TestClient(create_app(settings)) as c:
        yield c


def csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get(CSRF_COOKIE) or ""}


def sign_up(c: TestClient, name: str = "Ann", password: str = PASSWORD, display: str | None = None) -> None:
    body = {"name": name, "password": password} | ({} if display is None else {"display": display})
    r = c.post("/api/account/signup", json=body, headers=csrf(c))
    assert r.status_code == 201, r.text


def me(c: TestClient) -> object:
    return c.get("/api/me").json()["account"]


def test_sign_up_logs_in_with_a_signed_httponly_cookie_and_a_csrf_cookie(client: TestClient) -> None:
    assert me(client) is None
    sign_up(client, "Ann", display="แอน")
    assert me(client) == {"name": "Ann", "display": "แอน"}
    jar = list(client.cookies.jar)
    session = next(h for h in jar if h.name == SESSION_COOKIE)
    token = next(h for h in jar if h.name == CSRF_COOKIE)
    assert session.value is not None and token.value is not None
    assert session.has_nonstandard_attr("HttpOnly") and not token.has_nonstandard_attr("HttpOnly")
    assert session.value.split(".")[0].isdigit() and token.value not in session.value  # ACCOUNT.SESSION_ID, signed
    # the password is stored only as an Argon2 hash
    players = client.app.state.auth.players  # type: ignore[attr-defined]
    from sqlalchemy import select
    from sqlalchemy.orm import Session

    from amath.apps.server.schema import AccountRow

    with Session(players.engine) as s:
        stored = s.scalar(select(AccountRow.password_hash).where(AccountRow.key == "ann"))
    assert stored is not None and stored.startswith("$argon2id$") and PASSWORD not in stored


def test_names_are_unique_in_any_case_and_bad_input_says_what_is_wrong(client: TestClient) -> None:
    sign_up(client, "Ann")
    other = TestClient(client.app)
    taken = other.post("/api/account/signup", json={"name": "ANN", "password": PASSWORD})
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken" and "ชื่อผู้ใช้นี้มีคนใช้แล้ว" in taken.json()["messages"]["th"]
    for body, code in [
        ({"name": "a", "password": PASSWORD}, "bad_username"),
        ({"name": "no spaces", "password": PASSWORD}, "bad_username"),
        ({"name": "_lead", "password": PASSWORD}, "bad_username"),
        ({"name": "Ben", "password": "short"}, "bad_password"),
        ({"name": "Ben", "password": "x" * 129}, "bad_password"),
        ({"name": "Ben"}, "bad_password"),
    ]:
        r = other.post("/api/account/signup", json=body)
        assert r.status_code == 400 and r.json()["code"] == code, (body, r.text)
        assert r.json()["messages"]["th"] != r.json()["messages"]["en"]
    assert other.post("/api/account/signup", json=[1]).status_code == 400
    assert me(other) is None


def test_log_out_ends_the_session_even_for_a_copied_cookie(client: TestClient) -> None:
    sign_up(client)
    copied = client.cookies.get(SESSION_COOKIE)
    assert client.post("/api/account/logout", headers=csrf(client)).json() == {"account": None}
    assert me(client) is None and client.cookies.get(SESSION_COOKIE) is None
    thief = TestClient(client.app)
    thief.cookies.set(SESSION_COOKIE, copied or "")
    assert me(thief) is None


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client: TestClient) -> None:
    sign_up(client)
    client.post("/api/account/logout", headers=csrf(client))
    wrong = client.post("/api/account/login", json={"name": "Ann", "password": "wrong password"})
    unknown = client.post("/api/account/login", json={"name": "Nobody", "password": "wrong password"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() and wrong.json()["code"] == "login_failed"
    assert wrong.json()["messages"]["th"] == "ชื่อผู้ใช้หรือรหัสผ่านไม่ถูกต้อง"
    ok = client.post("/api/account/login", json={"name": "aNN", "password": PASSWORD})
    assert ok.status_code == 200 and ok.json()["account"]["name"] == "Ann" and me(client) is not None


def test_login_attempts_are_limited_per_name_then_per_address(client: TestClient) -> None:
    sign_up(client)
    client.post("/api/account/logout", headers=csrf(client))
    answers = [client.post("/api/account/login", json={"name": "Ann", "password": "guess number"}).status_code for _ in range(4)]
    assert answers == [401, 401, 401, 429]
    limited = client.post("/api/account/login", json={"name": "Ann", "password": PASSWORD})
    assert limited.status_code == 429 and limited.json()["code"] == "login_rate_name"  # even the right password waits
    assert "รอ" in limited.json()["messages"]["th"]
    assert client.post("/api/account/login", json={"name": "Ben", "password": "guess number"}).status_code == 401  # another name: its own
    other = client.post("/api/account/login", json={"name": "Cat", "password": "guess number"})
    assert other.status_code == 429 and other.json()["code"] == "login_rate_address"  # the address's 6 are used up


def test_state_changes_with_the_session_cookie_need_the_csrf_token(client: TestClient) -> None:
    sign_up(client)
    for headers in ({}, {"X-CSRF-Token": "0" * 64}, {"X-CSRF-Token": ""}):
        r = client.post("/api/account/display", json={"display": "Mallory"}, headers=headers)
        assert r.status_code == 403 and r.json()["code"] == "csrf", headers
        assert "โหลดหน้าใหม่" in r.json()["messages"]["th"]
        assert client.post("/api/games", json={"mode": "bot"}, headers=headers).status_code == 403
    assert me(client) == {"name": "Ann", "display": "Ann"}
    r = client.post("/api/account/display", json={"display": "Annie"}, headers=csrf(client))
    assert r.status_code == 200 and me(client) == {"name": "Ann", "display": "Annie"}
    # reading needs no token, and a guest (no cookie) needs none either
    guest = TestClient(client.app)
    assert guest.post("/api/games", json={"mode": "bot"}).status_code == 201


def test_a_tampered_or_foreign_or_expired_session_cookie_is_a_guest(client: TestClient) -> None:
    sign_up(client, "Ann")
    other = TestClient(client.app)
    sign_up(other, "Ben")
    value = client.cookies.get(SESSION_COOKIE) or ""
    account, _, rest = value.partition(".")
    ben_id = (other.cookies.get(SESSION_COOKIE) or "").partition(".")[0]
    key = client.app.state.auth.players.key("session")  # type: ignore[attr-defined]
    sid = rest.rsplit(".", 2)[0]

    class Past(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time()) - 31 * 86400

    forged = [
        f"{ben_id}.{rest}",  # Ann's session claimed for Ben: the signature no longer matches
        value[:-10] + ("A" if value[-10] != "A" else "B") + value[-9:],  # one character of the signature changed
        Cookies("another server's key").session_value(int(account), sid),
        Past(key.encode(), salt="amath.session").sign(f"{account}.{sid}").decode(),  # older than 30 days
        "garbage",
        "x" * 300,
    ]
    for cookie in forged:
        probe = TestClient(client.app)
        probe.cookies.set(SESSION_COOKIE, cookie)
        assert me(probe) is None, cookie
        # and a forged cookie is not a way past CSRF: it is simply no session (a guest's request)
        assert probe.post("/api/account/display", json={"display": "X"}).status_code == 401
    assert me(client) == {"name": "Ann", "display": "Ann"}


def test_changing_the_password_ends_the_other_sessions(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as client:  # the default limits: five tries a name
        _change_password(client)


def _change_password(client: TestClient) -> None:
    sign_up(client)
    laptop = TestClient(client.app)
    assert laptop.post("/api/account/login", json={"name": "Ann", "password": PASSWORD}).status_code == 200
    wrong = client.post("/api/account/password", json={"old": "not it at all", "new": "a new password"}, headers=csrf(client))
    assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_password"
    short = client.post("/api/account/password", json={"old": PASSWORD, "new": "short"}, headers=csrf(client))
    assert short.status_code == 400 and short.json()["code"] == "bad_password"
    ok = client.post("/api/account/password", json={"old": PASSWORD, "new": "a new password"}, headers=csrf(client))
    assert ok.status_code == 200
    assert me(client) is not None and me(laptop) is None
    fresh = TestClient(client.app)
    assert fresh.post("/api/account/login", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    assert fresh.post("/api/account/login", json={"name": "Ann", "password": "a new password"}).status_code == 200


def test_settings_need_a_login(client: TestClient) -> None:
    for path, body in (("/api/account/display", {"display": "X"}), ("/api/account/password", {"old": PASSWORD, "new": "whatever123"})):
        r = client.post(path, json=body)
        assert r.status_code == 401 and r.json()["code"] == "login_needed" and r.json()["messages"]["th"] == "กรุณาเข้าสู่ระบบก่อน"


def test_a_session_survives_a_restart(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as c:
        sign_up(c)
        cookie = c.cookies.get(SESSION_COOKIE)
    with TestClient(create_app(Settings(db_url=db_url))) as c:
        c.cookies.set(SESSION_COOKIE, cookie or "")
        assert me(c) == {"name": "Ann", "display": "Ann"}


def test_a_state_change_from_another_site_is_refused_even_without_a_session(client: TestClient) -> None:
    sign_up(client)
    client.post("/api/account/logout", headers=csrf(client))
    # a form on another site posting a JSON-looking text/plain body: the attacker's login for the visitor (login CSRF)
    body = '{"name": "Ann", "password": "correct horse", "x": "="}'
    forged = client.post("/api/account/login", content=body, headers={"Origin": "https://evil.example", "Content-Type": "text/plain"})
    assert forged.status_code == 403 and forged.json()["code"] == "csrf" and me(client) is None
    assert client.post("/api/games", json={"mode": "bot"}, headers={"Origin": "null"}).status_code == 403
    same = client.post("/api/account/login", content=body, headers={"Origin": "http://testserver"})
    assert same.status_code == 200 and me(client) is not None  # the page's own origin
    assert client.get("/api/rooms", headers={"Origin": "https://evil.example"}).status_code == 200  # reading is not a change


def test_a_day_old_cookie_is_signed_again_so_thirty_days_count_from_the_last_visit(client: TestClient) -> None:
    sign_up(client)
    key = client.app.state.auth.players.key("session")  # type: ignore[attr-defined]
    cookies = Cookies(key)
    account, sid, _ = cookies.read_signed(client.cookies.get(SESSION_COOKIE)) or (0, "", 0.0)

    class TwoDaysAgo(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time()) - 2 * 86400

    old = TwoDaysAgo(key.encode(), salt="amath.session").sign(f"{account}.{sid}").decode()
    client.cookies.clear()
    fresh = client.get("/api/me", headers={"Cookie": f"{SESSION_COOKIE}={old}"})
    assert fresh.json()["account"]["name"] == "Ann"
    renewed = cookies.read_signed(fresh.cookies.get(SESSION_COOKIE))
    assert renewed is not None and renewed[:2] == (account, sid) and renewed[2] > time.time() - 60
    again = client.get("/api/me", headers={"Cookie": f"{SESSION_COOKIE}={fresh.cookies.get(SESSION_COOKIE)}"})  # a fresh one stays
    assert again.json()["account"]["name"] == "Ann" and SESSION_COOKIE not in again.cookies
