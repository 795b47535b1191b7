"""No visible blunders: the rule-based veto (issue 19, item 3), checked against the engine.

Each game's ``blunder(state, seat, move)`` is compared with what the engine
does when the move is played (the oracle), over positions of random games:

* Hermit: "taking a trick with Personalities when a safe card was available":
  the move makes the mover's taken points grow although another legal move
  would not;
* Type Trump (partnership): "trumping a partner's winning trick": a trump
  that takes the trick from the partner who was winning it, while another
  card would have left it to him;
* Hermits Whist: "playing a trump on a trick already lost": a trump that
  loses the trick while a card of another suit could have lost it instead.
"""

from __future__ import annotations

import random

from game import new_game
from game.ai.heuristics import hermit as h_hermit
from game.decktet import INDEX
from game.ai.heuristics import hermits_whist as h_whist
from game.ai.heuristics import type_trump as h_tt
from game.ai.knowledge import knowledge_for
from game.ai.search import Search
from game.rules.hermits_whist import INDEX as W_INDEX
from game.rules.hermits_whist import SUIT as W_SUIT
from game.rules.type_trump import IS_TRUMP, trick_winner


def _random_positions(gid, players, games, options=None, seed=0):
    rng = random.Random(f"{gid}{seed}")
    for g in range(games):
        s = new_game(gid, players=players, seed=g, options=options)
        while not s.is_over():
            yield s
            seat = s.to_move()[0]
            legal = s.legal_moves(seat)
            s.play(seat, legal[rng.randrange(len(legal))])


def _hermit_gains(s, seat, move):
    """The engine's answer: do the mover's taken points grow? (None: the hand ends.)"""
    c = s.clone()
    before = c.view(seat)["hand_points"][seat]
    c.play(seat, move)
    if c.round != s.round or c.is_over():
        return None
    return c.view(seat)["hand_points"][seat] > before


def test_hermit_blunder_is_taking_personalities_when_a_safe_card_exists():
    found = 0
    for s in _random_positions("hermit", 4, 6):
        if s.phase != "play":
            continue
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        gains = {m: _hermit_gains(s, seat, m) for m in legal}
        if None in gains.values():
            continue
        safe = any(not g for g in gains.values())
        for m in legal:
            assert h_hermit.blunder(s, seat, m) == (gains[m] and safe), m
            found += gains[m] and safe
    assert found > 5


def test_type_trump_blunder_is_trumping_the_partners_winning_trick():
    found = 0
    for s in _random_positions("type-trump", 4, 5, {"partnership": True}):
        if s.phase != "play" or not s.trick:
            continue
        seat = s.to_move()[0]
        partner = (seat + 2) % 4
        winning = (s.leader + trick_winner(s.trick, s.trump)) % 4
        legal = s.legal_moves(seat)

        def overtakes(m):
            c = INDEX[m]
            return winning == partner and IS_TRUMP[s.trump][c] and \
                trick_winner(s.trick + [c], s.trump) == len(s.trick)
        over = {m: overtakes(m) for m in legal}
        for m in legal:
            want = over[m] and any(not v for v in over.values())
            assert h_tt.blunder(s, seat, m) == want, m
            found += want
    assert found > 3
    # without partners, nothing is called a blunder
    for s in _random_positions("type-trump", 4, 1):
        seat = s.to_move()[0]
        assert not any(h_tt.blunder(s, seat, m) for m in s.legal_moves(seat))


def test_whist_blunder_is_a_trump_thrown_on_a_lost_trick():
    found = 0
    for s in _random_positions("hermits-whist", 1, 6):
        for m in s.legal_moves(0):
            if m == "flip":
                assert not h_whist.blunder(s, 0, m)
                continue
            c = s.clone()
            c.play(0, m)
            won = c.tricks[-1][2] if c.round == s.round else c.last_hand is not None and None
            if won is None:  # the hand ended: read the trick from a fresh clone's push
                won = h_whist.beats(W_INDEX[m], s.dummy_card(), s.trump)
            trump = W_SUIT[W_INDEX[m]] == s.trump
            other = any(W_SUIT[x] != s.trump for x in s.hand)
            want = trump and not won and other
            assert h_whist.blunder(s, 0, m) == want, m
            found += want
    assert found > 3


def _blunder_position():
    for s in _random_positions("hermit", 4, 20, seed=1):
        if s.phase != "play":
            continue
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        bad = [m for m in legal if h_hermit.blunder(s, seat, m)]
        if bad:
            return s.clone(), seat, bad[0], [m for m in legal if m not in bad]
    raise AssertionError("no blunder in 20 random games")


def test_the_search_vetoes_a_blunder_unless_it_is_confident():
    """best(): a blunder the search prefers only slightly is replaced by the
    best-supported other move; a clearly better one (by VETO_MARGIN) stands."""
    s, seat, bad, good = _blunder_position()
    k = knowledge_for(s)
    search = Search(s, seat, k, iterations=1, seconds=10, seed=0)
    table = search.root.stats.setdefault(seat, {})
    table[bad] = [100, 100 * 0.60, 100]
    table[good[0]] = [60, 60 * 0.58, 100]
    assert search.best() == good[0] and search.vetoed == bad
    table[good[0]] = [60, 60 * (0.60 - k.veto_margin - 0.01), 100]
    assert search.best() == bad and search.vetoed is None
