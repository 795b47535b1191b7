"""Hermitage: five hermit games, one engine contract (see shared/DESIGN.md).

>>> from game import GAMES, new_game, load_game
>>> sorted(GAMES)
['ferret', 'hermit', 'hermit-stones', 'hermits-whist', 'type-trump']
>>> s = new_game("hermit", players=4, seed=1)
>>> t = load_game(s.to_json())
>>> t.view(0) == s.view(0)
True
"""

from __future__ import annotations

import importlib
import json
from typing import Any

from .core import SAVE_FORMAT, IllegalMove, State

__all__ = ["GAMES", "new_game", "load_game", "module_name", "IllegalMove", "State"]

#: The one list of games: modules under game.rules, each defining ``GameState``
#: (which declares its id, title, designer, players, options and text forms).
#: A game's renderer (game.ui.render_<module>), AI heuristics
#: (game.ai.heuristics.<module>) and help page are found by the same module name.
RULES_MODULES = ("hermit", "type_trump", "ferret", "hermits_whist", "hermit_stones")


def _registry() -> dict[str, type[State]]:
    games = {}
    for mod in RULES_MODULES:
        cls = importlib.import_module(f"{__name__}.rules.{mod}").GameState
        games[cls.GAME_ID] = cls
    return games


#: game id -> State subclass
GAMES: dict[str, type[State]] = _registry()


def module_name(game_id: str) -> str:
    """The module name a game's rules, renderer and heuristics share.

    >>> module_name("hermit-stones")
    'hermit_stones'
    """
    return _game_class(game_id).__module__.rsplit(".", 1)[1]


def _game_class(game_id: Any) -> type[State]:
    if game_id not in GAMES:
        raise ValueError(f"game: unknown game {game_id!r} (games: {', '.join(GAMES)})")
    return GAMES[game_id]


def new_game(game_id: str, players: int | None = None, seed: int = 0,
             options: dict[str, Any] | None = None, deal: dict[str, Any] | None = None) -> State:
    """A new game.  Bad ids, player counts, options or deals raise ValueError."""
    return _game_class(game_id)(players=players, seed=seed, options=options, deal=deal)


def load_game(data: dict[str, Any] | str) -> State:
    """Rebuild a game from ``State.to_json()`` (a dict or its JSON text).

    Replays the moves from the seed; anything that does not parse or replay
    raises ValueError saying where.
    """
    if isinstance(data, (str, bytes)):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise ValueError(f"save: not JSON ({e})") from None
    if not isinstance(data, dict):
        raise ValueError("save: expected a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise ValueError(f"save: unknown format {data.get('format')!r} (expected {SAVE_FORMAT})")
    unknown = set(data) - {"format", "game", "players", "seed", "options", "moves", "deal"}
    if unknown:
        raise ValueError(f"save: unknown keys {sorted(unknown)}")
    moves = data.get("moves", [])
    if not isinstance(moves, list):
        raise ValueError("save: moves must be a list of [seat, move]")
    state = new_game(data.get("game"), players=data.get("players"), seed=data.get("seed", 0),  # type: ignore[arg-type]
                     options=data.get("options"), deal=data.get("deal"))
    for i, entry in enumerate(moves):
        if (not isinstance(entry, (list, tuple)) or len(entry) != 2
                or not isinstance(entry[0], int) or not isinstance(entry[1], str)):
            raise ValueError(f"save: move {i + 1} is not [seat, move]: {entry!r}")
        try:
            state.play(entry[0], entry[1])
        except IllegalMove as e:
            raise ValueError(f"save: move {i + 1} {entry[1]!r} by seat {entry[0]} does not replay: {e}") from None
    return state
