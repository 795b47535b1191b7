"""Hermits Whist with every card known: was this deal winnable, and how?

:func:`solve` answers for any position of a game (``hermits_whist.solve`` is
the public name).  It knows what a player does not: the dummy's face-down
cards, the order of the 8s and the shuffles the state's RNG will make for
later passes through the deck (``GameState.shuffled_stock``).  All rules come
from game/rules/hermits_whist.py: ``beats`` decides a trick, ``trump_after``
the trump once k 8s are turned, ``wild_to_flip`` which wild card a hand
flips, ``dealt`` and ``GameState.deal_after`` which cards each hand holds.

The search
----------
Nothing random happens during play (the deals are fixed by the RNG's key and
the hand number, not by how you play), so the game is a finite puzzle with
two kinds of choice:

* within a hand, trick by trick: how many 8s to turn before playing (the trump
  stack only ever advances: k = 1..4 turned, 4 = no trump) and which card to
  play.  For one hand the outcome table ``O[k][cards left]`` holds, as the
  bits of an int, every pair (8s turned at the end, tricks won from here) that
  some way of playing the cards left reaches: ``O[k][m]`` is the union of
  ``O[k+1][m]`` (turn an 8 first) and, for each card c in m, ``O[k][m - c]``
  shifted by one trick when c wins this trick with k 8s turned.  Filled bottom
  up: at most 2^10 hands x 4 trump states, ten cards each.
* across hands: which reachable (8s turned, tricks won) to aim for, i.e.
  which wild card the hand flips and in which trump state the next hand starts.
  A depth-first search over (hand, 8s turned, wild cards flipped), memoised.

A winning line is then read back from the tables (cards before flips, cards
in hand order).  A whole new game solves in about 18 ms of CPU in CPython
(max 30 ms over 1,000 seeds; about 40 ms in Pyodide): ``python
scripts/whist_solve_stats.py solve`` measures it, with the share of winnable
deals (all of 1,000 seeds with the default wilds 1-6).

>>> from game import new_game
>>> s = new_game("hermits-whist", seed=2)
>>> line = solve(s)
>>> sum(m != "flip" for m in line)         # six hands of ten cards
60
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .hermits_whist import EIGHTS, FLIP, IDS, beats, dealt, trump_after, wild_to_flip

if TYPE_CHECKING:
    from .hermits_whist import GameState

#: 8s turned: 1 (the first, turned at set-up) .. 4 (all: no trump)
TURNS = len(EIGHTS)
#: bits per trump state in an outcome set: tricks won 0..10 fit in 16
STRIDE = 16
#: ``winnable`` tries at most this many seeds before giving up with a ValueError
MAX_SEEDS = 1000


def set_bits(x: int) -> list[int]:
    """Positions of the set bits of x, low first.

    >>> set_bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while x:
        low = x & -x
        out.append(low.bit_length() - 1)
        x ^= low
    return out


class HandTable:
    """Every (8s turned at the end, tricks won) one hand can reach from (8s turned, cards).

    ``cards``: your cards still in hand, ``dummies``: the dummy's cards still to
    turn up, in order (as many as ``cards``).  ``reach(k)`` is the outcome set
    when the hand goes on with k 8s turned: bit ``(k' - 1) * STRIDE + w`` means
    "ends with k' 8s turned, having won w more tricks".

    >>> from .hermits_whist import INDEX, EIGHTS
    >>> h = HandTable([INDEX["3-moons"], INDEX["9-suns"]], [INDEX["5-suns"], INDEX["2-moons"]],
    ...               EIGHTS, first=4)
    >>> sorted(h.outcomes(4))        # no trump: 9-suns wins trick 1, 3-moons trick 2
    [(4, 0), (4, 2)]
    """

    def __init__(self, cards: list[int], dummies: tuple[int, ...] | list[int],
                 eights: tuple[int, ...], first: int = 1) -> None:
        n = len(cards)
        assert len(dummies) == n
        self.cards = list(cards)
        self.first = first
        #: wins[i][k]: bit j set when cards[j] beats the dummy's i-th card with k 8s turned
        self.wins = [[0] * (TURNS + 1) for _ in range(n)]
        for i, d in enumerate(dummies):
            for k in range(first, TURNS + 1):
                t = trump_after(eights, k)
                self.wins[i][k] = sum(1 << j for j, c in enumerate(cards) if beats(c, d, t))
        full = (1 << n) - 1
        self.full = full
        table = [[0] * (full + 1) for _ in range(TURNS + 1)]
        for k in range(first, TURNS + 1):
            table[k][0] = 1 << ((k - 1) * STRIDE)
        for mask in range(1, full + 1):          # m - c < m: smaller sets are done
            row_wins = self.wins[n - mask.bit_count()]
            up = 0                               # O[k + 1][mask]: turn an 8 first
            for k in range(TURNS, first - 1, -1):
                wb = row_wins[k]
                row = table[k]
                acc = up
                m = mask
                while m:
                    low = m & -m
                    child = row[mask ^ low]
                    acc |= (child << 1) if wb & low else child
                    m ^= low
                row[mask] = acc
                up = acc
        self.table = table

    def reach(self, k: int) -> int:
        return self.table[k][self.full]

    def outcomes(self, k: int) -> set[tuple[int, int]]:
        """(8s turned at the end, tricks won) pairs reachable with k 8s turned now."""
        r = self.reach(k)
        return {(b // STRIDE + 1, b % STRIDE) for b in set_bits(r)}

    def line(self, k: int, end: int, won: int) -> list[str]:
        """Moves that play the hand from k 8s turned to ``end`` turned, winning ``won``."""
        assert self.reach(k) >> ((end - 1) * STRIDE + won) & 1, "not reachable"
        n = len(self.cards)
        mask = self.full
        moves: list[str] = []
        while mask:
            wb = self.wins[n - mask.bit_count()][k]
            bit = (end - 1) * STRIDE + won
            row = self.table[k]
            for j in set_bits(mask):
                w = 1 if wb >> j & 1 else 0
                if w <= won and row[mask ^ (1 << j)] >> (bit - w) & 1:
                    moves.append(IDS[self.cards[j]])
                    mask ^= 1 << j
                    won -= w
                    break
            else:                                # no card does it with this trump: turn an 8
                k += 1
                moves.append(FLIP)
        assert k == end and won == 0
        return moves


class Solver:
    """The search from one position; :func:`solve` is the way to use it."""

    def __init__(self, state: "GameState") -> None:
        self.state = state
        self.pips = state.pips
        self.eights = state.eights
        self.now = state.turned8
        self.won_now = state.won
        self.tables: list[HandTable] = []
        # hand 0 is the one in progress: the cards left and the dummy's cards still to come
        self.deals: list[tuple[list[int], tuple[int, ...]]] = [
            (list(state.hand), dealt(state.stock, state.aft)[1][len(state.tricks):])]
        self._next = (state.stock, state.aft, state.round)
        self.memo: dict[tuple[int, int, tuple[bool, ...]], tuple[tuple[int, int], ...] | None] = {}

    def table(self, h: int) -> HandTable:
        """The outcome table of the h-th hand from now (0: the one in progress)."""
        while len(self.tables) <= h:
            i = len(self.tables)
            if i >= len(self.deals):
                stock, aft, rnd = self._next
                stock, aft = self.state.deal_after(stock, aft, rnd)
                self._next = (stock, aft, rnd + 1)
                self.deals.append(dealt(stock, aft))
            cards, dummies = self.deals[i]
            self.tables.append(HandTable(cards, dummies, self.eights, first=self.now))
        return self.tables[h]

    def plan(self, h: int, k: int, flipped: tuple[bool, ...]) -> tuple[tuple[int, int], ...] | None:
        """(8s turned at the end, tricks won) for hand h and every later one, or None."""
        if all(flipped):
            return ()
        key = (h, k, flipped)
        if key in self.memo:
            return self.memo[key]
        result = None
        r = self.table(h).reach(k)
        base = self.won_now if h == 0 else 0
        for b in set_bits(r):
            end, won = b // STRIDE + 1, b % STRIDE
            i = wild_to_flip(self.pips, flipped, base + won)
            if i is None:
                continue
            rest = self.plan(h + 1, end, flipped[:i] + (True,) + flipped[i + 1:])
            if rest is not None:
                result = ((end, won),) + rest
                break
        self.memo[key] = result
        return result

    def line(self) -> list[str] | None:
        p = self.plan(0, self.now, tuple(self.state.wild_flipped))
        if p is None:
            return None
        moves: list[str] = []
        k = self.now
        for h, (end, won) in enumerate(p):
            moves += self.table(h).line(k, end, won)
            k = end
        return moves


def solve(state: "GameState") -> list[str] | None:
    """See :func:`game.rules.hermits_whist.solve`."""
    if state.over:
        return [] if state.result == "won" else None
    return Solver(state).line()


def first_winnable(seed: int, options: dict[str, Any], deal: dict[str, Any] | None = None,
                   limit: int | None = None) -> "GameState":
    """The game ``new_game("hermits-whist", seed=s, options=..., deal=deal)`` of the
    smallest s >= ``seed`` that :func:`solve` wins (option ``winnable`` off).

    Tries ``limit`` (default :data:`MAX_SEEDS`) seeds at most, then raises
    ValueError naming the option: some wilds are (almost) never winnable, e.g.
    six 10s (no seed of the first 1,000 is; ten tricks out of ten, six hands
    running).  Giving up after 1,000 seeds takes about 3-13 s of CPU in CPython.

    >>> first_winnable(0, {"wilds": [0, 2, 4, 6, 8, 10]}).seed
    3
    >>> first_winnable(0, {"wilds": [10] * 6}, limit=5)
    Traceback (most recent call last):
    ...
    ValueError: option 'winnable': none of the 5 deals from seed 0 on can be won with wild cards [10, 10, 10, 10, 10, 10]; try other wilds or turn it off
    """
    from .hermits_whist import GameState
    limit = MAX_SEEDS if limit is None else limit
    plain = {**options, "winnable": False}
    for s in range(seed, seed + limit):
        state = GameState(players=1, seed=s, options=plain, deal=deal)
        if solve(state) is not None:
            return state
    raise ValueError(f"option 'winnable': none of the {limit} deals from seed {seed} on can be won "
                     f"with wild cards {list(options['wilds'])}; try other wilds or turn it off")
