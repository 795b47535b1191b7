"""One game at the table: whose turn, the log, summaries between hands.

Pure logic (no browser): :mod:`game.ui.app` drives it and draws it.

>>> from game import new_game
>>> s = Session(new_game("hermit", players=3, seed=2, options={"target": 5}))
>>> s.phase()                     # the simultaneous start: the person chooses first
'your-turn'
>>> s.play(0, s.state.legal_moves(0)[0]); s.phase(), s.ai_seat()
('waiting', 1)
"""

from __future__ import annotations

from typing import Any

from ..core import State
from .gamelog import NAMES, GameLog, seat_name  # noqa: F401  (seat_name: used by the renderers)

PHASES = ("loading", "your-turn", "waiting", "over")


class Session:
    """The person is seat ``you`` (0); every other seat is a computer player."""

    def __init__(self, state: State, level: str = "easy", you: int = 0, watch: bool = False):
        self.state = state
        self.level = level
        self.you = you
        self.watch = watch          # every seat is a computer player (the person watches)
        self.summary: dict[str, Any] | None = None
        self.log = GameLog(state, you)
        if state.is_over():             # a finished game (a reload): its result again
            self._summarise(state.events(you))
        self.last: tuple[int, str] | None = state.history[-1] if state.history else None
        #: the events the last play() added (the controller holds a completed trick from them)
        self.fresh: list[dict[str, Any]] = []
        #: what each computer seat keeps of its thinking in this game (game.ai.start_ponder)
        self.memory: dict[int, dict[str, Any]] = {}

    # ---- whose turn ---------------------------------------------------------------

    def phase(self) -> str:
        """``your-turn`` (a move or a summary's continue), ``waiting`` or ``over``."""
        if self.watch:
            return "over" if self.state.is_over() else "waiting"
        if self.summary is not None and not self.state.is_over():
            return "your-turn"
        if self.state.is_over():
            return "over"
        if self.you in self.state.to_move() and self.state.legal_moves(self.you):
            return "your-turn"
        return "waiting"

    def ai_seat(self) -> int | None:
        """The computer seat to move now (None when the person or a summary holds the turn)."""
        if self.summary is not None or self.state.is_over():
            return None
        movers = self.state.to_move()
        if self.you in movers and not self.watch:
            return None
        return movers[0] if movers else None

    def memory_of(self, seat: int) -> dict[str, Any]:
        """Computer seat ``seat``'s memory of this game (facts it proved, kept between its turns)."""
        return self.memory.setdefault(seat, {})

    def ai_seed(self) -> int:
        return (self.state.seed * 1_000_003 + len(self.state.history)) & 0x7FFFFFFF

    def legal(self) -> list[str]:
        """The person's legal moves now (``continue`` during a summary)."""
        if self.watch or self.state.is_over():
            return []
        if self.summary is not None:
            return ["continue"]
        return self.state.legal_moves(self.you)

    # ---- moves -----------------------------------------------------------------

    def play(self, seat: int, move: str) -> None:
        """Play a move (IllegalMove leaves everything as it was); note a finished hand."""
        if move == "continue" and seat == self.you and self.summary is not None:
            self.summary = None
            self.fresh = []
            return
        st = self.state
        seen = self.log.seen
        st.play(seat, move)
        self.last = (seat, move)
        self.log.update()
        # A finished round (its "round" event) or the game's end pauses for a summary.
        new = self.fresh = st.events(self.you, since=seen)
        self._summarise(new)

    def _summarise(self, events: list[dict[str, Any]]) -> None:
        """Pause for a summary if ``events`` end a round (its ``round`` event) or the game."""
        rounds = [e for e in events if e["kind"] == "round"]
        over = next((e for e in events if e["kind"] == "over"), None)
        if rounds or over:
            last = rounds[-1] if rounds else None
            if over is not None and last is not None and last["round"] != over["round"]:
                last = None
            self.summary = {"round": (last or over or {}).get("round"), "event": last, "over": over}

    # ---- undo -------------------------------------------------------------------

    def undo_point(self) -> int | None:
        """How many moves stay after an undo: everything before the person's last move
        (None when there is nothing to undo, or the game is over or watched)."""
        if self.watch or self.state.is_over():
            return None
        for i in range(len(self.state.history) - 1, -1, -1):
            if self.state.history[i][0] == self.you:
                return i
        return None

    def undone(self) -> "Session":
        """A new session back at the person's previous decision: the save replayed
        without the person's last move and the computer moves since.

        >>> from game import new_game
        >>> s = Session(new_game("hermit-stones", seed=1, options={"board": "square5"}))
        >>> s.play(0, "a1"); s.play(1, s.state.legal_moves(1)[0])
        >>> len(s.state.history), s.undo_point(), len(s.undone().state.history)
        (2, 0, 0)
        """
        cut = self.undo_point()
        if cut is None:
            raise ValueError("nothing to undo")
        from .. import load_game
        env = self.state.to_json()
        env["moves"] = env["moves"][:cut]
        return Session(load_game(env), level=self.level, you=self.you)

    def explain(self, move: str) -> str:
        """Why the person cannot play ``move`` now, in words."""
        if self.phase() == "waiting":
            seat = self.ai_seat()
            return f"Please wait: it is {seat_name(seat)}'s turn." if seat is not None else "Please wait."
        return self.state.explain_illegal(self.you, move).capitalize() + "."

