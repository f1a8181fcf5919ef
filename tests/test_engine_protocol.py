"""``amath engine`` through a pipe: handshake, positions and moves round-trip, stop, errors, quit."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

from amath.core.notation import parse_move
from amath.core.rules import get_ruleset
from amath.formats.fen import position_to_string, string_to_json_dict
from amath.formats.view import PositionView, position_from_dict, position_of
from amath.game import Game
from amath.players.simple import GreedyPlayer

#: Generous: a reply that takes longer means the engine hangs (not a speed check).
REPLY_TIMEOUT = 300.0


class Engine:
    """The engine as a child process, spoken to line by line."""

    def __init__(self) -> None:
        env = dict(os.environ, PYTHONIOENCODING="utf-8")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "amath.apps.cli", "engine"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            self.lines.put(raw.decode("utf-8").rstrip("\n"))
        self.lines.put(None)

    def send(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        for line in lines:
            self.proc.stdin.write(line.encode("utf-8") + b"\n")
        self.proc.stdin.flush()

    def send_bytes(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def read(self) -> str:
        try:
            line = self.lines.get(timeout=REPLY_TIMEOUT)
        except queue.Empty:
            pytest.fail(f"the engine said nothing for {REPLY_TIMEOUT} s")
        if line is None:
            pytest.fail("the engine closed its output")
        return line

    def until(self, prefix: str) -> list[str]:
        """Every line up to and including the first that starts with ``prefix``."""
        out: list[str] = []
        while True:
            out.append(self.read())
            if out[-1].startswith(prefix):
                return out

    def ask(self, line: str, prefix: str) -> list[str]:
        self.send(line)
        return self.until(prefix)

    def one(self, line: str, *, searching: bool = False) -> str:
        """Send ``line`` and return the single reply it gets (``isready`` fences it).

        ``searching``: a search runs meanwhile, so its ``info`` progress lines, which
        may come at any moment, are not counted as replies.
        """
        self.send(line, "isready")
        replies = self.until("readyok")[:-1]
        if searching:
            replies = [ln for ln in replies if not ln.startswith("info ")]
        assert len(replies) == 1, replies
        return replies[0]

    def close(self) -> int:
        if self.proc.poll() is None:
            self.send("quit")
        code = self.proc.wait(timeout=REPLY_TIMEOUT)
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()
        return code


@pytest.fixture()
def engine() -> Iterator[Engine]:
    eng = Engine()
    yield eng
    eng.close()


def _midgame(seed: int, turns: int) -> Game:
    """A real position: a seeded game after ``turns`` greedy turns."""
    game = Game(players=["a", "b"], seed=seed)
    bot = GreedyPlayer(seed)
    for _ in range(turns):
        game.push(bot.choose(game))
    return game


def _shown(eng: Engine) -> tuple[str, PositionView]:
    """The engine's ``show``: its position string and its position JSON, read back."""
    lines = eng.ask("show", "position json ")
    string = next(ln for ln in lines if ln.startswith("position string "))[len("position string ") :]
    data = json.loads(lines[-1][len("position json ") :])
    return string, position_from_dict(data)


def test_handshake_names_the_protocol_version(engine: Engine) -> None:
    """``amath`` gets the engine's name, protocol version and options, then ``amathok``."""
    lines = engine.ask("amath", "amathok")
    assert lines[0].startswith("id name amath ")
    assert "id protocol 1" in lines
    assert any(ln.startswith("option name Top type spin") for ln in lines)
    engine.send("isready")
    assert engine.read() == "readyok"


def test_positions_round_trip(engine: Engine) -> None:
    """A position sent as a string or as JSON comes back the same from ``show``."""
    for seed, turns in ((3, 4), (11, 9)):
        pos = position_of(_midgame(seed, turns))
        text = position_to_string(pos)
        engine.send(f"position string {text}")
        assert _shown(engine) == (text, pos)
        engine.send("position json " + json.dumps({"board": [], "rack": ["1", "?", "="], "scores": [3, 4], "to_move": 1}))
        _, back = _shown(engine)
        assert back.rack == ("1", "?", "=") and back.scores == (3, 4) and back.to_move == 1 and not back.tiles
        engine.send("position json " + json.dumps(string_to_json_dict(text)))
        assert _shown(engine) == (text, pos)


def test_best_moves_are_legal_and_play_back(engine: Engine) -> None:
    """``go`` answers ranked legal turns ending in ``bestmove``; ``play`` of it matches the game's own scoring."""
    game = _midgame(5, 6)
    engine.send(f"position string {position_to_string(position_of(game))}", "setoption name Top value 3")
    lines = engine.ask("go iterations 0", "bestmove ")  # the static ranking: quick
    best = [json.loads(ln[len("best ") :]) for ln in lines if ln.startswith("best ")]
    assert 1 <= len(best) <= 3 and [b["rank"] for b in best] == list(range(1, len(best) + 1))
    assert [b["equity"] for b in best] == sorted((b["equity"] for b in best), reverse=True)
    assert any(ln.startswith("info ") and " nodes " in ln for ln in lines)
    assert lines[-1] == f"bestmove {best[0]['move']}"
    for b in best:
        assert 0.0 <= b["win"] <= 1.0 and b["pv"][0] == b["move"]
        move = parse_move(b["move"], game.board, game.rules)
        assert game.is_legal(move), b["move"]
        if b["kind"] == "place":
            assert b["tiles"] == [{"square": t.square.name, "tile": t.tile, "face": t.face} for t in move.tiles]  # type: ignore[union-attr]
    played = engine.one(f"play {best[0]['move']}")
    turn = game.push(game.parse(best[0]["move"]))
    assert played == f"played {turn.notation} score {turn.score}"
    _, after = _shown(engine)
    assert after.tiles == tuple(sorted(game.board.items())) and after.scores == tuple(game.scores) and after.to_move == game.to_move
    assert engine.one("go").startswith("error rack_unknown ")  # the new side's rack is not known yet
    engine.send("rack " + ",".join(game.racks[game.to_move]))
    lines = engine.ask("go iterations 0", "bestmove ")
    assert game.is_legal(game.parse(lines[-1][len("bestmove ") :]))


def test_a_simulation_answers_with_the_line_it_expects(engine: Engine) -> None:
    """With iterations the simulation ranks the turns; each ``pv`` is turns written on the boards they are played on."""
    game = _midgame(5, 6)
    engine.send(f"position string {position_to_string(position_of(game))}", "setoption name Top value 2")
    lines = engine.ask("go iterations 1", "bestmove ")
    best = [json.loads(ln[len("best ") :]) for ln in lines if ln.startswith("best ")]
    assert best and all(b["method"] == "sim" and len(b["pv"]) >= 2 for b in best)
    assert any(ln.startswith("info iterations 1 ") for ln in lines)
    for b in best:
        board = game.board.copy()
        for notation in b["pv"]:
            move = parse_move(notation, board, game.rules)  # raises if the line does not fit the board
            for t in getattr(move, "tiles", ()):
                board.put(t.square, t.placed)


def test_simwork_caps_the_simulation_and_info_says_how_far_it_got(engine: Engine) -> None:
    """``go ... simwork N`` (``Budget.sim_work``) stops the simulation after the batch that reaches N
    work units; ``info iterations`` is the iterations it ran, not the ones asked."""
    game = _midgame(5, 6)
    engine.send(f"position string {position_to_string(position_of(game))}", "setoption name Top value 2")
    free = engine.ask("go iterations 6", "bestmove ")
    assert any(ln.startswith("info iterations 6 ") for ln in free)
    capped = engine.ask("go iterations 6 simwork 1", "bestmove ")
    assert any(ln.startswith("info iterations 4 ") for ln in capped)  # the first batch is always played
    assert engine.one("go simwork -1").startswith("error bad_number ")


def test_stop_ends_an_infinite_search(engine: Engine) -> None:
    """``go infinite`` answers nothing final until ``stop``, and still reads commands meanwhile."""
    engine.send("position start 1,2,+,3,=,4,5,6", "go infinite iterations 0", "isready")
    before = engine.until("readyok")
    assert not any(ln.startswith("bestmove") for ln in before)
    assert engine.one("position start 1", searching=True).startswith("error busy ")
    lines = engine.ask("stop", "bestmove ")
    assert lines[-1] != "bestmove none"
    engine.send("position start 1")  # idle again: the position may change
    assert _shown(engine)[1].rack == ("1",)


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("fly me to the moon", "unknown_command"),
        ("go", "no_position"),
        ("position string nonsense", "fen_fields"),  # the library's own codes come through
        ("position json {not json", "bad_json"),
        ('position json {"rack": ["11", "11"]}', "pos_too_many_tiles"),
        ("position fen x", "position_form"),
        ("position string " + "|".join(["_15"] * 15) + " [] 0,0 1 smath", "wrong_ruleset"),
        ("setoption name Top value lots", "bad_number"),
        ("setoption name Colour value red", "unknown_option"),
        ("setoption Top 3", "setoption_form"),
        ("ruleset chess", "unknown_variant"),
        ("rack 1", "no_position"),
        ("play", "missing_argument"),
    ],
)
def test_bad_lines_get_errors_and_the_engine_goes_on(engine: Engine, line: str, code: str) -> None:
    """Each bad line gets ``error CODE message``; the engine still answers afterwards."""
    reply = engine.one(line)
    assert reply.startswith(f"error {code} ") and len(reply) > len(f"error {code} ") + 5, reply
    engine.send("isready")
    assert engine.read() == "readyok"


def test_bad_moves_and_budgets(engine: Engine) -> None:
    """Moves that are not legal, not notation, or budgets that are not numbers: errors, no crash."""
    engine.send("position start 1,2,+,3,=,4,5,6")
    assert engine.one("play 8H 9 = 9").startswith("error not_on_rack ")  # the kernel's refusal names its code
    assert engine.one("play 99Z 1").startswith("error ")
    assert engine.one("play 8H 1 + 2 = 4").startswith("error sides_differ ")  # a false equation, with the judge's code
    assert engine.one("go nodes -3").startswith("error bad_number ")
    assert engine.one("go sideways").startswith("error go_word ")
    engine.send_bytes(b"\xff\xfe garbage\n")
    assert engine.read().startswith("error unknown_command ")
    assert engine.one("play 8G 1 + 2 = 3").startswith("played 8G 1 + 2 = 3 score ")


def test_thai_messages(engine: Engine) -> None:
    """With ``Language th`` the engine's messages and the library's are in Thai; codes stay the same."""
    engine.send("setoption name Language value th")

    def thai(text: str) -> bool:
        return any("\u0e00" <= ch <= "\u0e7f" for ch in text)

    reply = engine.one("go")
    assert reply.startswith("error no_position ") and thai(reply)
    engine.send("position start 1,2,+,3,=,4,5,6")
    reply = engine.one("play 8H 1 + 2 = 4")
    assert reply.startswith("error sides_differ ") and thai(reply)


def test_smath_position(engine: Engine) -> None:
    """The ruleset command switches variants; a Smath start gets a legal Smath turn."""
    engine.send("ruleset smath", "position start 1,+,2,3")
    lines = engine.ask("go iterations 0", "bestmove ")
    game = Game(get_ruleset("smath"), players=["a", "b"], seed=1)
    game.set_rack(game.to_move, ["1", "+", "2", "3"])
    assert game.is_legal(game.parse(lines[-1][len("bestmove ") :]))


def test_quit_and_end_of_input_exit_cleanly() -> None:
    """``quit`` ends the engine with exit 0; so does the end of its input, after the last answer."""
    eng = Engine()
    eng.send("isready")
    assert eng.read() == "readyok"
    assert eng.close() == 0
    eng = Engine()
    eng.send("position start 1,2,=", "go iterations 0")
    assert eng.proc.stdin is not None
    eng.proc.stdin.close()
    assert eng.until("bestmove ")[-1].startswith("bestmove ")
    assert eng.proc.wait(timeout=REPLY_TIMEOUT) == 0
