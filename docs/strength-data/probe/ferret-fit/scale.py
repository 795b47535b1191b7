"""Ferret: does the search get stronger with iterations?  A=hard, B=normal, budgets patched, no time cap."""
import sys, json
import os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
import game.ai as ai
from game.ai.heuristics import ferret
from game.ai.arena import play_match
na, nb, games, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
ferret.ITERATIONS = {"normal": nb, "hard": na}
ai.LEVELS = {k: (1e9, noise) for k, (cap, noise) in ai.LEVELS.items()}
r = play_match("ferret", 2, games, "hard", "normal", seed=seed, log=None)
print(json.dumps({k: v for k, v in r.items() if not isinstance(v, (list, dict))}, indent=1))
