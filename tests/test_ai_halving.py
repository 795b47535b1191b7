"""Sequential halving at the root (game.ai.search.Halving; Karnin, Koren & Somekh 2013).

The root's moves share the iteration budget in ceil(log2 n) rounds; each round gives every
move still in the running the same number of iterations, then keeps the better half by mean
reward.  Ferret asks for it (``ROOT_HALVING``); the other games keep UCB at the root.
"""

from __future__ import annotations

import random

import pytest

from game import GAMES, new_game
from game.ai.knowledge import knowledge_for
from game.ai.search import Halving, Search


def _drive(h: Halving, rewards: dict[str, float], n: int, table: dict | None = None) -> dict:
    """Play ``n`` iterations of ``h`` where move m always earns rewards[m]."""
    table = {} if table is None else table
    for _ in range(n):
        m = h.next(table)
        e = table.setdefault(m, [0, 0.0, 0])
        e[0] += 1
        e[1] += rewards[m]
    return table


def test_rounds_share_the_budget_equally_and_halve():
    moves = [f"m{i}" for i in range(8)]
    rewards = {m: i / 10 for i, m in enumerate(moves)}  # m7 best
    h = Halving.start(moves, 48, True)
    assert h is not None and h.rounds == 3 and h.per_round == 16
    table = _drive(h, rewards, 16)
    assert {m: e[0] for m, e in table.items()} == {m: 2 for m in moves}, "round 1: 2 visits each"
    table = _drive(h, rewards, 16, table)
    assert h.alive == ["m4", "m5", "m6", "m7"], "the better half by mean stayed, in move order"
    assert [table[m][0] for m in h.alive] == [6, 6, 6, 6], "round 2: 4 more visits each"
    _drive(h, rewards, 1, table)
    assert h.alive == ["m6", "m7"]
    assert h.best(table) == "m7"


def test_the_kept_half_is_chosen_by_mean_not_by_visits_or_order():
    rng = random.Random(5)
    for trial in range(50):
        n = rng.randrange(3, 17)
        moves = [f"c{i}" for i in range(n)]
        rewards = {m: rng.random() for m in moves}
        h = Halving.start(moves, 200, True)
        assert h is not None
        table = _drive(h, rewards, h.per_round)
        h.next(table)  # the first call of round 2 halves
        top = sorted(moves, key=lambda m: -rewards[m])[:(n + 1) // 2]
        assert sorted(h.alive) == sorted(top), (trial, n)
        assert h.best(table) == max(moves, key=lambda m: rewards[m])


def test_halving_only_when_asked_and_with_more_than_two_moves():
    assert Halving.start(["a", "b", "c"], 100, False) is None
    assert Halving.start(["a", "b"], 100, True) is None
    assert Halving.start(["a", "b", "c"], 100, True) is not None


def test_only_ferret_asks_for_halving():
    asked = {gid: knowledge_for(new_game(gid, players=GAMES[gid].MIN_PLAYERS, seed=1)).root_halving
             for gid in GAMES}
    assert asked == {gid: gid == "ferret" for gid in GAMES}


@pytest.mark.parametrize("seed", [3, 4])
def test_ferret_search_spends_its_first_round_evenly_and_picks_a_survivor(seed):
    s = new_game("ferret", players=2, seed=seed)
    seat = s.to_move()[0]
    search = Search(s, seat, None, iterations=300, seconds=60, seed=0)
    assert search.halving is not None
    h = search.halving
    first = h.per_round // len(search.moves) * len(search.moves)
    while search.iterations < first:
        search._iterate()
        search.iterations += 1
    visits = {m: e[0] for m, e in search.root.stats[seat].items()}
    assert set(visits) == set(search.moves)
    assert len(set(visits.values())) == 1, visits
    search.step(60)
    assert search.iterations == 300
    assert len(h.alive) < len(search.moves)
    assert search.best() in h.alive


def test_a_round_ends_at_its_share_of_the_time_cap():
    moves = [f"m{i}" for i in range(8)]
    rewards = {m: i / 10 for i, m in enumerate(moves)}
    h = Halving.start(moves, 10_000, True, seconds=0.9)
    assert h is not None and h.round_seconds == pytest.approx(0.3)
    table = _drive(h, rewards, 8)  # one visit each, far short of the round's iterations
    assert len(h.alive) == 8
    h.next(table, 0.29)
    assert len(h.alive) == 8, "before its share the round goes on"
    h.next(table, 0.31)
    assert h.alive == ["m4", "m5", "m6", "m7"]
    h.next(table, 0.61)
    assert h.alive == ["m6", "m7"]


def test_without_a_cap_rounds_end_by_iterations_only():
    h = Halving.start([f"m{i}" for i in range(8)], 10_000, True)
    assert h is not None and h.round_seconds is None
    h.next({}, 1e9)
    assert len(h.alive) == 8


class _Clock:
    """A clock for the search that moves 2 ms at every reading, whatever the machine's load
    (a real clock can jump past a whole round of the cap when the process is preempted)."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.002
        return self.now


def test_a_search_stopped_by_its_cap_still_halves_to_the_end(monkeypatch):
    """Where the cap binds before the budget (the page's Pyodide is slower than CPython)."""
    import game.ai.search as search_module

    monkeypatch.setattr(search_module, "time", _Clock())
    s = new_game("ferret", players=2, seed=3)
    seat = s.to_move()[0]
    search = Search(s, seat, None, iterations=10**9, seconds=0.4, seed=0)
    h = search.halving
    assert h is not None and len(search.moves) > 4
    while not search.step(0.03):
        pass
    assert search.iterations < 10**9
    assert len(h.alive) <= 2
    assert search.best() in h.alive
