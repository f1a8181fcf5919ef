"""The tournament file (JSON, versioned: ``{"format": "amath-tournament", "version": 1, ...}``) and the CSV exports."""

from __future__ import annotations

import csv
import io
import json
import os
import tempfile
from dataclasses import asdict, fields
from pathlib import Path
from typing import Any

from amath.tournament.errors import TournamentError
from amath.tournament.model import FORFEITS, METHODS, MODES, LogEntry, Pairing, Player, Result, Round, Settings, Tournament, check_settings
from amath.tournament.standings import Standing, capped

FORMAT = "amath-tournament"
VERSION = 1


def to_json(t: Tournament) -> dict[str, Any]:
    """The whole tournament as JSON data (docs/tournaments.md describes each field)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "settings": asdict(t.settings),
        "players": [asdict(p) for p in t.players],
        "rounds": [asdict(r) for r in t.rounds],
        "log": [asdict(e) for e in t.log],
    }


def _bad(what: str, detail: str) -> TournamentError:
    return TournamentError(f"tournament file: {what}: {detail}", code="file_field", field=what, detail=detail)


def _object(data: object, what: str, cls: type[Any], kinds: dict[str, tuple[type, ...]]) -> dict[str, Any]:
    """``data`` checked to be an object with only ``cls``'s fields, each of one of its ``kinds``."""
    if not isinstance(data, dict):
        raise _bad(what, "must be an object")
    known = {f.name for f in fields(cls)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise _bad(what, f"unknown fields {', '.join(unknown)}")
    for key, value in data.items():
        allowed = kinds.get(key)
        if allowed is not None and (not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed)):
            raise _bad(f"{what}.{key}", f"{value!r} is not {' or '.join('null' if k is type(None) else k.__name__ for k in allowed)}")
    return data


_INT = (int,)
_OPT_INT = (int, type(None))
_STR = (str,)


def from_json(data: object) -> Tournament:
    """A tournament from :func:`to_json`'s data; a TournamentError naming what is wrong otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TournamentError(f'not a tournament file (it needs "format": "{FORMAT}")', code="file_format", expected=FORMAT)
    if data.get("version") != VERSION:
        raise TournamentError(
            f"tournament file version {data.get('version')!r} is not supported (this amath reads version {VERSION})",
            code="file_version",
            version=data.get("version"),
            expected=VERSION,
        )
    raw = _object(
        data.get("settings"),
        "settings",
        Settings,
        {
            "name": _STR,
            "rounds": _INT,
            "methods": (list,),
            "default_method": _STR,
            "mode": _STR,
            "ruleset": _STR,
            "ruleset_options": (dict,),
            "clock_minutes": _INT,
            "overtime_penalty": _INT,
            "spread_cap": _OPT_INT,
            "bye_points": _INT,
            "bye_spread": _INT,
            "forfeit_spread": _INT,
            "max_score": _INT,
            "gibson_pairing": (bool,),
            "no_show_minutes": _INT,
            "seed": _INT,
        },
    )
    if "name" not in raw:
        raise _bad("settings.name", "missing")
    settings = Settings(**raw)
    for method in [*settings.methods, settings.default_method]:
        if method not in METHODS:
            raise _bad("settings.methods", f"unknown method {method!r}")
    if settings.mode not in MODES:
        raise _bad("settings.mode", f"unknown mode {settings.mode!r}")
    check_settings(settings)
    t = Tournament(settings)
    for i, item in enumerate(_list(data, "players")):
        p = _object(
            item,
            f"players[{i}]",
            Player,
            {
                "id": _INT,
                "name": _STR,
                "school": _STR,
                "account": (str, type(None)),
                "division": _STR,
                "active": (bool,),
                "checked_in": (bool,),
                "first_round": _INT,
            },
        )
        if "id" not in p or "name" not in p:
            raise _bad(f"players[{i}]", "needs an id and a name")
        t.players.append(Player(**p))
    ids = [p.id for p in t.players]
    if len(set(ids)) != len(ids):
        raise _bad("players", "two players have one id")
    for i, item in enumerate(_list(data, "rounds")):
        r = _object(item, f"rounds[{i}]", Round, {"number": _INT, "method": _STR, "pairings": (list,), "published": (bool,)})
        rnd = Round(r.get("number", 0), r.get("method", ""), [], r.get("published", False))
        for j, pitem in enumerate(r.get("pairings", [])):
            where = f"rounds[{i}].pairings[{j}]"
            pr = _object(pitem, where, Pairing, {"table": _INT, "first": _INT, "second": _OPT_INT, "result": (dict, type(None))})
            result = None
            if pr.get("result") is not None:
                res = _object(
                    pr["result"], f"{where}.result", Result, {"first_score": _INT, "second_score": _INT, "forfeit": (str, type(None))}
                )
                if res.get("forfeit") not in (None, *FORFEITS):
                    raise _bad(f"{where}.result.forfeit", f"{res.get('forfeit')!r} is not one of {', '.join(FORFEITS)}")
                result = Result(res.get("first_score", 0), res.get("second_score", 0), res.get("forfeit"))
            for key in ("first", "second"):
                if pr.get(key) is not None and pr[key] not in ids:
                    raise _bad(f"{where}.{key}", f"no player numbered {pr[key]}")
            rnd.pairings.append(Pairing(pr.get("table", j + 1), pr.get("first", 0), pr.get("second"), result))
        t.rounds.append(rnd)
    for i, item in enumerate(_list(data, "log")):
        e = _object(
            item, f"log[{i}]", LogEntry, {"at": _STR, "by": _STR, "action": _STR, "round": _OPT_INT, "table": _OPT_INT, "detail": (dict,)}
        )
        t.log.append(LogEntry(e.get("at", ""), e.get("by", ""), e.get("action", ""), e.get("round"), e.get("table"), e.get("detail", {})))
    return t


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise _bad(key, "must be a list")
    return value


def load(path: str | Path) -> Tournament:
    """Read a tournament file (TournamentError for a missing, unreadable or wrong file)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TournamentError(f"{path}: no such file", code="file_missing", path=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TournamentError(f"{path}: cannot read: {exc}", code="file_unreadable_at", path=str(path), detail=str(exc)) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TournamentError(f"{path}: not JSON: {exc}", code="file_not_json", path=str(path), detail=str(exc)) from None
    return from_json(data)


def save(t: Tournament, path: str | Path) -> None:
    """Write the tournament file atomically (a crash leaves the old file or the new, never half)."""
    target = Path(path)
    text = json.dumps(to_json(t), ensure_ascii=False, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent or Path("."))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


STANDINGS_COLUMNS: tuple[str, ...] = (
    "rank",
    "player",
    "name",
    "school",
    "division",
    "points",
    "wins",
    "draws",
    "losses",
    "byes",
    "spread",
    "opponents_points",
    "total_score",
    "high_score",
    "gibsonized",
    "active",
)
RESULTS_COLUMNS: tuple[str, ...] = (
    "round",
    "table",
    "first",
    "first_name",
    "second",
    "second_name",
    "first_score",
    "second_score",
    "spread",
    "forfeit",
    "published",
)


def _csv(header: tuple[str, ...], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(rows: list[Standing]) -> str:
    """The standings as CSV, one line a player, a header line first."""
    return _csv(STANDINGS_COLUMNS, [[getattr(r, c) for c in STANDINGS_COLUMNS] for r in rows])


def results_csv(t: Tournament) -> str:
    """Every pairing of every round as CSV: round, table, players, scores, the capped spread, forfeit (bye: second empty)."""
    names = {p.id: p.name for p in t.players}
    rows: list[list[object]] = []
    for rnd in t.rounds:
        for p in rnd.pairings:
            res = p.result
            if p.second is None:
                score: list[object] = ["", "", t.settings.bye_spread, "bye"]
            elif res is None:
                score = ["", "", "", ""]
            elif res.forfeit:
                spread = {"first": -1, "second": 1, "both": 0}[res.forfeit] * t.settings.forfeit_spread
                score = ["", "", spread, res.forfeit]
            else:
                score = [res.first_score, res.second_score, capped(res.first_score - res.second_score, t.settings.spread_cap), ""]
            second = "" if p.second is None else p.second
            rows.append(
                [
                    rnd.number,
                    p.table,
                    p.first,
                    names.get(p.first, ""),
                    second,
                    names.get(p.second, "") if p.second else "",
                    *score,
                    rnd.published,
                ]
            )
    return _csv(RESULTS_COLUMNS, rows)
