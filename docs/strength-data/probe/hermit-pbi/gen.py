"""Self-play hands of normal AI; write each hand's save (JSON lines)."""
import sys, json
sys.path.insert(0, sys.argv[4] if len(sys.argv) > 4 else __import__("os").path.join(__import__("os").path.dirname(__file__), "../../../.."))
from game import new_game
from game.ai import start_search
game, players, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split("-")
out = open(f"./selfplay-{game}-{seeds[0]}.jsonl", "w")
for seed in range(int(seeds[0]), int(seeds[1])):
    s = new_game(game, players=players, seed=seed)
    r = s.round
    while not s.is_over() and s.round == r:
        for seat in list(s.to_move()):
            moves = s.legal_moves(seat)
            if not moves: continue
            srch = start_search(s, seat, "normal", seed=seed * 100 + len(s.history), seconds=60)
            while not srch.step(1.0): pass
            s.play(seat, srch.best())
    out.write(json.dumps(s.to_json()) + "\n"); out.flush()
    print(seed, flush=True)
