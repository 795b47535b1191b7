"""Where normal's 0.9 s cap stops Ferret's search, in the interpreter this runs in.

For positions of a few games of normal against itself: the iterations the search reached
(of its 2,500) in 30 ms slices as the page runs it, and with sequential halving at the
root (main since plan47) how many moves were still in the running when it stopped.
Run in Pyodide (the page's interpreter) and in CPython to compare:

    node scripts/pyodide_run.mjs docs/strength-data/probe/ferret-screen/pyodide_cap.py
    .venv/bin/python docs/strength-data/probe/ferret-screen/pyodide_cap.py
"""

import statistics
import sys

sys.path.insert(0, ".")
from game import new_game  # noqa: E402
from game.ai import start_search  # noqa: E402

reached, alive, cut, root_moves = [], [], 0, []
for g in range(3):
    s = new_game("ferret", players=2, seed=500 + g)
    turn = 0
    while not s.is_over():
        seat = s.to_move()[0]
        search = start_search(s, seat, "normal", seed=turn)
        while not search.step(0.03):
            pass
        move = search.best()
        if hasattr(search, "iterations"):
            reached.append(search.iterations)
            h = getattr(search, "halving", None)
            if h is not None:
                alive.append(len(h.alive))
                root_moves.append(len(search.moves))
                cut += search.iterations < search.budget
        s.play(seat, move)
        turn += 1
print(f"{sys.version.split()[0]} {sys.platform}: {len(reached)} searches, iterations reached "
      f"mean {statistics.mean(reached):.0f}, min {min(reached)}, "
      f"under 2,500 in {sum(r < 2500 for r in reached)}")
if alive:
    print(f"halving: {len(alive)} searches, root moves mean {statistics.mean(root_moves):.1f}; "
          f"cut by the cap before the budget in {cut}; moves still in the running at the end: "
          f"mean {statistics.mean(alive):.1f}, max {max(alive)}")
