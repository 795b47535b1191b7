"""Stones: is the depth of the ending's proof the lever?  A proves from more cells, same MCTS.

usage: depth.py CELLS_A BUDGET_A GAMES SEED OUT.json   (A = 'hard' with normal's 2500 iterations
and its prover from CELLS_A cells within BUDGET_A positions; B = 'normal' (13 cells, 40k); no time
cap, so the result is a function of the seeds alone)
"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
import game.ai as ai
from game.ai.heuristics import hermit_stones as hs
from game.ai.arena import play_match

ca, ba, games, seed, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
hs.ITERATIONS = {"normal": 2500, "hard": 2500}
hs.SOLVE_CELLS = {"normal": 13, "hard": ca}
hs.SOLVE_BUDGET = {"normal": 40_000, "hard": ba}
ai.LEVELS = {k: (1e9, noise) for k, (cap, noise) in ai.LEVELS.items()}
r = play_match("hermit-stones", 2, games, "hard", "normal", seed=seed, log=print)
json.dump(r, open(out, "w"))
print(json.dumps({k: v for k, v in r.items() if not isinstance(v, (list, dict))}, indent=1))
