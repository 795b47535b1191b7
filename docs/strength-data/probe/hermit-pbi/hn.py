"""How often hard's choice differs from normal's, at positions of normal self-play hands."""
import sys, json, random, collections
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import load_game
from game.ai import start_search
f = sys.argv[1]; step = int(sys.argv[2])
saves = [json.loads(l) for l in open(f)]
diff = collections.Counter(); tot = collections.Counter()
for save in saves[:int(sys.argv[3])]:
    moves = save["moves"]; base = {k: v for k, v in save.items() if k != "moves"}
    for cut in range(0, len(moves) - 2, step):
        s = load_game({**base, "moves": moves[:cut]})
        if s.round != 1: continue
        for seat in s.to_move()[:1]:
            if len(s.legal_moves(seat)) < 2: continue
            out = []
            for lvl, sd in (("normal", 1), ("normal", 2), ("hard", 1)):
                sr = start_search(s, seat, lvl, seed=sd, seconds=60)
                while not sr.step(1.0): pass
                out.append(sr.best())
            left = sum(len(h) for h in s.hands)
            k = "early" if left > 20 else "late"
            tot[k] += 1
            diff[k, "n1-n2"] += out[0] != out[1]
            diff[k, "n1-h"] += out[0] != out[2]
    print({k: tot[k] for k in tot}, dict(diff), flush=True)
