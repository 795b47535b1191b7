"""Hermits Whist: the AI decides with the exact solver on sampled worlds (PIMC)."""

from __future__ import annotations

import random

from game import new_game
from game.ai import heuristic_move, start_search
from game.ai.whist_pimc import Solver, WhistPIMC, ends_after, later, played_out, solver_worth
from game.ai.whist_value import DEFAULT_PIPS
from game.rules.hermits_whist import wild_to_flip


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


def _ends_from_scratch(c, before):
    """The (8s turned, wild cards flipped) ends of the hand in progress in ``c``, from a
    new solver of ``c`` (or read off ``c`` when the move from ``before`` ended the hand)."""
    if c.over and c.result != "won":
        return set()
    if c.over or c.round != before.round:     # the move ended the hand: its end is known
        return {(c.turned8, tuple(c.wild_flipped))}
    flipped = tuple(c.wild_flipped)
    out = set()
    for end, w in Solver(c).table(0).outcomes(c.turned8):
        i = wild_to_flip(c.pips, flipped, c.won + w)
        if i is not None:
            out.add((end, flipped[:i] + (True,) + flipped[i + 1:]))
    return out


def test_one_table_per_world_answers_for_every_move_as_a_new_solver_does():
    """ends_after reads the hand in progress from one table per world, at the cards left
    after each move; it must agree with tabulating the position after the move anew."""
    checked = 0
    for s in _positions(8):
        w = s.determinize(0, random.Random(checked))
        solver = Solver(w)
        for m in w.legal_moves(0):
            c = w.clone()
            c.play(0, m)
            assert ends_after(solver, w, m) == _ends_from_scratch(c, w), m
            checked += 1
    assert checked > 40


def test_a_hand_that_leaves_more_8s_to_turn_is_worth_more():
    """"If you turn over all the 8 cards ... there is no trump for the remainder of the
    game": PIMC values an end of hand by the 8s left to turn, and a won game above all."""
    open_ = (True,) * 5 + (False,)
    for worth in (solver_worth, lambda k, f: later(k, f, DEFAULT_PIPS), lambda k, f: later(k, f, (1, 1, 2, 3, 4, 5))):
        assert [worth(k, open_) for k in (1, 2, 3, 4)] == sorted([worth(k, open_) for k in (1, 2, 3, 4)], reverse=True)
        assert worth(4, open_) < worth(1, open_) <= worth(4, (True,) * 6)


def test_playing_on_by_rules_of_thumb_never_beats_the_solvers_best_end():
    """The rule-based play-out is one way of playing the hand, seeing no face-down card:
    it can reach no better end than the solver's best, which sees them all."""
    checked = better = 0
    for s in _positions(10, seed=2):
        w = s.determinize(0, random.Random(checked))
        solver = Solver(w)
        for m in w.legal_moves(0):
            best = max((later(e, f, w.pips) for e, f in ends_after(solver, w, m)), default=0)
            for aim in range(0, 11):
                honest = played_out(w, m, aim)
                assert honest <= best, (m, aim)
                better += honest < best
                checked += 1
    assert checked > 400 and better > 0


def test_the_ai_plays_the_move_worth_most_in_the_worlds_it_samples():
    """The chosen move is one worth the most over the sampled worlds; honest: two
    states that differ only in unseen cards get the same move."""
    checked = 0
    for s in _positions(4, seed=1):
        search = start_search(s, 0, "normal", seed=3)
        while not search.step(10.0):
            pass
        p = search.prover
        if not isinstance(p, WhistPIMC) or p.move is None:
            continue                # the exact tail (test_ai_whist_tail.py), or the search
        checked += 1
        assert search.best() == p.move
        i = p.moves.index(p.move)
        assert p.worth[i] == max(p.worth)
        # among the moves worth most, one whose honest play-out (its best aim) does best
        tied = [j for j, x in enumerate(p.worth) if x == p.worth[i]]
        assert max(p.played[i], default=0) == max(max(p.played[j], default=0) for j in tied)
        a, b = s.determinize(0, random.Random(1)), s.determinize(0, random.Random(2))
        ma = start_search(a, 0, "normal", seed=3)
        mb = start_search(b, 0, "normal", seed=3)
        while not ma.step(10.0):
            pass
        while not mb.step(10.0):
            pass
        assert ma.best() == mb.best()
    assert checked > 0
