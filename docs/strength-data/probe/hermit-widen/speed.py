"""Seconds for one 2,000-iteration search of Hermit 4p, over 20 positions a few turns into a
hand (the rule-based player's), and the tree's deepest node: run from each checkout.

    .venv/bin/python docs/strength-data/probe/hermit-widen/speed.py
"""

import random
import time

from game import new_game
from game.ai import start_search
from game.ai.heuristics.hermit import heuristic_move


def depth(node) -> int:
    return 1 + max((depth(c) for c in node.children.values()), default=0)


tot = 0.0
n = 0
depths = []
for seed in range(20):
    s = new_game("hermit", players=4, seed=seed)
    rng = random.Random(seed)
    for _ in range(4 + seed % 12):
        for seat in list(s.to_move()):
            s.play(seat, heuristic_move(s, seat, rng))
    seat = s.to_move()[0]
    t0 = time.perf_counter()
    search = start_search(s, seat, "normal", seed=seed, iterations=2000, seconds=60)
    while not search.step(1.0):
        pass
    tot += time.perf_counter() - t0
    n += 1
    if hasattr(search, "root"):
        depths.append(depth(search.root))
print(f"mean s/search {tot / n:.3f}", f"mean max depth {sum(depths) / len(depths):.1f}")
