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
from dataclasses import dataclass, field

from amath import __version__
from amath.apps.error_text import describe
from amath.apps.protocol.search import Go, Progress, Searcher, SearchOptions, play_json, written
from amath.apps.protocol.state import apply_move
from amath.apps.protocol.texts import LANGUAGES, text
from amath.core.errors import AmathError, PositionError
from amath.core.move import Challenge
from amath.core.position import Action
from amath.core.rules import get_ruleset
from amath.engine import Play
from amath.formats.fen import position_from_string, position_to_string
from amath.formats.view import PositionView, position_from_dict, position_to_dict

#: Bumped on any change a client could trip over; announced as ``id protocol N``.
PROTOCOL_VERSION = 1
COMMANDS = ("amath", "isready", "setoption", "ruleset", "position", "rack", "play", "show", "go", "stop", "quit", "help")
#: Largest value any count or time of ``go`` and ``setoption`` takes.
MAX_COUNT = 1_000_000_000
#: The words of ``go`` that take a number, and the budget count each sets (``sim_work`` too:
#: the simulation's cap on its play-outs' reply searches, amath.engine.Budget.sim_work).
GO_WORDS = {"iterations": "iterations", "nodes": "nodes", "simwork": "sim_work", "sim_work": "sim_work", "time": "time", "movetime": "time"}
TOP_MAX = 50
THREADS_MAX = 64


class ProtocolError(AmathError):
    """A line the protocol cannot carry out (its codes and Thai texts: :mod:`amath.apps.error_text`)."""

    default_code = "unknown_command"


@dataclass(slots=True)
class Options:
    """What ``setoption`` sets: how many moves to report, the search seed and threads, the language."""

    top: int = 5
    seed: int = 1
    threads: int = 1
    language: str = "en"


@dataclass(slots=True)
class _Search:
    """A running search: what it searches, with what budget, and the flag that stops it."""

    position: PositionView
    go: Go
    options: SearchOptions
    language: str
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
        self.position: PositionView | None = None
        self.rack_known = False
        self.last: Action | None = None  # the turn that made the position, for inference
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
                commands = " ".join(COMMANDS)
                raise ProtocolError(
                    f"unknown command {words[0]!r} (commands: {commands})", code="unknown_command", word=words[0], commands=commands
                )
            if command == "quit":
                self.close()
                return False
            getattr(self, f"_cmd_{command}")(rest)
        except AmathError as exc:  # the library's code, its message in the session's language
            self._error(exc.code, describe(exc, self.options.language))
        except ValueError as exc:  # a plain ValueError of a library call: still the input's fault
            self._error("bad_argument", str(exc))
        except Exception as exc:  # the safety net: a bug must not end a GUI's engine
            self._error("internal", self._t("internal", kind=type(exc).__name__, reason=exc))
        return True

    def close(self, finish: bool = False) -> None:
        """Stop a running search and wait for its ``bestmove``; ``finish`` lets a budgeted one run to its end."""
        with self._lock:
            search = self._search
        if search is not None and search.thread is not None:
            if not finish or search.go.infinite:
                search.stop.set()
            search.thread.join()

    def _idle(self) -> None:
        """Wait for a running search to answer before the state changes; refuse during ``go infinite``."""
        with self._lock:
            search = self._search
        if search is None or search.thread is None:
            return
        if search.go.infinite and not search.stop.is_set():
            raise ProtocolError("a search is running: send 'stop' first", code="busy")
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
            f"option name Threads type spin default {Options().threads} min 1 max {THREADS_MAX}",
            f"option name Language type combo default en {' '.join(f'var {x}' for x in LANGUAGES)}",
            "amathok",
        )

    def _cmd_isready(self, rest: str) -> None:
        self.say("readyok")

    def _cmd_setoption(self, rest: str) -> None:
        self._idle()
        words = rest.split()
        if len(words) < 4 or words[0].lower() != "name" or "value" not in [w.lower() for w in words[2:]]:
            raise ProtocolError("write it as: setoption name NAME value VALUE", code="setoption_form")
        at = [w.lower() for w in words].index("value", 2)
        name, value = " ".join(words[1:at]).lower(), " ".join(words[at + 1 :])
        if name == "top":
            self.options.top = self._number("Top", value, 1, TOP_MAX)
        elif name == "seed":
            self.options.seed = self._number("Seed", value, 0, MAX_COUNT)
        elif name == "threads":
            self.options.threads = self._number("Threads", value, 1, THREADS_MAX)
        elif name == "language":
            if value.lower() not in LANGUAGES:
                choices = " ".join(LANGUAGES)
                raise ProtocolError(
                    f"Language takes one of {choices}, not {value!r}", code="bad_choice", name="Language", choices=choices, value=value
                )
            self.options.language = value.lower()
        else:
            options = "Top Seed Threads Language"
            raise ProtocolError(f"unknown option {name!r} (options: {options})", code="unknown_option", name=name, options=options)

    def _number(self, name: str, value: str, low: int, high: int) -> int:
        if not value.isdigit() or not low <= int(value) <= high:
            raise ProtocolError(
                f"{name} must be a whole number from {low} to {high}, not {value!r}",
                code="bad_number",
                name=name,
                low=low,
                high=high,
                value=value,
            )
        return int(value)

    def _cmd_ruleset(self, rest: str) -> None:
        self._idle()
        if not rest:
            raise ProtocolError(
                "ruleset needs a-math, smath or smath+OPTIONS", code="missing_argument", command="ruleset", what="a-math, smath, smath+..."
            )
        name = get_ruleset(rest).name  # a ValueError naming the choices when unknown: error argument
        if name != self.ruleset:
            self.ruleset, self.position, self.rack_known, self.last = name, None, False, None

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
                raise PositionError(f"not valid JSON: {exc}", code="bad_json", detail=str(exc)) from None
            if isinstance(data, dict) and "variant" not in data:
                data["variant"] = self.ruleset
            pos = position_from_dict(data)
        elif kind == "start":
            pos = position_from_dict({"variant": self.ruleset, "board": [], "rack": _tiles(body), "scores": [0, 0], "to_move": 0})
        else:
            raise ProtocolError(
                "write it as: position string BOARD RACK SCORES TO_MOVE [VARIANT], position json {...} or position start [RACK]",
                code="position_form",
            )
        if pos.variant != self.ruleset:
            raise ProtocolError(
                f"the position is {pos.variant} but the ruleset is {self.ruleset}; send 'ruleset {pos.variant}' first",
                code="wrong_ruleset",
                found=pos.variant,
                ruleset=self.ruleset,
            )
        self.position, self.rack_known, self.last = pos, True, None

    def _need_position(self) -> PositionView:
        if self.position is None:
            raise ProtocolError("no position yet: send 'position ...' first", code="no_position")
        return self.position

    def _cmd_rack(self, rest: str) -> None:
        self._idle()
        pos = self._need_position()
        data = position_to_dict(pos)
        data["rack"] = _tiles(rest)
        self.position, self.rack_known = position_from_dict(data), True

    def _cmd_play(self, rest: str) -> None:
        self._idle()
        if not rest:
            raise ProtocolError("play needs a move, like 'play 8G 1 + 2 = 3'", code="missing_argument", command="play", what="8G 1 + 2 = 3")
        pos = self._need_position()
        if not self.rack_known:
            raise ProtocolError(
                f"the rack of side {pos.to_move + 1} is not known: send 'rack TILES'", code="rack_unknown", side=pos.to_move + 1
            )
        after, move, points, notation = apply_move(pos, rest)
        self.position, self.rack_known = after, False
        self.last = None if isinstance(move, Challenge) else move
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
            raise ProtocolError(
                f"the rack of side {pos.to_move + 1} is not known: send 'rack TILES'", code="rack_unknown", side=pos.to_move + 1
            )
        o = self.options
        search = _Search(pos, self._go(rest.split()), SearchOptions(o.top, o.seed, o.threads, self.last), o.language)
        search.thread = threading.Thread(target=self._run, args=(search,), name="amath-search", daemon=True)
        with self._lock:
            self._search = search
        search.thread.start()

    def _go(self, words: list[str]) -> Go:
        counts: dict[str, int] = {}
        infinite = False
        k = 0
        while k < len(words):
            word = words[k].lower()
            if word == "infinite":
                infinite, k = True, k + 1
                continue
            key = GO_WORDS.get(word)
            if key is None or k + 1 >= len(words):
                raise ProtocolError(
                    f"go takes iterations N, nodes N, simwork N, time MS (or movetime MS) and infinite, not {words[k]!r}",
                    code="go_word",
                    word=words[k],
                )
            counts[key] = self._number(word, words[k + 1], 1 if key == "time" else 0, MAX_COUNT)
            k += 2
        time_ms = counts.pop("time", None)
        return Go(tuple(counts.items()), time_ms, infinite)

    # ----- the search thread ---------------------------------------------------------
    def _run(self, search: _Search) -> None:
        go, pos = search.go, search.position
        ranked: list[Play] = []
        failure: str | None = None
        try:
            ranked = self.searcher.search(pos, go, search.options, search.stop, lambda p: self._progress(p, pos))
        except AmathError as exc:
            failure = describe(exc, search.language)
        except Exception as exc:  # reported, so the client still gets its bestmove
            failure = f"{type(exc).__name__}: {exc}"
        if go.infinite:
            search.stop.wait()  # UCI's rule: an infinite search answers only after stop
        lines = [f"error search_failed {self._t('search-failed', reason=failure)}"] if failure is not None else []
        lines += [f"best {json.dumps(play_json(c, pos, k + 1), ensure_ascii=False)}" for k, c in enumerate(ranked)]
        lines.append(f"bestmove {written(ranked[0], pos)[0] if ranked else 'none'}")
        with self._lock:
            self._search = None
            for line in lines:
                self._write(line)

    def _progress(self, p: Progress, pos: PositionView) -> None:
        best = "" if p.best is None else f" equity {p.best.equity:.2f} win {p.best.win:.4f} currmove {written(p.best, pos)[0]}"
        self.say(f"info iterations {p.iterations} nodes {p.nodes} time {p.elapsed_ms}{best}")


def _tiles(text_: str) -> list[str]:
    """Tiles written ``1,2,?``, ``[1,2,?]`` or ``1 2 ?`` (checked by the position reader)."""
    return [t for t in text_.strip().strip("[]").replace(",", " ").split() if t]
