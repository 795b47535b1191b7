"""Type Trump, the Decktet trick-taking game by Greg James (rules/type-trump.txt).

Trumps are an Interpretive Type, not a suit: Personalities, Locations or
Events (the Origin, the Market and the End are both Locations and Events;
Aces have no type).  Each type has exactly 11 trumps in the 36-card deck,
Crowns included.  Every player declares a scoring suit, or the Spoiler, and
scores a point per card of that suit in his take.

Round structure, as the contract models it:

* ``declare`` phase: ``declare <suit>`` or ``declare spoiler``.  With the
  default ``declare="simultaneous"`` these are hidden commits: the choosing
  seat's own view shows its choice at once, nobody else's until all have
  chosen.  With ``declare="sequential"`` seats declare one at a time,
  clockwise from the dealer, each choice visible as it is made.  If everyone
  is the Spoiler the hand is scrubbed inside that same ``play()``: the same
  dealer redeals, and the round number and the trump type stay the same.
* ``play`` phase: one ``<card>`` (its id) per turn.  The dealer's left leads
  the first trick; a trick's winner leads the next.  When the last trick is
  taken the round is scored and, unless the game is over, the next round is
  dealt in the same ``play()``.  The next dealer is this round's first
  leader (the old dealer's left).

Partnership (``partnership=True``, 4 players): partners are seats 0+2 and
1+3.  The deal zone ``hands`` is the deal as dealt; the partners then swap,
so each seat plays its partner's dealt hand and still knows the hand it was
dealt (its view shows that hand as ``partner_hand``).  Seat 0's move
``declare <suit>`` declares for team 0+2 and seat 1's for team 1+3 (no
Spoiler); seats 2 and 3 never declare.  Declaring sequentially, the dealer's
team declares first.  Takes are combined and both partners' ``scores()``
show the team total.

The rules' play-by-play example, Locations trump:

>>> winner(["savage", "castle", "merchant", "cave"], "locations")
3
>>> card_points(["savage", "castle", "merchant", "cave"], "leaves")
2

A trump counts only if it shares a suit with a non-trump lead; a trump lead
is followed by type, regardless of suit, and ties go to the last played:

>>> winner(["bard", "desert"], "locations")     # the Desert has Suns
1
>>> winner(["bard", "cave"], "locations")       # the Cave has no Suns
0
>>> winner(["penitent", "painter", "soldier", "lunatic"], "personalities")
3
"""

from __future__ import annotations

import random
from typing import Any, Sequence, TypedDict

from ..core import BaseView, Option, State, check_deal, join_words, plural, randbelow, sentence, shuffle
from ..decktet import CARDS, DECK, IDS, INDEX, RANK, SUIT_BIT, SUIT_MASK, SUITS, name_of, sorted_ids
from . import constrained

N_CARDS = len(DECK)

#: Trump types in the order the "cycle" option visits them.
TYPE_CODES = ("P", "L", "E")
#: names used in views and in :func:`winner` (none of them is a card id)
TRUMP_NAMES = ("personalities", "locations", "events")
TYPE_WORDS = ("Personality", "Location", "Event")
#: IS_TRUMP[type][card]: whether the card is a trump when that type is trump.
IS_TRUMP: tuple[tuple[bool, ...], ...] = tuple(
    tuple(t in CARDS[c].types for c in DECK) for t in TYPE_CODES)

SPOILER = 6
NONE = -1
#: declaration codes: 0..5 the suits in canonical order, 6 the Spoiler
DECL_NAMES = SUITS + ("spoiler",)
DECLARE = tuple(f"declare {name}" for name in DECL_NAMES)
#: notation -> (is_declaration, code): a suit/Spoiler code, or a card index
PARSE: dict[str, tuple[bool, int]] = {m: (True, i) for i, m in enumerate(DECLARE)}
PARSE.update({IDS[c]: (False, c) for c in DECK})


# --------------------------------------------------------------------------
# The trick and scoring rules, as pure functions.


def trick_winner(cards: Sequence[int], trump: int) -> int:
    """Position in ``cards`` (played in order, lead first) of the winning card.

    A trump lead: the highest trump wins, whatever its suit.  A non-trump
    lead: the highest trump sharing a suit with the lead, else the highest
    card sharing a suit with the lead.  Ties go to the last played.
    """
    is_trump = IS_TRUMP[trump]
    lead = cards[0]
    best, best_rank = 0, RANK[lead]
    if is_trump[lead]:
        for i in range(1, len(cards)):
            c = cards[i]
            if is_trump[c] and RANK[c] >= best_rank:
                best, best_rank = i, RANK[c]
        return best
    lead_mask = SUIT_MASK[lead]
    trumped = False
    for i in range(1, len(cards)):
        c = cards[i]
        if SUIT_MASK[c] & lead_mask:
            if is_trump[c]:
                if not trumped or RANK[c] >= best_rank:
                    best, best_rank, trumped = i, RANK[c], True
            elif not trumped and RANK[c] >= best_rank:
                best, best_rank = i, RANK[c]
    return best


def winner(card_ids: Sequence[str], trump: str) -> int:
    """:func:`trick_winner` for card ids and a trump name ("locations", ...)."""
    return trick_winner([INDEX[c] for c in card_ids], TRUMP_NAMES.index(trump))


def follow_cards(hand: Sequence[int], lead: int, trump: int) -> list[int]:
    """The cards of ``hand`` that may be played to a trick led by ``lead``.

    A trump lead must be followed with a trump of the type, if able; any
    other lead with a card sharing a suit with it (an obliged trump
    included), if able; otherwise any card.

    >>> [IDS[c] for c in follow_cards([INDEX["desert"], INDEX["cave"]], INDEX["bard"], 1)]
    ['desert']
    """
    if IS_TRUMP[trump][lead]:
        is_trump = IS_TRUMP[trump]
        out = [c for c in hand if is_trump[c]]
    else:
        mask = SUIT_MASK[lead]
        out = [c for c in hand if SUIT_MASK[c] & mask]
    return out or list(hand)


def suit_count(cards: Sequence[int], suit: int) -> int:
    """How many of ``cards`` have suit number ``suit`` (0 = Moons .. 5 = Knots)."""
    bit = 1 << suit
    return sum(1 for c in cards if SUIT_MASK[c] & bit)


def card_points(card_ids: Sequence[str], suit: str) -> int:
    """Points a take (card ids) is worth to a player who declared ``suit``."""
    return suit_count([INDEX[c] for c in card_ids], SUITS.index(suit))


def spoiler_points(take: Sequence[int], tricks: int, others: Sequence[int]) -> int:
    """The Spoiler's score: with exactly one trick, the largest number of its
    cards matching ONE other player's declared suit (``others``: their
    declaration codes); with no trick or more than one, zero.

    >>> trick = [INDEX[c] for c in ("savage", "castle", "merchant", "cave")]
    >>> spoiler_points(trick, 1, [SUITS.index("suns"), SUITS.index("wyrms"), SPOILER])
    2
    >>> spoiler_points(trick, 2, [SUITS.index("wyrms")])
    0
    """
    if tricks != 1:
        return 0
    return max((suit_count(take, d) for d in others if 0 <= d < SPOILER), default=0)


def suits_per_type() -> list[list[int]]:
    """The rules' closing table, computed from the deck: one row per suit
    (Moons..Knots), the number of trumps of each type (P, L, E) with that suit.

    >>> suits_per_type()[0]
    [4, 2, 3]
    """
    return [[sum(1 for c in DECK if IS_TRUMP[t][c] and SUIT_MASK[c] & SUIT_BIT[s]) for t in range(3)]
            for s in SUITS]


# --------------------------------------------------------------------------
# The game.


class Played(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    trick: list[Played]
    winner: int


class TypeTrumpView(BaseView):
    """``view(seat)`` of Type Trump, as the page reads it."""

    phase: str
    trump: str
    dealer: int
    declare_mode: str
    declarers: list[int]
    declared: list[int]
    declarations: list[str | None]
    pending: str | None
    scrubs: int
    first_leader: int
    leader: int | None
    turn: int | None
    hand: list[str]
    hand_trumps: list[str]
    hand_sizes: list[int]
    partner: int | None
    partner_hand: list[str] | None
    trick: list[Played]
    lead_is_trump: bool | None
    last_trick: LastTrick | None
    takes: list[list[str]]
    tricks_taken: list[int]
    round_points: list[int]
    rounds_played: int
    target: int | None
    rounds: int | None
    last_round: dict[str, Any] | None


class GameState(State):
    """Type Trump for 3-4 players.  See the module docstring for the phases."""

    GAME_ID = "type-trump"
    TITLE = "Type Trump"
    DESIGNER = "Greg James"
    PITCH = "Trumps are a card type, not a suit; score the suit you declared, or play the Spoiler."
    RULES_FILE = "type-trump.txt"
    VIEW = TypeTrumpView
    MIN_PLAYERS = 3
    MAX_PLAYERS = 4
    DEFAULT_PLAYERS = 4
    OPTIONS = (
        Option("dealer", None, "seat", "Who deals the first round; the deal then passes to the left."),
        Option("trumps", "cycle", "choice", "Which card type is trumps in each round.",
               choices=("cycle", "personalities"),
               labels={"cycle": "Personalities, Locations, Events in turn", "personalities": "always Personalities"}),
        Option("target", 21, "int", "The game ends after a round in which someone reaches this many points "
               "with no tie at the top (31 for a longer game).", minimum=1, maximum=100),
        Option("rounds", None, "int", "Play a fixed number of rounds instead of playing to the target.",
               minimum=1, maximum=12, nullable=True, labels={None: "play to the target"}),
        Option("declare", "simultaneous", "choice", "How the players choose their scoring suits.",
               choices=("simultaneous", "sequential"),
               labels={"simultaneous": "all at once, in secret", "sequential": "in turn from the dealer"},
               label="Declaring"),
        Option("partnership", False, "bool",
               "4 players: partners sit across, swap hands and score one team suit together."),
    )

    @classmethod
    def _check_options(cls, options: dict[str, Any], players: int) -> None:
        if options["partnership"] and players != 4:
            raise ValueError(f"option 'partnership': only for 4 players, not {players}")

    # ---- setup ---------------------------------------------------------------

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        return check_deal(deal, {"hands": [N_CARDS // self.players] * self.players}, INDEX)

    def _setup(self, deal: dict[str, Any] | None) -> None:
        n = self.players
        dealer = self.options["dealer"]
        self.dealer: int = dealer if dealer is not None else randbelow(self.rng("dealer"), n)
        self.partnered: bool = self.options["partnership"]
        #: seats whose move declares (for themselves, or for their team)
        self.declarers: tuple[int, ...] = (0, 1) if self.partnered else tuple(range(n))
        self.simultaneous: bool = self.options["declare"] == "simultaneous"
        self._scores: list[int] = [0] * n
        self.rounds_played = 0
        self.deals = 0          # deals so far (scrubbed ones included): the RNG purpose
        self.scrubs = 0         # scrubbed deals of the current round
        self.last_round: dict[str, Any] | None = None
        self.over = False
        self._deal(deal)

    def _deal(self, deal: dict[str, Any] | None) -> None:
        n = self.players
        self.deals += 1
        if deal is None:
            cards = shuffle(self.rng(f"deal {self.deals}"), list(DECK))
            k = N_CARDS // n
            dealt = [cards[i * k:(i + 1) * k] for i in range(n)]
        else:
            dealt = deal["hands"]
        if self.partnered:  # partners swap hands: each plays the hand dealt across
            dealt = [dealt[(s + 2) % 4] for s in range(4)]
        self.hands: list[list[int]] = [sorted(h) for h in dealt]
        self.trump: int = (self.round - 1) % 3 if self.options["trumps"] == "cycle" else 0
        self.decl: list[int] = [NONE] * n
        self.revealed = not self.simultaneous
        self.phase = "declare"
        first = (self.dealer + 1) % n
        self.leader = first
        self.turn = first
        self.trick: list[int] = []
        self.takes: list[list[int]] = [[] for _ in range(n)]
        self.trick_counts = [0] * n
        self.last_trick: tuple[tuple[int, ...], int, int] | None = None  # cards, leader, winner
        self._order = self._declare_order()
        if self._events is not None:
            self._emit("deal", dealer=self.dealer, trump=TRUMP_NAMES[self.trump])

    def _declare_order(self) -> tuple[int, ...]:
        """Declaring seats in sequential order: "around the clock starting with the Dealer".

        Partnership: seat 0 speaks for team 0+2 and seat 1 for 1+3 (DESIGN.md),
        so the dealer's team declares first, then the other team.
        """
        n = self.players
        if not self.partnered:
            return tuple((self.dealer + i) % n for i in range(n))
        first = self.dealer % 2
        return (first, 1 - first)

    def partner(self, seat: int) -> int | None:
        """The seat across (partnership only), else None."""
        return (seat + 2) % 4 if self.partnered else None

    # ---- turn flow -----------------------------------------------------------

    def _declare(self, seat: int, code: int) -> None:
        self.decl[seat] = code
        if self.partnered:
            self.decl[seat + 2] = code
        if any(self.decl[s] == NONE for s in self.declarers):
            return
        if self.simultaneous and self._events is not None:
            self._emit("reveal", moves={s: DECLARE[self.decl[s]] for s in self.declarers})
        self.revealed = True
        if all(d == SPOILER for d in self.decl):
            # "if all players choose the Spoiler, the hand is scrubbed"
            self.scrubs += 1
            self._emit("scrub", dealer=self.dealer)
            self._deal(None)
            return
        self.phase = "play"

    def _play_card(self, seat: int, c: int) -> None:
        n = self.players
        self.hands[seat].remove(c)
        self.trick.append(c)
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        w = (self.leader + trick_winner(self.trick, self.trump)) % n
        self.takes[w].extend(self.trick)
        self.trick_counts[w] += 1
        if self._events is not None:
            d = self.decl[w]
            self._emit("trick", cards=[IDS[x] for x in self.trick], taker=w, leader=self.leader,
                       points=suit_count(self.trick, d) if 0 <= d < SPOILER else 0)
        self.last_trick = (tuple(self.trick), self.leader, w)
        self.trick = []
        self.leader = self.turn = w
        if not self.hands[w]:
            self._end_round()

    def _take_of(self, seat: int) -> list[int]:
        """The cards that score for ``seat``: its take, or its team's combined take."""
        if self.partnered:
            return self.takes[seat % 2] + self.takes[seat % 2 + 2]
        return self.takes[seat]

    def round_points(self) -> list[int]:
        """Each seat's points for the current round's takes so far."""
        n = self.players
        if self.partnered:
            team = [suit_count(self.takes[t] + self.takes[t + 2], self.decl[t]) if self.decl[t] >= 0 else 0
                    for t in (0, 1)]
            return [team[s % 2] for s in range(n)]
        out = []
        for s in range(n):
            d = self.decl[s]
            if d == SPOILER:
                others = [self.decl[p] for p in range(n) if p != s]
                out.append(spoiler_points(self.takes[s], self.trick_counts[s], others))
            elif d >= 0:
                out.append(suit_count(self.takes[s], d))
            else:
                out.append(0)
        return out

    def _end_round(self) -> None:
        n = self.players
        points = self.round_points()
        self._scores = [x + p for x, p in zip(self._scores, points)]
        self.rounds_played += 1
        self.last_round = {
            "round": self.round,
            "trump": TRUMP_NAMES[self.trump],
            "declarations": [DECL_NAMES[d] for d in self.decl],
            "tricks_taken": list(self.trick_counts),
            "points": points,
        }
        if self._events is not None:
            self._emit("round", points=list(points), totals=list(self._scores), detail={
                "trump": TRUMP_NAMES[self.trump],
                "declarations": [DECL_NAMES[d] for d in self.decl],
                "tricks_taken": list(self.trick_counts),
                "suit_cards": [sorted_ids(c for c in self._take_of(s) if 0 <= self.decl[s] < SPOILER
                                          and SUIT_MASK[c] & (1 << self.decl[s]))
                               for s in range(n)],
                "partnership": self.partnered,
            })
        if self._game_ends():
            self.over = True
            self.phase = "over"
            return
        self.round += 1
        self.scrubs = 0
        self.dealer = (self.dealer + 1) % n  # the first leader of this round deals next
        self._deal(None)

    def _game_ends(self) -> bool:
        rounds = self.options["rounds"]
        if rounds is not None:
            return bool(self.rounds_played >= rounds)
        units = [self._scores[s] for s in self.declarers]  # one score per player or team
        top = max(units)
        return top >= self.options["target"] and units.count(top) == 1

    # ---- contract ------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "play":
            return [self.turn]
        if self.simultaneous:
            return [s for s in self.declarers if self.decl[s] == NONE]
        return [next(s for s in self._order if self.decl[s] == NONE)]

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "declare":
            return list(DECLARE[:SPOILER]) if self.partnered else list(DECLARE)
        if not self.trick:
            return [IDS[c] for c in self.hands[seat]]
        return [IDS[c] for c in follow_cards(self.hands[seat], self.trick[0], self.trump)]

    def _apply(self, seat: int, move: str) -> None:
        is_decl, code = PARSE[move]
        if is_decl:
            self._declare(seat, code)
        else:
            self._play_card(seat, code)

    def _move_seen_by(self, seat: int, move: str) -> Sequence[int] | None:
        if self.phase != "declare" or not self.simultaneous:
            return None
        partner = self.partner(seat)
        return (seat,) if partner is None else (seat, partner)

    def _over_reason(self) -> str:
        return "rounds" if self.options["rounds"] is not None else "target"

    def _over_detail(self) -> dict[str, Any]:
        return {"target": self.options["target"] if self.options["rounds"] is None else None,
                "rounds": self.rounds_played}

    # ---- text forms ----------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a Type Trump move.

        >>> GameState.parse_move("declare moons"), GameState.parse_move("bard")
        ({'kind': 'declare', 'suit': 'moons', 'card': None}, {'kind': 'card', 'suit': None, 'card': 'bard'})
        """
        parsed = PARSE.get(move)
        if parsed is None:
            raise ValueError(f"{move!r} is not Type Trump notation (declare <suit>, declare spoiler, <card>)")
        is_decl, code = parsed
        if is_decl:
            return {"kind": "declare", "suit": DECL_NAMES[code], "card": None}
        return {"kind": "card", "suit": None, "card": IDS[code]}

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        p = cls.parse_move(move)
        if p["kind"] == "card":
            return "play", name_of(p["card"])
        if p["suit"] == "spoiler":
            return "play", "the Spoiler"
        return "declare", p["suit"].capitalize()

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """Type Trump's events in words.

        >>> GameState.event_text({"kind": "scrub", "round": 2, "dealer": 1}, ["You", "Rowan", "Sable"])
        'Everyone chose the Spoiler: the hand is scrubbed and Rowan deals again.'
        """
        kind = event["kind"]
        if kind == "move":
            return super().event_text(event, names, you)
        if kind == "deal":
            return (f"Round {event['round']}: {event['trump'].capitalize()} are trumps; "
                    + sentence(names[event["dealer"]], event["dealer"] == you, "deal"))
        if kind == "reveal":
            parts = []
            for s, m in sorted(event["moves"].items()):
                suit = cls.parse_move(m)["suit"]
                parts.append(f"{names[s]} the Spoiler" if suit == "spoiler" else f"{names[s]} {suit.capitalize()}")
            return "Declarations: " + join_words(parts) + "."
        if kind == "scrub":
            return f"Everyone chose the Spoiler: the hand is scrubbed and {names[event['dealer']]} deals again."
        if kind == "trick":
            worth = f", worth {plural(event['points'], 'point')}" if event["points"] else ""
            return sentence(names[event["taker"]], event["taker"] == you, "take",
                            f"the trick ({join_words([name_of(c) for c in event['cards']])}){worth}")
        if kind == "round":
            d = event["detail"]
            parts = []
            for s, p in enumerate(event["points"]):
                decl = d["declarations"][s]
                if decl == "spoiler":
                    why = (f"Spoiler, {plural(d['tricks_taken'][s], 'trick')}"
                           + ("" if d["tricks_taken"][s] == 1 else ": a Spoiler must take exactly one"))
                else:
                    why = f"{plural(len(d['suit_cards'][s]), decl.capitalize()[:-1] + ' card')}"
                parts.append(f"{names[s]} {plural(p, 'point')} ({why})")
            return f"Round {event['round']} scored: " + "; ".join(parts) + "."
        if kind == "over":
            w = join_words([names[s] for s in event["winners"]])
            why = (f"{plural(event['rounds'], 'round')} played" if event["reason"] == "rounds"
                   else f"someone reached {event['target']} points with a clear lead")
            return f"The game ends: {why}. Highest score wins: {w}."
        return None

    def _explain(self, seat: int, move: str) -> str | None:
        parsed = PARSE.get(move)
        if parsed is None:
            return f"{move!r} is not Type Trump notation (declare <suit>, declare spoiler, <card>)"
        is_decl, code = parsed
        if self.phase == "declare":
            if not is_decl:
                return "first declare a scoring suit (or the Spoiler) for this round"
            if code == SPOILER and self.partnered:
                return "there is no Spoiler in the partnership game"
            return None
        if is_decl:
            return "the declarations are made: play a card"
        name = CARDS[code].name
        if code not in self.hands[seat]:
            return f"{name} is not in seat {seat}'s hand"
        lead = self.trick[0]
        if IS_TRUMP[self.trump][lead]:
            return (f"{CARDS[lead].name} is a trump: you must follow with a "
                    f"{TYPE_WORDS[self.trump]} while you hold one")
        return (f"you must play a card sharing a suit with {CARDS[lead].name}, the lead, "
                "while you hold one (a trump that shares one included)")

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[Any]:
        return list(self._scores)

    def _winners(self) -> list[int]:
        top = max(self._scores)
        return [s for s in range(self.players) if self._scores[s] == top]

    def _knows_decl(self, seat: int, other: int) -> bool:
        if self.revealed or other == seat:
            return True
        return self.partnered and other == (seat + 2) % 4

    def _view(self, seat: int) -> dict[str, Any]:
        n = self.players
        playing = self.phase == "play" and not self.over
        is_trump = IS_TRUMP[self.trump]
        partner = self.partner(seat)
        decls = [DECL_NAMES[d] if d != NONE and self._knows_decl(seat, s) else None
                 for s, d in enumerate(self.decl)]
        lt = self.last_trick
        return {
            "phase": self.phase,
            "trump": TRUMP_NAMES[self.trump],
            "dealer": self.dealer,
            "declare_mode": "simultaneous" if self.simultaneous else "sequential",
            "declarers": list(self.declarers),
            "declared": [s for s in range(n) if self.decl[s] != NONE],
            "declarations": decls,
            "pending": None if self.revealed or self.decl[seat] == NONE else DECL_NAMES[self.decl[seat]],
            "scrubs": self.scrubs,
            "first_leader": (self.dealer + 1) % n,
            "leader": self.leader if playing else None,
            "turn": self.turn if playing else None,
            "hand": sorted_ids(self.hands[seat]),
            "hand_trumps": [IDS[c] for c in self.hands[seat] if is_trump[c]],
            "hand_sizes": [len(h) for h in self.hands],
            "partner": partner,
            "partner_hand": sorted_ids(self.hands[partner]) if partner is not None else None,
            "trick": [{"seat": (self.leader + i) % n, "card": IDS[c]} for i, c in enumerate(self.trick)],
            "lead_is_trump": is_trump[self.trick[0]] if self.trick else None,
            "last_trick": None if lt is None else {
                "trick": [{"seat": (lt[1] + i) % n, "card": IDS[c]} for i, c in enumerate(lt[0])],
                "winner": lt[2]},
            # Taken cards were played face up: public knowledge.
            "takes": [[IDS[c] for c in t] for t in self.takes],
            "tricks_taken": list(self.trick_counts),
            "round_points": self.round_points() if self.revealed else [0] * n,
            "rounds_played": self.rounds_played,
            "target": None if self.options["rounds"] is not None else self.options["target"],
            "rounds": self.options["rounds"],
            "last_round": None if self.last_round is None else {
                k: (v[:] if isinstance(v, list) else v) for k, v in self.last_round.items()},
        }

    # ---- hidden information -----------------------------------------------------

    def _hidden_seats(self, seat: int) -> list[int]:
        """Seats whose hands ``seat`` has not seen."""
        partner = self.partner(seat)
        return [s for s in range(self.players) if s != seat and s != partner]

    def _secrets(self, seat: int) -> set[str]:
        return {IDS[c] for s in self._hidden_seats(seat) for c in self.hands[s]}

    def plays_this_deal(self) -> list[tuple[int, int]]:
        """(seat, card) of every card played in this deal so far, in order (public).

        The trailing card moves of the history: every deal starts with its
        declarations, so they end the walk back.
        """
        if self.phase != "play":
            return []
        plays: list[tuple[int, int]] = []
        for who, move in reversed(self.history):
            is_decl, code = PARSE[move]
            if is_decl:
                break
            plays.append((who, code))
        plays.reverse()
        return plays

    def voids(self) -> tuple[tuple[int, bool], ...]:
        """Per seat, what it has shown it lacks this deal: ``(suit mask, no trump)``.

        "A seat that does not follow proves it has none": after a non-trump
        lead, a card sharing no suit with the lead shows the seat holds no
        card with any of the lead's suits (a SUIT_MASK); after a trump lead,
        a card that is no trump shows it holds no trump.  Read from the
        public plays of this deal (the trailing card moves of the history:
        every deal starts with its declarations), so nothing is stored.

        >>> from game import new_game
        >>> s = new_game("type-trump", players=3, seed=1)
        >>> s.voids()
        ((0, False), (0, False), (0, False))
        """
        n = self.players
        cache: tuple[int, tuple[tuple[int, bool], ...]] | None = self.__dict__.get("_voids_cache")
        if cache is not None and cache[0] == len(self.history):
            return cache[1]
        masks = [0] * n
        no_trump = [False] * n
        if self.phase == "play":
            plays = self.plays_this_deal()
            is_trump = IS_TRUMP[self.trump]
            for i in range(0, len(plays), n):
                trick = plays[i:i + n]
                lead = trick[0][1]
                lead_mask = SUIT_MASK[lead]
                for who, c in trick[1:]:
                    if is_trump[lead]:
                        if not is_trump[c]:
                            no_trump[who] = True
                    elif not SUIT_MASK[c] & lead_mask:
                        masks[who] |= lead_mask
        out = tuple(zip(masks, no_trump))
        self._voids_cache = (len(self.history), out)
        return out

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Deal the hidden hands anew, never a card of a kind a seat has shown it lacks."""
        hidden = self._hidden_seats(seat)
        voids = self.voids()
        is_trump = IS_TRUMP[self.trump]

        def fit(mask: int, no_trump: bool) -> constrained.Fits:
            if not mask and not no_trump:
                return None
            return lambda c: not (SUIT_MASK[c] & mask or (no_trump and is_trump[c]))

        # sorted first: the sample depends only on what the seat sees (AI honesty)
        pool = sorted(c for s in hidden for c in self.hands[s])
        dealt = constrained.deal(pool, [len(self.hands[s]) for s in hidden],
                                 [fit(*voids[s]) for s in hidden], rng)
        for s, cards in zip(hidden, dealt):
            self.hands[s] = sorted(cards)
        if not self.revealed:  # other seats' secret declarations
            choices = SPOILER if self.partnered else SPOILER + 1
            for s in self.declarers:
                if self.decl[s] != NONE and not self._knows_decl(seat, s):
                    self.decl[s] = randbelow(rng, choices)
                    if self.partnered:
                        self.decl[s + 2] = self.decl[s]

    def _copy_from(self, other: State) -> None:
        self.hands = [h[:] for h in self.hands]
        self.decl = self.decl[:]
        self.trick = self.trick[:]
        self.takes = [t[:] for t in self.takes]
        self.trick_counts = self.trick_counts[:]
        self._scores = self._scores[:]


__all__ = ["GameState", "winner", "trick_winner", "follow_cards", "spoiler_points",
           "suits_per_type", "card_points", "IS_TRUMP", "TRUMP_NAMES"]
