"""In-app rules for the five games, in our own words, and the site's credits.

Pure data: no HTML anywhere, so the page builds DOM nodes from it (text
nodes only) and nothing here can inject markup.

``HELP[game_id]`` is a dict::

    {"title": str, "designer": str, "players": str, "summary": str,
     "sections": [(heading, [block, ...]), ...]}

A block is either a ``str`` (one paragraph) or a ``list[str]`` (a bulleted
list).  ``designer`` is the game's ``GameState.DESIGNER``.  ``CREDITS`` has the
same shape without ``designer``/``players``.  :func:`as_text` flattens either
into plain text (for the terminal, tests and a page's search).

The texts paraphrase the designers' rules (shared/rules/*.txt); they never
quote them.  Where the rules are unclear, the texts describe what the engine
does (shared/DESIGN.md), and the notation sections list exactly the move
strings each game's ``legal_moves`` produces, as the game log shows them.

>>> sorted(HELP) == sorted(GAMES)
True
>>> HELP["hermit"]["designer"]
'P.D. Magnus'
>>> "54 cards" in as_text(HELP["hermits-whist"])
True
"""

from __future__ import annotations

from typing import Any, Union

from . import GAMES
from .core import State

Block = Union[str, list[Any]]
Section = tuple[str, list[Any]]

DECKTET_CREDIT = ("The Decktet, the deck the four card games use, was created by P.D. Magnus "
                  "and is published under a Creative Commons Attribution-NonCommercial-ShareAlike "
                  "licence (CC BY-NC-SA).")

CARD_IDS = ("Cards are named in the log by their ids: a Personality, Location or Event by its "
            "name in lower case (lunatic, market, journey), an Ace as ace- and its suit "
            "(ace-moons). "
            "The six suits are moons, suns, waves, leaves, wyrms and knots.")

CLICKING = ("Click (or tap) a card in your hand. If it has only one legal place to go, it is "
            "played at once. If it has several, it lifts up and the places it may go are "
            "highlighted: click one of them, or click the card again to put it back. With the "
            "keyboard, Tab moves through the legal moves and Enter plays the one in focus.")


def _players(cls: type[State]) -> str:
    lo, hi = cls.MIN_PLAYERS, cls.MAX_PLAYERS
    return str(lo) if lo == hi else f"{lo}\u2013{hi}"


_HERMIT: list[Section] = [
    ("The idea", [
        "Every player is a hermit who would rather nobody came round to visit. The visitors "
        "are the Personalities, the face cards of the Decktet: whoever ends up with them in "
        "a won trick counts their ranks as penalty points. Locations, Events and Aces cost "
        "nothing. The lowest total at the end wins.",
        "The twist is that several tricks are open at the same time. An open trick sits in "
        "front of whichever player currently holds its top card, and it goes to that player "
        "when its fourth card is added.",
    ]),
    ("A turn", [
        [
            "Whenever the table has no open trick, every player picks a card at the same "
            "moment and the cards are revealed together: each one begins a new trick. Doing "
            "this is not your move for the turn.",
            "On your turn you must add a card to an open trick if any card of yours can go "
            "on one. A card fits a trick when it shows a suit that the trick's newest card "
            "also shows; the older cards of the trick do not matter.",
            "If nothing in your hand fits any open trick, lay a card down by itself to begin "
            "a new trick. That is your whole turn.",
            "Turns go clockwise, starting with the player to the dealer's left. The deal "
            "passes to the left after each hand.",
        ],
    ]),
    ("Who holds a trick", [
        "After you add a card, the trick moves in front of you if your card is at least as "
        "high as every other card in it (a tie is enough).",
        "Aces are the lowest rank and Crowns the highest, with one exception: when a trick "
        "holds both the Ace and the Crown of one suit, that Crown drops below even the Ace. "
        "It does not matter which of the two arrived first.",
    ]),
    ("Scoring and the end", [
        "A hand is over when every card has been played. Tricks with fewer than four cards "
        "are then discarded and score for nobody. Each Personality in the tricks you won "
        "costs you its rank; the Bard and the Huntress (the two Crown Personalities) cost 10 "
        "each, even when an Ace cancelled them in play.",
        "With three to five players the game ends after the hand in which someone reaches "
        "the target (66 unless you change it; 100 makes a longer game). The lowest total "
        "wins, and players tied for lowest share the win.",
    ]),
    ("Five players", [
        "Everyone gets 7 cards and one card is left over. It is turned face up together with "
        "the first new tricks of the hand and begins a trick that belongs to nobody. If that "
        "trick is completed while still nobody's, its Personalities count against no one.",
    ]),
    ("Two players", [
        "Four cards go face down to one side as the Cottage and each player gets 16. Every "
        "time all the open tricks have been cleared away (but not before the first tricks of "
        "a hand) each player secretly adds one card to the Cottage, and then new tricks are "
        "started as usual.",
        "When the hand is scored, the player who won fewer tricks also takes the "
        "Personalities in the Cottage; if both won the same number, the Cottage is thrown "
        "away. The game lasts until each player has dealt twice, four hands in all, and the "
        "lower total wins. The target setting is not used.",
    ]),
    ("Variants (game options)", [
        [
            "Pleasant Company: a player who takes all four Moon Personalities (the Author, "
            "the Lunatic, the Diplomat and the Huntress) scores nothing for them, and the same "
            "goes for all four Sun Personalities (the Painter, the Penitent, the Diplomat and "
            "the Bard).",
            "House Party: when only one player gathered any Personalities in a hand, that "
            "player scores nothing and the others share those points equally (scores can then "
            "be fractions; the app keeps them exact). Pleasant Company does not cancel them "
            "in that case. With two players the opponent takes all of those points and the "
            "Cottage is discarded.",
        ],
    ]),
    ("Playing in the app", [
        CLICKING,
        "A card that can join several tricks also shows small \u201con \u2026\u201d buttons "
        "under it, one per trick, as a shortcut. During the simultaneous start the other "
        "players' choices stay hidden until everyone has chosen.",
    ]),
    ("Move notation in the log", [
        [
            "start lunatic: begin a new trick with the Lunatic (the simultaneous start, or a "
            "turn where nothing fits).",
            "lunatic on journey: add the Lunatic to the open trick whose FIRST card is the "
            "Journey.",
            "cottage lunatic: put the Lunatic into the Cottage (two players).",
        ],
        CARD_IDS,
    ]),
    ("Credits", [
        "Hermit was designed by P.D. Magnus, inspired by an earlier game (not for the Decktet) "
        "that he codesigned with Dean Howard. The Cottage rules for two players, the "
        "five-player rules and the two variants come from the same published rules.",
        DECKTET_CREDIT,
    ]),
]

_TYPE_TRUMP: list[Section] = [
    ("The idea", [
        "A trick-taking game where the trumps are a kind of card rather than a suit: in each "
        "round either the Personalities, the Locations or the Events are trumps. Before play, "
        "every player names one suit to collect, and scores a point for every card showing "
        "that suit among the tricks they win.",
    ]),
    ("Deal and trumps", [
        "All 36 cards of the basic Decktet (Aces, 2 to 9 and Crowns) are dealt out evenly. "
        "By default the trump type goes round in a cycle: Personalities in the first round, "
        "Locations in the second, Events in the third, then Personalities again. The "
        "trumps option set to \u201cpersonalities\u201d, handy while learning, keeps "
        "Personalities as trumps every round.",
        "Each type has exactly eleven cards. The Origin, the Market and the End are both "
        "Locations and Events, so they are trumps in Location and in Event rounds. Aces have "
        "no type and are never trumps.",
    ]),
    ("Declaring", [
        "Once the cards are dealt, every player chooses a scoring suit, or chooses to be the "
        "Spoiler. Several players may pick the same suit. By default everyone chooses in "
        "secret and the choices are shown together; with the declare option set to "
        "\u201csequential\u201d, players declare openly one at a time, clockwise starting with "
        "the dealer.",
        "If every player picks the Spoiler, the hand is thrown in and the same dealer deals "
        "again; that deal does not count as a round.",
    ]),
    ("Playing a trick", [
        "The player to the dealer's left leads the first trick, and whoever wins a trick "
        "leads the next. Players follow clockwise.",
        [
            "When the lead is not a trump, you must play a card sharing at least one suit "
            "with the lead if you have one; if not, play anything. A trump only has power "
            "here if it shares a suit with the lead. The best such trump wins; without one, "
            "the highest card sharing a suit with the lead wins.",
            "Because of that duty, a trump that is your only card matching the lead's suit "
            "must be played, and it then beats every non-trump.",
            "When the lead is a trump, you must play a trump of that type, whatever its "
            "suits, if you hold one. The highest trump wins. With no trump left you may play "
            "anything, but it cannot win.",
            "Ranks run Ace (low), 2 to 9, then Crown (high). Between two winning candidates "
            "of the same rank, the one played later wins.",
        ],
    ]),
    ("Scoring", [
        "When all the cards have been played, each player scores one point per card among "
        "their tricks that shows their declared suit (a card counts once, even with two "
        "suits).",
        "The Spoiler must win exactly one trick. Then, for each other player, count the "
        "cards in that trick that show that player's declared suit; the Spoiler scores the "
        "biggest of those counts. A Spoiler who wins no trick, or two or more, scores "
        "nothing.",
        "The player who led the first trick of the round deals the next one.",
    ]),
    ("End of the game", [
        "By default the game ends after a round in which someone has 21 points or more and "
        "nobody is level with the top score (31 makes a longer game). Alternatively, set a "
        "number of rounds; players tied on top then share the win.",
    ]),
    ("Partnership (4 players, option)", [
        "The designer offered this as an untested idea. Partners sit opposite each other: "
        "you and the player across the table against the other two. After the deal, "
        "partners swap hands, so each plays the hand the partner was dealt (and knows the "
        "hand it gave away). Each team chooses one scoring suit, with no Spoiler: you "
        "choose for your team. The tricks of both partners are scored together and both "
        "show the team total.",
    ]),
    ("Playing in the app", [
        "To declare, click one of the suit buttons or the Spoiler button. To play, click a "
        "card in your hand: only the cards you may legally play respond. With the keyboard, "
        "Tab moves through the legal moves and Enter plays the one in focus.",
    ]),
    ("Move notation in the log", [
        [
            "declare waves: choose Waves as your scoring suit (any of the six suits).",
            "declare spoiler: play the Spoiler for the round.",
            "bard: play the Bard. A card play is just the card's id.",
        ],
        CARD_IDS,
    ]),
    ("Credits", [
        "Type Trump was designed by Greg James.",
        DECKTET_CREDIT,
    ]),
]

_FERRET: list[Section] = [
    ("The idea", [
        "A two-player game about prising cards away. On your turn you play a card from your "
        "hand to take a card from the table, either from the three-card pool in the middle "
        "or from your opponent's unscored tableau. Your card takes the place of the one you "
        "took. Cards in your tableau score when they make runs, so the aim is to collect "
        "the right cards there.",
    ]),
    ("Setting up", [
        "Each player gets five cards, three are turned up as the pool, and the rest form the "
        "face-down draw pile. The player who did not deal goes first.",
    ]),
    ("Where the card you take goes", [
        "The Decktet has three pairs of suits that never share a card: Moons and Wyrms, Suns "
        "and Leaves, Waves and Knots. Each is the other's \u201cantipathetic\u201d suit.",
        [
            "If the card you play shows a suit antipathetic to one of the target's suits, the "
            "target goes into your tableau, and you then draw from the pile.",
            "Otherwise the target goes into your hand and your turn ends there, without a "
            "draw. Either way your hand stays at five cards and the pool at three.",
            "You may pass instead of playing.",
        ],
        "For example, the Penitent (Suns and Wyrms) can pull the Lunatic (Moons and Waves) "
        "into your tableau because of Wyrms against Moons, or pull the Soldier (Wyrms and "
        "Knots) into your hand, since nothing on the Penitent opposes the Soldier's suits.",
    ]),
    ("Sets", [
        "Three cards in your tableau with a suit in common and consecutive ranks form a set "
        "the moment they are all there. The set scores at once, is locked for the rest of "
        "the game and can no longer be taken.",
        "Aces and Crowns are wild within their own suit, but they keep their natural rank "
        "whenever it could fit, and runs do not wrap around: an Ace, a 2 and a Crown read "
        "as 1-2-3, and a 9, a Crown and an Ace read as 8-9-Crown.",
        "When the card that just arrived could complete more than one set, the owner of that "
        "tableau picks which one forms.",
    ]),
    ("Layoffs", [
        "A single card in either tableau that extends an existing set by one rank at either "
        "end (towards the Ace or the Crown) is laid off onto it automatically: nobody may "
        "hold it back, even when the set belongs to the opponent. A layoff scores for the "
        "player from whose tableau it came. A card that fits two sets at once belongs to "
        "both for later layoffs. An Ace or a Crown lays off only at its natural rank.",
        "If the card you ferret completes a set of your own, that set forms instead of the "
        "card being laid off. Within one turn the app resolves things in this order: a set "
        "in the mover's tableau, a set in the opponent's, then layoffs from both tableaux "
        "(repeated until none fits), then the mover's draw.",
    ]),
    ("End and final scoring", [
        "The game stops as soon as the last card of the draw pile is taken, or when both "
        "players pass one after the other. The pool's three cards stay out of play.",
        "Then each player adds the five hand cards to their tableau to make sets and "
        "layoffs: first the player who was not the one to empty the pile (or, after two "
        "passes, the one who passed first), then the other, then the first player may lay off onto "
        "the second player's new sets. The app makes these final arrangements for both "
        "players, choosing for each the one that scores most (and, on a tie, the one that "
        "leaves the opponent lowest).",
        "The player with more cards in their score pile wins; equal piles share the win.",
    ]),
    ("Playing in the app", [
        CLICKING,
        "A highlighted target says whether it will go to your tableau or to your hand. The "
        "Pass button passes. When you must choose between sets, each possible set is shown "
        "as a button.",
    ]),
    ("Move notation in the log", [
        [
            "penitent > lunatic: play the Penitent and take the Lunatic (from the pool or "
            "the opponent's tableau); where the Lunatic goes follows from the suits.",
            "pass: pass the turn.",
            "set ace-knots market castle: the chosen set, its three cards listed low to high, "
            "so a wild card's place gives its value (here the Ace stands for a 5).",
        ],
        CARD_IDS,
    ]),
    ("Credits", [
        "Ferret was designed by Greg James.",
        DECKTET_CREDIT,
    ]),
]

_WHIST: list[Section] = [
    ("The idea", [
        "A solitaire trick-taking game against a dummy that plays by itself. Six numbered "
        "wild cards lie face up in a row. After each hand of ten tricks, if the number of "
        "tricks you won equals the number on a face-up wild card, you turn that card over; "
        "if it matches none, you have lost. Turn over all six to win.",
    ]),
    ("The deck this app uses, and why", [
        "The rules do not say which deck to use, so Hermitage uses the one that fits every "
        "number they mention: 54 cards, made of four suits (Moons, Suns, Waves and Leaves) "
        "with ranks 1 to 12, plus six wild cards.",
        [
            "The four 8s, one per suit, are taken out to be the trump stack, so that turning "
            "an 8 names a trump suit.",
            "That leaves 48 - 4 = 44 suited cards, exactly enough for two hands per pass "
            "through the deck: 10 for you and 10 for the dummy, then the same again for the "
            "aft hand, with 4 left over.",
            "The six wild cards never enter the deck; they are only used for scoring. A hand "
            "has ten tricks, so you can win 0 to 10; by default the wild cards show 1 to 6, "
            "and the wilds option lets you choose six numbers from 0 to 10 (repeats allowed).",
        ],
        "In the log, the cards are named rank-suit (7-waves, 12-moons), and the wild cards "
        "wild-1 to wild-6.",
    ]),
    ("Setting up", [
        "Shuffle the four 8s into their own stack and turn the top one up: its suit is the "
        "trump. Shuffle the other 44 cards; you get ten and the dummy ten, face down.",
    ]),
    ("A trick", [
        [
            "The dummy turns up its top card.",
            "Before you play, you may turn the next 8 of the stack; its suit becomes the trump "
            "from now on, including for this trick. You may do this again and again while "
            "the stack has cards. The stack is never put back together.",
            "Turning the last 8 of the stack means there is no trump at all for the rest of "
            "the game.",
            "Then play any card from your hand; you do not have to follow suit.",
        ],
        "You take the trick if your card is a trump and the dummy's is not, or if both are "
        "trumps and yours is higher, or if neither played a trump and your card is of the "
        "dummy's suit and higher. In every other case the dummy takes it.",
    ]),
    ("Hands and the end", [
        "After ten tricks the wild cards are checked as described above. If you survive, "
        "the aft hand is dealt from the rest of the same deck without shuffling: ten cards "
        "each, and the last four are put aside unseen. After the aft hand the 44 cards are "
        "shuffled for a new forehand, while the 8s stack stays as it is.",
        "Every hand either turns a wild card or ends the game, so a game lasts at most six "
        "hands. The score shown is the number of wild cards turned so far.",
    ]),
    ("Playing in the app", [
        "Click \u201cFlip the next 8\u201d to change the trump, as often as you like, then "
        "click a card in your hand to play it. With the keyboard, Tab moves through the "
        "legal moves and Enter plays the one in focus.",
    ]),
    ("Move notation in the log", [
        [
            "flip: turn the next 8 of the trump stack.",
            "7-waves: play the 7 of Waves (any card id, rank then suit).",
        ],
    ]),
    ("Credits", [
        "Hermits Whist was designed by Adam Telford, inspired by P.D. Magnus. The deck "
        "described above is this app's reading of the rules, not part of them.",
    ]),
]

_STONES: list[Section] = [
    ("The idea", [
        "An abstract game for two. Players take turns dropping stones of their colour on an "
        "empty board, trying to end with as many separate groups as possible. A group is a "
        "set of your stones joined through shared edges, and it may only ever hold 1, 3 or "
        "5 stones. A lone stone is a hermit.",
    ]),
    ("The board", [
        "The standard board is a 7 by 7 square. The app also offers a hexagonal board of 61 "
        "cells (five cells to a side), and, as extras, square 5 by 5 and 9 by 9 boards and a "
        "smaller hexagon. Stones never run out.",
    ]),
    ("Placing stones", [
        [
            "The first stone of the game may go anywhere except the centre cell.",
            "After that, players alternate, placing one stone on an empty cell each turn.",
            "A stone is allowed only if the group it ends up in, counting the groups of "
            "yours it joins, has 1, 3 or 5 stones. Groups of 2, 4, or more than 5 are "
            "never allowed.",
            "Your opponent's stones do not count towards your groups, so stones of different "
            "colours may touch freely.",
            "A cell closed to you can open again later: a new group of yours next to it can "
            "make the total odd and small enough.",
            "If you have no allowed cell, your turn is skipped (the log records it). The game "
            "ends when neither player can place a stone.",
        ],
    ]),
    ("Who wins", [
        "The player with more groups on the board wins. If that is level, the one with more "
        "single-stone groups wins; if still level, the one with more groups of three; and "
        "if still level, the player who placed the last stone. The score shown for each "
        "player is their number of groups.",
    ]),
    ("Playing in the app", [
        "Click (or tap) an empty cell where you may place; cells you may not use do not "
        "respond. With the keyboard, Tab moves through the allowed cells and Enter places "
        "the stone.",
    ]),
    ("Move notation in the log", [
        [
            "Square boards: a letter for the column (a to g on 7 by 7, left to right) and a "
            "number for the row (1 to 7, bottom to top). d4 is the centre.",
            "Hexagonal board: a letter for the row (a to i, top to bottom; the rows hold "
            "5, 6, 7, 8, 9, 8, 7, 6 and 5 cells) and a number for the cell in that row, "
            "counted from 1 at the left. e5 is the centre.",
        ],
    ]),
    ("Credits and permission", [
        "Hermit, the stone-placing game, was designed by Phil Leduc (copyright 2020, all "
        "rights reserved). His published rules ask anyone who wants to program or sell the "
        "game to contact him first.",
        "Hermitage is a free, non-commercial fan implementation: it credits Phil Leduc by "
        "name, charges nothing and sells nothing. Please read his own rules, as he published "
        "them, for the authoritative text and for how to reach him.",
    ]),
]

_SECTIONS = {
    "hermit": _HERMIT,
    "type-trump": _TYPE_TRUMP,
    "ferret": _FERRET,
    "hermits-whist": _WHIST,
    "hermit-stones": _STONES,
}

#: game id -> the game's rules page (see the module docstring for the shape)
HELP: dict[str, dict[str, Any]] = {
    gid: {
        "title": GAMES[gid].TITLE,
        "designer": GAMES[gid].DESIGNER,
        "players": _players(GAMES[gid]),
        "summary": GAMES[gid].PITCH,
        "sections": sections,
    }
    for gid, sections in _SECTIONS.items()
}

#: the site-wide credits and licences page
CREDITS: dict[str, Any] = {
    "title": "Credits and licences",
    "sections": [
        ("The games", [
            [
                "Hermit (the Decktet trick-taking game): P.D. Magnus.",
                "Type Trump: Greg James.",
                "Ferret: Greg James.",
                "Hermits Whist: Adam Telford, inspired by P.D. Magnus.",
                "Hermit (the stone-placing game): Phil Leduc, copyright 2020.",
            ],
            "Each game's rules page in this app is a summary in our own words; the designers' "
            "published rules are the authority.",
        ]),
        ("The Decktet", [
            DECKTET_CREDIT,
            "The cards here are drawn by the app's own code; the card names, ranks and suits "
            "follow the Decktet.",
        ]),
        ("Hermit (stones): permission", [
            "Phil Leduc's rules reserve all rights and ask anyone who programs or sells the "
            "game to contact him. Hermitage is a free, non-commercial fan implementation that "
            "names him as the designer and points players to his published rules.",
        ]),
        ("Hermitage itself", [
            "Hermitage is free and non-commercial. Its code is under the MIT licence; that "
            "licence does not cover the games' designs or the Decktet, which keep their own "
            "terms above.",
            "It runs Python in your browser with Pyodide (Mozilla Public License 2.0) started "
            "by PyScript (Apache License 2.0), both served from this site. Nothing is sent "
            "anywhere: saves and statistics stay in your browser until you export them.",
        ]),
    ],
}


def as_text(page: dict[str, Any]) -> str:
    """A help or credits page as plain text (headings, paragraphs, "- " bullets).

    >>> print(as_text({"title": "T", "sections": [("H", ["p", ["a", "b"]])]}))
    T
    <BLANKLINE>
    H
    p
    - a
    - b
    """
    lines = [page["title"]]
    for heading, blocks in page["sections"]:
        lines += ["", heading]
        for block in blocks:
            if isinstance(block, str):
                lines.append(block)
            else:
                lines += [f"- {item}" for item in block]
    return "\n".join(lines)
