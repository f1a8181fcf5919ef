"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "24150 games of greedy (seed 11) of the 100000 asked, 525277 turns, 375449 samples, prior weight "
        "200.0; made by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 250 --seed 11 --bot greedy "
        "--state fit-out/state-amath.json --out fit-out/leaves_fitted.py; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 1 --every 100 --seed 11 --bot greedy --state fit-"
        "out/state-greedy.json --out fit-out/leaves_fitted_greedy.py --resume; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 2 --seed 11 --bot greedy --state fit-out/state.json "
        "--resume --every 500; resumed by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --seed 11 --bot "
        "greedy --state /work/runs/fit6/state.json --resume --every 500 --out "
        "/work/runs/fit6/leaves_fitted.py"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": -1.09,
            "1": -1.41,
            "2": -3.42,
            "3": -4.61,
            "4": -3.09,
            "5": -3.22,
            "6": -3.62,
            "7": -3.97,
            "8": -3.73,
            "9": -4.04,
            "10": -7.31,
            "11": -7.8,
            "12": -7.35,
            "13": -4.92,
            "14": -7.41,
            "15": -7.22,
            "16": -7.54,
            "17": -5.91,
            "18": -7.23,
            "19": -4.14,
            "20": -7.11,
            "+": -2.26,
            "-": -1.17,
            "*": -5.6,
            "/": -6.97,
            "+-": 0.32,
            "*/": -4.18,
            "=": 15.58,
            "?": 22.2,
        },
        synergy={
            "duplicates": -2.79,
            "extra_equals": -29.2,
            "no_equals": 14.2,
            "no_number": -4.65,
            "no_operator": -8.24,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
