"""How far is 95% from what the player's knowledge allows?  A player that sees the hand in
progress completely (the dummy's face-down cards and the order of the face-down 8s) but
not the later deals: at each decision it plays toward the end of the hand worth most by
the table (game/ai/whist_value.py, via whist_pimc.later), ties to the rule-based player's
move.  Not honest (a probe, not an AI): its win rate is what perfect play within each hand
gets from this table's view of the future.  python3 bound.py FIRST LAST (seeds)."""
import sys
from game import new_game
from game.ai.heuristics.hermits_whist import rule_move
from game.ai.whist_pimc import ends_after, later
from game.rules.hermits_whist_solver import Solver


def bound_move(s) -> str:
    solver = Solver(s)
    moves = s.legal_moves(0)
    worth = [max((later(e, f, s.pips) for e, f in ends_after(solver, s, m)), default=0) for m in moves]
    top = max(worth)
    prefer = rule_move(s)
    best = [m for m, w in zip(moves, worth) if w == top]
    return prefer if prefer in best else best[0]


lo, hi = int(sys.argv[1]), int(sys.argv[2])
won = 0
for seed in range(lo, hi):
    s = new_game("hermits-whist", players=1, seed=seed)
    while not s.is_over():
        s.play(0, bound_move(s))
    won += s.result == "won"
    print(seed, s.result, flush=True)
print(f"seeds {lo}-{hi - 1}: won {won} of {hi - lo}")
