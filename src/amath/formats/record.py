"""The text game record (in the spirit of Scrabble's GCG): header lines and one line per turn.

Headers are ``#key value`` lines; a turn is ``>SIDE: RACK | MOVE | SCORE | TOTAL`` with
optional ``| key=value`` fields after it.  ``|`` never occurs in a tile, a move or a
name, so a move may contain spaces.  See ``docs/record-format.md`` for the full syntax
and examples; :mod:`amath.formats.replay` re-plays a record under the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from amath.core.errors import AmathError
from amath.core.move import Challenge, Exchange
from amath.core.rules import get_ruleset
from amath.core.rules.base import ClockRules, Ruleset
from amath.core.tiles import ascii_digits
from amath.game import Game, Turn

MAGIC = "#amath-record"
VERSION = 1

#: Kinds of turn line that are turns of the game, in the words of :class:`amath.game.Turn`.
TURN_KINDS = ("place", "exchange", "pass", "timeout", "skipped", "challenge-won", "challenge-lost")
#: Kinds of line after the last turn: end-of-game rack points, clock penalties, loss on time, a resignation.
END_KINDS = ("end-rack", "time-penalty", "lost-on-time", "resign")

_SCORE_RE = re.compile(r"^[+-]?[0-9]+$")
_HIDDEN_EXCHANGE_RE = re.compile(r"^\(([0-9]+)\)$")
_SECONDS_RE = re.compile(r"^[0-9]+(\.[0-9]*)?$")


class RecordError(AmathError):
    """A record that cannot be read, or that the rules disagree with; names the line (and turn)."""

    default_code = "bad_record"

    def __init__(
        self, message: str, line: int | None = None, turn: int | None = None, *, code: str | None = None, **params: object
    ) -> None:
        where = []
        if turn is not None:
            where.append(f"turn {turn}")
        if line is not None:
            where.append(f"line {line}" if turn is None else f"(line {line})")
        context = {k: v for k, v in (("turn", turn), ("line", line)) if v is not None}
        super().__init__(f"{' '.join(where)}: {message}" if where else message, code=code, where=context, **params)
        self.line = line
        self.turn = turn
        self.detail = message


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One ``>`` line: ``side`` counts from 0; ``rack`` is None when not known (hidden).

    ``move`` is the move field as written; ``kind`` one of :data:`TURN_KINDS` or
    :data:`END_KINDS`; ``words`` the move field's words after the kind keyword.
    """

    line: int
    side: int
    rack: tuple[str, ...] | None
    kind: str
    move: str
    score: int
    total: int
    time: float = 0.0
    by: int | None = None
    tiles: tuple[str, ...] = ()
    count: int | None = None


@dataclass(slots=True)
class Record:
    """A whole record: who played, under which rules, and every line.  ``seed`` is optional."""

    variant: str = "a-math"
    sides: list[tuple[str, ...]] = field(default_factory=list)
    challenge: bool = False
    clock: ClockRules = field(default_factory=ClockRules)
    seed: int | None = None
    starter: int | None = None
    date: str | None = None
    event: str | None = None
    notes: list[str] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)
    turns: list[RecordLine] = field(default_factory=list)
    ends: list[RecordLine] = field(default_factory=list)

    @property
    def rules(self) -> Ruleset:
        """The ruleset named by ``variant``."""
        return get_ruleset(self.variant)


# ----- writing ------------------------------------------------------------------------
def record_of(
    game: Game,
    *,
    date: str | None = None,
    event: str | None = None,
    notes: tuple[str, ...] = (),
    viewer: int | None = None,
    seed: bool = True,
) -> Record:
    """The record of ``game``.  With ``viewer`` set, other sides' racks and exchanged tiles
    are hidden (and the seed, which fixes the bag, is left out)."""
    for names in game.sides:
        for name in names:
            if "|" in name or "\n" in name or "\r" in name:
                raise RecordError(
                    f"player name {name!r} contains '|' or a line break, which a record cannot hold", code="record_name", name=name
                )
    rec = Record(
        variant=game.rules.name,
        sides=[tuple(s) for s in game.sides],
        challenge=game.options.challenge,
        clock=game.options.clock,
        seed=game.seed if seed and viewer is None else None,
        starter=game.starter,
        date=date,
        event=event,
        notes=list(notes),
    )
    for k, turn in enumerate(game.history):
        rec.turns.append(_turn_line(turn, k + 1, viewer))
    if game.result is not None:
        rec.ends.extend(_end_lines(game))
    return rec


def _turn_line(turn: Turn, number: int, viewer: int | None) -> RecordLine:
    hidden = viewer is not None and viewer != turn.player
    rack = None if hidden else turn.rack_before
    by = turn.move.by if isinstance(turn.move, Challenge) else None
    tiles: tuple[str, ...] = ()
    count = None
    if turn.kind == "place":
        move = turn.notation
    elif turn.kind == "exchange":
        assert isinstance(turn.move, Exchange)
        if hidden:
            count = len(turn.move.tiles)
            move = f"exchange ({count})"
        else:
            tiles = turn.move.tiles
            move = "exchange " + " ".join(tiles)
    elif turn.kind in ("challenge-won", "challenge-lost"):
        move = f"{turn.kind} by {(by or 0) + 1}"
    else:
        move = turn.kind
    return RecordLine(number, turn.player, rack, turn.kind, move, turn.score, turn.total, turn.elapsed, by, tiles, count)


def _end_lines(game: Game) -> list[RecordLine]:
    result = game.result
    assert result is not None
    lines: list[RecordLine] = []
    per_minute = game.options.clock.penalty_per_minute
    for k in range(len(game.sides)):
        total = game.scores[k]
        if result.adjustments[k]:
            if k == result.out_player:
                counted = tuple(t for j, rack in enumerate(game.racks) if j != k for t in rack)
            else:
                counted = tuple(game.racks[k])
            total += result.adjustments[k]
            move = " ".join(("end-rack", *counted))
            lines.append(RecordLine(0, k, tuple(game.racks[k]), "end-rack", move, result.adjustments[k], total, tiles=counted))
        if result.penalties[k]:
            minutes = -result.penalties[k] // per_minute if per_minute else 0
            total += result.penalties[k]
            lines.append(RecordLine(0, k, tuple(game.racks[k]), "time-penalty", f"time-penalty {minutes}", result.penalties[k], total))
        if result.loser_on_time == k:
            lines.append(RecordLine(0, k, tuple(game.racks[k]), "lost-on-time", "lost-on-time", 0, total))
        if result.resigned == k:
            lines.append(RecordLine(0, k, tuple(game.racks[k]), "resign", "resign", 0, total))
    return lines


def format_record(rec: Record) -> str:
    """The record as text, one line each, ending with a newline."""
    out = [f"{MAGIC} {VERSION}", f"#variant {rec.variant}"]
    for k, names in enumerate(rec.sides):
        out.append(f"#side {k + 1} {' | '.join(names)}")
    if rec.date:
        out.append(f"#date {rec.date}")
    if rec.event:
        out.append(f"#event {rec.event}")
    clock = rec.clock
    if clock.kind == "none":
        out.append("#clock none")
    else:
        out.append(f"#clock {clock.kind} {clock.seconds} {clock.penalty_per_minute}{' loss' if clock.loss_on_time else ''}")
    out.append(f"#challenge {'on' if rec.challenge else 'off'}")
    if rec.starter is not None:
        out.append(f"#starter {rec.starter + 1}")
    if rec.seed is not None:
        out.append(f"#seed {rec.seed}")
    for key, value in rec.extra.items():
        out.append(f"#{key} {value}")
    out.extend(f"#note {note}" for note in rec.notes)
    out.extend(format_line(line) for line in rec.turns + rec.ends)
    return "\n".join(out) + "\n"


def format_line(line: RecordLine) -> str:
    """One ``>`` line: ``>1: 1 2 + = | 8G 1 + ?:7 = 8 | +27 | 27``."""
    rack = " ".join(line.rack) + " " if line.rack else ""
    text = f">{line.side + 1}: {rack}| {line.move} | {line.score:+d} | {line.total}"
    if line.time:
        text += f" | time={line.time!r}"
    return text


def write_record(game: Game, **info: str | None) -> str:
    """Shortcut: the text record of ``game`` (``date=``, ``event=``)."""
    return format_record(record_of(game, date=info.get("date"), event=info.get("event")))


# ----- reading ------------------------------------------------------------------------
def parse_record(text: str) -> Record:
    """Read a record's text (syntax only: the rules are applied by :func:`~amath.formats.replay.replay`).

    Raises :class:`RecordError` naming the line of the first problem.
    """
    rec = Record()
    raw_turns: list[tuple[int, str]] = []
    side_lines: dict[int, tuple[str, ...]] = {}
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(">"):
            raw_turns.append((n, line))
        elif line.startswith("#"):
            _header(rec, n, line, side_lines)
        else:
            raise RecordError(
                f"expected a header ('#key value') or a turn ('>SIDE: RACK | MOVE | SCORE | TOTAL'), not {line[:60]!r}",
                n,
                code="record_line",
                text=line[:60],
            )
    if sorted(side_lines) != list(range(1, len(side_lines) + 1)):
        raise RecordError(
            f"the '#side' lines must number the sides 1, 2, ...; found {sorted(side_lines)}",
            code="record_side_numbers",
            found=", ".join(map(str, sorted(side_lines))),
        )
    rec.sides = [side_lines[k] for k in sorted(side_lines)]
    try:
        rules = rec.rules
    except AmathError as exc:
        raise RecordError(str(exc), code="quoted", text="#variant", detail=exc) from None
    if not rules.min_players <= len(rec.sides) <= rules.max_players:
        raise RecordError(
            f"{rules.name} needs {rules.min_players} to {rules.max_players} '#side' lines, not {len(rec.sides)}",
            code="player_count", variant=rules.name, least=rules.min_players, most=rules.max_players, count=len(rec.sides),
        )  # fmt: skip
    if rec.starter is not None and rec.starter >= len(rec.sides):
        raise RecordError(
            f"'#starter' names side {rec.starter + 1}, but there are {len(rec.sides)} sides",
            code="record_starter_side",
            side=rec.starter + 1,
            count=len(rec.sides),
        )
    for n, line in raw_turns:
        parsed = _turn(n, line, rec, rules)
        if parsed.kind in END_KINDS:
            rec.ends.append(parsed)
        elif rec.ends:
            raise RecordError("a turn after the end-of-game lines", n, code="record_turn_after_end")
        else:
            rec.turns.append(parsed)
    return rec


def _header(rec: Record, n: int, line: str, side_lines: dict[int, tuple[str, ...]]) -> None:
    key, _, value = line[1:].partition(" ")
    key, value = key.lower(), value.strip()
    if key == MAGIC[1:]:
        if value != str(VERSION):
            raise RecordError(
                f"record version {value!r} is not supported (expected {VERSION})", n, code="record_version", version=value, expected=VERSION
            )
    elif key == "variant":
        rec.variant = value
    elif key in ("side", "player", "team"):
        number, _, names = value.partition(" ")
        members = tuple(m.strip() for m in names.split("|"))
        if not ascii_digits(number) or int(number) < 1 or not all(members):
            raise RecordError(
                f"expected '#side N NAME' (a team: '#side N NAME | NAME'), not {line!r}", n, code="record_side_line", text=line
            )
        if int(number) in side_lines:
            raise RecordError(f"side {number} is named twice", n, code="record_side_twice", side=number)
        side_lines[int(number)] = members
    elif key == "date":
        rec.date = value
    elif key == "event":
        rec.event = value
    elif key == "clock":
        rec.clock = _clock(value, n)
    elif key == "challenge":
        if value.lower() in ("on", "yes", "challenge"):
            rec.challenge = True
        elif value.lower() in ("off", "no", "strict"):
            rec.challenge = False
        else:
            raise RecordError(f"'#challenge' must be 'on' or 'off' (strict), not {value!r}", n, code="record_challenge", text=value)
    elif key == "seed":
        if not ascii_digits(value):
            raise RecordError(f"'#seed' must be a whole number, not {value!r}", n, code="record_seed", text=value)
        rec.seed = int(value)
    elif key == "starter":
        if not ascii_digits(value) or int(value) < 1:
            raise RecordError(f"'#starter' must be a side number from 1, not {value!r}", n, code="record_starter", text=value)
        rec.starter = int(value) - 1
    elif key == "note":
        rec.notes.append(value)
    elif re.fullmatch(r"[a-z][a-z0-9_-]*", key):
        rec.extra[key] = value  # kept, not interpreted
    else:
        raise RecordError(f"{line[:40]!r} is not a header ('#key value')", n, code="record_header", text=line[:40])


def _clock(value: str, n: int) -> ClockRules:
    words = value.split()
    loss = bool(words) and words[-1].lower() == "loss"
    if loss:
        words = words[:-1]
    if not words or len(words) > 3 or not all(ascii_digits(w) for w in words[1:]):
        raise RecordError(
            f"expected '#clock none', '#clock total SECONDS PENALTY [loss]' or '#clock move SECONDS', not {value!r}",
            n,
            code="record_clock",
            text=value,
        )
    nums = [int(w) for w in words[1:]]
    defaults = ClockRules()
    try:
        return ClockRules(
            words[0].lower(),
            nums[0] if nums else defaults.seconds,
            nums[1] if len(nums) > 1 else defaults.penalty_per_minute,
            loss,
        )
    except AmathError as exc:
        raise RecordError(str(exc), n, code="quoted", text="#clock", detail=exc) from None


def _turn(n: int, line: str, rec: Record, rules: Ruleset) -> RecordLine:
    head, colon, rest = line[1:].partition(":")
    fields = [f.strip() for f in rest.split("|")]
    if not colon or len(fields) < 4:
        raise RecordError("a turn is '>SIDE: RACK | MOVE | SCORE | TOTAL' (fields separated by '|')", n, code="record_turn_form")
    side = _side(head.strip(), rec, n)
    rack_text, move, score_text, total_text = fields[:4]
    try:
        rack = tuple(rules.tiles.parse_tile(t) for t in rack_text.split()) if rack_text else None
    except AmathError as exc:
        raise RecordError(f"rack: {exc}", n, code="quoted", text="rack", detail=exc) from None
    for name, value in (("score", score_text), ("total", total_text)):
        if not _SCORE_RE.match(value):
            raise RecordError(
                f"the {name} must be a whole number (like +27 or 40), not {value!r}", n, code="record_number", field=name, text=value
            )
    time = 0.0
    for extra in fields[4:]:
        key, eq, value = extra.partition("=")
        if key.strip() != "time" or not eq:
            raise RecordError(f"unknown field {extra!r} (expected time=SECONDS)", n, code="record_field", text=extra)
        if not _SECONDS_RE.match(value.strip()):
            raise RecordError(f"time must be seconds >= 0, like 12.5, not {value!r}", n, code="record_time", text=value)
        time = float(value)
    words = move.split()
    if not words:
        raise RecordError("the move field is empty", n, code="record_empty_move")
    kind = words[0].lower()
    by = count = None
    tiles: tuple[str, ...] = ()
    if kind in ("exchange", "end-rack"):
        hidden = _HIDDEN_EXCHANGE_RE.match(" ".join(words[1:]))
        if kind == "exchange" and hidden:
            count = int(hidden.group(1))
        else:
            try:
                tiles = tuple(rules.tiles.parse_tile(t) for t in words[1:])
            except AmathError as exc:
                raise RecordError(f"{kind}: {exc}", n, code="quoted", text=kind, detail=exc) from None
            if kind == "exchange" and not tiles:
                raise RecordError(
                    "an exchange names its tiles ('exchange 1 ? =') or their number ('exchange (3)')", n, code="record_exchange"
                )
    elif kind in ("challenge-won", "challenge-lost"):
        if len(words) != 3 or words[1].lower() != "by":
            raise RecordError(f"expected '{kind} by SIDE', not {move!r}", n, code="record_challenge_by", kind=kind, text=move)
        by = _side(words[2], rec, n)
    elif kind == "time-penalty":
        if len(words) != 2 or not ascii_digits(words[1]):
            raise RecordError(f"expected 'time-penalty MINUTES', not {move!r}", n, code="record_penalty", text=move)
        count = int(words[1])
    elif kind in ("pass", "timeout", "skipped", "lost-on-time", "resign"):
        if len(words) != 1:
            raise RecordError(f"{kind!r} takes nothing after it, not {move!r}", n, code="record_nothing_after", kind=kind, text=move)
    else:
        kind = "place"
    return RecordLine(n, side, rack, kind, move, int(score_text), int(total_text), time, by, tiles, count)


def _side(text: str, rec: Record, n: int) -> int:
    if ascii_digits(text) and 1 <= int(text) <= len(rec.sides):
        return int(text) - 1
    for k, names in enumerate(rec.sides):
        if text in (" & ".join(names), *names):
            return k
    raise RecordError(
        f"{text!r} is not a side of this game (1..{len(rec.sides)} or a name from the '#side' lines)",
        n,
        code="record_no_side",
        text=text,
        count=len(rec.sides),
    )
