"""Shared helpers for the contract suite and the per-game tests."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import Any, Iterator

from game import GAMES, State

CARD_GAMES = {"hermit", "type-trump", "ferret", "hermits-whist"}

# (game id, players) for every supported player count of every registered game.
CONFIGS = [(gid, n) for gid, cls in GAMES.items()
           for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1)]


def strings_in(obj: Any) -> Iterator[str]:
    """Every string (keys included) anywhere in a JSON-like value.

    Notation strings such as ``"bard on sea"`` are split into their words too,
    so a card id hidden inside a move is found.
    """
    if isinstance(obj, str):
        yield obj
        yield from obj.split()
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_in(k)
            yield from strings_in(v)
    elif isinstance(obj, (list, tuple)):
        for v in obj:
            yield from strings_in(v)


def snapshot(state: State) -> str:
    """Everything observable about a state, as one comparable string."""
    data = {
        "to_move": state.to_move(),
        "over": state.is_over(),
        "scores": [str(x) for x in state.scores()],
        "views": [state.view(s) for s in range(state.players)],
        "legal": [state.legal_moves(s) for s in range(state.players)],
    }
    return json.dumps(data, sort_keys=True)


def random_moves(state: State, rng: random.Random, limit: int = 20_000) -> Iterator[tuple[int, str]]:
    """Play random legal moves to the end, yielding each (seat, move) before it is played."""
    for _ in range(limit):
        if state.is_over():
            return
        movers = state.to_move()
        assert movers, "the game is not over, yet nobody is to move"
        seat = rng.choice(movers)
        move = rng.choice(state.legal_moves(seat))
        yield seat, move
        state.play(seat, move)
    raise AssertionError(f"game did not end within {limit} moves")


def is_exact_number(x: Any) -> bool:
    return (isinstance(x, int) and not isinstance(x, bool)) or isinstance(x, Fraction)
