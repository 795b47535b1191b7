"""Hermit knowledge: a trick-avoiding rule-based player, rollouts, hand evaluation.

The rule-based player scores each legal move by what it does to the trick it
joins and plays the cheapest:

* completing a trick you then control costs its points (heavily);
* completing a trick someone else controls is good: it sends them its points;
* taking control of an unfinished trick costs a share of its points, more
  the closer it is to complete;
* following without taking control sheds a card: the higher the better
  (high cards are the dangerous ones to keep), Personalities best of all;
* to start a trick (or when no card follows) use a low, pointless card;
* the Cottage (two players) gets the card most dangerous to keep.

It reads only the seat's own hand and the public tricks.

>>> from game import new_game
>>> s = new_game("hermit", players=4, seed=2)
>>> import random
>>> heuristic_move(s, s.to_move()[0], random.Random(0)).startswith("start ")
True
"""

from __future__ import annotations

import random

from ...core import State, randbelow
from ...rules.hermit import ON, PARSE, POINTS, START, COTTAGE, _controls
from ...decktet import RANK, SUIT_MASK

#: budgets: about 0.5 s (normal) and 1.5 s (hard) of CPython here
ITERATIONS = {"normal": 1000, "hard": 3000}
UCB_C = 0.5
#: points scale of one hand's relative result
SCALE = 33.0
#: chance that a rollout move is random instead of the rule-based choice
EPSILON = 0.15

_RISK = (0.0, 0.2, 0.35, 0.6, 1.0)


def _cost_on(state: State, seat: int, c: int, trick: list[int], owner) -> float:
    t2 = trick + [c]
    pts = 0
    for x in t2:
        pts += POINTS[x]
    if _controls(t2):
        if len(t2) == 4:
            return 6.0 + 3.0 * pts
        return _RISK[len(t2)] * (pts + 4.0) + 0.05 * RANK[c]
    if len(t2) == 4:
        return -1.0 * pts if owner is not None else -0.2 * pts
    return -0.3 * RANK[c] - 0.5 * POINTS[c]


def _start_cost(c: int) -> float:
    return RANK[c] + 0.7 * POINTS[c]


def _scored(state: State, seat: int) -> list[tuple[float, str]]:
    phase = state.phase
    hand = state.hands[seat]
    if phase == "start":
        return [(_start_cost(c), START[c]) for c in hand]
    if phase == "cottage":
        return [(-(2.0 * POINTS[c] + RANK[c]), COTTAGE[c]) for c in hand]
    out = []
    for t, o in zip(state.tricks, state.owners):
        last = t[-1]
        row = t[0]
        lm = SUIT_MASK[last]
        for c in hand:
            if SUIT_MASK[c] & lm:
                out.append((_cost_on(state, seat, c, t, o), ON[c][row]))
    if out:
        return out
    return [(_start_cost(c), START[c]) for c in hand]


def heuristic_move(state: State, seat: int, rng: random.Random) -> str:
    """The cheapest move by the rules of thumb above (ties: the first)."""
    scored = _scored(state, seat)
    best = min(scored, key=lambda x: x[0])
    return best[1]


def rollout_move(state: State, seat: int, rng: random.Random) -> str:
    """The rule-based move, or a random one with probability EPSILON."""
    if rng.random() < EPSILON:
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]
    scored = _scored(state, seat)
    best = scored[0]
    for x in scored:
        if x[0] < best[0]:
            best = x
    return best[1]


def evaluate(state: State, ctx: dict) -> list[float]:
    """Points this hand relative to the others (penalties: fewer is better), in [0, 1]."""
    n = ctx["players"]
    sc = state.scores()
    root = ctx["scores"]
    d = [float(sc[i] - root[i]) for i in range(n)]
    total = sum(d)
    out = []
    for i in range(n):
        rel = (total - d[i]) / (n - 1) - d[i]
        v = 0.5 + rel / (2.0 * SCALE)
        out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)
    return out
