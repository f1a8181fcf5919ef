"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "1000 games of greedy (seed 11) of the 100000 asked, 21650 turns, 15441 samples, prior weight 200.0; "
        "made by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 250 --seed 11 --bot greedy --state"
        " fit-out/state-amath.json --out fit-out/leaves_fitted.py"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": 0.7,
            "1": -1.35,
            "2": -1.89,
            "3": -4.08,
            "4": -2.04,
            "5": -3.39,
            "6": -2.45,
            "7": -2.09,
            "8": -2.25,
            "9": -3.23,
            "10": -4.83,
            "11": -6.78,
            "12": -6.67,
            "13": -4.71,
            "14": -6.56,
            "15": -4.37,
            "16": -5.05,
            "17": -5.21,
            "18": -5.22,
            "19": -3.36,
            "20": -4.87,
            "+": 1.34,
            "-": 0.9,
            "*": -2.8,
            "/": -4.03,
            "+-": 2.82,
            "*/": -1.39,
            "=": 5.79,
            "?": 11.77,
        },
        synergy={
            "duplicates": -4.51,
            "extra_equals": -17.16,
            "no_equals": 6.3,
            "no_number": 1.06,
            "no_operator": -3.8,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
