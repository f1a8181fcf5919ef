"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.engine.leaves.table import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "100000 games of greedy (seed 11) of the 100000 asked, 2171937 turns, 1551211 samples, prior weight "
        "200.0; made by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 250 --seed 11 --bot greedy "
        "--state fit-out/state-amath.json --out fit-out/leaves_fitted.py; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 1 --every 100 --seed 11 --bot greedy --state fit-"
        "out/state-greedy.json --out fit-out/leaves_fitted_greedy.py --resume; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 2 --seed 11 --bot greedy --state fit-out/state.json "
        "--resume --every 500; resumed by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --seed 11 --bot "
        "greedy --state /work/runs/fit6/state.json --resume --every 500 --out "
        "/work/runs/fit6/leaves_fitted.py; resumed by: benchmarks/fit_leaves.py --games 100000 --jobs 2 "
        "--seed 11 --bot greedy --state /work/runs/fit7/state.json --resume --every 500 --out "
        "/work/runs/fit7/leaves_fitted.py"
    ),
    "smath": (
        "the samples of sm.tsv, sm2.tsv (self-play turns written by --samples), 4096 samples, prior weight "
        "200.0; made by: benchmarks/fit_leaves.py --variant smath --from-samples /work/runs/s11/drawn/sm.tsv "
        "/work/runs/s11/drawn/sm2.tsv"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": -1.25,
            "1": -1.52,
            "2": -3.52,
            "3": -4.45,
            "4": -2.83,
            "5": -3.52,
            "6": -3.48,
            "7": -4.19,
            "8": -3.85,
            "9": -4.3,
            "10": -7.68,
            "11": -7.88,
            "12": -7.38,
            "13": -5.05,
            "14": -7.44,
            "15": -7.37,
            "16": -7.59,
            "17": -5.81,
            "18": -7.53,
            "19": -4.65,
            "20": -6.43,
            "+": -2.35,
            "-": -1.67,
            "*": -5.64,
            "/": -7.26,
            "+-": -0.28,
            "*/": -4.73,
            "=": 16.53,
            "?": 22.54,
        },
        synergy={
            "duplicates": -2.76,
            "extra_equals": -30.29,
            "no_equals": 15.14,
            "no_number": -5.0,
            "no_operator": -8.91,
        },
        name="fitted",
    ),
    "smath": LeaveTable(
        tiles={
            "0": 5.82,
            "1": -2.25,
            "2": -1.06,
            "3": -0.43,
            "4": -6.3,
            "5": -8.65,
            "6": -3.15,
            "7": 8.5,
            "8": -2.42,
            "9": 8.35,
            "10": -6.08,
            "11": -8.71,
            "12": 8.45,
            "+": 7.51,
            "-": 4.01,
            "*": 2.11,
            "/": 0.74,
            "?": -3.64,
        },
        synergy={
            "duplicates": 3.08,
            "extra_equals": -3.5,
            "no_equals": 4.09,
            "no_number": -6.59,
            "no_operator": -3.62,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
