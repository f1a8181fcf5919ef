"""The kernel: tiles, equations, rules, board, moves, notation, scoring and the position a search pushes and pops.

Nothing here imports another part of amath; everything else is built on it.
"""
