"""Inference in determinization: sampled worlds respect what play has revealed.

The oracle here is independent of the rules modules' ``voids()``: it watches
real games and, whenever a seat is to move, asks from that seat's REAL hand
whether it can follow, by the rules' words:

* Hermit (rules/hermit-decktet.txt): "you may play a card on a trick if it
  shares a suit with the last card played on that trick ... if you cannot
  play on any trick, you must start a new one": a seat whose legal moves are
  all ``start`` while tricks are in play holds no card sharing a suit with the
  last card of any of them.
* Type Trump (rules/type-trump.txt): "Players must follow suit if able"
  (a card sharing a suit with the lead), and a trump lead is followed by a
  trump of the type: a seat that holds no such card has shown it (it does
  not follow).

Every later determinization for every other seat must then deal that seat
none of those cards, in its hand or in its pending (hidden) choice.
"""

from __future__ import annotations

import random

import pytest

from game import new_game
from game.decktet import IDS, SUIT_MASK
from game.rules.type_trump import IS_TRUMP

from game.testing import CONFIGS


def _hermit_lacks(s, seat):
    """(suit mask) the seat shows it lacks by the move it must make now, or 0."""
    if s.phase != "play" or not s.tricks:
        return 0
    if any(not m.startswith("start ") for m in s.legal_moves(seat)):
        return 0
    mask = 0
    for t in s.tricks:
        mask |= SUIT_MASK[t[-1]]
    assert not any(SUIT_MASK[c] & mask for c in s.hands[seat])  # the oracle itself
    return mask


def _tt_lacks(s, seat):
    """(suit mask, no trump) shown by the seat's play to the trick now."""
    if s.phase != "play" or not s.trick:
        return 0, False
    lead = s.trick[0]
    trumps = IS_TRUMP[s.trump]
    if trumps[lead]:
        return (0, True) if not any(trumps[c] for c in s.hands[seat]) else (0, False)
    if not any(SUIT_MASK[c] & SUIT_MASK[lead] for c in s.hands[seat]):
        return SUIT_MASK[lead], False
    return 0, False


def _forbidden(gid, s, facts, seat):
    """Cards ``seat`` may not hold in ``s`` by the facts gathered this round."""
    mask, no_trump = facts.get(seat, (0, False))
    trumps = IS_TRUMP[s.trump] if gid == "type-trump" else None

    def bad(c):
        return bool(SUIT_MASK[c] & mask) or bool(no_trump and trumps[c])
    return bad


def _held(gid, s, seat):
    cards = list(s.hands[seat])
    if gid == "hermit" and s.pending[seat] is not None:
        cards.append(s.pending[seat])
    return cards


def _walk(gid, players, seed, policy_rng, options=None):
    """Play one game by random moves; yield (state, facts) before each move."""
    s = new_game(gid, players=players, seed=seed, options=options)
    facts: dict[int, tuple[int, bool]] = {}
    rnd = s.round
    moves = 0
    while not s.is_over() and moves < 400:
        if s.round != rnd:
            facts, rnd = {}, s.round
        yield s, facts
        seat = s.to_move()[0]
        if gid == "hermit":
            m = _hermit_lacks(s, seat)
            if m:
                old = facts.get(seat, (0, False))
                facts[seat] = (old[0] | m, False)
        else:
            m, nt = _tt_lacks(s, seat)
            if m or nt:
                old = facts.get(seat, (0, False))
                facts[seat] = (old[0] | m, old[1] or nt)
        legal = s.legal_moves(seat)
        s.play(seat, legal[policy_rng.randrange(len(legal))])
        moves += 1


TRICK_CONFIGS = [(g, n) for g, n in CONFIGS if g in ("hermit", "type-trump")]
PARTNERS = {"partnership": True}


@pytest.mark.parametrize("gid,players,options", [(g, n, None) for g, n in TRICK_CONFIGS]
                         + [("type-trump", 4, PARTNERS)])
def test_no_sampled_world_gives_a_seat_a_card_it_has_shown_it_lacks(gid, players, options):
    """Property over random games: every determinization, for every viewer,
    deals each other seat only cards consistent with the voids it revealed
    (partnership: the partner's hand is known, the opponents' are dealt)."""
    rng = random.Random(f"{gid}{players}{options}")
    checked_voids = 0
    for seed in range(6):
        for k, (s, facts) in enumerate(_walk(gid, players, seed, rng, options)):
            if k % 3:
                continue
            for viewer in range(players):
                d = s.determinize(viewer, random.Random(rng.random()))
                assert d.view(viewer) == s.view(viewer)
                for other, fact in facts.items():
                    if other == viewer or not (fact[0] or fact[1]):
                        continue
                    bad = _forbidden(gid, s, facts, other)
                    held = _held(gid, d, other)
                    assert not [IDS[c] for c in held if bad(c)], (seed, k, viewer, other, fact)
                    checked_voids += 1
    assert checked_voids > 20  # the games did reveal voids to check


@pytest.mark.parametrize("gid,players", TRICK_CONFIGS)
def test_voids_match_what_play_revealed(gid, players):
    """``voids()`` is exactly the union of what each seat showed this round."""
    rng = random.Random(f"v{gid}{players}")
    for seed in range(4):
        for s, facts in _walk(gid, players, 10 + seed, rng):
            v = s.voids()
            for seat in range(players):
                want = facts.get(seat, (0, False))
                got = v[seat] if gid == "type-trump" else (v[seat], False)
                assert got == want, (seed, seat)


@pytest.mark.parametrize("gid,players", TRICK_CONFIGS + [("ferret", 2)])
def test_samples_depend_only_on_what_the_seat_knows(gid, players):
    """Honesty: two states that differ only in cards the viewer cannot see
    (each a sample of the other's information set) give the same samples."""
    rng = random.Random(f"h{gid}{players}")
    compared = 0
    for seed in range(3):
        states = _ferret_walk(seed, rng) if gid == "ferret" else (
            s for s, _ in _walk(gid, players, 20 + seed, rng))
        for k, s in enumerate(states):
            if k % 5:
                continue
            viewer = s.to_move()[0]
            a = s.determinize(viewer, random.Random(1))
            b = s.determinize(viewer, random.Random(2))
            da = a.determinize(viewer, random.Random(7))
            db = b.determinize(viewer, random.Random(7))
            assert [da.view(x) for x in range(players)] == [db.view(x) for x in range(players)]
            if gid == "hermit":
                assert (da.cottage, da.extra, da.pending) == (db.cottage, db.extra, db.pending)
            if gid == "ferret":
                assert da.stock == db.stock
            compared += 1
    assert compared


def _ferret_walk(seed, rng):
    s = new_game("ferret", seed=seed)
    while not s.is_over():
        yield s
        seat = s.to_move()[0]
        legal = s.legal_moves(seat)
        s.play(seat, legal[rng.randrange(len(legal))])


def test_ferret_samples_keep_openly_ferreted_cards_in_the_hand():
    """Ferret: cards openly ferreted into a hand stay there in every sample."""
    rng = random.Random(3)
    seen = 0
    for seed in range(4):
        for s in _ferret_walk(seed, rng):
            for viewer in (0, 1):
                other = 1 - viewer
                if not s.public[other]:
                    continue
                d = s.determinize(viewer, random.Random(rng.random()))
                assert set(s.public[other]) <= set(d.hands[other])
                seen += 1
    assert seen


def test_constrained_deal_honours_every_place_and_keeps_the_cards():
    """The dealing helper: sizes kept, every card once, predicates honoured,
    even when the constraints leave a single valid deal."""
    from game.rules.constrained import deal

    r = random.Random(0)
    for trial in range(300):
        cards = sorted(r.sample(range(36), 18))
        sizes = [6, 6, 6]
        # a random valid deal first, then constraints it satisfies
        truth = cards[:]
        r.shuffle(truth)
        parts = [set(truth[0:6]), set(truth[6:12]), set(truth[12:18])]
        masks = []
        for p in parts:
            have = 0
            for c in p:
                have |= SUIT_MASK[c]
            masks.append(63 & ~have if r.random() < 0.7 else 0)
        fits = [None if not m else (lambda c, m=m: not SUIT_MASK[c] & m) for m in masks]
        out = deal(cards, sizes, fits, random.Random(trial))
        assert [len(h) for h in out] == sizes
        assert sorted(sum(out, [])) == cards
        for h, f in zip(out, fits):
            assert f is None or all(f(c) for c in h)


def _type_trump_after_declarations(seed, plays=4):
    from game.ai.heuristics import type_trump as h
    s = new_game("type-trump", players=4, seed=seed)
    while s.phase == "declare" or len(s.plays_this_deal()) < plays:
        seat = s.to_move()[0]
        s.play(seat, h.heuristic_move(s, seat, None))
    return s


def test_declarations_make_hands_that_favour_the_declared_suit_likelier():
    """Policy-based inference (Type Trump): in the weighted worlds an opponent
    holds more cards of the suit it declared than in uniform samples."""
    from game.ai.heuristics import type_trump as h
    from game.decktet import SUITS

    more = 0
    for seed in range(6):
        s = _type_trump_after_declarations(seed)
        seat = s.to_move()[0]
        decls = s.view(seat)["declarations"]
        sampler = h.sampler(s, seat, "normal", random.Random(seed))
        rng = random.Random(100 + seed)
        weighted, uniform = 0, 0
        for _ in range(200):
            w = sampler(rng)
            u = s.determinize(seat, rng)
            for o in range(4):
                if o != seat and decls[o] in SUITS:
                    bit = 1 << SUITS.index(decls[o])
                    weighted += sum(1 for c in w.hands[o] if SUIT_MASK[c] & bit)
                    uniform += sum(1 for c in u.hands[o] if SUIT_MASK[c] & bit)
            assert w.view(seat) == s.view(seat)
        more += weighted > uniform
    assert more == 6


def test_weighted_worlds_depend_only_on_what_the_seat_knows():
    from game.ai.heuristics import type_trump as h

    s = _type_trump_after_declarations(3)
    seat = s.to_move()[0]
    a = s.determinize(seat, random.Random(1))
    b = s.determinize(seat, random.Random(2))
    assert a.hands != b.hands
    wa = h.sampler(a, seat, "normal", random.Random(5))
    wb = h.sampler(b, seat, "normal", random.Random(5))
    for k in range(20):
        x, y = wa(random.Random(k)), wb(random.Random(k))
        assert x.hands == y.hands and x.decl == y.decl
