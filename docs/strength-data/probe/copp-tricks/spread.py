"""How spread the other seats' replies are in one search of Hermit 4p and Type Trump 4p
(2026-12-07): for the next seat to move below each root move, how many replies it has
tried and how many iterations its most-visited reply got (cf. tests/test_ai_ucb.py for
Ferret, where a reply node holds about a hundred replies, most tried once).

    .venv/bin/python docs/strength-data/probe/copp-tricks/spread.py
"""
from __future__ import annotations

import random
import statistics

from game import new_game
from game.ai.search import Search


def probe(game: str, seed: int, plies: int, c_opp: float | None) -> tuple[float, float, float]:
    s = new_game(game, players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):  # a few random plies into the hand
        seat = s.to_move()[0]
        s.play(seat, rng.choice(s.legal_moves(seat)))
    seat = s.to_move()[0]
    search = Search(s, seat, None, iterations=2000, seconds=120.0, seed=1)
    if c_opp is not None:
        search.c_opp = c_opp
    while not search.step(120.0):
        pass
    sizes, tops, shares = [], [], []
    for child in search.root.children.values():
        for other, table in child.stats.items():
            if other == seat or not table:
                continue
            n = sum(e[0] for e in table.values())
            sizes.append(len(table))
            tops.append(max(e[0] for e in table.values()))
            shares.append(max(e[0] for e in table.values()) / n)
    return statistics.mean(sizes), statistics.mean(tops), statistics.mean(shares)


if __name__ == "__main__":
    for game, plies in (("hermit", 6), ("type-trump", 6)):
        for c in (None, 0.25, 0.1):
            rows = [probe(game, seed, plies, c) for seed in range(1, 6)]
            print(game, "c_opp", c, "replies tried %.1f, top reply visits %.1f, top share %.2f"
                  % tuple(statistics.mean(r[i] for r in rows) for i in range(3)))
