"""Policy-based inference: worlds weighted by how likely they made the observed plays.

``state.determinize`` deals every world consistent with what a seat has seen
(hard facts: voids, known cards).  Opponents also CHOOSE: a seat that
declared Moons in Type Trump probably holds Moons.  As Skat programs do, a
search can weight each sampled world by the probability that the opponents'
observed choices would have been made in it (under a model of their play,
e.g. the rule-based player), and sample worlds in proportion.

:class:`WeightedWorlds` does sampling importance resampling: it deals a pool
of candidate worlds once (lazily, on the first draw), weighs each, and then
every iteration of the search draws one from the pool in proportion to its
weight (a clone, so iterations never share state).  Only arithmetic and the
rng's ``random()``: the same draws on every platform.  The pool is dealt
``GROW`` worlds per draw until it is complete, so no single iteration (a
browser slice) pays for all of it; a draw picks among the worlds dealt so far.

>>> import random
>>> from game import new_game
>>> s = new_game("type-trump", players=3, seed=1)
>>> pool = WeightedWorlds(s, 0, lambda w: 1.0, size=4, rng=random.Random(0))
>>> w = pool(random.Random(1))
>>> w.view(0) == s.view(0), len(pool.weights)
(True, 4)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Callable

from ..core import State

#: worlds dealt per draw until the pool is complete
GROW = 24


class WeightedWorlds:
    """A sampler ``rng -> State`` over ``size`` determinizations weighted by ``weight(world)``.

    ``prepare(world, rng)`` (optional) may fill in hidden choices of a world
    before it is weighed (e.g. an opponent's secret declaration from a model
    of its play).  A pool whose weights are all zero falls back to uniform.
    """

    def __init__(self, state: State, seat: int, weight: Callable[[Any], float], size: int,
                 rng: random.Random, prepare: Callable[[Any, random.Random], None] | None = None) -> None:
        self.state = state
        self.seat = seat
        self.weight = weight
        self.size = size
        self.rng = rng
        self.prepare = prepare
        self.pool: list[State] = []
        self.weights: list[float] = []
        self.cum: list[float] = []

    def _grow(self, count: int) -> None:
        total = self.cum[-1] if self.cum else 0.0
        for _ in range(min(count, self.size - len(self.pool))):
            w = self.state.determinize(self.seat, self.rng)
            if self.prepare is not None:
                self.prepare(w, self.rng)
            x = self.weight(w)
            self.pool.append(w)
            self.weights.append(x)
            total += x
            self.cum.append(total)

    def effective_size(self) -> float:
        """Kish's effective sample size of the (completed) pool: (sum w)^2 / sum w^2."""
        self._grow(self.size)
        s = sum(self.weights)
        q = sum(x * x for x in self.weights)
        return s * s / q if q else 0.0

    def __call__(self, rng: random.Random) -> State:
        if len(self.pool) < self.size:
            self._grow(GROW)
        top = self.cum[-1]
        if top <= 0.0:  # every world weighs nothing: uniform
            return self.pool[int(rng.random() * len(self.pool))].clone()
        i = bisect_right(self.cum, rng.random() * top)
        return self.pool[min(i, len(self.pool) - 1)].clone()
