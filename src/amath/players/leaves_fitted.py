"""Leave values fitted from self-play by benchmarks/fit_leaves.py, per ruleset (generated file; do not edit).

``ABOUT`` says for each ruleset how many games the table was fitted from and the command that made it.
"""

from amath.players.leaves import LeaveTable

ABOUT: dict[str, str] = {
    "a-math": (
        "50 games of greedy (seed 11) of the 100000 asked, 1075 turns, 768 samples, prior weight 200.0; made "
        "by: benchmarks/fit_leaves.py --games 100000 --jobs 2 --every 25 --seed 11 --bot greedy --state fit-"
        "run/state.json"
    ),
}

TABLES: dict[str, LeaveTable] = {
    "a-math": LeaveTable(
        tiles={
            "0": 3.05,
            "1": -0.98,
            "2": -0.59,
            "3": -2.79,
            "4": 2.87,
            "5": 0.27,
            "6": -0.28,
            "7": -2.73,
            "8": -1.27,
            "9": -0.43,
            "10": -0.48,
            "11": -3.87,
            "12": -2.91,
            "13": -2.67,
            "14": -2.85,
            "15": -2.03,
            "16": -3.12,
            "17": -3.44,
            "18": -4.02,
            "19": -3.35,
            "20": -2.58,
            "+": 1.69,
            "-": 0.37,
            "*": 0.29,
            "/": -2.79,
            "+-": 4.45,
            "*/": 2.56,
            "=": -1.15,
            "?": 8.57,
        },
        synergy={
            "duplicates": -2.18,
            "extra_equals": -7.89,
            "no_equals": -0.91,
            "no_number": 0.95,
            "no_operator": -1.94,
        },
        name="fitted",
    ),
}

#: The A-Math table (what the ``equity`` level plays with).
FITTED = TABLES.get("a-math") or next(iter(TABLES.values()))
