"""Hermits Whist: the AI decides with the exact solver on sampled worlds (PIMC)."""

from __future__ import annotations

import random

from game import new_game
from game.ai import heuristic_move, start_search
from game.ai.whist_pimc import Solver, winnable_after
from game.rules.hermits_whist import solve


def _positions(count, seed=0):
    rng = random.Random(seed)
    for g in range(count):
        s = new_game("hermits-whist", seed=g)
        for k in range(rng.randrange(0, 40)):
            if s.is_over():
                break
            s.play(0, heuristic_move(s, 0, k))
        if not s.is_over():
            yield s


def test_one_solver_per_world_answers_for_every_move_as_solve_does():
    """winnable_after reads the hand in progress from the solver's tables; it must
    agree with solving the position after each move from scratch."""
    checked = 0
    for s in _positions(8):
        w = s.determinize(0, random.Random(checked))
        solver = Solver(w)
        for m in w.legal_moves(0):
            c = w.clone()
            c.play(0, m)
            assert winnable_after(solver, w, m) == (solve(c) is not None), m
            checked += 1
    assert checked > 40


def test_the_ai_keeps_a_winnable_game_winnable_in_the_worlds_it_samples():
    """The chosen move is one that wins in the most sampled worlds; honest: two
    states that differ only in unseen cards get the same move."""
    for s in _positions(4, seed=1):
        search = start_search(s, 0, "normal", seed=3)
        while not search.step(10.0):
            pass
        p = search.prover
        if p is None or p.move is None:
            continue
        assert search.best() == p.move
        assert p.wins[p.moves.index(p.move)] == max(p.wins)
        a, b = s.determinize(0, random.Random(1)), s.determinize(0, random.Random(2))
        ma = start_search(a, 0, "normal", seed=3)
        mb = start_search(b, 0, "normal", seed=3)
        while not ma.step(10.0):
            pass
        while not mb.step(10.0):
            pass
        assert ma.best() == mb.best()
