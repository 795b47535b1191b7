"""Games of the rule player against itself (a check that infer.py finds cards where the model is right)."""
import json, os, random, sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai.heuristics.ferret import heuristic_move
out = open("rule-ferret.jsonl", "w")
for seed in range(6000, 6012):
    s = new_game("ferret", seed=seed); rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_move()[0]
        s.play(seat, heuristic_move(s, seat, rng))
    out.write(json.dumps(s.to_json()) + "\n")
