"""AI-versus-AI matches: ``python -m game arena GAME --a hard --b heuristic``.

Player A takes one seat, player B all the others; A's seat rotates over the
games and each deal (seed) is played once with A in every seat, so luck of
the deal cancels out.  Prints A's win rate and mean points, B's, the
difference, each with a 95% confidence interval, and the time per decision.

Agents: ``random``, ``heuristic``, ``easy``, ``normal``, ``hard``, and
``plain-normal`` / ``plain-hard`` (the same search without the game's
heuristics: plain ISMCTS, plain UCT on a perfect-information game).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from .. import new_game
from ..core import State
from . import heuristic_move, random_move, start_search
from .knowledge import score_sign

AGENTS = ("random", "heuristic", "easy", "normal", "hard", "plain-normal", "plain-hard")


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    iterations: int = 0
    search_time: float = 0.0


def decide(agent: str, state: State, seat: int, seed: int, tally: Tally,
           seconds: float | None = None, iterations: int | None = None) -> str:
    """One decision by an agent, timed into ``tally``."""
    t0 = time.perf_counter()
    if agent == "random":
        move = random_move(state, seat, seed)
    elif agent == "heuristic":
        move = heuristic_move(state, seat, seed)
    else:
        plain = agent.startswith("plain-")
        level = agent[6:] if plain else agent
        kw: dict[str, Any] = {"plain": plain}
        if seconds is not None and level != "easy":
            kw.update(iterations=10 ** 9, seconds=seconds)
        if iterations is not None and level != "easy":
            kw["iterations"] = iterations
        search = start_search(state, seat, level, seed, **kw)
        while not search.step(0.05):
            pass
        move = search.best()
        tally.iterations += search.iterations
        tally.search_time += search.elapsed
    tally.times.append(time.perf_counter() - t0)
    return move


def mean_ci(xs: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its normal 95% confidence interval.

    >>> m, h = mean_ci([1.0, 0.0, 1.0, 0.0])
    >>> m, round(h, 4)
    (0.5, 0.5658)
    """
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def play_match(gid: str, players: int, games: int, a: str, b: str, seed: int = 0,
               hands: int | None = None, seconds: float | None = None,
               iterations: int | None = None, options: dict | None = None,
               log=print) -> dict:
    """Play ``games`` seat-rotated games; returns the summary numbers."""
    sign = score_sign(gid, players, options)
    ta, tb = Tally(), Tally()
    wins: list[float] = []
    pts_a: list[float] = []
    pts_b: list[float] = []
    diff: list[float] = []
    n_hands = 0
    for g in range(games):
        deal_seed = seed + g // players
        a_seat = g % players
        s = new_game(gid, players=players, seed=deal_seed, options=options)
        start_round = s.round
        k = 0
        while not s.is_over() and (hands is None or s.round < start_round + hands):
            seat = s.to_move()[0]
            agent, tally = (a, ta) if seat == a_seat else (b, tb)
            move = decide(agent, s, seat, deal_seed * 100_003 + k, tally, seconds, iterations)
            s.play(seat, move)
            k += 1
        n_hands += s.round - start_round + (1 if s.is_over() else 0)
        sc = [float(x) for x in s.scores()]
        if s.is_over():
            w = s.winners()
        else:
            best = max(sign * x for x in sc)
            w = [i for i in range(players) if sign * sc[i] == best]
        wins.append(1.0 / len(w) if a_seat in w else 0.0)
        pts_a.append(sc[a_seat])
        others = [sc[i] for i in range(players) if i != a_seat]
        mb = sum(others) / len(others) if others else 0.0
        pts_b.append(mb)
        diff.append(sc[a_seat] - mb)
        if log and (g + 1) % max(1, games // 10) == 0:
            log(f"  {g + 1}/{games} games: A win rate {sum(wins) / len(wins):.3f}")
    return {
        "game": gid, "players": players, "games": games, "hands": n_hands, "a": a, "b": b,
        "win_a": mean_ci(wins), "points_a": mean_ci(pts_a), "points_b": mean_ci(pts_b),
        "diff": mean_ci(diff), "sign": sign,
        "time_a": (sum(ta.times) / max(1, len(ta.times)), max(ta.times, default=0.0), len(ta.times)),
        "time_b": (sum(tb.times) / max(1, len(tb.times)), max(tb.times, default=0.0), len(tb.times)),
        "ips_a": ta.iterations / ta.search_time if ta.search_time else 0.0,
        "ips_b": tb.iterations / tb.search_time if tb.search_time else 0.0,
    }


def report(r: dict) -> str:
    """The summary as text."""
    better = "lower" if r["sign"] < 0 else "higher"
    lines = [
        f"{r['game']} players={r['players']}: A={r['a']} vs B={r['b']}, {r['games']} games"
        f" ({r['hands']} hands/rounds), A's seat rotated",
        f"  A win rate      {r['win_a'][0]:.3f} ± {r['win_a'][1]:.3f}  (95% CI; ties shared)",
        f"  A mean points   {r['points_a'][0]:.2f} ± {r['points_a'][1]:.2f}   ({better} is better)",
        f"  B mean points   {r['points_b'][0]:.2f} ± {r['points_b'][1]:.2f}   (mean over B's seats)",
        f"  A - B per game  {r['diff'][0]:+.2f} ± {r['diff'][1]:.2f}",
    ]
    for who in ("a", "b"):
        mean, mx, n = r[f"time_{who}"]
        ips = r[f"ips_{who}"]
        extra = f", {ips:,.0f} iterations/s" if ips else ""
        lines.append(f"  {who.upper()} time/decision mean {mean * 1000:.1f} ms, max {mx * 1000:.1f} ms"
                     f" over {n} decisions{extra}")
    return "\n".join(lines)
