# Probe (2026-12-07): would thinking during the other seat's turn help an ISMCTS game, by keeping
# the tree?  At the other seat's decisions (every second ply of a few normal-vs-normal games), seat 0
# searches N iterations from ITS information set with the other seat to move (a ponder tree), then
# the other seat plays normal's move; prints the share of the N iterations that went through that
# move (the part of the tree seat 0's next search could keep).
# Usage: .venv/bin/python docs/strength-data/probe/ponder/reuse.py GAME N PLAYERS GAMES
import sys, time
sys.path.insert(0, '/work/main')
from game import new_game
from game.ai import choose_move
from game.ai.search import Search, Node
from game.core import make_rng
from game.ai.knowledge import knowledge_for

def ponder_search(state, seat, iters, seed=0):
    s = Search.__new__(Search)
    s.root_state=state; s.seat=seat; s.k=knowledge_for(state); s.budget=iters; s.seconds=1000
    s.c=s.k.ucb_c; s.rng=make_rng(f"ponder|{seed}|{seat}"); s.root=Node(); s.iterations=0; s.elapsed=0.0
    s.moves=[]; s.root_round=state.round; s.ctx=s.k.context(state, seat); s.done=False; s._fallback=None; s.level="hard"
    s.prover=None; s.sample=s.k.sampler(state, seat, "hard", make_rng(f"worlds|{seed}|{seat}")); s.vetoed=None; s.halving=None; s.spent=0.0
    return s

game = sys.argv[1]; N = int(sys.argv[2]); players = int(sys.argv[3]) if len(sys.argv) > 3 else 2
fr = []
for g in range(int(sys.argv[4]) if len(sys.argv) > 4 else 3):
    st = new_game(game, players=players, seed=900+g) if players != 2 else new_game(game, seed=900+g)
    ply = 0
    while not st.is_over():
        movers = st.to_move(); mover = movers[0]
        if len(movers) == 1 and mover != 0 and ply % 2 == 0 and len(st.legal_moves(mover)) > 1:
            ps = ponder_search(st, 0, N, seed=ply)
            ps.step(1000)
            m = choose_move(st, mover, level="normal", seed=ply)
            ch = ps.root.children.get(m)
            tot = sum(e[0] for e in ch.stats.get(0, {}).values()) if ch else 0
            # visits of the opp's move at root
            ev = ps.root.stats[mover].get(m, [0])[0]
            fr.append((ev / N, tot / N))
        m = choose_move(st, mover, level="normal", seed=ply) if len(movers) == 1 else None
        if m is None:
            for x in movers: st.play(x, st.legal_moves(x)[0])
        else:
            st.play(mover, m)
        ply += 1
import statistics
print(len(fr), "opp-move share mean %.3f, reused (seat0 next node) mean %.3f median %.3f" % (statistics.mean(a for a,b in fr), statistics.mean(b for a,b in fr), statistics.median(b for a,b in fr)))
