"""Fixed Ferret search work: 2500 iterations at 24 positions from 4 easy games; prints a digest of
every search's root statistics (must not change with a pure speed-up) and the seconds."""
import hashlib, time, sys
from game import new_game
from game.ai import start_search, choose_move
pos = []
for g in range(4):
    s = new_game("ferret", seed=500 + g)
    k = 0
    while not s.is_over():
        seat = s.to_move()[0]
        if k % 5 == 2 and len(s.legal_moves(seat)) > 1:
            pos.append((s.clone(), seat))
        s.play(seat, choose_move(s, seat, level="easy", seed=k)); k += 1
pos = pos[::max(1, len(pos) // 24)][:24]
h = hashlib.sha256()
t0 = time.perf_counter()
for i, (st, seat) in enumerate(pos):
    sr = start_search(st, seat, "normal", seed=i, iterations=2500, seconds=1e9)
    while not sr.step(1e9):
        pass
    h.update(repr((sr.best(), sr.root_stats())).encode())
t = time.perf_counter() - t0
print(f"{len(pos)} positions, {t:.2f} s, digest {h.hexdigest()[:16]}")
