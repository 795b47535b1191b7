import sys, json
sys.path.insert(0, __import__("os").path.dirname(__file__))
from hrules import BASE, match
W = json.load(open(sys.argv[1]))
for players in (4, 3, 5):
    print(players, "tuned vs base", match(W, BASE, range(500000, 501000), players))
    print(players, "base vs tuned", match(BASE, W, range(500000, 501000), players))
