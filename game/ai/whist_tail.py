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
its tricks flip (0 if none: the game is lost): the chance of winning the rest of the game
(:mod:`game.ai.whist_value`), 1000 per mille for a won game.  In the game's last hand that
is 1000 or 0, so the tail's worth is the chance of winning, and no way of playing on what
a player sees wins more often; in earlier hands it is as good as the table's estimate.
(With PIMC's scale for the 8s kept, :data:`~game.ai.heuristics.hermits_whist.EIGHTS_VALUE`,
a guess and not a chance, the tail in every hand won 89 and 90 of seeds 0-99 against
PIMC's 93: an exact optimiser trades real risks against such a guess.)  Values are exact
averages in a fixed order (the same bits in CPython and Pyodide); ties go to the
rule-based player's move, then to the first legal one.

The work grows with the cards left and the cards unseen (a forehand has 20 more unseen
than an aft hand), so the AI solves from fewer cards in a forehand
(:data:`~game.ai.heuristics.hermits_whist.TAIL_CARDS`).  The solve runs in resumable
steps (a generator that goes down to each chance node with fewer than STEP_CARDS cards in
hand and yields after solving it), so a browser page stays responsive.

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

from typing import Generator, Sequence

from ..rules.hermits_whist import EIGHTS, FLIP, IDS, MAIN_DECK, NO_TRUMP, RANK, SUIT, beats, wild_to_flip
from ..rules.hermits_whist import GameState as Whist
from ..rules.hermits_whist_solver import set_bits
from .whist_pimc import later

#: how many decision nodes one ``step(nodes)`` visits per node asked for
NODES_PER_STEP_UNIT = 1
#: chance nodes with this many cards in hand or more are solved in several steps
STEP_CARDS = 4
#: worths this close are equal (the same sums added in different orders)
TIE = 1e-9


def unseen(state: Whist) -> list[int]:
    """The cards of this pass through the deck the player has not seen: not in its hand,
    not played to a trick, not the dummy's turned card (nor the forehand's, in an aft
    hand).  Read from the seen part of the stock only; the dummy's next card is any of
    them, equally likely."""
    seen = set(state.stock[:state._unseen_from()])
    return [c for c in MAIN_DECK if c not in seen]


def _flips(left: int) -> list[tuple[int, int]]:
    """(trump, suits still face down) after turning the next 8, each equally likely, from
    the suits ``left`` face down: "If you turn over all the 8 cards so that there are no
    cards left in the 8's stack, then there is no trump for the remainder of the game."

    >>> _flips(0b0101), _flips(0b0100)
    ([(0, 4), (2, 1)], [(-1, 0)])
    """
    suits = set_bits(left)
    if len(suits) == 1:
        return [(NO_TRUMP, 0)]
    return [(e, left & ~(1 << e)) for e in suits]


#: :func:`_flips` of every set of suits face down
FLIPS = {left: _flips(left) for left in range(1, 1 << len(EIGHTS))}


#: bits per class count in a packed pool (a class is at most one suit's 11 cards)
COUNT_BITS = 4
COUNT_MASK = (1 << COUNT_BITS) - 1


def classes(hand: Sequence[int], cards: Sequence[int]) -> list[list[int]]:
    """``cards`` (the unseen) grouped so that every card of ``hand`` beats all of a group
    or none, whatever the trump: one suit's cards ranked between the same two cards of the
    hand in that suit (:func:`beats` compares a card with the dummy's only by suit, and by
    rank within a suit).  Groups in order of their first card.

    >>> from game.rules.hermits_whist import INDEX, IDS
    >>> h = [INDEX["5-suns"], INDEX["9-suns"]]
    >>> [[IDS[c] for c in g] for g in classes(h, [INDEX[x] for x in ("1-suns", "3-suns", "7-suns", "12-suns", "2-moons", "4-moons")])]
    [['1-suns', '3-suns'], ['7-suns'], ['12-suns'], ['2-moons', '4-moons']]
    """
    groups: dict[tuple[int, int], list[int]] = {}
    for d in cards:
        below = sum(1 for c in hand if SUIT[c] == SUIT[d] and RANK[c] < RANK[d])
        groups.setdefault((SUIT[d], below), []).append(d)
    return list(groups.values())


def twins(hand: Sequence[int], apart: Sequence[int]) -> list[int]:
    """For every card, the lowest card of ``hand`` it cannot be told apart from: of its suit
    with no card of ``apart`` (the cards the dummy may show) ranked between them, so both
    beat the same dummy cards under any trump.  A card not in ``hand`` is its own.

    >>> from game.rules.hermits_whist import INDEX, IDS
    >>> t = twins([INDEX["5-suns"], INDEX["6-suns"], INDEX["9-suns"]], [INDEX["7-suns"]])
    >>> IDS[t[INDEX["6-suns"]]], IDS[t[INDEX["9-suns"]]]
    ('5-suns', '9-suns')
    """
    out = list(range(len(SUIT)))
    cards = sorted(hand)
    for a, b in zip(cards, cards[1:]):
        if SUIT[a] == SUIT[b] and not any(SUIT[x] == SUIT[a] and RANK[a] < RANK[x] < RANK[b] for x in apart):
            out[b] = out[a]
    return out


class WhistTail:
    """The exact honest decision above, run in steps like the other root solvers.

    The unseen cards are counted by class, not listed: two cards the dummy may turn up are
    alike when each card of the player's hand (now, so later too) beats both or neither
    under every trump, which holds for two cards of one suit with no card of the hand of
    that suit ranked between them (:func:`classes`).  A chance node then branches once per
    class, weighted by its count, and positions that differ only in which card of a class
    is gone are one position: the same worths, far fewer nodes (a forehand's unseen cards
    fall into at most eight classes against a hand of four).  Likewise two cards of the hand
    that no unseen card tells apart are searched once (:func:`twins`), and a position from
    which no count of the tricks left flips a wild card is worth 0 at once.
    """

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
                    self.end[k][w] = float(later(k, flipped[:i] + (True,) + flipped[i + 1:], state.pips))
        self.memo: dict[tuple[int, int, int, int, int], float] = {}
        self.memo_last: dict[tuple[int, int, int, int, int], float] = {}
        #: the cards unseen at this decision, by class: a card standing for each, and the
        #: counts packed COUNT_BITS a class into one int (the pool)
        self.unseen = unseen(state)
        groups = classes(state.hand, self.unseen)
        self.reps = [g[0] for g in groups]
        self.pool = 0
        for i, g in enumerate(groups):
            self.pool |= len(g) << (COUNT_BITS * i)
        #: the end's worths by the suits of the 8s still face down
        self.end_by_left = {m: self.end[len(EIGHTS) - bin(m).count("1")] for m in range(1 << len(EIGHTS))}
        #: dead[won][cards]: every end reachable from ``won`` tricks with ``cards`` to play
        #: flips no wild card (worth 0 whatever is played)
        self.dead = [[all(row[x] == 0.0 for row in self.end for x in range(w, min(w + n, 10) + 1))
                      for n in range(11)] for w in range(11)]
        #: twin[c]: the lowest card of the hand that beats the same cards as ``c`` (of its
        #: suit, no unseen card nor the dummy's card ranked between): playing either leads
        #: to the same worths, so only the lowest is searched
        self.twin = twins(state.hand, self.unseen + [state.dummy_card()])
        #: the set bits of hands and 8s masks met so far
        self.bits: dict[int, list[int]] = {}
        #: (class, its count, the pool without one of it) of every pool met so far
        self.draws: dict[int, list[tuple[int, int, int]]] = {}
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
        """Each legal move's worth, in steps (see :meth:`_decide_steps`)."""
        s = self.state
        hand = 0
        for c in s.hand:
            hand |= 1 << c
        left = 0
        for e in s.eights[s.turned8:]:
            left |= 1 << SUIT[e]
        worth: dict[str, float] = {}
        yield from self._decide_steps(hand, self.pool, s.trump, left, s.won, s.dummy_card(), worth)
        self.worth = [worth[m] for m in self.moves]
        top = max(self.worth)
        # equal worths may differ in the last bits, summed in different orders
        best = [m for m, v in zip(self.moves, self.worth) if v >= top - TIE]
        self.move = self.prefer if self.prefer in best else best[0]

    def _draws(self, pool: int) -> list[tuple[int, int, int]]:
        """The dummy's next card from ``pool``: (the card standing for a class, how many of
        the class are left, the pool after one of them is turned up), class by class."""
        out = self.draws.get(pool)
        if out is None:
            out = []
            i = 0
            rest = pool
            while rest:
                n = rest & COUNT_MASK
                if n:
                    out.append((self.reps[i], n, pool - (1 << (COUNT_BITS * i))))
                rest >>= COUNT_BITS
                i += 1
            self.draws[pool] = out
        return out

    def _decide_steps(self, hand: int, pool: int, trump: int, left: int, won: int, d: int,
                      worth: dict[str, float] | None = None) -> Generator[None, None, float]:
        """:meth:`_decide` in resumable steps (each move's worth into ``worth``, if given),
        so that no step runs long: the root's subtrees are cut down to chance nodes with
        fewer than STEP_CARDS cards in hand, one step each."""
        best = -1.0
        twin = self.twin
        for c in set_bits(hand):
            t = twin[c]
            if t != c and hand >> t & 1:
                if worth is not None:
                    worth[IDS[c]] = worth[IDS[t]]
                continue
            w = won + beats(c, d, trump)
            rest = hand & ~(1 << c)
            v = (yield from self._chance_steps(rest, pool, trump, left, w)) if rest else self.end_by_left[left][w]
            if worth is not None:
                worth[IDS[c]] = v
            best = max(best, v)
        if left:
            outcomes = FLIPS[left]
            v = 0.0
            for t, after in outcomes:
                v += yield from self._decide_steps(hand, pool, t, after, won, d)
            v /= len(outcomes)
            if worth is not None:
                worth[FLIP] = v
            best = max(best, v)
        return best

    def _chance_steps(self, hand: int, pool: int, trump: int, left: int, won: int) -> Generator[None, None, float]:
        """:meth:`_chance` in steps: a chance node with STEP_CARDS cards or more in hand
        goes on in steps below each class of the dummy's cards; a smaller one is one step."""
        if bin(hand).count("1") < STEP_CARDS:
            whole = self._chance(hand, pool, trump, left, won)
            yield
            return whole
        if self.dead[won][hand.bit_count()]:
            return 0.0
        key = (hand, pool, trump, left, won)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0.0
        count = 0
        for d, n, after in self._draws(pool):
            total += n * (yield from self._decide_steps(hand, after, trump, left, won, d))
            count += n
        v = total / count
        self.memo[key] = v
        return v

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
        bits = self.bits
        cards = bits.get(hand)
        if cards is None:
            cards = bits[hand] = set_bits(hand)
        if last:
            c = cards[0]
            best = self.end_by_left[left][won + beats(c, d, trump)]
        else:
            twin = self.twin
            for c in cards:
                t = twin[c]
                if t != c and hand >> t & 1:
                    continue
                v = self._chance(hand & ~(1 << c), pool, trump, left, won + beats(c, d, trump))
                if v > best:
                    best = v
        if left:
            # turn the next 8: any of those left, equally likely (the last leaves no trump)
            outcomes = FLIPS[left]
            v = 0.0
            for t, after in outcomes:
                v += self._decide(hand, pool, t, after, won, d)
            v /= len(outcomes)
            if v > best:
                best = v
        if last:
            self.memo_last[key] = best
        return best

    def _chance(self, hand: int, pool: int, trump: int, left: int, won: int) -> float:
        """The dummy turns up its next card: any unseen card, equally likely (a class's
        cards alike, so each class once, weighted by its count)."""
        if self.dead[won][hand.bit_count()]:
            return 0.0
        key = (hand, pool, trump, left, won)
        v = self.memo.get(key)
        if v is not None:
            return v
        total = 0.0
        count = 0
        for d, n, after in self._draws(pool):
            total += n * self._decide(hand, after, trump, left, won, d)
            count += n
        v = total / count
        self.memo[key] = v
        return v


__all__ = ["WhistTail", "classes", "twins", "unseen"]
