"""The data of a tournament: its settings, its players, its rounds of pairings with their results, and the log of changes.

Plain dataclasses, mutated in place by :mod:`~amath.tournament.pairing` and
:mod:`~amath.tournament.results`; :mod:`~amath.tournament.files` writes them as JSON.
Players are known by a number (``Player.id``) that never changes and is never reused.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Literal

from amath.tournament.errors import TournamentError

#: The pairing methods (:mod:`amath.tournament.pairing`).  ``manual``: the round starts empty
#: and the director seats every table.
METHODS: tuple[str, ...] = ("swiss", "round_robin", "king_of_the_hill", "random", "manual")
#: On site: results typed by the director.  Online: games played in the app (the web server).
MODES: tuple[str, ...] = ("on_site", "online")
#: Who forfeited a game: the first player, the second, or both (no-show at both seats).
Forfeit = Literal["first", "second", "both"]
FORFEITS: tuple[str, ...] = ("first", "second", "both")

DEFAULT_CLOCK_MINUTES = 22
DEFAULT_OVERTIME_PENALTY = 10
DEFAULT_SPREAD_CAP = 350
DEFAULT_BYE_SPREAD = 100
DEFAULT_MAX_SCORE = 1000


def now() -> str:
    """The current time as the log writes it: ISO 8601 in UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


@dataclass
class Player:
    """One entrant.  ``first_round`` > 1 for a late entry (the rounds before it count as absences, not byes)."""

    id: int
    name: str
    school: str = ""  # school or club: players of one school are kept apart in Swiss pairing
    account: str | None = None  # the account name online (None: typed in by the director)
    division: str = ""  # players are paired and ranked within their division
    active: bool = True  # False once withdrawn: no longer paired
    checked_in: bool = False
    first_round: int = 1


@dataclass
class Settings:
    """How the tournament is run; every field has the default of docs/rules.md ("Competition")."""

    name: str
    rounds: int = 7
    methods: list[str] = field(default_factory=list)  # the pairing method of each round (missing rounds: ``default_method``)
    default_method: str = "swiss"
    mode: str = "on_site"
    ruleset: str = "a-math"
    ruleset_options: dict[str, object] = field(default_factory=dict)
    clock_minutes: int = DEFAULT_CLOCK_MINUTES
    overtime_penalty: int = DEFAULT_OVERTIME_PENALTY  # points for each started minute over
    spread_cap: int | None = DEFAULT_SPREAD_CAP  # None: no cap
    bye_points: int = 2  # 2 a win, 1 a draw, 0 a loss
    bye_spread: int = DEFAULT_BYE_SPREAD
    forfeit_spread: int = DEFAULT_BYE_SPREAD  # the spread a forfeit win gives (and the forfeiting player loses)
    max_score: int = DEFAULT_MAX_SCORE  # a game score above this is refused as a typing error
    gibson_pairing: bool = False  # pair players who can no longer be caught (Gibsonized) as docs/tournaments.md says
    no_show_minutes: int = 10  # online: a player absent this long after the start forfeits
    seed: int = 0

    def method(self, number: int) -> str:
        """The pairing method of round ``number`` (1-based)."""
        return self.methods[number - 1] if 0 < number <= len(self.methods) else self.default_method


def check_settings(settings: Settings) -> None:
    """Refuse settings no event can run with (no rounds, a negative cap or clock, ...)."""
    for name, value, least in (
        ("rounds", settings.rounds, 1),
        ("clock_minutes", settings.clock_minutes, 1),
        ("overtime_penalty", settings.overtime_penalty, 0),
        ("bye_points", settings.bye_points, 0),
        ("max_score", settings.max_score, 1),
        ("no_show_minutes", settings.no_show_minutes, 0),
    ):
        if value < least:
            raise TournamentError(
                f"{name} must be at least {least}, not {value}", code="setting_low", setting=name, least=least, value=value
            )
    if settings.bye_points > 2:
        raise TournamentError(
            f"bye_points is 0, 1 or 2 (a loss, a draw, a win), not {settings.bye_points}", code="bye_points", value=settings.bye_points
        )
    if settings.spread_cap is not None and settings.spread_cap < 1:
        raise TournamentError(
            f"spread_cap must be at least 1 (or none), not {settings.spread_cap}",
            code="setting_low",
            setting="spread_cap",
            least=1,
            value=settings.spread_cap,
        )
    if not settings.name.strip():
        raise TournamentError("a tournament needs a name", code="tournament_no_name")
    for method in [*settings.methods, settings.default_method]:
        if method not in METHODS:
            raise TournamentError(
                f"unknown pairing method {method!r} (methods: {', '.join(METHODS)})",
                code="unknown_method",
                method=method,
                methods=", ".join(METHODS),
            )
    if settings.mode not in MODES:
        raise TournamentError(
            f"unknown mode {settings.mode!r} (modes: {', '.join(MODES)})", code="unknown_mode", mode=settings.mode, modes=", ".join(MODES)
        )


@dataclass
class Result:
    """A game's scores as the two players' sheets say, or a forfeit (scores then 0)."""

    first_score: int
    second_score: int
    forfeit: Forfeit | None = None


@dataclass
class Pairing:
    """One table of a round: ``first`` starts the game, ``second`` is None for the bye."""

    table: int
    first: int
    second: int | None
    result: Result | None = None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    def players(self) -> tuple[int, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass
class Round:
    """A round's pairings by table; players see them once ``published``."""

    number: int
    method: str
    pairings: list[Pairing] = field(default_factory=list)
    published: bool = False

    def table(self, table: int) -> Pairing:
        """The pairing at ``table``, or a TournamentError naming the tables there are."""
        for p in self.pairings:
            if p.table == table:
                return p
        raise TournamentError(
            f"round {self.number} has no table {table} (tables 1..{len(self.pairings)})",
            code="no_table",
            round=self.number,
            table=table,
            count=len(self.pairings),
        )

    def seat_of(self, player: int) -> Pairing | None:
        """The pairing ``player`` is in this round, None when not paired."""
        return next((p for p in self.pairings if player in p.players()), None)


@dataclass
class LogEntry:
    """One change of the tournament's state: who, when, what (``action``) and its details."""

    at: str
    by: str
    action: str  # e.g. "add_player", "withdraw", "pair", "edit", "publish", "result", "correct_result"
    round: int | None = None
    table: int | None = None
    detail: dict[str, object] = field(default_factory=dict)


@dataclass
class Tournament:
    """The whole state of one tournament (what the file holds)."""

    settings: Settings
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    log: list[LogEntry] = field(default_factory=list)

    def player(self, player_id: int) -> Player:
        """The player numbered ``player_id``, or a TournamentError."""
        for p in self.players:
            if p.id == player_id:
                return p
        raise TournamentError(f"no player numbered {player_id}", code="no_player", player=player_id)

    def find_player(self, text: str) -> Player:
        """The player a director means by ``text``: a number, an exact name, or the one name that contains it."""
        text = text.strip()
        if text.isdigit():
            return self.player(int(text))
        folded = text.casefold()
        exact = [p for p in self.players if p.name.casefold() == folded]
        if len(exact) == 1:
            return exact[0]
        found = exact or [p for p in self.players if folded and folded in p.name.casefold()]
        if len(found) == 1:
            return found[0]
        if not found:
            raise TournamentError(f"no player is called {text!r}", code="no_player_named", name=text)
        names = ", ".join(f"{p.id} {p.name}" for p in found)
        raise TournamentError(f"{text!r} could be any of {names}: give the number", code="player_ambiguous", name=text, players=names)

    def round(self, number: int) -> Round:
        """Round ``number`` once paired, or a TournamentError."""
        for r in self.rounds:
            if r.number == number:
                return r
        raise TournamentError(f"round {number} is not paired yet", code="no_round", round=number)

    def next_round(self) -> int:
        """The number of the next round to pair (one after the last paired)."""
        return max((r.number for r in self.rounds), default=0) + 1

    def add_player(
        self,
        name: str,
        school: str = "",
        *,
        account: str | None = None,
        division: str = "",
        by: str = "director",
        at: str | None = None,
    ) -> Player:
        """A new player (a late entry when rounds are already paired: from the next round on); logged."""
        name, school = name.strip(), school.strip()
        if not name:
            raise TournamentError("a player needs a name", code="player_no_name")
        player = Player(
            id=max((p.id for p in self.players), default=0) + 1,
            name=name,
            school=school,
            account=account,
            division=division.strip(),
            first_round=self.next_round(),
        )
        self.players.append(player)
        self.record("add_player", by, at, player=player.id, name=name, school=school, first_round=player.first_round)
        return player

    def withdraw(self, player_id: int, *, by: str = "director", at: str | None = None) -> None:
        """Take a player out of the rounds not yet paired (results already played stay); logged."""
        player = self.player(player_id)
        if not player.active:
            raise TournamentError(f"{player.name} has already withdrawn", code="already_withdrawn", name=player.name)
        player.active = False
        self.record("withdraw", by, at, player=player_id)

    def reinstate(self, player_id: int, *, by: str = "director", at: str | None = None) -> None:
        """Undo a withdrawal (paired again from the next round); logged."""
        player = self.player(player_id)
        if player.active:
            raise TournamentError(f"{player.name} has not withdrawn", code="not_withdrawn", name=player.name)
        player.active = True
        self.record("reinstate", by, at, player=player_id)

    def check_in(self, player_id: int, present: bool = True, *, by: str = "director", at: str | None = None) -> None:
        """Mark a player present (or not) before round 1; logged."""
        player = self.player(player_id)
        player.checked_in = present
        self.record("check_in" if present else "check_out", by, at, player=player_id)

    def record(self, action: str, by: str, at: str | None = None, **detail: object) -> LogEntry:
        """Append a log entry (``round`` and ``table`` in ``detail`` go to their fields)."""
        number = detail.pop("round", None)
        table = detail.pop("table", None)
        entry = LogEntry(
            at=at or now(),
            by=by,
            action=action,
            round=number if isinstance(number, int) else None,
            table=table if isinstance(table, int) else None,
            detail=detail,
        )
        self.log.append(entry)
        return entry
