"""Hermits Whist: the last tricks of a hand, solved exactly from what the player knows.

PIMC (:mod:`game.ai.whist_pimc`) asks a clairvoyant solver about each sampled world: it
plans as if it knew the dummy's face-down cards and the order of the face-down 8s, so it
overrates lines that wait ("I shall turn an 8 on the last trick", true only in the worlds
where the next 8 happens to suit).  Near the end of a hand the honest problem is small
enough to solve outright: the dummy's next card is equally likely to be any card the
player has not seen (the deck was shuffled; the cards set aside are unseen too), and the
next 8 any of those still in the stack.  So the hand is an expectimax over the player's
own information:

* a **decision** (the dummy's card is face up): play a card, or turn an 8 first;
* turning an 8 is a **chance** node over the 8s left (the last one leaves no trump);
* after a card is played, another **chance** node: the dummy's next card.

A hand's end is worth :func:`game.ai.whist_pimc.later` of its 8s turned and the wild card
its tricks flip (0 if none: the game is lost), PIMC's scale.  The AI uses the tail in the
game's last hand only (one wild card left to flip), where that scale is 100 for a won game
and 0 for a lost one, so the tail's worth is the chance of winning, and no way of playing
on what a player sees wins more often.  In earlier hands the worth of the 8s kept is a
guess (PIMC's :data:`~game.ai.heuristics.hermits_whist.EIGHTS_VALUE`), and an exact
optimiser trades real risks against it: tried on seeds 0-99, 89 and 90 won against PIMC's
93 (docs/ai-strength.md).  Values are exact averages in a fixed order (the same bits in
CPython and Pyodide); ties go to the rule-based player's move, then to the first legal one.

The work grows with the cards left and the cards unseen (a forehand has 24 more unseen
than an aft hand), so the AI solves from fewer cards in a forehand
(:data:`~game.ai.heuristics.hermits_whist.TAIL_CARDS`).  The solve runs in resumable
steps (a generator yielding after each subtree below the dummy's next card), so a browser
page stays responsive.

>>> from game import new_game
>>> s = new_game("hermits-whist", seed=4)
>>> while len(s.hand) > 3:
...     s.play(0, s.legal_moves(0)[-1] if s.legal_moves(0)[-1] != "flip" else s.legal_moves(0)[0])
>>> t = WhistTail(s, prefer=None)
>>> while not t.step(600):
...     pass
>>> t.move in s.legal_moves(0), len(t.worth) == len(s.legal_moves(0))
(True, True)
"""

from __future__ import annotations

from typing import Generator

from ..rules.hermits_whist import EIGHTS, FLIP, INDEX, MAIN_DECK, NO_TRUMP, SUIT, beats, wild_to_flip
from ..rules.hermits_whist import GameState as Whist
from .whist_pimc import later

#: how many decision nodes one ``step(nodes)`` visits per node asked for
NODES_PER_STEP_UNIT = 4


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def unseen(state: Whist) -> list[int]:
    """The cards of this pass through the deck the player has not seen: not in its hand,
    not played to a trick, not the dummy's turned card (nor the forehand's, in an aft
    hand).  Read from the seen part of the stock only; the dummy's next card is any of
    them, equally likely."""
    seen = set(state.stock[:state._unseen_from()])
    return [c for c in MAIN_DECK if c not in seen]


class WhistTail:
    """The exact honest decision above, run in steps like the other root solvers."""

    def __init__(self, state: Whist, prefer: str | None) -> None:
        self.state = state
        self.prefer = prefer
        self.moves = state.legal_moves(0)
        self.worth: list[float] = []
        self.move: str | None = None
        self.done = False
        self.visited = 0
        flipped = tuple(state.wild_flipped)
        #: what the hand's end is worth by (8s turned, tricks won this hand)
        self.end = [[0.0] * 11 for _ in range(len(EIGHTS) + 1)]
        for k in range(1, len(EIGHTS) + 1):
            for w in range(11):
                i = wild_to_flip(state.pips, flipped, w)
                if i is not None:
                    self.end[k][w] = float(later(k, flipped[:i] + (True,) + flipped[i + 1:]))
        self.memo: dict[tuple[int, int, int, int, int], float] = {}
        self.memo_last: dict[tuple[int, int, int, int, int], float] = {}
        self._run = self._root()

    # ---- stepping ----------------------------------------------------------------------

    def step(self, nodes: int) -> bool:
        """Visit about ``nodes`` x NODES_PER_STEP_UNIT decision nodes (whole subtrees
        below the dummy's next card at a time); True once decided."""
        if self.done:
            return True
        pause = self.visited + nodes * NODES_PER_STEP_UNIT
        for _ in self._run:
            if self.visited >= pause:
                return False
        self.done = True
        return True

    # ---- the expectimax ----------------------------------------------------------------

    def _root(self) -> Generator[None, None, None]:
        """Each legal move's worth, a subtree at a time (one yield after each)."""
        s = self.state
        hand = 0
        for c in s.hand:
            hand |= 1 << c
        pool = 0
        for c in unseen(s):
            pool |= 1 << c
        left = 0
        for e in s.eights[s.turned8:]:
            left |= 1 << SUIT[e]
        d = s.dummy_card()
        for m in self.moves:
            if m == FLIP:
                suits = _cards(left)
                total = 0.0
                for e in suits:
                    # the last 8 leaves no trump
                    t, rest = (NO_TRUMP, 0) if len(suits) == 1 else (e, left & ~(1 << e))
                    total += self._decide(hand, pool, t, rest, s.won, d)
                    yield
                v = total / len(suits)
            else:
                c = INDEX[m]
                w = s.won + beats(c, d, s.trump)
                rest = hand & ~(1 << c)
                if not rest:
                    v = self.end[s.turned8][w]
                else:
                    # the chance node below, split by the dummy's next card
                    cards = _cards(pool)
                    total = 0.0
                    for dd in cards:
                        total += self._decide(rest, pool & ~(1 << dd), s.trump, left, w, dd)
                        yield
                    v = total / len(cards)
            self.worth.append(v)
        top = max(self.worth)
        best = [m for m, v in zip(self.moves, self.worth) if v == top]
        self.move = self.prefer if self.prefer in best else best[0]

    def _decide(self, hand: int, pool: int, trump: int, left: int, won: int, d: int) -> float:
        """The best of playing each card and turning an 8 (``left``: the suits of the 8s
        still in the stack), the dummy's ``d`` face up."""
        last = not hand & (hand - 1)
        if last:
            # with one card left the unseen cards no longer matter
            key = (hand, d, trump, left, won)
            v = self.memo_last.get(key)
            if v is not None:
                return v
        self.visited += 1
        best = -1.0
        for c in _cards(hand):
            w = won + beats(c, d, trump)
            rest = hand & ~(1 << c)
            v = self.end[len(EIGHTS) - bin(left).count("1")][w] if not rest else self._chance(rest, pool, trump, left, w)
            if v > best:
                best = v
        if left:
            # turn the next 8: any of those left, equally likely; the last leaves no trump
            suits = _cards(left)
            if len(suits) == 1:
                v = self._decide(hand, pool, NO_TRUMP, 0, won, d)
            else:
                v = 0.0
                for e in suits:
                    v += self._decide(hand, pool, e, left & ~(1 << e), won, d)
                v /= len(suits)
            if v > best:
                best = v
        if last:
            self.memo_last[key] = best
        return best

    def _chance(self, hand: int, pool: int, trump: int, left: int, won: int) -> float:
        """The dummy turns up its next card: any unseen card, equally likely."""
        key = (hand, pool, trump, left, won)
        v = self.memo.get(key)
        if v is not None:
            return v
        cards = _cards(pool)
        total = 0.0
        for d in cards:
            total += self._decide(hand, pool & ~(1 << d), trump, left, won, d)
        v = total / len(cards)
        self.memo[key] = v
        return v


__all__ = ["WhistTail", "unseen"]
