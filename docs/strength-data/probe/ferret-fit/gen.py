"""Positions of Ferret games between rule players (25% random moves), with the final result."""
import sys, json, random
import os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
from game import new_game
from game.ai.heuristics.ferret import heuristic_move
start, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rows = []
for g in range(start, start + n):
    s = new_game("ferret", seed=g)
    rng = random.Random(g)
    pos = []
    while not s.is_over():
        seat = s.to_move()[0]
        if s.phase == "play":
            sc = s.scores()
            pos.append((len(s.stock), sc[0] - sc[1], len(s.tableaux[0]) - len(s.tableaux[1]), 1 if seat == 0 else 0))
        moves = s.legal_moves(seat)
        m = moves[rng.randrange(len(moves))] if rng.random() < 0.25 else heuristic_move(s, seat, rng)
        s.play(seat, m)
    w = s.winners()
    res = 1.0 if w == [0] else 0.5 if len(w) == 2 else 0.0
    fs = s.scores()
    rows.append({"pos": pos, "res": res, "final": fs[0] - fs[1]})
json.dump(rows, open(out, "w"))
print(len(rows), sum(len(r["pos"]) for r in rows))
