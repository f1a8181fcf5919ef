"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "2750 games of greedy (seed 11) of the 100000 asked, 59936 turns, 42864 samples, prior weight 200.0; "
        "made by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 250 --seed 11 --bot greedy --state"
        " fit-out/state-amath.json --out fit-out/leaves_fitted.py"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": -0.52,
            "1": -1.21,
            "2": -2.94,
            "3": -4.54,
            "4": -2.79,
            "5": -2.03,
            "6": -3.12,
            "7": -2.61,
            "8": -2.81,
            "9": -3.93,
            "10": -6.37,
            "11": -7.31,
            "12": -6.69,
            "13": -3.91,
            "14": -5.63,
            "15": -6.69,
            "16": -6.79,
            "17": -7.15,
            "18": -5.72,
            "19": -2.57,
            "20": -6.83,
            "+": 1.41,
            "-": 0.9,
            "*": -4.09,
            "/": -3.72,
            "+-": 2.52,
            "*/": -2.48,
            "=": 9.84,
            "?": 14.38,
        },
        synergy={
            "duplicates": -3.72,
            "extra_equals": -22.48,
            "no_equals": 8.97,
            "no_number": -2.09,
            "no_operator": -4.66,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
