"""Tournaments in the database: the rows read as :mod:`amath.tournament`'s model, changed by the library, written back and logged.

The pairing, the results' checks and the standings are the library's (``amath.tournament``,
no web in it); this module only keeps its state in the server's tables
(:mod:`amath.apps.server.schema`: ``tournaments``, ``tournament_directors``,
``tournament_players``, ``tournament_rounds``, ``tournament_games``, ``tournament_events``)
so a restart loses nothing.  Every change runs in one transaction: the tournament is
read, the library changes its model, and what differs is written back, each changed
value logged in ``tournament_events`` with who, when, the old and the new value.

What the library does not know stays in the rows: the account or bot behind a player,
the online room of a pairing and which players arrived there.  Nothing here knows HTTP
or checks who asks: :mod:`amath.apps.server.tournament_api` does.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session

from amath.apps.server.schema import (
    AccountRow,
    TournamentDirectorRow,
    TournamentEventRow,
    TournamentGameRow,
    TournamentPlayerRow,
    TournamentRoundRow,
    TournamentRow,
)
from amath.tournament.model import Pairing, Player, Result, Round, Settings, Tournament

log = logging.getLogger("amath.apps.server")
T = TypeVar("T")

MAX_TOURNAMENTS = 50
"""Tournaments one account may own."""
MAX_DIRECTORS = 10
"""Co-directors of one tournament (besides its owner)."""


@dataclass
class Extra:
    """What the server keeps beside the library's model: accounts and bots of players, rooms of pairings."""

    accounts: dict[int, int] = field(default_factory=dict)  # player number -> account id
    bots: dict[int, str] = field(default_factory=dict)  # player number -> bot level
    games: dict[tuple[int, int], str] = field(default_factory=dict)  # (round, table) -> room id
    arrived: dict[tuple[int, int], str] = field(default_factory=dict)  # (round, table) -> "first", "second", "both"
    published: dict[int, float] = field(default_factory=dict)  # round -> when it was published


@dataclass
class Loaded:
    """One tournament as read: its row's fields, its directors, the library's model and the server's extra."""

    id: int
    owner_id: int
    name: str
    mode: str
    status: str
    rev: int
    created: float
    directors: dict[int, str]  # account id -> role (owner, co)
    model: Tournament
    extra: Extra


class Refused(Exception):
    """A change the data forbids (``why``: ``tournament_limit``, ``director_limit``, ``no_account``, ``already_director``, ...)."""

    def __init__(self, why: str, **params: Any) -> None:
        super().__init__(why)
        self.why = why
        self.params = params


def settings_json(settings: Settings) -> str:
    """The library's settings as stored in ``tournaments.settings``."""
    return json.dumps(dataclasses.asdict(settings), sort_keys=True)


def settings_of(text: str) -> Settings:
    """Stored settings read back (fields unknown to this library version are left out)."""
    data = json.loads(text)
    names = {f.name for f in dataclasses.fields(Settings)}
    return Settings(**{k: v for k, v in data.items() if k in names})


def _score_text(result: Result | None) -> str:
    if result is None:
        return ""
    text = f"{result.first_score}-{result.second_score}"
    return f"{text} forfeit:{result.forfeit}" if result.forfeit else text


def _pair_text(p: Pairing | None) -> str:
    if p is None:
        return ""
    return f"{p.first}-{p.second if p.second is not None else 'bye'}"


class TournamentStore:
    """Tournaments on the server's database engine (synchronous: the server runs these on its threads)."""

    def __init__(self, engine: Engine, clock: Callable[[], float] = time.time) -> None:
        self.engine = engine
        self.clock = clock
        self._writing = threading.Lock()  # one change at a time per process: a change reads, changes, writes back

    # ----- reading ---------------------------------------------------------------------------
    def _read(self, s: Session, tid: int) -> Loaded | None:
        row = s.get(TournamentRow, tid)
        if row is None:
            return None
        model = Tournament(settings_of(row.settings))
        extra = Extra()
        names: dict[int, str] = {}
        q_players = select(TournamentPlayerRow).where(TournamentPlayerRow.tournament_id == tid).order_by(TournamentPlayerRow.number)
        players = list(s.scalars(q_players))
        ids = {p.account_id for p in players if p.account_id is not None}
        if ids:
            names = dict(s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(ids))).all())
        for p in players:
            model.players.append(
                Player(
                    p.number, p.name, p.school, account=names.get(p.account_id) if p.account_id is not None else None,
                    division=p.division, active=p.withdrawn is None, checked_in=p.checked_in, first_round=p.first_round,
                )
            )  # fmt: skip
            if p.account_id is not None:
                extra.accounts[p.number] = p.account_id
            if p.bot is not None:
                extra.bots[p.number] = p.bot
        q_games = (
            select(TournamentGameRow)
            .where(TournamentGameRow.tournament_id == tid)
            .order_by(TournamentGameRow.round, TournamentGameRow.table_no)
        )
        games: dict[int, list[TournamentGameRow]] = {}
        for g in s.scalars(q_games):
            games.setdefault(g.round, []).append(g)
        q_rounds = select(TournamentRoundRow).where(TournamentRoundRow.tournament_id == tid).order_by(TournamentRoundRow.number)
        for r in s.scalars(q_rounds):
            pairings = []
            for g in games.get(r.number, []):
                result = None
                if g.score1 is not None and g.score2 is not None:
                    result = Result(g.score1, g.score2, g.forfeit)  # type: ignore[arg-type]
                pairings.append(Pairing(g.table_no, g.first, g.second, result))
                if g.game_id is not None:
                    extra.games[(r.number, g.table_no)] = g.game_id
                if g.arrived:
                    extra.arrived[(r.number, g.table_no)] = g.arrived
            model.rounds.append(Round(r.number, r.method, pairings, r.status == "published"))
            if r.published is not None:
                extra.published[r.number] = r.published
        directors = {
            d.account_id: d.role for d in s.scalars(select(TournamentDirectorRow).where(TournamentDirectorRow.tournament_id == tid))
        }
        return Loaded(row.id, row.owner_id, row.name, row.mode, row.status, row.rev, row.created, directors, model, extra)

    def load(self, tid: int) -> Loaded | None:
        """The tournament with this id, else None."""
        with Session(self.engine) as s:
            return self._read(s, tid)

    def listing(self, account_id: int | None) -> list[dict[str, Any]]:
        """Every tournament, newest first, with its counts; ``mine``: the asking account directs or plays in it."""
        with Session(self.engine) as s:
            rows = list(s.scalars(select(TournamentRow).order_by(TournamentRow.created.desc()).limit(200)))
            counts: dict[int, int] = {}
            for tid in s.scalars(select(TournamentPlayerRow.tournament_id)):
                counts[tid] = counts.get(tid, 0) + 1
            mine: set[int] = set()
            if account_id is not None:
                mine |= set(s.scalars(select(TournamentDirectorRow.tournament_id).where(TournamentDirectorRow.account_id == account_id)))
                mine |= set(s.scalars(select(TournamentPlayerRow.tournament_id).where(TournamentPlayerRow.account_id == account_id)))
            out = []
            for r in rows:
                st = settings_of(r.settings)
                out.append({
                    "id": r.id, "name": r.name, "mode": r.mode, "status": r.status, "created": r.created, "rounds": st.rounds,
                    "players": counts.get(r.id, 0), "mine": r.id in mine, "ruleset": st.ruleset,
                })  # fmt: skip
            return out

    def events(self, tid: int, limit: int = 500) -> list[dict[str, Any]]:
        """The log, newest first: who (account name; None: the server), when, what, the old and the new value."""
        with Session(self.engine) as s:
            q = (
                select(TournamentEventRow)
                .where(TournamentEventRow.tournament_id == tid)
                .order_by(TournamentEventRow.id.desc())
                .limit(limit)
            )
            rows = list(s.scalars(q))
            actors = {e.actor_id for e in rows if e.actor_id is not None}
            by = dict(s.execute(select(AccountRow.id, AccountRow.name).where(AccountRow.id.in_(actors))).all()) if actors else {}
            return [
                {"at": e.at, "by": by.get(e.actor_id) if e.actor_id is not None else None, "action": e.action,
                 "target": e.target, "old": e.old, "new": e.new}
                for e in rows
            ]  # fmt: skip

    def account(self, name: str) -> tuple[int, str, str] | None:
        """(id, login name, display name) of the account with this login name (any case)."""
        with Session(self.engine) as s:
            row = s.scalar(select(AccountRow).where(AccountRow.key == name.lower()))
            return None if row is None else (row.id, row.name, row.display)

    def online_games(self) -> list[tuple[int, int, int, str]]:
        """(tournament, round, table, room id) of every online pairing whose result is not in yet."""
        with Session(self.engine) as s:
            g = TournamentGameRow
            q = select(g.tournament_id, g.round, g.table_no, g.game_id).where(g.game_id.is_not(None), g.score1.is_(None))
            return [(a, b, c, str(d)) for a, b, c, d in s.execute(q).all()]

    def by_game(self, game_id: str) -> tuple[int, int, int] | None:
        """(tournament, round, table) of the pairing played in this room, else None."""
        with Session(self.engine) as s:
            q = select(TournamentGameRow.tournament_id, TournamentGameRow.round, TournamentGameRow.table_no).where(
                TournamentGameRow.game_id == game_id
            )
            found = s.execute(q).first()
            return None if found is None else (int(found[0]), int(found[1]), int(found[2]))

    # ----- changing ----------------------------------------------------------------------------
    def create(self, owner_id: int, settings: Settings, owner_name: str) -> int:
        """A new tournament owned (and directed) by ``owner_id``; :class:`Refused` ``tournament_limit``."""
        with self._writing, Session(self.engine) as s, s.begin():
            count = len(list(s.scalars(select(TournamentRow.id).where(TournamentRow.owner_id == owner_id))))
            if count >= MAX_TOURNAMENTS:
                raise Refused("tournament_limit", n=MAX_TOURNAMENTS)
            now = self.clock()
            row = TournamentRow(
                owner_id=owner_id, name=settings.name, mode=settings.mode, settings=settings_json(settings), status="registration",
                rev=1, created=now,
            )  # fmt: skip
            s.add(row)
            s.flush()
            s.add(TournamentDirectorRow(tournament_id=row.id, account_id=owner_id, role="owner", added=now))
            self._event(s, row.id, owner_id, "create", "tournament", "", settings_json(settings), now)
            return row.id

    def change(self, tid: int, actor: int | None, action: str, fn: Callable[[Loaded], T]) -> tuple[T, Loaded]:
        """Run ``fn`` on the tournament read now (it changes ``model`` and ``extra``), write back what changed, log it.

        All or nothing: an exception from ``fn`` (the library refusing) leaves the database
        as it was.  Returns ``fn``'s answer and the tournament as written.
        """
        with self._writing, Session(self.engine) as s, s.begin():
            loaded = self._read(s, tid)
            if loaded is None:
                raise KeyError(tid)
            before = copy.deepcopy(loaded)
            answer = fn(loaded)
            now = self.clock()
            changed = self._write_back(s, before, loaded, actor, action, now)
            if changed:
                row = s.get(TournamentRow, tid)
                assert row is not None
                row.rev += 1
                row.status = loaded.status
                loaded.rev = row.rev
            return answer, loaded

    def add_director(self, tid: int, actor: int, name: str) -> str:
        """The account named ``name`` becomes a co-director; its display name.

        :class:`Refused` ``no_account``, ``already_director``, ``director_limit``.
        """
        with self._writing, Session(self.engine) as s, s.begin():
            account = s.scalar(select(AccountRow).where(AccountRow.key == name.lower()))
            if account is None:
                raise Refused("no_account", name=name)
            if s.get(TournamentDirectorRow, (tid, account.id)) is not None:
                raise Refused("already_director", name=account.name)
            count = len(list(s.scalars(select(TournamentDirectorRow.account_id).where(TournamentDirectorRow.tournament_id == tid))))
            if count > MAX_DIRECTORS:
                raise Refused("director_limit", n=MAX_DIRECTORS)
            now = self.clock()
            s.add(TournamentDirectorRow(tournament_id=tid, account_id=account.id, role="co", added=now))
            self._event(s, tid, actor, "add_director", f"account {account.name}", "", "co-director", now)
            row = s.get(TournamentRow, tid)
            assert row is not None
            row.rev += 1
            return account.display

    def _event(self, s: Session, tid: int, actor: int | None, action: str, target: str, old: str, new: str, at: float) -> None:
        s.add(TournamentEventRow(tournament_id=tid, actor_id=actor, action=action[:24], target=target[:64], old=old, new=new, at=at))
        log.info("tournament %d: %s by account %s: %s %r -> %r", tid, action, actor, target, old[:80], new[:80])

    def _write_back(self, s: Session, before: Loaded, after: Loaded, actor: int | None, action: str, now: float) -> bool:
        """Write what ``fn`` changed (players, rounds, pairings, results, rooms, settings); log each value; True if anything did."""
        tid = after.id
        n = 0

        def event(target: str, old: Any, new: Any) -> None:
            nonlocal n
            n += 1
            self._event(s, tid, actor, action, target, "" if old is None else str(old), "" if new is None else str(new), now)

        b, a = before.model, after.model
        if settings_json(b.settings) != settings_json(a.settings):
            trow = s.get(TournamentRow, tid)
            assert trow is not None
            trow.settings, trow.name = settings_json(a.settings), a.settings.name
            event("settings", settings_json(b.settings), settings_json(a.settings))
        old_players = {p.id: p for p in b.players}
        rows = {r.number: r for r in s.scalars(select(TournamentPlayerRow).where(TournamentPlayerRow.tournament_id == tid))}
        paired = max((r.number for r in a.rounds), default=0)
        for p in a.players:
            old = old_players.get(p.id)
            account, bot = after.extra.accounts.get(p.id), after.extra.bots.get(p.id)
            if old is None:
                s.add(TournamentPlayerRow(
                    tournament_id=tid, number=p.id, name=p.name[:64], school=p.school[:64], division=p.division[:32], account_id=account,
                    bot=bot, checked_in=p.checked_in, first_round=p.first_round, withdrawn=None if p.active else paired, added=now,
                ))  # fmt: skip
                event(f"player {p.id}", None, f"{p.name} ({p.school})" if p.school else p.name)
                continue
            prow = rows[p.id]
            for name, was, now_ in (
                ("name", old.name, p.name), ("school", old.school, p.school), ("division", old.division, p.division),
                ("checked_in", old.checked_in, p.checked_in), ("active", old.active, p.active),
                ("first_round", old.first_round, p.first_round),
            ):  # fmt: skip
                if was != now_:
                    event(f"player {p.id} {name}", was, now_)
            prow.name, prow.school, prow.division = p.name[:64], p.school[:64], p.division[:32]
            prow.checked_in, prow.first_round = p.checked_in, p.first_round
            if old.active != p.active:
                prow.withdrawn = None if p.active else paired
        old_rounds = {r.number: r for r in b.rounds}
        new_numbers = {r.number for r in a.rounds}
        for number in set(old_rounds) - new_numbers:  # a draft taken back
            s.execute(delete(TournamentGameRow).where(TournamentGameRow.tournament_id == tid, TournamentGameRow.round == number))
            s.execute(delete(TournamentRoundRow).where(TournamentRoundRow.tournament_id == tid, TournamentRoundRow.number == number))
            event(f"round {number}", "draft", None)
        for r in a.rounds:
            old_r = old_rounds.get(r.number)
            if old_r is None:
                s.add(TournamentRoundRow(
                    tournament_id=tid, number=r.number, method=r.method, seed=a.settings.seed + r.number,
                    status="published" if r.published else "draft", published=now if r.published else None,
                ))  # fmt: skip
                event(f"round {r.number}", None, f"{r.method}: " + ", ".join(_pair_text(p) for p in r.pairings))
            else:
                rrow = s.get(TournamentRoundRow, (tid, r.number))
                assert rrow is not None
                if old_r.published != r.published:
                    rrow.status = "published" if r.published else "draft"
                    rrow.published = now if r.published else None
                    after.extra.published[r.number] = now
                    event(f"round {r.number}", "draft" if old_r.published is False else "published", rrow.status)
                rrow.method = r.method
            old_p = {} if old_r is None else {p.table: p for p in old_r.pairings}
            q_games = select(TournamentGameRow).where(TournamentGameRow.tournament_id == tid, TournamentGameRow.round == r.number)
            games = {g.table_no: g for g in s.scalars(q_games)}
            for pr in r.pairings:
                key = (r.number, pr.table)
                g = games.pop(pr.table, None)
                if g is None:
                    g = TournamentGameRow(tournament_id=tid, round=r.number, table_no=pr.table, first=pr.first, second=pr.second)
                    g.arrived = ""
                    s.add(g)
                prev = old_p.get(pr.table)
                if old_r is not None and _pair_text(prev) != _pair_text(pr):
                    event(f"round {r.number} table {pr.table}", _pair_text(prev), _pair_text(pr))
                g.first, g.second = pr.first, pr.second
                old_result = None if prev is None else prev.result
                if _score_text(old_result) != _score_text(pr.result):
                    event(f"round {r.number} table {pr.table} result", _score_text(old_result), _score_text(pr.result))
                    g.entered = now
                if pr.result is None:
                    g.score1 = g.score2 = None
                    g.forfeit = None
                else:
                    g.score1, g.score2, g.forfeit = pr.result.first_score, pr.result.second_score, pr.result.forfeit
                room = after.extra.games.get(key)
                if room != before.extra.games.get(key):
                    event(f"round {r.number} table {pr.table} game", before.extra.games.get(key), room)
                g.game_id = room
                arrived = after.extra.arrived.get(key, "")
                if arrived != before.extra.arrived.get(key, ""):
                    event(f"round {r.number} table {pr.table} arrived", before.extra.arrived.get(key, ""), arrived)
                g.arrived = arrived
            for table, g in games.items():  # tables taken away in an edit
                s.delete(g)
                event(f"round {r.number} table {table}", _pair_text(old_p.get(table)), None)
        if before.status != after.status:
            event("status", before.status, after.status)
        return n > 0
