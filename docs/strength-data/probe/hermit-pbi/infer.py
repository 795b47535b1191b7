"""Inference quality: mean log-probability of every hidden card's true place, uniform vs weighted."""
import sys, json, math, random
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game.ai.heuristics import hermit as h
from game.ai.inference import WeightedWorlds
sys.path.insert(0, __import__("os").path.dirname(__file__))
from infer2 import positions, truth_of, log_chance
files = sys.argv[1:]
saves = [json.loads(l) for f in files for l in open(f)]
deltas = [1.0, 0.6, 0.3, 0.15, 0.05]
tot = {d: 0.0 for d in deltas}; ess = {d: 0.0 for d in deltas}; n = 0; npos = 0
for save in saves:
    for cut, s in positions(save):
        if s.round != 1 or s.phase != "play": continue
        seat = s.to_move()[0]
        truth = truth_of(s, seat)
        npos += 1
        for d in deltas:
            h.MISFIT = d
            smp = h.sampler(s, seat, "normal", random.Random(cut))
            if isinstance(smp, WeightedWorlds):
                smp.effective_size()
                pool, wts = smp.pool, smp.weights
            else:
                pool = [s.determinize(seat, random.Random(cut * 1000 + i)) for i in range(600)]
                wts = [1.0] * 600
            W = sum(wts)
            ess[d] += W * W / sum(x * x for x in wts)
            tot[d] += log_chance(pool, wts, truth)
        n += len(truth)
    print(len(saves), npos, {d: round(tot[d] / n, 4) for d in deltas}, {d: round(ess[d] / npos) for d in deltas}, flush=True)
