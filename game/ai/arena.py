"""AI-versus-AI matches: ``python -m game arena GAME --a hard --b heuristic``.

Player A takes one seat, player B all the others; A's seat rotates over the
games and each deal (seed) is played once with A in every seat, so luck of
the deal cancels out.  Prints A's win rate and mean points, B's, the
difference, each with a 95% confidence interval, and the time per decision.

Agents: ``random``, ``heuristic``, ``easy``, ``normal``, ``hard``, and
``plain-normal`` / ``plain-hard`` (the same search without the game's
heuristics: plain ISMCTS, plain UCT on a perfect-information game).

Another checkout as an opponent (``--b-checkout PATH``, ``--a-checkout``):
that agent is the one of the project checked out at PATH, e.g. a git
worktree of an earlier commit::

    git worktree add /tmp/base ba7a0a1
    python -m game arena hermit --a normal --b normal --b-checkout /tmp/base

It runs in a worker process (:class:`Checkout`) that imports ``game`` from
PATH and decides with that checkout's own ``game.ai.arena.decide``; the
worker receives each position as its save (``to_json``: the contract every
checkout shares), so both sides see exactly the same game.  Decisions are
sequential: one side thinks at a time, at its own levels' settings.

Thinking during the others' turns (``--ponder SECONDS``): a local agent whose
level ponders (hard, in stones) is given that many seconds of its own before
every other seat's decision, as a person's thinking time would give it at the
page, and keeps a memory of the game for its searches (:func:`game.ai.start_ponder`).

Duplicate deals: every deal (seed) is played once with A in each seat, and
the report's "per deal" lines average those games first, so the interval
counts deals, not games (the luck of the cards cancels within a deal).
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import new_game
from ..core import State
from . import heuristic_move, random_move, start_ponder, start_search
from .knowledge import score_sign

AGENTS = ("random", "heuristic", "easy", "normal", "hard", "plain-normal", "plain-hard")


@dataclass
class Tally:
    times: list[float] = field(default_factory=list)
    iterations: int = 0
    search_time: float = 0.0
    ponder_time: float = 0.0


#: the worker run by :class:`Checkout` (plain Python: any checkout's ``game`` package)
_WORKER = r"""
import json, sys
root = sys.argv[1]
sys.path.insert(0, root)
import game
from game import load_game
from game.ai.arena import Tally, decide
print(json.dumps({"ready": game.__file__}), flush=True)
cache = None
for line in sys.stdin:
    req = json.loads(line)
    save = req["save"]
    moves = [list(m) for m in save["moves"]]
    key = json.dumps({k: v for k, v in save.items() if k != "moves"}, sort_keys=True)
    if cache is not None and cache[0] == key and cache[1] == moves[:len(cache[1])]:
        state = cache[2]
        for seat, m in moves[len(cache[1]):]:
            state.play(seat, m)
    else:
        state = load_game(save)
    cache = (key, moves, state)
    tally = Tally()
    move = decide(req["agent"], state, req["seat"], req["seed"], tally, req["seconds"], req["iterations"])
    print(json.dumps({"move": move, "time": tally.times[-1], "iterations": tally.iterations,
                      "search_time": tally.search_time}), flush=True)
"""


class Checkout:
    """An agent of another checkout of the project, in a worker process.

    >>> import pathlib
    >>> here = pathlib.Path(__file__).resolve().parents[2]
    >>> from game import new_game
    >>> with Checkout(str(here)) as other:
    ...     s = new_game("hermit-stones", seed=1)
    ...     other.decide("heuristic", s, 0, 3, Tally(), None, None) in s.legal_moves(0)
    True
    """

    def __init__(self, path: str) -> None:
        root = os.path.abspath(path)
        if not os.path.isfile(os.path.join(root, "game", "ai", "arena.py")):
            raise ValueError(f"checkout: {path!r} holds no game/ai/arena.py (not a checkout of this project?)")
        self.root = root
        self.proc = subprocess.Popen([sys.executable, "-c", _WORKER, root], cwd=root, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        hello = json.loads(self._line())
        where = os.path.realpath(hello["ready"])
        if not where.startswith(os.path.realpath(root) + os.sep):
            self.close()
            raise ValueError(f"checkout: the worker imported game from {where}, not from {root}")

    def _line(self) -> str:
        assert self.proc.stdout is not None
        line: str = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"checkout {self.root}: the worker stopped (see its error above)")
        return line

    def decide(self, agent: str, state: State, seat: int, seed: int, tally: Tally,
               seconds: float | None, iterations: int | None) -> str:
        req = {"save": state.to_json(), "seat": seat, "agent": agent, "seed": seed,
               "seconds": seconds, "iterations": iterations}
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        r = json.loads(self._line())
        tally.times.append(r["time"])
        tally.iterations += r["iterations"]
        tally.search_time += r["search_time"]
        return str(r["move"])

    def close(self) -> None:
        if self.proc.poll() is None:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=30)

    def __enter__(self) -> "Checkout":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def decide(agent: str, state: State, seat: int, seed: int, tally: Tally,
           seconds: float | None = None, iterations: int | None = None,
           memory: dict[str, Any] | None = None) -> str:
    """One decision by an agent, timed into ``tally`` (``memory``: the agent's, if it ponders)."""
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
        if memory is not None:
            kw["memory"] = memory
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
               iterations: int | None = None, options: dict[str, Any] | None = None,
               log: Callable[[str], object] | None = print, a_checkout: str | None = None, b_checkout: str | None = None,
               ponder: float = 0.0, a_seconds: float | None = None) -> dict[str, Any]:
    """Play ``games`` seat-rotated games; returns the summary numbers.

    ``a_checkout`` / ``b_checkout``: run that agent from another checkout
    (:class:`Checkout`).  ``ponder``: seconds each local agent may think
    before every other seat's decision (:func:`game.ai.start_ponder`).  ``a_seconds``: A's
    seconds per move in place of ``seconds`` (a handicap: what more time, such as a faster
    engine would buy, is worth).  Game ``g`` deals seed ``seed + g // players`` with A
    in seat ``g % players``: a multiple of ``players`` games plays every deal
    with A in every seat.
    """
    remote: dict[str, Checkout] = {}
    try:
        for who, path in (("a", a_checkout), ("b", b_checkout)):
            if path:
                remote[who] = Checkout(path)
        return _play(gid, players, games, a, b, seed, hands, seconds, iterations, options, log, remote, ponder,
                     a_seconds)
    finally:
        for r in remote.values():
            r.close()


def _play(gid: str, players: int, games: int, a: str, b: str, seed: int, hands: int | None,
          seconds: float | None, iterations: int | None, options: dict[str, Any] | None,
          log: Callable[[str], object] | None, remote: dict[str, Checkout], ponder: float = 0.0,
          a_seconds: float | None = None) -> dict[str, Any]:
    sign = score_sign(gid, players, options)
    ta, tb = Tally(), Tally()
    wins: list[float] = []
    pts_a: list[float] = []
    pts_b: list[float] = []
    diff: list[float] = []
    deal_wins: dict[int, list[float]] = {}
    deal_diff: dict[int, list[float]] = {}
    n_hands = 0
    for g in range(games):
        deal_seed = seed + g // players
        a_seat = g % players
        s = new_game(gid, players=players, seed=deal_seed, options=options)
        start_round = s.round
        k = 0
        # each local agent's memory of this game, if it ponders
        memory: dict[int, dict[str, Any]] = {}
        if ponder > 0:
            for i in range(players):
                who = "a" if i == a_seat else "b"
                if who not in remote and (a if who == "a" else b) in ("easy", "normal", "hard"):
                    memory[i] = {}
        while not s.is_over() and (hands is None or s.round < start_round + hands):
            seat = s.to_move()[0]
            who = "a" if seat == a_seat else "b"
            agent, tally = (a, ta) if who == "a" else (b, tb)
            secs = a_seconds if who == "a" and a_seconds is not None else seconds
            dseed = deal_seed * 100_003 + k
            for i, mem in memory.items():       # the others think while ``seat`` does
                if i != seat:
                    p = start_ponder(s, i, a if i == a_seat else b, mem)
                    if p is not None:
                        p.step(ponder)
                        (ta if i == a_seat else tb).ponder_time += p.elapsed
            if who in remote:
                move = remote[who].decide(agent, s, seat, dseed, tally, secs, iterations)
            else:
                move = decide(agent, s, seat, dseed, tally, secs, iterations, memory.get(seat))
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
        deal_wins.setdefault(deal_seed, []).append(wins[-1])
        deal_diff.setdefault(deal_seed, []).append(diff[-1])
        if log is not None and (g + 1) % max(1, games // 10) == 0:
            log(f"  {g + 1}/{games} games: A win rate {sum(wins) / len(wins):.3f}")
    return {
        "game": gid, "players": players, "games": games, "hands": n_hands, "a": a, "b": b,
        "a_checkout": (remote["a"].root if "a" in remote else None),
        "b_checkout": (remote["b"].root if "b" in remote else None),
        "win_a": mean_ci(wins), "points_a": mean_ci(pts_a), "points_b": mean_ci(pts_b),
        "diff": mean_ci(diff), "sign": sign,
        "deals": len(deal_wins),
        "deal_win_a": mean_ci([sum(v) / len(v) for v in deal_wins.values()]),
        "deal_diff": mean_ci([sum(v) / len(v) for v in deal_diff.values()]),
        "time_a": (sum(ta.times) / max(1, len(ta.times)), max(ta.times, default=0.0), len(ta.times)),
        "time_b": (sum(tb.times) / max(1, len(tb.times)), max(tb.times, default=0.0), len(tb.times)),
        "ips_a": ta.iterations / ta.search_time if ta.search_time else 0.0,
        "ips_b": tb.iterations / tb.search_time if tb.search_time else 0.0,
        # raw per-game records, so chunks of one experiment can be pooled
        "records": [{"deal": seed + g // players, "seat": g % players, "win": wins[g], "diff": diff[g],
                     "points_a": pts_a[g], "points_b": pts_b[g]} for g in range(games)],
        "times_a": ta.times, "times_b": tb.times,
        "iterations_a": ta.iterations, "iterations_b": tb.iterations,
        "search_time_a": ta.search_time, "search_time_b": tb.search_time,
        "ponder": ponder, "ponder_time_a": ta.ponder_time, "ponder_time_b": tb.ponder_time,
        "seconds": seconds, "a_seconds": a_seconds,
    }


def pool(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One summary from several ``--json`` results of the same match (chunks with
    different ``--seed``: disjoint deals), recomputed from their per-game records.

    >>> a = {"game": "g", "players": 2, "a": "x", "b": "y", "sign": 1, "hands": 2,
    ...      "records": [{"deal": 0, "seat": 0, "win": 1.0, "diff": 2.0}, {"deal": 0, "seat": 1, "win": 0.0, "diff": 0.0}],
    ...      "times_a": [0.1], "times_b": [0.2], "iterations_a": 10, "iterations_b": 0,
    ...      "search_time_a": 0.1, "search_time_b": 0.0, "points_a": (0, 0), "points_b": (0, 0)}
    >>> b = dict(a, records=[{"deal": 1, "seat": 0, "win": 1.0, "diff": 1.0}, {"deal": 1, "seat": 1, "win": 1.0, "diff": 1.0}])
    >>> r = pool([a, b])
    >>> r["games"], r["deals"], r["deal_win_a"][0], r["time_a"][2]
    (4, 2, 0.75, 2)
    >>> pool([dict(a, ponder_time_a=1.5), dict(b, ponder_time_a=2.0)])["ponder_time_a"]
    3.5
    >>> pool([a, a])
    Traceback (most recent call last):
    ...
    ValueError: pool: deal 0 seat 0 appears twice (overlapping seeds?)
    """
    first = results[0]
    for r in results[1:]:
        for key in ("game", "players", "a", "b"):
            if r[key] != first[key]:
                raise ValueError(f"pool: results differ in {key} ({first[key]!r} vs {r[key]!r})")
    records = [x for r in results for x in r["records"]]
    seen = set()
    for x in records:
        k = (x["deal"], x["seat"])
        if k in seen:
            raise ValueError(f"pool: deal {k[0]} seat {k[1]} appears twice (overlapping seeds?)")
        seen.add(k)
    deal_wins: dict[int, list[float]] = {}
    deal_diff: dict[int, list[float]] = {}
    for x in records:
        deal_wins.setdefault(x["deal"], []).append(x["win"])
        deal_diff.setdefault(x["deal"], []).append(x["diff"])
    out = dict(first)
    ta = [t for r in results for t in r["times_a"]]
    tb = [t for r in results for t in r["times_b"]]
    sa = sum(r["search_time_a"] for r in results)
    sb = sum(r["search_time_b"] for r in results)
    out.update({
        "games": len(records), "hands": sum(r["hands"] for r in results), "records": records,
        "win_a": mean_ci([x["win"] for x in records]), "diff": mean_ci([x["diff"] for x in records]),
        "deals": len(deal_wins),
        "deal_win_a": mean_ci([sum(v) / len(v) for v in deal_wins.values()]),
        "deal_diff": mean_ci([sum(v) / len(v) for v in deal_diff.values()]),
        "time_a": (sum(ta) / max(1, len(ta)), max(ta, default=0.0), len(ta)),
        "time_b": (sum(tb) / max(1, len(tb)), max(tb, default=0.0), len(tb)),
        "ips_a": sum(r["iterations_a"] for r in results) / sa if sa else 0.0,
        "ips_b": sum(r["iterations_b"] for r in results) / sb if sb else 0.0,
        "times_a": ta, "times_b": tb, "pooled": len(results),
        "ponder_time_a": sum(r.get("ponder_time_a", 0.0) for r in results),
        "ponder_time_b": sum(r.get("ponder_time_b", 0.0) for r in results),
    })
    for key in ("points_a", "points_b"):
        out[key] = mean_ci([x.get(key, 0.0) for x in records])
    return out


def report(r: dict[str, Any]) -> str:
    """The summary as text."""
    better = "lower" if r["sign"] < 0 else "higher"
    def who(x: str) -> str:
        path = r.get(f"{x}_checkout")
        return str(r[x]) + (f" (checkout {path})" if path else "")

    lines = [
        f"{r['game']} players={r['players']}: A={who('a')} vs B={who('b')}, {r['games']} games"
        f" ({r['hands']} hands/rounds), A's seat rotated",
        f"  A win rate      {r['win_a'][0]:.3f} ± {r['win_a'][1]:.3f}  (95% CI; ties shared)",
        f"  A mean points   {r['points_a'][0]:.2f} ± {r['points_a'][1]:.2f}   ({better} is better)",
        f"  B mean points   {r['points_b'][0]:.2f} ± {r['points_b'][1]:.2f}   (mean over B's seats)",
        f"  A - B per game  {r['diff'][0]:+.2f} ± {r['diff'][1]:.2f}",
        f"  per deal ({r['deals']} deals, A's seats averaged first): win rate"
        f" {r['deal_win_a'][0]:.3f} ± {r['deal_win_a'][1]:.3f}, A - B {r['deal_diff'][0]:+.2f} ± {r['deal_diff'][1]:.2f}",
    ]
    for side in ("a", "b"):
        mean, mx, n = r[f"time_{side}"]
        ips = r[f"ips_{side}"]
        extra = f", {ips:,.0f} iterations/s" if ips else ""
        pondered = r.get(f"ponder_time_{side}", 0.0)
        if pondered:
            extra += f"; pondered {pondered:.1f} s in all (up to {r['ponder']:g} s a turn of the others)"
        lines.append(f"  {side.upper()} time/decision mean {mean * 1000:.1f} ms, max {mx * 1000:.1f} ms"
                     f" over {n} decisions{extra}")
    return "\n".join(lines)
