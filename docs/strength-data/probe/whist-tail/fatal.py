import json, sys, glob, collections
from game import new_game
from game.ai.arena import decide, Tally
from game.rules.hermits_whist import solve
lost = []
for f in sorted(glob.glob('/work/main/docs/strength-data/whist-robust.s*.json')):
    lost += [r['deal'] for r in json.load(open(f))['records'] if not r['win']]
lo, hi = int(sys.argv[1]), int(sys.argv[2])
lost = [d for d in lost if lo <= d < hi]
c = collections.Counter()
for seed in lost:
    s = new_game('hermits-whist', players=1, seed=seed)
    k = 0; t = Tally()
    while not s.is_over():
        before = (s.round, len(s.tricks), s.turned8, s.won)
        op = tuple(sorted(p for p, f in zip(s.pips, s.wild_flipped) if not f))
        m = decide('normal', s, 0, seed * 100_003 + k, t); k += 1
        s.play(0, m)
        if solve(s) is None:
            print(seed, 'fatal at round', before[0], 'trick', before[1]+1, '8s', before[2], 'won', before[3], 'open', op, 'move', m, flush=True)
            c[before[1]+1] += 1
            break
print(sorted(c.items()))
