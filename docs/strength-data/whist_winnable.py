"""Which Hermits Whist seeds solve() proves winnable (default options).

    .venv/bin/python docs/strength-data/whist_winnable.py 0 1000 > docs/strength-data/whist-winnable.json
"""
import json
import sys
import time

from game import new_game
from game.rules.hermits_whist import solve

lo, hi = int(sys.argv[1]), int(sys.argv[2])
t0 = time.perf_counter()
winnable = [s for s in range(lo, hi) if solve(new_game("hermits-whist", players=1, seed=s)) is not None]
print(json.dumps({"seeds": [lo, hi], "winnable": winnable, "seconds": round(time.perf_counter() - t0, 1)}))
