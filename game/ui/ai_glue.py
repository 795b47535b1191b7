"""The computer players' search, in short time slices.

The AI package provides ``game.ai.start_search(state, seat, level, seed)``
returning an object with ``.step(max_seconds) -> bool`` (done?) and
``.best() -> str``.  Until it exists, :class:`RandomSearch` stands in with
the same interface: a seeded random legal move.

>>> from game import new_game
>>> s = new_game("hermit", players=3, seed=1)
>>> search = RandomSearch(s, 1, seed=5)
>>> search.step(0.01), search.best() in s.legal_moves(1)
(True, True)
"""

from __future__ import annotations

from ..core import State, make_rng, randbelow


class RandomSearch:
    """Stand-in for the AI: a seeded random legal move, done in one step."""

    def __init__(self, state: State, seat: int, level: str = "easy", seed: int = 0):
        moves = state.legal_moves(seat)
        self._best = moves[randbelow(make_rng(f"ui-random:{seed}"), len(moves))]

    def step(self, max_seconds: float) -> bool:
        return True

    def best(self) -> str:
        return self._best


def start_search(state: State, seat: int, level: str, seed: int):
    """The AI package's sliced search if it has one, else the random stand-in."""
    try:
        from ..ai import start_search as real
    except ImportError:
        real = None
    if real is not None:
        return real(state, seat, level, seed)
    return RandomSearch(state, seat, level, seed)


def have_real_ai() -> bool:
    try:
        from ..ai import start_search  # noqa: F401
    except ImportError:
        return False
    return True
