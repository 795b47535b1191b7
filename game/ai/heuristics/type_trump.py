"""Type Trump knowledge: declare the suit the hand can collect, win the tricks that pay.

The rule-based player

* declares the suit with the most weight in its hand (each card of the suit
  counts 1, plus its rank / 10, plus 1.5 if it is a trump this round);
  it never plays the Spoiler;
* when a card wins the trick as it stands, values that by the cards of its
  declared suit in the trick (minus a little for spending a high card);
* when it cannot win, plays low and keeps its own suit out of other takes;
* leads a strong card of its suit (a trump, or rank 7+), else its lowest card.

The search looks to the end of the round: points this round relative to the
others.  It reads only the seat's hand, its declaration and the public trick.

>>> from game import new_game
>>> s = new_game("type-trump", players=4, seed=2)
>>> import random
>>> heuristic_move(s, s.to_move()[0], random.Random(0)).startswith("declare ")
True
"""

from __future__ import annotations

import random

from ...core import State, randbelow
from ...decktet import IDS, INDEX, RANK, SUIT_MASK
from ...rules.type_trump import DECLARE, IS_TRUMP, SPOILER, follow_cards, trick_winner

ITERATIONS = {"normal": 2500, "hard": 8000}
UCB_C = 0.5
EPSILON = 0.1
TRUSTED_POLICY = True
SCALE = 8.0
#: solve a sampled world exactly (max^n) in the last tricks: this many cards left in hands
EXACT_TRICKS = 2
EXACT_BUDGET = 2000


def _declare(state: State, seat: int) -> str:
    hand = state.hands[seat]
    is_trump = IS_TRUMP[state.trump]
    best, best_v = 0, -1.0
    for s in range(6):
        bit = 1 << s
        v = 0.0
        for c in hand:
            if SUIT_MASK[c] & bit:
                v += 1.0 + RANK[c] / 10 + (1.5 if is_trump[c] else 0.0)
        if v > best_v:
            best, best_v = s, v
    return DECLARE[best]


def _choose(state: State, seat: int) -> str:
    if state.phase == "declare":
        return _declare(state, seat)
    trick = state.trick
    trump = state.trump
    hand = state.hands[seat]
    d = state.decl[seat]
    bit = (1 << d) if 0 <= d < SPOILER else 0
    if not trick:
        is_trump = IS_TRUMP[trump]
        best, best_v = hand[0], -99.0
        for c in hand:
            mine = SUIT_MASK[c] & bit
            v = (2.0 + RANK[c] / 10) if mine and (is_trump[c] or RANK[c] >= 7) else -RANK[c] / 10
            if v > best_v:
                best, best_v = c, v
        return IDS[best]
    cards = follow_cards(hand, trick[0], trump)
    pos = len(trick)
    pts = 0
    for x in trick:
        if SUIT_MASK[x] & bit:
            pts += 1
    best, best_v = cards[0], -99.0
    for c in cards:
        mine = 1 if SUIT_MASK[c] & bit else 0
        if trick_winner(trick + [c], trump) == pos:
            v = (pts + mine) * (1.0 if d != SPOILER else -1.0) - 0.1 * RANK[c]
        else:
            v = -1.0 * mine - 0.05 * RANK[c]
        if v > best_v:
            best, best_v = c, v
    return IDS[best]


def heuristic_move(state: State, seat: int, rng: random.Random) -> str:
    return _choose(state, seat)


def rollout_move(state: State, seat: int, rng: random.Random) -> str:
    if rng.random() < EPSILON:
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]
    return _choose(state, seat)


def evaluate(state: State, ctx: dict) -> list[float]:
    """Points this round relative to the mean of the others, in [0, 1]."""
    n = ctx["players"]
    sc = state.scores()
    root = ctx["scores"]
    d = [float(sc[i] - root[i]) for i in range(n)]
    total = sum(d)
    out = []
    for i in range(n):
        rel = d[i] - (total - d[i]) / (n - 1)
        v = 0.5 + rel / (2.0 * SCALE)
        out.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else v)
    return out


def _overtakes_partner(state: State, seat: int, move: str) -> bool:
    """Whether ``move`` is a trump that takes the trick from the partner who is winning it."""
    partner = state.partner(seat)
    trick = state.trick
    if partner is None or not trick or state.phase != "play":
        return False
    n = state.players
    pos = len(trick)
    if (state.leader + trick_winner(trick, state.trump)) % n != partner:
        return False
    c = INDEX[move]
    return IS_TRUMP[state.trump][c] and trick_winner(trick + [c], state.trump) == pos


def blunder(state: State, seat: int, move: str) -> bool:
    """Partnership: trumping a trick the partner is winning while another card leaves it to him."""
    if not _overtakes_partner(state, seat, move):
        return False
    return any(not _overtakes_partner(state, seat, m) for m in state.legal_moves(seat))


def exact_ready(state: State) -> bool:
    """The last tricks of a sampled world: solved exactly to the end of the round."""
    if state.phase != "play":
        return False
    left = 0
    for h in state.hands:
        left += len(h)
    return left <= EXACT_TRICKS * state.players
