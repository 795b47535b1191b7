"""Ferret's normal search at equal iterations (2,500, no binding cap) on fixed positions:
seconds per search and the moves chosen, in the interpreter this runs in.  Run from a
checkout's root, in CPython and in Pyodide (the page's interpreter), before and after a
speed change: the moves must match, the seconds say what it gained.

    .venv/bin/python docs/strength-data/probe/ferret-speed/equal_iterations.py
    node scripts/pyodide_run.mjs docs/strength-data/probe/ferret-speed/equal_iterations.py
"""

import hashlib
import random
import sys
import time

sys.path.insert(0, ".")
from game import new_game  # noqa: E402
from game.ai import start_search  # noqa: E402

positions = []
for g in range(4):
    s = new_game("ferret", seed=600 + g)
    rng = random.Random(g)
    k = 0
    while not s.is_over():
        seat = s.to_move()[0]
        if k % 6 == 2:
            positions.append((s.clone(), seat))
        s.play(seat, rng.choice(s.legal_moves(seat)))
        k += 1
moves, spent = [], 0.0
for i, (s, seat) in enumerate(positions):
    search = start_search(s, seat, "normal", seed=i, iterations=2500, seconds=60)
    t0 = time.perf_counter()
    while not search.step(0.03):
        pass
    spent += time.perf_counter() - t0
    moves.append(str(search.best()))
digest = hashlib.sha256("|".join(moves).encode()).hexdigest()[:16]
print(f"{sys.version.split()[0]} {sys.platform}: {len(positions)} searches of 2,500 iterations, "
      f"{spent:.1f} s ({spent / len(positions) * 1000:.0f} ms a search), moves {digest}")
