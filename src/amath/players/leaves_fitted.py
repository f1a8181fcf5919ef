"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "12650 games of greedy (seed 11) of the 100000 asked, 275369 turns, 196879 samples, prior weight "
        "200.0; made by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 250 --seed 11 --bot greedy "
        "--state fit-out/state-amath.json --out fit-out/leaves_fitted.py; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 1 --every 100 --seed 11 --bot greedy --state fit-"
        "out/state-greedy.json --out fit-out/leaves_fitted_greedy.py --resume; resumed by: "
        "benchmarks/fit_leaves.py --games 100000 --jobs 2 --seed 11 --bot greedy --state fit-out/state.json "
        "--resume --every 500"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": -0.92,
            "1": -1.45,
            "2": -3.14,
            "3": -4.53,
            "4": -2.8,
            "5": -3.39,
            "6": -3.25,
            "7": -3.94,
            "8": -3.58,
            "9": -3.88,
            "10": -7.17,
            "11": -7.6,
            "12": -7.11,
            "13": -5.0,
            "14": -7.14,
            "15": -7.28,
            "16": -7.19,
            "17": -5.51,
            "18": -6.95,
            "19": -3.41,
            "20": -7.38,
            "+": -1.84,
            "-": -1.42,
            "*": -5.36,
            "/": -6.66,
            "+-": 1.15,
            "*/": -3.83,
            "=": 14.72,
            "?": 22.09,
        },
        synergy={
            "duplicates": -3.28,
            "extra_equals": -28.14,
            "no_equals": 13.46,
            "no_number": -4.31,
            "no_operator": -7.89,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
