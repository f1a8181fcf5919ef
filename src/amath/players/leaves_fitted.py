"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "3650 games of greedy (seed 11) of the 100000 asked, 79497 turns, 56829 samples, prior weight 200.0; "
        "made by: benchmarks/fit_leaves.py --games 100000 --jobs 1 --every 100 --seed 11 --bot greedy --state"
        " fit-out/state-greedy.json --out fit-out/leaves_fitted_greedy.py --resume"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": -0.78,
            "1": -0.77,
            "2": -3.22,
            "3": -4.47,
            "4": -2.71,
            "5": -2.69,
            "6": -3.29,
            "7": -2.68,
            "8": -3.37,
            "9": -3.8,
            "10": -6.61,
            "11": -7.24,
            "12": -6.85,
            "13": -4.24,
            "14": -7.15,
            "15": -6.32,
            "16": -7.06,
            "17": -6.44,
            "18": -6.8,
            "19": -2.75,
            "20": -6.8,
            "+": 0.43,
            "-": 0.51,
            "*": -4.26,
            "/": -4.83,
            "+-": 2.31,
            "*/": -2.66,
            "=": 10.63,
            "?": 15.55,
        },
        synergy={
            "duplicates": -3.63,
            "extra_equals": -23.27,
            "no_equals": 10.09,
            "no_number": -2.49,
            "no_operator": -5.16,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
