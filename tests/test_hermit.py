"""Hermit (rules/hermit-decktet.txt), one test per rule, each citing the text."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game import IllegalMove, load_game, new_game
from game.decktet import CARDS, IDS, INDEX, PERSONALITIES
from game.rules.hermit import POINTS, controls, hand_points, score_hand

from game.testing import random_moves

ALL = [c.id for c in CARDS]


def ids(*names: str) -> list[int]:
    """Card indexes for the given ids."""
    return [INDEX[n] for n in names]


def make_deal(players: int, hands: list[list[str]], cottage: list[str] | None = None,
              extra: list[str] | None = None) -> dict:
    """A full deal: the given cards where asked, the rest of the deck filled in."""
    size = {2: 16, 3: 12, 4: 9, 5: 7}[players]
    used = {c for h in hands for c in h} | set(cottage or []) | set(extra or [])
    rest = [c for c in ALL if c not in used]
    hands = [list(h) for h in hands] + [[] for _ in range(players - len(hands))]
    if players == 2 and cottage is None:
        cottage, rest = rest[:4], rest[4:]
    if players == 5 and extra is None:
        extra, rest = rest[:1], rest[1:]
    for h in hands:
        while len(h) < size:
            h.append(rest.pop())
    deal = {"hands": hands}
    if players == 2:
        deal["cottage"] = cottage
    if players == 5:
        deal["extra"] = extra
    return deal


def play_all(state, moves):
    for seat, move in moves:
        state.play(seat, move)


def worked_example_state():
    """4 players, dealer 3: seat 0 moves first; the starts set up the rules' example."""
    deal = make_deal(4, [["journey", "cave"], ["huntress", "sea"], ["ace-moons", "windfall"],
                         ["forest", "calamity"]])
    s = new_game("hermit", players=4, seed=1, options={"dealer": 3}, deal=deal)
    play_all(s, [(0, "start journey"), (1, "start sea"), (2, "start windfall"), (3, "start calamity")])
    return s


# ---- setting up -------------------------------------------------------------


@pytest.mark.parametrize("players,each", [(2, 16), (3, 12), (4, 9), (5, 7)])
def test_dealer_deals_out_the_entire_basic_deck(players, each):
    """"The dealer deals out the entire basic deck. (Three players get 12 cards each. Four
    players get 9 each.)"; five get 7 and one is left over; two get 16 and 4 go to the Cottage."""
    s = new_game("hermit", players=players, seed=4)
    assert [len(h) for h in s.hands] == [each] * players
    extra = ([s.extra] if players == 5 else []) + s.cottage
    cards = sorted([c for h in s.hands for c in h] + extra)
    assert cards == list(range(36))
    assert len(s.cottage) == (4 if players == 2 else 0)


def test_randomly_pick_a_dealer_then_dealer_passes_left():
    """"Randomly pick a dealer for the first hand. In subsequent hands, the player on the old
    dealer's left is the new dealer.\""""
    dealers = {new_game("hermit", players=4, seed=k).dealer for k in range(40)}
    assert dealers == {0, 1, 2, 3}
    s = new_game("hermit", players=3, seed=8)
    first = s.dealer
    rng = random.Random(0)
    for _ in random_moves(s, rng):
        if s.round == 2:
            break
    assert s.round == 2 and s.dealer == (first + 1) % 3


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_player_on_dealers_left_takes_first_turn(dealer):
    """"The player on the dealer's left takes the first turn.\""""
    s = new_game("hermit", players=4, seed=2, options={"dealer": dealer})
    for seat in range(4):
        s.play(seat, s.legal_moves(seat)[0])
    assert s.to_move() == [(dealer + 1) % 4]
    assert s.view(0)["turn"] == (dealer + 1) % 4


# ---- starting tricks ------------------------------------------------------------


def test_starting_tricks_is_a_simultaneous_hidden_choice():
    """"each player ... selects one card with which to start a trick. Players reveal their
    choices simultaneously" -- a hidden commit: the card leaves the hand at once, only its
    owner sees it until all have chosen."""
    deal = make_deal(4, [["journey"], ["huntress"], ["ace-moons"], ["forest"]])
    s = new_game("hermit", players=4, seed=1, options={"dealer": 3}, deal=deal)
    assert s.to_move() == [0, 1, 2, 3]
    assert all(m.startswith("start ") for m in s.legal_moves(2))
    s.play(2, "start ace-moons")
    assert s.to_move() == [0, 1, 3]
    mine = s.view(2)
    assert mine["pending"] == "ace-moons" and "ace-moons" not in mine["hand"]
    assert mine["tricks"] == []
    for other in (0, 1, 3):
        v = s.view(other)
        assert v["pending"] is None and v["committed"] == [2]
        assert "ace-moons" not in str(v)
    with pytest.raises(IllegalMove):
        s.play(2, "start " + mine["hand"][0])  # one start card each
    play_all(s, [(0, "start journey"), (1, "start huntress"), (3, "start forest")])
    tricks = s.view(1)["tricks"]
    assert sorted((t["cards"][0], t["owner"]) for t in tricks) == [
        ("ace-moons", 2), ("forest", 3), ("huntress", 1), ("journey", 0)]


def test_the_start_card_does_not_count_as_your_card_play():
    """"The card you play to start a trick does not count as your card play for the turn.\""""
    s = worked_example_state()
    assert s.to_move() == [0]
    assert all(" on " in m for m in s.legal_moves(0))


# ---- playing a card ---------------------------------------------------------------


def test_follow_on_a_suit_of_the_last_card_played_on_the_trick():
    """"A card added to a trick must share a suit with the last card played in the trick;
    only the most recent card matters for following suit.\""""
    s = worked_example_state()
    # Seat 0 holds the Cave (waves, wyrms): it can follow the Sea (waves), the Calamity
    # (wyrms) and the Journey (moons, waves), but not the Windfall (knots).
    legal = s.legal_moves(0)
    assert "cave on sea" in legal and "cave on calamity" in legal and "cave on journey" in legal
    assert "cave on windfall" not in legal
    with pytest.raises(IllegalMove, match="shares no suit"):
        s.play(0, "cave on windfall")
    s.play(0, "cave on sea")
    # The Sea trick's last card is now the Cave: only its suits matter.
    assert ("huntress on sea" not in s.legal_moves(1)), "the Sea's waves no longer count"


def test_start_a_trick_when_you_cannot_follow_and_that_ends_your_turn():
    """"If you do not have cards in the suits of any of the in-progress tricks, select a card
    from your hand and put it in front of you to start a new trick. This ends your turn.\""""
    # Seat 1 holds only Moons, Suns and Leaves besides its Ace of Knots start card; the
    # tricks show only Waves, Wyrms and Knots.
    hand1 = ["ace-knots", "ace-suns", "ace-leaves", "mountain", "diplomat", "pact", "forest",
             "chance-meeting", "huntress"]
    deal = make_deal(4, [["sea", "cave"], hand1, ["calamity"], ["windfall"]])
    s = new_game("hermit", players=4, seed=1, options={"dealer": 3}, deal=deal)
    play_all(s, [(0, "start sea"), (1, "start ace-knots"), (2, "start calamity"),
                 (3, "start windfall"), (0, "cave on sea")])
    legal = s.legal_moves(1)
    assert sorted(legal) == sorted("start " + c for c in hand1[1:])
    with pytest.raises(IllegalMove):
        s.play(1, "huntress on sea")
    s.play(1, "start huntress")
    assert {"cards": ["huntress"], "owner": 1} in s.view(0)["tricks"]
    assert s.to_move() == [2], "starting a trick ends the turn"


def test_cannot_follow_means_every_card_may_start():
    """When no card follows, every card in hand is a legal start, and nothing else."""
    s = new_game("hermit", players=4, seed=0)
    rng = random.Random(5)
    seen = 0
    for seat, move in random_moves(s, rng):
        legal = s.legal_moves(seat)
        if s.phase == "play" and legal[0].startswith("start "):
            assert sorted(legal) == sorted("start " + c for c in s.view(seat)["hand"])
            seen += 1
        if seen > 5:
            break
    assert seen > 0


# ---- controlling a trick ------------------------------------------------------------


def test_highest_card_controls_the_trick_and_moves_it_in_front_of_you():
    """"If the card you add to a trick is the highest ranked card in the trick, move the trick
    in front of you.\""""
    s = worked_example_state()
    s.play(0, "cave on sea")          # 7 under the Sea's Crown: the Sea trick stays with seat 1
    owner = {t["cards"][0]: t["owner"] for t in s.view(0)["tricks"]}
    assert owner["sea"] == 1
    s.play(1, "huntress on journey")  # Buck's Crown beats the 3
    owner = {t["cards"][0]: t["owner"] for t in s.view(0)["tricks"]}
    assert owner["journey"] == 1


def test_tied_for_highest_moves_it_anyway():
    """"If it is tied for highest, move it anyway.\""""
    assert controls(["sea", "cave", "calamity"]) is True      # Crown ties the Crown
    assert controls(["mill", "betrayal"]) is True             # 8 ties 8
    assert controls(["mill", "journey"]) is False


def test_aces_are_low_below_twos():
    """"Aces are low, below 2s.\""""
    assert controls(["author", "ace-moons"]) is False
    assert controls(["ace-moons", "author"]) is True


def test_ace_cancels_the_crown_of_its_suit_and_the_cancelled_crown_is_lowest():
    """"the Ace cancels the Crown! A cancelled Crown is lower even than an Ace.\""""
    assert controls(["ace-moons", "huntress"]) is False       # played after the Ace
    assert controls(["huntress", "ace-moons"]) is True        # the Ace now tops the trick
    assert controls(["ace-suns", "huntress"]) is True         # only the same suit cancels


def test_ace_may_be_played_before_or_after_the_crown_it_cancels():
    """"An Ace may be played before or after the Crown that it cancels.\""""
    assert controls(["journey", "ace-moons", "huntress"]) is False
    assert controls(["journey", "huntress", "ace-moons"]) is False
    assert controls(["journey", "ace-moons", "huntress", "lunatic"]) is True


def test_worked_example_journey_huntress_ace_forest():
    """The rules' example: "Buck plays a Crown ... Maris plays an Ace. The Ace neutralizes the
    Crown ... the cards stay in front of Buck. Jane plays a 5 ... This controls the trick ...
    This also completes the trick ... she moves the cards ... into her scoring stack.\""""
    s = worked_example_state()
    s.play(0, "cave on sea")
    s.play(1, "huntress on journey")          # Buck
    s.play(2, "ace-moons on journey")         # Maris
    owner = {t["cards"][0]: t["owner"] for t in s.view(0)["tricks"]}
    assert owner["journey"] == 1
    s.play(3, "forest on journey")            # Jane
    v = s.view(0)
    assert "journey" not in [t["cards"][0] for t in v["tricks"]]
    assert sorted(v["taken"][3]) == sorted(["journey", "huntress", "ace-moons", "forest"])
    assert v["tricks_taken"] == [0, 0, 0, 1]
    assert v["hand_points"][3] == 10          # "worth 10 regardless of ... the matching Ace"


# ---- completing tricks and scoring -----------------------------------------------------


def test_fourth_card_completes_the_trick_for_the_player_it_is_in_front_of():
    """"When a fourth card is played on a trick, the player with the trick in front of them
    takes it." Here seat 3 plays the fourth card but seat 1's Sea still controls."""
    deal = make_deal(4, [["journey", "cave"], ["huntress", "sea"],
                         ["ace-moons", "windfall", "darkness"], ["forest", "calamity", "mill"]])
    s = new_game("hermit", players=4, seed=1, options={"dealer": 3}, deal=deal)
    play_all(s, [(0, "start journey"), (1, "start sea"), (2, "start windfall"),
                 (3, "start calamity"), (0, "cave on sea"), (1, "huntress on journey"),
                 (2, "darkness on sea")])
    assert {"cards": ["sea", "cave", "darkness"], "owner": 1} in s.view(0)["tricks"]
    s.play(3, "mill on sea")
    v = s.view(0)
    assert v["taken"][1] == ["sea", "cave", "darkness", "mill"] and v["tricks_taken"][1] == 1
    assert all(t["cards"][0] != "sea" for t in v["tricks"])


def test_personalities_score_their_rank_and_crowns_ten():
    """"Players score points for any personality cards in tricks that they took ... Each is
    worth its rank ... the Lunatic ... is worth 6 points ... the Bard and Huntress are each
    worth 10 points.\""""
    assert {IDS[c]: POINTS[c] for c in PERSONALITIES} == {
        "author": 2, "painter": 3, "savage": 3, "sailor": 4, "soldier": 5, "lunatic": 6,
        "penitent": 6, "diplomat": 8, "merchant": 9, "bard": 10, "huntress": 10}
    assert sum(POINTS) == 66
    assert hand_points([CARDS[i].index for i in range(36) if IDS[i] in ("lunatic", "sea")], False) == 6


def test_unfinished_tricks_are_set_aside_at_the_end_of_the_hand():
    """"there may be unfinished tricks left on the table -- tricks with three or fewer cards
    in them. Any cards in unfinished tricks are set aside." Their Personalities score for no
    one: with 3-4 players every Personality is either taken or set aside."""
    from game.decktet import INDEX
    checked = 0
    for seed in range(12):
        s = new_game("hermit", players=3 + seed % 2, seed=seed)
        for seat, move in random_moves(s, random.Random(seed)):
            if sum(map(len, s.hands)) == 1 and s.phase == "play":
                tricks = {t[0]: list(t) for t in s.tricks}
                words = move.split()
                if words[0] == "start":
                    tricks[INDEX[words[1]]] = [INDEX[words[1]]]
                else:
                    tricks[INDEX[words[2]]].append(INDEX[words[0]])
                unfinished = [c for t in tricks.values() if len(t) < 4 for c in t]
                s.play(seat, move)
                total = sum(Fraction(str(p)) for p in s.last_hand["points"])
                assert total == 66 - sum(POINTS[c] for c in unfinished)
                checked += 1 if unfinished else 0
                break
    assert checked > 3


def test_hand_ends_when_all_cards_are_played_and_the_next_hand_is_dealt():
    """"The hand ends when all players' card have been played." The next deal happens inside
    the play() that ends the hand."""
    s = new_game("hermit", players=4, seed=3)
    rng = random.Random(1)
    for seat, move in random_moves(s, rng):
        if sum(len(h) for h in s.hands) == 1 and s.phase == "play":
            s.play(s.to_move()[0], s.legal_moves(s.to_move()[0])[0])
            break
    assert s.round == 2 or s.is_over()
    if not s.is_over():
        assert [len(h) for h in s.hands] == [9, 9, 9, 9] and s.tricks == []


def test_game_ends_when_someone_reaches_the_target_and_lowest_score_wins():
    """"When a player reaches a predesignated target score, the game ends ... I recommend
    playing until some player reaches a cumulative score of 66 points or more ... The player
    with the lowest score when the game ends is the winner.\""""
    for seed in range(5):
        s = new_game("hermit", players=4, seed=seed)
        for _ in random_moves(s, random.Random(seed)):
            pass
        scores = s.scores()
        assert max(scores) >= 66
        assert s.winners() == [i for i, x in enumerate(scores) if x == min(scores)]
        # before the last hand nobody had reached the target
        last = [Fraction(str(p)) for p in s.last_hand["points"]]
        assert max(x - p for x, p in zip(scores, last)) < 66


def test_longer_game_plays_to_100():
    """"Some players prefer a longer game and play to 100 points.\""""
    s = new_game("hermit", players=4, seed=0, options={"target": 100})
    for _ in random_moves(s, random.Random(0)):
        pass
    assert max(s.scores()) >= 100


# ---- five players ---------------------------------------------------------------------


def test_five_players_extra_card_starts_an_ownerless_trick_on_the_first_turn():
    """"The remaining card is placed face up in the middle of the table on the first turn,
    when players start tricks for the first time. The card starts a trick which belongs to
    no one\""""
    deal = make_deal(5, [["author"], ["painter"], ["savage"], ["sailor"], ["soldier"]],
                     extra=["huntress"])
    s = new_game("hermit", players=5, seed=0, options={"dealer": 4}, deal=deal)
    assert s.view(0)["extra"] is None and "huntress" not in str(s.view(0))
    play_all(s, [(0, "start author"), (1, "start painter"), (2, "start savage"),
                 (3, "start sailor"), (4, "start soldier")])
    tricks = s.view(0)["tricks"]
    assert {"cards": ["huntress"], "owner": None} in tricks and len(tricks) == 6
    assert s.view(3)["extra"] == "huntress"


def test_five_players_trick_completed_without_a_controller_counts_against_no_one():
    """"If the trick is completed without any player controlling it, then point cards in the
    trick don't count against anyone.\""""
    deal = make_deal(5, [["author", "journey"], ["painter", "lunatic"], ["savage", "cave"],
                         ["sailor"], ["soldier"]], extra=["huntress"])
    s = new_game("hermit", players=5, seed=0, options={"dealer": 4}, deal=deal)
    play_all(s, [(0, "start author"), (1, "start painter"), (2, "start savage"),
                 (3, "start sailor"), (4, "start soldier")])
    play_all(s, [(0, "journey on huntress"), (1, "lunatic on huntress"), (2, "cave on huntress")])
    v = s.view(0)
    assert all(t["cards"][0] != "huntress" for t in v["tricks"])
    assert all("huntress" not in t for t in v["taken"]) and v["tricks_taken"] == [0] * 5


def test_five_players_ownerless_trick_is_controlled_as_usual():
    """"Higher cards will control it as usual.\""""
    deal = make_deal(5, [["author", "journey"], ["painter"], ["savage"], ["sailor"], ["soldier"]],
                     extra=["ace-moons"])
    s = new_game("hermit", players=5, seed=0, options={"dealer": 4}, deal=deal)
    play_all(s, [(0, "start author"), (1, "start painter"), (2, "start savage"),
                 (3, "start sailor"), (4, "start soldier"), (0, "journey on ace-moons")])
    assert {"cards": ["ace-moons", "journey"], "owner": 0} in s.view(2)["tricks"]


# ---- two players ----------------------------------------------------------------------


def _two_player_game(seed, options=None):
    s = new_game("hermit", players=2, seed=seed, options=options)
    return s


def test_two_players_cottage_gets_a_card_from_each_whenever_tricks_are_cleared():
    """"Whenever all the tricks are cleared from the table, each player selects one card from
    their hand and secretly adds it to the Cottage. They then proceed to start new tricks.
    Note: This does not include the very first trick of the game\""""
    for seed in range(4):
        s = _two_player_game(seed)
        rng = random.Random(seed)
        phases = []   # (round, phase) each time the phase changes
        cottage_moves = 0
        for seat, move in random_moves(s, rng):
            if not phases or phases[-1] != (s.round, s.phase):
                phases.append((s.round, s.phase))
                if s.phase in ("start", "cottage"):
                    assert s.tricks == [], "new cards go down only when all tricks are cleared"
            if move.startswith("cottage"):
                cottage_moves += 1
        assert cottage_moves > 0
        for i, (rnd, phase) in enumerate(phases):
            first_of_hand = i == 0 or phases[i - 1][0] != rnd
            if first_of_hand:
                assert phase == "start", "no Cottage card before the hand's first tricks"
            elif phase == "start":
                assert phases[i - 1][1] == "cottage", "every later start follows a Cottage card"


def test_two_players_fewer_tricks_also_scores_the_cottage_and_a_tie_discards_it():
    """"the player who took fewer tricks will also score points for any personalities in the
    Cottage. If both players took an equal number of tricks the Cottage is discarded.\""""
    cottage = ids("bard", "sea", "author", "end")
    pts, to, _ = score_hand([ids("painter"), ids("lunatic")], [3, 5], cottage)
    assert to == 0 and pts == [3 + 12, 6]
    pts, to, _ = score_hand([ids("painter"), ids("lunatic")], [4, 4], cottage)
    assert to is None and pts == [3, 6]


def test_two_players_game_ends_after_each_player_has_dealt_twice():
    """"Lowest score after each player has dealt twice is the winner.\""""
    s = _two_player_game(7, {"target": 1})
    dealers = [s.dealer]
    for _ in random_moves(s, random.Random(2)):
        if s.dealer != dealers[-1] and not s.is_over():
            dealers.append(s.dealer)
    assert s.round == 4 and s.hands_played == 4 and len(dealers) == 4
    assert sorted(dealers) == [0, 0, 1, 1]
    assert s.winners() == [i for i, x in enumerate(s.scores()) if x == min(s.scores())]


def test_two_player_view_hides_the_cottage_but_shows_your_own_additions():
    """The Cottage is dealt face down and cards are added "secretly"; a seat may know the
    cards it added itself."""
    s = _two_player_game(1)
    for seat, move in random_moves(s, random.Random(1)):
        if move.startswith("cottage"):
            card = move.split()[1]
            s.play(seat, move)
            assert s.view(seat)["pending"] == card   # its own hidden commit
            assert card not in str(s.view(1 - seat))
            other = s.to_move()[0]
            s.play(other, s.legal_moves(other)[0])
            assert card in s.view(seat)["cottage"]["mine"]
            assert card not in str(s.view(1 - seat))
            assert s.view(seat)["cottage"]["size"] >= 6
            return
    pytest.fail("no Cottage phase happened")


# ---- variants ----------------------------------------------------------------------------


def test_pleasant_company_four_moon_personalities_score_zero():
    """"If a player takes all four Moon personalities ... those cards are together worth zero
    points instead of 26.\""""
    moons = ids("author", "lunatic", "diplomat", "huntress")
    assert hand_points(moons, False) == 26
    assert hand_points(moons, True) == 0
    assert hand_points(moons[:3], True) == 26 - 10


def test_pleasant_company_four_sun_personalities_score_zero():
    """"If a player takes all four Sun personalities ... those cards are together worth zero
    points instead of 27.\""""
    suns = ids("painter", "penitent", "diplomat", "bard")
    assert hand_points(suns, False) == 27
    assert hand_points(suns, True) == 0
    assert hand_points(suns + ids("merchant"), True) == 9
    # the Diplomat belongs to both companies
    both = ids("author", "lunatic", "diplomat", "huntress", "painter", "penitent", "bard")
    assert hand_points(both, True) == 0


def test_house_party_lone_gatherer_points_are_split_between_the_others():
    """"If one player is the only one to gather any personality cards, they do not score the
    points as usual; instead, the points are split evenly between the other players.\""""
    pts, _, party = score_hand([[], ids("merchant", "author"), [], []], [0, 2, 1, 0], [],
                               house_party=True)
    assert party == 1 and pts == [Fraction(11, 3), 0, Fraction(11, 3), Fraction(11, 3)]
    # no split when two players gathered personalities
    pts, _, party = score_hand([ids("author"), ids("merchant"), [], []], [1, 1, 0, 0], [],
                               house_party=True)
    assert party is None and pts == [2, 9, 0, 0]


def test_house_party_points_for_moons_and_suns_are_not_zeroed():
    """"(Points for Moons and Suns are not zeroed out, even if the Pleasant Company variant is
    otherwise being used.)\""""
    moons = ids("author", "lunatic", "diplomat", "huntress")
    pts, _, _ = score_hand([moons, [], []], [4, 0, 0], [], pleasant_company=True, house_party=True)
    assert pts == [0, 13, 13]


def test_house_party_fractional_splits_stay_exact_in_scores():
    """A split like 11/3 is kept as an exact Fraction in scores() and as "11/3" in views."""
    pts, _, _ = score_hand([[], ids("merchant", "author"), [], []], [0, 1, 0, 0], [], house_party=True)
    assert pts[0] == Fraction(11, 3) and isinstance(pts[0], Fraction)
    # scores() keeps the Fraction; views carry it as exact text
    g = new_game("hermit", players=4, seed=1, options={"house_party": True})
    g._scores = [Fraction(11, 3), Fraction(0), Fraction(11, 3), Fraction(22, 3)]
    assert g.scores()[0] == Fraction(11, 3) and g.scores()[1] == 0
    assert g.view(0)["scores"] == ["11/3", 0, "11/3", "22/3"]


def test_two_player_house_party_opponent_scores_and_cottage_is_discarded():
    """"If only one player takes points during the play, their opponent scores those points
    and the cottage is discarded.\""""
    cottage = ids("bard", "sea", "author", "end")
    pts, to, party = score_hand([ids("merchant"), []], [3, 5], cottage, house_party=True)
    assert party == 0 and to is None and pts == [0, 9]


# ---- views, hidden information, saves -----------------------------------------------------


def test_view_hides_other_hands_and_shows_counts():
    s = new_game("hermit", players=4, seed=11)
    v = s.view(1)
    assert len(v["hand"]) == 9 and v["hand_sizes"] == [9, 9, 9, 9]
    for other in (0, 2, 3):
        assert not set(s.view(other)["hand"]) & set(v["hand"])
    assert v["phase"] == "start" and v["round"] == 1


def test_determinize_resamples_only_what_the_seat_has_not_seen():
    s = new_game("hermit", players=4, seed=12)
    play_all(s, [(1, s.legal_moves(1)[0])])
    d = s.determinize(0, random.Random(3))
    assert d.view(0) == s.view(0)
    assert d.hands[0] == s.hands[0]
    assert sorted([c for h in d.hands for c in h] + [d.pending[1]]) == \
        sorted([c for h in s.hands for c in h] + [s.pending[1]])
    assert d.hands[1:] != s.hands[1:]
    with pytest.raises(ValueError, match="determinized"):
        d.to_json()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_malformed_deal_raises_saying_what_is_wrong(players):
    good = make_deal(players, [])
    new_game("hermit", players=players, deal=good)
    bad = {k: (v[:] if k != "hands" else [h[:] for h in v]) for k, v in good.items()}
    bad["hands"][0] = bad["hands"][0][:-1]
    with pytest.raises(ValueError, match="must hold"):
        new_game("hermit", players=players, deal=bad)
    dup = {k: (v[:] if k != "hands" else [h[:] for h in v]) for k, v in good.items()}
    dup["hands"][0][0] = dup["hands"][1][0]
    with pytest.raises(ValueError, match="twice"):
        new_game("hermit", players=players, deal=dup)
    unk = {k: (v[:] if k != "hands" else [h[:] for h in v]) for k, v in good.items()}
    unk["hands"][0][0] = "joker"
    with pytest.raises(ValueError, match="unknown card 'joker'"):
        new_game("hermit", players=players, deal=unk)
    with pytest.raises(ValueError, match="missing"):
        new_game("hermit", players=players, deal={})


def test_deal_fixes_the_first_hand_only():
    deal = make_deal(3, [])
    s = new_game("hermit", players=3, seed=1, options={"dealer": 0}, deal=deal)
    assert [sorted(IDS[c] for c in h) for h in s.hands] == [sorted(h) for h in deal["hands"]]
    t = load_game(s.to_json())
    assert t.hands == s.hands


# ---- properties ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), moves=st.integers(0, 200))
def test_property_every_card_is_in_exactly_one_place(players, seed, moves):
    s = new_game("hermit", players=players, seed=seed)
    rng = random.Random(seed)
    for i, _ in enumerate(random_moves(s, rng)):
        if i >= moves:
            break
    if s.is_over():
        return
    places = [c for h in s.hands for c in h] + [c for t in s.tricks for c in t] + \
        [c for t in s.taken for c in t] + [c for c in s.pending if c is not None] + s.cottage
    if s.extra is not None and not s.extra_revealed:
        places.append(s.extra)
    assert len(places) == len(set(places)) <= 36
    assert all(1 <= len(t) <= 3 for t in s.tricks)
    assert sum(s.trick_counts) * 4 == sum(len(t) for t in s.taken)


@settings(max_examples=60, deadline=None)
@given(cards=st.lists(st.sampled_from(ALL), min_size=2, max_size=4, unique=True))
def test_property_control_means_no_card_ranks_above_the_last(cards):
    from game.decktet import INDEX
    from game.rules.hermit import effective_rank
    trick = [INDEX[c] for c in cards]
    last = effective_rank(trick[-1], trick)
    assert controls(cards) == all(effective_rank(c, trick) <= last for c in trick)
    if CARDS[trick[-1]].rank == 10 and f"ace-{CARDS[trick[-1]].suits[0]}" in cards:
        assert not controls(cards)
