"""URL handling: what the address bar opens, and what it shows for a deal.

``index.html?game=<id>&players=<n>&seed=<int>&...`` opens that deal (a reload of
the saved deal resumes it); ``&watch=1`` watches computer players; anything
else shows the start screen (with the problem in words when the link is bad).
Pure: :mod:`game.ui.app` passes in the query, storage and a seed source.

>>> from game.ui.saves import MemoryStorage
>>> from game.ui.settings import Settings
>>> o = open_query("?game=ferret&seed=4", MemoryStorage(), Settings(), lambda: 1)
>>> o.state.GAME_ID, o.state.seed, o.watch, o.resumed
('ferret', 4, False, False)
>>> open_query("?game=hermit&players=9", MemoryStorage(), Settings(), lambda: 1).problems
['That link does not open a deal: players: hermit is for 2-5 players, not 9.']
>>> address(o.state, watch=True, pace=0.5)
'?game=ferret&players=2&seed=4&watch=1&pace=0.5'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .. import new_game
from ..core import State
from . import params, saves
from .settings import Settings


@dataclass
class Opening:
    """What a URL opens: a deal (``state``) or the start screen (``state`` None)."""

    state: State | None
    problems: list[str] = field(default_factory=list)
    watch: bool = False
    pace: float | None = None
    resumed: bool = False         # the saved deal continues


def open_query(query: str, storage: Any, settings: Settings, random_seed: Callable[[], int]) -> Opening:
    """Read ``location.search``; the link's ``level``/``fast`` update ``settings``."""
    try:
        req = params.parse_query(query)
    except ValueError as e:
        return Opening(None, [f"That link does not open a deal: {e}."])
    if req is None:
        return Opening(None)
    if req.level:
        settings.level = req.level
    if req.fast is not None:
        settings.fast = req.fast
    seed = req.seed if req.seed is not None else random_seed()
    if req.watch:
        return Opening(new_game(req.game, players=req.players, seed=seed, options=req.options), watch=True,
                       pace=req.pace if req.pace is not None else settings.pace)
    problems: list[str] = []
    saved, problem = saves.read(storage, req.game)
    if problem:
        problems.append(problem)
    if (saved is not None and req.seed is not None and saved.players == req.players
            and saved.seed == req.seed and saved.options == req.options):
        return Opening(saved, problems, resumed=True)       # a reload: the same deal resumes
    return Opening(new_game(req.game, players=req.players, seed=seed, options=req.options), problems)


def share(state: State) -> str:
    """The query that deals this game again (the share link)."""
    return params.share_query(state.GAME_ID, state.players, state.seed, state.options)


def address(state: State, *, watch: bool = False, pace: float = 1.0) -> str:
    """What the address bar shows while ``state`` is at the table."""
    return share(state) + (f"&watch=1&pace={pace:g}" if watch else "")


def form_query(game: str, fields: Iterable[tuple[str, str]], seed: int) -> str:
    """The link a start-screen form describes: its (name, value) fields and a fresh seed.

    >>> form_query("hermit", [("players", "3"), ("house_party", "true")], 9)
    '?game=hermit&players=3&house_party=true&seed=9'
    """
    pairs = [("game", game), *((n, v) for n, v in fields if n), ("seed", str(seed))]
    return "?" + params.urlencode(pairs, safe=",")


def deal_from(query: str) -> State:
    """A new deal from a form's query (ValueError names the bad option)."""
    req = params.parse_query(query)
    if req is None or req.seed is None:
        raise ValueError("no game or no seed")
    return new_game(req.game, players=req.players, seed=req.seed, options=req.options)
