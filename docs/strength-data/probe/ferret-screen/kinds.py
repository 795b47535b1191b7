import sys, collections
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai import start_search
from game.rules.ferret import PARSE, to_tableau
import random
cnt = collections.Counter(); rnd = collections.Counter()
for seed in (3, 4):
    s = new_game("ferret", seed=seed); k = 0
    while not s.is_over():
        seat = s.to_move()[0]
        if s.phase == "play":
            ms = s.legal_moves(seat)
            r = ms[random.Random(k).randrange(len(ms))]
            rnd["pass" if r == "pass" else ("tab" if to_tableau(*PARSE[r]) else "hand")] += 1
        sr = start_search(s, seat, "normal", seed=k, seconds=60)
        while not sr.step(1.0): pass
        m = sr.best()
        if s.phase == "play":
            cnt["pass" if m == "pass" else ("tab" if to_tableau(*PARSE[m]) else "hand")] += 1
        s.play(seat, m); k += 1
print("search", dict(cnt), "random", dict(rnd))
