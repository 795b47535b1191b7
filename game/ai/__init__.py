"""Computer opponents for every game (the AI contract in shared/DESIGN.md).

>>> from game import new_game
>>> from game.ai import choose_move, start_search
>>> s = new_game("hermit", players=3, seed=4)
>>> m = choose_move(s, 0, level="easy", seed=1)
>>> m in s.legal_moves(0)
True

In a browser the search runs in slices so the page stays responsive::

    search = start_search(state, seat, level="normal", seed=0)
    while not search.step(0.03):
        ...  # yield to the browser
    move = search.best()

``choose_move`` is exactly that loop, so both give the same move for the
same seed whenever the iteration budget (not the time cap) ends the search.

Modules: :mod:`.search` (the one ISMCTS search, game-agnostic),
:mod:`.knowledge` (defaults that work for any registered game through the
contract alone, and the loader of ``heuristics/<game>.py``: rule-based
player, rollout policy, evaluation at the end of a hand, budgets, exact
endgames, blunder veto, weighted worlds), :mod:`.solver` (exact search where
a game gets small: max^n on sampled worlds, a won/lost prover),
:mod:`.inference` (worlds weighted by how likely the observed plays were),
:mod:`.arena` (``python -m game arena``, also against another checkout).

Honesty: the search starts every iteration from a world drawn from the
seat's information set: ``state.determinize(seat, rng)``, which deals only
worlds consistent with everything the seat has seen (voids shown in Hermit
and Type Trump, cards openly ferreted, its own Cottage cards, the dummy's
played cards), optionally weighted by the opponents' observed choices
(Type Trump's declarations); the rule-based players read only the seat's own
hand and public facts.  tests/test_ai.py checks that two states differing
only in cards the seat cannot see give the same move for the same seed.

Levels:

* ``easy``: the game's rule-based player, with a random move one time in four
  (never one the game calls a visible blunder);
* ``normal``: ISMCTS with the game's iteration budget (about half a second
  in CPython), capped at 0.9 s of CPU; exact solving where the game is small;
* ``hard``: ISMCTS with 3-25 times the iterations (about 1.5-2.8 s) and larger exact
  budgets (in stones it proves the ending from more legal cells), capped at 2.8 s.

Where the search's choice is a visible blunder (taking Personalities with a
safe card at hand, trumping the partner's winning trick, a trump thrown on a
lost trick) and the search is not confident, the best other move is played.
"""

from __future__ import annotations

from ..core import State, make_rng, randbelow
from .knowledge import knowledge_for
from .search import Search, random_move

__all__ = ["choose_move", "start_search", "heuristic_move", "random_move", "LEVELS", "Search"]

#: level -> (time cap in seconds, chance of a random move for the easy player)
LEVELS = {"easy": (0.5, 0.25), "normal": (0.9, 0.0), "hard": (2.8, 0.0)}


class FixedChoice:
    """A 'search' whose answer is known at once (easy level, single legal move)."""

    def __init__(self, move: str) -> None:
        self.move = move
        self.iterations = 0
        self.elapsed = 0.0

    def step(self, max_seconds: float) -> bool:
        return True

    def best(self) -> str:
        return self.move


def heuristic_move(state: State, seat: int, seed: int = 0) -> str:
    """The game's rule-based player (no search); random where a game has none."""
    rng = make_rng(f"heuristic|{seed}|{seat}")
    return knowledge_for(state).heuristic_move(state, seat, rng)


def start_search(state: State, seat: int, level: str = "normal", seed: int = 0, *,
                 iterations: int | None = None, seconds: float | None = None,
                 plain: bool = False) -> Search | FixedChoice:
    """A search object with ``step(max_seconds) -> bool`` and ``best() -> str``.

    ``iterations`` / ``seconds`` override the level's budgets (arena, tests);
    ``plain`` searches without the game's heuristics (plain ISMCTS / UCT).
    """
    if level not in LEVELS:
        raise ValueError(f"level: expected one of {', '.join(LEVELS)}, got {level!r}")
    moves = state.legal_moves(seat)
    if not moves:
        raise ValueError(f"seat {seat} has no move now")
    if len(moves) == 1:
        return FixedChoice(moves[0])
    cap, noise = LEVELS[level]
    k = knowledge_for(state, plain=plain)
    n = k.budget(state, seat, level, k.iterations[level]) if iterations is None else iterations
    if n <= 0:
        rng = make_rng(f"easy|{seed}|{seat}")
        if noise and rng.random() < noise:
            # a random move, but never one the rules of thumb call a visible blunder
            fair = [m for m in moves if not k.blunder(state, seat, m)] or moves
            return FixedChoice(fair[randbelow(rng, len(fair))])
        return FixedChoice(k.heuristic_move(state, seat, rng))
    return Search(state, seat, k, iterations=n, seconds=cap if seconds is None else seconds, seed=seed,
                  level=level)


def choose_move(state: State, seat: int, level: str = "normal", seed: int = 0) -> str:
    """One of ``state.legal_moves(seat)``, decided from ``view(seat)`` only."""
    search = start_search(state, seat, level, seed)
    while not search.step(1.0):
        pass
    return str(search.best())
