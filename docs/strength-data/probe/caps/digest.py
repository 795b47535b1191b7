"""Digest of SampledSolver results at every exact-ready decision (rule-based play), and its time."""
import hashlib, json, os, sys, time
from game import new_game
from game.ai import heuristic_move
from game.ai.knowledge import knowledge_for
h = hashlib.sha256()
total = 0.0
n = 0
nodes = 0
for game, players, lo, hi, opts in [("hermit", 3, 700, 712, {}), ("hermit", 4, 700, 712, {}), ("hermit", 2, 700, 712, {}),
                                    ("type-trump", 4, 700, 712, {}), ("type-trump", 3, 700, 712, {})]:
    for seed in range(lo, hi):
        s = new_game(game, players=players, seed=seed, options=opts)
        k = knowledge_for(s)
        r = s.round
        i = 0
        while not s.is_over() and s.round == r:
            for seat in list(s.to_move()):
                if len(s.to_move()) == 1 and len(s.legal_moves(seat)) > 1:
                    for level in ("normal", "hard"):
                        pr = k.root_solver(s, seat, level, seed * 100 + i)
                        if pr is None or not hasattr(pr, "totals"):
                            continue
                        t = time.perf_counter()
                        while not pr.step(int(sys.argv[1]) if len(sys.argv) > 1 else 600):
                            pass
                        total += time.perf_counter() - t
                        n += 1
                        nodes += pr.nodes
                        h.update(repr((game, players, seed, i, level, pr.move, pr.solved, pr.nodes, [round(x, 9) for x in pr.totals])).encode())
                s.play(seat, heuristic_move(s, seat, seed * 100 + i))
                i += 1
print(f"{n} solves, {nodes} positions, {total:.2f} s, digest {h.hexdigest()[:16]}")
