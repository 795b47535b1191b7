"""A model of the search's own choices, fitted to its play, as the likelihood of late-hand inference.

    python infer3.py TRAIN_HANDS SAVES.jsonl...    (needs pbi.patch, as infer2.py)

infer2.py's softmax has one weight (beta, on each card's best rule cost).  Here the chance of
a choice is a softmax over the hand's cards of  -a * cost + b * points + d * rank + g * [start]
... fitted by maximum likelihood to the normal search's own choices, seen with the true hands,
in the first TRAIN_HANDS hands (conditional logit, gradient ascent); then the late positions
(16 cards or fewer left) of the other hands are scored as in ``infer2.py --late 16``: the mean
log-chance that a hidden card lies where it really is, for main's worlds (all weights 0),
infer2's best (a = 0.25 alone) and the fitted model.  (probe oracle's question, 2026-12-07,
eighth session: is a model learned from the search's play a way to read the hands?)
"""
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../.."))
from game import load_game  # noqa: E402
from game.ai.inference import WeightedWorlds  # noqa: E402
from game.decktet import RANK  # noqa: E402
from game.rules.hermit import PARSE, POINTS  # noqa: E402

sys.path.insert(0, os.path.dirname(__file__))
from infer2 import costs, held, log_chance, positions, rows_weight, truth_of  # noqa: E402


def feats(v, x, start):
    return (v[x], POINTS[x] / 10.0, RANK[x] / 10.0, v[x] if start else 0.0)


def score(w, f):
    return -w[0] * f[0] + w[1] * f[1] + w[2] * f[2] - w[3] * f[3]


def decisions(save):
    """(features of the chosen card, features of every card of the true hand it could play)."""
    moves = save["moves"]
    base = {k: v for k, v in save.items() if k != "moves"}
    s = load_game({**base, "moves": []})
    out = []
    for who, m in moves:
        if s.round != 1:
            break
        if s.phase in ("start", "play"):
            c, vo, v = costs(s, who, m)
            hand = held(s, who)
            start = PARSE[m][0] == "start"
            opts = [feats(v, x, start) for x in hand if x in v]
            if len(opts) > 1 and c in v:
                out.append((feats(v, c, start), opts))
        s.play(who, m)
    return out


def loglik(w, data):
    tot = 0.0
    for fc, opts in data:
        ss = [score(w, f) for f in opts]
        top = max(ss)
        tot += score(w, fc) - top - math.log(sum(math.exp(x - top) for x in ss))
    return tot / len(data)


def fit(data):
    w = [0.25, 0.0, 0.0, 0.0]
    step = 0.5
    best = loglik(w, data)
    while step > 0.01:
        moved = False
        for i in range(len(w)):
            for sgn in (1, -1):
                t = list(w)
                t[i] += sgn * step
                ll = loglik(t, data)
                if ll > best + 1e-9:
                    w, best, moved = t, ll, True
        if not moved:
            step /= 2
    return w, best


def make(state, seat, w, rng, size=600):
    table, moves = state.hand_so_far(seat, rng)
    rows = []
    for i, (who, m) in enumerate(moves):
        if who != seat and table.phase in ("start", "play"):
            c, vo, v = costs(table, who, m)
            start = PARSE[m][0] == "start"
            so = score(w, feats(v, c, start))
            e = {x: math.exp(score(w, feats(v, x, start)) - so) for x in v}
            later = [PARSE[mm][1] for s2, mm in moves[i + 1:] if s2 == who]
            rows.append((who, e, 1.0 + sum(e.get(x, 0.0) for x in later)))
        table.push(who, m)
    return WeightedWorlds(state, seat, rows_weight(rows), size, rng)


def main(args):
    ntrain, files = int(args[0]), args[1:]
    saves = [json.loads(line) for f in files for line in open(f)]
    train, test = saves[:ntrain], saves[ntrain:]
    data = [d for s in train for d in decisions(s)]
    w, ll = fit(data)
    held = [d for s in test for d in decisions(s)]
    print(f"fitted on {len(data)} choices of {len(train)} hands: a, b, d, g = {[round(x, 3) for x in w]}; "
          f"mean log-likelihood {ll:.4f} (infer2's a = 0.25 alone: {loglik([0.25, 0, 0, 0], data):.4f}, "
          f"uniform {loglik([0, 0, 0, 0], data):.4f}); held out ({len(held)} choices): {loglik(w, held):.4f} "
          f"against {loglik([0.25, 0, 0, 0], held):.4f} and {loglik([0, 0, 0, 0], held):.4f}", flush=True)
    models = {"main": [0.0, 0, 0, 0], "a=0.25": [0.25, 0, 0, 0], "fitted": w}
    tot = {k: 0.0 for k in models}
    n = npos = 0
    for save in test:
        for cut, s in positions(save, late=16):
            if s.round != 1 or s.phase != "play" or sum(len(x) for x in s.hands) > 16:
                continue
            seat = s.to_move()[0]
            truth = truth_of(s, seat)
            npos += 1
            n += len(truth)
            for k, mw in models.items():
                smp = make(s, seat, mw, random.Random(cut))
                smp.effective_size()
                tot[k] += log_chance(smp.pool, smp.weights, truth)
        print(len(test), npos, n, {k: round(v / n, 4) for k, v in tot.items()}, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
