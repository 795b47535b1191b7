import sys, random, json
sys.path.insert(0, __import__("os").path.dirname(__file__))
from hrules import BASE, match, move
from game import new_game
from game.ai.heuristics.hermit import heuristic_move
# sanity: BASE is main's rule player
rng = random.Random(0)
for seed in range(30):
    s = new_game("hermit", players=4, seed=seed)
    while not s.is_over() and s.round == 1:
        for seat in list(s.to_move()):
            assert move(s, seat, BASE) == heuristic_move(s, seat, rng), (seed, seat)
            ms = s.legal_moves(seat); s.play(seat, ms[rng.randrange(len(ms))])
print("base == main's rule player")
W = dict(BASE)
seeds = range(100000, 101500)
for p in range(3):
    changed = False
    for k in list(W):
        vals = [W[k] * m for m in (0.0, 0.5, 0.75, 1.33, 1.5, 2.0, 3.0)] if W[k] else [-1.0, -0.5, 0.25, 0.5, 1.0]
        best = None
        for v in vals:
            T = dict(W); T[k] = v
            d, ci = match(T, W, seeds)
            if best is None or d < best[0]:
                best = (d, ci, v)
        if best[0] < -0.05 and best[0] + best[1] < 0:
            W[k] = best[2]; changed = True
            print(p, k, "->", round(best[2], 3), round(best[0], 3), "+-", round(best[1], 3), flush=True)
    print("pass", p, json.dumps({k: round(v, 4) for k, v in W.items()}), flush=True)
    if not changed:
        break
    seeds = range(100000 + 10000 * (p + 1), 101500 + 10000 * (p + 1))
json.dump(W, open("W.json", "w"))
