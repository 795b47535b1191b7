"""Ferret's fast random rollout (game/ai/heuristics/ferret.py ``random_rollout``): the same
draws and the same moves as the generic rollout loop (``random_move`` then ``push``), so a
search's results do not change, only its speed."""

from __future__ import annotations

import random

import pytest

from game import new_game
from game.ai.heuristics.ferret import random_rollout
from game.ai.knowledge import knowledge_for


def _positions(seed: int, every: int = 5) -> list:
    """States along one random game (set choices included), each a sample a search could roll out from."""
    s = new_game("ferret", seed=seed)
    r = random.Random(seed)
    out = []
    n = 0
    while not s.is_over():
        if n % every == 0:
            out.append(s.determinize(s.to_move()[0], random.Random(n)))
        seat = s.to_move()[0]
        s.play(seat, s.random_move(seat, r))
        n += 1
    return out


def _board(s) -> tuple:
    return (s.phase, s.turn, s.passes, s.hands, s.public, s.pool, s.stock, s.tableaux, s.piles, s.sets,
            s.todo, s.chooser, s.choices, s.last, s.ended_by, s.first_scorer)


def _generic(s, rng: random.Random, cap: int) -> None:
    n = 0
    while not s.is_over():
        seat = s.to_move()[0]
        s.push(seat, s.random_move(seat, rng))
        n += 1
        if n >= cap:
            break


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("cap", [1, 12, 400])
def test_random_rollout_plays_the_moves_random_move_and_push_play(seed, cap):
    for i, s in enumerate(_positions(seed, every=2)):
        for k in range(4):
            a, b = s.clone(), s.clone()
            ra, rb = random.Random(100 * i + k), random.Random(100 * i + k)
            random_rollout(a, ra, cap)
            _generic(b, rb, cap)
            assert _board(a) == _board(b)
            assert ra.getstate() == rb.getstate(), "the same draws from the rng"


def test_search_rewards_unchanged_by_the_fast_rollout():
    k = knowledge_for(new_game("ferret", seed=0))
    assert k._random_rollout is random_rollout
    for s in _positions(7, every=3):
        a, b = s.clone(), s.clone()
        fast = k.rollout(a, 1, random.Random(3), k.context(s, s.to_move()[0]))
        saved, k._random_rollout = k._random_rollout, None
        try:
            slow = k.rollout(b, 1, random.Random(3), k.context(s, s.to_move()[0]))
        finally:
            k._random_rollout = saved
        assert fast == slow
