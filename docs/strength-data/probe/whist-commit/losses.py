import json, sys, glob, collections
sys.path.insert(0, '/work/main')
from game import new_game
from game.ai.arena import decide, Tally
lost = []
for f in sorted(glob.glob('/work/main/docs/strength-data/whist-tail4.s*.json')) + sorted(glob.glob('/work/main/docs/strength-data/probe/whist-classes/t44.s*.json')):
    lost += [r['deal'] for r in json.load(open(f))['records'] if not r['win']]
print(len(lost), 'lost', flush=True)
c = collections.Counter()
for seed in lost:
    s = new_game('hermits-whist', players=1, seed=seed)
    k = 0; t = Tally(); hist = []
    while not s.is_over():
        if not s.tricks and (not hist or hist[-1][0] != s.round):
            hist.append((s.round, tuple(sorted(p for p, f in zip(s.pips, s.wild_flipped) if not f)), s.turned8))
        s.play(0, decide('normal', s, 0, seed * 100_003 + k, t, 60, 400)); k += 1
    lh = s.last_hand
    print(seed, hist, 'won', lh and lh.get('tricks_won'), 'end8', s.turned8, flush=True)
