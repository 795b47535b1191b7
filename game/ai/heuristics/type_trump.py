"""Type Trump knowledge: declare the suit the hand can collect, win the tricks that pay.

The rule-based player

* declares the suit with the most weight in its hand (each card of the suit
  counts 1, plus its rank / 10, plus 3 if it is a trump this round);
  it never plays the Spoiler;
* when a card wins the trick as it stands, values that by the cards of its
  declared suit already in the trick;
* when it cannot win, plays low and keeps its own suit out of other takes;
* leads its lowest card outside its suit (a card of its suit led is one the
  others can take), else the highest card of its suit.

The weights were tuned in self-play against the player's previous rules
(docs/ai-strength.md, "Type Trump's rule-based player"): one player with the
new rules against the others with the old scored 0.92 [0.86, 0.99] more points
a round (1,000 deals of 4 players; 1.53 with 3 players).

The search looks to the end of the round: points this round relative to the
others.  It reads only the seat's hand, its declaration and the public trick.

>>> from game import new_game
>>> s = new_game("type-trump", players=4, seed=2)
>>> import random
>>> heuristic_move(s, s.to_move()[0], random.Random(0)).startswith("declare ")
True
"""

from __future__ import annotations

from typing import Any, Sequence

import random

from ...core import randbelow
from ...decktet import IDS, INDEX, RANK, SUIT_MASK, SUITS
from ...rules.type_trump import DECLARE, IS_TRUMP, SPOILER, follow_cards, trick_winner
from ..inference import WeightedWorlds
from ...rules.type_trump import GameState as TypeTrump

#: budgets: about 0.25 s (normal) and 1.5 s (hard) of CPython here (~8,000 iterations/s)
ITERATIONS = {"normal": 2500, "hard": 12000}
#: the declaration sets up the whole round: it gets this many times the level's iterations
DECLARE_BUDGET = 1.6
#: inference from declarations: P(declare suit s | hand) ~ weight(s) ** DECL_POWER ...
DECL_POWER = 3
#: ... over a pool of this many sampled worlds per search (sampling importance resampling)
POOL = {"normal": 300, "hard": 400}
UCB_C = 0.5
EPSILON = 0.1
TRUSTED_POLICY = True
SCALE = 8.0
#: decide by solving sampled worlds exactly (max^n) in the last tricks
EXACT_TRICKS = 2
EXACT_BUDGET = 2000
EXACT_WORLDS = {"normal": 100, "hard": 300}
#: the exact solver's share of the level's time cap (then the worlds solved so far decide,
#: or the search in the rest; it solves the last 2 tricks' 100 worlds in about 0.03 s here,
#: so only a far slower machine needs it)
PROVER_SHARE = 0.5


def suit_weights(cards: Sequence[int], trump: int) -> list[int]:
    """Ten times each suit's weight in ``cards`` (the declaration rule above, in integers).

    >>> from game.decktet import INDEX
    >>> suit_weights([INDEX["bard"], INDEX["ace-moons"]], 0)[:2]   # Bard: 10+10+30 (a Personality)
    [11, 50]
    """
    is_trump = IS_TRUMP[trump]
    out = [0] * 6
    for c in cards:
        v = 10 + RANK[c] + (30 if is_trump[c] else 0)
        m = SUIT_MASK[c]
        for s in range(6):
            if m >> s & 1:
                out[s] += v
    return out


def _declare(state: TypeTrump, seat: int) -> str:
    v = suit_weights(state.hands[seat], state.trump)
    best = 0
    for s in range(1, 6):
        if v[s] > v[best]:
            best = s
    return DECLARE[best]


def _choose(state: TypeTrump, seat: int) -> str:
    if state.phase == "declare":
        return _declare(state, seat)
    trick = state.trick
    trump = state.trump
    hand = state.hands[seat]
    d = state.decl[seat]
    bit = (1 << d) if 0 <= d < SPOILER else 0
    if not trick:
        best, best_v = hand[0], -99.0
        for c in hand:
            v = (RANK[c] / 10 - 3.0) if SUIT_MASK[c] & bit else -RANK[c] / 10
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
            v = pts * (1.0 if d != SPOILER else -1.0)
        else:
            v = -1.0 * mine - 0.05 * RANK[c]
        if v > best_v:
            best, best_v = c, v
    return IDS[best]


def heuristic_move(state: TypeTrump, seat: int, rng: random.Random) -> str:
    return _choose(state, seat)


def rollout_move(state: TypeTrump, seat: int, rng: random.Random) -> str:
    if rng.random() < EPSILON:
        moves = state.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]
    return _choose(state, seat)


def evaluate(state: TypeTrump, ctx: dict[str, Any]) -> list[float]:
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


def _overtakes_partner(state: TypeTrump, seat: int, move: str) -> bool:
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


def blunder(state: TypeTrump, seat: int, move: str) -> bool:
    """Partnership: trumping a trick the partner is winning while another card leaves it to him."""
    if not _overtakes_partner(state, seat, move):
        return False
    return any(not _overtakes_partner(state, seat, m) for m in state.legal_moves(seat))


def exact_ready(state: TypeTrump) -> bool:
    """The last tricks: sampled worlds are solved exactly to the end of the round."""
    if state.phase != "play":
        return False
    left = 0
    for h in state.hands:
        left += len(h)
    return left <= EXACT_TRICKS * state.players


def _declaration_odds(cards: Sequence[int], trump: int) -> list[float]:
    """The model of a declaration: odds of each suit from the hand it was made with,
    ``(weight + 1) ** DECL_POWER`` (multiplications only: the same bits everywhere)."""
    out = []
    for v in suit_weights(cards, trump):
        x = float(v + 1)
        p = x
        for _ in range(DECL_POWER - 1):
            p *= x
        out.append(p)
    return out


def sampler(state: TypeTrump, seat: int, level: str, rng: random.Random) -> Any:
    """Worlds weighted by the opponents' declarations (not in partnership: there
    the opponents' two hands together are exactly the unseen cards, so their
    team's declaration says nothing about who holds what).

    A declared suit makes the hands that favour it likelier: each world is
    weighted by the product, over the opponents whose suit the seat knows, of
    the chance that the model declares that suit from the hand the opponent
    was dealt (its cards now plus those it has played this deal).  An
    opponent's secret declaration (made, not yet revealed) is drawn from the
    same model for its sampled hand.
    """
    if state.partnered or level not in POOL:
        return lambda r: state.determinize(seat, r)
    v = state.view(seat)
    decls = v["declarations"]
    others = [s for s in range(state.players) if s != seat]
    known = [s for s in others if decls[s] in SUITS]
    secret = [s for s in others if decls[s] is None and s in v["declared"]]
    if not known and not secret:
        return lambda r: state.determinize(seat, r)
    played: dict[int, list[int]] = {s: [] for s in others}
    for who, c in state.plays_this_deal():
        if who in played:
            played[who].append(c)
    codes = {s: SUITS.index(decls[s]) for s in known}
    trump = state.trump

    def weight(w: TypeTrump) -> float:
        x = 1.0
        for s in known:
            odds = _declaration_odds(w.hands[s] + played[s], trump)
            x *= odds[codes[s]] / sum(odds)
        return x

    def prepare(w: TypeTrump, r: random.Random) -> None:
        for s in secret:
            odds = _declaration_odds(w.hands[s], trump)
            u = r.random() * sum(odds)
            code = 5
            for i, p in enumerate(odds):
                if u < p:
                    code = i
                    break
                u -= p
            w.decl[s] = code

    return WeightedWorlds(state, seat, weight, POOL[level], rng, prepare if secret else None)


def budget(state: TypeTrump, seat: int, level: str, n: int) -> int:
    """More search for the declaration (a suit or the Spoiler: it decides most of a round)."""
    return int(n * DECLARE_BUDGET) if state.phase == "declare" else n
