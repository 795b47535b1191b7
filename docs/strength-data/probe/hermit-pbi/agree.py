import sys, random, collections
sys.path.insert(0, __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai import start_search, heuristic_move
game, players, hands = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
agree = collections.Counter(); total = collections.Counter()
for seed in range(hands):
    s = new_game(game, players=players, seed=5000 + seed)
    r = s.round
    while not s.is_over() and s.round == r:
        for seat in list(s.to_move()):
            moves = s.legal_moves(seat)
            if not moves: continue
            if len(moves) == 1:
                s.play(seat, moves[0]); continue
            srch = start_search(s, seat, "normal", seed=seed * 100 + seat, seconds=60)
            while not srch.step(1.0): pass
            m = srch.best()
            h = heuristic_move(s, seat, seed)
            kind = "declare" if m.startswith("declare") else ("start" if m.startswith("start") else "play")
            n = min(len(moves), 6)
            total[kind, n] += 1; agree[kind, n] += (m == h)
            total[kind] += 1; agree[kind] += (m == h)
            s.play(seat, m)
    print(seed, {k: f"{agree[k]}/{total[k]}" for k in total if isinstance(k, str)}, flush=True)
for k in sorted(total, key=str):
    print(k, agree[k], total[k], round(agree[k] / total[k], 2))
