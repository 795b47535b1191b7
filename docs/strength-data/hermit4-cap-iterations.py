# Usage: .venv/bin/python docs/strength-data/hermit4-cap-iterations.py YARDSTICK-CHECKOUT HANDS
"""Iterations each side's normal search gets under the 0.9 s cap, by cards left (Hermit 4p)."""
import random, sys, collections, statistics as st
from game import new_game
from game.ai import heuristic_move
from game.ai.arena import Checkout, Tally, decide
res = collections.defaultdict(lambda: {"a": [], "b": [], "ta": [], "tb": []})
with Checkout(sys.argv[1]) as base:
    for g in range(int(sys.argv[2])):
        s = new_game("hermit", players=4, seed=5000 + g)
        rng = random.Random(g)
        while not s.is_over() and s.round == 1:
            seat = s.to_move()[0]
            if s.phase == "play" and len(s.legal_moves(seat)) > 1:
                left = sum(len(h) for h in s.hands)
                bucket = min(left // 4, 9)
                ta, tb = Tally(), Tally()
                decide("normal", s, seat, g, ta)
                base.decide("normal", s, seat, g, tb, None, None)
                r = res[bucket]
                r["a"].append(ta.iterations); r["b"].append(tb.iterations)
                r["ta"].append(ta.times[-1]); r["tb"].append(tb.times[-1])
            s.play(seat, heuristic_move(s, seat, rng.randrange(10**6)))
for k in sorted(res):
    r = res[k]
    print(f"cards left {4*k}-{4*k+3}: n={len(r['a'])} iterations main {st.mean(r['a']):.0f} base {st.mean(r['b']):.0f}; time main {st.mean(r['ta']):.2f} base {st.mean(r['tb']):.2f}")
