"""Type stub of the compiled move generator (native/, Rust via PyO3); see amath.engine.movegen.native."""

from collections.abc import Callable

class Rules:
    """A validated ruleset as plain data (see native/src/rules.rs for each field)."""

    def __init__(
        self,
        *,
        size: int,
        piece_mult: list[int],
        eq_mult: list[int],
        centre: int,
        tile_points: list[int],
        tile_faces: list[list[int]],
        tile_rank: list[int],
        face_kind: list[int],
        face_value: list[int],
        face_rank: list[int],
        max_digits: int,
        rack_size: int,
        bingo_bonus: int,
        first_play: int,
        max_tiles: int | None,
        must_touch: bool,
        free_tiles: list[int] = ...,
    ) -> None: ...
    @property
    def size(self) -> int: ...

def generate(
    rules: Rules, board: list[int], rack: list[int], limit: int | None = None, force_max: int = ...
) -> tuple[bytes, bytes, bytes]: ...
def count(rules: Rules, board: list[int], rack: list[int]) -> int: ...
def endgame(
    rules: Rules,
    board: list[int],
    rack0: list[int],
    rack1: list[int],
    *,
    scoreless: int,
    nodes: int,
    top: int,
    playout_multiplier: int,
    deduct_at_end: bool,
    pass_limit: int,
) -> tuple[list[tuple[int, tuple[int, list[int]], list[tuple[int, list[int]]]]], bool, int, int]: ...
def smath(
    rules: Rules,
    board: list[int],
    rack: list[int],
    limit: int | None = None,
    min_score: float | None = None,
    leave: list[float] | None = None,
    max_nodes: int | None = None,
    max_len: int | None = None,
    progress: Callable[[int], object] | None = None,
    max_entries: int | None = None,
) -> tuple[bytes, bytes, bytes, int, tuple[int, int, int, int, int]]: ...
def top_equity(
    rules: Rules, board: list[int], rack: list[int], strides: list[int], values: list[int], unit: int, k: int
) -> tuple[bytes, bytes, bytes, bytes]: ...
def playouts(
    rules: Rules,
    board: list[int],
    rack: list[int],
    other: list[int],
    hidden: int,
    unseen: list[int],
    *,
    scoreless: int,
    tile_weights: list[int],
    synergy: list[int],
    classes: list[int],
    unit: int,
    playout_multiplier: int,
    deduct_at_end: bool,
    pass_limit: int,
    exchange_min_bag: int | None,
    exchange_scoreless: bool,
    inference: list[tuple[list[int], int]],
    candidates: list[tuple[int, int, list[int]]],
    jobs: list[tuple[int, int]],
    plies: int,
    finish: bool,
    seed: int,
    threads: int,
) -> list[tuple[int, int]]: ...
