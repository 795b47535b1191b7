# Usage: .venv/bin/python docs/strength-data/hermit4-void-decisions.py  (main normal with and without the voids, same seed, 2000 iterations)
import random
from game import new_game
from game.ai import heuristic_move, start_search
from game.ai.heuristics import hermit as HH
from game.rules import hermit as H
same = diff = 0; visits_changed = 0
orig = H.GameState.voids
for g in range(40):
    s = new_game("hermit", players=4, seed=800 + g)
    rng = random.Random(g)
    while not s.is_over() and s.round == 1:
        seat = s.to_move()[0]
        if s.phase == "play" and any(v for i, v in enumerate(s.voids()) if i != seat) and not HH.exact_ready(s) and len(s.legal_moves(seat)) > 1:
            r = []
            for off in (False, True):
                if off: H.GameState.voids = lambda self: (0,) * self.players
                sr = start_search(s.clone(), seat, "normal", seed=g, iterations=2000, seconds=60)
                while not sr.step(1): pass
                H.GameState.voids = orig
                r.append((sr.best(), sorted((m, v[0]) for m, v in sr.root.stats.get(seat, {}).items())))
            if r[0][0] == r[1][0]: same += 1
            else: diff += 1
            visits_changed += r[0][1] != r[1][1]
        s.play(seat, heuristic_move(s, seat, rng.randrange(10**6)))
print("decisions with a void known (search-decided):", same + diff, "same move", same, "different", diff, "visit counts changed", visits_changed)
