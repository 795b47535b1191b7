"""Hermit, the Decktet trick-avoiding game by P.D. Magnus (rules/hermit-decktet.txt).

Several tricks are live at once.  A card may follow a trick when it shares a
suit with the trick's LAST card; the trick then sits in front of whoever
played its highest card; the fourth card completes it for that player.  The
aim is to avoid taking Personalities, each worth its rank (Crowns 10).

Turn structure, as the contract models it:

* ``start`` phase: with no tricks on the table every seat that holds cards
  secretly chooses a card (``start <card>``); these are hidden commits and the
  tricks appear together once all have chosen.  The start does not count as
  the turn's play.
* ``cottage`` phase (2 players): when all tricks are cleared, except before
  the hand's first tricks, each player secretly adds a card to the Cottage
  (``cottage <card>``) before the new starts.
* ``play`` phase: the seat to move plays ``<card> on <first card>``, or, when
  no card of its hand can follow any trick, ``start <card>``, which ends the
  turn.  A seat with no cards left is passed over; the hand ends when every
  card is played, and the next hand is dealt inside that same ``play()``.

Worked example from the rules (a trick in progress, Moons everywhere):

>>> from fractions import Fraction
>>> controls(["journey", "huntress"])      # the Crown beats the 3
True
>>> controls(["journey", "huntress", "ace-moons"])   # the Ace cancels the Crown but is low
False
>>> controls(["journey", "huntress", "ace-moons", "forest"])   # 5 is now highest
True
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Sequence, TypedDict

from ..core import (BaseView, IllegalMove, Option, State, check_deal, join_words, json_number, plural, randbelow,
                    sentence, shuffle)
from ..decktet import CARDS, CROWN, DECK, IDS, INDEX, PERSONALITIES, RANK, SUIT_MASK, name_of, sorted_ids
from . import constrained

if TYPE_CHECKING:
    from fractions import Fraction

N_CARDS = len(DECK)

# Notation tables: every move string is built once.
START = tuple(f"start {IDS[c]}" for c in DECK)
COTTAGE = tuple(f"cottage {IDS[c]}" for c in DECK)
ON = tuple(tuple(f"{IDS[c]} on {IDS[f]}" for f in DECK) for c in DECK)
#: notation -> (kind, card, first card of the target trick)
PARSE: dict[str, tuple[str, int, int]] = {}
for _c in DECK:
    PARSE[START[_c]] = ("start", _c, -1)
    PARSE[COTTAGE[_c]] = ("cottage", _c, -1)
    for _f in DECK:
        if _f != _c:
            PARSE[ON[_c][_f]] = ("on", _c, _f)

#: the Ace that cancels each Crown (Crown index -> Ace index)
CANCELLER = {c: INDEX["ace-" + CARDS[c].suits[0]] for c in DECK if RANK[c] == CROWN}
#: the Pleasant Company sets (rules: "all four Moon personalities", "all four Sun personalities")
MOON_COMPANY = frozenset(INDEX[i] for i in ("author", "lunatic", "diplomat", "huntress"))
SUN_COMPANY = frozenset(INDEX[i] for i in ("painter", "penitent", "diplomat", "bard"))
COMPANIES = (("moons", MOON_COMPANY), ("suns", SUN_COMPANY))
#: points of each card if it is taken: its rank for Personalities, else 0
POINTS = tuple(RANK[c] if c in PERSONALITIES else 0 for c in DECK)


def effective_rank(card: int, trick: list[int]) -> int:
    """A card's rank within a trick: a Crown whose Ace is present ranks 0.

    >>> effective_rank(INDEX["huntress"], [INDEX["ace-moons"], INDEX["huntress"]])
    0
    >>> effective_rank(INDEX["bard"], [INDEX["ace-moons"], INDEX["bard"]])
    10
    """
    if RANK[card] == CROWN and CANCELLER[card] in trick:
        return 0
    return RANK[card]


def _controls(trick: list[int]) -> bool:
    """Whether the trick's last card is highest or tied for highest.

    (A hot path of the AI's search: the same as comparing ``effective_rank``
    of every card, without the generator.)
    """
    last = trick[-1]
    lr = RANK[last]
    if lr == CROWN and CANCELLER[last] in trick:
        lr = 0
    for c in trick:
        r = RANK[c]
        if r > lr and not (r == CROWN and CANCELLER[c] in trick):
            return False
    return True


def controls(card_ids: list[str]) -> bool:
    """Whether the last card of a trick (given as ids) takes control of it."""
    return _controls([INDEX[c] for c in card_ids])


def hand_points(taken: set[int] | list[int], pleasant_company: bool) -> int:
    """Penalty points for the cards a player took in tricks.

    >>> hand_points([INDEX[i] for i in ("author", "lunatic", "diplomat", "huntress", "bard")], True)
    10
    >>> hand_points([INDEX[i] for i in ("author", "lunatic", "diplomat", "huntress")], False)
    26
    """
    total = sum(POINTS[c] for c in taken)
    if pleasant_company:
        zero: set[int] = set()
        for _, company in companies_taken(taken):
            zero |= company
        total -= sum(POINTS[c] for c in zero)
    return total


def companies_taken(taken: set[int] | list[int]) -> list[tuple[str, frozenset[int]]]:
    """The Pleasant Company sets (suit, cards) wholly among ``taken``.

    >>> [suit for suit, _ in companies_taken([INDEX[i] for i in ("author", "lunatic", "diplomat", "huntress")])]
    ['moons']
    """
    held = set(taken)
    return [(suit, company) for suit, company in COMPANIES if company <= held]


def score_hand(taken: list[list[int]], trick_counts: list[int], cottage: list[int],
               pleasant_company: bool = False, house_party: bool = False
               ) -> tuple[list[Fraction], int | None, int | None]:
    """Points each seat scores for a hand: ``(points, cottage_to, house_party_seat)``.

    ``taken`` is the cards each seat took in completed tricks; ``cottage`` the
    Cottage's cards (2 players).  House Party: when exactly one seat gathered
    Personalities, the others split that seat's points (not zeroed by Pleasant
    Company); with two players the opponent scores them and the Cottage is
    discarded.  Two players otherwise: the seat with fewer tricks also scores
    the Cottage's Personalities; a tie discards them.

    >>> H = lambda *ids: [INDEX[i] for i in ids]
    >>> score_hand([H("bard"), [], []], [1, 0, 0], [], house_party=True)[0]
    [Fraction(0, 1), Fraction(5, 1), Fraction(5, 1)]
    >>> score_hand([H("merchant"), [], [], []], [1, 0, 0, 0], [], house_party=True)[0]
    [Fraction(0, 1), Fraction(3, 1), Fraction(3, 1), Fraction(3, 1)]
    >>> score_hand([H("author"), H("painter")], [1, 2], H("bard", "sea", "end", "cave"))
    ([Fraction(12, 1), Fraction(3, 1)], 0, None)
    """
    from fractions import Fraction      # here: imported when this game is played, not at start-up
    n = len(taken)
    points = [Fraction(hand_points(t, pleasant_company)) for t in taken]
    gatherers = [s for s in range(n) if any(POINTS[c] for c in taken[s])]
    party = None
    if house_party and len(gatherers) == 1:
        party = gatherers[0]
        raw = sum(POINTS[c] for c in taken[party])
        points = [Fraction(0) if s == party else Fraction(raw, n - 1) for s in range(n)]
    cottage_to = None
    if n == 2 and party is None and trick_counts[0] != trick_counts[1]:
        cottage_to = 0 if trick_counts[0] < trick_counts[1] else 1
        points[cottage_to] += sum(POINTS[c] for c in cottage)
    return points, cottage_to, party


class TrickView(TypedDict):
    cards: list[str]
    owner: int | None


class CottageView(TypedDict):
    size: int
    mine: list[str]


class _HermitViewRequired(BaseView):

    phase: str
    dealer: int
    turn: int | None
    hand: list[str]
    hand_sizes: list[int]
    pending: str | None
    committed: list[int]
    tricks: list[TrickView]
    taken: list[list[str]]
    tricks_taken: list[int]
    hand_points: list[int]
    hand_score: list[int | str]
    hands_played: int
    target: int | None
    last_hand: dict[str, Any] | None


class HermitView(_HermitViewRequired, total=False):
    """``view(seat)`` of Hermit, as the page reads it (the Cottage with 2 players, the spare card with 5)."""

    cottage: CottageView
    extra: str | None


class GameState(State):
    """Hermit for 2-5 players.  See the module docstring for the phases."""

    GAME_ID = "hermit"
    TITLE = "Hermit"
    DESIGNER = "P.D. Magnus"
    PITCH = "Several tricks at once; avoid taking the Personalities home."
    RULES_FILE = "hermit-decktet.txt"
    LOWER_WINS = True
    FRACTIONAL_SCORES = True          # House Party splits a player's points among the others
    VIEW = HermitView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 5
    DEFAULT_PLAYERS = 4
    OPTIONS = (
        Option("dealer", None, "seat", "Who deals the first hand; the deal then passes to the left."),
        Option("target", 66, "int", "With 3-5 players the game ends after a hand in which someone reaches "
               "this many points (100 for a longer game).", minimum=1, maximum=200),
        Option("pleasant_company", False, "bool",
               "All four Moon (or all four Sun) Personalities taken by one player score zero."),
        Option("house_party", False, "bool",
               "If only one player takes Personalities in a hand, the others split those points."),
    )

    # ---- setup ---------------------------------------------------------------

    def _zones(self) -> dict[str, Any]:
        n = self.players
        if n == 2:
            return {"hands": [16, 16], "cottage": 4}
        if n == 5:
            return {"hands": [7] * 5, "extra": 1}
        return {"hands": [N_CARDS // n] * n}

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        return check_deal(deal, self._zones(), INDEX)

    def _setup(self, deal: dict[str, Any] | None) -> None:
        from fractions import Fraction
        n = self.players
        dealer = self.options["dealer"]
        self.dealer: int = dealer if dealer is not None else randbelow(self.rng("dealer"), n)
        self._scores: list[Fraction] = [Fraction(0)] * n
        self.hands_played = 0
        self.last_hand: dict[str, Any] | None = None
        self.over = False
        self._deal(deal)

    def _deal(self, deal: dict[str, Any] | None) -> None:
        n = self.players
        if deal is None:
            cards = shuffle(self.rng(f"deal {self.round}"), list(DECK))
            deal = {}
            if n == 2:
                deal["cottage"], cards = cards[:4], cards[4:]
            if n == 5:
                deal["extra"], cards = cards[:1], cards[1:]
            k = len(cards) // n
            deal["hands"] = [cards[i * k:(i + 1) * k] for i in range(n)]
        self.hands: list[list[int]] = [sorted(h) for h in deal["hands"]]
        self.cottage: list[int] = list(deal.get("cottage", []))
        self.cottage_added: list[list[int]] = [[] for _ in range(n)]
        self.extra: int | None = deal["extra"][0] if n == 5 else None
        self.extra_revealed = False
        self.tricks: list[list[int]] = []
        self.owners: list[int | None] = []
        self.taken: list[list[int]] = [[] for _ in range(n)]
        self.trick_counts = [0] * n
        self.pending: list[int | None] = [None] * n
        self.started = False  # have the hand's first tricks been started?
        if self._events is not None:
            self._emit("deal", dealer=self.dealer)
        self._begin_turn((self.dealer + 1) % n)

    # ---- turn flow -----------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next seat holding cards."""
        n = self.players
        for i in range(n):
            s = (seat + i) % n
            if self.hands[s]:
                break
        else:
            self._end_hand()
            return
        self.turn = s
        if self.tricks:
            self.phase = "play"
        else:
            self.phase = "cottage" if (n == 2 and self.started) else "start"
            self.choosers = [x for x in range(n) if self.hands[x]]

    def _finish_commits(self) -> None:
        """All choosers have committed: reveal the choices together."""
        n = self.players
        if self.phase == "cottage":
            added = []
            for s in range(n):
                c = self.pending[s]
                if c is not None:
                    self.cottage.append(c)
                    self.cottage_added[s].append(c)
                    added.append(s)
            self.pending = [None] * n
            # The Cottage's cards stay secret: each seat sees only its own.
            if self._events is not None:
                self._emit("cottage", own={s: {"card": IDS[self.cottage_added[s][-1]]} for s in added},
                           seats=added, size=len(self.cottage))
            if not any(self.hands):
                self._end_hand()
                return
            self.phase = "start"
            self.choosers = [x for x in range(n) if self.hands[x]]
            return
        if self._events is not None:
            reveal: dict[str, Any] = {"moves": {s: START[c] for s, c in enumerate(self.pending) if c is not None}}
            if not self.started and self.extra is not None:
                reveal["extra"] = IDS[self.extra]
            self._emit("reveal", **reveal)
        for s in range(n):
            c = self.pending[s]
            if c is not None:
                self.tricks.append([c])
                self.owners.append(s)
        self.pending = [None] * n
        if not self.started and self.extra is not None:
            # Five players: the leftover card starts a trick that belongs to no one.
            self.tricks.append([self.extra])
            self.owners.append(None)
            self.extra_revealed = True
        self.started = True
        if self.hands[self.turn]:
            self.phase = "play"
        else:
            self._begin_turn((self.turn + 1) % n)

    def _end_hand(self) -> None:
        n = self.players
        points, cottage_to, house_party = score_hand(
            self.taken, self.trick_counts, self.cottage,
            self.options["pleasant_company"], self.options["house_party"])
        self._scores = [x + p for x, p in zip(self._scores, points)]
        self.hands_played += 1
        self.last_hand = {
            "round": self.round,
            "points": [json_number(_norm(p)) for p in points],
            "tricks_taken": list(self.trick_counts),
            "cottage_to": cottage_to,
            "house_party": house_party,
        }
        if self._events is not None:
            pc = self.options["pleasant_company"]
            self._emit("round", points=self.last_hand["points"], totals=[json_number(x) for x in self.scores()],
                       detail={
                           "personalities": [sorted_ids(c for c in t if POINTS[c]) for t in self.taken],
                           "taken_points": [hand_points(t, False) for t in self.taken],
                           "tricks_taken": list(self.trick_counts),
                           "pleasant_company": [[suit for suit, _ in companies_taken(t)] if pc else []
                                                for t in self.taken],
                           "house_party": house_party,
                           "cottage_to": cottage_to,
                           "cottage_points": sum(POINTS[c] for c in self.cottage) if cottage_to is not None else 0,
                       })
        if n == 2:
            done = self.hands_played >= 4  # each player has dealt twice
        else:
            done = any(x >= self.options["target"] for x in self._scores)
        if done:
            self.over = True
            self.phase = "over"
            self.tricks, self.owners = [], []
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % n
        self._deal(None)

    # ---- contract ------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == "play":
            return [self.turn]
        return [s for s in self.choosers if self.pending[s] is None]

    def _legal(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.phase == "start":
            return [START[c] for c in hand]
        if self.phase == "cottage":
            return [COTTAGE[c] for c in hand]
        moves = []
        for t in self.tricks:
            last = SUIT_MASK[t[-1]]
            row = t[0]
            for c in hand:
                if SUIT_MASK[c] & last:
                    moves.append(ON[c][row])
        if moves:
            return moves
        return [START[c] for c in hand]

    def _apply(self, seat: int, move: str) -> None:
        kind, c, first = PARSE[move]
        self.hands[seat].remove(c)
        if self.phase != "play":
            self.pending[seat] = c
            if all(self.pending[s] is not None for s in self.choosers):
                self._finish_commits()
            return
        if kind == "start":
            self._note_void(seat)
            self.tricks.append([c])
            self.owners.append(seat)
        else:
            i = next(i for i, t in enumerate(self.tricks) if t[0] == first)
            trick = self.tricks[i]
            trick.append(c)
            if _controls(trick):
                self.owners[i] = seat
            if len(trick) == 4:
                owner = self.owners[i]
                del self.tricks[i]
                del self.owners[i]
                if owner is not None:  # an ownerless trick's points count against no one
                    self.taken[owner].extend(trick)
                    self.trick_counts[owner] += 1
                if self._events is not None:
                    self._emit("trick", cards=[IDS[x] for x in trick], taker=owner,
                               points=sum(POINTS[x] for x in trick))
        self._begin_turn((seat + 1) % self.players)

    def _move_seen_by(self, seat: int, move: str) -> Sequence[int] | None:
        # the simultaneous start and the Cottage are hidden commits
        return (seat,) if self.phase != "play" else None

    def _over_reason(self) -> str:
        # 2 players: "after each has dealt twice"; else a hand in which someone reaches the target
        return "rounds" if self.players == 2 else "target"

    def _over_detail(self) -> dict[str, Any]:
        return {"target": self.options["target"] if self.players > 2 else None}

    # ---- text forms ----------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a Hermit move.

        >>> GameState.parse_move("lunatic on journey")
        {'kind': 'on', 'card': 'lunatic', 'target': 'journey'}
        >>> GameState.parse_move("start bard")
        {'kind': 'start', 'card': 'bard', 'target': None}
        """
        parsed = PARSE.get(move)
        if parsed is None:
            raise ValueError(f"{move!r} is not Hermit notation (start <card>, <card> on <card>, cottage <card>)")
        kind, c, first = parsed
        return {"kind": kind, "card": IDS[c], "target": IDS[first] if first >= 0 else None}

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        p = cls.parse_move(move)
        card = name_of(p["card"])
        if p["kind"] == "start":
            return "start", f"a trick with {card}"
        if p["kind"] == "cottage":
            return "put", f"{card} in the Cottage"
        return "play", f"{card} on {name_of(p['target'])}"

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """Hermit's events in words.

        >>> GameState.event_text({"kind": "trick", "cards": ["bard", "sea", "end", "cave"], "taker": 1,
        ...                       "points": 10}, ["You", "Rowan"], 0)
        'Rowan takes the trick of the Bard: 10 points (the Bard).'
        """
        kind = event["kind"]
        if kind == "move":
            return super().event_text(event, names, you)
        if kind == "reveal":
            parts = [f"{names[s]} {name_of(cls.parse_move(m)['card'])}" for s, m in sorted(event["moves"].items())]
            if event.get("extra"):
                parts.append(f"the spare card {name_of(event['extra'])}, a trick of no one's")
            return "The tricks start: " + join_words(parts) + "."
        if kind == "cottage":
            mine = f" (yours: {name_of(event['card'])})" if event.get("card") else ""
            return f"Each player adds a card to the Cottage{mine}; it holds {plural(event['size'], 'card')}."
        if kind == "trick":
            first = name_of(event["cards"][0])
            pers = [name_of(c) for c in event["cards"] if c in _PERSONALITY_IDS]
            cost = (f": {plural(event['points'], 'point')} ({join_words(pers)})" if pers
                    else ": no Personalities")
            if event["taker"] is None:
                return f"The trick of {first} is complete and belongs to no one" + cost.replace(":", ";", 1) + "."
            return sentence(names[event["taker"]], event["taker"] == you, "take", f"the trick of {first}{cost}")
        if kind == "deal":
            return f"Round {event['round']}: " + sentence(names[event["dealer"]], event["dealer"] == you, "deal")
        if kind == "round":
            return _round_text(event, names, you)
        if kind == "over":
            return _over_text(event, names, you)
        return None

    def _explain(self, seat: int, move: str) -> str | None:
        parsed = PARSE.get(move)
        if parsed is None:
            return f"{move!r} is not Hermit notation (start <card>, <card> on <card>, cottage <card>)"
        kind, c, first = parsed
        name = CARDS[c].name
        if c not in self.hands[seat]:
            return f"{name} is not in seat {seat}'s hand"
        if self.phase == "start" and kind != "start":
            return "no tricks are in play: everyone first chooses a card to start one"
        if self.phase == "cottage" and kind != "cottage":
            return "the tricks are cleared: each player first adds a card to the Cottage"
        if self.phase == "play":
            if kind == "cottage":
                return "cards go to the Cottage only when all tricks are cleared"
            if kind == "start":
                return "you must play on a trick when you can; start one only when no card follows"
            t = next((t for t in self.tricks if t[0] == first), None)
            if t is None:
                return f"no trick in play starts with {CARDS[first].name}"
            return (f"{name} shares no suit with {CARDS[t[-1]].name}, "
                    "the last card on that trick")
        return None

    def is_over(self) -> bool:
        return self.over

    def scores(self) -> list[Any]:
        return [_norm(x) for x in self._scores]

    def _winners(self) -> list[int]:
        low = min(self._scores)
        return [s for s in range(self.players) if self._scores[s] == low]

    def _view(self, seat: int) -> dict[str, Any]:
        n = self.players
        v: dict[str, Any] = {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": None if self.over or self.phase != "play" else self.turn,
            "hand": sorted_ids(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "pending": _id_or_none(self.pending[seat]),
            "committed": [s for s in range(n) if self.pending[s] is not None],
            "tricks": [{"cards": [IDS[c] for c in t], "owner": o}
                       for t, o in zip(self.tricks, self.owners)],
            # Taken tricks were played face up: their cards are public knowledge.
            "taken": [[IDS[c] for c in t] for t in self.taken],
            "tricks_taken": list(self.trick_counts),
            "hand_points": [hand_points(t, False) for t in self.taken],
            # what the hand would score now, Pleasant Company and House Party
            # applied (the Cottage, unseen, is scored when the hand ends)
            "hand_score": [json_number(_norm(p)) for p in score_hand(
                self.taken, self.trick_counts, [], self.options["pleasant_company"],
                self.options["house_party"])[0]],
            "hands_played": self.hands_played,
            "target": self.options["target"] if n > 2 else None,
            "last_hand": self.last_hand,
        }
        if n == 2:
            v["cottage"] = {"size": len(self.cottage), "mine": [IDS[c] for c in self.cottage_added[seat]]}
        if n == 5:
            v["extra"] = IDS[self.extra] if self.extra_revealed and self.extra is not None else None
        return v

    # ---- hidden information -----------------------------------------------------

    def _secrets(self, seat: int) -> set[str]:
        out: set[str] = set()
        for s in range(self.players):
            if s != seat:
                out.update(IDS[c] for c in self.hands[s])
                p = self.pending[s]
                if p is not None:
                    out.add(IDS[p])
        own = set(self.cottage_added[seat])
        out.update(IDS[c] for c in self.cottage if c not in own)
        if self.extra is not None and not self.extra_revealed:
            out.add(IDS[self.extra])
        return out

    def voids(self) -> tuple[int, ...]:
        """Per seat, the suits (a SUIT_MASK) it has shown it lacks this hand.

        A seat that starts a trick on its turn could not follow: it holds no
        card sharing a suit with the last card of any trick then in play, and
        its hand only shrinks until the next deal.  Public knowledge: every
        seat saw the tricks and the start.

        >>> from game import new_game
        >>> s = new_game("hermit", players=3, seed=1)
        >>> s.voids()
        (0, 0, 0)
        """
        rnd, masks = getattr(self, "_voids", (0, ()))
        return masks if rnd == self.round else (0,) * self.players

    def _note_void(self, seat: int) -> None:
        """Record that ``seat``, starting a trick on its turn, could follow none."""
        mask = 0
        for t in self.tricks:
            mask |= SUIT_MASK[t[-1]]
        v = list(self.voids())
        v[seat] |= mask
        self._voids = (self.round, tuple(v))  # immutable: clones may share it

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Deal the unseen cards anew, never a card of a suit a seat has shown it lacks.

        Places: the other seats' hands and pending choices (which came from
        those hands, so the same voids hold), the Cottage's cards this seat
        did not add, the unrevealed fifth-player card.
        """
        n = self.players
        own = set(self.cottage_added[seat])
        voids = self.voids()
        pool: list[int] = []
        sizes: list[int] = []
        fits: list[constrained.Fits] = []
        places: list[tuple[str, int]] = []

        def fit(mask: int) -> constrained.Fits:
            return None if not mask else (lambda c: not SUIT_MASK[c] & mask)

        for s in range(n):
            if s == seat:
                continue
            pool += self.hands[s]
            sizes.append(len(self.hands[s]))
            fits.append(fit(voids[s]))
            places.append(("hand", s))
            p = self.pending[s]
            if p is not None:
                pool.append(p)
                sizes.append(1)
                fits.append(fit(voids[s]))
                places.append(("pending", s))
        hidden_cottage = [i for i, c in enumerate(self.cottage) if c not in own]
        if hidden_cottage:
            pool += [self.cottage[i] for i in hidden_cottage]
            sizes.append(len(hidden_cottage))
            fits.append(None)
            places.append(("cottage", 0))
        if self.extra is not None and not self.extra_revealed:
            pool.append(self.extra)
            sizes.append(1)
            fits.append(None)
            places.append(("extra", 0))
        # Sorted first, so the sample depends only on what the seat can see
        # (and the rng), never on where the unseen cards really are.
        pool.sort()
        dealt = constrained.deal(pool, sizes, fits, rng)
        hands = list(self.hands)
        for (where, s), cards in zip(places, dealt):
            if where == "hand":
                hands[s] = sorted(cards)
            elif where == "pending":
                self.pending[s] = cards[0]
            elif where == "cottage":
                for i, c in zip(hidden_cottage, cards):
                    self.cottage[i] = c
            else:
                self.extra = cards[0]
        self.hands = hands

    def _copy_from(self, other: State) -> None:
        self.hands = [h[:] for h in self.hands]
        self.tricks = [t[:] for t in self.tricks]
        self.owners = self.owners[:]
        self.taken = [t[:] for t in self.taken]
        self.trick_counts = self.trick_counts[:]
        self.pending = self.pending[:]
        self.cottage = self.cottage[:]
        self.cottage_added = [c[:] for c in self.cottage_added]
        self._scores = self._scores[:]
        self.choosers = self.choosers[:] if hasattr(self, "choosers") else []


def _id_or_none(c: int | None) -> str | None:
    return IDS[c] if c is not None else None


def _norm(x: Fraction) -> int | Fraction:
    return int(x) if x.denominator == 1 else x


_PERSONALITY_IDS = frozenset(IDS[c] for c in PERSONALITIES)


def _pts(x: Any) -> str:
    return plural(x, "point")


def _round_text(event: dict[str, Any], names: Sequence[str], you: int | None) -> str:
    """A hand's scoring in words: who scored what, and why."""
    d = event["detail"]
    parts = []
    for s, p in enumerate(event["points"]):
        why = []
        if d["personalities"][s]:
            why.append(f"took {join_words([name_of(c) for c in d['personalities'][s]])}")
        for suit in d["pleasant_company"][s]:
            why.append(f"all four {suit.capitalize()} Personalities score 0 (Pleasant Company)")
        if d["cottage_to"] == s and d["cottage_points"]:
            why.append(f"the Cottage's {_pts(d['cottage_points'])} for taking fewer tricks")
        parts.append(f"{names[s]} {_pts(p)}" + (f" ({'; '.join(why)})" if why else ""))
    text = f"Hand {event['round']} scored: " + "; ".join(parts) + "."
    if d["house_party"] is not None:
        hp = d["house_party"]
        text += (f" House Party: only {names[hp]} took Personalities in completed tricks, "
                 "so the others share those points.")
    return text


def _over_text(event: dict[str, Any], names: Sequence[str], you: int | None) -> str:
    """Why the game ended and who won (lowest score wins)."""
    w = [names[s] for s in event["winners"]]
    scores = event["scores"]
    low = scores[event["winners"][0]] if event["winners"] else None
    why = ("each player has dealt twice" if event["reason"] == "rounds"
           else f"someone reached {event['target']} points")
    return (f"The game ends: {why}. Lowest score wins: {join_words(w)} with {_pts(low)}.")


__all__ = ["GameState", "controls", "effective_rank", "hand_points", "score_hand", "IllegalMove"]
