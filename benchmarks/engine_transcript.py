"""Talk to ``amath engine`` through a pipe and print the conversation (the transcript in docs/engine-protocol.md).

Lines the client sends start with ``> ``; everything else is the engine's answer.  A
command without an answer of its own is fenced with ``isready`` (whose ``readyok`` is
not printed), so the transcript shows exactly what each line got::

    .venv/bin/python benchmarks/engine_transcript.py
"""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time

from amath.formats.fen import position_to_string
from amath.formats.view import position_of
from amath.game import Game
from amath.players.simple import GreedyPlayer


def main() -> None:
    """A seeded mid-game position, then the commands of the protocol one by one."""
    game = Game(players=["a", "b"], seed=5)
    bot = GreedyPlayer(5)
    for _ in range(6):
        game.push(bot.choose(game))
    pos = position_to_string(position_of(game))
    proc = subprocess.Popen(
        [sys.executable, "-m", "amath.apps.cli", "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    out = proc.stdout

    def pump() -> None:
        for ln in out:
            lines.put(ln.rstrip("\n"))

    threading.Thread(target=pump, daemon=True).start()

    def talk(line: str, until: str | None = None) -> None:
        assert proc.stdin is not None
        print("> " + line)
        proc.stdin.write(line + "\n" + ("isready\n" if until is None else ""))
        proc.stdin.flush()
        while True:
            got = lines.get(timeout=600)
            if until is None and got == "readyok":
                return
            print(got)
            if until is not None and got.startswith(until):
                return

    talk("amath", "amathok")
    talk("isready", "readyok")
    talk("setoption name Top value 3")
    talk(f"position string {pos}")
    talk("go iterations 0", "bestmove")
    talk("go iterations 2", "bestmove")
    talk("play 7C 9 4 = 8 4 [+] 10", "played")
    talk("show", "position json")
    talk("go")
    talk("rack 1,2,3,+,=,5,6,*/")
    talk("go infinite iterations 0")
    talk("isready", "readyok")
    time.sleep(1)
    talk("stop", "bestmove")
    talk("play 8H 7")
    talk("position start 1,2,+,3,=,4,5,6")
    talk("setoption name Language value th")
    talk("play 8H 1 + 2 = 4")
    talk("go time 50 infinite nodes")
    print("> quit")
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    print(f"(exit code {proc.wait()})")


if __name__ == "__main__":
    main()
