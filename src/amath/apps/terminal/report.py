"""Text reports on a game: the history, the unseen tiles, and the final summary.

Hidden information stays hidden: another side's exchanged tiles are shown only as a count.
"""

from __future__ import annotations

from amath.apps.terminal.render import face_text
from amath.apps.terminal.style import Style
from amath.apps.terminal.text import Text
from amath.game import Game, Turn


def turn_line(game: Game, turn: Turn, text: Text, viewer: int | None, style: Style) -> str:
    """One turn as ``Ann: 8H 1 + 2 = 3  +12 = 12`` (an exchange by someone else: just its size)."""
    name = game.names[turn.player]
    move = turn.notation
    if turn.kind == "exchange" and turn.player != viewer:
        move = text("history_hidden", n=len(turn.notation.split()) - 1)
    elif turn.kind in ("timeout", "skipped", "challenge-won", "challenge-lost"):
        move = f"{turn.notation} ({text('kind_' + turn.kind)})"
    if style.unicode:
        move = " ".join(face_text(w, style) if len(w) == 1 else w for w in move.split())
    return f"{name}: {move}  {turn.score:+d} = {turn.total}"


def render_history(game: Game, text: Text, viewer: int | None, style: Style) -> str:
    """Every turn so far, numbered."""
    if not game.history:
        return text("history_empty")
    return "\n".join(f"{k + 1:>3}. {turn_line(game, t, text, viewer, style)}" for k, t in enumerate(game.history))


def render_unseen(game: Game, side: int, text: Text, style: Style) -> str:
    """Counts of the tiles ``side`` has not seen (bag and other racks), in tile-set order."""
    unseen = game.unseen(side)
    order = list(game.rules.tiles.names())
    parts = [f"{face_text(t, style)}:{unseen[t]}" for t in order if unseen[t]]
    return text("unseen", n=sum(unseen.values())) + "\n" + "  ".join(parts)


def render_summary(game: Game, text: Text) -> str:
    """The end of the game: why it ended, each side's score, rack adjustment, clock penalty, winner."""
    result = game.result
    if result is None:
        return ""
    names = game.names
    lines = [f"== {text('game_over')} =="]
    if result.reason == "playout" and result.out_player is not None:
        lines.append(text("reason_playout", name=names[result.out_player]))
    elif result.reason == "time" and result.loser_on_time is not None:
        lines.append(text("reason_time", name=names[result.loser_on_time]))
    else:
        lines.append(text("reason_passes"))
    head = {"score": text("col_score"), "adjust": text("col_racks"), "penalty": text("col_clock"), "final": text("col_final")}
    lines.append(text("summary_head", name=text("col_player"), **head))
    for k, name in enumerate(names):
        row = {"score": game.scores[k], "adjust": result.adjustments[k], "penalty": result.penalties[k], "final": result.scores[k]}
        lines.append(text("summary_row", name=name, **row))
    if result.draw:
        lines.append(text("draw", names=", ".join(names[k] for k in result.winners)))
    else:
        lines.append(text("winner", name=names[result.winners[0]]))
    return "\n".join(lines)
