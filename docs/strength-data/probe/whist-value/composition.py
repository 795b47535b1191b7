"""How much the rest of the deck matters at a forehand's end: for forehands of seeds
SEED0..SEED0+N-1 (played by the rule-based player), the 24 cards the aft hand will be dealt
from are known; the chance that the rule-based player aiming at pip P hits it in that aft
hand (with the forehand's 8s, K turned) is estimated over D random deals of those 24 cards.
If it varies a lot from deck to deck, a table for the known rest of the deck would value a
forehand's end better than game/ai/whist_value.py's single number.

    python3 composition.py N D P K [SEED0]
"""
import random
import statistics
import sys

from game import new_game
from game.ai.heuristics.hermits_whist import rule_move
from game.rules.hermits_whist import HAND_SIZE, trump_after

n, d, pip, k = (int(x) for x in sys.argv[1:5])
seed0 = int(sys.argv[5]) if len(sys.argv) > 5 else 20_000
rates = []
for g in range(seed0, seed0 + n):
    s = new_game("hermits-whist", seed=g)
    rest = list(s.stock[2 * HAND_SIZE:])            # the aft hand's 24 cards (order unknown)
    rng = random.Random(g)
    hits = 0
    for _ in range(d):
        w = s.clone()
        order = rest[:]
        rng.shuffle(order)
        w.stock = s.stock[:2 * HAND_SIZE] + tuple(order)
        w.aft = True
        w.turned8, w.trump = k, trump_after(w.eights, k)
        w._start_hand()
        r = w.round
        while w.round == r and not w.over:
            w.push(0, rule_move(w, pip))
        hits += w.last_hand["tricks_won"] == pip
    rates.append(hits / d)
q = statistics.quantiles(rates, n=10)
print(f"pip {pip}, {k} 8s turned, {n} decks x {d} deals: mean {statistics.mean(rates):.3f}, "
      f"sd {statistics.pstdev(rates):.3f}, deciles {[round(x, 2) for x in q]}")
