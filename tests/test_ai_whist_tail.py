"""Hermits Whist: the last tricks of a hand solved exactly from the player's own information."""

from __future__ import annotations

import itertools
import random

from game import new_game
from game.ai import start_search
from game.ai.heuristics.hermits_whist import TAIL_CARDS, rule_move
from game.ai.whist_pimc import WhistPIMC, later
from game.ai.whist_tail import WhistTail, unseen
from game.rules.hermits_whist import INDEX, GameState, beats


def _at(seed: int, cards: int, aft: bool) -> GameState:
    """A decision with ``cards`` in hand and three 8s still face down, in the first
    forehand (or aft hand): the rule-based player, never turning an 8, plays there on the
    first seed from ``seed`` on whose game gets there."""
    for g in range(seed, seed + 100):
        s = new_game("hermits-whist", seed=g)
        assert isinstance(s, GameState)
        while not s.is_over() and s.round <= 2:
            if s.aft == aft and len(s.hand) == cards:
                return s
            m = rule_move(s)
            s.play(0, m if m != "flip" else s.legal_moves(0)[0])
    raise AssertionError("no such position")


def _solve(s: GameState) -> WhistTail:
    t = WhistTail(s, prefer=None)
    while not t.step(600):
        pass
    return t


def _worlds(s: GameState):
    """Every way the hand in progress can go on that the player cannot tell apart: the
    dummy's next cards (an ordered draw from the unseen) and the order of the face-down 8s,
    each equally likely."""
    u = s._unseen_from()
    pool = unseen(s)
    assert sorted(pool) == sorted(s.stock[u:])
    later_cards = len(s.hand) - 1
    hidden = s.eights[s.turned8:]
    for draw in itertools.permutations(pool, later_cards):
        rest = [c for c in pool if c not in draw]
        for order in itertools.permutations(hidden):
            w = s.clone()
            assert isinstance(w, GameState)
            w.stock = s.stock[:u] + draw + tuple(rest)
            w.eights = s.eights[:s.turned8] + order
            yield w


def _played_on(world: GameState, move: str) -> float:
    """What ``move`` then the exact tail's own choices reach in ``world``: the hand end's worth."""
    w = world.clone()
    assert isinstance(w, GameState)
    r = w.round
    w.play(0, move)
    while w.round == r and not w.is_over():
        w.play(0, _solve(w).move)
    if w.is_over():
        return 1000.0 if w.result == "won" else 0.0
    return float(later(w.turned8, tuple(w.wild_flipped), w.pips))


def test_each_moves_worth_is_its_average_end_over_every_world_the_player_cannot_rule_out():
    """The expectimax models the rules exactly: played out in every world consistent with
    what the player has seen (all equally likely), each move followed by the tail's own
    later choices ends the hand worth, on average, exactly the move's computed worth.  So
    the tail is the best a player who sees only the turned cards can do, and the move it
    plays is worth the most ("You can flip through the 8's stack as many times as you like
    before playing your card": turning an 8 is a move of its own, the next 8 unknown)."""
    for seed, cards, aft, last in ((3, 3, True, True), (5, 2, False, False), (8, 3, True, False)):
        s = _at(seed, cards, aft)
        if last:
            s = _last_hand(s)
        t = _solve(s)
        worlds = list(_worlds(s))
        assert len(worlds) > 20
        for move, worth in zip(t.moves, t.worth):
            mean = sum(_played_on(w, move) for w in worlds) / len(worlds)
            assert abs(mean - worth) < 1e-9, (seed, move, mean, worth)
        assert t.worth[t.moves.index(t.move)] >= max(t.worth) - 1e-9
        assert "flip" in t.moves


def test_the_tail_decides_from_what_the_player_sees_only():
    """Honest: states that differ only in cards the player has not seen (the dummy's
    face-down cards, the face-down 8s' order) get the same worths and the same move."""
    s = _at(11, 3, True)
    a, b = s.determinize(0, random.Random(1)), s.determinize(0, random.Random(2))
    assert isinstance(a, GameState) and isinstance(b, GameState)
    assert a.stock != b.stock or a.eights != b.eights
    ta, tb = _solve(a), _solve(b)
    assert ta.worth == tb.worth and ta.move == tb.move


def _last_hand(s: GameState) -> GameState:
    """``s`` with every wild card but the last already flipped: the game's last hand."""
    s = s.clone()
    assert isinstance(s, GameState)
    s.wild_flipped = [True] * (len(s.pips) - 1) + [False]
    return s


def test_the_ai_solves_every_hands_tail_exactly_and_plays_pimc_before():
    """normal and hard hand the decision to the exact tail from TAIL_CARDS cards left
    (forehand, aft hand), in the game's last hand (one wild card left to flip: a hand's
    worth is then the chance of winning the game) and in earlier ones (the chance of
    winning the rest, game/ai/whist_value.py); to PIMC with more cards."""
    for level in ("normal", "hard"):
        for aft in (False, True):
            limit = TAIL_CARDS[level][aft]
            s = _at(2, limit, aft)
            more = _at(2, limit + 1, aft)
            cases = ((_last_hand(s), WhistTail), (s, WhistTail), (_last_hand(more), WhistPIMC), (more, WhistPIMC))
            for position, kind in cases:
                search = start_search(position, 0, level, seed=1)
                assert isinstance(search.prover, kind), (level, aft, len(position.hand))
                while not search.step(10.0):
                    pass
                assert search.best() in position.legal_moves(0)


def _plain(t: WhistTail, hand: tuple[int, ...], pool: tuple[int, ...], trump: int, left: int, won: int,
           d: int) -> float:
    """The expectimax of the rules read card by card, nothing merged: the best of each card
    played against the dummy's ``d`` (then the dummy's next card, any of ``pool`` alike)
    and of turning the next 8 (any suit face down alike; the last leaves no trump)."""
    from game.rules.hermits_whist import NO_TRUMP, beats

    options = []
    for c in hand:
        w = won + beats(c, d, trump)
        rest = tuple(x for x in hand if x != c)
        if not rest:
            options.append(t.end_by_left[left][w])
        else:
            options.append(sum(_plain(t, rest, tuple(x for x in pool if x != e), trump, left, w, e)
                               for e in pool) / len(pool))
    suits = [s for s in range(4) if left >> s & 1]
    if suits:
        after = [(NO_TRUMP, 0)] if len(suits) == 1 else [(s, left & ~(1 << s)) for s in suits]
        options.append(sum(_plain(t, hand, pool, tr, lf, won, d) for tr, lf in after) / len(after))
    return max(options)


def test_unseen_cards_counted_by_class_give_the_worths_of_every_card_apart():
    """The tail merges unseen cards no card of the hand tells apart ("the highest card
    that shares a suit with the dummy's card wins": only suits, and ranks within a suit,
    matter), searches one of two cards of the hand no unseen card tells apart, and stops
    where no count of tricks left can flip a wild card; each move's worth is still the one
    the card-by-card expectimax gives, in forehands and aft hands, with 8s face down or not."""
    from game.rules.hermits_whist import SUIT

    checked = 0
    for seed in range(30, 42):
        for cards, aft in ((2, False), (3, True), (2, True)):
            s = _at(seed, cards, aft)
            if seed % 3 == 0:
                s = _last_hand(s)
            t = _solve(s)
            left = 0
            for e in s.eights[s.turned8:]:
                left |= 1 << SUIT[e]
            pool = tuple(unseen(s))
            for move, worth in zip(t.moves, t.worth):
                if move == "flip":
                    continue
                c = INDEX[move]
                w = s.won + beats(c, s.dummy_card(), s.trump)
                rest = tuple(x for x in s.hand if x != c)
                want = sum(_plain(t, rest, tuple(x for x in pool if x != e), s.trump, left, w, e)
                           for e in pool) / len(pool)
                assert abs(want - worth) < 1e-9, (seed, cards, aft, move, want, worth)
                checked += 1
    assert checked > 60
