"""Ferret knowledge: a one-move look-ahead player, and the search's budgets.

The rule-based player tries every legal move on ONE sampled state
(``determinize``: it never looks at the opponent's hand or the stock) and
keeps the move after which (cards in its score pile - the opponent's) +
0.4 x (cards in its unscored tableau - the opponent's) is highest; at the
end of the game the result counts most.  Ties go to the first such move.

Rollouts are uniformly random and stop after ROLLOUT_DEPTH moves, where the
same value (squashed into [0, 1]) is the reward: whole playouts with the
engine's final scoring are costly and noisy.

>>> from game import new_game
>>> import random
>>> s = new_game("ferret", seed=3)
>>> heuristic_move(s, s.to_move()[0], random.Random(0)) in s.legal_moves(s.to_move()[0])
True
"""

from __future__ import annotations

from typing import Any

import random

from ...rules.ferret import GameState as Ferret

#: budgets: about 0.35 s (normal) and 2 s (hard) of CPython here (~7,500 iterations/s)
ITERATIONS = {"normal": 2500, "hard": 15000}
UCB_C = 0.7
#: ... and where the opponent chooses in the tree: a greedier opponent, answering as its
#: best replies so far say (plans 88, 90 and 91, docs/ai-strength.md section 2)
UCB_C_OPP = 0.35
#: the root's moves share the budget by sequential halving (game.ai.search)
ROOT_HALVING = True
#: rollouts stop after this many moves and are evaluated with the value below ...
ROLLOUT_DEPTH = 12
#: ... unless the stock holds this many cards or fewer: then they play to the end,
#: where the engine's final scoring is exact
STOCK_NEAR = 5


def rollout_cap(state: Ferret) -> int:
    """Play to the end (the exact final scoring) once the stock is nearly out."""
    return 400 if len(state.stock) <= STOCK_NEAR else ROLLOUT_DEPTH


def random_rollout(s: Ferret, rng: random.Random, cap: int) -> None:
    """The search's random rollout from ``s`` (a sample, thrown away after): at most
    ``cap`` moves, each the one :meth:`Ferret.random_move` draws, played as (card,
    target) without its notation; the same draws and moves as ``random_move`` and
    ``push`` (tests/test_ai_ferret.py), with no notation, history or legality check.

    >>> from game import new_game
    >>> s = new_game("ferret", seed=3)
    >>> random_rollout(s, random.Random(0), 400); s.is_over()
    True
    """
    s._legal_cache = {}
    getrandbits = rng.getrandbits
    hands, pool, tabs = s.hands, s.pool, s.tableaux
    n = 0
    while True:
        phase = s.phase
        if phase == "play":
            # s._random_play(seat, rng) and its randbelow, inlined: the targets are the
            # pool's cards, then the opponent's tableau's
            seat = s.turn
            hand = hands[seat]
            opp = tabs[1 - seat]
            n_pool = len(pool)
            n_targets = n_pool + len(opp)
            n_moves = len(hand) * n_targets + 1
            k = n_moves.bit_length()
            i = getrandbits(k)
            while i >= n_moves:
                i = getrandbits(k)
            if i == n_moves - 1:
                s._pass(seat)
            else:
                j = i % n_targets
                s._ferret(seat, hand[i // n_targets], pool[j] if j < n_pool else opp[j - n_pool])
        elif phase == "over":
            break
        else:  # a set to choose: rare, through the notation
            seat = s.to_move()[0]
            s.push(seat, s.random_move(seat, rng))
            hands, pool, tabs = s.hands, s.pool, s.tableaux
        n += 1
        if n >= cap:
            break
    s._legal_cache = {}


def _value(s: Ferret, seat: int) -> float:
    sc = s.scores()
    v = float(sc[seat] - sc[1 - seat])
    if s.is_over():
        w = s.winners()
        return v + (50.0 if w == [seat] else 0.0 if len(w) == 2 else -50.0)
    return v + 0.4 * (len(s.tableaux[seat]) - len(s.tableaux[1 - seat]))


def evaluate(s: Ferret, ctx: dict[str, Any]) -> list[float]:
    """The result at the end; else the value above, squashed into [0, 1] per seat."""
    if s.is_over():
        w = s.winners()
        return [1.0 / len(w) if i in w else 0.0 for i in (0, 1)]
    v = _value(s, 0)
    x = v / 6.0
    r = 0.5 + 0.5 * x / (1.0 + abs(x))  # arithmetic only: same bits everywhere
    return [r, 1.0 - r]


def heuristic_move(state: Ferret, seat: int, rng: random.Random) -> str:
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    sample = state.determinize(seat, rng)
    best, best_v = moves[0], None
    for m in moves:
        c: Ferret = sample.clone()  # type: ignore[assignment]
        c.play(seat, m)
        v = _value(c, seat)
        if best_v is None or v > best_v:
            best, best_v = m, v
    return best
