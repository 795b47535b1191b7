"""Hermits Whist: where the player now on main loses a hand (2026-12-06).

Replays the lost games of the records named (the player is deterministic at
``--iterations 400 --time 60``) and, in the hand that lost each game, finds the first move
after which no way of playing the rest of that hand, knowing the dummy's face-down cards
and the 8s' order (the clairvoyant solver of the hand, ``ends_after``), still flips a wild
card.  Prints one line per lost game and a count by trick and by what decided the move
(``tail``: the exact tail from the player's information; ``pimc``: otherwise).

    .venv/bin/python docs/strength-data/probe/whist-fatal/fatal.py docs/strength-data/whist-commit.s*.json
"""
from __future__ import annotations

import collections
import json
import sys

sys.path.insert(0, ".")
from game import new_game  # noqa: E402
from game.ai.arena import Tally, decide  # noqa: E402
from game.ai.heuristics.hermits_whist import TAIL_CARDS  # noqa: E402
from game.ai.whist_pimc import ends_after  # noqa: E402
from game.rules.hermits_whist_solver import Solver  # noqa: E402


def reachable(s, moves=None) -> bool:
    solver = Solver(s)
    return any(ends_after(solver, s, m) for m in (moves or s.legal_moves(0)))


lost = []
for f in sys.argv[1:]:
    lost += [r["deal"] for r in json.load(open(f))["records"] if not r["win"]]
by_trick: collections.Counter[int] = collections.Counter()
by_kind: collections.Counter[str] = collections.Counter()
at_start: collections.Counter[bool] = collections.Counter()
for seed in sorted(lost):
    s = new_game("hermits-whist", players=1, seed=seed)
    k = 0
    t = Tally()
    hand_start = None
    fatal = None
    while not s.is_over():
        if not s.tricks and s.dummy_card() is not None and hand_start != s.round:
            hand_start = s.round
            ok = reachable(s)
            start_info = (s.round, tuple(sorted(p for p, f in zip(s.pips, s.wild_flipped) if not f)), s.turned8, ok)
        before = (s.round, len(s.tricks) + 1, s.turned8, s.won, len(s.hand))
        could = reachable(s)
        m = decide("normal", s, 0, seed * 100_003 + k, t, 60, 400)
        k += 1
        if could and not ends_after(Solver(s), s, m):
            tail = len(s.hand) <= TAIL_CARDS["normal"][s.aft]
            fatal = (before, m, "tail" if tail else "pimc")
        s.play(0, m)
        if fatal:
            break
    at_start[start_info[3]] += 1
    if fatal:
        by_trick[fatal[0][1]] += 1
        by_kind[fatal[2]] += 1
    print(seed, "hand start (round, open, 8s, hittable):", start_info, "fatal:", fatal, flush=True)
print("hittable at the losing hand's start:", dict(at_start))
print("fatal move by trick:", sorted(by_trick.items()))
print("decided by:", dict(by_kind))
