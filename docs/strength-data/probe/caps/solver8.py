"""Hermit 3p at 8 cards left: the exact solver's move (normal's 60 worlds, or W) against
the search's (normal, 2,000 iterations), and, where they differ, both moves valued over 300
fresh solved worlds (a PIMC judge, so it leans to the solver's kind of choice).

    W=12 .venv/bin/python docs/strength-data/probe/caps/solver8.py 700 730
"""

import os
import random
import sys

from game import new_game
from game.ai import start_search
from game.ai.knowledge import knowledge_for
from game.ai.solver import SampledSolver
from game.ai.heuristics import hermit as h

W = int(os.environ.get("W", "60"))
knowledge_for(new_game("hermit", players=3)).exact_worlds["normal"] = W
agree = differ = 0
gain = []
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    s = new_game("hermit", players=3, seed=seed)
    k = knowledge_for(s)
    rng = random.Random(seed)
    while not s.is_over() and s.round == 1:
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        if h.exact_ready(s) and len(s.to_move()) == 1 and len(legal) > 1:
            break
        s.play(seat, legal[rng.randrange(len(legal))])
    else:
        continue
    if sum(len(x) for x in s.hands) != 8:
        continue
    solver = start_search(s, seat, "normal", seed=seed, iterations=2000, seconds=60)
    while not solver.step(1.0):
        pass
    if solver.prover is None or solver.prover.move is None:
        continue
    a = solver.best()
    h.EXACT_CARDS = 7                   # the search decides at 8 cards
    search = start_search(s, seat, "normal", seed=seed, iterations=2000, seconds=60)
    while not search.step(1.0):
        pass
    b = search.best()
    h.EXACT_CARDS = 8
    if a == b:
        agree += 1
        continue
    differ += 1
    ref = SampledSolver(s, seat, k.sampler(s, seat, "hard", random.Random(99)), random.Random(seed + 7), 300,
                        k._evaluate, k.context(s, seat), 10**6)
    while not ref.step(10**6):
        pass
    v = {m: t / 300 for m, t in zip(ref.moves, ref.totals)}
    gain.append(v[a] - v[b])
    print(seed, a, b, f"{v[a]:.4f} {v[b]:.4f}", flush=True)
print("agree", agree, "differ", differ, "mean value of the solver's move minus the search's",
      f"{sum(gain) / len(gain):.4f}" if gain else "-", "(reward units; 1 penalty point = 1/66)")
