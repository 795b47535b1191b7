"""The in-app rules (game/help.py): complete, credited, our own words, real notation."""

from __future__ import annotations

import re

import pytest

from game import GAMES, new_game
from game.help import CREDITS, HELP, as_text
from game.rules import ferret, hermit, hermits_whist, type_trump
from game.decktet import INDEX as DECKTET_INDEX

# Sentences quoted from the designers' rule texts (shared/rules/*.txt).  The
# help must paraphrase them: no run of 12 consecutive words may match.
RULES_QUOTES = {
    "hermit": [
        "You're a hermit who tries to avoid having people follow you home. So are all of your opponents.",
        "Until it's completed, a trick is kept on the table in front of the player who played the "
        "highest card in the trick.",
        "A card added to a trick must share a suit with the last card played in the trick; only the "
        "most recent card matters for following suit.",
        "If you do not have cards in the suits of any of the in-progress tricks, select a card from "
        "your hand and put it in front of you to start a new trick. This ends your turn.",
        "Scoring works as normal except that the player who took fewer tricks will also score points "
        "for any personalities in the Cottage.",
        "If one player is the only one to gather any personality cards, they do not score the points "
        "as usual; instead, the points are split evenly between the other players.",
    ],
    "type-trump": [
        "After trump has been identified, players evaluate their hands and choose a suit that they "
        "will score for the current round.",
        "The Spoiler must win exactly one trick and his score for the round will be the highest number "
        "of cards in this trick which matches suit with one other player's scoring suit.",
        "If the lead card is not a trump, all players must play a card which shares a suit with it "
        "(if they are able).",
        "If a player is out of trumps, he may play any card from his hand and will lose the trick.",
    ],
    "ferret": [
        "Each turn, players play a card from their hand in order to move a card currently on the table.",
        "If a card is ferreted into the active player's hand, the player's turn ends here. Thus, the "
        "Pool will always have 3 cards in it and each player's hand will always have 5 cards.",
        "Likewise, if you wish to draw a card into your hand, a card with no antipathetic suit "
        "corresponding to the target card must be played.",
        "When the game ends by depleting the draw pile, the player who did not draw the last card "
        "scores his cards first.",
        "Layoffs continue a set in rank order in both directions until they reach the Ace (low end) "
        "or the crown (high end).",
    ],
    "hermits-whist": [
        "Hermits Whist is a solo trick-taking game in which you try to win tricks against a dummy player.",
        "Before playing your card, you have the option to flip over the next card in the 8's stack.",
        "You win the trick if one of the following scenarios applies: you played a trump and the dummy "
        "did not; you played a higher trump than the dummy, or no trump was played, but you followed "
        "suit with a higher card than the dummy.",
        "If you won exactly as many tricks as the pip number on one of the face-up wild cards, flip "
        "over that wild card.",
    ],
    "hermit-stones": [
        "Hermit is a two player abstract strategy game in which players drop stones to create "
        "connected, owned groups of stones of odd sizes 1, 3 and 5 only.",
        "This means there will be empty cells that may not be used by one or both players because "
        "groups of even size or any size greater that five may not be created.",
        "If there is a tie, whichever player has the most groups of size 1 wins. If still tied, the "
        "player with the most groups of size 3 wins.",
        "Those that wish to program or sell this game in any form should contact the author",
    ],
}

RUN = 12


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "'"))


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    w = words(text)
    return {tuple(w[i:i + n]) for i in range(len(w) - n + 1)}


def blocks(page: dict):
    """Every paragraph and bullet of a page."""
    for _heading, items in page["sections"]:
        for b in items:
            if isinstance(b, str):
                yield b
            else:
                yield from b


def notation_examples(gid: str) -> list[str]:
    """The moves the "Move notation" section gives as examples (``move: meaning``)."""
    for heading, items in HELP[gid]["sections"]:
        if heading.startswith("Move notation"):
            return [b.split(":")[0] for item in items if isinstance(item, list) for b in item]
    raise AssertionError(f"{gid}: no notation section")


def test_every_registered_game_has_help():
    assert sorted(HELP) == sorted(GAMES)


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_help_credits_the_designer_of_the_game_state(gid):
    page, cls = HELP[gid], GAMES[gid]
    assert page["designer"] == cls.DESIGNER
    assert page["title"] == cls.TITLE
    designer = cls.DESIGNER.split(" (")[0]          # "Adam Telford (inspired by ...)"
    credits = [text for heading, items in page["sections"] if heading.startswith("Credits")
               for text in items if isinstance(text, str)]
    assert any(designer in text for text in credits), designer


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_help_player_count_matches_the_game(gid):
    cls = GAMES[gid]
    assert HELP[gid]["players"] == (str(cls.MIN_PLAYERS) if cls.MIN_PLAYERS == cls.MAX_PLAYERS
                                    else f"{cls.MIN_PLAYERS}\u2013{cls.MAX_PLAYERS}")


@pytest.mark.parametrize("page", [*HELP.values(), CREDITS], ids=[*HELP, "credits"])
def test_pages_are_structured_plain_text(page):
    assert page["sections"]
    for heading, items in page["sections"]:
        assert isinstance(heading, str) and heading
        assert isinstance(items, list) and items
        for b in items:
            assert isinstance(b, str) or (isinstance(b, list) and b and all(isinstance(x, str) for x in b))
    for text in [page["title"], *blocks(page), *(h for h, _ in page["sections"])]:
        assert text.strip() == text and text
        assert not re.search(r"<[A-Za-z/!?]|&[#A-Za-z]", text), f"markup in {text!r}"


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_help_paraphrases_and_never_copies_the_rules(gid):
    """No 12 consecutive words of the help equal 12 consecutive words of a rules quote."""
    mine = runs(as_text(HELP[gid]))
    for quote in RULES_QUOTES[gid]:
        shared = mine & runs(quote)
        assert not shared, (gid, [" ".join(r) for r in shared])


def test_copy_check_would_catch_a_pasted_sentence():
    quote = RULES_QUOTES["hermit"][2]
    assert runs("Remember: " + quote) & runs(quote)


def test_whist_explains_the_54_card_deck():
    text = as_text(HELP["hermits-whist"])
    assert "54 cards" in text
    for fact in ("four suits", "1 to 12", "six wild cards", "44", "8s"):
        assert fact in text, fact
    assert hermits_whist.N_SUITED + hermits_whist.N_WILDS == 54


def test_stones_page_states_the_fan_implementation_and_the_permission_request():
    text = as_text(HELP["hermit-stones"])
    assert "free, non-commercial fan implementation" in text
    assert "Phil Leduc" in text and "contact him" in text
    assert "@" not in text                      # no address harvested into the app


def test_credits_name_every_designer_and_the_decktet_licence():
    text = as_text(CREDITS)
    for cls in GAMES.values():
        assert cls.DESIGNER.split(" (")[0] in text
    assert "P.D. Magnus" in text and "CC BY-NC-SA" in text
    assert "non-commercial" in text


def test_notation_examples_are_real_moves():
    assert notation_examples("hermit") and all(m in hermit.PARSE for m in notation_examples("hermit"))
    assert all(m in type_trump.PARSE for m in notation_examples("type-trump"))
    assert all(m in hermits_whist.PARSE or m == hermits_whist.FLIP
               for m in notation_examples("hermits-whist"))
    for m in notation_examples("ferret"):
        if m.startswith("set "):
            assert all(c in DECKTET_INDEX for c in m.split()[1:]) and len(m.split()) == 4
        else:
            assert m in ferret.PARSE or m == ferret.PASS, m


def test_stones_notation_names_the_real_centres():
    """The help says d4 (square) and e5 (hex) are the centres: the first stone may not go there."""
    text = as_text(HELP["hermit-stones"])
    assert "d4 is the centre" in text and "e5 is the centre" in text
    square = new_game("hermit-stones").legal_moves(0)
    hexes = new_game("hermit-stones", options={"board": "hex5"}).legal_moves(0)
    assert "d4" not in square and len(square) == 48 and "a1" in square and "g7" in square
    assert "e5" not in hexes and len(hexes) == 60 and "i5" in hexes
