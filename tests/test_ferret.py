"""Ferret (rules/ferret.txt): one test per rule, named after it, quoting the text.

Positions are built with the ``deal`` argument and legal moves only.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import IllegalMove, new_game
from game.core import randbelow
from game.decktet import CARDS, DECK, IDS, INDEX, SUIT_INDEX
from game.rules.ferret import GameState, destination
from game.rules.ferret_sets import (NAT, arrangements, choices, final_scoring, form, readings, score_step, set_options,
                                    notation, valid_reading, waves)

K, WY, L = (SUIT_INDEX[s] for s in ("knots", "wyrms", "leaves"))


def ix(*ids: str) -> list[int]:
    return [INDEX[c] for c in ids]


def game(hand0, hand1, pool, dealer=1, stock_top=()):
    """A game dealt as given (dealer 1: seat 0 moves first); the stock is the rest, in deck order."""
    used = set(hand0) | set(hand1) | set(pool) | set(stock_top)
    stock = list(stock_top) + [IDS[c] for c in DECK if IDS[c] not in used]
    return new_game("ferret", options={"dealer": dealer},
                    deal={"hands": [list(hand0), list(hand1)], "pool": list(pool), "stock": stock})


def play(s, *moves):
    """Play moves, each by the seat to move."""
    for m in moves:
        s.play(s.to_move()[0], m)
    return s


def all_cards(s: GameState) -> list[int]:
    return (s.hands[0] + s.hands[1] + s.pool + s.tableaux[0] + s.tableaux[1]
            + s.piles[0] + s.piles[1] + s.stock)


def formed(s, i=-1):
    return s.view(0)["sets"][i]


# ---- set-up and turns ------------------------------------------------------------


def test_deal_five_each_three_to_pool_non_dealer_plays_first():
    """"Deal each player a 5 card hand and then flip over the next 3 cards to form the Pool
    between the two players. The non-Dealer plays first." """
    for seed in range(12):
        s = new_game("ferret", seed=seed)
        v = s.view(0)
        assert v["hand_sizes"] == [5, 5] and len(v["pool"]) == 3 and v["stock"] == 23
        assert s.to_move() == [1 - s.dealer] and v["turn"] == 1 - v["dealer"]
        assert sorted(all_cards(s)) == list(DECK)
    assert {new_game("ferret", seed=k).dealer for k in range(12)} == {0, 1}, "dealer drawn from the seed"
    assert new_game("ferret", options={"dealer": 0}).to_move() == [1]
    assert new_game("ferret", options={"dealer": 1}).to_move() == [0]


def test_deal_zones_are_hands_pool_stock_top_first():
    s = game(["author", "desert", "origin", "journey", "painter"],
             ["savage", "battle", "mountain", "sailor", "discovery"],
             ["forest", "soldier", "lunatic"], stock_top=["market"])
    assert s.view(0)["hand"] == ["author", "desert", "origin", "journey", "painter"]
    assert s.view(0)["pool"] == ["forest", "soldier", "lunatic"]
    play(s, "author > lunatic")  # Author (Moons, Knots) pays for the Lunatic (Waves): tableau, draw
    assert "market" in s.view(0)["hand"], "the stock is listed top card first"
    with pytest.raises(ValueError, match="deal"):
        new_game("ferret", deal={"hands": [[], []], "pool": [], "stock": []})


def test_play_a_card_or_pass():
    """"Each turn, the active player may play a card or pass." """
    s = new_game("ferret", seed=3)
    seat = s.to_move()[0]
    moves = s.legal_moves(seat)
    assert "pass" in moves
    assert len(moves) == 5 * 3 + 1  # every hand card onto every pool card, or pass
    play(s, "pass")
    assert s.to_move() == [1 - seat] and s.view(0)["passes"] == 1


# ---- ferreting ---------------------------------------------------------------------


PENITENT_DEAL = (["penitent", "ace-moons", "ace-suns", "ace-waves", "ace-leaves"],
                 ["ace-wyrms", "ace-knots", "huntress", "bard", "sea"],
                 ["soldier", "lunatic", "sailor"])


@pytest.mark.parametrize("target,where", [("lunatic", "tableau"), ("sailor", "tableau"), ("soldier", "hand")])
def test_worked_example_penitent_against_soldier_lunatic_sailor(target, where):
    """"The active player plays The Penitent. With this card, the player may take either
    The Lunatic (b/c of the moons/wyrms antipathy) or The Sailor (b/c of the suns/leaves
    antipathy) into his tableau. The player may also choose to take The Soldier into his
    hand (b/c of the lack of antipathy). The Penitent is then placed in the pool in the
    target card's place. If he took The Soldier into his hand, his turn ends. If one of the
    other cards was ferreted into his tableau, the top card of the draw pile is added to
    his hand and play then passes to his opponent." """
    s = game(*PENITENT_DEAL, stock_top=["end"])
    assert destination("penitent", target) == where
    slot = s.pool.index(INDEX[target])
    play(s, f"penitent > {target}")
    v = s.view(0)
    assert v["pool"][slot] == "penitent" and target not in v["pool"]
    assert s.to_move() == [1]
    assert v["hand_sizes"] == [5, 5]
    if where == "tableau":
        assert v["tableaux"][0] == [target]
        assert "end" in v["hand"] and v["stock"] == 22
    else:
        assert target in v["hand"] and v["tableaux"][0] == [] and v["stock"] == 23
    assert v["last"] == {"seat": 0, "card": "penitent", "target": target, "source": "pool",
                         "destination": where}


def test_antipathy_decides_tableau_or_hand():
    """"In order to get a card into one's tableau, a player must "pay" for it with a card
    having it's antipathetic suit. [...] if you wish to draw a card into your hand, a card
    with no antipathetic suit corresponding to the target card must be played." """
    pairs = {"moons": "wyrms", "suns": "leaves", "waves": "knots"}
    pairs.update({b: a for a, b in list(pairs.items())})
    from game.decktet import CARDS
    for c in CARDS:
        for t in CARDS:
            if c is t:
                continue
            anti = any(pairs[a] == b for a in c.suits for b in t.suits)
            assert destination(c.id, t.id) == ("tableau" if anti else "hand")


def test_ferreting_from_the_opponents_tableau():
    """"If there is a card in your opponent's tableau that you want, it may be ferreted in
    the same manner [...] In either case, the target card in the opponent's tableau is
    replaced with the card from your hand. If the target card enters your tableau, you draw
    the top card from the draw pile." """
    s = game(["lunatic", "ace-moons", "ace-suns", "ace-waves", "ace-leaves"],
             ["journey", "desert", "huntress", "bard", "sea"], ["market", "soldier", "forest"])
    play(s, "lunatic > market")          # seat 0: the Lunatic's Waves pay for the Market's Knots
    assert s.view(1)["tableaux"][0] == ["market"]
    play(s, "journey > market")          # seat 1 ferrets it from seat 0's tableau the same way
    v = s.view(1)
    assert v["tableaux"] == [["journey"], ["market"]], "the Journey takes the Market's place"
    assert v["hand_sizes"] == [5, 5] and v["stock"] == 21 and s.to_move() == [0]
    play(s, "ace-moons > market")        # Moons: no antipathy with Leaves or Knots: to the hand
    v = s.view(1)
    assert v["tableaux"] == [["journey"], ["ace-moons"]] and v["known_hands"][0] == ["market"]
    assert v["stock"] == 21 and v["hand_sizes"] == [5, 5] and s.to_move() == [1]


def test_targets_are_pool_or_opponents_unscored_tableau_cards():
    """"Scored cards are out of play for the rest of the game and cannot be ferreted." and
    targets are cards in the Pool or in the opponent's tableau (never your own)."""
    s = _castle_position(knots_in_tableau=True)
    scored = s.piles[1]
    assert scored
    for m in s.legal_moves(s.to_move()[0]):
        if m != "pass":
            assert INDEX[m.split()[2]] not in scored
    seat = s.to_move()[0]
    card = IDS[s.hands[seat][0]]
    with pytest.raises(IllegalMove, match="scored"):
        s.play(seat, f"{card} > {IDS[scored[0]]}")
    if s.tableaux[seat]:
        with pytest.raises(IllegalMove, match="own tableau"):
            s.play(seat, f"{card} > {IDS[s.tableaux[seat][0]]}")
    with pytest.raises(IllegalMove, match="not in your hand"):
        s.play(seat, f"{IDS[s.hands[1 - seat][0]]} > {IDS[s.pool[0]]}")


# ---- sets and layoffs (the Castle) ------------------------------------------------


def _castle_position(knots_in_tableau: bool) -> GameState:
    """Seat 1 scores The Mountain - The Discovery - The Penitent (4-5-6 of Suns); The Castle
    reaches the pool; seat 0 holds the Market and the Betrayal in his tableau or not."""
    s = game(["lunatic", "journey", "sailor", "ace-moons", "ace-suns"],
             ["market", "betrayal", "forest", "castle", "ace-waves"],
             ["mountain", "discovery", "penitent"], dealer=0)
    if knots_in_tableau:
        play(s, "market > mountain", "lunatic > market", "betrayal > discovery",
             "journey > betrayal", "forest > penitent", "pass", "castle > lunatic")
        assert s.view(0)["tableaux"][0] == ["market", "betrayal"]
    else:
        play(s, "market > mountain", "pass", "betrayal > discovery", "pass",
             "forest > penitent", "pass", "castle > market")
        assert s.view(0)["tableaux"][0] == []
    v = s.view(0)
    assert v["sets"][0]["owner"] == 1 and v["sets"][0]["cards"] == ["mountain", "discovery", "penitent"]
    assert "castle" in v["pool"] and s.to_move() == [0]
    return s


def test_set_forms_and_scores_at_once():
    """"A set is simply 3 cards in rank order which share a common suit. When a set is
    formed, it is immediately deemed to be complete and is scored." """
    s = _castle_position(knots_in_tableau=False)
    st0 = formed(s, 0)
    assert st0["suit"] == "suns" and st0["values"] == [4, 5, 6]
    assert s.view(0)["score_piles"][1] == ["mountain", "discovery", "penitent"]
    assert s.scores() == [0, 3]


def test_worked_example_castle_lays_off_to_the_sun_set():
    """"Your opponent has this set in his score pile: The Mountain - The Discovery - The
    Penitent, which is a 4-5-6 in Suns. The Castle is in the Pool [...] If you make a play to
    get The Castle into your tableau, it will score as a layoff" and "Cards scored as
    layoffs are always added to the score pile of the player who had the layoff card in
    his tableau." """
    s = _castle_position(knots_in_tableau=False)
    play(s, "sailor > castle")  # Sailor's Waves and Leaves pay for the Castle's Knots and Suns
    sun = formed(s, 0)
    assert sun["low"] == 4 and sun["high"] == 7
    assert sun["layoffs"] == [{"card": "castle", "seat": 0}]
    assert s.view(0)["score_piles"][0] == ["castle"] and s.scores() == [1, 3]
    assert s.view(0)["tableaux"][0] == []


def test_worked_example_castle_completes_knot_set_instead():
    """"[...] it will score as a layoff unless you have 2 Knot cards in your tableau with
    which to form a complete set (any 2 of The Market, The Betrayal, the Ace of Knots or The
    Windfall). Scoring the Knot set would override laying off The Castle to the 4-5-6 Sun set
    in this case." (the exception: "if you ferret a card into your tableau to complete a set
    when the two other cards are already in place") """
    s = _castle_position(knots_in_tableau=True)
    play(s, "sailor > castle")
    knots = formed(s)
    assert knots["owner"] == 0 and knots["suit"] == "knots"
    assert knots["cards"] == ["market", "castle", "betrayal"] and knots["values"] == [6, 7, 8]
    assert formed(s, 0)["layoffs"] == [] and formed(s, 0)["high"] == 6
    assert s.scores() == [3, 3]


@pytest.mark.parametrize("pair,expected", [
    (("market", "betrayal"), ["set market castle betrayal"]),
    (("ace-knots", "market"), ["set ace-knots market castle", "set market castle ace-knots"]),
    (("betrayal", "windfall"), ["set windfall castle betrayal", "set castle betrayal windfall"]),
    (("ace-knots", "windfall"), ["set ace-knots windfall castle", "set ace-knots castle windfall",
                                 "set castle ace-knots windfall"]),
])
def test_worked_example_castle_any_two_knots(pair, expected):
    """"any 2 of The Market, The Betrayal, the Ace of Knots or The Windfall" complete a Knot
    set with The Castle; with wilds there can be several different sets to choose from."""
    assert choices(list(pair), "castle") == expected


def test_layoffs_are_forced_even_from_the_opponents_tableau():
    """"If a card is in your tableau, it must be played as a layoff the moment a set is
    created with which it could meld. This means that when your opponent scores a trio of
    cards to form a set, it may affect your tableau by causing a card to score that you may
    have been hoping to use in a set of your own!" """
    # seat 0 holds the Painter (3 of Suns); seat 1 then forms 4-5-6 of Suns.
    s = game(["lunatic", "journey", "sailor", "ace-moons", "ace-suns"],
             ["market", "betrayal", "forest", "castle", "ace-waves"],
             ["mountain", "discovery", "penitent"], dealer=0)
    play(s, "market > mountain", "pass", "betrayal > discovery", "pass",
         "castle > market", "sailor > castle")  # the Castle to seat 0 (no set yet: no layoff)
    assert s.view(0)["tableaux"][0] == ["castle"] and s.view(0)["sets"] == []
    play(s, "forest > penitent")          # seat 1 forms 4-5-6 Suns: seat 0's Castle is laid off
    v = s.view(0)
    assert v["tableaux"][0] == [] and v["score_piles"][0] == ["castle"]
    assert v["sets"][0]["high"] == 7 and s.scores() == [1, 3]


def test_layoffs_come_in_waves():
    """"Layoffs continue a set in rank order in both directions until they reach the Ace (low
    end) or the crown (high end)." Forced layoffs repeat until no card fits."""
    tabs = [ix("castle", "ace-knots"), ix("betrayal", "merchant", "windfall", "author")]
    sets = [(1, K, 4, 4, 6, tuple(ix("battle", "soldier", "market")), ())]
    piles = [[], ix("battle", "soldier", "market")]
    assert waves(tabs, sets, piles)
    lo, hi = sets[0][3], sets[0][4]
    assert (lo, hi) == (4, 10), "7, then 8, then 9, then the Crown at its natural 10"
    assert [IDS[c] for c, _ in sets[0][6]] == ["castle", "betrayal", "merchant", "windfall"]
    assert piles[0] == ix("castle") and tabs[0] == ix("ace-knots")  # the Ace cannot reach 3
    assert tabs[1] == ix("author"), "the Author (2) waits for a 3 of Knots"
    assert not waves(tabs, sets, piles)


def test_layoff_to_two_sets_belongs_to_both():
    """"In the unusual case that a layoff could be played to 2 different sets, it is
    considered to belong to both sets for the purpose of additional future layoffs." """
    knots = (0, K, 6, 6, 8, tuple(ix("market", "castle", "betrayal")), ())
    wyrms = (1, WY, 2, 2, 4, tuple(ix("desert", "savage", "battle")), ())
    tabs = [ix("soldier"), ix("penitent")]  # Soldier: 5 of Wyrms and Knots; Penitent: 6 of Wyrms
    sets = [knots, wyrms]
    piles = [[], []]
    waves(tabs, sets, piles)
    assert sets[0][3] == 5 and sets[1][4] == 6, "the Soldier extends both; the Penitent follows on Wyrms"
    assert sets[0][6] == ((INDEX["soldier"], 0),)
    assert sets[1][6] == ((INDEX["soldier"], 0), (INDEX["penitent"], 1))
    assert piles == [ix("soldier"), ix("penitent")], "one card, scored once, for its tableau's owner"


def test_laid_off_card_joins_no_set_later():
    """A laid-off card belongs to the sets it extended when it was laid off, and no other:
    the Soldier fits the Wyrm set at once and is gone before the Knot set reaches 6."""
    wyrms = (0, WY, 2, 2, 4, tuple(ix("desert", "savage", "battle")), ())
    knots = (0, K, 7, 7, 9, tuple(ix("castle", "betrayal", "merchant")), ())
    tabs = [ix("soldier", "market"), []]
    sets = [wyrms, knots]
    piles = [[], []]
    waves(tabs, sets, piles)
    assert [c for c, _ in sets[0][6]] == ix("soldier")
    assert [c for c, _ in sets[1][6]] == ix("market") and sets[1][3] == 6


def test_ace_or_crown_lays_off_only_at_natural_value():
    """"An Ace or Crown may only be played as a layoff if it can fit into a set as its
    natural value." """
    tabs = [ix("ace-knots", "windfall"), []]
    sets = [(0, K, 4, 4, 6, tuple(ix("battle", "soldier", "market")), ())]
    assert not waves(tabs, sets, [[], []])
    low = [(0, K, 2, 2, 4, tuple(ix("author", "painter", "battle")), ())]
    high = [(0, K, 7, 7, 9, tuple(ix("castle", "betrayal", "merchant")), ())]
    for sets, card in ((low, "ace-knots"), (high, "windfall")):
        tabs = [ix("ace-knots", "windfall"), []]
        waves(tabs, sets, [[], []])
        assert sets[0][6] == ((INDEX[card], 0),)


# ---- Aces and Crowns ----------------------------------------------------------------


def test_aces_and_crowns_wild_in_own_suit():
    """"Aces and Crowns may be used as wild cards to help form sets in their own suit." """
    assert choices(["ace-knots", "market"], "castle") == ["set ace-knots market castle",
                                                          "set market castle ace-knots"]
    assert choices(["ace-moons", "market"], "castle") == [], "the Ace of Moons is no Knot"
    assert choices(["huntress", "market"], "castle") == [], "nor is the Crown of Moons"


def test_wilds_read_natural_where_their_value_can_occur():
    """"Normally, Aces are below 2s and Crowns are above 9s, so they must be used as naturals
    if they are used in a set where their value could occur. [...] a set formed of A-2-crown
    would be read as an A-2-3 run. Similarly, a 9-crown-A set must be read as an 8-9-crown." """
    assert choices(["ace-knots", "author"], "windfall") == ["set ace-knots author windfall"]
    assert choices(["ace-knots", "windfall"], "author") == ["set ace-knots author windfall"]
    assert choices(["ace-wyrms", "darkness"], "calamity") == ["set ace-wyrms darkness calamity"]
    assert choices(["calamity", "darkness"], "ace-wyrms") == ["set ace-wyrms darkness calamity"]
    # the Ace next to a 3 reads 1 with the Crown as 2; never 3-4-5 or 2-3-4
    assert choices(["ace-knots", "windfall"], "painter") == ["set ace-knots windfall painter"]
    assert not valid_reading(K, 2, tuple(ix("author", "ace-knots", "windfall")))


def test_no_wraparound():
    """"Wraparound sets aren't allowed" """
    assert not valid_reading(K, 9, tuple(ix("merchant", "windfall", "ace-knots")))
    ace, crown = INDEX["ace-knots"], INDEX["windfall"]
    for s, base, cards in readings(set(DECK)):
        assert 1 <= base <= 8
        if ace in cards and crown in cards:
            assert cards.index(ace) < cards.index(crown), "a Crown never reads just below an Ace"


def test_both_wilds_list_the_ace_in_the_lower_wild_slot():
    """DESIGN: "when a set holds both the Ace and the Crown of its suit as wilds, the Ace is
    listed in the lower wild slot" (one set, not two)."""
    assert choices(["ace-knots", "windfall"], "soldier") == [
        "set ace-knots windfall soldier", "set ace-knots soldier windfall", "set soldier ace-knots windfall"]


def test_wild_may_fill_a_slot_whose_natural_card_is_held():
    """"Aces and Crowns may be used as wild cards to help form sets in their own suit": the
    text has no rule that a slot must use its natural card.  Holding the Soldier (5 of
    Knots), the Ace of Knots, the Market (6) and the Castle (7), final scoring may read the
    Ace as the 5 in Ace-Market-Castle and keep the Soldier for another set."""
    held = [INDEX[c] for c in ("soldier", "ace-knots", "market", "castle")]
    readings_found = {notation(r[2]) for a in arrangements(held) for r in a}
    assert "set ace-knots market castle" in readings_found


def test_final_scoring_weighs_a_wild_in_a_held_natural_slot():
    """"Aces and Crowns may be used as wild cards to help form sets in their own suit", and
    final scoring takes "the arrangement ... that gives him the highest final score".
    Seat 0 holds the Crown of Knots, the Castle (7), the Betrayal (8 of Knots and Wyrms),
    the Merchant (9) and the Darkness (9 of Wyrms).  Reading the Crown as the 8 (Castle,
    Crown, Merchant) keeps the Betrayal back; seat 1 then forms Soldier, Ace of Wyrms, Cave
    (5-6-7 of Wyrms) and the Betrayal and the Darkness lay off onto it: 5 cards.  Forcing
    the natural Betrayal into the Knot set scores only 4."""
    ids = lambda *a: [INDEX[c] for c in a]  # noqa: E731
    tab = ids("windfall", "merchant", "savage")
    hands = [ids("darkness", "discovery", "lunatic", "betrayal", "castle"),
             ids("soldier", "cave", "chance-meeting", "mountain", "ace-wyrms")]
    tabs, sets, piles = final_scoring(([tab, []], [], [[], []]), hands, 0)
    assert sorted(IDS[c] for c in piles[0]) == sorted(["castle", "windfall", "merchant", "betrayal", "darkness"])
    assert notation(sets[0][5]) == "set castle windfall merchant"
    assert len(piles[1]) == 3


def test_two_suited_card_can_complete_a_set_in_either_suit():
    """Different suits make different sets: the Soldier (Wyrms and Knots) completes 4-5-6 of
    Knots or 3-4-5 of Wyrms; the tableau's owner chooses."""
    assert choices(["battle", "market", "savage"], "soldier") == ["set savage battle soldier",
                                                                 "set battle soldier market"]


def test_every_set_has_one_suit():
    """No three cards of the deck read as a set in two suits (so `set` notation is enough)."""
    from itertools import combinations
    for t in combinations(DECK, 3):
        assert len({r[0] for r in readings(set(t))}) <= 1


# ---- the set choice ------------------------------------------------------------------


def _ace_market_castle() -> GameState:
    s = game(["journey", "lunatic", "sailor", "huntress", "bard"],
             ["ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-wyrms"],
             ["ace-knots", "market", "castle"], stock_top=["sea"])
    play(s, "journey > ace-knots", "pass", "lunatic > market", "pass")
    assert s.view(0)["tableaux"][0] == ["ace-knots", "market"]
    return s


def test_set_choice_move_when_several_sets_are_possible():
    """DESIGN: "When the entering card could complete more than one different set, the owner of
    that tableau chooses next with `set <card> <card> <card>` [...] (e.g. `set ace-knots
    market castle` reads the Ace as 5)"; the draw comes after the choice."""
    s = _ace_market_castle()
    play(s, "sailor > castle")
    v = s.view(1)
    assert s.to_move() == [0] and v["phase"] == "set" and v["chooser"] == 0
    assert s.legal_moves(0) == ["set ace-knots market castle", "set market castle ace-knots"]
    assert v["set_options"] == [["ace-knots", "market", "castle"], ["market", "castle", "ace-knots"]]
    assert v["hand_sizes"] == [4, 5], "no draw before the set is chosen"
    with pytest.raises(IllegalMove, match="choose which set"):
        s.play(0, "pass")
    with pytest.raises(IllegalMove, match="not one of the sets"):
        s.play(0, "set castle market ace-knots")
    play(s, "set ace-knots market castle")
    st0 = formed(s)
    assert st0["values"] == [5, 6, 7] and st0["cards"] == ["ace-knots", "market", "castle"]
    v = s.view(0)
    assert v["phase"] == "play" and v["chooser"] is None and s.to_move() == [1]
    assert v["hand_sizes"] == [5, 5] and "sea" in v["hand"] and s.scores() == [3, 0]
    assert v["last"]["card"] == "sailor" and v["last"]["destination"] == "tableau"


def test_single_possible_set_forms_by_itself():
    """DESIGN: "with only one possible set it forms by itself" and "A formable set is always
    formed." """
    s = _castle_position(knots_in_tableau=True)
    play(s, "sailor > castle")
    assert s.view(0)["phase"] == "play" and s.to_move() == [1] and len(s.sets) == 2
    with pytest.raises(IllegalMove, match="no set choice"):
        s.play(1, "set market castle betrayal")


def test_card_left_in_opponents_tableau_completes_his_set_mover_chooses_first():
    """DESIGN: "Sets form the moment a card enters a tableau, including the card you leave in
    the opponent's tableau in place of a target (that set is his)"; "Order within a turn: the
    set in the mover's tableau (his choice if several), then the set in the opponent's tableau
    (his choice), then forced layoffs from both tableaux, then the mover's draw." """
    s = game(["author", "painter", "sea", "castle", "huntress"],
             ["journey", "mill", "battle", "bard", "calamity"],
             ["ace-knots", "cave", "market"])
    play(s, "author > cave", "journey > ace-knots", "pass", "mill > market",
         "painter > mill", "pass", "sea > journey", "battle > sea")
    v = s.view(0)
    assert v["tableaux"] == [["cave", "mill"], ["ace-knots", "market", "sea"]]
    play(s, "castle > sea")  # the Sea to seat 0's tableau, the Castle into seat 1's
    assert s.to_move() == [0] and s.view(0)["chooser"] == 0
    assert s.legal_moves(0) == ["set sea cave mill", "set cave mill sea"]
    play(s, "set cave mill sea")
    assert s.to_move() == [1] and s.view(1)["chooser"] == 1
    assert s.legal_moves(1) == ["set ace-knots market castle", "set market castle ace-knots"]
    assert s.view(0)["hand_sizes"][0] == 4, "the mover draws only after both sets"
    play(s, "set market castle ace-knots")
    v = s.view(0)
    assert [(x["owner"], x["values"]) for x in v["sets"]] == [(0, [7, 8, 9]), (1, [6, 7, 8])]
    assert s.scores() == [3, 3] and v["hand_sizes"] == [5, 5] and s.to_move() == [1]


# ---- game end and final scoring ---------------------------------------------------


def test_game_ends_when_the_last_card_is_drawn():
    """"The game ends immediately when the last card is taken from the draw pile" and "When
    the game ends by depleting the draw pile, the player who did not draw the last card scores
    his cards first." """
    for seed in range(6):
        s = new_game("ferret", seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            moves = [m for m in s.legal_moves(seat) if m != "pass"]
            before = len(s.stock)
            s.play(seat, moves[randbelow(rng, len(moves))])
            if s.is_over():
                assert before == 1 and not s.stock
                v = s.view(0)
                assert v["ended_by"] == "stock" and v["first_scorer"] == 1 - s.turn
                assert v["phase"] == "over" and v["hand_sizes"] == [0, 0]
            else:
                assert s.stock


def test_game_ends_after_two_passes_in_succession():
    """"The game ends [...] if both players pass in succession." and "If the game ends by
    consecutive passes, the first player to pass scores first." """
    s = game(*PENITENT_DEAL)
    play(s, "pass", "ace-wyrms > lunatic", "pass")
    assert not s.is_over(), "a play between passes resets the count"
    play(s, "pass")
    assert s.is_over() and s.view(1)["ended_by"] == "passes" and s.view(1)["first_scorer"] == 0
    assert s.legal_moves(0) == s.legal_moves(1) == []


def test_final_scoring_order_and_first_players_last_layoffs():
    """"For final scoring, the 5 cards from his hand are placed in his tableau in order to make
    sets. Any cards in his opponent's tableau which could be scored as layoffs after he forms
    sets are scored as usual. [...] After the first player has scored his cards, the second
    player scores his hand. When he is finished, the first player may now add any singles as
    layoffs to any new sets that were formed" """
    s = game(["painter", "battle", "soldier", "lunatic", "bard"],
             ["journey", "mountain", "forest", "market", "sea"], ["ace-moons", "ace-suns", "ace-waves"])
    play(s, "pass", "pass")  # seat 0 passed first: he scores first
    v = s.view(0)
    first, second = v["sets"]
    assert (first["owner"], first["cards"]) == (0, ["painter", "battle", "soldier"]) and first["final"]
    assert (second["owner"], second["cards"]) == (1, ["journey", "mountain", "forest"])
    assert first["layoffs"] == [{"card": "market", "seat": 1}], "the second player's Market on the Knots"
    assert second["layoffs"] == [{"card": "lunatic", "seat": 0}], "the first player's last layoff"
    assert s.scores() == [4, 4] and s.winners() == [0, 1]
    assert v["tableaux"] == [["bard"], ["sea"]]
    assert v["pool"] == ["ace-moons", "ace-suns", "ace-waves"], "the Pool remains, unavailable"


def test_final_arrangement_gives_the_highest_score():
    """DESIGN: "each player takes the arrangement of his hand and tableau that gives him the
    highest final score": the End as a wild 1 (or 5) with the Origin and the Savage, the
    fourth card laid off, beats the natural 2-3-4 (3 cards)."""
    held = ix("end", "origin", "savage", "sailor")
    arrs = arrangements(held)
    assert ((L, 2, tuple(ix("origin", "savage", "sailor"))),) in arrs
    board = ([[], []], [], [[], []])
    tabs, sets, piles = final_scoring(board, [held, ix("author")], 0)
    assert len(piles[0]) == 4 and tabs[0] == []


def test_first_player_arrangement_counts_his_final_score_after_the_reply():
    """DESIGN: "the arrangement [...] that gives him the highest final score": the first
    player's final score includes what happens after the second player scores.  Reading the
    Ace and Crown of Leaves as 5-6 beside the Sailor lets the second player's Chance Meeting
    (7) extend the set, and then the first player's Mill (8) follows as a forced layoff."""
    s = game(["end", "darkness", "ace-leaves", "sailor", "mill"],
             ["desert", "origin", "castle", "chance-meeting", "ace-waves"], ["ace-moons", "ace-suns", "ace-knots"])
    play(s, "pass", "pass")
    (leaves,) = s.view(0)["sets"]
    assert leaves["cards"] == ["sailor", "ace-leaves", "end"] and leaves["values"] == [4, 5, 6]
    assert leaves["layoffs"] == [{"card": "chance-meeting", "seat": 1}, {"card": "mill", "seat": 0}]
    assert s.scores() == [4, 1]


def test_final_arrangement_tie_leaves_the_opponent_lowest():
    """DESIGN: "and on a tie the one that leaves the opponent lowest": 3-4-5 with the End as 5
    (Origin laid off) scores 4 like End-as-1 (Sailor laid off), but leaves no 5 for the
    opponent's Forest."""
    board = ([[], ix("forest")], [], [[], []])
    tabs, sets, piles = final_scoring(board, [ix("end", "origin", "savage", "sailor"), []], 0)
    assert len(piles[0]) == 4 and piles[1] == []
    assert sets[0][5] == tuple(ix("savage", "sailor", "end")) and tabs[1] == ix("forest")
    # the other 4-point arrangement would have fed the Forest (a check of the set-up)
    alt = score_step(([[], ix("forest")], [], [[], []]), 0, ix("end", "origin", "savage", "sailor"),
                     ((L, 1, tuple(ix("end", "origin", "savage"))),))
    assert len(alt[2][0]) == 4 and alt[2][1] == ix("forest")


def test_formable_set_is_always_formed_at_final_scoring():
    """DESIGN: "A formable set is always formed": every arrangement is maximal."""
    held = ix("author", "painter", "battle", "soldier", "market", "castle")
    for arr in arrangements(held):
        used = {c for r in arr for c in r[2]}
        rest = [c for c in held if c not in used]
        assert readings(set(rest)) == []
    assert arrangements(ix("huntress", "bard")) == [()]


def test_most_cards_in_score_pile_wins_tie_shared():
    """"The player with the highest number of cards in his score pile wins. If the game ends in
    a draw, play another game to resolve it or rejoice in your shared victory." """
    s = game(*PENITENT_DEAL)
    play(s, "pass", "pass")
    assert s.scores() == [0, 0] and s.winners() == [0, 1]
    s = _castle_position(knots_in_tableau=False)
    play(s, "pass", "pass")
    assert s.scores()[1] > s.scores()[0] and s.winners() == [1]


# ---- information ---------------------------------------------------------------------


def test_cards_ferreted_into_hand_are_public_the_rest_hidden():
    """DESIGN: "Cards openly ferreted into a hand are public; the stock and the rest of the
    hand are not." """
    s = game(*PENITENT_DEAL)
    play(s, "penitent > soldier")
    v1 = s.view(1)
    assert v1["known_hands"][0] == ["soldier"] and v1["hand_sizes"][0] == 5
    secrets = s._secrets(1)
    assert "soldier" not in secrets and {"ace-moons", "ace-suns"} <= secrets
    assert set(IDS[c] for c in s.stock) <= secrets
    for k in range(5):
        d = s.determinize(1, random.Random(k))
        assert INDEX["soldier"] in d.hands[0] and d.view(1) == v1
    play(s, "ace-wyrms > lunatic", "soldier > penitent")  # played again: no longer in hand
    assert s.view(1)["known_hands"][0] == ["penitent"], "the Penitent came back openly instead"


def test_illegal_moves_explained_and_change_nothing():
    s = game(*PENITENT_DEAL)
    before = s.view(0)
    for bad, why in (("penitent to lunatic", "not Ferret notation"),
                     ("penitent > huntress", "not in the pool or the opponent's tableau"),
                     ("set ace-knots market castle", "no set choice")):
        with pytest.raises(IllegalMove, match=why):
            s.play(0, bad)
    assert s.view(0) == before and s.history == []


def test_view_draws_the_table():
    s = _ace_market_castle()
    play(s, "sailor > castle")
    v = s.view(1)
    for key in ("phase", "turn", "hand", "hand_sizes", "known_hands", "pool", "tableaux", "sets",
                "score_piles", "pile_sizes", "stock", "passes", "chooser", "set_options", "dealer"):
        assert key in v
    assert v["hand"] == ["ace-moons", "ace-suns", "ace-waves", "ace-leaves", "ace-wyrms"]
    assert v["round"] == 1


# ---- properties ------------------------------------------------------------------------


def _check_invariants(s: GameState) -> None:
    cards = all_cards(s)
    assert len(cards) == 36 and sorted(cards) == list(DECK), "cards are conserved"
    assert s.scores() == [len(p) for p in s.piles]
    assert len(s.pool) == 3
    if s.phase == "play" or s.is_over():
        assert [len(h) for h in s.hands] == ([0, 0] if s.is_over() else [5, 5])
        for seat in (0, 1):
            assert readings(set(s.tableaux[seat])) == [], "no formable set waits in a tableau"
            for c in s.tableaux[seat]:
                for st_ in s.sets:
                    fits = c in (NAT_OF(st_[1], st_[3] - 1), NAT_OF(st_[1], st_[4] + 1))
                    assert not fits, "no tableau card fits a set at rest"


def NAT_OF(suit: int, value: int) -> int:
    from game.rules.ferret_sets import NAT
    return NAT[suit][value] if 1 <= value <= 10 else -1


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_property_cards_conserved_after_every_move(seed, choice_seed):
    """hand + pool + tableaux + score piles + stock = 36 after every move, and the turn's
    order of events (and final scoring) leaves no set unformed and no layoff unplayed."""
    s = new_game("ferret", seed=seed)
    rng = random.Random(choice_seed)
    _check_invariants(s)
    while not s.is_over():
        seat = s.to_move()[0]
        moves = s.legal_moves(seat)
        s.play(seat, moves[randbelow(rng, len(moves))])
        _check_invariants(s)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from([IDS[c] for c in DECK]), min_size=2, max_size=7, unique=True))
def test_property_set_options_are_valid_distinct_and_use_the_entering_card(ids):
    tab = ix(*ids)
    entering = tab[-1]
    opts = set_options(tab, entering)
    assert len({o[2] for o in opts}) == len(opts)
    for suit, base, cards in opts:
        assert entering in cards and set(cards) <= set(tab) and valid_reading(suit, base, cards)


def _set_options_reference(tab, entering):
    """set_options without its fast path: every reading of the tableau that uses the entering card."""
    from game.rules.ferret_sets import CARD_SUITS, WILD_VALUE
    if entering in WILD_VALUE:
        bases = range(1, 9)
    else:
        r = CARDS[entering].rank
        bases = range(max(1, r - 2), min(8, r) + 1)
    out, seen = [], set()
    for reading in readings(set(tab), CARD_SUITS[entering], bases):
        if entering in reading[2] and reading[2] not in seen:
            seen.add(reading[2])
            out.append(reading)
    return out


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([IDS[c] for c in DECK]), min_size=3, max_size=12, unique=True))
def test_property_set_options_fast_path_gives_the_readings_in_the_same_order(ids):
    """The naturals-only fast path of set_options (no wild of the entering card's
    suits in the tableau) lists exactly the sets the general readings() would."""
    tab = ix(*ids)
    assert set_options(tab, tab[-1]) == _set_options_reference(tab, tab[-1])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([c for c in DECK if 2 <= CARDS[c].rank <= 9]),
       st.lists(st.sampled_from(list(DECK)), min_size=2, max_size=10, unique=True), st.integers(0, 3))
def test_property_set_options_with_wilds_held_gives_the_readings_in_the_same_order(entering, others, wilds):
    """A natural card entering beside wilds of its suits ("Aces and Crowns are wild in
    their own suit"): set_options, which keeps its answers by the cards that decide them,
    lists exactly the sets readings() would, in its order, however often it is asked."""
    from game.rules.ferret_sets import CARD_SUITS, WILD_ACE, WILD_CROWN
    suit_wilds = [w for s in CARD_SUITS[entering] for w in (WILD_ACE[s], WILD_CROWN[s])]
    tab = [c for c in others if c != entering]
    tab += [w for i, w in enumerate(suit_wilds) if wilds >> i & 1 and w not in tab] + [entering]
    assert set_options(tab, entering) == _set_options_reference(tab, entering)
    assert set_options(tab, entering) == _set_options_reference(tab, entering)


def test_set_options_fast_path_on_every_natural_triple_in_a_full_tableau():
    """Every natural card entering a tableau of all other naturals: same sets, same order."""
    naturals = [c for c in DECK if 2 <= CARDS[c].rank <= 9]
    for c in naturals:
        tab = [x for x in naturals if x != c] + [c]
        assert set_options(tab, c) == _set_options_reference(tab, c)


def _arrangements_reference(held, new=None):
    """Maximal packings of the readings, by the plain definition (sets of cards, no cache)."""
    cands = readings(set(held))
    if new is not None:
        cands = [r for r in cands if any(c in new for c in r[2])]
    card_sets = [frozenset(r[2]) for r in cands]
    out = []

    def rec(start, chosen, used):
        if all(cs & used for cs in card_sets):
            out.append(tuple(cands[i] for i in chosen))
        for j in range(start, len(cands)):
            if not card_sets[j] & used:
                rec(j + 1, chosen + [j], used | card_sets[j])

    rec(0, [], frozenset())
    return out or [()]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([IDS[c] for c in DECK]), min_size=3, max_size=12, unique=True),
       st.integers(0, 5))
def test_property_arrangements_match_the_plain_definition_in_order(ids, k):
    """Final scoring weighs "every such reading": the bit-mask search and its cache list the
    same maximal arrangements, in the same order (ties go to the first found), as the plain
    definition, asked twice, with and without the hand's cards (``new``)."""
    held = ix(*ids)
    new = held[:k] if k else None
    want = _arrangements_reference(held, new)
    first = arrangements(held, new)
    assert first == want
    first.clear()  # a caller's copy: the cache keeps its own
    assert arrangements(list(reversed(held)), new) == want


def _waves_reference(tabs, sets, piles):
    """Forced layoffs in waves, straight from the text: each wave lays off every tableau
    card one below or above a set's extent in its suit, to every set it fits."""
    changed = False
    while True:
        hits = {}
        for i, stt in enumerate(sets):
            nat = NAT[stt[1]]
            if stt[3] > 1 and (nat[stt[3] - 1] in tabs[0] or nat[stt[3] - 1] in tabs[1]):
                hits.setdefault(nat[stt[3] - 1], []).append((i, False))
            if stt[4] < 10 and (nat[stt[4] + 1] in tabs[0] or nat[stt[4] + 1] in tabs[1]):
                hits.setdefault(nat[stt[4] + 1], []).append((i, True))
        if not hits:
            return changed
        changed = True
        for c, where in hits.items():
            seat = 0 if c in tabs[0] else 1
            tabs[seat].remove(c)
            piles[seat].append(c)
            for i, up in where:
                o, s, base, lo, hi, cards, lay = sets[i]
                sets[i] = (o, s, base, lo - (not up), hi + up, cards, lay + ((c, seat),))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6))
def test_property_layoff_waves_match_the_plain_reading_of_the_text(seed):
    """"If a card is in your tableau, it must be played as a layoff the moment a set is
    created with which it could meld": the engine's waves lay off the same cards, to the
    same sets, in the same order as the plain reading above, on boards of random sets."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    tabs, sets, piles = [deck[:9], deck[9:16]], [], [[], []]
    for seat in (0, 1):
        options = readings(set(tabs[seat]))
        if options:
            form(tabs, sets, piles, seat, options[randbelow(rng, len(options))])
    mine = ([tabs[0][:], tabs[1][:]], sets[:], [piles[0][:], piles[1][:]])
    ref = ([tabs[0][:], tabs[1][:]], sets[:], [piles[0][:], piles[1][:]])
    assert waves(*mine) == _waves_reference(*ref)
    assert mine == ref


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([IDS[c] for c in DECK]), min_size=0, max_size=14, unique=True))
def test_property_readings_memo_per_suit_gives_the_plain_readings_in_order(ids):
    """"Aces and Crowns may be used as wild cards to help form sets in their own suit": a
    suit's readings depend only on the cards of that suit held, so readings() keeps them
    by those cards; asked twice, it lists what the unmemoized search lists, in order."""
    from game.rules.ferret_sets import _readings
    held = set(ix(*ids))
    want = _readings(held, range(6), range(1, 9))
    assert readings(held) == want
    assert readings(list(held)) == want


def _final_scoring_reference(board, hands, first):
    """Final scoring straight from its definition: every arrangement of the first player,
    each answered by the second player's best reply, each step played on the board."""
    second = 1 - first
    best = None
    for arr_f in arrangements(board[0][first] + hands[first], hands[first]):
        b1 = score_step(board, first, hands[first], arr_f)
        reply = None
        for arr_s in arrangements(b1[0][second] + hands[second], hands[second]):
            b2 = score_step(b1, second, hands[second], arr_s)
            key = (len(b2[2][second]), -len(b2[2][first]))
            if reply is None or key > reply[0]:
                reply = (key, b2)
        key = (len(reply[1][2][first]), -len(reply[1][2][second]))
        if best is None or key > best[0]:
            best = (key, reply[1])
    return best[1]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 6), st.integers(0, 6), st.integers(0, 1))
def test_property_final_scoring_on_counts_matches_the_plain_look_ahead(seed, n0, n1, first):
    """"Each player takes the arrangement that gives him the highest final score": the
    choice made on counts of cards (bit masks) gives the same board, sets and layoffs as
    playing every pair of arrangements out on the board, on random boards with sets."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    tabs, sets, piles = [deck[:4], deck[4:8]], [], [[], []]
    for seat in (0, 1):  # a set or none in each score pile, from four cards
        options = readings(set(tabs[seat]))
        if options and rng.random() < 0.8:
            form(tabs, sets, piles, seat, options[randbelow(rng, len(options))])
    tabs = [deck[8:8 + n0] + tabs[0], deck[14:14 + n1] + tabs[1]]
    hands = [deck[20:25], deck[25:30]]
    board = (tabs, sets, piles)
    want = _final_scoring_reference(([t[:] for t in tabs], sets[:], [p[:] for p in piles]), hands, first)
    assert final_scoring(board, hands, first) == want
    assert board == (tabs, sets, piles)
