"""Hermits Whist rules (shared/rules/hermits-whist.txt, DESIGN.md's hermits-whist paragraph).

Each test is named after the rule it checks and quotes the text.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import IllegalMove, new_game
from game.rules.hermits_whist import EIGHTS, IDS, INDEX, MAIN_DECK, RANK, SUITS, wins_trick
from game.testing import strings_in

CANONICAL = [IDS[c] for c in MAIN_DECK]
EIGHT_IDS = ["8-moons", "8-suns", "8-waves", "8-leaves"]


def deal(front=(), eights=EIGHT_IDS):
    """A deal whose stock starts with ``front`` (ids, top first) and goes on in deck order."""
    front = list(front)
    return {"eights": list(eights), "stock": front + [c for c in CANONICAL if c not in front]}


def game(front=(), eights=EIGHT_IDS, wilds=None, seed=0):
    options = {"wilds": wilds} if wilds is not None else None
    return new_game("hermits-whist", seed=seed, options=options, deal=deal(front, eights))


def losing_move(s) -> str:
    """The highest card that loses the trick, chosen from the view alone (keeping low cards
    for later tricks); the highest card of all if none loses."""
    v = s.view(0)
    losing = [c for c in v["hand"] if not wins_trick(v["dummy_card"], c, v["trump"])]
    return max(losing or v["hand"], key=lambda c: RANK[INDEX[c]])


def trumpless_losing_move(s) -> str:
    """Turn every 8 first (no trump: a card loses unless it follows suit higher), then lose."""
    return "flip" if "flip" in s.legal_moves(0) else losing_move(s)


def winning_move(s) -> str:
    v = s.view(0)
    for c in v["hand"]:
        if wins_trick(v["dummy_card"], c, v["trump"]):
            return c
    return v["hand"][0]


def play_hand(s, chooser=losing_move):
    r = s.round
    for _ in range(10):
        assert s.round == r and not s.is_over()
        s.play(0, chooser(s))


# Forehand where you hold the low Moons and the dummy turns the high Suns first.
YOU = ["1-moons", "2-moons", "3-moons", "4-moons", "5-moons",
       "1-waves", "2-waves", "3-waves", "4-waves", "5-waves"]
DUMMY = ["12-suns", "11-suns", "10-suns", "9-suns", "7-suns",
         "12-leaves", "11-leaves", "10-leaves", "9-leaves", "7-leaves"]
# A first pass in which every card you hold loses with Waves trump or with no trump:
# forehand Moons against Suns and Leaves, aft hand against ten Waves.
ZERO = (["1-moons", "2-moons", "3-moons", "4-moons", "5-moons",
         "6-moons", "7-moons", "9-moons", "10-moons", "11-moons"] + DUMMY
        + ["12-moons", "1-suns", "2-suns", "3-suns", "4-suns", "5-suns", "6-suns",
           "1-leaves", "2-leaves", "3-leaves"]
        + ["1-waves", "2-waves", "3-waves", "4-waves", "5-waves",
           "6-waves", "7-waves", "9-waves", "10-waves", "11-waves"])
WAVES_FIRST = ["8-waves", "8-moons", "8-suns", "8-leaves"]


# ---- the deck -----------------------------------------------------------------


def test_deck_fits_every_number_in_the_text():
    """The text names no deck: "Separate the 8 cards from the deck", "Deal ten cards to
    you and ten facedown to the dummy", "There will be four cards leftover", "all six of
    the wild cards": 4 suits x 1-12 = 48, minus four 8s = 44 = 10 + 10 + 10 + 10 + 4."""
    assert len(IDS) == 54 and len(set(IDS)) == 54
    assert len(EIGHTS) == 4 and {IDS[e] for e in EIGHTS} == set(EIGHT_IDS)
    assert len(MAIN_DECK) == 44 == 10 + 10 + 10 + 10 + 4
    assert [c for c in IDS if c.startswith("wild-")] == [f"wild-{i}" for i in range(1, 7)]
    assert "7-waves" in INDEX and SUITS == ("moons", "suns", "waves", "leaves")
    assert sorted({RANK[c] for c in MAIN_DECK}) == [r for r in range(1, 13) if r != 8]


def test_only_one_player_the_dummy_is_not_a_seat():
    """"a solo trick-taking game in which you try to win tricks against a dummy player":
    the dummy acts by itself; only seat 0 ever moves."""
    s = new_game("hermits-whist")
    assert s.players == 1
    with pytest.raises(ValueError, match="players"):
        new_game("hermits-whist", players=2)
    rng = random.Random(4)
    while not s.is_over():
        assert s.to_move() == [0]
        moves = s.legal_moves(0)
        s.play(0, moves[rng.randrange(len(moves))])
    assert s.to_move() == []


# ---- setup --------------------------------------------------------------------


def test_setup_wild_cards_set_in_a_row_for_scoring():
    """"Set all six of the wild cards side-by-side in a row. These cards will be used for
    scoring.": the six wild cards are never dealt or played; each shows its pip."""
    s = new_game("hermits-whist", seed=3, options={"wilds": [0, 2, 2, 5, 9, 10]})
    v = s.view(0)
    assert v["wilds"] == [{"card": f"wild-{i + 1}", "pip": p, "flipped": False}
                          for i, p in enumerate([0, 2, 2, 5, 9, 10])]
    assert v["targets"] == [0, 2, 2, 5, 9, 10] and v["wilds_flipped"] == 0
    assert not any(c.startswith("wild-") for c in v["hand"] + s.legal_moves(0))
    assert not any(IDS[c].startswith("wild-") for c in s.stock)
    with pytest.raises(IllegalMove, match="never played"):
        s.play(0, "wild-1")


def test_default_wild_pips_are_one_to_six():
    """DESIGN.md: "the pip of wild-i is wilds[i-1] (option wilds, a list of six ints,
    default [1, 2, 3, 4, 5, 6])"."""
    v = new_game("hermits-whist").view(0)
    assert [w["pip"] for w in v["wilds"]] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("bad", [[1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 11], [-1, 2, 3, 4, 5, 6],
                                 [1, 2, 3, 4, 5, "6"], "1,2,3,4,5,6"])
def test_wilds_option_is_six_pips_from_0_to_10(bad):
    """DESIGN.md: "`wilds`: six ints in 0..10, duplicates allowed"."""
    with pytest.raises(ValueError, match="wilds"):
        new_game("hermits-whist", options={"wilds": bad})
    assert new_game("hermits-whist", options={"wilds": [3] * 6}).view(0)["targets"] == [3] * 6


def test_setup_top_8_is_turned_and_sets_the_initial_trump():
    """"Separate the 8 cards from the deck. Shuffle them together in their own pile and flip
    up the top card. This determines the initial trump suit."""
    s = game(eights=["8-waves", "8-moons", "8-leaves", "8-suns"])
    v = s.view(0)
    assert v["trump"] == "waves" and v["eights_turned"] == ["8-waves"] and v["stack"] == 3
    for seed in range(5):
        v = new_game("hermits-whist", seed=seed).view(0)
        assert v["trump"] == v["eights_turned"][0].split("-")[1]
        assert not any(c.startswith("8-") for c in v["hand"])


def test_deal_ten_to_you_and_ten_facedown_to_the_dummy():
    """"Shuffle the rest of the deck together. Deal ten cards to you and ten facedown to
    the dummy player.": your hand is the stock's top 10; the dummy turns the next 10 in order."""
    s = game(YOU + DUMMY)
    v = s.view(0)
    assert sorted(v["hand"]) == sorted(YOU) and v["dummy_card"] == DUMMY[0]
    assert v["dummy_left"] == 9 and v["stock_left"] == 24 and v["deal_hand"] == "forehand"
    for i, d in enumerate(DUMMY):
        assert s.view(0)["dummy_card"] == d and s.view(0)["trick"] == i + 1
        s.play(0, s.view(0)["hand"][0])


def test_deal_zones_must_put_the_four_8s_in_the_stack():
    """DESIGN.md: "Deal zones: `eights` (4, top first), `stock` (44, ...)"."""
    bad = deal()
    bad["eights"][0], bad["stock"][0] = bad["stock"][0], bad["eights"][0]
    with pytest.raises(ValueError, match="eights"):
        new_game("hermits-whist", deal=bad)
    with pytest.raises(ValueError, match="deal"):
        new_game("hermits-whist", deal={"eights": EIGHT_IDS, "stock": CANONICAL[:43]})


# ---- gameplay -----------------------------------------------------------------


def test_dummy_turns_its_top_card_then_you_may_play_any_card():
    """"Flip over the top card of the dummy's hand; then, you may play any card from your
    hand.": no duty to follow suit."""
    s = game(YOU + DUMMY)
    assert s.view(0)["dummy_card"] == "12-suns"
    assert sorted(s.legal_moves(0)) == sorted(YOU + ["flip"])
    s.play(0, "3-waves")            # neither suns nor trump: legal, and it loses
    assert s.view(0)["tricks"] == [{"dummy": "12-suns", "card": "3-waves", "won": False}]
    with pytest.raises(IllegalMove, match="not in your hand"):
        s.play(0, "3-waves")
    with pytest.raises(IllegalMove, match="8's stack"):
        s.play(0, "8-suns")


def test_flip_before_playing_makes_the_next_8_trump_and_it_stays():
    """"Before playing your card, you have the option to flip over the next card in the 8's
    stack. That suit is now the trump, instead of the suit of the previous 8. The new trump
    determines whether you win this trick and remains in effect until you turn over another
    8 card."""
    s = game(YOU + DUMMY, eights=["8-leaves", "8-waves", "8-moons", "8-suns"])
    assert s.view(0)["trump"] == "leaves"
    s.play(0, "flip")
    v = s.view(0)
    assert v["trump"] == "waves" and v["stack"] == 2 and v["eights_turned"] == ["8-leaves", "8-waves"]
    assert v["dummy_card"] == "12-suns" and v["trick"] == 1   # still the same trick
    s.play(0, "1-waves")            # the lowest trump beats the dummy's 12 of Suns
    assert s.view(0)["tricks"][0]["won"] is True and s.view(0)["tricks_won"] == 1
    s.play(0, "2-waves")            # next trick: waves is still trump
    assert s.view(0)["trump"] == "waves" and s.view(0)["tricks_won"] == 2


def test_flip_through_the_stack_as_often_as_you_like():
    """"You can flip through the 8's stack as many times as you like before playing your
    card, until you get to the end of the 8's stack."""
    s = game(YOU + DUMMY, eights=["8-leaves", "8-waves", "8-moons", "8-suns"])
    trumps = []
    for _ in range(3):
        assert "flip" in s.legal_moves(0)
        s.play(0, "flip")
        trumps.append(s.view(0)["trump"])
    assert trumps == ["waves", "moons", None]
    assert "flip" not in s.legal_moves(0) and s.view(0)["stack"] == 0


def test_turning_the_last_8_leaves_no_trump_for_the_rest_of_the_game():
    """"If you turn over all the 8 cards so that there are no cards left in the 8's stack,
    then there is no trump for the remainder of the game." (the last 8's suit is never trump)"""
    s = game(ZERO, eights=["8-leaves", "8-waves", "8-moons", "8-suns"], wilds=[0] * 6)
    for _ in range(3):
        s.play(0, "flip")
    v = s.view(0)
    assert v["trump"] is None and v["eights_turned"][-1] == "8-suns" and v["stack"] == 0
    with pytest.raises(IllegalMove, match="no trump for the rest of the game"):
        s.play(0, "flip")
    play_hand(s)                    # into the aft hand: still no trump, no flip
    for _ in range(10):
        assert s.view(0)["trump"] is None and "flip" not in s.legal_moves(0)
        s.play(0, losing_move(s))
    assert s.round == 3 and s.view(0)["trump"] is None


def test_with_no_trump_the_highest_card_of_the_dummys_suit_wins():
    """"With no trump, the highest card that shares a suit with the dummy's card wins."""
    assert wins_trick("7-leaves", "9-leaves", None) is True
    assert wins_trick("7-leaves", "6-leaves", None) is False
    assert wins_trick("7-leaves", "12-moons", None) is False
    you = ["12-waves", "1-moons", "2-moons", "3-moons", "4-moons", "5-moons",
           "1-waves", "2-waves", "3-waves", "4-waves"]
    s = game(you + ["6-waves", "7-waves"] + DUMMY[2:], eights=["8-leaves", "8-waves", "8-moons", "8-suns"])
    for _ in range(3):
        s.play(0, "flip")
    s.play(0, "12-waves")           # the 12 of Waves on the dummy's 6 of Waves
    s.play(0, "4-waves")            # the 4 of Waves on the dummy's 7 of Waves
    s.play(0, "5-moons")            # no Suns to follow the dummy's 10 of Suns
    assert [t["won"] for t in s.view(0)["tricks"]] == [True, False, False]


@pytest.mark.parametrize("dummy,card,trump,won", [
    ("12-suns", "1-moons", "moons", True),    # you played a trump and the dummy did not
    ("3-moons", "4-moons", "moons", True),    # a higher trump than the dummy
    ("4-moons", "3-moons", "moons", False),   # a lower trump
    ("1-moons", "12-suns", "moons", False),   # the dummy trumped you
    ("1-moons", "12-moons", "suns", True),    # no trump played, followed suit higher
    ("9-moons", "2-moons", "suns", False),    # followed suit lower
    ("1-moons", "12-waves", "suns", False),   # did not follow suit, no trump
    ("1-moons", "12-waves", None, False),
])
def test_you_win_the_trick_in_the_three_scenarios_only(dummy, card, trump, won):
    """"You win the trick if one of the following scenarios applies: you played a trump and
    the dummy did not; you played a higher trump than the dummy, or no trump was played, but
    you followed suit with a higher card than the dummy. Otherwise, you lose the trick."""
    assert wins_trick(dummy, card, trump) is won


def test_the_8_stack_is_never_reset():
    """"The 8's stack is never reset for the rest of the game." / "Leave the 8's stack as it
    is." / "reshuffle the main deck but leave the 8's stack as it is."""
    s = game(ZERO, eights=["8-leaves", "8-waves", "8-moons", "8-suns"], wilds=[0] * 6)
    s.play(0, "flip")
    before = s.view(0)["eights_turned"]
    play_hand(s)
    play_hand(s)                     # past the reshuffle into hand 3
    v = s.view(0)
    assert s.round == 3 and v["eights_turned"] == before == ["8-leaves", "8-waves"]
    assert v["trump"] == "waves" and v["stack"] == 2


# ---- the end of a hand ---------------------------------------------------------


def test_after_ten_tricks_the_wild_card_matching_tricks_won_flips():
    """"If you won exactly as many tricks as the pip number on one of the face-up wild
    cards, flip over that wild card."""
    s = game(YOU + DUMMY, eights=["8-moons", "8-suns", "8-waves", "8-leaves"])
    # Moons are trump: your five Moons win against Suns and Leaves; the Waves lose.
    for c in YOU:
        s.play(0, c)
    v = s.view(0)
    assert v["last_hand"] == {"round": 1, "tricks_won": 5, "flipped": "wild-5"}
    assert [w["flipped"] for w in v["wilds"]] == [False] * 4 + [True, False]
    assert s.scores() == [1] and v["targets"] == [1, 2, 3, 4, 6] and s.round == 2


def test_several_matching_wild_cards_flip_only_one():
    """DESIGN.md: "duplicates allowed (a matching hand flips one of them)": the first in the row."""
    s = game(YOU + DUMMY, wilds=[4, 5, 5, 5, 1, 2])
    for c in YOU:
        s.play(0, c)
    assert [w["flipped"] for w in s.view(0)["wilds"]] == [False, True, False, False, False, False]
    assert s.view(0)["targets"] == [1, 2, 4, 5, 5]


def test_no_matching_wild_card_loses_the_game():
    """"If you cannot not flip over a wild card, you have lost." / "If you fail to flip over
    any wild card during a hand, you lose.": the game is over and nobody won."""
    s = game(YOU + DUMMY, wilds=[1, 2, 3, 4, 6, 7])
    for c in YOU:
        s.play(0, c)                 # 5 tricks: no wild card shows a 5
    assert s.is_over() and s.winners() == [] and s.scores() == [0]
    v = s.view(0)
    assert v["result"] == "lost" and v["phase"] == "over" and v["dummy_card"] is None
    assert v["last_hand"] == {"round": 1, "tricks_won": 5, "flipped": None}
    assert s.round == 1 and s.legal_moves(0) == [] and len(v["tricks"]) == 10
    with pytest.raises(IllegalMove, match="over"):
        s.play(0, "flip")


def test_aft_hand_is_dealt_from_the_rest_of_the_deck_without_reshuffling():
    """"Leave the 8's stack as it is. Use the remainder of the deck and deal again: Ten cards
    to yourself and ten to the dummy. (There will be four cards leftover. Set them aside
    without looking at them.)"""
    s = game(YOU + DUMMY, wilds=[5] * 6)
    stock = [IDS[c] for c in s.stock]
    for c in YOU:
        s.play(0, c)
    v = s.view(0)
    assert s.round == 2 and v["deal_hand"] == "aft" and v["trick"] == 1
    assert v["hand"] == sorted(stock[20:30], key=INDEX.get)
    assert v["dummy_card"] == stock[30] and v["stock_left"] == 4 and v["tricks_won"] == 0
    assert sorted(v["discards"]) == sorted(YOU + DUMMY)
    assert not set(stock[40:]) & set(strings_in(v))
    assert set(stock[40:]) <= s._secrets(0)


def test_after_the_aft_hand_the_main_deck_is_reshuffled():
    """"After completing the aft hand, reshuffle the main deck but leave the 8's stack as it
    is. Continue with another forehand."""
    s = game(ZERO, WAVES_FIRST, wilds=[0] * 6)
    first = s.stock
    play_hand(s)
    play_hand(s)
    v = s.view(0)
    assert s.round == 3 and v["deal_hand"] == "forehand" and v["deck_pass"] == 2
    assert sorted(s.stock) == sorted(MAIN_DECK) and s.stock != first
    assert v["discards"] == [] and v["stock_left"] == 24
    again = game(ZERO, WAVES_FIRST, wilds=[0] * 6)
    play_hand(again)
    play_hand(again)
    assert again.stock == s.stock    # later deals come from the game's own seeded RNG


def test_flipping_all_six_wild_cards_wins():
    """"Succeeding requires flipping over all six wild cards. If you can do that, you win
    the game.": winners [0], scores [6], after exactly six hands."""
    won = 0
    for seed in range(20):
        s = new_game("hermits-whist", seed=seed, options={"wilds": [0] * 6})
        while not s.is_over():
            s.play(0, trumpless_losing_move(s))
        if s.winners() == [0]:
            won += 1
            v = s.view(0)
            assert s.scores() == [6] and s.round == 6 and v["result"] == "won"
            assert v["targets"] == [] and v["last_hand"]["flipped"] == "wild-6"
        else:
            assert s.winners() == [] and s.scores()[0] < 6
    assert won >= 15         # 19 of these 20 deals are won this way


def test_round_is_the_hand_number():
    """DESIGN.md: "`round` is the hand number (1, 2, 3, ...)"."""
    s = game(ZERO, WAVES_FIRST, wilds=[0] * 6)
    for r in (1, 2, 3):
        assert s.round == r == s.view(0)["round"]
        assert s.view(0)["deal_hand"] == ("forehand" if r % 2 else "aft")
        assert s.view(0)["deck_pass"] == (r + 1) // 2
        if r < 3:
            play_hand(s)
            assert s.view(0)["last_hand"] == {"round": r, "tricks_won": 0, "flipped": f"wild-{r}"}


# ---- hidden information ---------------------------------------------------------


def test_view_hides_the_dummys_facedown_cards_and_the_rest_of_the_deck():
    """"ten facedown to the dummy player" / the four set aside "without looking at them":
    the view names none of them, nor the order of the 8's stack below its top."""
    s = game(YOU + DUMMY)
    secrets = s._secrets(0)
    assert set(DUMMY[1:]) <= secrets and DUMMY[0] not in secrets and not set(YOU) & secrets
    assert len(secrets) == 9 + 24 + 3
    assert {"8-suns", "8-waves", "8-leaves"} <= secrets
    assert not secrets & set(strings_in(s.view(0)))


def test_determinize_resamples_only_what_you_have_not_seen():
    """The dummy's face-down cards, the undealt deck and the face-down 8s are resampled; your
    hand, the turned cards and the view stay."""
    s = game(YOU + DUMMY, wilds=[5] * 6)
    s.play(0, "1-moons")
    nexts, eights = set(), set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert d.view(0) == s.view(0) and d.legal_moves(0) == s.legal_moves(0)
        assert d.stock[:12] == s.stock[:12] and sorted(d.stock) == sorted(s.stock)
        assert d.eights[0] == s.eights[0]
        nexts.add(d.stock[12])
        eights.add(d.eights)
        d.play(0, "2-moons")
        assert d.view(0)["dummy_card"] in {IDS[c] for c in s.stock[12:]}
    assert len(nexts) > 5 and len(eights) > 1


# ---- properties ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 2**32), wilds=st.lists(
    st.integers(0, 10), min_size=6, max_size=6))
def test_property_hands_have_ten_tricks_and_the_stack_never_grows(seed, moves, wilds):
    """"continue until you have resolved the tricks and depleted both hands": every hand has
    exactly ten tricks; the 8's stack only shrinks; once empty there is never a trump again;
    the score only grows; the game ends within six hands; the cards of a pass stay the 44."""
    s = new_game("hermits-whist", seed=seed, options={"wilds": wilds})
    rng = random.Random(moves)
    stack, score, trumpless, hands = 3, 0, False, 0
    while not s.is_over():
        v = s.view(0)
        assert v["stack"] <= stack and v["wilds_flipped"] >= score
        assert not (trumpless and v["trump"] is not None)
        assert len(v["hand"]) + len(v["tricks"]) == 10 and v["tricks_won"] <= len(v["tricks"])
        stack, score, trumpless = v["stack"], v["wilds_flipped"], v["stack"] == 0
        known = set(v["hand"]) | {t["card"] for t in v["tricks"]} | {t["dummy"] for t in v["tricks"]}
        known |= {v["dummy_card"]} | set(v["discards"])
        hidden = s._secrets(0) - set(EIGHT_IDS)
        assert known.isdisjoint(hidden) and known | hidden == set(CANONICAL)
        r, played = s.round, len(v["tricks"])
        moves_now = s.legal_moves(0)
        move = moves_now[rng.randrange(len(moves_now))]
        s.play(0, move)
        if s.round != r or s.is_over():
            assert played == 9 and move != "flip"   # the hand ended on its tenth trick
            hands += 1
            assert s.view(0)["last_hand"]["round"] == r
            if not s.is_over():
                assert s.view(0)["tricks"] == []
    v = s.view(0)
    assert len(v["tricks"]) == 10 and hands == s.round <= 6
    assert s.winners() == ([0] if s.scores() == [6] else [])
