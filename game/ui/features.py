"""Pure helpers behind the player features: assisted marks, statistics lines,
rules as a node tree, export file names.

The browser side (:mod:`game.ui.app`) stores and draws; everything decided
here runs under plain CPython too.

>>> from game import new_game
>>> from game.ui import saves
>>> st = saves.MemoryStorage(); s = new_game("ferret", seed=3)
>>> is_assisted(st, s), mark_assisted(st, s), is_assisted(st, s)
(False, None, True)
>>> is_assisted(st, new_game("ferret", seed=4))       # another deal of the same game
False
"""

from __future__ import annotations

import json
from typing import Any

from .. import stats as stats_mod
from ..core import State

ASSISTED_KEY = "hermitage.assisted"


def deal_key(state: State) -> str:
    """Which deal a state is (game, players, seed, options): a save of it has the same key."""
    return json.dumps([state.GAME_ID, state.players, state.seed, state.options], sort_keys=True, default=str)


def _marks(storage: Any) -> dict[str, str]:
    try:
        data = json.loads(storage.getItem(ASSISTED_KEY) or "{}")
    except ValueError:
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)} \
        if isinstance(data, dict) else {}


def is_assisted(storage: Any, state: State) -> bool:
    """Whether the person used undo or a hint in this deal (kept beside its save)."""
    return _marks(storage).get(state.GAME_ID) == deal_key(state)


def mark_assisted(storage: Any, state: State) -> None:
    marks = _marks(storage)
    marks[state.GAME_ID] = deal_key(state)
    storage.setItem(ASSISTED_KEY, json.dumps(marks))


def clear_assisted(storage: Any, game: str) -> None:
    marks = _marks(storage)
    if marks.pop(game, None) is not None:
        storage.setItem(ASSISTED_KEY, json.dumps(marks))


def stats_line(game: str, g: stats_mod.GameStats) -> str:
    """One game's statistics in words for the start screen.

    >>> stats_line("hermit", stats_mod.GameStats())
    'Not played yet.'
    >>> stats_line("hermit", stats_mod.GameStats(played=3, won=1, assisted=1, best=12, streak=1, best_streak=1))
    'Played 3 · won 1 · best score 12 (lowest) · streak 1 (best 1) · assisted 1'
    """
    if g.played == 0:
        return "Not played yet."
    parts = [f"Played {g.played}", f"won {g.won}"]
    if g.best is not None:
        low = " (lowest)" if stats_mod.lower_wins(game) else ""
        parts.append(f"best score {g.best}{low}")
    parts.append(f"streak {g.streak} (best {g.best_streak})")
    if g.assisted:
        parts.append(f"assisted {g.assisted}")
    return " · ".join(parts)


def help_nodes(page: dict[str, Any]) -> list[tuple[str, Any]]:
    """A rules/credits page as (tag, content) pairs for the DOM: content is text,
    or for ``ul`` a list of texts.  No markup: the page sets textContent only.

    >>> help_nodes({"title": "T", "designer": "D", "players": "2", "summary": "S",
    ...             "sections": [("H", ["p", ["a", "b"]])]})
    [('p', 'By D · 2 players. S'), ('h3', 'H'), ('p', 'p'), ('ul', ['a', 'b'])]
    """
    out: list[tuple[str, Any]] = []
    if page.get("designer"):
        n = page.get("players", "")
        out.append(("p", f"By {page['designer']} · {n} player{'' if n == '1' else 's'}. {page.get('summary', '')}"
                    .rstrip()))
    for heading, blocks in page["sections"]:
        out.append(("h3", heading))
        for b in blocks:
            out.append(("p", b) if isinstance(b, str) else ("ul", [str(x) for x in b]))
    return out


def export_name(date: str) -> str:
    """The download's file name (``date`` as YYYY-MM-DD)."""
    return f"hermitage-{date}.json"
