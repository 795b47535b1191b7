"""Dealing unseen cards under public constraints: inference for ``determinize``.

When a seat shows that it holds no card of some kind (it could not follow a
trick), no sampled world may deal it such a card.  :func:`deal` splits the
unseen cards among the places that hide them (hands, a face-down pile, a
pending choice), each place taking a fixed number of cards and, optionally,
only the cards its predicate accepts.

How: the cards some place refuses are dealt first, the most constrained
first, each to one of the places that accept it with a chance proportional
to the room left there (for a single constrained card that is exactly the
uniform deal); then the cards every place accepts are shuffled into the room
that is left.  A deal that runs into a dead end is retried; after a few
failures a bipartite matching (randomised by the same rng) finds a valid
deal, which exists whenever the constraints are true facts of a real game.

It is a deterministic function of its arguments and the rng: callers pass the
cards sorted, so a sample depends only on what the viewer knows.

>>> import random
>>> odd = lambda c: c % 2 == 1
>>> sorted(deal([0, 1, 2, 3, 4, 5], [3, 3], [odd, None], random.Random(0))[0])
[1, 3, 5]
>>> hands = deal(list(range(10)), [4, 4, 2], [lambda c: c >= 3, None, None], random.Random(1))
>>> all(c >= 3 for c in hands[0]), sorted(sum(hands, [])) == list(range(10))
(True, True)
"""

from __future__ import annotations

import random
from typing import Callable, Optional, Sequence

from ..core import randbelow, shuffle

#: a place's predicate: does it accept this card?  None: it accepts every card
Fits = Optional[Callable[[int], bool]]

#: constructive attempts before the matching fallback
TRIES = 12


def deal(cards: Sequence[int], sizes: Sequence[int], fits: Sequence[Fits],
         rng: random.Random) -> list[list[int]]:
    """Split ``cards`` into ``len(sizes)`` places of those sizes, each card in a place that fits it.

    ``sum(sizes)`` must equal ``len(cards)``.  A card no place accepts (which
    cannot happen for constraints read from a real game) goes anywhere.
    """
    n = len(sizes)
    if sum(sizes) != len(cards):
        raise ValueError(f"deal: {len(cards)} cards for {sum(sizes)} places")
    if all(f is None for f in fits):
        pool = shuffle(rng, list(cards))
        out, i = [], 0
        for k in sizes:
            out.append(pool[i:i + k])
            i += k
        return out
    everywhere: list[int] = []
    tight: list[tuple[int, int, list[int]]] = []
    for c in cards:
        ok = [p for p in range(n) if _fits(fits[p], c)]
        if len(ok) == n or not ok:
            everywhere.append(c)
        else:
            tight.append((len(ok), c, ok))
    tight.sort(key=lambda t: t[0])  # stable: cards arrive sorted
    for _ in range(TRIES):
        attempt = _attempt(tight, everywhere, sizes, rng)
        if attempt is not None:
            return attempt
    return _matching(tight, everywhere, sizes, rng)


def _fits(fit: Fits, card: int) -> bool:
    return fit is None or fit(card)


Tight = list[tuple[int, int, list[int]]]


def _attempt(tight: Tight, everywhere: list[int], sizes: Sequence[int],
             rng: random.Random) -> list[list[int]] | None:
    room = list(sizes)
    out: list[list[int]] = [[] for _ in sizes]
    for _, c, ok in tight:
        total = 0
        for p in ok:
            total += room[p]
        if total == 0:
            return None
        r = randbelow(rng, total)
        for p in ok:
            if r < room[p]:
                break
            r -= room[p]
        out[p].append(c)
        room[p] -= 1
    _fill(out, room, everywhere, rng)
    return out


def _fill(out: list[list[int]], room: list[int], everywhere: list[int], rng: random.Random) -> None:
    rest = shuffle(rng, list(everywhere))
    i = 0
    for p, k in enumerate(room):
        out[p].extend(rest[i:i + k])
        i += k


def _matching(tight: Tight, everywhere: list[int], sizes: Sequence[int], rng: random.Random) -> list[list[int]]:
    """A valid deal by augmenting paths (Kuhn), cards and slots in random order."""
    slots = [p for p, k in enumerate(sizes) for _ in range(k)]
    order = shuffle(rng, list(range(len(tight))))
    slot_order = shuffle(rng, list(range(len(slots))))
    owner: dict[int, int] = {}  # slot -> index into tight

    def augment(i: int, seen: set[int]) -> bool:
        ok = tight[i][2]
        for s in slot_order:
            if slots[s] in ok and s not in seen:
                seen.add(s)
                if s not in owner or augment(owner[s], seen):
                    owner[s] = i
                    return True
        return False

    for i in order:
        augment(i, set())
    out: list[list[int]] = [[] for _ in sizes]
    room = list(sizes)
    placed = set()
    for s, i in owner.items():
        out[slots[s]].append(tight[i][1])
        room[slots[s]] -= 1
        placed.add(i)
    # a card no slot could take (constraints that are not facts): anywhere
    left = [tight[i][1] for i in range(len(tight)) if i not in placed] + list(everywhere)
    _fill(out, room, left, rng)
    return out
