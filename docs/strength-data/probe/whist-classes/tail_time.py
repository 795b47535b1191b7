"""Hermits Whist's exact tail on fixed positions: seconds per solve (mean and max), the
longest single step (the page runs one step per slice), and the moves chosen, in the
interpreter this runs in.  Run from a checkout's root, in CPython and in Pyodide:

    .venv/bin/python docs/strength-data/probe/whist-classes/tail_time.py
    node scripts/pyodide_run.mjs docs/strength-data/probe/whist-classes/tail_time.py

Positions: the rule-based player (never turning an 8) plays seeds 0-29 to the first
forehand with 4 and 5 cards left and the first aft hand with 4, 5 and 6, all 8s but the
first face down.
"""

import hashlib
import sys
import time

sys.path.insert(0, ".")
from game import new_game  # noqa: E402
from game.ai.heuristics.hermits_whist import rule_move  # noqa: E402
from game.ai.whist_tail import WhistTail  # noqa: E402


def at(seed, cards, aft):
    s = new_game("hermits-whist", seed=seed)
    while not s.is_over() and s.round <= 2:
        if s.aft == aft and len(s.hand) == cards:
            return s
        m = rule_move(s)
        s.play(0, m if m != "flip" else s.legal_moves(0)[0])
    return None


for cards, aft in ((4, False), (5, False), (4, True), (5, True), (6, True)):
    times, moves, longest = [], [], 0.0
    for seed in range(30):
        s = at(seed, cards, aft)
        if s is None:
            continue
        t = WhistTail(s, prefer=None)
        t0 = time.perf_counter()
        while True:
            a = time.perf_counter()
            done = t.step(600)
            longest = max(longest, time.perf_counter() - a)
            if done:
                break
        times.append(time.perf_counter() - t0)
        moves.append(str(t.move))
    digest = hashlib.sha256("|".join(moves).encode()).hexdigest()[:12]
    print(f"{sys.version.split()[0]} {'aft' if aft else 'forehand'} {cards} cards: {len(times)} solves, "
          f"mean {sum(times) / len(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
          f"longest step {longest * 1000:.1f} ms, moves {digest}", flush=True)
