"""Replay the current player's lost seeds (as the arena played them): each lost game's last hand start (open pips, 8s turned, fore/aft) and the first move after which the clairvoyant solve() could no longer win."""
import json, glob, sys
from collections import Counter
from game import new_game
from game.ai.arena import decide, Tally
from game.rules.hermits_whist import solve
lost = []
for f in sorted(glob.glob("/work/main/docs/strength-data/whist-value.s[2-9]00.json")):
    lost += [r["deal"] for r in json.load(open(f))["records"] if r["win"] < 1]
lo, hi = int(sys.argv[1]), int(sys.argv[2])
lost = [d for d in lost if lo <= d < hi]
last = Counter(); eights = Counter(); fatal_trick = Counter(); fatal_round = Counter()
for seed in lost:
    s = new_game("hermits-whist", players=1, seed=seed)
    k = 0; t = Tally(); r = None; fatal = None
    while not s.is_over():
        if s.round != r:
            r = s.round; start = (tuple(p for p, f in zip(s.pips, s.wild_flipped) if not f), s.turned8, "aft" if s.aft else "fore")
        before = (s.round, len(s.tricks) + 1, s.turned8, s.won)
        m = decide("normal", s, 0, seed * 100_003 + k, t); k += 1
        s.play(0, m)
        if fatal is None and not s.is_over() and solve(s) is None:
            fatal = before + (m,)
    last[start[0]] += 1; eights[start[1]] += 1
    if fatal:
        fatal_trick[fatal[1]] += 1; fatal_round[fatal[0]] += 1
    print(seed, s.result, "last hand", start, "won", s.won, "fatal (round, trick, 8s, won, move)", fatal, flush=True)
print("open pips at the lost hand:", last.most_common(12))
print("8s turned at its start:", sorted(eights.items()))
print("fatal trick:", sorted(fatal_trick.items()), "round:", sorted(fatal_round.items()))
