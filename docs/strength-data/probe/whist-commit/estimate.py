"""Hermits Whist: V(open pips, 8s turned) with the aim chosen after seeing the hand.

scripts/whist_value.py takes, deal by deal, the best pip the rule-based player's play-outs
hit (the aim chosen knowing the dummy's face-down cards: hindsight); here the aim is chosen
per deal from the player's own hand only, as the best mean over M worlds the player cannot
rule out (``determinize``), and the deal's worth is that aim's mean over those worlds.
Same deals (seed 10000 + 7d + k), the same recursion and clamp otherwise.

    .venv/bin/python docs/strength-data/probe/whist-commit/estimate.py DEALS M OUT.json
"""
from __future__ import annotations

import itertools
import json
import multiprocessing
import random
import sys

sys.path.insert(0, ".")
from game import new_game  # noqa: E402
from game.ai.heuristics.hermits_whist import rule_move  # noqa: E402
from game.ai.whist_value import DEFAULT_PIPS  # noqa: E402
from game.rules.hermits_whist import EIGHTS, trump_after  # noqa: E402

KS = range(1, len(EIGHTS) + 1)
AIMS = DEFAULT_PIPS


def outcomes(args: tuple[int, int, int]) -> list[list[tuple[int, int]]]:
    """For each of M worlds and each aim: (tricks won, 8s turned at the hand's end)."""
    d, k, m = args
    base = new_game("hermits-whist", seed=10_000 + 7 * d + k)
    base.turned8, base.trump = k, trump_after(base.eights, k)
    rng = random.Random(d * 1000 + k)
    out = []
    for _ in range(m):
        w0 = base.determinize(0, rng)
        row = []
        for a in AIMS:
            w = w0.clone()
            r = w.round
            while w.round == r and not w.over:
                w.push(0, rule_move(w, a))
            row.append((w.last_hand["tricks_won"], w.turned8))
        out.append(row)
    return out


def table(data: dict[int, list], pips: tuple[int, ...]) -> dict[tuple[tuple[int, ...], int], float]:
    V: dict[tuple[tuple[int, ...], int], float] = {}
    subsets = {tuple(sorted(c)) for r in range(len(pips) + 1) for c in itertools.combinations(pips, r)}
    for S in sorted(subsets, key=len):
        for k in reversed(KS):
            if not S:
                V[S, k] = 1.0
                continue
            total = 0.0
            for deal in data[k]:
                best = 0.0
                for j, a in enumerate(AIMS):
                    if a not in S:
                        continue
                    s = 0.0
                    for row in deal:
                        t, e = row[j]
                        if t in S:
                            i = S.index(t)
                            s += V[S[:i] + S[i + 1:], e]
                    best = max(best, s / len(deal))
                total += best
            V[S, k] = max(total / len(data[k]), V[S, k + 1] if k < len(EIGHTS) else 0.0)
    return V


if __name__ == "__main__":
    deals, m, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    jobs = [(d, k, m) for k in KS for d in range(deals)]
    with multiprocessing.Pool(2) as pool:
        res = pool.map(outcomes, jobs, chunksize=20)
    data: dict[int, list] = {k: [] for k in KS}
    for (d, k, _), r in zip(jobs, res):
        data[k].append(r)
    V = table(data, DEFAULT_PIPS)
    rows = {" ".join(map(str, S)): [round(1000 * V[S, k]) for k in KS] for S in sorted({S for S, _ in V}, key=lambda s: (len(s), s))}
    json.dump(rows, open(path, "w"), indent=0)
    for S, r in rows.items():
        print(S, r)
