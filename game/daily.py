"""Today's deal: one deal per game per day (UTC), the same for everyone, offline too.

The seed is the first 31 bits of ``sha256("hermitage-daily:<game>:<YYYY-MM-DD>")``
(big-endian), and the deal uses the game's default player count and options,
so a date and a game id are the whole deal: ``?game=<id>&daily=<YYYY-MM-DD>``.

Daily results are kept apart from the other statistics (their own record in
localStorage, :data:`DAILY_KEY`): per game, the result of each day's deal, the
first finish of a day's deal only.  From it: days played, days won and the
streak of consecutive days won (and the best such streak).  A daily deal also
counts as a game in the ordinary statistics.

>>> seed("hermit", "2026-11-25") == seed("hermit", "2026-11-25")
True
>>> len({seed("hermit", "2026-11-25"), seed("hermit", "2026-11-26"), seed("ferret", "2026-11-25")})
3
>>> d = record(Daily(), "ferret", "2026-11-24", True, 5)
>>> d = record(d, "ferret", "2026-11-25", True, 4)
>>> summary(d, "ferret", "2026-11-25")
Summary(played=2, won=2, streak=2, best_streak=2)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from . import GAMES, new_game
from .core import State, json_number, plural

PREFIX = "hermitage-daily"
DAILY_KEY = "hermitage.daily"
DAILY_KIND = "hermitage-daily"
DAILY_FORMAT = 1
#: days kept per game (older days drop out of the record)
KEEP = 800
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


# ---- dates without the datetime module (not in the page's trimmed standard library) ----


def day_number(date: str) -> int:
    """Days since 1970-01-01 of a ``YYYY-MM-DD`` date; ValueError if it is not a real date.

    >>> day_number("1970-01-01"), day_number("2000-03-01") - day_number("2000-02-28")
    (0, 2)
    >>> day_number("2025-02-29")
    Traceback (most recent call last):
    ...
    ValueError: not a date: '2025-02-29' (expected YYYY-MM-DD)
    """
    m = _DATE.fullmatch(date) if isinstance(date, str) else None
    if m is None:
        raise ValueError(f"not a date: {date!r} (expected YYYY-MM-DD)")
    y, mo, d = (int(g) for g in m.groups())
    leap = y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    month_days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    if not (1 <= mo <= 12 and 1 <= d <= month_days[mo - 1]):
        raise ValueError(f"not a date: {date!r} (expected YYYY-MM-DD)")
    # days_from_civil (H. Hinnant): the year starts in March, so leap days come last
    y -= mo <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (mo + (-3 if mo > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def is_date(date: Any) -> bool:
    try:
        day_number(date)
    except ValueError:
        return False
    return True


# ---- the deal ---------------------------------------------------------------------


def seed(game: str, date: str) -> int:
    """The day's seed for ``game``: the first 31 bits of SHA-256 of ``hermitage-daily:<game>:<date>``.

    >>> import hashlib
    >>> seed("hermit", "2026-01-01") == int(hashlib.sha256(b"hermitage-daily:hermit:2026-01-01").hexdigest()[:8], 16) >> 1
    True
    """
    import hashlib      # here, not at the top: the start page needs this module, not hashlib
    if game not in GAMES:
        raise ValueError(f"game: unknown game {game!r}")
    day_number(date)
    digest = hashlib.sha256(f"{PREFIX}:{game}:{date}".encode()).digest()
    return int.from_bytes(digest[:4], "big") >> 1


def deal(game: str, date: str) -> State:
    """The day's deal: the game's default players and options, the day's seed."""
    return new_game(game, seed=seed(game, date))


def query(game: str, date: str) -> str:
    """The link to that day's deal (relative to the page).

    >>> query("ferret", "2026-11-25")
    '?game=ferret&daily=2026-11-25'
    """
    return f"?game={game}&daily={date}"


def deal_date(state: State, today: str) -> str | None:
    """The date whose daily deal ``state`` is (today's or yesterday's: a deal begun before
    midnight may end after it), else None.

    >>> deal_date(deal("hermit", "2026-11-24"), "2026-11-25"), deal_date(new_game("hermit", seed=1), "2026-11-25")
    ('2026-11-24', None)
    """
    n = day_number(today)
    fresh = new_game(state.GAME_ID)
    if state.players != fresh.players or state.options != fresh.options:
        return None
    for date in (today, date_of(n - 1)):
        if state.seed == seed(state.GAME_ID, date):
            return date
    return None


def date_of(n: int) -> str:
    """The ``YYYY-MM-DD`` of day number ``n`` (the inverse of :func:`day_number`).

    >>> date_of(day_number("2024-02-29") + 1)
    '2024-03-01'
    """
    z = n + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return f"{yoe + era * 400 + (m <= 2):04d}-{m:02d}-{d:02d}"


# ---- the record -------------------------------------------------------------------


@dataclass(frozen=True)
class Daily:
    """game id -> date -> (won, score as JSON: int or "p/q")."""

    games: dict[str, dict[str, tuple[bool, Any]]] = field(default_factory=dict)


class Summary(NamedTuple):
    played: int
    won: int
    streak: int          # consecutive days won, up to today (or yesterday: today may be unplayed)
    best_streak: int


def record(daily: Daily, game: str, date: str, won: bool, score: Any) -> Daily:
    """``daily`` with one day's result (a day already recorded keeps its first result)."""
    day_number(date)
    days = dict(daily.games.get(game, {}))
    if date in days:
        return daily
    days[date] = (bool(won), json_number(score))
    if len(days) > KEEP:
        days = dict(sorted(days.items())[-KEEP:])
    return Daily({**daily.games, game: days})


def summary(daily: Daily, game: str, today: str) -> Summary:
    days = daily.games.get(game, {})
    won = sorted(day_number(d) for d, (w, _) in days.items() if w)
    best = run = 0
    prev = None
    for n in won:
        run = run + 1 if prev is not None and n == prev + 1 else 1
        best = max(best, run)
        prev = n
    t = day_number(today)
    current = run if won and won[-1] >= t - 1 else 0
    return Summary(len(days), len(won), current, best)


def summary_line(daily: Daily, game: str, today: str) -> str:
    """The daily record in words.

    >>> summary_line(Daily(), "hermit", "2026-11-25")
    'Daily deals: none played yet.'
    """
    s = summary(daily, game, today)
    if not s.played:
        return "Daily deals: none played yet."
    return f"Daily deals: played {s.played} · won {s.won} · streak {plural(s.streak, 'day')} (best {s.best_streak})"


def dumps(daily: Daily) -> str:
    games = {g: {d: [w, sc] for d, (w, sc) in sorted(days.items())} for g, days in daily.games.items()}
    return json.dumps({"format": DAILY_FORMAT, "kind": DAILY_KIND, "games": games}, separators=(",", ":"))


def loads(text: str) -> Daily:
    """The record from its JSON text; ValueError saying what is wrong."""
    data = json.loads(text)
    if not isinstance(data, dict) or data.get("kind") != DAILY_KIND or data.get("format") != DAILY_FORMAT:
        raise ValueError("not a daily record of this format")
    games: dict[str, dict[str, tuple[bool, Any]]] = {}
    for gid, days in (data.get("games") or {}).items():
        if gid not in GAMES or not isinstance(days, dict):
            raise ValueError(f"unknown game {gid!r}")
        out = {}
        for date, entry in days.items():
            if not is_date(date) or not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], bool):
                raise ValueError(f"{gid} on {date!r}: not a result")
            if isinstance(entry[1], bool) or not isinstance(entry[1], (int, str)):
                raise ValueError(f"{gid} on {date!r}: not a score")
            out[date] = (entry[0], entry[1])
        games[gid] = out
    return Daily(games)


def load(storage: Any) -> Daily:
    """The stored record (a broken one is kept aside under ``<key>.broken`` and starts afresh)."""
    text = storage.getItem(DAILY_KEY)
    if text is None:
        return Daily()
    try:
        return loads(text)
    except (ValueError, TypeError, AttributeError):
        storage.setItem(DAILY_KEY + ".broken", text)
        storage.removeItem(DAILY_KEY)
        return Daily()


def store(storage: Any, daily: Daily) -> None:
    storage.setItem(DAILY_KEY, dumps(daily))


# ---- sharing ------------------------------------------------------------------------


def share_text(state: State, date: str, link: str, you: int = 0) -> str:
    """A finished daily deal in one line: game, date, result and score, the link; no cards.

    >>> from game.core import make_rng, random_playout
    >>> s = deal("hermit-stones", "2026-11-25"); _ = random_playout(s, make_rng("d"))
    >>> text = share_text(s, "2026-11-25", "https://example.org/?game=hermit-stones&daily=2026-11-25")
    >>> text.startswith("Hermitage daily deal, Hermit (stones), 2026-11-25: "), text.endswith("daily=2026-11-25")
    (True, True)
    """
    cls = GAMES[state.GAME_ID]
    won = you in state.winners()
    if state.players == 1:
        result = "solved" if won else "not solved"
    else:
        result = "won" if won else "lost"
    score = json_number(state.scores()[you])
    low = " (lower is better)" if cls.LOWER_WINS else ""
    return f"Hermitage daily deal, {cls.TITLE}, {date}: {result}, score {score}{low}. {link}"
