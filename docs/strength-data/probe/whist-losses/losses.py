import json, sys, glob, collections
from game import new_game
from game.ai.arena import decide, Tally
lost = []
for f in sorted(glob.glob('/work/main/docs/strength-data/whist-robust.s*.json')):
    lost += [r['deal'] for r in json.load(open(f))['records'] if not r['win']]
c = collections.Counter()
for seed in lost:
    s = new_game('hermits-whist', players=1, seed=seed)
    k = 0; t = Tally(); op = None
    while not s.is_over():
        if not s.tricks:
            op = tuple(sorted(p for p, f in zip(s.pips, s.wild_flipped) if not f)); e8 = s.turned8; rnd = s.round
        s.play(0, decide('normal', s, 0, seed * 100_003 + k, t)); k += 1
    c[op] += 1
    print(seed, 'round', rnd, 'open', op, '8s at hand start', e8, flush=True)
print(c.most_common())
