"""Hermits Whist knowledge: aim at a wild card's pip, win or duck each trick to hit it.

The rule-based player picks a target: the unflipped pip still reachable this
hand that is closest to the tricks won so far plus the tricks its hand looks
able to win (trumps count fully, high cards by half).  Then, trick by trick:

* still needing every remaining trick: win with the weakest card that wins;
* needing some tricks: win with the weakest card that wins, if any does,
  else duck with the weakest card (keep the strong ones);
* needing none: lose with the STRONGEST card that still loses (shed danger);
* when no card can do what is needed, turn an 8 (a new trump) if any is left.

Normal and hard decide by the exact solver on sampled worlds (PIMC,
:mod:`game.ai.whist_pimc`): the move that, over the worlds, still flips a wild
card this hand while turning the fewest 8s; among equals, the move after which
this rule-based player, aiming at the best open pip, does best.  Where no move does, the search looks to the end of the hand and
values what is left by how hard
the remaining pips are to hit (each pip p is hit with chance about
``0.97 - 0.07 p``) and how many 8s remain to turn.  The last few tricks of every hand are
instead solved exactly from what the player sees (:mod:`game.ai.whist_tail`: the dummy's
next card and the next 8 as chances), each end of the hand worth the chance of winning the
rest of the game (:mod:`game.ai.whist_value`).

>>> from game import new_game
>>> s = new_game("hermits-whist", seed=3)
>>> import random
>>> heuristic_move(s, 0, random.Random(0)) in s.legal_moves(0)
True
"""

from __future__ import annotations

from typing import Any

import random

from ...core import randbelow
from ...rules.hermits_whist import FLIP, IDS, INDEX, RANK, SUIT, beats
from ...rules.hermits_whist import GameState as Whist

#: budgets of the search (about 15 ms and 0.4 s of CPython here, ~25,000 iterations/s),
#: used only where no move flips a wild card in any world PIMC samples
ITERATIONS = {"normal": 400, "hard": 10000}
#: worlds solved exactly per decision (PIMC, game/ai/whist_pimc.py)
WORLDS = {"normal": 20, "hard": 80}
#: the cards left in hand (forehand, aft hand) from which a decision is solved exactly from
#: the player's own information instead of by PIMC (game/ai/whist_tail.py); an aft hand has
#: 20 fewer unseen cards, so it is solved earlier.  The longest solves in CPython here, three
#: 8s still face down, the unseen cards counted by class: forehand 4 cards 16 / 45 ms (mean /
#: max), 5 cards 0.23 / 0.6 s; aft hand 4 cards 4 / 8 ms, 5 cards 40 / 110 ms, 6 cards 0.3 / 1 s
#: (docs/strength-data/probe/whist-classes/; Pyodide takes 1.5-2 times as long, and a solve
#: cut off by the level's time cap leaves the decision to the plain search: so normal stops
#: short of 5 cards, hard of 6 in an aft hand; a forehand from 5 did not play better)
TAIL_CARDS = {"normal": (4, 4), "hard": (4, 5)}
#: what ending a hand with k 8s turned is worth to PIMC's clairvoyant solver, per mille (k = 4:
#: no trump for the rest of the game); tuned on seeds 0-199 (0.35 to 0.2 at k = 4 played alike),
#: checked on fresh ones
EIGHTS_VALUE = {1: 1000, 2: 850, 3: 650, 4: 350}
UCB_C = 0.4
EPSILON = 0.1
#: a remaining pip p is worth a factor Q0 - Q1 * p (harder pips are worth less)
Q0, Q1 = 0.97, 0.07
TRUSTED_POLICY = True


def _strength(c: int, trump: int) -> int:
    return RANK[c] + (20 if SUIT[c] == trump else 0)


def open_pips(state: Whist) -> list[int]:
    """The pips of the wild cards not yet flipped that this hand can still hit: between
    the tricks won so far and those plus the tricks left."""
    won, left = state.won, 10 - len(state.tricks)
    return [p for p, f in zip(state.pips, state.wild_flipped) if not f and won <= p <= won + left]


def _target(state: Whist) -> int | None:
    won = state.won
    pips = open_pips(state)
    if not pips:
        return None
    trump = state.trump
    est = 0.0
    for c in state.hand:
        if SUIT[c] == trump:
            est += 1.0
        elif RANK[c] >= 11:
            est += 0.5
    want = won + est
    return min(pips, key=lambda p: (abs(p - want), -p))


def rule_move(state: Whist, aim: int | None = None) -> str:
    """The rule-based player's move, aiming at ``aim`` tricks won this hand if given
    (else at its own target, above); it looks at nothing a player does not see."""
    hand = state.hand
    trump = state.trump
    d = state.dummy_card()
    target = _target(state) if aim is None else aim
    can_flip = state.turned8 < 4
    winners = [c for c in hand if beats(c, d, trump)]
    losers = [c for c in hand if not beats(c, d, trump)]
    if target is None:  # lost already: anything
        return IDS[hand[0]]
    need = target - state.won
    left = 10 - len(state.tricks)
    if need > 0:
        if winners:
            return IDS[min(winners, key=lambda c: _strength(c, trump))]
        if need >= left and can_flip:
            return FLIP
        return IDS[min(hand, key=lambda c: _strength(c, trump))]
    if losers:
        return IDS[max(losers, key=lambda c: _strength(c, trump))]
    if can_flip:
        return FLIP
    return IDS[min(hand, key=lambda c: _strength(c, trump))]


def heuristic_move(state: Whist, seat: int, rng: random.Random) -> str:
    return rule_move(state)


def rollout_move(state: Whist, seat: int, rng: random.Random) -> str:
    if rng.random() < EPSILON:
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]
    return rule_move(state)


def evaluate(state: Whist, ctx: dict[str, Any]) -> list[float]:
    """1 for a won game, 0 for a lost one, else the chance-like value of what is left."""
    if state.over:
        return [1.0 if state.result == "won" else 0.0]
    v = 1.0
    for p, f in zip(state.pips, state.wild_flipped):
        if not f:
            v *= Q0 - Q1 * p
    v *= 0.9 + 0.03 * (4 - state.turned8)
    return [v]


def blunder(state: Whist, seat: int, move: str) -> bool:
    """Playing a trump on a trick it cannot win while a card of another suit could lose it instead."""
    if move == FLIP:
        return False
    c = INDEX[move]
    trump = state.trump
    if SUIT[c] != trump or beats(c, state.dummy_card(), trump):
        return False
    return any(SUIT[x] != trump for x in state.hand)


def root_solver(state: Whist, seat: int, level: str, seed: int) -> Any:
    """The last tricks of a hand solved exactly from what the player knows
    (game/ai/whist_tail.py: a hand's end is worth the chance of winning the rest of the
    game), else PIMC with the clairvoyant solver (game/ai/whist_pimc.py)."""
    if level not in WORLDS or len(state.legal_moves(seat)) < 2:
        return None
    from ..whist_pimc import WhistPIMC
    from ...core import make_rng
    prefer = rule_move(state)
    if len(state.hand) <= TAIL_CARDS[level][state.aft]:
        from ..whist_tail import WhistTail
        return WhistTail(state, prefer)
    return WhistPIMC(state, seat, WORLDS[level], make_rng(f"whist-pimc|{seed}"), prefer)
