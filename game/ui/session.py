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

from fractions import Fraction
from typing import Any

from ..core import State, json_number
from .cards import describe

NAMES = ("You", "Rowan", "Sable", "Tamsin", "Ulric")
PHASES = ("loading", "your-turn", "waiting", "over")


def seat_name(seat: int) -> str:
    return NAMES[seat] if seat < len(NAMES) else f"Seat {seat}"


def move_words(move: str) -> str:
    """A notation with its card ids turned into names.

    >>> move_words("lunatic on journey")
    'the Lunatic on the Journey'
    >>> move_words("d4")
    'd4'
    """
    out = []
    for w in move.split(" "):
        name = describe(w)
        out.append(name if name != w and not w.isdigit() else w)
    return " ".join(out)


class Session:
    """The person is seat ``you`` (0); every other seat is a computer player."""

    def __init__(self, state: State, level: str = "easy", you: int = 0):
        self.state = state
        self.level = level
        self.you = you
        self.summary: dict[str, Any] | None = None
        self.log: list[tuple[int, str]] = [(s, move_words(m)) for s, m in state.history[-40:]]
        self.last: tuple[int, str] | None = state.history[-1] if state.history else None

    # ---- whose turn ---------------------------------------------------------------

    def phase(self) -> str:
        """``your-turn`` (a move or a summary's continue), ``waiting`` or ``over``."""
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
        if self.you in movers:
            return None
        return movers[0] if movers else None

    def ai_seed(self) -> int:
        return (self.state.seed * 1_000_003 + len(self.state.history)) & 0x7FFFFFFF

    def legal(self) -> list[str]:
        """The person's legal moves now (``continue`` during a summary)."""
        if self.summary is not None and not self.state.is_over():
            return ["continue"]
        if self.state.is_over():
            return []
        return self.state.legal_moves(self.you)

    # ---- moves -----------------------------------------------------------------

    def play(self, seat: int, move: str) -> None:
        """Play a move (IllegalMove leaves everything as it was); note a finished hand."""
        if move == "continue" and seat == self.you and self.summary is not None:
            self.summary = None
            return
        st = self.state
        before_round, before = st.round, list(st.scores())
        st.play(seat, move)
        self.last = (seat, move)
        self.log.append((seat, move_words(move)))
        del self.log[:-40]
        if st.round != before_round or st.is_over():
            after = st.scores()
            view = st.view(self.you)
            self.summary = {
                "round": before_round,
                "points": [json_number(_frac(a) - _frac(b)) for a, b in zip(after, before)],
                "scores": [json_number(x) for x in after],
                "details": view.get("last_hand") or view.get("last_round"),
                "over": st.is_over(),
                "winners": st.winners(),
            }
            if st.is_over() and st.round == before_round and before_round == 1 and not view.get("last_hand"):
                # A single-deal game: the final scores say it all.
                self.summary["single"] = True

    def explain(self, move: str) -> str:
        """Why the person cannot play ``move`` now, in words."""
        if self.phase() == "waiting":
            seat = self.ai_seat()
            return f"Please wait: it is {seat_name(seat)}'s turn." if seat is not None else "Please wait."
        return self.state.explain_illegal(self.you, move).capitalize() + "."


def _frac(x: Any) -> Fraction:
    return Fraction(x)
