"""Where normal's own moves rank in Hermit's rule-based order (seeds ARGV[1]..ARGV[2]-1,
ARGV[3] players, 4 if not given; 2,000 iterations a decision): the basis for the widening's
width and for probe hermit-rank's rollouts.

    .venv/bin/python docs/strength-data/probe/hermit-widen/rank.py 500 503
    .venv/bin/python docs/strength-data/probe/hermit-widen/rank.py 600 603 2
"""

import collections
import sys

from game import new_game
from game.ai import start_search
from game.ai.heuristics.hermit import _scored

PLAYERS = int(sys.argv[3]) if len(sys.argv) > 3 else 4
ranks: collections.Counter[int] = collections.Counter()
nleg: collections.Counter[int] = collections.Counter()
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    s = new_game("hermit", players=PLAYERS, seed=seed)
    r = s.round
    i = 0
    while not s.over and s.round == r:
        for seat in list(s.to_move()):
            moves = s.legal_moves(seat)
            search = start_search(s, seat, "normal", seed=seed * 100 + i, iterations=2000, seconds=60)
            while not search.step(1.0):
                pass
            m = search.best()
            i += 1
            if len(moves) > 1:
                sc = _scored(s, seat)
                order = sorted(range(len(sc)), key=lambda j: sc[j][0])
                rank = [sc[j][1] for j in order].index(m)
                ranks[min(rank, 6)] += 1
                nleg[min(len(moves), 10)] += 1
            s.play(seat, m)
tot = sum(ranks.values())
print("decisions", tot, "rank of the search's move in the rule order:",
      {k: round(v / tot, 3) for k, v in sorted(ranks.items())})
print("legal counts", dict(sorted(nleg.items())))
