"""URL handling: what the address bar opens, and what it shows for a deal.

``index.html?game=<id>&players=<n>&seed=<int>&...`` opens that deal (a reload of
the saved deal resumes it); ``&watch=1`` watches computer players;
``?stats=<id>`` is that game's statistics page; a bad link is a notice in a
player's words (the page then cleans the address bar); no query is the list.
Pure: :mod:`game.ui.app` passes in the query, storage and a seed source.

>>> from game.ui.saves import MemoryStorage
>>> from game.ui.settings import Settings
>>> o = open_query("?game=ferret&seed=4", MemoryStorage(), Settings(), lambda: 1)
>>> o.state.GAME_ID, o.state.seed, o.watch, o.resumed
('ferret', 4, False, False)
>>> open_query("?game=hermit&players=9", MemoryStorage(), Settings(), lambda: 1).notice
'This link asks for 9 players; Hermit takes 2 to 5.'
>>> open_query("?stats=ferret", MemoryStorage(), Settings(), lambda: 1).stats
'ferret'
>>> address(o.state, watch=True, pace=0.5)
'?game=ferret&players=2&seed=4&watch=1&pace=0.5'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from .. import GAMES, new_game
from ..core import State
from . import params, saves
from .settings import Settings


@dataclass
class Opening:
    """What a URL opens: a deal (``state``), a statistics page (``stats``), a
    bad link's ``notice``, or else the start screen."""

    state: State | None
    problems: list[str] = field(default_factory=list)
    watch: bool = False
    pace: float | None = None
    resumed: bool = False         # the saved deal continues
    notice: str | None = None     # why the link opens nothing, in a player's words
    stats: str | None = None      # the game id whose statistics page to show


def stats_query(game: str) -> str:
    """The address of a game's statistics page."""
    return "?" + params.urlencode([("stats", game)])


def open_query(query: str, storage: Any, settings: Settings, random_seed: Callable[[], int],
               *, returning: bool = False) -> Opening:
    """Read ``location.search``; the link's ``level``/``fast`` update ``settings``.

    ``returning``: the address comes back from the history (Back or Forward):
    a deal that is no longer the game's save (another deal of that game was
    played since) is not dealt afresh over it; the list says so instead.
    """
    pairs = params.parse_qsl(query.lstrip("?"))
    if [k for k, _ in pairs] == ["stats"]:
        gid = pairs[0][1]
        if gid in GAMES:
            return Opening(None, stats=gid)
        return Opening(None, notice=str(params.LinkError(
            f"This link asks for the statistics of a game called \u201c{gid[:30]}\u201d",
            "Hermitage has " + ", ".join(cls.TITLE for cls in GAMES.values()))))
    try:
        req = params.parse_query(query)
    except params.LinkError as e:
        return Opening(None, notice=str(e))
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
    if returning and saved is not None and saved.history and not saved.is_over():
        title = GAMES[req.game].TITLE
        return Opening(None, problems + [f"That {title} deal was replaced by the {title} game you played "
                                         "after it, which is saved: continue it from the list."])
    return Opening(new_game(req.game, players=req.players, seed=seed, options=req.options), problems)


def share(state: State) -> str:
    """The query that deals this game again (the share link)."""
    return params.share_query(state.GAME_ID, state.players, state.seed, state.options)


def address(state: State, *, watch: bool = False, pace: float = 1.0) -> str:
    """What the address bar shows while ``state`` is at the table."""
    return share(state) + (f"&watch=1&pace={pace:g}" if watch else "")


def form_query(game: str, fields: Iterable[tuple[str, str]], seed: int) -> str:
    """The link a start-screen form describes: its (name, value) fields and a fresh seed.

    A name given several times (one menu per number of an ``ints`` option) is
    one parameter, its values joined by commas.

    >>> form_query("hermit", [("players", "3"), ("house_party", "true")], 9)
    '?game=hermit&players=3&house_party=true&seed=9'
    >>> form_query("hermits-whist", [("wilds", "1"), ("wilds", "0"), ("wilds", "10")], 2)
    '?game=hermits-whist&wilds=1,0,10&seed=2'
    """
    joined: dict[str, list[str]] = {}
    for name, value in fields:
        if name:
            joined.setdefault(name, []).append(value)
    pairs = [("game", game), *((n, ",".join(vs)) for n, vs in joined.items()), ("seed", str(seed))]
    return "?" + params.urlencode(pairs, safe=",")


def deal_from(query: str) -> State:
    """A new deal from a form's query (ValueError names the bad option)."""
    req = params.parse_query(query)
    if req is None or req.seed is None:
        raise ValueError("no game or no seed")
    return new_game(req.game, players=req.players, seed=req.seed, options=req.options)
