"""The longest single ``search.step(0.03)`` slice (what the page runs between browser tasks),
and the longest ``start_search`` call before it, over every decision of a hand or game, each
seat at the level and at its own time cap.  In CPython or in Pyodide:

    .venv/bin/python docs/strength-data/probe/caps/slice.py hermit 3 700 703 normal
    node scripts/pyodide_run.mjs docs/strength-data/probe/caps/slice.py hermit 3 702 703 normal
"""
import json, os, sys, time
from game import new_game
from game.ai import start_search
ARGS = os.environ.get("SLICE_ARGS", "").split() or sys.argv[1:]
game, players, lo, hi, level = ARGS[0], int(ARGS[1]), int(ARGS[2]), int(ARGS[3]), ARGS[4]
OPTS = json.loads(os.environ.get("OPTS", "{}"))
worst = (0.0, None)
start = (0.0, None)
n = 0
for seed in range(lo, hi):
    s = new_game(game, players=players, seed=seed, options=OPTS)
    r = s.round
    i = 0
    while not s.is_over() and s.round == r and i < 200:
        for seat in list(s.to_move()):
            t = time.perf_counter()
            se = start_search(s, seat, level, seed=seed * 100 + i)
            dt = time.perf_counter() - t
            if dt > start[0]:
                start = (dt, (seed, i, len(s.legal_moves(seat))))
            while True:
                t = time.perf_counter()
                d = se.step(0.03)
                dt = time.perf_counter() - t
                if dt > worst[0]:
                    worst = (dt, (seed, i, len(s.legal_moves(seat))))
                if d:
                    break
            n += 1
            s.play(seat, se.best())
            i += 1
print(game, players, level, f"seeds {lo}-{hi-1}", n, "decisions", f"longest slice {worst[0]*1000:.0f} ms at {worst[1]}",
      f"longest start {start[0]*1000:.0f} ms at {start[1]}", flush=True)
