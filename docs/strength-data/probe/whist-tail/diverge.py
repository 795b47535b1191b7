import sys
from game import new_game
from game.ai.arena import decide, Tally
import game.ai.heuristics.hermits_whist as H
def play(seed, tail):
    H.TAIL_CARDS = {"normal": (3, 4), "hard": (3, 5)} if tail else {"normal": (0, 0), "hard": (0, 0)}
    s = new_game('hermits-whist', players=1, seed=seed)
    k = 0; t = Tally(); log = []
    while not s.is_over():
        info = (s.round, len(s.tricks)+1, s.turned8, s.won, tuple(p for p,f in zip(s.pips,s.wild_flipped) if not f), s.hand and len(s.hand))
        m = decide('normal', s, 0, seed * 100_003 + k, t); k += 1
        log.append((info, m, __import__('game.rules.hermits_whist', fromlist=['IDS']).IDS[s.dummy_card()]))
        s.play(0, m)
    return s.result, log
seed = int(sys.argv[1])
ra, la = play(seed, True)
rb, lb = play(seed, False)
print('tail', ra, 'main', rb)
for i, (x, y) in enumerate(zip(la, lb)):
    if x != y:
        print('diverge at', i)
        for z in la[max(0,i-3):i+14]: print('  T', z)
        print()
        for z in lb[max(0,i-3):i+14]: print('  M', z)
        break
print('tail last:'); [print('  ', z) for z in la[-12:]]
