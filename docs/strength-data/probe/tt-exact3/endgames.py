"""Type Trump 4p: does hard gain from solving sampled worlds exactly from 3 tricks left?

Duplicate endgames.  For each deal (seeds START..START+N-1, 4 players, not partnered),
the rule-based player plays every seat until 12 cards are left in hands (the start of
the third-last trick); the trick is then continued by main's normal at every seat.  At
each of the trick's four decisions, seat X (the one to move) decides twice from the
same position:

* (a) hard as it is (ISMCTS, 12,000 iterations, no time cap; exact from 2 tricks);
* (b) hard deciding by PIMC with the exact max^n solver on hard's 300 worlds (no node
  budget), as EXACT_TRICKS = 3 would have it;

then the round is played out the same way in both branches: X as hard (exact from 2
tricks in both), the other seats as normal (2,500 iterations, no time cap), every
search seeded by the deal and the move number.  Where (a) and (b) pick the same move
the two branches are the same game (difference 0, not replayed).  The measure is X's
points this round minus the mean of the others', (b) minus (a).

Usage: python endgames.py START N OUT.json   (deterministic: no time caps)
"""

from __future__ import annotations

import json
import random
import sys
import time

from game import new_game
from game.ai import start_search
from game.ai.knowledge import knowledge_for
import game.ai.heuristics.type_trump as T

BIG = 10 ** 9


def decide(s, seat, level, seed, exact3=False):
    k = knowledge_for(s)
    saved = (T.EXACT_TRICKS, k.exact_budget)
    if exact3:
        T.EXACT_TRICKS, k.exact_budget = 3, BIG
    try:
        search = start_search(s, seat, level, seed, seconds=BIG)
        while not search.step(1.0):
            pass
        return search.best()
    finally:
        T.EXACT_TRICKS, k.exact_budget = saved


def seed_of(deal, s):
    return deal * 1000 + len(s.history)


def finish(s, deal, x):
    while not s.is_over() and s.round == 1:
        seat = s.to_move()[0]
        s.play(seat, decide(s, seat, "hard" if seat == x else "normal", seed_of(deal, s)))
    sc = s.scores()
    return sc[x] - sum(sc[i] for i in range(4) if i != x) / 3


def main() -> None:
    start, n, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    rows = []
    for deal in range(start, start + n):
        s = new_game("type-trump", players=4, seed=deal)
        rng = random.Random(deal)
        k = knowledge_for(s)
        while sum(len(h) for h in s.hands) > 12 or s.phase != "play":
            seat = s.to_move()[0]
            s.play(seat, k.heuristic_move(s, seat, rng))
        for j in range(4):
            x = s.to_move()[0]
            seed = seed_of(deal, s)
            t0 = time.perf_counter()
            a = decide(s, x, "hard", seed)
            ta = time.perf_counter() - t0
            t0 = time.perf_counter()
            b = decide(s, x, "hard", seed, exact3=True)
            tb = time.perf_counter() - t0
            if a == b:
                diff = 0.0
            else:
                sa, sb = s.clone(), s.clone()
                sa.play(x, a)
                sb.play(x, b)
                diff = finish(sb, deal, x) - finish(sa, deal, x)
            rows.append({"deal": deal, "card": j, "seat": x, "hard": a, "exact3": b, "diff": diff,
                         "t_hard": round(ta, 3), "t_exact3": round(tb, 3)})
            print(json.dumps(rows[-1]), flush=True)
            if j < 3:  # the trick goes on as normal plays it
                s.play(x, decide(s, x, "normal", seed))
    with open(out, "w") as f:
        json.dump(rows, f, indent=0)


if __name__ == "__main__":
    main()
