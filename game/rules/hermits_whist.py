"""Hermits Whist, a solitaire by Adam Telford, inspired by P.D. Magnus
(rules/hermits-whist.txt).  You play tricks against a dummy that acts by itself.

The deck
--------
The text names no deck, so we use the one that fits every number in it
(shared/DESIGN.md): 54 cards = four suits (moons suns waves leaves) x ranks
1-12, ids like ``7-waves``, plus six wild cards ``wild-1`` .. ``wild-6``.

* "Separate the 8 cards from the deck": each suit has an 8, so the four 8s
  form the trump stack and each of them names one of the four suits.
* "Deal ten cards to you and ten facedown to the dummy" and, for the aft hand,
  "Ten cards to yourself and ten to the dummy. (There will be four cards
  leftover.)": 10 + 10 + 10 + 10 + 4 = 44 cards, which is exactly what is left
  of 4 x 12 = 48 suited cards once the four 8s are out (54 - 4 eights - 6
  wild cards = 44).
* "Set all six of the wild cards side-by-side in a row": six wild cards, each
  with a pip.  A hand has ten tricks, so the tricks won run from 0 to 10; the
  option ``wilds`` gives the six pips (ints in 0..10, duplicates allowed;
  default 1, 2, 3, 4, 5, 6), and the pip of ``wild-i`` is ``wilds[i-1]``.

The wild cards
--------------
The text's only use of the wild cards is scoring: "Set all six of the wild
cards side-by-side in a row.  These cards will be used for scoring." and "If
you won exactly as many tricks as the pip number on one of the face-up wild
cards, flip over that wild card."  So they are never shuffled into the deck,
dealt or played: they sit in their row from the first hand to the last (and
the 44-card count above leaves no room for them in the deck).  When several
face-up wild cards share the pip you matched, one of them flips: the first in
the row (they are interchangeable).  "If you cannot ... flip over a wild card,
you have lost": the game is over and nobody won (``winners() == []``);
"Succeeding requires flipping over all six wild cards": then ``winners() ==
[0]``.  ``scores()`` is ``[wild cards flipped]``.  Every hand either flips a
wild card or ends the game, so a game lasts at most six hands.

Play
----
* The trick: the dummy's top card turns up by itself; then you play any card
  of your hand (no duty to follow suit: "you may play any card").
* ``flip`` turns the next 8 of the stack before you play your card, as often as
  you like while it has cards; "If you turn over all the 8 cards so that there
  are no cards left in the 8's stack, then there is no trump for the remainder
  of the game": turning the LAST 8 leaves no trump, for good.  The stack is
  never reset.
* You win the trick with a trump against a non-trump, with the higher trump,
  or, when no trump was played, with a higher card of the dummy's suit.
* After ten tricks the wild cards are checked; the aft hand is dealt from the
  same deck (your 10, the dummy's 10, four set aside unseen); after the aft
  hand the 44 cards are reshuffled for the next forehand.  ``round`` is the
  hand number 1, 2, 3, ...

Deal zones: ``eights`` (4, top first: the first is turned up at once) and
``stock`` (44, top first: your 10, the dummy's 10 in the order it turns them
up, then the aft hand's 10 + 10 the same way, then the 4 set aside).

>>> wins_trick("7-waves", "9-waves", trump=None)     # followed suit higher
True
>>> wins_trick("7-waves", "2-moons", trump="moons")  # trumped
True
>>> wins_trick("7-waves", "12-suns", trump="moons")  # neither trump nor the dummy's suit
False
>>> wins_trick("7-moons", "12-waves", trump="moons") # the dummy's trump beats a plain card
False

Turning the last 8 ends trumps for good (the stack starts with three face down):

>>> from game import new_game
>>> s = new_game("hermits-whist", seed=1)
>>> for _ in range(3):
...     s.play(0, "flip")
>>> s.view(0)["trump"], s.view(0)["stack"], "flip" in s.legal_moves(0)
(None, 0, False)
"""

from __future__ import annotations

import random
from typing import Any, Sequence, TypedDict

from ..core import BaseView, IllegalMove, Option, State, check_deal, plural, shuffle
from ..decktet import SUITS as DECKTET_SUITS

#: The four suits of this deck (the Decktet's first four, in its order).
SUITS: tuple[str, ...] = DECKTET_SUITS[:4]
RANKS = 12
N_SUITED = len(SUITS) * RANKS          # 48
N_WILDS = 6
EIGHT = 8
HAND_SIZE = 10
TRICKS_PER_HAND = 10

#: card index -> id: suited cards are suit * 12 + rank - 1, wild-i is 47 + i.
IDS: tuple[str, ...] = (tuple(f"{r}-{s}" for s in SUITS for r in range(1, RANKS + 1))
                        + tuple(f"wild-{i}" for i in range(1, N_WILDS + 1)))
INDEX: dict[str, int] = {cid: i for i, cid in enumerate(IDS)}
SUIT: tuple[int, ...] = tuple(c // RANKS for c in range(N_SUITED))
RANK: tuple[int, ...] = tuple(c % RANKS + 1 for c in range(N_SUITED))
WILDS: tuple[int, ...] = tuple(range(N_SUITED, N_SUITED + N_WILDS))
#: the trump stack's cards, in suit order
EIGHTS: tuple[int, ...] = tuple(c for c in range(N_SUITED) if RANK[c] == EIGHT)
#: the 44 cards that are dealt, in canonical order
MAIN_DECK: tuple[int, ...] = tuple(c for c in range(N_SUITED) if RANK[c] != EIGHT)
#: the cards a ``deal`` must place (the wild cards are never dealt)
DEAL_UNIVERSE: dict[str, int] = {IDS[c]: c for c in range(N_SUITED)}

FLIP = "flip"
NO_TRUMP = -1
#: notation -> card index, or -1 for ``flip``
PARSE: dict[str, int] = {IDS[c]: c for c in range(N_SUITED + N_WILDS)}
PARSE[FLIP] = -1


def card_name(c: int) -> str:
    """Words for a card.

    >>> card_name(INDEX["7-waves"]), card_name(INDEX["wild-2"])
    ('the 7 of Waves', 'wild card 2')
    """
    if c >= N_SUITED:
        return f"wild card {c - N_SUITED + 1}"
    return f"the {RANK[c]} of {SUITS[SUIT[c]].capitalize()}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def beats(card: int, dummy: int, trump: int) -> bool:
    """Whether your ``card`` wins the trick against the dummy's (``trump``: a suit or -1)."""
    cs = SUIT[card]
    ds = SUIT[dummy]
    if cs == trump:
        # "you played a trump and the dummy did not; you played a higher trump than the dummy"
        return ds != trump or RANK[card] > RANK[dummy]
    if ds == trump:
        return False
    # "no trump was played, but you followed suit with a higher card than the dummy"
    return cs == ds and RANK[card] > RANK[dummy]


def wins_trick(dummy: str, card: str, trump: str | None) -> bool:
    """Whether you win the trick playing ``card`` on the dummy's ``dummy`` (ids).

    >>> wins_trick("3-suns", "1-suns", trump="suns")   # the higher trump wins
    False
    """
    t = NO_TRUMP if trump is None else SUITS.index(trump)
    return beats(INDEX[card], INDEX[dummy], t)


class WhistTrick(TypedDict):
    dummy: str
    card: str
    won: bool


class WildView(TypedDict):
    card: str
    pip: int
    flipped: bool


class WhistView(BaseView):
    """``view(0)`` of Hermits Whist, as the page reads it."""

    phase: str
    result: str
    hand: list[str]
    deal_hand: str
    deck_pass: int
    trick: int | None
    dummy_card: str | None
    dummy_left: int
    tricks: list[WhistTrick]
    tricks_won: int
    trump: str | None
    stack: int
    eights_turned: list[str]
    wilds: list[WildView]
    wilds_flipped: int
    targets: list[int]
    discards: list[str]
    stock_left: int
    last_hand: dict[str, Any] | None


def trump_after(eights: tuple[int, ...], turned: int) -> int:
    """The trump suit (or -1) once ``turned`` 8s of the stack ``eights`` are face up.

    "If you turn over all the 8 cards so that there are no cards left in the 8's
    stack, then there is no trump for the remainder of the game."

    >>> e = tuple(INDEX[f"8-{s}"] for s in ("waves", "moons", "suns", "leaves"))
    >>> [trump_after(e, k) for k in (1, 2, 3, 4)]
    [2, 0, 1, -1]
    """
    return SUIT[eights[turned - 1]] if turned < len(EIGHTS) else NO_TRUMP


def wild_to_flip(pips: tuple[int, ...], flipped: list[bool] | tuple[bool, ...], won: int) -> int | None:
    """The wild card (0-based place in the row) that ``won`` tricks flip, or None (lost).

    "If you won exactly as many tricks as the pip number on one of the face-up wild
    cards, flip over that wild card": the first face-up one with that pip.

    >>> wild_to_flip((1, 3, 3, 4, 5, 6), (False, True, False, False, False, False), 3)
    2
    >>> wild_to_flip((1, 2, 3, 4, 5, 6), (False,) * 6, 7) is None
    True
    """
    for i, p in enumerate(pips):
        if p == won and not flipped[i]:
            return i
    return None


def hand_base(aft: bool) -> int:
    """Where a hand's deal starts in its stock: the forehand at 0, the aft hand after
    the forehand's 20 cards."""
    return 2 * HAND_SIZE if aft else 0


def dealt(stock: tuple[int, ...], aft: bool) -> tuple[list[int], tuple[int, ...]]:
    """Your hand (sorted) and the dummy's cards in the order it turns them up, for the
    forehand (or, with ``aft``, the aft hand) dealt from ``stock``: "Deal ten cards to
    you and ten facedown to the dummy"."""
    base = hand_base(aft)
    return sorted(stock[base:base + HAND_SIZE]), tuple(stock[base + HAND_SIZE:base + 2 * HAND_SIZE])


def solve(state: "GameState") -> list[str] | None:
    """Moves that win the game from this position, played in order, or None if none do.

    Perfect information: the solver knows every card (the dummy's, the 8s, the
    later shuffles the state's RNG will make).  The search is exact and
    memoised (game/rules/hermits_whist_solver.py).

    >>> from game import new_game
    >>> s = new_game("hermits-whist", seed=2)
    >>> line = solve(s)
    >>> line[:4]
    ['3-moons', '4-moons', '7-moons', '11-moons']
    >>> for move in line:
    ...     s.play(0, move)
    >>> s.winners(), s.scores()
    ([0], [6])
    >>> solve(s)                 # a won game: nothing left to play
    []
    >>> solve(new_game("hermits-whist", seed=0, options={"wilds": [10] * 6})) is None
    True

    ``options={"winnable": True}`` deals only games this function wins.
    """
    from .hermits_whist_solver import solve as _solve   # late import: the solver imports this module
    return _solve(state)


class GameState(State):
    """Hermits Whist for one player against the dummy.  See the module docstring."""

    GAME_ID = "hermits-whist"
    TITLE = "Hermits Whist"
    DESIGNER = "Adam Telford (inspired by P.D. Magnus)"
    PITCH = ("Solitaire whist against a dummy: win exactly as many tricks as a wild card's "
             "pip to flip it; flip all six to win.")
    RULES_FILE = "hermits-whist.txt"
    VIEW = WhistView
    MIN_PLAYERS = 1
    MAX_PLAYERS = 1
    DEFAULT_PLAYERS = 1
    OPTIONS = (
        Option("wilds", [1, 2, 3, 4, 5, 6], "ints",
               "The number on each of the six wild cards (0-10; the same number may repeat).",
               minimum=0, maximum=TRICKS_PER_HAND, length=N_WILDS, label="Wild cards"),
        # The deal of the smallest seed s >= seed that solve() proves winnable
        # (DESIGN.md); deal_seed is s.  See hermits_whist_solver.first_winnable.
        Option("winnable", False, "bool", "winnable deals only"),
    )

    # ---- setup ---------------------------------------------------------------

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        out = check_deal(deal, {"eights": len(EIGHTS), "stock": len(MAIN_DECK)}, DEAL_UNIVERSE)
        odd = [IDS[c] for c in out["eights"] if RANK[c] != EIGHT]
        if odd:
            raise ValueError(f"deal: eights must hold the four 8s, not {', '.join(odd)}")
        return out

    def _setup(self, deal: dict[str, Any] | None) -> None:
        #: the seed whose deals are played: ``seed``, or with ``winnable`` the first
        #: seed from it on whose game solve() wins (its RNG makes every later shuffle)
        self.deal_seed = self.seed
        if self.options["winnable"]:
            from .hermits_whist_solver import first_winnable
            found = first_winnable(self.seed, self.options, self._deal_given)
            self.deal_seed, self._rng_key = found.seed, found._rng_key
        if deal is None:
            eights = shuffle(self.rng("eights"), list(EIGHTS))
            stock = self.shuffled_stock(1)
        else:
            eights, stock = deal["eights"], deal["stock"]
        self.pips: tuple[int, ...] = tuple(self.options["wilds"])
        self.wild_flipped: list[bool] = [False] * N_WILDS
        self.eights: tuple[int, ...] = tuple(eights)
        # "flip up the top card. This determines the initial trump suit."
        self.turned8 = 1
        self.trump = SUIT[self.eights[0]]
        self.over = False
        self.result = "playing"
        self.last_hand: dict[str, Any] | None = None
        self.stock: tuple[int, ...] = tuple(stock)
        self.aft = False
        self._start_hand()

    def _start_hand(self) -> None:
        """Deal a hand from the current pass through the deck: 10 to you, 10 to the dummy."""
        self.base = hand_base(self.aft)
        self.hand: list[int] = dealt(self.stock, self.aft)[0]
        self.tricks: list[tuple[int, int, bool]] = []
        self.won = 0
        if self._events is not None:
            self._emit("deal", hand="aft" if self.aft else "forehand",
                       trump=None if self.trump == NO_TRUMP else SUITS[self.trump])
            self._emit_dummy()

    def _emit_dummy(self) -> None:
        """The dummy turns up its card for the next trick."""
        self._emit("dummy", card=IDS[self.dummy_card()], trick=len(self.tricks) + 1)

    def shuffled_stock(self, round_: int) -> tuple[int, ...]:
        """The 44 cards shuffled for the forehand of hand ``round_`` (1, 3, 5, ...) by
        the state's RNG."""
        return tuple(shuffle(self.rng(f"deal {round_}"), list(MAIN_DECK)))

    def deal_after(self, stock: tuple[int, ...], aft: bool, round_: int) -> tuple[tuple[int, ...], bool]:
        """The stock and aft flag of the hand after hand ``round_`` (dealt from
        ``stock``; an aft hand if ``aft``): the aft hand is dealt "without
        reshuffling"; "After completing the aft hand, reshuffle the main deck"."""
        if aft:
            return self.shuffled_stock(round_ + 1), False
        return stock, True

    def dummy_card(self) -> int:
        """The dummy's turned card of the trick in progress."""
        return self.stock[self.base + HAND_SIZE + len(self.tricks)]

    def _unseen_from(self) -> int:
        """Stock position from which on no card has been seen (the dummy's
        face-down cards, then the rest of the deck)."""
        turned = len(self.tricks) + (0 if self.over else 1)
        return self.base + HAND_SIZE + turned

    # ---- play ----------------------------------------------------------------

    def _flip_eight(self) -> None:
        self.turned8 += 1
        # The last 8 leaves the stack empty: no trump for the rest of the game.
        self.trump = trump_after(self.eights, self.turned8)

    def _apply(self, seat: int, move: str) -> None:
        c = PARSE[move]
        if c < 0:
            self._flip_eight()
            if self._events is not None:
                self._emit("eight", card=IDS[self.eights[self.turned8 - 1]],
                           trump=None if self.trump == NO_TRUMP else SUITS[self.trump],
                           left=len(EIGHTS) - self.turned8)
            return
        d = self.dummy_card()
        self.hand.remove(c)
        w = beats(c, d, self.trump)
        self.tricks.append((d, c, w))
        if w:
            self.won += 1
        if self._events is not None:
            self._emit("trick", cards=[IDS[d], IDS[c]], taker=0 if w else None, points=0, won=w,
                       trump=None if self.trump == NO_TRUMP else SUITS[self.trump], tricks_won=self.won)
        if len(self.tricks) == TRICKS_PER_HAND:
            self._end_hand()
        elif self._events is not None:
            self._emit_dummy()

    def _end_hand(self) -> None:
        flipped = wild_to_flip(self.pips, self.wild_flipped, self.won)
        if flipped is not None:
            self.wild_flipped[flipped] = True
        self.last_hand = {
            "round": self.round,
            "tricks_won": self.won,
            "flipped": IDS[WILDS[flipped]] if flipped is not None else None,
        }
        if self._events is not None:
            if flipped is not None:
                self._emit("wild", card=IDS[WILDS[flipped]], pip=self.pips[flipped])
            self._emit("round", points=[int(flipped is not None)], totals=self.scores(), detail={
                "tricks_won": self.won,
                "flipped": self.last_hand["flipped"],
                "targets": sorted(p for p, f in zip(self.pips, self.wild_flipped) if not f)
                + ([] if flipped is None else [self.pips[flipped]]),
            })
        if flipped is None:
            self.over, self.result = True, "lost"
            return
        if all(self.wild_flipped):
            self.over, self.result = True, "won"
            return
        # "After completing the aft hand, reshuffle the main deck but leave the 8's stack as it is."
        self.stock, self.aft = self.deal_after(self.stock, self.aft, self.round)
        self.round += 1
        self._start_hand()

    # ---- contract ------------------------------------------------------------

    def to_move(self) -> list[int]:
        return [] if self.over else [0]

    def _legal(self, seat: int) -> list[str]:
        moves = [IDS[c] for c in self.hand]
        if self.turned8 < len(EIGHTS):
            moves.append(FLIP)
        return moves

    def _over_reason(self) -> str:
        # "Succeeding requires flipping over all six wild cards"; "If you cannot
        # flip over a wild card, you have lost."
        return "all-wilds" if self.result == "won" else "no-wild"

    def _over_detail(self) -> dict[str, Any]:
        return {"tricks_won": self.won,
                "targets": sorted(p for p, f in zip(self.pips, self.wild_flipped) if not f)}

    # ---- text forms ----------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a Hermits Whist move.

        >>> GameState.parse_move("flip"), GameState.parse_move("7-waves")
        ({'kind': 'flip', 'card': None}, {'kind': 'card', 'card': '7-waves'})
        """
        c = PARSE.get(move)
        if c is None or c >= N_SUITED:
            raise ValueError(f"{move!r} is not Hermits Whist notation (flip, or a card id such as 7-waves)")
        return {"kind": "flip", "card": None} if c < 0 else {"kind": "card", "card": move}

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        p = cls.parse_move(move)
        return ("turn", "up the next 8") if p["kind"] == "flip" else ("play", card_name(INDEX[p["card"]]))

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """Hermits Whist's events in words.

        >>> GameState.event_text({"kind": "trick", "cards": ["9-waves", "7-waves"], "taker": None,
        ...                       "won": False, "trump": None, "tricks_won": 2}, ["You"], 0)
        'The dummy wins the trick: its 9 of Waves beats your 7 of Waves (no trump). You have 2 tricks.'
        """
        kind = event["kind"]
        trump = event.get("trump")
        trump_words = f"{trump.capitalize()} trump" if trump else "no trump"
        if kind == "move":
            if cls.parse_move(event["move"])["kind"] == "card":
                return None                      # told by the "trick" event
            return cls.move_text(event["seat"], event["move"], names, you)
        if kind == "deal":
            return f"Hand {event['round']} ({event['hand']}): ten cards each to you and the dummy; {trump_words}."
        if kind == "dummy":
            return f"Trick {event['trick']}: the dummy turns up {card_name(INDEX[event['card']])}."
        if kind == "eight":
            if event["trump"] is None:
                return f"{_cap(card_name(INDEX[event['card']]))} was the last 8: no trump for the rest of the game."
            return f"{_cap(card_name(INDEX[event['card']]))} turns up: {event['trump'].capitalize()} are trumps."
        if kind == "trick":
            dummy, mine = (card_name(INDEX[c]) for c in event["cards"])
            head = (f"You win the trick: your {mine[4:]} beats the dummy's {dummy[4:]}" if event["won"]
                    else f"The dummy wins the trick: its {dummy[4:]} beats your {mine[4:]}")
            return f"{head} ({trump_words}). You have {plural(event['tricks_won'], 'trick')}."
        if kind == "wild":
            return (f"You won exactly {plural(event['pip'], 'trick')}: "
                    f"{card_name(INDEX[event['card']])} (pip {event['pip']}) is flipped.")
        if kind == "round":
            d = event["detail"]
            if d["flipped"] is None:
                return (f"Hand {event['round']}: {plural(d['tricks_won'], 'trick')}, and no face-up wild card "
                        f"shows {d['tricks_won']} (they show {', '.join(map(str, d['targets']))}).")
            return f"Hand {event['round']}: {plural(d['tricks_won'], 'trick')}; {event['totals'][0]} of 6 wild cards flipped."
        if kind == "over":
            if event["reason"] == "all-wilds":
                return "Solved: all six wild cards are flipped."
            return (f"Not solved: no face-up wild card matched your {plural(event['tricks_won'], 'trick')} "
                    f"(it needed {', '.join(map(str, event['targets']))}).")
        return None

    def _explain(self, seat: int, move: str) -> str | None:
        c = PARSE.get(move)
        if c is None:
            return f"{move!r} is not Hermits Whist notation (flip, or a card id such as 7-waves)"
        if c < 0:
            return ("the 8's stack is empty: every 8 has been turned, "
                    "so there is no trump for the rest of the game")
        if c >= N_SUITED:
            return f"{card_name(c)} is a scoring card in the row of wild cards: it is never played"
        if RANK[c] == EIGHT:
            return f"{card_name(c)} belongs to the 8's stack (it names the trump): it is never played"
        return f"{card_name(c)} is not in your hand"

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[Any]:
        return [sum(self.wild_flipped)]

    def _winners(self) -> list[int]:
        return [0] if self.result == "won" else []

    def _view(self, seat: int) -> dict[str, Any]:
        over = self.over
        unseen = self._unseen_from()
        return {
            "phase": "over" if over else "play",
            "result": self.result,
            "hand": [IDS[c] for c in self.hand],
            "deal_hand": "aft" if self.aft else "forehand",
            "deck_pass": (self.round + 1) // 2,
            "trick": None if over else len(self.tricks) + 1,
            "dummy_card": None if over else IDS[self.dummy_card()],
            "dummy_left": self.base + 2 * HAND_SIZE - unseen if not over else 0,
            "tricks": [{"dummy": IDS[d], "card": IDS[c], "won": w} for d, c, w in self.tricks],
            "tricks_won": self.won,
            "trump": None if self.trump == NO_TRUMP else SUITS[self.trump],
            "stack": len(EIGHTS) - self.turned8,
            "eights_turned": [IDS[e] for e in self.eights[:self.turned8]],
            "wilds": [{"card": IDS[w], "pip": p, "flipped": f}
                      for w, p, f in zip(WILDS, self.pips, self.wild_flipped)],
            "wilds_flipped": sum(self.wild_flipped),
            "targets": sorted(p for p, f in zip(self.pips, self.wild_flipped) if not f),
            # The forehand's tricks of this pass were played face up: they are
            # not in the aft hand's deck.
            "discards": [IDS[c] for c in sorted(self.stock[:self.base])],
            # Undealt cards: the aft hand's deck in a forehand, else the four set aside.
            "stock_left": len(MAIN_DECK) - self.base - 2 * HAND_SIZE,
            "last_hand": dict(self.last_hand) if self.last_hand else None,
        }

    # ---- hidden information ---------------------------------------------------

    def _hidden_eights(self) -> tuple[int, ...]:
        """Face-down 8s whose order is unknown (one alone is known by elimination)."""
        rest = self.eights[self.turned8:]
        return rest if len(rest) > 1 else ()

    def _secrets(self, seat: int) -> set[str]:
        out = {IDS[c] for c in self.stock[self._unseen_from():]}
        out.update(IDS[c] for c in self._hidden_eights())
        return out

    def _resample(self, seat: int, rng: random.Random) -> None:
        u = self._unseen_from()
        # sorted first: the sample depends only on what the seat sees (AI honesty)
        pool = shuffle(rng, sorted(self.stock[u:]))
        self.stock = self.stock[:u] + tuple(pool)
        if self._hidden_eights():
            rest = shuffle(rng, sorted(self.eights[self.turned8:]))
            self.eights = self.eights[:self.turned8] + tuple(rest)

    def _copy_from(self, other: State) -> None:
        # stock, eights, pips and last_hand are immutable or replaced whole.
        self.hand = self.hand[:]
        self.tricks = self.tricks[:]
        self.wild_flipped = self.wild_flipped[:]


__all__ = ["GameState", "wins_trick", "card_name", "solve", "IllegalMove", "IDS", "INDEX", "SUITS"]
