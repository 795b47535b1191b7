"""Hermit / Type Trump: at each decision where the exact solver takes over, at the level's
own time cap, who decided: the solver on all its worlds, the solver on the worlds solved
when its share of the cap ran out ("settled", since 2026-12-07), the search, or neither
(the rule-based fallback of a search that ran no iteration)?  The hands are played on by a 300-iteration search.

    .venv/bin/python docs/strength-data/probe/caps/realcap.py hermit 3 700 712 normal
    OPTS='{"partnership": true}' .venv/bin/python docs/strength-data/probe/caps/realcap.py type-trump 4 700 706 hard
"""

import json
import os
import sys
import time

from game import new_game
from game.ai import start_search
from game.ai.knowledge import knowledge_for

game, players, lo, hi, level = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
OPTS = json.loads(os.environ.get("OPTS", "{}"))
out = {"solver": 0, "settled": 0, "search": 0, "fallback": 0}
worst = 0.0
for seed in range(lo, hi):
    s = new_game(game, players=players, seed=seed, options=OPTS)
    k = knowledge_for(s)
    r = s.round
    i = 0
    while not s.over and s.round == r:
        for seat in list(s.to_move()):
            if k._exact_ready(s) and len(s.to_move()) == 1 and len(s.legal_moves(seat)) > 1:
                t = time.perf_counter()
                se = start_search(s, seat, level, seed=seed * 100 + i)
                while not se.step(0.03):
                    pass
                dt = time.perf_counter() - t
                worst = max(worst, dt)
                pr = se.prover
                if pr is not None and pr.move is not None:
                    kind = "solver" if pr.solved >= pr.worlds else "settled"   # on fewer worlds
                else:
                    kind = "search" if se.iterations else "fallback"
                out[kind] += 1
            m = start_search(s, seat, "normal", seed=seed * 100 + i, iterations=300, seconds=60)
            while not m.step(1.0):
                pass
            s.play(seat, m.best())
            i += 1
print(game, players, level, f"seeds {lo}-{hi - 1}", out, f"slowest {worst:.2f} s", flush=True)
