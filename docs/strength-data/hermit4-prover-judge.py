# Usage: .venv/bin/python docs/strength-data/hermit4-prover-judge.py FIRST-SEED PLAYOUTS DISAGREEMENTS
"""Decision-level duplicate for Hermit 4p's late game: where main's exact PIMC prover decides
and a plain search (the prover off, as in the yardstick) would play otherwise, play both moves
in the TRUE world and finish the hand with every seat searching (normal, prover off) from its
own view; compare the deciding seat's relative result over many seeds."""
import random, sys, statistics as st
from game import new_game
from game.ai import heuristic_move, start_search
from game.ai.search import Search
from game.ai.knowledge import knowledge_for
from game.ai.heuristics import hermit as HH

SEEDS = int(sys.argv[2]) if len(sys.argv) > 2 else 12
def plain(state, seat, seed, iters=2000):
    k = knowledge_for(state)
    moves = state.legal_moves(seat)
    if len(moves) == 1:
        return moves[0]
    sr = Search(state.clone(), seat, k, iterations=iters, seconds=60, seed=seed)
    sr.prover = None
    while not sr.step(1.0): pass
    return sr.best()

def finish(state, seat, seed):
    s = state.clone()
    rnd = s.round
    i = 0
    while not s.is_over() and s.round == rnd:
        p = s.to_move()[0]
        s.play(p, plain(s, p, seed * 1000 + i))
        i += 1
    pts = s.last_hand["points"] if s.round != rnd or s.is_over() else None
    return pts

diffs = []
start = int(sys.argv[1])
for g in range(start, start + 1000):
    s = new_game("hermit", players=4, seed=g)
    rng = random.Random(g)
    while not s.is_over() and s.round == 1:
        seat = s.to_move()[0]
        if s.phase == "play" and HH.exact_ready(s) and len(s.legal_moves(seat)) > 1:
            sr = start_search(s.clone(), seat, "normal", seed=g)
            while not sr.step(0.05): pass
            if sr.prover is not None and sr.prover.move is not None:
                alt = plain(s, seat, g)
                if alt != sr.best():
                    res = {}
                    for m in (sr.best(), alt):
                        vals = []
                        for k in range(SEEDS):
                            t = s.clone(); t.play(seat, m)
                            pts = finish(t, seat, k)
                            n = len(pts)
                            vals.append(pts[seat] - sum(pts[j] for j in range(n) if j != seat) / (n - 1))
                        res[m] = st.mean(vals)
                    d = res[sr.best()] - res[alt]
                    diffs.append(d)
                    print(f"game {g} left {sum(len(h) for h in s.hands)} prover {sr.best()} {res[sr.best()]:+.2f} plain {alt} {res[alt]:+.2f} diff {d:+.2f}", flush=True)
        s.play(seat, heuristic_move(s, seat, rng.randrange(10**6)))
    if len(diffs) >= int(sys.argv[3] if len(sys.argv) > 3 else 30):
        break
m = st.mean(diffs); se = st.stdev(diffs) / len(diffs) ** 0.5
print(f"n={len(diffs)} prover minus plain (penalty points, relative; lower is better for the prover): {m:+.2f} [{m-1.96*se:+.2f}, {m+1.96*se:+.2f}]")
