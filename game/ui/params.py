"""The share link: ``?game=<id>&players=<n>&seed=<int>&key=value...``.

Game options use their text form (:meth:`game.core.Option.parse_text`);
``level`` (easy, normal, hard), ``fast`` (skip the pacing), ``watch``
(every seat is a computer player) and ``pace`` (seconds per move when
watching, 0.1-10) are the page's own settings, not game options.

>>> r = parse_query("?game=hermit&players=3&seed=7&target=10")
>>> (r.game, r.players, r.seed, r.options["target"])
('hermit', 3, 7, 10)
>>> w = parse_query("?game=ferret&watch=1&pace=0.5"); (w.watch, w.pace)
(True, 0.5)
>>> parse_query("?game=hermit&players=9")
Traceback (most recent call last):
...
game.ui.params.LinkError: This link asks for 9 players; Hermit takes 2 to 5.
>>> share_query("hermit", 3, 7, {"dealer": None, "target": 10, "pleasant_company": False, "house_party": False})
'?game=hermit&players=3&seed=7&target=10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import GAMES, daily
from ..core import Option, State

# The query-string codec, here rather than urllib.parse: importing urllib.parse
# costs Pyodide ~100 ms at start-up (it compiles urllib/parse.py and ipaddress.py
# from source) for two small functions.  tests/test_params_codec.py checks these
# against urllib.parse on CPython for arbitrary text.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~")


def _unquote_plus(text: str) -> str:
    """urllib.parse.unquote_plus (UTF-8, invalid bytes replaced)."""
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(lambda m: bytes.fromhex(m.group().replace("%", "")).decode("utf-8", "replace"), text)


def parse_qsl(query: str) -> list[tuple[str, str]]:
    """urllib.parse.parse_qsl(query, keep_blank_values=True): the ``&``-separated pairs."""
    out = []
    for item in query.split("&"):
        if not item:
            continue
        name, _, value = item.partition("=")
        out.append((_unquote_plus(name), _unquote_plus(value)))
    return out


def _quote_plus(text: str, safe: str) -> str:
    return "".join(c if c in _SAFE or c in safe else "+" if c == " "
                   else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in text)


def urlencode(pairs: list[tuple[str, str]], safe: str = "") -> str:
    """urllib.parse.urlencode(pairs, safe=safe) for (str, str) pairs."""
    return "&".join(f"{_quote_plus(k, safe)}={_quote_plus(v, safe)}" for k, v in pairs)

LEVELS = ("easy", "normal", "hard")
PAGE_KEYS = ("level", "fast", "watch", "pace", "daily")
PACE_RANGE = (0.1, 10.0)


class LinkError(ValueError):
    """A link that does not open a deal, in a player's words: what the link asks
    for (``asked``) and what the game allows (``rule``).

    >>> e = LinkError("This link asks for 9 players", "Hermit takes 2 to 5")
    >>> str(e), e.rule
    ('This link asks for 9 players; Hermit takes 2 to 5.', 'Hermit takes 2 to 5')
    """

    def __init__(self, asked: str, rule: str = "") -> None:
        super().__init__(f"{asked}; {rule}." if rule else f"{asked}.")
        self.asked = asked
        self.rule = rule


def _quote(text: str) -> str:
    short = text if len(text) <= 30 else text[:27] + "..."
    return f"\u201c{short}\u201d"


def _and(items: list[str], sep: str = ", ") -> str:
    """Items joined in words.

    >>> _and(["a", "b", "c"]), _and(["a"])
    ('a, b and c', 'a')
    """
    return items[0] if len(items) == 1 else sep.join(items[:-1]) + " and " + items[-1]


def players_rule(cls: type[State]) -> str:
    """What a game allows for the player count, in words.

    >>> players_rule(GAMES["hermit"]), players_rule(GAMES["ferret"]), players_rule(GAMES["hermits-whist"])
    ('Hermit takes 2 to 5', 'Ferret takes exactly 2', 'Hermits Whist is played alone')
    """
    if cls.MAX_PLAYERS == 1:
        return f"{cls.TITLE} is played alone"
    if cls.MIN_PLAYERS == cls.MAX_PLAYERS:
        return f"{cls.TITLE} takes exactly {cls.MIN_PLAYERS}"
    return f"{cls.TITLE} takes {cls.MIN_PLAYERS} to {cls.MAX_PLAYERS}"


def option_rule(cls: type[State], o: Option, players: int) -> str:
    """What an option accepts, in words, from its declaration.

    >>> hs = GAMES["hermit-stones"]; option_rule(hs, hs.OPTIONS[0], 2)
    "Hermit (stones)'s board can be one of: 7x7 square; hexagon, side 5; 5x5 square; 9x9 square; hexagon, side 4"
    """
    what = f"{cls.TITLE}'s {o.title().lower()} can be"
    if o.kind == "bool":
        return f"{what} on or off (true or false)"
    if o.kind == "choice":
        return f"{what} one of: " + "; ".join(o.value_label(c) for c in o.choices)
    if o.kind == "seat":
        return f"{what} a seat from 0 (you) to {players - 1}, or blank for a random one"
    if o.kind == "ints":
        return f"{what} {o.length} whole numbers from {o.minimum} to {o.maximum}, with commas between"
    blank = ", or blank to " + o.labels[None] if None in o.labels else ""
    if o.minimum is not None and o.maximum is not None:
        return f"{what} a whole number from {o.minimum} to {o.maximum}{blank}"
    if o.minimum is not None:
        return f"{what} a whole number from {o.minimum} up{blank}"
    return f"{what} a whole number{blank}"


@dataclass
class DealRequest:
    """What a share link asks for (validated against the engine)."""

    game: str
    players: int
    seed: int | None
    options: dict[str, Any] = field(default_factory=dict)
    level: str | None = None
    fast: bool | None = None
    watch: bool = False
    pace: float | None = None
    daily: str | None = None      # the date of a daily deal (``daily=YYYY-MM-DD``)


def _whole(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.lstrip("-").isdigit() and len(t) < 19 else None


def parse_query(query: str) -> DealRequest | None:
    """The deal a query string asks for; None without ``game``; :class:`LinkError` when bad."""
    pairs = parse_qsl(query.lstrip("?"))
    params: dict[str, str] = {}
    for k, v in pairs:
        if k in params:
            raise LinkError(f"This link gives {_quote(k)} twice", "it can only say it once")
        params[k] = v
    if "game" not in params:
        if params:
            raise LinkError("This link does not say which game to open")
        return None
    gid = params.pop("game")
    if gid not in GAMES:
        titles = [cls.TITLE for cls in GAMES.values()]
        raise LinkError(f"This link asks for a game called {_quote(gid)}",
                        f"Hermitage has {_and(titles)}")
    cls = GAMES[gid]
    players = cls.DEFAULT_PLAYERS
    if "players" in params:
        text = params.pop("players")
        n = _whole(text)
        if n is None or not cls.MIN_PLAYERS <= n <= cls.MAX_PLAYERS:
            asked = f"{n} player{'s' if n != 1 else ''}" if n is not None else f"{_quote(text)} players"
            raise LinkError(f"This link asks for {asked}", players_rule(cls))
        players = n
    seed = None
    if "seed" in params:
        text = params.pop("seed")
        seed = _whole(text)
        if seed is None:
            raise LinkError(f"This link gives the deal number {_quote(text)}",
                            "a deal number is a whole number")
    req = DealRequest(gid, players, seed)
    if "daily" in params:
        _daily(req, params.pop("daily"), explicit_players="players" in dict(pairs))
    if "level" in params:
        level = params.pop("level")
        if level not in LEVELS:
            raise LinkError(f"This link asks for computer players at level {_quote(level)}",
                            f"the levels are {_and(list(LEVELS))}")
        req.level = level
    if "fast" in params:
        req.fast = params.pop("fast").lower() in ("1", "true", "yes", "")
    if "watch" in params:
        req.watch = params.pop("watch").lower() in ("1", "true", "yes", "")
    if "pace" in params:
        text = params.pop("pace")
        try:
            pace = float(text)
        except ValueError:
            pace = -1.0
        if not PACE_RANGE[0] <= pace <= PACE_RANGE[1]:     # also rejects nan and inf
            raise LinkError(f"This link asks to watch at {_quote(text)} seconds per move",
                            f"the speed can be {PACE_RANGE[0]:g} to {PACE_RANGE[1]:g} seconds per move")
        req.pace = pace
    known = {o.name: o for o in cls.OPTIONS}
    text_opts = {}
    for k, v in params.items():
        if k not in known:
            names = _and([o.title().lower() for o in cls.OPTIONS]) if cls.OPTIONS else "none"
            raise LinkError(f"This link sets {_quote(k)}, which {cls.TITLE} does not have",
                            f"its options are: {names}")
        try:
            text_opts[k] = known[k].parse_text(v, players)
        except ValueError:
            raise LinkError(f"This link asks for {known[k].title().lower()} {_quote(v)}",
                            option_rule(cls, known[k], players)) from None
    try:
        req.options = cls.parse_options(text_opts, players)   # cross-option checks too
    except ValueError as e:
        raise LinkError(f"This link's options do not fit together in {cls.TITLE}", _plain(cls, str(e))) from None
    if req.daily and text_opts:
        raise LinkError(f"This link sets options for {cls.TITLE}'s daily deal",
                        "a daily deal is played with the standard options, the same for everyone")
    return req


def _daily(req: DealRequest, date: str, explicit_players: bool) -> None:
    """``daily=<YYYY-MM-DD>``: that day's deal (game/daily.py), with the standard set-up.

    >>> parse_query("?game=ferret&daily=2026-11-25").seed == daily.seed("ferret", "2026-11-25")
    True
    >>> parse_query("?game=ferret&daily=2026-13-01")
    Traceback (most recent call last):
    ...
    game.ui.params.LinkError: This link asks for the daily deal of “2026-13-01”; a date is written YYYY-MM-DD.
    """
    cls = GAMES[req.game]
    if not daily.is_date(date):
        raise LinkError(f"This link asks for the daily deal of {_quote(date)}", "a date is written YYYY-MM-DD")
    if req.seed is not None:
        raise LinkError("This link gives both a daily deal and a deal number", "a daily deal has its own")
    if explicit_players and req.players != cls.DEFAULT_PLAYERS:
        raise LinkError(f"This link asks for {cls.TITLE}'s daily deal with {req.players} players",
                        f"the daily deal is for {cls.DEFAULT_PLAYERS}")
    req.seed = daily.seed(req.game, date)
    req.daily = date


def _plain(cls: type[State], message: str) -> str:
    """A cross-option error with the option's name in words.

    >>> _plain(GAMES["type-trump"], "option 'partnership': only for 4 players, not 3")
    'partnership: only for 4 players, not 3'
    """
    m = re.match(r"option '([a-z_]+)': (.*)", message)
    if m is None:
        return message
    o = next((o for o in cls.OPTIONS if o.name == m.group(1)), None)
    return f"{o.title().lower() if o else m.group(1)}: {m.group(2)}"


def option_text(value: Any) -> str:
    """An option value in its URL text form."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value)
    return str(value)


def share_query(game: str, players: int, seed: int, options: dict[str, Any]) -> str:
    """The query string that reopens exactly this deal (options that differ from the defaults)."""
    cls = GAMES[game]
    pairs = [("game", game), ("players", str(players)), ("seed", str(seed))]
    for o in cls.OPTIONS:
        v = options.get(o.name, o.default)
        if v != o.default:
            pairs.append((o.name, option_text(v)))
    return "?" + urlencode(pairs, safe=",")


def catalogue() -> list[dict[str, Any]]:
    """The start screen's games, each as it declares itself (``GameState`` metadata)."""
    out = []
    for gid, cls in GAMES.items():
        span = (str(cls.MIN_PLAYERS) if cls.MIN_PLAYERS == cls.MAX_PLAYERS
                else f"{cls.MIN_PLAYERS}–{cls.MAX_PLAYERS}")
        out.append({"id": gid, "title": cls.TITLE, "designer": cls.DESIGNER, "players": span,
                    "line": cls.PITCH, "playable": True, "min": cls.MIN_PLAYERS, "max": cls.MAX_PLAYERS,
                    "default": cls.DEFAULT_PLAYERS, "options": [o.describe() for o in cls.OPTIONS]})
    return out
