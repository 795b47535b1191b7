"""Hermits Whist: decide by the exact solver on sampled worlds (PIMC).

``game.rules.hermits_whist.solve`` plays a deal knowing every card.  The AI
may not know them, so it samples worlds from its information set
(``determinize``: the dummy's face-down cards, the later shuffles, the order
of the face-down 8s) and asks, in each world and for each legal move, which
ends of the hand in progress some way of playing still reaches: how many 8s
are turned by then, and which wild card its tricks flip.  Each such end is
worth :func:`solver_worth` (the whole game once the last wild card flips; otherwise
less the more 8s are gone), a move is worth its best end in the world, and
the move worth most summed over the worlds is played; when no move flips a
wild card in any world, the ordinary search decides.

Ties, which are most decisions early in a hand (the solver, seeing the
dummy's face-down cards, can nearly always still reach some pip), go to the
move after which an honest player does best: in each world the rule-based
player plays the hand out seeing only what a player sees, aiming at one open
pip (:func:`played_out`), each end worth :func:`later`, the chance of winning
the rest of the game (game/ai/whist_value.py: hitting pip 6 while it can is
worth more than keeping an 8); a move scores its best aim summed over the
worlds (then the rule-based player's own choice, then the first).  Before, the
rule-based choice broke the tie alone, and it often took tricks it could not
afford to take (seed 58: six won by the sixth trick, the seventh forced).

Why not ask the solver about the later hands too: it would answer as if it
knew their deals, and with that knowledge nearly every line stays winnable
(it wins all of seeds 0-999), so every move looked alike and the player
turned 8s freely; yet a hand played without trump (all 8s turned) is where
most real games were lost (12 of the 19 lost among seeds 0-99).  Valuing the
8s still to turn instead won 178 of seeds 0-199 against 153
(docs/ai-strength.md).

Per world, one :class:`~game.rules.hermits_whist_solver.Solver` table of the
hand in progress answers for every root move, read at the cards left after
the move (or one more 8 turned, for ``flip``): a few milliseconds a world in
CPython.

>>> import random
>>> from game import new_game
>>> s = new_game("hermits-whist", seed=2)
>>> p = WhistPIMC(s, 0, worlds=2, rng=random.Random(0), prefer=None)
>>> while not p.step(1):
...     pass
>>> p.move in s.legal_moves(0), sum(p.worth) > 0
(True, True)
"""

from __future__ import annotations

import random

from ..rules.hermits_whist import FLIP, INDEX, wild_to_flip
from ..rules.hermits_whist import GameState as Whist
from ..rules.hermits_whist_solver import STRIDE, Solver, set_bits
from .heuristics.hermits_whist import EIGHTS_VALUE, open_pips, rule_move
from .whist_value import chance


def ends_after(solver: Solver, state: Whist, move: str) -> set[tuple[int, tuple[bool, ...]]]:
    """Every (8s turned at the end of the hand, wild cards flipped by it) that some way of
    playing the world of ``solver`` reaches after ``move`` from ``state``; a hand that
    would flip no wild card (a lost game) is left out."""
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
    out = set()
    for b in set_bits(t0.table[k][mask]):
        end, w = b // STRIDE + 1, b % STRIDE
        i = wild_to_flip(solver.pips, flipped, won + w)
        if i is not None:
            out.add((end, flipped[:i] + (True,) + flipped[i + 1:]))
    return out


def solver_worth(end: int, flipped: tuple[bool, ...]) -> int:
    """What the clairvoyant solver's end of a hand (``end`` 8s turned, ``flipped``) is
    worth to PIMC, per mille (whole numbers: sums over worlds tie exactly): 1000 for a won
    game, else :data:`EIGHTS_VALUE` of the 8s turned (fewer left to turn, less worth).
    Not the chance of winning the rest (:func:`later`): seeing the dummy's cards, the
    solver reaches nearly any pip, so valuing the hard pips it hits made the player chase
    pips it could not honestly count on (83 of seeds 200-299 won against 89).

    >>> solver_worth(4, (True,) * 6), solver_worth(1, (True,) * 5 + (False,)), solver_worth(4, (True,) * 5 + (False,))
    (1000, 1000, 350)
    """
    return 1000 if all(flipped) else EIGHTS_VALUE[end]


def later(end: int, flipped: tuple[bool, ...], pips: tuple[int, ...]) -> int:
    """What a hand that ends with ``end`` 8s turned and ``flipped`` (of the wild cards
    ``pips``) is worth to a player who sees only what a player sees, per mille: 1000 for a
    won game, else the chance of winning the rest (:func:`game.ai.whist_value.chance`), or
    for wild cards with no table :func:`solver_worth`.

    >>> pips = (1, 2, 3, 4, 5, 6)
    >>> later(4, (True,) * 6, pips), later(1, (True,) * 5 + (False,), pips) > later(4, (True,) * 5 + (False,), pips)
    (1000, True)
    >>> later(1, (True,) * 5 + (False,), pips) < later(1, (False,) + (True,) * 5, pips)  # pip 6 left, or pip 1
    True
    """
    v = None if all(flipped) else chance(pips, flipped, end)
    return solver_worth(end, flipped) if v is None else v


def played_out(world: Whist, move: str, aim: int | None = None) -> int:
    """What ``move`` is worth in ``world`` when the rest of the hand is played by the
    rule-based player, which sees only what a player sees (its hand, the dummy's turned
    card, the trump, the tricks won): :func:`later` of the end it reaches, 0 if it flips
    no wild card.  Unlike the solver's best end, this does not plan with the dummy's
    face-down cards known."""
    w = world.clone()
    assert isinstance(w, Whist)
    r = w.round
    w.push(0, move)
    while w.round == r and not w.over:
        w.push(0, rule_move(w, aim))
    if w.over:
        return 1000 if w.result == "won" else 0
    return later(w.turned8, tuple(w.wild_flipped), w.pips)


class WhistPIMC:
    """The root decision above, one world per ``step``."""

    def __init__(self, state: Whist, seat: int, worlds: int, rng: random.Random, prefer: str | None) -> None:
        self.state = state
        self.seat = seat
        self.worlds = worlds
        self.rng = rng
        self.prefer = prefer
        self.moves = state.legal_moves(seat)
        self.worth = [0] * len(self.moves)
        #: the rule-based player's results after each move, summed over worlds (ties)
        self.aims = open_pips(state)
        self.played = [[0] * len(self.aims) for _ in self.moves]
        self.solved = 0
        self.move: str | None = None
        self.done = len(self.moves) < 2
        self.nodes = 0

    def step(self, nodes: int) -> bool:
        """Sample and tabulate one world (a few ms in CPython, whatever ``nodes``)."""
        if not self.done:
            w = self.state.determinize(self.seat, self.rng)
            assert isinstance(w, Whist)
            solver = Solver(w)
            for i, m in enumerate(self.moves):
                self.worth[i] += max((solver_worth(e, f) for e, f in ends_after(solver, w, m)), default=0)
                for j, a in enumerate(self.aims):
                    self.played[i][j] += played_out(w, m, a)
            self.solved += 1
            self.nodes += nodes
            if self.solved >= self.worlds:
                self._decide()
        return self.done

    def _decide(self) -> None:
        self.done = True
        top = max(self.worth)
        if top == 0:
            return  # no move flips a wild card in any world: the search decides
        tied = [i for i, x in enumerate(self.worth) if x == top]
        honest = [max(self.played[i], default=0) for i in range(len(self.moves))]
        most = max(honest[i] for i in tied)
        best = [self.moves[i] for i in tied if honest[i] == most]
        self.move = self.prefer if self.prefer in best else best[0]
