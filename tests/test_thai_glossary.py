"""Every Thai text of the project speaks the players' Thai (../shared/THAI.md, the rule sheets' words).

The web page, the command line, the terminal game, the error texts, the engine protocol, the server, the README and the
docs: no word the glossary marks "avoid" anywhere in them; a text keeps the placeholders of its English; and the bot levels
carry the registry's names (``LEVEL_NAMES``) in both languages, never a raw id.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Mapping
from pathlib import Path

from amath.apps import error_text
from amath.apps.cli import thai as cli_thai
from amath.apps.protocol import texts as protocol_texts
from amath.apps.server import auth
from amath.apps.server import puzzles as server_puzzles
from amath.apps.server.app import web_dir
from amath.apps.terminal import text as terminal_text
from amath.core.errors import IllegalMoveError
from amath.players.registry import LEVEL_NAMES
from test_players_thai import AVOID as PLAYERS_AVOID

ROOT = Path(__file__).resolve().parents[1]
THAI = re.compile(r"[\u0e00-\u0e7f]")

AVOID: tuple[str, ...] = (
    "ตัวหมาก",  # a tile is เบี้ย
    "(?<!ตา)ราง",  # the rack is แป้น (ตาราง, a table, is not the rack)
    "ชั้นวาง",
    "เบี้ยของคุณ",  # as the rack's label: เบี้ยบนแป้น
    "เดิน",  # a turn is ตา, a play การลง / ลงเบี้ย: การเดิน and ตาเดิน are chess
    "การวาง",  # not a noun for a play
    "จั่ว",  # drawing tiles is จับเบี้ย
    "แลกเบี้ย",  # exchange: (ขอ)เปลี่ยนเบี้ย
    "ท้าทาย",  # challenge: ทักท้วง, one word for one thing
    "คัดค้าน",
    "(?<!ทัก)ท้วง",  # ท้วง alone
    "เบี้ยว่าง",  # the blank is ตัว BLANK
    "ช่องกลาง",  # the centre square is ช่องดาว
    "ตัวเลข [23] เท่า",  # operators and = are multiplied too: เฉพาะเบี้ย ×2 / ×3
    "ตัวเลขวางติดกัน",  # contradicts the rule (digits join into a number)
    "หลักเดียวกัน",  # in one line: ในแนวนอนหรือแนวตั้งเดียวกัน
    "สามรอบ",  # three passes each: ผ่านครบสามครั้ง
    "โทเคน",  # the seat token is รหัสที่นั่ง
    "โทเค็น",
    "โลภ",  # the bot levels: LEVEL_NAMES
    "อีควิตี้",  # engine words: say what they mean for the player
    "โหนด",
    "(?<![\u0e00-\u0e7f])งบ|ครบงบ",  # a search budget (งบ as a word, not inside แหน่งบ...)
)
"""THAI.md's "avoid" column as patterns."""


def _source_lines() -> list[tuple[str, int, str]]:
    """Every line with Thai in the project's sources (Python, JavaScript, HTML), its README and its docs."""
    paths = [p for ext in ("*.py", "*.js", "*.html") for p in (ROOT / "src" / "amath").rglob(ext)]
    paths += [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = []
    for path in paths:
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if THAI.search(line):
                found.append((str(path.relative_to(ROOT)), k, line))
    return found


def _i18n(lang: str) -> dict[str, str]:
    """The web page's table of ``lang`` (i18n.js), key -> text."""
    text = (web_dir() / "i18n.js").read_text(encoding="utf-8")
    body = text.split(f"  {lang}: {{", 1)[1].split("\n  },", 1)[0]
    table: dict[str, str] = {}
    key = None
    for m in re.finditer(r'"((?:[^"\\]|\\.)*)"(\s*:)?|([A-Za-z_]\w*)\s*:', body):
        word = m.group(3) or json.loads(f'"{m.group(1)}"')
        if m.group(3) or m.group(2):
            key = word
        elif key is not None:
            table[key], key = word, None
    return table


def _tables() -> dict[str, list[str]]:
    """The Thai texts of each table the code looks its texts up in."""
    th = _i18n("th")
    js = (web_dir() / "i18n.js").read_text(encoding="utf-8")
    reasons = re.findall(r'\[/.*/, "([^"]*)"\]', js.split("const SERVER_REASONS_TH", 1)[1].split("];", 1)[0])
    words = [w for table in error_text._WORDS_TH.values() for w in table.values()]
    return {
        "web page (i18n.js)": list(th.values()),
        "web page's server reasons": reasons,
        "command line (cli/thai.py)": list(cli_thai.TH.values()),
        "terminal (terminal/text.py)": list(terminal_text.TH.values()),
        "error texts (error_text.py)": list(error_text.TH.values()) + words,
        "engine protocol (protocol/texts.py)": list(protocol_texts.TH.values()),
        "accounts (server/auth.py)": list(auth.TH.values()),
        "puzzles (server/puzzles.py)": list(server_puzzles.TH.values()),
        "bot levels (players/registry.py)": [th for _en, th in LEVEL_NAMES.values()],
    }


def _avoided(text: str) -> list[str]:
    return [w for w in AVOID if re.search(w, text)]


def test_no_thai_text_uses_a_word_the_glossary_avoids() -> None:
    lines = _source_lines()
    files = {path for path, _k, _line in lines}
    assert len(lines) > 500 and len(files) >= 15
    assert {"README.md", "src/amath/apps/web/i18n.js", "src/amath/apps/cli/thai.py", "src/amath/apps/terminal/text.py"} <= files
    bad = [(path, k, line.strip(), _avoided(line)) for path, k, line in lines if _avoided(line)]
    assert bad == []


def test_every_table_of_thai_texts_is_thai_and_avoids_the_words() -> None:
    tables = _tables()
    for name, texts in tables.items():
        assert texts, name
        assert len([t for t in texts if THAI.search(t)]) > len(texts) / 2, name  # Thai (a few are symbols, prompts, y)
        assert [(t, _avoided(t)) for t in texts if _avoided(t)] == [], name
    assert sum(len(t) for t in tables.values()) > 700


def test_the_glossary_covers_the_players_check() -> None:
    # the players' pages are held to the same words (tests/test_players_thai.py): nothing it avoids is allowed here
    assert [w for w in PLAYERS_AVOID if w not in AVOID and not _avoided(w)] == []


def _fields(template: str) -> list[tuple[str, str | None]]:
    """A ``str.format`` template's fields with their conversions (``{text!r}``), in any order."""
    return sorted({(name, conv) for _text, name, _spec, conv in string.Formatter().parse(template) if name is not None})


def _braces(template: str) -> list[str]:
    return sorted(set(re.findall(r"\{\w+\}", template)))


def test_a_thai_text_keeps_the_placeholders_of_its_english() -> None:
    checked = 0
    for english, thai in cli_thai.TH.items():  # keyed by their English
        assert _fields(thai) == _fields(english), (english, thai)
        checked += 1
    for key, thai in terminal_text.TH.items():
        assert _fields(thai) == _fields(terminal_text.EN[key]), key
        checked += 1
    for key, thai in protocol_texts.TH.items():
        assert _fields(thai) == _fields(protocol_texts.EN[key]), key
        checked += 1
    en = _i18n("en")
    for key, thai in _i18n("th").items():
        assert _braces(thai) == _braces(en[key]), key
        checked += 1
    assert checked > 400


def test_the_bot_levels_carry_the_registrys_names_in_both_languages() -> None:
    en, th = _i18n("en"), _i18n("th")
    for level, (en_name, th_name) in LEVEL_NAMES.items():
        assert (en[f"level_{level}"], th[f"level_{level}"]) == (en_name, th_name)
        assert level not in (en_name, th_name)


def test_the_check_finds_each_avoided_word() -> None:
    # each pattern fires on a text that has its word, and not on the words the glossary asks for
    samples = {
        "ตัวหมาก": "ตัวหมากบนกระดาน", "(?<!ตา)ราง": "เบี้ยบนราง", "ชั้นวาง": "ชั้นวางเบี้ย", "เบี้ยของคุณ": "เบี้ยของคุณ",
        "เดิน": "การเดินของคุณ", "การวาง": "พบ 3 การวาง", "จั่ว": "จั่วเบี้ย", "แลกเบี้ย": "แลกเบี้ย 2 ตัว",
        "ท้าทาย": "โหมดท้าทาย", "คัดค้าน": "การคัดค้าน", "(?<!ทัก)ท้วง": "ท้วงได้", "เบี้ยว่าง": "ใช้เบี้ยว่าง",
        "ช่องกลาง": "ทับช่องกลาง", "ตัวเลข [23] เท่า": "ตัวเลข 3 เท่า", "ตัวเลขวางติดกัน": "ตัวเลขวางติดกันไม่ได้",
        "หลักเดียวกัน": "แถวเดียวหรือหลักเดียวกัน", "สามรอบ": "ผ่านสามรอบ", "โทเคน": "โทเคนนี้", "โทเค็น": "โทเค็นนี้",
        "โลภ": "โลภ (แต้มสูงสุด)", "อีควิตี้": "อีควิตี้ 3", "โหนด": "จำนวนโหนด", "(?<![\u0e00-\u0e7f])งบ|ครบงบ": "ครบงบที่กำหนด",
    }  # fmt: skip
    assert set(samples) == set(AVOID)
    for word, text in samples.items():
        assert word in _avoided(text), (word, text)
    good = "ตาของคุณ ลงเบี้ยบนแป้น จับเบี้ย ขอเปลี่ยนเบี้ย ทักท้วง ตัว BLANK ช่องดาว ตารางอันดับ แสดงบนกระดาน ตำแหน่งบรรทัด ประวัติการเล่น"
    assert _avoided(good) == []


def test_the_tables_are_what_the_code_reads() -> None:
    # the scanned tables are the ones looked up: a Thai text changed here is the one a player sees
    assert isinstance(cli_thai.TH, Mapping) and isinstance(terminal_text.TH, Mapping)
    assert terminal_text.Text("th")("kind_challenge-won") == terminal_text.TH["kind_challenge-won"]
    err = IllegalMoveError("the first play must cover the centre", code="first_cover_centre", square="H8")
    assert error_text.describe(err, "th") == "การลงครั้งแรกต้องทับช่องดาว H8"
