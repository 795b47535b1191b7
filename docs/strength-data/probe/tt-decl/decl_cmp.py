import sys, subprocess, json
code = r'''
import sys, json
sys.path.insert(0, sys.argv[1])
from game import new_game
from game.ai import start_search
out = []
for seed in range(int(sys.argv[2]), int(sys.argv[3])):
    s = new_game("type-trump", players=4, seed=seed)
    row = []
    for k in range(4):   # each seat's declaration in turn (the earlier ones made in secret)
        seat = s.to_move()[0]
        sr = start_search(s, seat, "normal", seed=1, seconds=60)
        while not sr.step(1.0): pass
        m = sr.best(); row.append(m.split()[1][:3])
        from game.ai import heuristic_move
        s.play(seat, heuristic_move(s, seat, 0))
    out.append(row)
print(json.dumps(out))
'''
a = json.loads(subprocess.run([sys.executable, "-c", code, sys.argv[1], "9100", "9115"], capture_output=True, text=True).stdout)
b = json.loads(subprocess.run([sys.executable, "-c", code, sys.argv[2], "9100", "9115"], capture_output=True, text=True).stdout)
same = [sum(x == y for x, y in zip(ra, rb)) for ra, rb in zip(a, b)]
for ra, rb in zip(a, b): print(ra, rb)
print("same by position", [sum(ra[i] == rb[i] for ra, rb in zip(a, b)) for i in range(4)], "of", len(a))
