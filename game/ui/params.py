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
ValueError: players: hermit is for 2-5 players, not 9
>>> share_query("hermit", 3, 7, {"dealer": None, "target": 10, "pleasant_company": False, "house_party": False})
'?game=hermit&players=3&seed=7&target=10'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .. import GAMES

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
PAGE_KEYS = ("level", "fast", "watch", "pace")
PACE_RANGE = (0.1, 10.0)

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


def _int(key: str, text: str) -> int:
    t = text.strip()
    if not t.lstrip("-").isdigit():
        raise ValueError(f"{key}: expected a whole number, got {text!r}")
    return int(t)


def parse_query(query: str) -> DealRequest | None:
    """The deal a query string asks for; None without ``game``; ValueError when bad."""
    pairs = parse_qsl(query.lstrip("?"))
    params: dict[str, str] = {}
    for k, v in pairs:
        if k in params:
            raise ValueError(f"{k}: given twice")
        params[k] = v
    if "game" not in params:
        if params:
            raise ValueError(f"{', '.join(params)}: no game given (add game=<id>)")
        return None
    gid = params.pop("game")
    if gid not in GAMES:
        raise ValueError(f"game: unknown game {gid!r} (games: {', '.join(GAMES)})")
    cls = GAMES[gid]
    players = _int("players", params.pop("players")) if "players" in params else cls.DEFAULT_PLAYERS
    if not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS:
        span = (str(cls.MIN_PLAYERS) if cls.MIN_PLAYERS == cls.MAX_PLAYERS
                else f"{cls.MIN_PLAYERS}-{cls.MAX_PLAYERS}")
        raise ValueError(f"players: {gid} is for {span} players, not {players}")
    seed = _int("seed", params.pop("seed")) if "seed" in params else None
    req = DealRequest(gid, players, seed)
    if "level" in params:
        level = params.pop("level")
        if level not in LEVELS:
            raise ValueError(f"level: expected one of {', '.join(LEVELS)}, got {level!r}")
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
            raise ValueError(f"pace: expected seconds from {PACE_RANGE[0]:g} to {PACE_RANGE[1]:g}, got {text!r}")
        req.pace = pace
    known = {o.name: o for o in cls.OPTIONS}
    text_opts = {}
    for k, v in params.items():
        if k not in known:
            raise ValueError(f"option {k!r}: unknown for {gid} (options: {', '.join(known) or 'none'})")
        text_opts[k] = known[k].parse_text(v, players)
    req.options = cls.parse_options(text_opts, players)   # cross-option checks too
    return req


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
