"""Positions of Ferret games between low-budget searches, with the final result."""
import sys, json, random
import os; sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
from game import new_game
from game.ai import start_search
start, n, its, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = []
for g in range(start, start + n):
    s = new_game("ferret", seed=g)
    pos = []; k = 0
    while not s.is_over():
        seat = s.to_move()[0]
        if s.phase == "play":
            sc = s.scores()
            pos.append((len(s.stock), sc[0] - sc[1], len(s.tableaux[0]) - len(s.tableaux[1]), 1 if seat == 0 else 0))
        se = start_search(s, seat, "normal", g * 1000 + k, iterations=its, seconds=1e9); k += 1
        while not se.step(0.05): pass
        s.play(seat, se.best())
    w = s.winners()
    rows.append({"pos": pos, "res": 1.0 if w == [0] else 0.5 if len(w) == 2 else 0.0})
    if len(rows) % 25 == 0:
        json.dump(rows, open(out, "w")); print(len(rows), flush=True)
json.dump(rows, open(out, "w"))
