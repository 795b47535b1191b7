"""Exact play where a game gets small (issue 19, item 2).

* :func:`game.ai.solver.prove` against a plain minimax without pruning or
  table, on stones endings;
* the search plays a proven win whenever the ending is within its budget:
  it never throws away a won stones ending;
* :func:`game.ai.solver.maxn` against a direct max^n on trick-game endings,
  and the rollout uses it on the last tricks of a sampled world;
* Ferret: rollouts play on to the exact final scoring once the stock is
  nearly out.
"""

from __future__ import annotations

import random

import pytest

from game import new_game
from game.ai import start_search
from game.ai.heuristics import ferret as h_ferret
from game.ai.heuristics import hermit_stones as h_stones
from game.ai.knowledge import knowledge_for
from game.ai.solver import maxn, prove


def _minimax(s, seat):
    if s.is_over():
        return seat in s.winners()
    mover = s.to_move()[0]
    results = []
    for m in s.legal_moves(mover):
        c = s.clone()
        c.play(mover, m)
        results.append(_minimax(c, seat))
    return any(results) if mover == seat else all(results)


def _stones_endings(board, cells, count, seed=0, empty=False):
    """Positions of random games once the mover has ``cells`` legal cells or
    fewer (``empty``: once that few cells are empty at all)."""
    rng = random.Random(seed)
    out = []
    g = 0

    def size(s):
        return s.stone.count(-1) if empty else len(s.legal_moves(s.to_move()[0]))

    while len(out) < count:
        s = new_game("hermit-stones", seed=g, options={"board": board})
        g += 1
        while not s.is_over() and size(s) > cells:
            seat = s.to_move()[0]
            legal = s.legal_moves(seat)
            s.play(seat, legal[rng.randrange(len(legal))])
        if not s.is_over():
            out.append(s)
    return out


def test_prove_agrees_with_plain_minimax_on_stones_endings():
    for s in _stones_endings("square5", 7, 8, empty=True):
        seat = s.to_move()[0]
        want = _minimax(s, seat)
        assert prove(s, seat, 10**6, {}, h_stones.position_key) is want
        assert prove(s, 1 - seat, 10**6, {}, h_stones.position_key) is (not want)
        assert s.legal_moves(seat)  # the state itself is untouched


def test_prove_gives_up_when_the_budget_runs_out():
    s = new_game("hermit-stones")
    assert prove(s, 0, 50, {}, h_stones.position_key) is None


def test_the_search_never_throws_away_a_won_stones_ending():
    """Wherever a win is provable within the normal budget, the chosen move
    keeps it: the position after it is still a proven win for the mover."""
    won = 0
    for s in _stones_endings("square7", 9, 10, seed=3):
        seat = s.to_move()[0]
        if not prove(s, seat, 10**6, {}, h_stones.position_key):
            continue
        search = start_search(s, seat, "normal", seed=1, iterations=50, seconds=60)
        while not search.step(10.0):
            pass
        m = search.best()
        c = s.clone()
        c.play(seat, m)
        assert prove(c, seat, 10**6, {}, h_stones.position_key), m
        won += 1
    assert won >= 3


def test_hard_starts_proving_the_stones_ending_earlier_than_normal():
    """hard's step above normal in stones: it searches the ending exhaustively from
    more legal cells (docs/ai-strength.md, plan10), within a larger budget."""
    assert h_stones.SOLVE_CELLS["hard"] > h_stones.SOLVE_CELLS["normal"]
    assert h_stones.SOLVE_BUDGET["hard"] > h_stones.SOLVE_BUDGET["normal"]
    cells = h_stones.SOLVE_CELLS["hard"]
    for s in _stones_endings("square7", cells, 3, seed=7):
        seat = s.to_move()[0]
        n = len(s.legal_moves(seat))
        hard = h_stones.root_solver(s, seat, "hard", 0)
        normal = h_stones.root_solver(s, seat, "normal", 0)
        assert hard is not None and hard.left == h_stones.SOLVE_BUDGET["hard"]
        assert (normal is None) == (n > h_stones.SOLVE_CELLS["normal"])
    wider = [s for s in _stones_endings("square7", cells + 2, 4, seed=7)
             if len(s.legal_moves(s.to_move()[0])) > cells]
    assert wider and all(h_stones.root_solver(s, s.to_move()[0], "hard", 0) is None for s in wider)


def test_the_stones_prover_runs_in_fixed_chunks_whatever_the_slices():
    """Same seed, same move, stepped in tiny or long slices (the browser's case)."""
    s = _stones_endings("square7", 11, 1, seed=5)[0]
    seat = s.to_move()[0]
    moves = []
    for slice_seconds in (0.0005, 10.0):
        search = start_search(s, seat, "normal", seed=2, iterations=30, seconds=60)
        while not search.step(slice_seconds):
            pass
        moves.append(search.best())
    assert moves[0] == moves[1]


def test_a_proof_that_does_not_come_leaves_the_search_its_share_of_the_time():
    """On a slow machine (Pyodide) a hard proof can outlast the level's cap: the prover
    stops at its share of the cap (the game's PROVER_SHARE) and the search still runs, so
    the move is a searched one, not the rule-based fallback of a search with no
    iterations."""
    s = _stones_endings("square7", 18, 1, seed=9)[0]   # far too wide to prove in 0.2 s
    seat = s.to_move()[0]
    search = start_search(s, seat, "hard", seed=1, iterations=10**6, seconds=0.2)
    search.prover = h_stones.StonesProver(s, seat, 10**9, h_stones._order)
    while not search.step(0.03):
        pass
    assert search.prover.move is None and not search.prover.done
    assert search.iterations > 0
    assert h_stones.PROVER_SHARE < 1 and search.elapsed >= h_stones.PROVER_SHARE * 0.2


def _first_exact_position(gid, players, seed):
    """The first position of a random hand at which the game's exact solver takes over,
    with a single mover holding a choice (None if the hand never gets there)."""
    k = knowledge_for(new_game(gid, players=players))
    rng = random.Random(f"{gid}|{players}|{seed}")
    s = new_game(gid, players=players, seed=seed)
    while not s.is_over() and s.round == 1:
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        if k._exact_ready(s) and len(s.to_move()) == 1 and len(legal) > 1:
            return s
        s.play(seat, legal[rng.randrange(len(legal))])
    return None


def _slow_exact_search(gid, settle_worlds, monkeypatch):
    """A hard search at a trick game's first exact position, 0.3 s of cap, whose solver
    has more worlds to solve than any machine solves in its share of it."""
    from game.ai import solver as solver_module

    monkeypatch.setattr(solver_module, "SETTLE_WORLDS", settle_worlds)
    k = knowledge_for(new_game(gid, players=3))
    assert k.prover_share < 1
    s = next(p for p in (_first_exact_position(gid, 3, seed) for seed in range(20)) if p is not None)
    seat = s.to_move()[0]
    search = start_search(s, seat, "hard", seed=1, iterations=10**6, seconds=0.3)
    search.prover.worlds = 10**6
    while not search.step(0.03):
        pass
    return s, seat, search


@pytest.mark.parametrize("gid", ["type-trump", "hermit"])
def test_an_exact_solve_out_of_time_decides_on_the_worlds_it_has_solved(gid, monkeypatch):
    """The trick games' exact solver may use only its share of the level's cap (the game's
    PROVER_SHARE; three-player Hermit from 8 cards needed 0.3-2.2 s for normal's 60 worlds
    on this machine, over normal's 0.9 s cap): then the worlds solved so far decide, the
    move with the highest total over them, and the search does not run."""
    s, seat, search = _slow_exact_search(gid, 1, monkeypatch)
    solver = search.prover
    assert solver.move is not None and solver.solved >= 1 and search.iterations == 0
    assert solver.move == solver.moves[solver.totals.index(max(solver.totals))]
    assert search.best() == solver.move


@pytest.mark.parametrize("gid", ["type-trump", "hermit"])
def test_an_exact_solve_out_of_time_with_too_few_worlds_leaves_the_search_the_rest(gid, monkeypatch):
    """Too few worlds solved when the share runs out: the search decides in the rest of
    the cap, so the move is a searched one, not the rule-based fallback of a search with
    no iterations (before 2026-12-07 the solver could use the whole cap: three-player
    Hermit's fallback in 3 of 52 exact decisions at normal, probe caps)."""
    s, seat, search = _slow_exact_search(gid, 10**9, monkeypatch)
    assert search.prover.move is None and search.prover.done and search.iterations > 0
    assert search.best() in s.legal_moves(seat)


def _maxn_direct(s, root_round, evaluate, ctx):
    if s.is_over() or s.round != root_round:
        return evaluate(s, ctx)
    seat = s.to_move()[0]
    best = None
    for m in s.legal_moves(seat):
        c = s.clone()
        c.play(seat, m)
        v = _maxn_direct(c, root_round, evaluate, ctx)
        if best is None or v[seat] > best[seat]:
            best = v
    return best


@pytest.mark.parametrize("gid", ["type-trump", "hermit"])
def test_maxn_solves_the_last_tricks_of_a_world(gid):
    k = knowledge_for(new_game(gid, players=4))
    rng = random.Random(gid)
    solved = 0
    for seed in range(12):
        s = new_game(gid, players=4, seed=seed)
        while not s.is_over() and s.round == 1 and not k._exact_ready(s):
            seat = s.to_move()[0]
            legal = s.legal_moves(seat)
            s.play(seat, legal[rng.randrange(len(legal))])
        if s.round != 1 or s.is_over():
            continue
        d = s.determinize(s.to_move()[0], random.Random(seed))
        ctx = k.context(d, 0)
        got = maxn(d, d.round, k._evaluate, ctx, 10**6)
        if got is None:      # a simultaneous start came up: not a sequential game
            continue
        assert got == _maxn_direct(d, d.round, k._evaluate, ctx)
        solved += 1
    assert solved >= 4


@pytest.mark.parametrize("gid,players", [("hermit", 3), ("type-trump", 4)])
def test_an_exact_solve_pauses_mid_world_and_slicing_never_changes_it(gid, players):
    """The sampled solver stops each step within the positions asked for, even in the
    middle of a world's solve, and however finely it is stepped it solves the same
    worlds to the same totals and move.  (Before 2026-12-07 one root move of one world
    was solved whole: three-player Hermit at 8 cards gave the browser slices of 140 ms
    in Pyodide, probe caps/slice.py.)"""
    k = knowledge_for(new_game(gid, players=players))
    rng = random.Random("slices" + gid)
    checked = 0
    for seed in range(40):
        s = new_game(gid, players=players, seed=seed)
        while not s.is_over() and s.round == 1 and not k._exact_ready(s):
            seat = s.to_move()[0]
            legal = s.legal_moves(seat)
            s.play(seat, legal[rng.randrange(len(legal))])
        if s.round != 1 or s.is_over() or len(s.to_move()) != 1:
            continue
        seat = s.to_move()[0]
        whole = k.root_solver(s, seat, "normal", seed)
        if whole is None or whole.done:
            continue
        whole.step(10**9)
        sliced = k.root_solver(s, seat, "normal", seed)
        paused_inside = 0
        while not sliced.done:
            before = sliced.nodes
            sliced.step(7)
            assert sliced.nodes - before <= 7 + 1    # + the next root move's first position
            paused_inside += sliced._run is not None  # a root move's solve left half done
        assert (sliced.move, sliced.solved, sliced.nodes, sliced.totals) == \
            (whole.move, whole.solved, whole.nodes, whole.totals)
        assert paused_inside > 0
        checked += 1
        if checked == 3:
            break
    assert checked == 3


@pytest.mark.parametrize("gid", ["type-trump", "hermit"])
def test_few_cards_left_the_move_is_the_best_on_average_over_solved_worlds(gid):
    """PIMC with the exact solver: the search's choice is the move whose exact
    max^n value, summed over the sampled worlds, is highest for the mover."""
    k = knowledge_for(new_game(gid, players=4))
    rng = random.Random("pimc" + gid)
    checked = 0
    for seed in range(30):
        s = new_game(gid, players=4, seed=seed)
        while not s.is_over() and s.round == 1 and not k._exact_ready(s):
            seat = s.to_move()[0]
            legal = s.legal_moves(seat)
            s.play(seat, legal[rng.randrange(len(legal))])
        seat = s.to_move()[0] if not s.is_over() else None
        if s.round != 1 or seat is None or len(s.legal_moves(seat)) < 2:
            continue
        search = start_search(s, seat, "normal", seed=seed, iterations=20, seconds=60)
        while not search.step(10.0):
            pass
        solver = search.prover
        if solver is None or solver.move is None:  # a simultaneous start ahead: searched instead
            continue
        assert search.iterations == 0 and solver.solved == k.exact_worlds["normal"]
        sliced = start_search(s, seat, "normal", seed=seed, iterations=20, seconds=60)
        while not sliced.step(0.00005):  # a root move at a time: the same solves, the same move
            pass
        assert sliced.best() == search.best()
        # the same worlds again, solved by the plain recursion
        again = k.root_solver(s, seat, "normal", seed)
        totals = [0.0] * len(again.moves)
        ctx = k.context(s, seat)
        for _ in range(again.worlds):
            w = again.sample(again.rng)
            for i, m in enumerate(again.moves):
                c = w.clone()
                c.play(seat, m)
                totals[i] += _maxn_direct(c, s.round, k._evaluate, ctx)[seat]
        assert search.best() == again.moves[totals.index(max(totals))]
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_ferret_rollouts_reach_the_final_scoring_when_the_stock_is_nearly_out():
    s = new_game("ferret", seed=2)
    assert h_ferret.rollout_cap(s) == h_ferret.ROLLOUT_DEPTH
    rng = random.Random(0)
    while len(s.stock) > h_ferret.STOCK_NEAR:
        seat = s.to_move()[0]
        legal = [m for m in s.legal_moves(seat) if m != "pass"] or s.legal_moves(seat)
        s.play(seat, legal[rng.randrange(len(legal))])
    k = knowledge_for(s)
    d = s.determinize(s.to_move()[0], random.Random(1))
    k.rollout(d, d.round, random.Random(2), k.context(d, 0))
    assert d.is_over()


@pytest.mark.parametrize("board", ["square7", "hex5"])
def test_the_stones_prover_agrees_with_the_generic_prover_wherever_both_decide(board):
    """hermit_stones_prover.StonesProver (make/unmake on the position) against
    solver.RootProver (the State API): the same root moves in the same order, and
    the same verdict (the winning move, or every move lost) whenever both decide."""
    from game.ai.heuristics.hermit_stones_prover import StonesProver
    from game.ai.solver import RootProver

    both = 0
    for cells in (4, 7, 10):
        for s in _stones_endings(board, cells, 5, seed=cells):
            seat = s.to_move()[0]
            fast = StonesProver(s, seat, 20_000, h_stones._order)
            slow = RootProver(s, seat, 20_000, h_stones.position_key, h_stones._order)
            assert fast.moves == slow.moves
            while not fast.step(600):
                pass
            while not slow.step(600):
                pass
            assert fast.done and slow.done
            if (fast.move is not None or fast.lost) and (slow.move is not None or slow.lost):
                assert (fast.move, fast.lost) == (slow.move, slow.lost), (board, cells)
                both += 1
    assert both >= 10


def test_the_stones_prover_is_exact_on_small_endings():
    """Against the plain minimax above (no pruning, no table): a proven win wins, a
    lost verdict means every move loses; the position is left as it was."""
    from game.ai.heuristics.hermit_stones_prover import StonesProver

    for s in _stones_endings("square7", 5, 12, seed=11, empty=True):
        seat = s.to_move()[0]
        before = (list(s.stone), list(s.gid), dict(s.members))
        p = StonesProver(s, seat, 10**6)
        while not p.step(600):
            pass
        assert (list(p.stone), list(p.gid)) == before[:2]
        # the key kept as stones come and go is the key of the position as it stands
        assert bytes(p.keybytes[:-1]) == bytes(x + 1 for x in (s.stone[c] for c, _ in p.empties))
        assert (list(s.stone), list(s.gid), dict(s.members)) == before
        wins = []
        for m in s.legal_moves(seat):
            c = s.clone()
            c.play(seat, m)
            wins.append(_minimax(c, seat))
        if p.move is not None:
            assert wins[s.legal_moves(seat).index(p.move)]
        else:
            assert p.lost and not any(wins)
