"""Stones: does the search gain from iterations, with the same ending prover on both sides?

usage: scale.py NA NB GAMES SEED OUT.json   (A = 'hard' with NA iterations, B = 'normal' with NB;
both prove the ending from normal's 13 cells within 40k positions; no time cap, so the result
is a function of the seeds alone)
"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
import game.ai as ai
from game.ai.heuristics import hermit_stones as hs
from game.ai.arena import play_match

na, nb, games, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
hs.ITERATIONS = {"normal": nb, "hard": na}
hs.SOLVE_CELLS = {"normal": 13, "hard": 13}
hs.SOLVE_BUDGET = {"normal": 40_000, "hard": 40_000}
ai.LEVELS = {k: (1e9, noise) for k, (cap, noise) in ai.LEVELS.items()}
r = play_match("hermit-stones", 2, games, "hard", "normal", seed=seed, log=print)
json.dump(r, open(out, "w"))
print(json.dumps({k: v for k, v in r.items() if not isinstance(v, (list, dict))}, indent=1))
