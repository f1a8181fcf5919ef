"""``amath check``: true/false with reasons and exit codes 0/1/2 (docs/rules.md "amath check")."""

from __future__ import annotations

import subprocess
import sys

import pytest

from amath.apps.cli import main


@pytest.mark.parametrize(
    ("args", "code", "out"),
    [
        (["7", "-", "7", "=", "6", "*", "0"], 0, "true"),
        (["1 2 + 3 = 1 5"], 0, "true"),
        (["7", "−", "7", "=", "6", "×", "0"], 0, "true"),
        (["1 ÷ 0 = 1"], 1, "false: division by zero"),
        (["0 7 = 7"], 1, "false: leading zero in 07"),
        (["1 2 3 4 = 1 2 3 4"], 1, "false: 4-digit number 1234"),
        (["6 + - 3 = 3"], 1, "false: operator after operator"),
        (["+ 7 = 5 + 2"], 1, "false: unary plus"),
        (["- 0 = 0"], 1, "false: −0"),
        (["1 = 7 / 2"], 1, "false: sides differ: 1 is 1, 7÷2 is 7/2"),
        (["1 + 1"], 1, "false: no = sign"),
        (["= 1"], 1, "false: empty side"),
    ],
)
def test_check(args: list[str], code: int, out: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", *args]) == code
    assert capsys.readouterr().out.strip().startswith(out)


@pytest.mark.parametrize("args", [["1", "=", "banana"], [], ["1 = 21"], ["1", "=", "?"], ["--variant", "chess", "1 = 1"]])
def test_not_tiles_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")


def test_installed_command_runs() -> None:
    done = subprocess.run([sys.executable, "-m", "amath.apps.cli", "check", "2 / 4 = 4 / 8"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "true"
