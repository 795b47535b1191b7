"""Hands played by the rule-based player for every seat (a check of the inference probes).

    python genrule.py [GAME [FIRST-LAST]]    # default: hermit 7000-7015 (4 players)

Writes ./rule-GAME.jsonl, one hand's save a line; probe tt-pbi runs it with type-trump.
"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai import heuristic_move
game = sys.argv[1] if len(sys.argv) > 1 else "hermit"
first, last = (int(x) for x in (sys.argv[2] if len(sys.argv) > 2 else "7000-7015").split("-"))
out = open(f"./rule-{game}.jsonl", "w")
for seed in range(first, last):
    s = new_game(game, players=4, seed=seed)
    while not s.is_over() and s.round == 1:
        for seat in list(s.to_move()):
            s.play(seat, heuristic_move(s, seat, seed))
    out.write(json.dumps(s.to_json()) + "\n")
