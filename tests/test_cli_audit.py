"""The command line as a new user meets it (issue 12, items 8-10): pipes, start-up, check's tiles, --version."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from amath import __version__
from amath.apps.cli import main
from amath.engine import backend

ROOT = Path(__file__).resolve().parent
GAME = ROOT / "data" / "greedy-seed3.amr"
AMATH = [sys.executable, "-m", "amath.apps.cli"]


def _into_a_closed_pipe(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """Run ``amath ARGS`` with its standard output a pipe whose reader is already gone (``| head`` done)."""
    proc = subprocess.Popen([*AMATH, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the command writes anything: every write meets a closed pipe
    err = proc.stderr.read()
    proc.wait(timeout=600)
    return subprocess.CompletedProcess(args, proc.returncode, b"", err)


@pytest.mark.parametrize(
    "args",
    [["replay", "-v", str(GAME)], ["position", str(GAME), "--turn", "4", "--json"], ["check", "1", "=", "1"]],
)
def test_output_into_a_closed_pipe_ends_quietly(args: list[str]) -> None:
    done = _into_a_closed_pipe(args)
    assert b"Traceback" not in done.stderr and b"BrokenPipe" not in done.stderr, done.stderr.decode()
    assert done.returncode == 141


def test_moves_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    position = tmp_path / "p.json"
    position.write_text(json.dumps({"variant": "a-math", "board": [], "rack": ["1", "2", "+", "3", "=", "4", "5", "6"]}))
    done = _into_a_closed_pipe(["moves", str(position), "--json"])
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    assert done.returncode == 141


def test_a_command_other_than_serve_does_not_load_the_web_server() -> None:
    probe = (
        "import sys; from amath.apps.cli import main; main(['check', '1', '=', '1']); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('starlette', 'sqlalchemy', 'uvicorn') or m == 'amath.apps.server.app'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=300)
    assert done.stdout.splitlines() == ["true", "[]"], done.stdout + done.stderr


def test_serve_still_knows_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", "--help"])
    assert info.value.code == 0 and "--db" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("words", "code", "out"),
    [
        (["1", "+-:+", "1", "=", "2"], 0, "true"),
        (["?:7", "=", "7"], 0, "true"),
        (["?7 = 7"], 0, "true"),
        (["8", "*/:/", "2", "=", "4"], 0, "true"),
        (["1", "+-:-", "1", "=", "2"], 1, "false: sides differ"),
    ],
)
def test_check_takes_the_tiles_of_a_move(words: list[str], code: int, out: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", *words]) == code
    assert capsys.readouterr().out.startswith(out)


@pytest.mark.parametrize("word", ["+-:*", "?:=x", "*/:+"])
def test_check_names_a_tile_that_cannot_show_its_face(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "1", word, "1", "=", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "cannot show" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0 and capsys.readouterr().out.strip() == f"amath {__version__} (move generator: {backend()})"


def test_python_dash_m_amath_is_the_amath_command() -> None:
    done = subprocess.run([sys.executable, "-m", "amath", "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip().startswith(f"amath {__version__}")
