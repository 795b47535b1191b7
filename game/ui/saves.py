"""Saves in localStorage: one per game id, in the DESIGN.md envelope.

``storage`` is anything with ``getItem`` / ``setItem`` / ``removeItem`` (the
browser's localStorage, or a dict-backed fake in tests).

>>> from game import new_game
>>> st = MemoryStorage()
>>> s = new_game("hermit", players=3, seed=4); s.play(0, s.legal_moves(0)[0])
>>> write(st, s)
>>> restored, problems = read_all(st)
>>> restored["hermit"].view(0) == s.view(0), problems
(True, [])
>>> st.setItem(save_key("hermit"), '{"format": 1, "game": "hermit", "moves": [[0, "nonsense"]]}')
>>> restored, problems = read_all(st)
>>> restored, st.getItem(backup_key("hermit")) is not None, "kept aside" in problems[0]
({}, True, True)
"""

from __future__ import annotations

from typing import Any

from .. import GAMES, load_game
from ..core import State, dumps

PREFIX = "hermitage.save."
BACKUP = "hermitage.backup."


def save_key(game: str) -> str:
    return PREFIX + game


def backup_key(game: str, n: int = 0) -> str:
    return BACKUP + game + (f".{n}" if n else "")


class MemoryStorage:
    """A dict with the localStorage methods (for tests and as a fallback)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


def write(storage: Any, state: State) -> None:
    """Autosave ``state`` under its game id (replacing that game's save)."""
    storage.setItem(save_key(state.GAME_ID), dumps(state.to_json()))


def remove(storage: Any, game: str) -> None:
    storage.removeItem(save_key(game))


def set_aside(storage: Any, game: str, text: str, reason: str) -> str:
    """Move a broken save to a free backup key; return the message for the person."""
    n = 0
    while storage.getItem(backup_key(game, n)) is not None:
        n += 1
    key = backup_key(game, n)
    storage.setItem(key, text)
    storage.removeItem(save_key(game))
    title = GAMES[game].TITLE if game in GAMES else game
    return (f"Your saved {title} game could not be restored ({reason}). "
            f"It was kept aside in this browser's storage under “{key}”, not deleted.")


def read(storage: Any, game: str) -> tuple[State | None, str | None]:
    """(the saved game or None, a problem message or None) for one game id."""
    text = storage.getItem(save_key(game))
    if text is None:
        return None, None
    try:
        state = load_game(text)
        if state.GAME_ID != game:
            raise ValueError(f"save: it holds a {state.GAME_ID} game")
    except (ValueError, TypeError, KeyError, RecursionError) as e:
        return None, set_aside(storage, game, text, str(e) or type(e).__name__)
    return state, None


def read_all(storage: Any) -> tuple[dict[str, State], list[str]]:
    """Every playable saved game, and a message for each save set aside."""
    out: dict[str, State] = {}
    problems: list[str] = []
    for gid in GAMES:
        state, problem = read(storage, gid)
        if state is not None:
            out[gid] = state
        if problem:
            problems.append(problem)
    return out, problems
