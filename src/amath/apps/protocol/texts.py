"""The engine protocol's own words that are not errors, in English and Thai.

Keywords and codes stay ASCII English so programs can rely on them.  Errors are
translated by code like every library error (:mod:`amath.apps.error_text`); what is here is
the help line and the two wrappers for failures that are not the input's fault.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES: tuple[str, ...] = ("en", "th")

EN: Mapping[str, str] = {
    "search-failed": "the search failed: {reason}",
    "internal": "internal error ({kind}): {reason}; the engine goes on",
    "help": (
        "commands: amath | isready | setoption name NAME value VALUE | ruleset NAME | "
        "position string ... | position json {{...}} | position start [RACK] | rack TILES | "
        "play MOVE | show | go [iterations N] [nodes N] [simwork N] [time MS] [infinite] | stop | quit "
        "(docs/engine-protocol.md)"
    ),
}

TH: Mapping[str, str] = {
    "search-failed": "การค้นหาล้มเหลว: {reason}",
    "internal": "ข้อผิดพลาดภายใน ({kind}): {reason} เครื่องยังทำงานต่อ",
    "help": (
        "คำสั่ง: amath | isready | setoption name ชื่อ value ค่า | ruleset กติกา | "
        "position string ... | position json {{...}} | position start [แป้น] | rack เบี้ย | "
        "play การลง | show | go [iterations N] [nodes N] [simwork N] [time MS] [infinite] | stop | quit "
        "(docs/engine-protocol.md)"
    ),
}

TABLES: Mapping[str, Mapping[str, str]] = {"en": EN, "th": TH}


def text(lang: str, key: str, **params: object) -> str:
    """The text ``key`` in ``lang`` with ``params`` filled in (English when ``lang`` is unknown)."""
    return TABLES.get(lang, EN)[key].format(**params)
