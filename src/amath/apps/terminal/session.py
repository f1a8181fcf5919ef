"""The game loop of ``amath play``: whose turn, hot-seat hand-over, bots, challenges, autosave.

Every human turn reads commands until one changes the game; wrong input is explained with
the library's message and asked again.  End of input saves (when a file is set) and exits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from amath.apps.terminal import savefile
from amath.apps.terminal.console import Console
from amath.apps.terminal.render import render_board, render_legend, render_rack, render_scores
from amath.apps.terminal.report import render_history, render_summary, render_unseen
from amath.apps.terminal.text import Text
from amath.core.board import Square
from amath.core.move import Challenge, Move, Pass
from amath.game import Game, Turn
from amath.players.base import Player
from amath.study.analyze import rack_hint

#: How many plays ``hint`` lists.
HINTS = 3


class _Quit(Exception):
    """Raised by a command to leave the game loop."""


@dataclass
class Session:
    """One terminal game: the game, who is a bot, where to autosave, and the screen."""

    game: Game
    console: Console
    text: Text
    bots: Mapping[int, Player] = field(default_factory=dict)
    bot_levels: Mapping[int, str] = field(default_factory=dict)
    save_path: str | None = None
    clock: Callable[[], float] = time.monotonic
    events: list[str] = field(default_factory=list)
    _rack_order: dict[int, list[str]] = field(default_factory=dict)
    _shown: int | None = None
    _shuffler: random.Random = field(default_factory=random.Random)

    @property
    def humans(self) -> list[int]:
        """The sides played by people."""
        return [k for k in range(len(self.game.sides)) if k not in self.bots]

    # ----- the loop --------------------------------------------------------------------
    def run(self) -> int:
        """Play until the game ends, the players quit, or input ends; return the exit code."""
        self.console.say(self.text("help_hint"))
        try:
            while not self.game.over:
                side = self.game.to_move
                if side in self.bots:
                    self._bot_turn(side)
                else:
                    self._human_turn(side)
        except (_Quit, EOFError):
            self._autosave()
            if self.save_path:
                self.console.say(self.text("quit_autosaved", path=self.save_path))
            self.console.say(self.text("bye"))
            return 0
        self._autosave()
        self.console.say(render_board(self.game.board, self.game.rules, self.console.style, self._last_squares()))
        self._flush_events()
        self.console.say(render_summary(self.game, self.text))
        return 0

    def _human_turn(self, side: int) -> None:
        if len(self.humans) >= 2 and self._shown != side:
            self._show_public()  # the last rack leaves the screen; the board and the last moves stay
            self.console.ask(self.text("handover", name=self.game.names[side]))
        self._shown = side
        self._show_screen(side)
        started = self.clock()
        while True:
            line = self.console.ask(self.text("prompt", name=self.game.names[side])).strip()
            if not line:
                continue
            handled = self._command(line, side)
            if handled is None:
                handled = self._try_move(line, side, self.clock() - started)
            if handled:
                return

    def _try_move(self, line: str, side: int, elapsed: float) -> bool:
        """Parse and push a move typed by ``side``; explain and return False when refused."""
        try:
            move = self.game.parse(line)
            if isinstance(move, Challenge):
                elapsed = 0.0
            self._push(move, elapsed, side)
        except ValueError as exc:
            self.console.say(self.text("not_accepted", reason=self.text.error(exc)))
            return False
        return True

    def _bot_turn(self, side: int) -> None:
        name = self.game.names[side]
        self.console.say(self.text("bot_thinking", name=name))
        started = self.clock()
        move: Move
        try:
            move = self.bots[side].choose(self.game)
            self._push(move, self.clock() - started, side)
        except ValueError as exc:  # a bot bug must not end the game
            self.events.append(self.text("bot_failed", name=name, reason=self.text.error(exc)))
            self._push(Pass(), self.clock() - started, side)

    def _push(self, move: Move, elapsed: float, side: int) -> None:
        """Play a move, describe what happened, autosave, then give opponents their chance to challenge."""
        before = len(self.game.history)
        self.game.push(move, elapsed)
        for turn in self.game.history[before:]:
            self._describe(turn, side)
        self._autosave()
        if self.game.can_challenge() and not isinstance(move, Challenge):
            self._offer_challenge()

    # ----- after a turn -----------------------------------------------------------------
    def _describe(self, turn: Turn, viewer: int) -> None:
        t, names = self.text, self.game.names
        name = names[turn.player]
        if turn.kind == "place":
            msg = t("played", name=name, move=turn.notation, score=turn.score)
            if turn.bingo:
                msg += " " + t("bingo", bonus=self.game.rules.bingo_bonus)
        elif turn.kind == "exchange":
            msg = t("exchanged", name=name, n=len(turn.drawn))
            if turn.player == viewer and turn.player not in self.bots:
                exchanged = turn.notation.split()[1:]
                self.console.say(t("exchanged_own", name=name, tiles=" ".join(exchanged), drawn=" ".join(turn.drawn)))
        elif turn.kind == "pass":
            msg = t("passed", name=name)
        elif turn.kind == "timeout":
            msg = t("timeout", name=name)
        elif turn.kind == "skipped":
            msg = t("skipped", name=name)
        else:
            by = turn.move.by if isinstance(turn.move, Challenge) else turn.player
            placer = self._last_placer()
            key = "challenge_won" if turn.kind == "challenge-won" else "challenge_lost"
            msg = t(key, by=names[by], name=names[placer], score=turn.score)
        self.events.append(msg)
        if viewer not in self.bots:  # the person who acted sees it now; the next screen repeats it
            self.console.say(msg)

    def _last_placer(self) -> int:
        for turn in reversed(self.game.history):
            if turn.kind in ("place", "challenge-won"):
                return turn.player
        return 0

    def _offer_challenge(self) -> None:
        """Ask the human opponents whether one of them challenges the placement just made."""
        placer = self._last_placer()
        rivals = [k for k in self.humans if k != placer]
        if not rivals:
            return
        move = self.game.history[-1].notation
        names = self.game.names
        if len(self.humans) >= 2:  # the placer's rack must not stay on screen
            self._show_public()
            self._shown = None
        if len(rivals) == 1:
            answer = self.console.ask(self.text("ask_challenge_one", name=names[rivals[0]], move=move))
            if self.text.is_yes(answer):
                self._push(Challenge(rivals[0]), 0.0, rivals[0])
            return
        choices = ", ".join(f"{k + 1} {names[k]}" for k in rivals)
        while True:
            answer = self.console.ask(self.text("ask_challenge_many", move=move, choices=choices)).strip()
            if not answer:
                return
            by = next((k for k in rivals if answer in (str(k + 1), names[k])), None)
            if by is not None:
                self._push(Challenge(by), 0.0, by)
                return
            self.console.say(self.text("not_a_choice", text=answer))

    # ----- commands -----------------------------------------------------------------------
    def _command(self, line: str, side: int) -> bool | None:
        """Run a non-move command: True when it ends this prompt (undo), False when it does not.

        None for a line that is no command, to be read as a move.
        """
        words = line.split()
        head = words[0].lower()
        style = self.console.style
        if head in ("help", "?", "h") and len(words) == 1:
            self.console.say(self.text.for_rules("help", self.game.rules))
        elif head == "hint" and len(words) == 1:
            self._hint(side)
        elif head == "board" and len(words) == 1:
            self._show_screen(side)
        elif head == "unseen" and len(words) == 1:
            self.console.say(render_unseen(self.game, side, self.text, style))
        elif head == "history" and len(words) == 1:
            self.console.say(render_history(self.game, self.text, side, style))
        elif head == "shuffle" and len(words) == 1:
            order = self._rack_view(side)
            self._shuffler.shuffle(order)
            self.console.say(render_rack(order, self.game.rules, style))
        elif head == "save":
            self._save_command(words[1:])
        elif head in ("quit", "exit", "q") and len(words) == 1:
            self._quit()
        elif head == "undo" and len(words) == 1:
            return self._undo(side)
        else:
            return None
        return False

    def _undo(self, side: int) -> bool:
        """Take back the last turn (and any bot turns after the last human one); True if done."""
        game = self.game
        if not game.history:
            self.console.say(self.text("nothing_to_undo"))
            return False
        last = game.history[-1]
        owner = last.player
        if owner != side and owner in self.humans and len(self.humans) >= 2:  # hot seat: the one whose turn it was agrees
            prompt = self.text("undo_ask_owner", owner=game.names[owner], asker=game.names[side], move=last.notation)
        else:
            prompt = self.text("undo_confirm", name=game.names[owner], move=last.notation)
        if not self.text.is_yes(self.console.ask(prompt)):
            return False
        while True:
            turn = game.pop()
            self.console.say(self.text("undone", name=game.names[turn.player], move=turn.notation))
            if game.to_move not in self.bots or not game.history:
                break
        if game.to_move != side:
            self._shown = None  # someone else moves now: hand the screen over again
        self._autosave()
        return True

    def _save_command(self, args: list[str]) -> None:
        if len(args) != 1:
            self.console.say(self.text("save_usage"))
            return
        self._save_to(args[0])

    def _quit(self) -> None:
        if self.save_path:
            raise _Quit
        if self.text.is_yes(self.console.ask(self.text("quit_save"))):  # yes or no first: a file name is asked only after yes
            path = ""
            while not path:
                path = self.console.ask(self.text("quit_save_where")).strip()
            if self._save_to(path):
                self.console.say(self.text("quit_autosaved", path=path))
        raise _Quit

    def _hint(self, side: int) -> None:
        """The best plays for ``side`` by the equity bot's measure (score plus the leave kept),
        exchanges and the pass included; says so when a search stopped at its node budget."""
        game = self.game
        self.console.say(self.text("hint_wait"))  # a big Smath rack takes seconds
        found = rack_hint(game, side, HINTS)
        best = sorted(found.best, key=lambda o: -o.equity)[:HINTS]
        if not any(o.kind == "place" for o in best):
            self.console.say(self.text("hint_none" if found.exact else "hint_none_stopped"))
        else:
            self.console.say(self.text("hint_head"))
        for o in best:
            self.console.say(self.text("hint_line", move=o.move, score=o.score, equity=f"{o.equity:.1f}"))
        if not found.exact:
            self.console.say(self.text("hint_stopped"))

    # ----- saving -------------------------------------------------------------------------
    def _save_to(self, path: str) -> bool:
        try:
            savefile.write(path, self.game, self.bot_levels)
        except OSError as exc:
            self.console.say(self.text("save_failed", path=path, reason=exc.strerror or exc))
            return False
        self.console.say(self.text("saved", path=path))
        return True

    def _autosave(self) -> None:
        if self.save_path:
            try:
                savefile.write(self.save_path, self.game, self.bot_levels)
            except OSError as exc:
                self.console.say(self.text("save_failed", path=self.save_path, reason=exc.strerror or exc))

    # ----- the screen ---------------------------------------------------------------------
    def _rack_view(self, side: int) -> list[str]:
        """The rack in the order the player arranged it (new tiles appended)."""
        rack = list(self.game.racks[side])
        order: list[str] = []
        for tile in self._rack_order.get(side, []):
            if tile in rack:
                rack.remove(tile)
                order.append(tile)
        order.extend(rack)
        self._rack_order[side] = order
        return order

    def _last_squares(self) -> set[Square]:
        last = self.game.last_placement()
        return {p.square for p in last.tiles} if last is not None else set()

    def _flush_events(self) -> None:
        for msg in self.events:
            self.console.say(msg)
        self.events.clear()

    def _show_public(self) -> None:
        """A fresh screen with what everyone may see: board, scores, the last moves; no rack."""
        game, style = self.game, self.console.style
        self.console.clear()
        self.console.say(render_board(game.board, game.rules, style, self._last_squares()))
        self.console.say(render_scores(game, self.text, style, {k: self.bot_levels.get(k, "") for k in self.bots}))
        for msg in self.events:
            self.console.say(msg)

    def _show_screen(self, side: int) -> None:
        game, style, t = self.game, self.console.style, self.text
        self.console.clear()
        self.console.say(render_board(game.board, game.rules, style, self._last_squares()))
        self.console.say(render_legend(t, style))
        self.console.say(render_scores(game, t, style, {k: self.bot_levels.get(k, "") for k in self.bots}))
        self._flush_events()
        self.console.say(t("to_move", name=game.names[side]))
        rack = self._rack_view(side)
        self.console.say(t("your_rack", name=game.names[side]) + ": " + render_rack(rack, game.rules, style))
        self.console.say(f"  ({t('type_as')}: {' '.join(rack)})")
