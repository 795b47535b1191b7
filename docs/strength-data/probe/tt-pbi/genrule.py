"""Hands of Type Trump 4p played by the rule-based player for every seat (a check of infer.py)."""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import new_game  # noqa: E402
from game.ai import heuristic_move  # noqa: E402

with open("./rule-type-trump.jsonl", "w") as out:
    for seed in range(7000, 7015):
        s = new_game("type-trump", players=4, seed=seed)
        while not s.is_over() and s.round == 1:
            for seat in list(s.to_move()):
                s.play(seat, heuristic_move(s, seat, seed))
        out.write(json.dumps(s.to_json()) + "\n")
