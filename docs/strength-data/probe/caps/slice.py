"""Longest single search.step(0.03) slice over the decisions of one hand/game."""
import json, os, sys, time
from game import new_game
from game.ai import start_search
ARGS = os.environ.get("SLICE_ARGS", "").split() or sys.argv[1:]
game, players, lo, hi, level = ARGS[0], int(ARGS[1]), int(ARGS[2]), int(ARGS[3]), ARGS[4]
OPTS = json.loads(os.environ.get("OPTS", "{}"))
worst = (0.0, None)
n = 0
for seed in range(lo, hi):
    s = new_game(game, players=players, seed=seed, options=OPTS)
    r = s.round
    i = 0
    while not s.is_over() and s.round == r and i < 200:
        for seat in list(s.to_move()):
            se = start_search(s, seat, level, seed=seed * 100 + i)
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
print(game, players, level, f"seeds {lo}-{hi-1}", n, "decisions", f"longest slice {worst[0]*1000:.0f} ms at {worst[1]}", flush=True)
