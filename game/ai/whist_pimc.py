"""Hermits Whist: decide by the exact solver on sampled worlds (PIMC).

``game.rules.hermits_whist.solve`` wins a deal knowing every card.  The AI
may not know them, so it samples worlds from its information set
(``determinize``: the dummy's face-down cards, the later shuffles, the order
of the face-down 8s) and asks, in each world and for each legal move, whether
the game can still be won after that move.  The move that keeps the game
winnable in the most worlds is played (ties: the rule-based player's choice
if it is among them, else the first); when no move wins in any world, the
ordinary search decides.

Per world, one :class:`~game.rules.hermits_whist_solver.Solver` answers for
every root move: the hand in progress is read from its outcome table at the
cards left after the move (or one more 8 turned, for ``flip``), and the later
hands from its memoised plan, so a world costs about one solve (~10-20 ms in
CPython), not one per move.

>>> import random
>>> from game import new_game
>>> s = new_game("hermits-whist", seed=2)
>>> p = WhistPIMC(s, 0, worlds=2, rng=random.Random(0), prefer=None)
>>> while not p.step(1):
...     pass
>>> p.move in s.legal_moves(0), sum(p.wins) > 0
(True, True)
"""

from __future__ import annotations

import random

from ..rules.hermits_whist import FLIP, INDEX, wild_to_flip
from ..rules.hermits_whist import GameState as Whist
from ..rules.hermits_whist_solver import STRIDE, Solver


def _bits(x: int) -> list[int]:
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


def winnable_after(solver: Solver, state: Whist, move: str) -> bool:
    """Whether the world of ``solver`` can still be won after ``move`` from ``state``."""
    k = state.turned8
    t0 = solver.table(0)
    mask = t0.full
    won = state.won
    if move == FLIP:
        k += 1
    else:
        j = t0.cards.index(INDEX[move])
        if t0.wins[0][k] >> j & 1:
            won += 1
        mask ^= 1 << j
    flipped = tuple(state.wild_flipped)
    for b in _bits(t0.table[k][mask]):
        end, w = b // STRIDE + 1, b % STRIDE
        i = wild_to_flip(solver.pips, flipped, won + w)
        if i is None:
            continue
        after = flipped[:i] + (True,) + flipped[i + 1:]
        if all(after) or solver.plan(1, end, after) is not None:
            return True
    return False


class WhistPIMC:
    """The root decision above, one world per ``step``."""

    def __init__(self, state: Whist, seat: int, worlds: int, rng: random.Random, prefer: str | None) -> None:
        self.state = state
        self.seat = seat
        self.worlds = worlds
        self.rng = rng
        self.prefer = prefer
        self.moves = state.legal_moves(seat)
        self.wins = [0] * len(self.moves)
        self.solved = 0
        self.move: str | None = None
        self.done = len(self.moves) < 2
        self.nodes = 0

    def step(self, nodes: int) -> bool:
        """Solve one world (about one solve: ~10-20 ms in CPython, whatever ``nodes``)."""
        if not self.done:
            w = self.state.determinize(self.seat, self.rng)
            assert isinstance(w, Whist)
            solver = Solver(w)
            for i, m in enumerate(self.moves):
                if winnable_after(solver, w, m):
                    self.wins[i] += 1
            self.solved += 1
            self.nodes += nodes
            if self.solved >= self.worlds:
                self._decide()
        return self.done

    def _decide(self) -> None:
        self.done = True
        top = max(self.wins)
        if top == 0:
            return  # lost in every world: the search decides
        best = [m for m, x in zip(self.moves, self.wins) if x == top]
        self.move = self.prefer if self.prefer in best else best[0]
