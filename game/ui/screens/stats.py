"""A game's statistics page: games played and won (per computer level), the
win rate, streaks, best and average score, and the last results.

Read from :class:`game.stats.GameStats`; the game's declarations say whether
lower scores are better (``LOWER_WINS``) and whether it has computer players
(``MAX_PLAYERS`` > 1: a game played alone has no levels).

>>> from game import stats
>>> g = stats.GameStats(played=3, won=2, best=12, streak=2, best_streak=2, total=30, scored=3,
...                     levels={"easy": (3, 2)},
...                     results=(stats.Result(True, 12, "easy", 2, False, "2025-01-02"),))
>>> html = page_html("ferret", stats.Stats({"ferret": g}))
>>> "67%" in html, "10.0" in html, "2025-01-02" in html, 'data-level="easy"' in html
(True, True, True, True)
"""

from __future__ import annotations

from ... import GAMES
from ... import stats as stats_mod
from ...core import json_number
from ..params import LEVELS
from ..svg import esc


def percent(rate: float | None) -> str:
    """A rate in percent.

    >>> percent(2 / 3), percent(None)
    ('67%', '–')
    """
    return "–" if rate is None else f"{rate * 100:.0f}%"


def score_text(score: stats_mod.Score | None) -> str:
    return "–" if score is None else str(json_number(score))


def _row(cells: list[str], head: bool = False, **attrs: str) -> str:
    tag = "th" if head else "td"
    a = "".join(f' {k.replace("_", "-")}="{esc(v)}"' for k, v in attrs.items())
    return f"<tr{a}>" + "".join(f"<{tag}>{esc(c)}</{tag}>" for c in cells) + "</tr>"


def summary_html(gid: str, g: stats_mod.GameStats) -> str:
    """The headline figures as a list of terms and values."""
    low = " (lowest is best)" if stats_mod.lower_wins(gid) else ""
    avg = g.average()
    items = [("Games played", str(g.played)), ("Games won", str(g.won)), ("Win rate", percent(g.win_rate())),
             ("Current winning streak", str(g.streak)), ("Longest winning streak", str(g.best_streak)),
             (f"Best score{low}", score_text(g.best)),
             ("Average score", "–" if avg is None else f"{avg:.1f}"),
             ("Assisted games (undo or hints)", str(g.assisted))]
    return '<dl class="figures">' + "".join(
        f'<div data-figure="{esc(k)}"><dt>{esc(k)}</dt><dd>{esc(v)}</dd></div>' for k, v in items) + "</dl>"


def levels_html(g: stats_mod.GameStats) -> str:
    """Played, won and win rate at each computer level."""
    order = [lv for lv in LEVELS if lv in g.levels] + sorted(set(g.levels) - set(LEVELS))
    if not order:
        return '<p class="none">No games against the computer recorded yet.</p>'
    rows = "".join(_row([lv.capitalize(), str(p), str(w), percent(w / p if p else None)], data_level=lv)
                   for lv in order for p, w in [g.levels[lv]])
    return (f'<div class="table-wrap"><table class="levels"><thead>'
            f'{_row(["Computer level", "Played", "Won", "Win rate"], True)}</thead><tbody>{rows}</tbody></table></div>')


def results_html(gid: str, g: stats_mod.GameStats) -> str:
    """The last results, newest first."""
    if not g.results:
        return '<p class="none">No results recorded yet.</p>'
    alone = GAMES[gid].MAX_PLAYERS == 1
    head = ["Date", "Result", "Score"] + ([] if alone else ["Level", "Players"])
    rows = []
    for r in reversed(g.results):
        result = ("Won" if r.won else "Lost") + (" (assisted)" if r.assisted else "")
        extra = [] if alone else [(r.level or "–").capitalize(), str(r.players)]
        rows.append(_row([r.date or "–", result, score_text(r.score)] + extra,
                         class_="won" if r.won else "lost"))
    return (f'<div class="table-wrap"><table class="results"><thead>{_row(head, True)}</thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def page_html(gid: str, stats: stats_mod.Stats, daily_line: str = "") -> str:
    """The whole page for one game, with links to the other games' pages (``daily_line``:
    the daily deals' record in words, kept apart from the other games)."""
    cls = GAMES[gid]
    g = stats.get(gid)
    current = ' aria-current="page"'
    others = "".join(f'<a href="?stats={o}" data-action="stats" data-game="{o}"{current if o == gid else ""}>'
                     f'{esc(c.TITLE)}</a>' for o, c in GAMES.items())
    levels = "" if cls.MAX_PLAYERS == 1 else f"<h3>By computer level</h3>{levels_html(g)}"
    return (f'<div class="stats-head"><h2 id="stats-title">{esc(cls.TITLE)}: statistics</h2>'
            '<button type="button" class="primary" data-action="list">Back to the games</button></div>'
            f'<nav class="stats-games" aria-label="Statistics of each game">{others}</nav>'
            f'<section class="stats-body" data-stats-page="{gid}">{summary_html(gid, g)}{levels}'
            + (f'<h3>Daily deals</h3><p class="daily-record">{esc(daily_line)}</p>' if daily_line else "")
            + f'<h3>Last {stats_mod.LAST} results</h3>{results_html(gid, g)}</section>')
