"""Ground truth for stones endings: every root move of positions with N legal cells, proved exactly.

usage: truth.py FIRST_SEED COUNT CELLS OUT.json  (positions from the rule player with 20% random
moves; per move: True won for the mover, False lost, None undecided within the budget)
"""
import json, random, sys, time, os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", ".."))
from game import new_game
from game.ai import heuristic_move
from game.ai.heuristics.hermit_stones import _order
from game.ai.heuristics.hermit_stones_prover import StonesProver

first, count, cells, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
BUDGET = int(os.environ.get("BUDGET", "3000000"))
rows = []
for seed in range(first, first + count):
    rng = random.Random(seed)
    s = new_game("hermit-stones", seed=seed)
    moves_played = []
    while not s.is_over():
        seat = s.to_move()[0]
        if len(s.legal_moves(seat)) <= cells and s.placed > 0:
            break
        m = rng.choice(s.legal_moves(seat)) if rng.random() < 0.2 else heuristic_move(s, seat, seed=rng.randrange(10**6))
        s.play(seat, m); moves_played.append(m)
    if s.is_over():
        continue
    seat = s.to_move()[0]
    t = time.perf_counter()
    p = StonesProver(s, seat, BUDGET, _order)
    verdict = {}
    left = BUDGET
    for i, m in enumerate(p.moves):
        v, used = p._prove_move(i, left)
        left -= used
        verdict[m] = v
    dt = time.perf_counter() - t
    rows.append({"seed": seed, "moves": moves_played, "seat": seat, "legal": len(p.moves),
                 "verdict": verdict, "seconds": round(dt, 2), "positions": BUDGET - left})
    won = sum(1 for v in verdict.values() if v is True)
    und = sum(1 for v in verdict.values() if v is None)
    print(seed, len(p.moves), "won", won, "undecided", und, round(dt, 1), "s", flush=True)
json.dump(rows, open(out, "w"))
