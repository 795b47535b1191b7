import sys, time
from game import new_game
from game.ai import start_search
from game.ai.heuristics.type_trump import _declare
def decide(s, seat, level, seed):
    sr = start_search(s, seat, level=level, seed=seed)
    while not sr.step(30.0): pass
    return sr.best(), sr
agree_nn = agree_nh = agree_rule_n = agree_rule_h = 0
N = int(sys.argv[1]); start = int(sys.argv[2])
t = time.time()
for d in range(start, start + N):
    s = new_game("type-trump", players=int(sys.argv[3]) if len(sys.argv) > 3 else 4, seed=d)
    seat = s.to_move()[0]
    n1, _ = decide(s, seat, "normal", 1)
    n2, _ = decide(s, seat, "normal", 2)
    h1, sr = decide(s, seat, "hard", 1)
    rule = "declare " + _declare(s, seat) if not _declare(s, seat).startswith("declare") else _declare(s, seat)
    agree_nn += n1 == n2; agree_nh += n1 == h1; agree_rule_n += rule == n1; agree_rule_h += rule == h1
    st = sr.root_stats()[:3]
    print(d, n1, n2, h1, rule, [(m, v, round(q, 3)) for m, v, q in st], flush=True)
print("nn", agree_nn, "nh", agree_nh, "rule-n", agree_rule_n, "rule-h", agree_rule_h, "of", N, time.time() - t)
