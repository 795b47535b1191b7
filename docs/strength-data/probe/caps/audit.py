"""Every decision of one game or hand per configuration at a level's own cap: who decided
(a proven/solved move, the search, or the rule-based fallback of a search with no
iteration), the slowest decision, and how many searches the cap stopped before their
budget.  Every seat plays at the level; a trick game's first hand, a whole stones or Ferret
game, Whist's first hand.

    .venv/bin/python docs/strength-data/probe/caps/audit.py normal
"""

import sys
import time

from game import new_game
from game.ai import start_search
from game.ai.search import Search

level = sys.argv[1]
CONFIGS = [("hermit-stones", None, {}), ("ferret", None, {}), ("hermits-whist", None, {}),
           ("hermit", 2, {}), ("hermit", 3, {}), ("hermit", 4, {}), ("hermit", 5, {}),
           ("type-trump", 3, {}), ("type-trump", 4, {}), ("type-trump", 4, {"partnership": True})]
for gid, players, opts in CONFIGS:
    s = new_game(gid, players=players, seed=11, options=opts)
    r = s.round
    out = {"prover": 0, "search": 0, "fallback": 0, "capped": 0, "one": 0}
    worst = 0.0
    n = 0
    while not s.is_over() and (s.round == r or gid in ("hermit-stones", "ferret")) and n < 400:
        for seat in list(s.to_move()):
            if seat not in s.to_move():
                continue
            t = time.perf_counter()
            se = start_search(s, seat, level, seed=n)
            while not se.step(0.03):
                pass
            dt = time.perf_counter() - t
            worst = max(worst, dt)
            if not isinstance(se, Search):
                out["one"] += 1
            elif se.prover is not None and getattr(se.prover, "move", None) is not None:
                out["prover"] += 1
            elif se.iterations == 0:
                out["fallback"] += 1
            else:
                out["search"] += 1
                if se.iterations < se.budget:
                    out["capped"] += 1
            s.play(seat, se.best())
            n += 1
    print(level, gid, players or "", "partnership" if opts else "", out, f"slowest {worst:.2f} s", flush=True)
