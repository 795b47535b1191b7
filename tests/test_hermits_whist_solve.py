"""Hermits Whist: ``solve(state)`` and option ``winnable`` (DESIGN.md's hermits-whist
paragraph; rules/hermits-whist.txt).

The solver is checked against brute force over the engine itself (``clone`` and
``play`` of every legal move, memoised on the position), on positions small
enough for it: the last cards of a hand.  Across hands, the solver's answer is
checked one hand at a time (its answer at a position is "some way through this
hand reaches a position it solves").  Every line it returns is played through
the engine.
"""

from __future__ import annotations

import random

import pytest

from game import load_game, new_game
from game.rules import hermits_whist_solver
from game.rules.hermits_whist import IDS, GameState, solve
from game.rules.hermits_whist_solver import Solver

DEFAULT = [1, 2, 3, 4, 5, 6]
#: wild pips for which some deals can be won and others not (about 60% of seeds)
EVENS = [0, 2, 4, 6, 8, 10]
WILD_SETS = [DEFAULT, EVENS, [3, 4, 5, 6, 7, 8], [0, 0, 1, 1, 9, 10]]


def whist(seed: int, wilds=None, **options) -> GameState:
    if wilds is not None:
        options["wilds"] = wilds
    return new_game("hermits-whist", seed=seed, options=options)


def key(s: GameState) -> tuple:
    """Everything the rest of the game depends on (the deals follow from the RNG and the
    hand number; the dummy's next card from the cards left)."""
    return (s.round, tuple(s.hand), s.turned8, s.won, tuple(s.wild_flipped), s.over, s.result)


def children(s: GameState):
    for m in s.legal_moves(0):
        t = s.clone()
        t.play(0, m)
        yield m, t


def brute_wins(s: GameState, memo: dict | None = None) -> bool:
    """Whether some sequence of legal moves wins the game, trying them all."""
    memo = {} if memo is None else memo
    if s.is_over():
        return s.winners() == [0]
    k = key(s)
    if k not in memo:
        memo[k] = any(brute_wins(t, memo) for _, t in children(s))
    return memo[k]


def hand_ends(s: GameState) -> dict[tuple, GameState]:
    """Every distinct position at which the hand in progress has just ended (the next hand
    dealt, or the game over), over all sequences of legal moves."""
    r = s.round
    out: dict[tuple, GameState] = {}
    seen: set[tuple] = set()

    def walk(t: GameState) -> None:
        k = key(t)
        if k in seen:
            return
        seen.add(k)
        if t.is_over() or t.round != r:
            out[k] = t
            return
        for _, u in children(t):
            walk(u)

    walk(s)
    return out


def position(seed: int, wilds, hand: int, left: int, rng: random.Random) -> GameState | None:
    """A position of hand ``hand`` with ``left`` cards in your hand: the solver's line up to
    that hand (None if there is none or it ends sooner), then random legal moves."""
    s = whist(seed, wilds)
    line = solve(s)
    if line is None:
        return None
    it = iter(line)
    while s.round < hand and not s.is_over():
        s.play(0, next(it))
    if s.is_over():
        return None
    while len(s.hand) > left:
        moves = s.legal_moves(0)
        s.play(0, rng.choice(moves))
    return s


def test_solve_line_is_legal_and_wins_every_deal_it_claims():
    """"Succeeding requires flipping over all six wild cards": every line solve returns is
    played move by move through the engine (play() refuses an illegal move) and wins."""
    claimed = 0
    for wilds in WILD_SETS:
        for seed in range(12):
            s = whist(seed, wilds)
            line = solve(s)
            if line is None:
                continue
            claimed += 1
            for m in line:
                s.play(0, m)
            assert s.is_over() and s.winners() == [0] and s.scores() == [6], (wilds, seed)
    assert claimed >= 25


def test_solve_from_mid_game_positions_wins_or_is_none():
    """From any position (here after random play), a returned line wins when played; and a
    position reached by playing a line's first moves is solved again."""
    rng = random.Random(5)
    results = set()
    for seed in range(20):
        wilds = WILD_SETS[seed % len(WILD_SETS)]
        s = position(seed, wilds, hand=rng.randint(1, 4), left=rng.randint(1, 10), rng=rng)
        if s is None:
            continue
        line = solve(s)
        results.add(line is None)
        if line is None:
            continue
        half = s.clone()
        for m in line[:len(line) // 2]:
            half.play(0, m)
        assert solve(half) is not None
        for m in line:
            s.play(0, m)
        assert s.winners() == [0]
    assert results == {True, False}          # both answers were checked


def test_solve_of_a_finished_game_is_empty_when_won_and_none_when_lost():
    """"If you fail to flip over any wild card during a hand, you lose": nothing wins a lost
    game; a won game needs no more moves."""
    s = whist(2)
    for m in solve(s):
        s.play(0, m)
    assert s.winners() == [0] and solve(s) == []
    lost = whist(0, [10] * 6)
    while not lost.is_over():
        lost.play(0, lost.legal_moves(0)[0])
    assert lost.winners() == [] and solve(lost) is None


@pytest.mark.parametrize("wilds", WILD_SETS)
def test_solve_agrees_with_brute_force_in_the_last_hand(wilds):
    """The last hand (five wild cards flipped): "If you won exactly as many tricks as the pip
    number on one of the face-up wild cards, flip over that wild card"; the solver finds a
    win exactly when trying every sequence of legal moves (flips and cards) finds one."""
    rng = random.Random(sum(wilds))
    answers = []
    for seed in range(40):
        s = position(seed, wilds, hand=6, left=rng.randint(2, 6), rng=rng)
        if s is None:
            continue
        assert sum(s.wild_flipped) == 5
        want = brute_wins(s)
        got = solve(s)
        assert (got is not None) == want, (wilds, seed)
        answers.append(want)
        if len(answers) >= 8:
            break
    assert len(answers) >= 4


def test_solve_agrees_with_brute_force_on_winnable_and_lost_last_hands():
    """Both answers occur among last-hand positions and match brute force (seeded sample)."""
    rng = random.Random(11)
    seen = {True: 0, False: 0}
    for seed in range(60):
        s = position(seed, DEFAULT, hand=6, left=rng.randint(3, 6), rng=rng)
        if s is None:
            continue
        want = brute_wins(s)
        assert (solve(s) is not None) == want, seed
        seen[want] += 1
        if min(seen.values()) >= 4:
            break
    assert min(seen.values()) >= 4, seen


def test_hand_outcomes_match_brute_force():
    """The solver's table of what a hand can end with (8s turned; tricks won) is exactly
    what playing every sequence of flips and cards through the engine gives: "You can flip
    through the 8's stack as many times as you like before playing your card, until you get
    to the end of the 8's stack."  """
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        wilds = WILD_SETS[seed % len(WILD_SETS)]
        s = position(seed, wilds, hand=rng.randint(1, 6), left=rng.randint(1, 6), rng=rng)
        if s is None:
            continue
        table = Solver(s).table(0)
        got = {(end, s.won + w) for end, w in table.outcomes(s.turned8)}
        want = {(t.turned8, t.last_hand["tricks_won"]) for t in hand_ends(s).values()}
        assert got == want, seed
        checked += 1
    assert checked >= 15


def test_solve_across_hands_is_some_end_of_this_hand_that_solves():
    """Across hands: the game is winnable from a position exactly when some way of playing
    out this hand (brute force) ends it in a position that is won or that solve wins (the
    aft hand "without reshuffling", a reshuffled forehand after it, the 8s "never reset")."""
    rng = random.Random(8)
    seen = {True: 0, False: 0}
    for seed in range(40):
        wilds = WILD_SETS[seed % len(WILD_SETS)]
        s = position(seed, wilds, hand=rng.randint(1, 5), left=rng.randint(1, 4), rng=rng)
        if s is None:
            continue
        want = any(t.winners() == [0] or (not t.is_over() and solve(t) is not None)
                   for t in hand_ends(s).values())
        assert (solve(s) is not None) == want, seed
        seen[want] += 1
    assert min(seen.values()) >= 3, seen


def test_solve_knows_the_later_shuffles_of_a_determinized_state():
    """DESIGN.md: solve knows "the later shuffles the state's RNG will make": a
    determinized state (new unseen cards, new RNG for later deals) gets its own line, which
    wins when played on it."""
    s = whist(4)
    for m in solve(s)[:5]:
        s.play(0, m)
    for i in range(3):
        d = s.determinize(0, random.Random(i))
        line = solve(d)
        if line is None:
            continue
        for m in line:
            d.play(0, m)
        assert d.winners() == [0]


def test_solve_leaves_the_state_unchanged():
    s = whist(6)
    for m in solve(s)[:13]:
        s.play(0, m)
    before = (s.view(0), s.to_json())
    solve(s)
    assert (s.view(0), s.to_json()) == before


# ---- option winnable ------------------------------------------------------------


def test_winnable_option_is_declared_off_by_default_for_the_option_form():
    """DESIGN.md: "Option `winnable` (false)"."""
    opt = {o.name: o for o in GameState.OPTIONS}["winnable"]
    assert opt.describe() == {"name": "winnable", "kind": "bool", "default": False,
                              "help": "winnable deals only"}
    assert whist(0).options["winnable"] is False
    with pytest.raises(ValueError, match="winnable"):
        whist(0, winnable="yes")


def test_winnable_plays_the_smallest_seed_at_or_after_seed_that_solve_wins():
    """DESIGN.md: "the game is the one of the smallest seed s >= seed (s = seed, seed+1,
    ...) that solve proves winnable"."""
    s = whist(0, EVENS, winnable=True)
    assert s.seed == 0 and s.deal_seed > 0
    assert all(solve(whist(k, EVENS)) is None for k in range(s.deal_seed))
    assert solve(whist(s.deal_seed, EVENS)) is not None
    assert whist(s.deal_seed, EVENS, winnable=True).deal_seed == s.deal_seed
    w = whist(5, winnable=True)                  # seed 5 itself wins with the default wilds
    assert solve(whist(5)) is not None and w.deal_seed == 5
    assert w.view(0) == whist(5).view(0)


def test_winnable_game_is_played_exactly_as_the_game_of_that_seed():
    """"played exactly as new_game(..., seed=s) would be": same cards, same 8s, same later
    shuffles, the same view after every move of a whole game, the same events."""
    s = whist(0, EVENS, winnable=True)
    twin = whist(s.deal_seed, EVENS)
    assert (s.stock, s.eights) == (twin.stock, twin.eights)
    line = solve(s)
    assert line == solve(twin)
    for m in line:
        assert s.view(0) == twin.view(0) and s.legal_moves(0) == twin.legal_moves(0)
        s.play(0, m)
        twin.play(0, m)
    assert s.view(0) == twin.view(0) and s.winners() == [0] and s.round == 6
    assert s.events(0) == twin.events(0)         # the record replays the same seed search


def test_winnable_save_keeps_seed_and_option_and_replays():
    """"its to_json() keeps seed and the option; replay finds s again"."""
    s = whist(0, EVENS, winnable=True)
    for m in solve(s)[:25]:                      # into the third hand: a reshuffled deck
        s.play(0, m)
    data = s.to_json()
    assert data["seed"] == 0 and data["options"] == {"wilds": EVENS, "winnable": True}
    t = load_game(data)
    assert t.deal_seed == s.deal_seed and t.view(0) == s.view(0) and t.to_json() == data


def test_winnable_keeps_a_given_deal_and_searches_the_later_shuffles():
    """DESIGN.md: "`deal`, when given, fixes the first deal; later deals are shuffled": with
    winnable the deal stays and the seed search picks the later shuffles."""
    d = whist(7)
    deal = {"eights": [IDS[e] for e in d.eights], "stock": [IDS[c] for c in d.stock]}
    s = new_game("hermits-whist", seed=0, options={"wilds": EVENS, "winnable": True}, deal=deal)
    assert (s.stock, s.eights) == (d.stock, d.eights)
    assert solve(s) is not None
    plain = new_game("hermits-whist", seed=s.deal_seed, options={"wilds": EVENS}, deal=deal)
    assert plain.view(0) == s.view(0) and solve(plain) == solve(s)
    assert all(solve(new_game("hermits-whist", seed=k, options={"wilds": EVENS}, deal=deal)) is None
               for k in range(s.deal_seed))


def test_winnable_gives_up_with_a_clear_error_when_no_deal_wins(monkeypatch):
    """Six wild cards of 10 (ten tricks of ten, six hands running): no deal among the first
    seeds can be won; the search stops after MAX_SEEDS seeds with an error naming the option."""
    monkeypatch.setattr(hermits_whist_solver, "MAX_SEEDS", 10)
    with pytest.raises(ValueError, match="option 'winnable': none of the 10 deals from seed 3"):
        whist(3, [10] * 6, winnable=True)
