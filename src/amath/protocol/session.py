"""One ``amath engine`` conversation: read a command line, change the state, write the answer.

The commands and answers are documented in docs/engine-protocol.md.  A search runs in a
worker thread so that ``stop``, ``isready`` and ``quit`` are read while it searches;
a command that changes the state waits for a budgeted search to answer (and is refused
during ``go infinite``); every line goes out whole through one lock.  A bad line gets an ``error CODE MESSAGE``
answer and the conversation goes on: nothing a client sends ends it but ``quit``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from amath import __version__
from amath.errors import AmathError, IllegalMoveError, NotationError, PositionError, TileError
from amath.formats.fen import position_from_string, position_to_string
from amath.formats.position import Position, position_from_dict, position_to_dict
from amath.protocol.search import Budget, Candidate, Progress, Searcher
from amath.protocol.state import apply_move
from amath.protocol.texts import LANGUAGES, text
from amath.rules import get_ruleset

#: Bumped on any change a client could trip over; announced as ``id protocol N``.
PROTOCOL_VERSION = 1
COMMANDS = ("amath", "isready", "setoption", "ruleset", "position", "rack", "play", "show", "go", "stop", "quit", "help")
#: Largest value any count or time of ``go`` and ``setoption`` takes.
MAX_COUNT = 1_000_000_000
TOP_MAX = 50


class ProtocolError(AmathError):
    """A line the protocol cannot carry out; ``code`` is the word programs key on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _code_of(exc: ValueError) -> str:
    """The error code of a library error, by its kind."""
    if isinstance(exc, ProtocolError):
        return exc.code
    for kind, code in ((PositionError, "position"), (NotationError, "notation"), (IllegalMoveError, "illegal"), (TileError, "tile")):
        if isinstance(exc, kind):
            return code
    return "argument"


@dataclass(slots=True)
class Options:
    """What ``setoption`` sets: how many moves to report, the search seed, the language."""

    top: int = 5
    seed: int = 1
    language: str = "en"


@dataclass(slots=True)
class _Search:
    """A running search: what it searches, with what budget, and the flag that stops it."""

    position: Position
    budget: Budget
    options: Options
    stop: threading.Event = field(default_factory=threading.Event)
    thread: threading.Thread | None = None


class Session:
    """The engine's state and its answers; :meth:`handle` takes one line and says whether to go on."""

    def __init__(self, write: Callable[[str], None], searcher: Searcher) -> None:
        self._write = write
        self._lock = threading.Lock()
        self.searcher = searcher
        self.options = Options()
        self.ruleset = get_ruleset("a-math").name
        self.position: Position | None = None
        self.rack_known = False
        self._search: _Search | None = None

    # ----- output --------------------------------------------------------------------
    def say(self, *lines: str) -> None:
        """Write whole lines, never interleaved with the search thread's."""
        with self._lock:
            for line in lines:
                self._write(line)

    def _error(self, code: str, message: str) -> None:
        self.say(f"error {code} {' '.join(message.split())}")

    def _t(self, key: str, **params: object) -> str:
        return text(self.options.language, key, **params)

    # ----- input ---------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        """Carry out one command line; False once the client said ``quit``."""
        words = line.split()
        if not words:
            return True
        command, rest = words[0].lower(), line.strip()[len(words[0]) :].strip()
        try:
            if command not in COMMANDS:
                raise ProtocolError("unknown-command", self._t("unknown-command", word=words[0], commands=" ".join(COMMANDS)))
            if command == "quit":
                self.close()
                return False
            getattr(self, f"_cmd_{command}")(rest)
        except ValueError as exc:  # AmathError, and the plain ValueError of get_ruleset
            self._error(_code_of(exc), str(exc))
        except Exception as exc:  # the safety net: a bug must not end a GUI's engine
            self._error("internal", self._t("internal", kind=type(exc).__name__, reason=exc))
        return True

    def close(self, finish: bool = False) -> None:
        """Stop a running search and wait for its ``bestmove``; ``finish`` lets a budgeted one run to its end."""
        with self._lock:
            search = self._search
        if search is not None and search.thread is not None:
            if not finish or search.budget.infinite:
                search.stop.set()
            search.thread.join()

    def _idle(self) -> None:
        """Wait for a running search to answer before the state changes; refuse during ``go infinite``."""
        with self._lock:
            search = self._search
        if search is None or search.thread is None:
            return
        if search.budget.infinite and not search.stop.is_set():
            raise ProtocolError("busy", self._t("busy"))
        search.thread.join()

    @property
    def searching(self) -> bool:
        """True from an accepted ``go`` until its ``bestmove`` was written."""
        with self._lock:
            return self._search is not None

    # ----- commands ------------------------------------------------------------------
    def _cmd_help(self, rest: str) -> None:
        self.say(f"info string {self._t('help')}")

    def _cmd_amath(self, rest: str) -> None:
        self.say(
            f"id name amath {__version__}",
            "id author the amath project",
            f"id protocol {PROTOCOL_VERSION}",
            f"id search {self.searcher.name}",
            f"option name Top type spin default {Options().top} min 1 max {TOP_MAX}",
            f"option name Seed type spin default {Options().seed} min 0 max {MAX_COUNT}",
            f"option name Language type combo default en {' '.join(f'var {x}' for x in LANGUAGES)}",
            "amathok",
        )

    def _cmd_isready(self, rest: str) -> None:
        self.say("readyok")

    def _cmd_setoption(self, rest: str) -> None:
        self._idle()
        words = rest.split()
        if len(words) < 4 or words[0].lower() != "name" or "value" not in [w.lower() for w in words[2:]]:
            raise ProtocolError("argument", self._t("setoption-form"))
        at = [w.lower() for w in words].index("value", 2)
        name, value = " ".join(words[1:at]).lower(), " ".join(words[at + 1 :])
        if name == "top":
            self.options.top = self._number("Top", value, 1, TOP_MAX)
        elif name == "seed":
            self.options.seed = self._number("Seed", value, 0, MAX_COUNT)
        elif name == "language":
            if value.lower() not in LANGUAGES:
                raise ProtocolError("argument", self._t("bad-choice", name="Language", choices=" ".join(LANGUAGES), value=value))
            self.options.language = value.lower()
        else:
            raise ProtocolError("argument", self._t("bad-option", name=name, options="Top Seed Language"))

    def _number(self, name: str, value: str, low: int, high: int) -> int:
        if not value.isdigit() or not low <= int(value) <= high:
            raise ProtocolError("argument", self._t("bad-number", name=name, low=low, high=high, value=value))
        return int(value)

    def _cmd_ruleset(self, rest: str) -> None:
        self._idle()
        if not rest:
            raise ProtocolError("argument", self._t("empty-command", command="ruleset", what="a-math, smath or smath+OPTIONS"))
        name = get_ruleset(rest).name  # a ValueError naming the choices when unknown: error argument
        if name != self.ruleset:
            self.ruleset, self.position, self.rack_known = name, None, False

    def _cmd_position(self, rest: str) -> None:
        self._idle()
        kind, _, body = rest.partition(" ")
        kind, body = kind.lower(), body.strip()
        if kind == "string":
            fields = body.split()
            if len(fields) == 4:
                fields.append(self.ruleset)
            pos = position_from_string(" ".join(fields))
        elif kind == "json":
            try:
                data = json.loads(body)
            except (json.JSONDecodeError, RecursionError) as exc:
                raise PositionError(f"not valid JSON: {exc}") from None
            if isinstance(data, dict) and "variant" not in data:
                data["variant"] = self.ruleset
            pos = position_from_dict(data)
        elif kind == "start":
            pos = position_from_dict({"variant": self.ruleset, "board": [], "rack": _tiles(body), "scores": [0, 0], "to_move": 0})
        else:
            raise ProtocolError("argument", self._t("position-form"))
        if pos.variant != self.ruleset:
            raise ProtocolError("ruleset", self._t("wrong-ruleset", found=pos.variant, ruleset=self.ruleset))
        self.position, self.rack_known = pos, True

    def _need_position(self) -> Position:
        if self.position is None:
            raise ProtocolError("no-position", self._t("no-position"))
        return self.position

    def _cmd_rack(self, rest: str) -> None:
        self._idle()
        pos = self._need_position()
        data = position_to_dict(pos)
        data["rack"] = _tiles(rest)
        self.position, self.rack_known = position_from_dict(data), True

    def _cmd_play(self, rest: str) -> None:
        self._idle()
        pos = self._need_position()
        if not rest:
            raise ProtocolError("argument", self._t("empty-command", command="play", what="a move, like 'play 8G 1 + 2 = 3'"))
        if not self.rack_known:
            raise ProtocolError("rack", self._t("rack-unknown", side=pos.to_move + 1))
        after, points, notation = apply_move(pos, rest)
        self.position, self.rack_known = after, False
        self.say(f"played {notation} score {points}")

    def _cmd_show(self, rest: str) -> None:
        pos = self._need_position()
        self.say(f"position string {position_to_string(pos)}", f"position json {json.dumps(position_to_dict(pos), ensure_ascii=False)}")

    def _cmd_stop(self, rest: str) -> None:
        """Stop the search and return once its ``bestmove`` is written (nothing when none runs)."""
        self.close()

    def _cmd_go(self, rest: str) -> None:
        self._idle()
        pos = self._need_position()
        if not self.rack_known:
            raise ProtocolError("rack", self._t("rack-unknown", side=pos.to_move + 1))
        search = _Search(pos, self._budget(rest.split()), replace(self.options))
        search.thread = threading.Thread(target=self._run, args=(search,), name="amath-search", daemon=True)
        with self._lock:
            self._search = search
        search.thread.start()

    def _budget(self, words: list[str]) -> Budget:
        counts: dict[str, int] = {}
        infinite = False
        k = 0
        while k < len(words):
            word = words[k].lower()
            if word == "infinite":
                infinite, k = True, k + 1
                continue
            key = {"iterations": "iterations", "nodes": "nodes", "time": "time", "movetime": "time"}.get(word)
            if key is None or k + 1 >= len(words):
                raise ProtocolError("argument", self._t("go-word", word=words[k]))
            counts[key] = self._number(word, words[k + 1], 1, MAX_COUNT)
            k += 2
        return Budget(counts.get("iterations"), counts.get("nodes"), counts.get("time"), infinite)

    # ----- the search thread ---------------------------------------------------------
    def _run(self, search: _Search) -> None:
        budget, options = search.budget, search.options
        ranked: list[Candidate] = []
        failure: str | None = None
        try:
            ranked = self.searcher.search(search.position, budget, options.top, options.seed, search.stop, self._progress)
        except AmathError as exc:
            failure = str(exc)
        except Exception as exc:  # reported, so the client still gets its bestmove
            failure = f"{type(exc).__name__}: {exc}"
        if budget.infinite:
            search.stop.wait()  # UCI's rule: an infinite search answers only after stop
        lines = [f"error search {self._t('search-failed', reason=failure)}"] if failure is not None else []
        lines += [f"best {json.dumps(c.to_json(k + 1), ensure_ascii=False)}" for k, c in enumerate(ranked)]
        lines.append(f"bestmove {ranked[0].move if ranked else 'none'}")
        with self._lock:
            self._search = None
            for line in lines:
                self._write(line)

    def _progress(self, p: Progress) -> None:
        best = "" if p.best is None else f" equity {p.best.equity:.2f} win {p.best.win:.4f} currmove {p.best.move}"
        self.say(f"info iterations {p.iterations} nodes {p.nodes} time {p.elapsed_ms}{best}")


def _tiles(text_: str) -> list[str]:
    """Tiles written ``1,2,?``, ``[1,2,?]`` or ``1 2 ?`` (checked by the position reader)."""
    return [t for t in text_.strip().strip("[]").replace(",", " ").split() if t]
