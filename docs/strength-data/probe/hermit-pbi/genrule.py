import sys, json, random
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai import heuristic_move
out = open("./rule-hermit.jsonl", "w")
for seed in range(7000, 7015):
    s = new_game("hermit", players=4, seed=seed)
    while not s.is_over() and s.round == 1:
        for seat in list(s.to_move()):
            s.play(seat, heuristic_move(s, seat, seed))
    out.write(json.dumps(s.to_json()) + "\n")
