# Probe (2026-11-28): at each of the AI seat's turns from 20 cells, does its stones prover (120k positions)
# decide the ending, with or without pondering PONDER positions before each of the other's moves?
# Usage: PYTHONPATH=. .venv/bin/python docs/strength-data/probe/ponder/probe.py PONDER GAMES
#   (0 6: no ponder; 300000 6: the figures in docs/ai-strength.md, section 3)
import random, time, sys
from game import new_game
from game.ai.heuristics import hermit_stones as h
from game.ai.heuristics.hermit_stones_prover import StonesProver, StonesPonder, ProverMemory
PONDER = int(sys.argv[1]); GAMES = int(sys.argv[2])
tot = {}
for g in range(GAMES):
    s = new_game("hermit-stones", seed=500+g)
    rng = random.Random(g)
    ai = g % 2
    mem = ProverMemory()
    while not s.is_over():
        seat = s.to_move()[0]
        n = len(s.legal_moves(seat))
        if seat == ai and n <= 20:
            t=time.perf_counter()
            p = StonesProver(s, seat, 120_000, h._order, memory=mem if PONDER else None)
            while not p.step(600): pass
            dt=time.perf_counter()-t
            d = tot.setdefault(n, [0,0,0.0]); d[0]+=1; d[1]+= (p.move is not None or p.lost); d[2]+=dt
        if seat != ai and PONDER and len(s.legal_moves(ai) or s.legal_moves(seat)) <= 22:
            pn = StonesPonder(s, ai, mem, h._order)
            pn.step(PONDER)
        s.play(seat, h.heuristic_move(s, seat, rng))
for n in sorted(tot): print(n, tot[n][0], tot[n][1], f"{tot[n][2]/tot[n][0]:.2f}s")
