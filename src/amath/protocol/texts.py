"""The engine protocol's own words, in English and Thai (``setoption name Language value th``).

Keywords and codes stay ASCII English so programs can rely on them; what people read
(error messages, help) comes from here.  Library error messages quote the input and stay English.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES: tuple[str, ...] = ("en", "th")

EN: Mapping[str, str] = {
    "unknown-command": "unknown command {word!r} (commands: {commands})",
    "empty-command": "{command} needs {what}",
    "bad-number": "{name} must be a whole number from {low} to {high}, not {value!r}",
    "bad-option": "unknown option {name!r} (options: {options})",
    "bad-choice": "{name} takes one of {choices}, not {value!r}",
    "setoption-form": "write it as: setoption name NAME value VALUE",
    "position-form": "write it as: position string BOARD RACK SCORES TO_MOVE [VARIANT], position json {{...}} or position start [RACK]",
    "wrong-ruleset": "the position is {found} but the ruleset is {ruleset}; send 'ruleset {found}' first",
    "no-position": "no position yet: send 'position ...' first",
    "busy": "a search is running: send 'stop' first",
    "go-word": "go takes iterations N, nodes N, time MS (or movetime MS) and infinite, not {word!r}",
    "search-failed": "the search failed: {reason}",
    "internal": "internal error ({kind}): {reason}; the engine goes on",
    "rack-unknown": "the rack of side {side} is not known: send 'rack TILES'",
    "help": (
        "commands: amath | isready | setoption name NAME value VALUE | ruleset NAME | "
        "position string ... | position json {{...}} | position start [RACK] | rack TILES | "
        "play MOVE | show | go [iterations N] [nodes N] [time MS] [infinite] | stop | quit "
        "(docs/engine-protocol.md)"
    ),
}

TH: Mapping[str, str] = {
    "unknown-command": "ไม่รู้จักคำสั่ง {word!r} (คำสั่งที่มี: {commands})",
    "empty-command": "คำสั่ง {command} ต้องมี {what}",
    "bad-number": "{name} ต้องเป็นจำนวนเต็มตั้งแต่ {low} ถึง {high} ไม่ใช่ {value!r}",
    "bad-option": "ไม่รู้จักตัวเลือก {name!r} (ตัวเลือกที่มี: {options})",
    "bad-choice": "{name} ต้องเป็นหนึ่งใน {choices} ไม่ใช่ {value!r}",
    "setoption-form": "เขียนว่า: setoption name ชื่อ value ค่า",
    "position-form": "เขียนว่า: position string กระดาน ราง คะแนน ผู้เล่น [กติกา], position json {{...}} หรือ position start [ราง]",
    "wrong-ruleset": "ตำแหน่งนี้เป็นกติกา {found} แต่เครื่องตั้งกติกา {ruleset} ไว้ ส่ง 'ruleset {found}' ก่อน",
    "no-position": "ยังไม่มีตำแหน่ง ส่ง 'position ...' ก่อน",
    "busy": "กำลังค้นหาอยู่ ส่ง 'stop' ก่อน",
    "go-word": "go รับ iterations N, nodes N, time MS (หรือ movetime MS) และ infinite ไม่ใช่ {word!r}",
    "search-failed": "การค้นหาล้มเหลว: {reason}",
    "internal": "ข้อผิดพลาดภายใน ({kind}): {reason} เครื่องยังทำงานต่อ",
    "rack-unknown": "ยังไม่รู้เบี้ยบนรางของผู้เล่น {side} ส่ง 'rack เบี้ย'",
    "help": (
        "คำสั่ง: amath | isready | setoption name ชื่อ value ค่า | ruleset กติกา | "
        "position string ... | position json {{...}} | position start [ราง] | rack เบี้ย | "
        "play ตาเดิน | show | go [iterations N] [nodes N] [time MS] [infinite] | stop | quit "
        "(docs/engine-protocol.md)"
    ),
}

TABLES: Mapping[str, Mapping[str, str]] = {"en": EN, "th": TH}


def text(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``params`` filled in (English when ``lang`` is unknown)."""
    return TABLES.get(lang, EN)[key].format(**params)
