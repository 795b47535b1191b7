"""Per-game statistics kept in the browser, and the export/import bundle.

Pure logic (no js, no I/O): the page keeps the JSON text in localStorage
(``load`` / ``store`` take anything with ``getItem``/``setItem``/``removeItem``)
and offers the export bundle as a file download.

What counts, per game (the person is seat ``you``, 0 by default):

============== ================================= ==========================================
game           won                               best score (seat ``you``'s final score)
============== ================================= ==========================================
hermit         ``you`` in ``winners()``: lowest   LOWEST penalty total (may be a fraction
               total, ties share the win          with House Party)
type-trump     ``you`` in ``winners()``: top      highest total (the team total in a
               score (team total in partnership)  partnership)
ferret         ``you`` in ``winners()``: more     highest number of cards scored
               cards scored, equal piles share
hermits-whist  ``winners() == [0]``: all six      most wild cards flipped (0-6)
               wild cards flipped
hermit-stones  ``you`` in ``winners()`` after     most groups
               the tie-breaks
============== ================================= ==========================================

Format 2 also keeps, per game: games played and won at each computer
level (``levels``; a game without computer players has none), the total and
number of counted scores (``total`` / ``scored``: the average), and the last
:data:`LAST` results (``results``: won, score, level, players, assisted,
date).  Format 1 (before these) still loads: those fields start empty.

A game counts once: ``record_result`` remembers a fingerprint of the last
games it recorded per game id, so recording the same finished game again
(a reload of a finished save) changes nothing.  An *assisted* game (the
person used undo or a hint) counts as played and assisted, never as won nor
for the best score, and it ends the current winning streak.

>>> from game import new_game
>>> from game.core import random_playout, make_rng
>>> s = new_game("hermit-stones", seed=3); _ = random_playout(s, make_rng("x"))
>>> st = record_result(Stats(), s)
>>> g = st.get("hermit-stones")
>>> g.played, g.won == (0 in s.winners()), g.best == s.scores()[0]
(1, True, True)
>>> record_result(st, s) == st                     # the same game counts once
True
>>> loads(dumps(st)) == st
True
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Mapping, NamedTuple

from . import GAMES, load_game
from .core import State, dumps as dumps_compact, json_number

STATS_FORMAT = 2
#: the formats ``from_json`` reads (1: before levels, averages and results were kept)
STATS_FORMATS = (1, 2)
STATS_KIND = "hermitage-stats"
BUNDLE_FORMAT = 1
BUNDLE_KIND = "hermitage-export"

#: localStorage key of the statistics, and the prefix broken ones are kept aside under
STATS_KEY = "hermitage.stats"
BACKUP_KEY = "hermitage.backup.stats"

#: fingerprints of recorded games kept per game id (to count each game once)
RECENT = 32
#: results kept per game id for the statistics page
LAST = 20
#: limits on untrusted input
MAX_TEXT = 4_000_000        # characters of an import file
MAX_COUNT = 10**9           # any counter
MAX_SCORE = 10**6           # any best score (numerator/denominator)
MAX_MOVES = 50_000          # moves in one imported save

_FINGERPRINT = re.compile(r"[0-9a-f]{16}")
_LEVEL = re.compile(r"[a-z]{1,12}")
_DATE = re.compile(r"(\d{4}-\d{2}-\d{2})?")
_FRACTION = re.compile(r"(0|[1-9][0-9]{0,8})/([1-9][0-9]{0,8})")


if TYPE_CHECKING:        # fractions is imported where a score is one (start-up time in Pyodide)
    from fractions import Fraction
    Score = int | Fraction


class Result(NamedTuple):
    """One finished game on the statistics page."""

    won: bool
    score: Score
    level: str | None          # the computer players' level (None: no computer players)
    players: int
    assisted: bool
    date: str = ""             # YYYY-MM-DD, or "" when unknown


@dataclass(frozen=True)
class GameStats:
    """One game id's record.  ``best`` is None until an unassisted game ends."""

    played: int = 0
    won: int = 0
    assisted: int = 0
    best: Score | None = None
    streak: int = 0
    best_streak: int = 0
    recent: tuple[str, ...] = ()
    levels: Mapping[str, tuple[int, int]] = field(default_factory=dict)   # level -> (played, won)
    total: Score = 0               # the counted (unassisted) scores since format 2, added up
    scored: int = 0                # how many they are
    results: tuple[Result, ...] = ()

    def average(self) -> float | None:
        """The mean counted score (None before any).

        >>> GameStats(total=21, scored=2).average(), GameStats().average()
        (10.5, None)
        """
        return float(self.total) / self.scored if self.scored else None

    def win_rate(self) -> float | None:
        """Won over played, 0-1 (None before any game)."""
        return self.won / self.played if self.played else None

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GameStats) and self._key() == other._key())

    def _key(self) -> tuple[Any, ...]:
        return (self.played, self.won, self.assisted, self.best, self.streak, self.best_streak,
                self.recent, dict(self.levels), self.total, self.scored, self.results)

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class Stats:
    """Every game id's record (ids never played are simply absent)."""

    games: Mapping[str, GameStats] = field(default_factory=dict)

    def get(self, game_id: str) -> GameStats:
        return self.games.get(game_id, GameStats())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Stats) and dict(self.games) == dict(other.games)

    __hash__ = None  # type: ignore[assignment]


# --------------------------------------------------------------------------
# Recording a finished game.


def better(game_id: str, a: Score, b: Score | None) -> bool:
    """Whether score ``a`` beats the best so far ``b`` (None: nothing yet).

    >>> better("hermit", 12, 20), better("ferret", 12, 20), better("ferret", 3, None)
    (True, False, True)
    """
    if b is None:
        return True
    return a < b if lower_wins(game_id) else a > b


def lower_wins(game_id: str) -> bool:
    """Whether the game's best score is its lowest (as the game declares, ``LOWER_WINS``)."""
    cls = GAMES.get(game_id)
    return cls is not None and cls.LOWER_WINS


def outcome(state: State, you: int = 0) -> tuple[bool, Score]:
    """(did seat ``you`` win, seat ``you``'s final score) of a finished game."""
    if not state.is_over():
        raise ValueError("stats: the game is not over yet")
    if not 0 <= you < state.players:
        raise ValueError(f"stats: no seat {you} in this game")
    score = state.scores()[you]
    from fractions import Fraction
    if isinstance(score, Fraction) and score.denominator == 1:
        score = score.numerator
    return you in state.winners(), score


def fingerprint(state: State) -> str:
    """A short id of a game: its save envelope, hashed (same game, same id)."""
    import hashlib      # here, not at the top: only a finished game needs it (start-up time)
    return hashlib.sha256(dumps_compact(state.to_json()).encode()).hexdigest()[:16]


def record_result(stats: Stats, state: State, *, you: int = 0, assisted: bool = False,
                  level: str | None = None, date: str = "") -> Stats:
    """The statistics with one more finished game (``stats`` is not changed).

    ``level`` is the computer players' level (ignored for a game played
    alone), ``date`` the day it ended (YYYY-MM-DD).  Recording a game that is
    already among the recent fingerprints returns ``stats`` unchanged.
    ValueError if the game is not over.

    >>> from game import new_game
    >>> from game.core import random_playout, make_rng
    >>> s = new_game("ferret", seed=2); _ = random_playout(s, make_rng("lv"))
    >>> g = record_result(Stats(), s, level="hard", date="2025-01-02").get("ferret")
    >>> dict(g.levels) == {"hard": (1, int(g.won))}, g.results[0].level, g.scored
    (True, 'hard', 1)
    """
    won, score = outcome(state, you)
    gid = state.GAME_ID
    old = stats.get(gid)
    key = fingerprint(state)
    if key in old.recent:
        return stats
    counts = not assisted
    win = won and counts
    streak = old.streak + 1 if win else 0
    level = level if state.players > 1 else None
    levels = dict(old.levels)
    if level is not None:
        p, w = levels.get(level, (0, 0))
        levels[level] = (p + 1, w + win)
    new = GameStats(
        played=old.played + 1,
        won=old.won + win,
        assisted=old.assisted + assisted,
        best=score if counts and better(gid, score, old.best) else old.best,
        streak=streak,
        best_streak=max(old.best_streak, streak),
        recent=(old.recent + (key,))[-RECENT:],
        levels=levels,
        total=old.total + score if counts else old.total,
        scored=old.scored + counts,
        results=(old.results + (Result(win, score, level, state.players, assisted, date),))[-LAST:],
    )
    games = dict(stats.games)
    games[gid] = new
    return Stats(games)


# --------------------------------------------------------------------------
# JSON, validated: every input is untrusted.


def to_json(stats: Stats) -> dict[str, Any]:
    """The statistics as JSON data (games in registry order)."""
    games = {}
    for gid in GAMES:
        if gid in stats.games:
            g = stats.games[gid]
            games[gid] = {"played": g.played, "won": g.won, "assisted": g.assisted,
                          "best": None if g.best is None else json_number(g.best),
                          "streak": g.streak, "best_streak": g.best_streak,
                          "recent": list(g.recent),
                          "levels": {lv: list(pw) for lv, pw in g.levels.items()},
                          "total": json_number(g.total), "scored": g.scored,
                          "results": [{"won": r.won, "score": json_number(r.score), "level": r.level,
                                       "players": r.players, "assisted": r.assisted, "date": r.date}
                                      for r in g.results]}
    return {"format": STATS_FORMAT, "kind": STATS_KIND, "games": games}


def dumps(stats: Stats) -> str:
    return json.dumps(to_json(stats), separators=(",", ":"))


def _count(where: str, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"{where}: {name} must be a whole number from 0 to {MAX_COUNT}, got {_show(value)}")
    return value


def _score(where: str, gid: str, value: Any, name: str = "best", limit: int = MAX_SCORE) -> Score:
    fractional = gid in GAMES and GAMES[gid].FRACTIONAL_SCORES
    if isinstance(value, bool):
        pass
    elif isinstance(value, int) and 0 <= value <= limit:
        return value
    elif isinstance(value, str) and fractional:
        m = _FRACTION.fullmatch(value)
        if m:
            from fractions import Fraction
            f = Fraction(int(m.group(1)), int(m.group(2)))
            if f.denominator != 1 and f <= limit:
                return f
    raise ValueError(f"{where}: {name} must be a score from 0 to {limit}"
                     + (" (a whole number or \"p/q\")" if fractional else "")
                     + (" or null" if name == "best" else "") + f", got {_show(value)}")


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: the keys of one game's record in each format
_KEYS = {1: {"played", "won", "assisted", "best", "streak", "best_streak", "recent"}}
_KEYS[2] = _KEYS[1] | {"levels", "total", "scored", "results"}
_RESULT_KEYS = {"won", "score", "level", "players", "assisted", "date"}


def _levels(where: str, data: Any, played: int, won: int) -> dict[str, tuple[int, int]]:
    if not isinstance(data, dict) or len(data) > 8:
        raise ValueError(f"{where}: levels must be an object of at most 8 levels")
    out = {}
    for lv, pw in data.items():
        if not _LEVEL.fullmatch(lv) or not isinstance(pw, list) or len(pw) != 2:
            raise ValueError(f"{where}: levels must map a level name to [played, won], got {_show(lv)}")
        p, w = _count(where, f"levels {lv} played", pw[0]), _count(where, f"levels {lv} won", pw[1])
        if w > p:
            raise ValueError(f"{where}: at level {lv} won ({w}) is more than played ({p})")
        out[lv] = (p, w)
    if sum(p for p, _ in out.values()) > played or sum(w for _, w in out.values()) > won:
        raise ValueError(f"{where}: the levels count more games than played or won")
    return out


def _result(where: str, gid: str, data: Any) -> Result:
    if not isinstance(data, dict) or set(data) != _RESULT_KEYS:
        raise ValueError(f"{where}: a result must be an object with the keys {', '.join(sorted(_RESULT_KEYS))}")
    cls = GAMES[gid]
    players, level, date = data["players"], data["level"], data["date"]
    if (isinstance(players, bool) or not isinstance(players, int)
            or not cls.MIN_PLAYERS <= players <= cls.MAX_PLAYERS):
        raise ValueError(f"{where}: a result's players must be {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS}, got {_show(players)}")
    if not (level is None or (isinstance(level, str) and _LEVEL.fullmatch(level))):
        raise ValueError(f"{where}: a result's level must be a level name or null, got {_show(level)}")
    if not isinstance(date, str) or not _DATE.fullmatch(date):
        raise ValueError(f"{where}: a result's date must be YYYY-MM-DD or empty, got {_show(date)}")
    if not isinstance(data["won"], bool) or not isinstance(data["assisted"], bool):
        raise ValueError(f"{where}: a result's won and assisted must be true or false")
    return Result(data["won"], _score(where, gid, data["score"], "a result's score"), level, players,
                  data["assisted"], date)


def _game_from_json(gid: str, data: Any, fmt: int = STATS_FORMAT) -> GameStats:
    where = f"stats: game {gid!r}"
    if not isinstance(data, dict):
        raise ValueError(f"{where}: expected an object")
    want = _KEYS[fmt]
    if set(data) != want:
        extra, missing = sorted(set(data) - want), sorted(want - set(data))
        raise ValueError(f"{where}: " + (f"unknown keys {extra}" if extra else f"missing keys {missing}"))
    played, won, assisted, streak, best_streak = (
        _count(where, k, data[k]) for k in ("played", "won", "assisted", "streak", "best_streak"))
    if won + assisted > played:
        raise ValueError(f"{where}: won ({won}) plus assisted ({assisted}) is more than played ({played})")
    if not streak <= best_streak <= won:
        raise ValueError(f"{where}: streaks must satisfy streak ({streak}) <= best_streak "
                         f"({best_streak}) <= won ({won})")
    best = None if data["best"] is None else _score(where, gid, data["best"])
    if (best is None) != (played == assisted):
        raise ValueError(f"{where}: best must be null exactly when no unassisted game was played")
    recent = data["recent"]
    if (not isinstance(recent, list) or len(recent) > RECENT
            or not all(isinstance(r, str) and _FINGERPRINT.fullmatch(r) for r in recent)
            or len(set(recent)) != len(recent) or len(recent) > played):
        raise ValueError(f"{where}: recent must be a list of at most {RECENT} distinct game "
                         "fingerprints (16 hex digits), no more than played")
    if fmt == 1:
        return GameStats(played, won, assisted, best, streak, best_streak, tuple(recent))
    levels = _levels(where, data["levels"], played, won)
    scored = _count(where, "scored", data["scored"])
    if scored > played - assisted:
        raise ValueError(f"{where}: scored ({scored}) is more than the unassisted games played")
    total = _score(where, gid, data["total"], "total", MAX_SCORE * MAX_COUNT)
    if scored == 0 and total != 0:
        raise ValueError(f"{where}: total must be 0 when no game was scored")
    results = data["results"]
    if not isinstance(results, list) or len(results) > min(LAST, played):
        raise ValueError(f"{where}: results must be a list of at most {LAST} results, no more than played")
    return GameStats(played, won, assisted, best, streak, best_streak, tuple(recent), levels, total, scored,
                     tuple(_result(where, gid, r) for r in results))


def from_json(data: Any) -> Stats:
    """Statistics from JSON data; ValueError naming the first problem."""
    if not isinstance(data, dict):
        raise ValueError("stats: expected a JSON object")
    if set(data) != {"format", "kind", "games"}:
        raise ValueError(f"stats: expected the keys format, kind and games, got {sorted(map(str, data))[:8]}")
    if data["kind"] != STATS_KIND:
        raise ValueError(f"stats: kind must be {STATS_KIND!r}, got {_show(data['kind'])}")
    fmt = data["format"]
    if isinstance(fmt, bool) or fmt not in STATS_FORMATS:
        raise ValueError(f"stats: unknown format {_show(fmt)} (expected "
                         f"{' or '.join(map(str, STATS_FORMATS))})")
    games = data["games"]
    if not isinstance(games, dict):
        raise ValueError("stats: games must be an object")
    out = {}
    for gid, g in games.items():
        if gid not in GAMES:
            raise ValueError(f"stats: unknown game {_show(gid)} (games: {', '.join(GAMES)})")
        out[gid] = _game_from_json(gid, g, fmt)
    return Stats({gid: out[gid] for gid in GAMES if gid in out})


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    d: dict[str, Any] = {}
    for k, v in pairs:
        if k in d:
            raise ValueError(f"duplicate key {_show(k)}")
        d[k] = v
    return d


def parse_json(text: Any, what: str) -> Any:
    """JSON text from an untrusted source; ValueError (never anything else) if it is not."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{what}: not UTF-8 text") from None
    if not isinstance(text, str):
        raise ValueError(f"{what}: expected text, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"{what}: too large ({len(text)} characters; the limit is {MAX_TEXT})")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except RecursionError:
        raise ValueError(f"{what}: nested too deeply") from None
    except ValueError as e:          # JSONDecodeError, duplicate keys, huge numbers
        raise ValueError(f"{what}: not valid JSON ({e})") from None


def loads(text: Any) -> Stats:
    """Statistics from JSON text; ValueError naming the problem."""
    return from_json(parse_json(text, "stats"))


# --------------------------------------------------------------------------
# localStorage.


def store(storage: Any, stats: Stats) -> None:
    storage.setItem(STATS_KEY, dumps(stats))


def load(storage: Any) -> tuple[Stats, str | None]:
    """(the stored statistics, or empty ones; a message if they were broken).

    Broken statistics are never dropped: they move to a free backup key and
    the message says where.
    """
    text = storage.getItem(STATS_KEY)
    if text is None:
        return Stats(), None
    try:
        return loads(text), None
    except ValueError as e:
        n = 0
        while storage.getItem(BACKUP_KEY + (f".{n}" if n else "")) is not None:
            n += 1
        key = BACKUP_KEY + (f".{n}" if n else "")
        storage.setItem(key, text)
        storage.removeItem(STATS_KEY)
        return Stats(), (f"Your game statistics could not be read ({e}). They were kept aside in "
                         f"this browser's storage under \u201c{key}\u201d and new ones were started.")


# --------------------------------------------------------------------------
# Export / import of saves and statistics.


def export_bundle(saves: Mapping[str, State | dict[str, Any]], stats: Stats, assisted: Iterable[str] = ()) -> str:
    """The export file's text: every save envelope, the statistics, and which
    saved games are marked assisted (the person used undo or a hint in them).

    >>> from game import new_game
    >>> text = export_bundle({"ferret": new_game("ferret", seed=5)}, Stats(), assisted=["ferret"])
    >>> got = import_bundle(text)
    >>> sorted(got.saves), got.stats == Stats(), got.assisted, got.problems
    (['ferret'], True, frozenset({'ferret'}), [])
    """
    envelopes = {}
    for gid, s in saves.items():
        env = s.to_json() if isinstance(s, State) else s
        if not isinstance(env, dict) or env.get("game") != gid:
            raise ValueError(f"export: the save under {gid!r} is not a {gid} save")
        envelopes[gid] = env
    marks = sorted(set(assisted))
    if not set(marks) <= set(envelopes):
        raise ValueError(f"export: assisted marks for games with no save: {sorted(set(marks) - set(envelopes))}")
    return json.dumps({"format": BUNDLE_FORMAT, "kind": BUNDLE_KIND, "saves": envelopes,
                       "stats": to_json(stats), "assisted": marks}, separators=(",", ":"))


class Imported(NamedTuple):
    """What an export file held: the saves that replay, the statistics, and a
    message for each save that was left out."""

    saves: dict[str, State]
    stats: Stats
    problems: list[str]
    assisted: frozenset[str] = frozenset()   # imported saves marked assisted


def _replay(gid: str, env: Any) -> State:
    if not isinstance(env, dict):
        raise ValueError("not a save object")
    moves = env.get("moves")
    if isinstance(moves, list) and len(moves) > MAX_MOVES:
        raise ValueError(f"{len(moves)} moves is more than any game has (limit {MAX_MOVES})")
    state = load_game(env)
    if state.GAME_ID != gid:
        raise ValueError(f"it holds a {state.GAME_ID} game")
    return state


def import_bundle(text: Any) -> Imported:
    """Read an export file (untrusted).

    The bundle itself and its statistics must be valid, or ValueError names the
    problem (and nothing is imported).  Each save is replayed with
    ``load_game``; one that does not replay is left out and reported in
    ``problems``, and the others are imported.  Pure: nothing is stored here.
    """
    data = parse_json(text, "import")
    if not isinstance(data, dict):
        raise ValueError("import: expected a JSON object (a Hermitage export file)")
    if data.get("kind") != BUNDLE_KIND:
        raise ValueError(f"import: not a Hermitage export file (kind {_show(data.get('kind'))})")
    if data.get("format") != BUNDLE_FORMAT or isinstance(data.get("format"), bool):
        raise ValueError(f"import: unknown format {_show(data.get('format'))} (expected {BUNDLE_FORMAT})")
    if not {"format", "kind", "saves", "stats"} <= set(data) <= {"format", "kind", "saves", "stats", "assisted"}:
        raise ValueError("import: expected the keys format, kind, saves, stats (and assisted), "
                         f"got {sorted(data)[:8]}")
    if not isinstance(data["saves"], dict):
        raise ValueError("import: saves must be an object")
    marks = data.get("assisted", [])      # absent in files exported before assisted marks were kept
    if (not isinstance(marks, list) or not all(isinstance(g, str) for g in marks)
            or len(set(marks)) != len(marks) or not set(marks) <= set(data["saves"])):
        raise ValueError("import: assisted must be a list of distinct game ids that have a save")
    stats = from_json(data["stats"])
    saves: dict[str, State] = {}
    problems: list[str] = []
    for gid, env in data["saves"].items():
        if gid not in GAMES:
            problems.append(f"A save for an unknown game {_show(gid)} was not imported.")
            continue
        try:
            saves[gid] = _replay(gid, env)
        except (ValueError, TypeError, KeyError, IndexError, RecursionError, OverflowError) as e:
            problems.append(f"The saved {GAMES[gid].TITLE} game was not imported ({e or type(e).__name__}).")
    return Imported(saves, stats, problems, frozenset(g for g in marks if g in saves))
