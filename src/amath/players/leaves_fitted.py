"""Leave values fitted from self-play by benchmarks/fit_leaves.py (generated file; do not edit).

60 games of equity-handset (seed 9), 975 turns, prior weight 200.0.
"""

from amath.players.leaves import LeaveTable

FITTED = LeaveTable(
    tiles={
        "0": 1.24,
        "1": 0.41,
        "2": 0.23,
        "3": 0.91,
        "4": -0.93,
        "5": -0.96,
        "6": -0.09,
        "7": -0.64,
        "8": 0.18,
        "9": -2.75,
        "10": -1.73,
        "11": -2.63,
        "12": -2.1,
        "13": -2.66,
        "14": -3.1,
        "15": -2.33,
        "16": -3.16,
        "17": -3.85,
        "18": -2.33,
        "19": -2.05,
        "20": -2.37,
        "+": 0.57,
        "-": 0.63,
        "*": -0.3,
        "/": -0.71,
        "+-": 3.23,
        "*/": 1.76,
        "=": 0.27,
        "?": 9.31,
    },
    synergy={
        "duplicates": -4.11,
        "extra_equals": -7.13,
        "no_equals": -2.13,
        "no_number": -0.94,
        "no_operator": -3.12,
    },
    name="fitted",
)
