"""Classrooms: a teacher's class, joining by code, class logins, the teacher's page, who may do what, and the 0003 migration."""

from __future__ import annotations

import logging
import re
from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, text
from starlette.testclient import TestClient

from amath.apps.server import Settings, create_app
from amath.apps.server import classes as classes_module
from amath.apps.server import classroom as classroom_module
from amath.apps.server.app import web_dir
from amath.apps.server.auth import CSRF_COOKIE
from amath.apps.server.schema import HEAD, Base, alembic_config
from amath.apps.server.storage import Store

PASSWORD = "correct horse"
AVOID = ("ตัวหมาก", "(?<!ตา)ราง", "ชั้นวาง", "การเดิน", "จั่ว", "แลกเบี้ย", "ท้าทาย", "คัดค้าน", "เบี้ยว่าง", "ช่องกลาง", "โทเคน", "โทเค็น", "อีควิตี้", "โหนด")


def account(app: Any, name: str) -> TestClient:
    c = TestClient(app)
    assert c.post("/api/account/signup", json={"name": name, "password": PASSWORD}).status_code == 201
    c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
    return c


def log_in(app: Any, name: str, password: str) -> TestClient:
    c = TestClient(app)
    r = c.post("/api/account/login", json={"name": name, "password": password})
    assert r.status_code == 200, r.text
    c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
    return c


def refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert body["code"] == code and re.search(r"[\u0e00-\u0e7f]", body["messages"]["th"]), body
    return body


def test_a_teacher_makes_a_class_and_a_student_joins_with_its_code(db_url: str, caplog: Any) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0))
    caplog.set_level(logging.INFO, logger="amath.apps.server")
    with TestClient(app) as guest:
        teacher, ann, other = account(app, "kru_malee"), account(app, "ann"), account(app, "other")
        made = teacher.post("/api/classes", json={"name": "  ม.2/1  คณิต "})
        assert made.status_code == 201, made.text
        cls = made.json()
        assert cls["name"] == "ม.2/1 คณิต" and re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", cls["code"])
        joined = ann.post("/api/classes/join", json={"code": cls["code"].lower()})
        assert joined.status_code == 200 and joined.json() == {"id": cls["id"], "name": "ม.2/1 คณิต"}
        assert ann.post("/api/classes/join", json={"code": cls["code"]}).status_code == 200  # again: nothing changes
        page = teacher.get(f"/api/classes/{cls['id']}").json()
        assert [s["name"] for s in page["students"]] == ["ann"] and page["students"][0]["class_login"] is False
        assert [e["action"] for e in page["events"]] == ["join", "create"] and page["events"][0]["by"] == "ann"
        assert any(f"class {cls['id']}: join by account" in r.getMessage() for r in caplog.records)
        assert teacher.get("/api/classes").json()["teaching"][0]["students"] == 1
        mine = ann.get("/api/classes").json()
        assert mine["teaching"] == [] and mine["studying"] == [
            {"id": cls["id"], "name": "ม.2/1 คณิต", "teacher": "kru_malee", "class_login": False}
        ]
        # only its teacher sees or changes it; a guest is asked to log in
        refused(other.get(f"/api/classes/{cls['id']}"), 403, "not_teacher")
        refused(ann.get(f"/api/classes/{cls['id']}"), 403, "not_teacher")
        refused(ann.post(f"/api/classes/{cls['id']}/students", json={"names": ["x"]}), 403, "not_teacher")
        refused(ann.post(f"/api/classes/{cls['id']}/code"), 403, "not_teacher")
        refused(other.post(f"/api/classes/{cls['id']}/students/ann/remove"), 403, "not_teacher")
        refused(guest.get(f"/api/classes/{cls['id']}"), 401, "login_needed")
        refused(guest.post("/api/classes", json={"name": "x"}), 401, "login_needed")
        refused(teacher.get("/api/classes/999"), 404, "no_class")
        # CSRF: the session's token is required, as on every state change
        bare = TestClient(app, cookies=dict(teacher.cookies))
        refused(bare.post("/api/classes", json={"name": "x"}), 403, "csrf")
        # a new code: the old one stops working
        code = teacher.post(f"/api/classes/{cls['id']}/code").json()["code"]
        assert code != cls["code"]
        refused(other.post("/api/classes/join", json={"code": cls["code"]}), 404, "class_code")
        assert other.post("/api/classes/join", json={"code": code}).status_code == 200
        refused(teacher.post("/api/classes/join", json={"code": code}), 409, "teacher_in_class")
        assert teacher.post(f"/api/classes/{cls['id']}/students/other/remove").json() == {"removed": True}
        refused(teacher.post(f"/api/classes/{cls['id']}/students/other/remove"), 404, "no_student")
        page = teacher.get(f"/api/classes/{cls['id']}").json()
        assert [s["name"] for s in page["students"]] == ["ann"]
        assert [(e["action"], e["by"]) for e in page["events"][:3]] == [
            ("remove", "kru_malee"),
            ("join", "other"),
            ("new_code", "kru_malee"),
        ]


def test_bad_input_gets_a_translated_error_naming_what_was_wrong(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url))
    with TestClient(app):
        teacher = account(app, "teacher")
        for body in ({}, {"name": "   "}, {"name": 5}, {"name": "x" * 65}):
            assert "'name'" in refused(teacher.post("/api/classes", json=body), 400, "class_name")["error"]
        for code in (None, "ABC", "ABCDEFG", "AB CD!"):
            got = refused(teacher.post("/api/classes/join", json={"code": code}), 400, "bad_class_code")
            assert "'code'" in got["error"] and "6" in got["messages"]["th"]
        refused(teacher.post("/api/classes/join", json={"code": "ZZZZZZ"}), 404, "class_code")
        cls = teacher.post("/api/classes", json={"name": "A"}).json()
        url = f"/api/classes/{cls['id']}/students"
        for names in ([], None, "", ["x"] * 61):
            refused(teacher.post(url, json={"names": names}), 400, "bad_names")
        third = refused(teacher.post(url, json={"names": ["Ann", "Ben", "x" * 25]}), 400, "bad_student_name")
        assert "name 3 " in third["error"] and "ชื่อลำดับที่ 3 " in third["messages"]["th"]
        refused(teacher.post(url, json={"names": ["Ann", 7]}), 400, "bad_student_name")
        assert teacher.get(f"/api/classes/{cls['id']}").json()["students"] == []  # nothing made from a refused list
        for _ in range(19):
            assert teacher.post("/api/classes", json={"name": "B"}).status_code == 201
        assert "20" in refused(teacher.post("/api/classes", json={"name": "C"}), 409, "class_limit")["messages"]["th"]


def test_class_logins_are_made_by_the_teacher_and_belong_to_the_class(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url))
    with TestClient(app):
        teacher, ann = account(app, "teacher"), account(app, "ann")
        cls = teacher.post("/api/classes", json={"name": "Class"}).json()
        made = teacher.post(f"/api/classes/{cls['id']}/students", json={"names": "สมชาย ใจดี\n\n  Ben  \n"})
        assert made.status_code == 201, made.text
        logins = made.json()["logins"]
        prefix = cls["code"].lower()
        assert [(x["name"], x["display"]) for x in logins] == [(f"{prefix}-01", "สมชาย ใจดี"), (f"{prefix}-02", "Ben")]
        assert all(re.fullmatch(r"\d{8}", x["password"]) for x in logins)
        somchai = log_in(app, logins[0]["name"], logins[0]["password"])
        assert somchai.get("/api/me").json()["account"] == {"name": f"{prefix}-01", "display": "สมชาย ใจดี", "must_change": True}
        assert somchai.get("/api/classes").json()["class_login"] is True
        refused(somchai.post("/api/classes", json={"name": "mine"}), 403, "class_login")
        other = teacher.post("/api/classes", json={"name": "Other"}).json()
        refused(somchai.post("/api/classes/join", json={"code": other["code"]}), 403, "class_login")
        # the teacher resets a forgotten password: the old one and its sessions end
        reset = teacher.post(f"/api/classes/{cls['id']}/students/{prefix}-01/password")
        assert reset.status_code == 200 and reset.json()["password"] != logins[0]["password"]
        assert somchai.get("/api/me").json()["account"] is None
        bad = TestClient(app).post("/api/account/login", json={"name": f"{prefix}-01", "password": logins[0]["password"]})
        assert bad.status_code == 401
        log_in(app, f"{prefix}-01", reset.json()["password"])
        # a student who signed up themself keeps their password to themself
        assert ann.post("/api/classes/join", json={"code": cls["code"]}).status_code == 200
        refused(teacher.post(f"/api/classes/{cls['id']}/students/ann/password"), 409, "not_class_login")
        refused(teacher.post(f"/api/classes/{cls['id']}/students/nobody/password"), 404, "no_student")
        actions = [e["action"] for e in teacher.get(f"/api/classes/{cls['id']}").json()["events"]]
        assert actions == ["join", "reset_password", "add_logins", "create"]


def test_the_teacher_sees_the_class_games_and_racks_only_once_a_game_is_over(db_url: str) -> None:
    app = create_app(Settings(db_url=db_url, bot_delay=0.0, seeds=lambda: 1))  # seed 1: the student moves first
    with TestClient(app):
        teacher, ann = account(app, "teacher"), account(app, "ann")
        cls = teacher.post("/api/classes", json={"name": "Class"}).json()
        ann.post("/api/classes/join", json={"code": cls["code"]})
        game = ann.post("/api/games", json={"mode": "bot", "bot": "random"}).json()
        page = teacher.get(f"/api/classes/{cls['id']}")
        live = page.json()["live"]
        assert [g["id"] for g in live] == [game["id"]] and live[0]["students"] == ["ann"]
        assert live[0]["scores"] == [0, 0] and live[0]["turns"] == 0
        assert page.json()["students"][0]["playing"] == [game["id"]]
        assert "rack" not in page.text  # the class page holds no tile of anyone's
        watched = teacher.get(f"/api/games/{game['id']}").json()  # the live game, as a spectator sees it
        assert watched["rack"] is None and "open_racks" not in watched and watched.get("result") is None
        seat = {"X-Seat-Token": game["token"]}
        assert len(ann.get(f"/api/games/{game['id']}", headers=seat).json()["rack"]) == 8  # the student's own rack
        mine = ann.get(f"/api/games/{game['id']}", headers=seat).json()
        assert mine["to_move"] == mine["me"]["side"] == 0 and mine["history"] == []
        passed = ann.post(f"/api/games/{game['id']}/move", headers=seat, json={"type": "pass"})
        assert passed.status_code == 200, passed.text
        assert teacher.get(f"/api/classes/{cls['id']}").json()["live"][0]["turns"] >= 1
        assert ann.post(f"/api/games/{game['id']}/resign", headers=seat).status_code == 200
        page = teacher.get(f"/api/classes/{cls['id']}").json()
        assert page["live"] == [] and [g["id"] for g in page["finished"]] == [game["id"]]
        assert page["finished"][0]["student"] == "ann" and page["finished"][0]["outcome"] == "loss"
        assert page["students"][0]["recent"][0]["id"] == game["id"]
        over = teacher.get(f"/api/games/{game['id']}").json()
        assert [len(r) for r in over["result"]["final_racks"]] == [8, 8]  # now public: the record and its analysis
        record = teacher.get(f"/api/games/{game['id']}/record")
        assert record.status_code == 200 and "ann" in record.text


def test_forty_students_behind_one_address_each_log_in_and_play_a_bot_game(db_url: str) -> None:
    """One school address, forty class logins: logins, games, sockets and requests all count per account (no 429)."""
    app = create_app(Settings(db_url=db_url, bot_delay=0.0, sockets_per_address=2, waiting_per_address=1, burst=20))
    with TestClient(app):
        teacher = account(app, "teacher")
        cls = teacher.post("/api/classes", json={"name": "ม.3"}).json()
        logins = teacher.post(f"/api/classes/{cls['id']}/students", json={"names": [f"นักเรียน {k}" for k in range(40)]}).json()["logins"]
        students = [log_in(app, x["name"], x["password"]) for x in logins]
        for c, x in zip(students, logins):  # first each chooses its own password (the teacher's must be changed)
            assert c.post("/api/account/password", json={"old": x["password"], "new": f"{x['name']} secret"}).status_code == 200
            c.headers["X-CSRF-Token"] = c.cookies.get(CSRF_COOKIE) or ""
        games = []
        for c in students:
            made = c.post("/api/games", json={"mode": "bot", "bot": "random"})
            assert made.status_code == 201, made.text
            games.append(made.json())
        sockets = [c.websocket_connect(f"/api/games/{g['id']}/ws?token={g['token']}") for c, g in zip(students, games)]
        try:
            for ws in sockets:
                assert ws.__enter__().receive_json()["type"] == "state"
            for c in students:
                assert [c.get("/api/classes").status_code for _ in range(5)] == [200] * 5
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        page = teacher.get(f"/api/classes/{cls['id']}").json()
        assert len(page["students"]) == 40 and len(page["live"]) == 40


def test_a_database_at_0002_is_upgraded_in_place_to_0003(db_url: str) -> None:
    engine = create_engine(db_url)
    try:
        with engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0002")
            conn.execute(text("INSERT INTO accounts (name, key, display, password_hash, created) VALUES ('Ann', 'ann', 'Ann', 'x', 1.0)"))
            conn.execute(
                text("INSERT INTO games (id, mode, config, status, created, turn_started) VALUES ('g1', 'bot', '{}', 'over', 1.0, 0.0)")
            )
        with engine.connect() as conn:
            assert "classes" not in inspect(conn).get_table_names()
        store = Store(db_url)
        store.close()
        assert store.schema == "upgraded"
        with engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == HEAD  # the newest version, whichever it is
            assert {"classes", "class_members", "class_events"} <= set(inspect(conn).get_table_names())
            assert compare_metadata(MigrationContext.configure(conn), Base.metadata) == []
            assert conn.execute(text("SELECT display FROM accounts WHERE key = 'ann'")).scalar() == "Ann"
            assert conn.execute(text("SELECT status FROM games WHERE id = 'g1'")).scalar() == "over"
        with engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0002")
        with engine.connect() as conn:
            assert "classes" not in inspect(conn).get_table_names() and "accounts" in inspect(conn).get_table_names()
    finally:
        engine.dispose()


CLASS_KEYS = re.compile(r'"?(class_[a-z_]+|classes[a-z_]*)"?:\s*"([^"]*)"')


def test_the_class_texts_are_thai_in_the_glossarys_words() -> None:
    page = (web_dir() / "i18n.js").read_text(encoding="utf-8")
    en = dict(CLASS_KEYS.findall(page.split("  en: {", 1)[1].split("\n  },", 1)[0]))
    th = dict(CLASS_KEYS.findall(page.split("  th: {", 1)[1].split("\n  },", 1)[0]))
    assert len(th) > 30 and set(th) == set(en)
    texts = list(classroom_module.TH.values()) + list(th.values())
    assert all(re.search(r"[\u0e00-\u0e7f]", t) for t in texts), [t for t in texts if not re.search(r"[\u0e00-\u0e7f]", t)]
    assert [(t, w) for t in texts for w in AVOID if re.search(w, t)] == []
    used = set(re.findall(r'data-i18n(?:-placeholder)?="([^"]+)"', (web_dir() / "classes.html").read_text(encoding="utf-8")))
    used |= set(re.findall(r't\("([a-z_]+)"', (web_dir() / "classes.js").read_text(encoding="utf-8")))
    all_th = set(re.findall(r'"?([\w-]+)"?:\s*"', page.split("  th: {", 1)[1].split("\n  },", 1)[0]))
    assert len(used) > 40 and used - all_th == set()


def test_a_full_class_refuses_more_students_in_both_ways(db_url: str, monkeypatch: Any) -> None:
    monkeypatch.setattr(classes_module, "MAX_STUDENTS", 2)
    app = create_app(Settings(db_url=db_url))
    with TestClient(app):
        teacher, ann = account(app, "teacher"), account(app, "ann")
        cls = teacher.post("/api/classes", json={"name": "Small"}).json()
        url = f"/api/classes/{cls['id']}/students"
        assert teacher.post(url, json={"names": ["A"]}).status_code == 201
        full = refused(teacher.post(url, json={"names": ["B", "C"]}), 409, "class_full")
        assert "at most 2 students; this one has 1" in full["error"] and "ไม่เกิน 2 คน ห้องนี้มีแล้ว 1 คน" in full["messages"]["th"]
        assert ann.post("/api/classes/join", json={"code": cls["code"]}).status_code == 200
        ben = account(app, "ben")
        refused(ben.post("/api/classes/join", json={"code": cls["code"]}), 409, "class_full")
        assert len(teacher.get(f"/api/classes/{cls['id']}").json()["students"]) == 2


def test_the_class_pages_are_served(db_url: str) -> None:
    with TestClient(create_app(Settings(db_url=db_url))) as client:
        for path in ("/classes", "/classes/7"):
            page = client.get(path)
            assert page.status_code == 200 and '<script type="module" src="/static/classes.js">' in page.text
        assert client.get("/static/classes.js").status_code == 200
        assert client.get("/classes/x").status_code == 404
