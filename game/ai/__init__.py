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

A player may also think during the others' turns (hard, in stones: proving
the ending ahead).  It keeps a ``memory`` (a dict, one per computer seat and
game) and passes it to both::

    memory = {}
    ponder = start_ponder(state, seat, level="hard", memory=memory)   # None: nothing to do
    while ponder is not None and not ponder.step(0.03) and person_still_thinking():
        ...
    search = start_search(state_after_their_move, seat, "hard", seed, memory=memory)

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

import time
from typing import Any

from ..core import State, make_rng, randbelow
from .knowledge import knowledge_for
from .search import Search, random_move

__all__ = ["choose_move", "start_search", "start_ponder", "heuristic_move", "random_move", "LEVELS", "Search",
           "Ponder"]

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
                 plain: bool = False, memory: dict[str, Any] | None = None) -> Search | FixedChoice:
    """A search object with ``step(max_seconds) -> bool`` and ``best() -> str``.

    ``iterations`` / ``seconds`` override the level's budgets (arena, tests);
    ``plain`` searches without the game's heuristics (plain ISMCTS / UCT);
    ``memory``: what this player kept of its earlier thinking in this game
    (:func:`start_ponder`).
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
                  level=level, memory=memory)


#: positions a ponder step works through before it looks at the clock (about 5 ms in
#: CPython here, 15 ms in Pyodide; 600 gave slices over 100 ms in the browser)
PONDER_CHUNK = 200


class Ponder:
    """Thinking for ``seat`` during another seat's turn, in slices: ``step(max_seconds)``
    returns True once there is nothing left to think about (then stop calling it)."""

    def __init__(self, work: Any) -> None:
        self.work = work
        self.elapsed = 0.0

    def step(self, max_seconds: float) -> bool:
        t0 = time.perf_counter()
        stop = t0 + max_seconds
        done = self.work.done
        while not done and time.perf_counter() < stop:
            done = self.work.step(PONDER_CHUNK)
        self.elapsed += time.perf_counter() - t0
        return bool(done)

    @property
    def nodes(self) -> int:
        """Positions worked through so far."""
        return int(getattr(self.work, "nodes", 0))


def start_ponder(state: State, seat: int, level: str, memory: dict[str, Any]) -> Ponder | None:
    """What ``seat`` (a computer player) may think about while another seat is to move,
    or None.  Its findings go into ``memory``; pass the same ``memory`` to
    :func:`start_search` at this player's next turn.  Only facts of the game are kept
    (a position proven won or lost): what the player finds sooner with them, it
    would find without them given the time.

    >>> from game import new_game
    >>> s = new_game("hermit-stones", seed=2)
    >>> start_ponder(s, 1, "hard", {}) is None     # the opening: nothing to prove yet
    True
    """
    if level not in LEVELS or seat in state.to_move() or state.is_over():
        return None
    work = knowledge_for(state).ponder(state, seat, level, memory)
    return None if work is None else Ponder(work)


def choose_move(state: State, seat: int, level: str = "normal", seed: int = 0) -> str:
    """One of ``state.legal_moves(seat)``, decided from ``view(seat)`` only."""
    search = start_search(state, seat, level, seed)
    while not search.step(1.0):
        pass
    return str(search.best())
