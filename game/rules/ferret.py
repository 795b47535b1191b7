"""Ferret, the Decktet drafting game by Greg James (rules/ferret.txt), for 2 players.

Each turn the mover plays a card from his hand onto a target (a pool card or
an unscored card in the opponent's tableau), or passes.  The played card takes
the target's place.  A played card with a suit antipathetic to a suit of the
target (Moons-Wyrms, Suns-Leaves, Waves-Knots) sends the target to the mover's
tableau, and he then draws; otherwise the target goes to his hand and the
turn ends.  Three cards of consecutive rank sharing a suit form a set and
score at once; single cards lay off onto sets, forced; Aces and Crowns are
wild in their own suit (see :mod:`game.rules.ferret_sets`).

Turn order of events (DESIGN.md): the set in the mover's tableau (his choice
if several), then the set in the opponent's tableau (his choice), then forced
layoffs from both tableaux in waves, then the mover's draw.  A pending choice
is the phase ``set``: the tableau's owner moves ``set <card> <card> <card>``.

The rules' first worked example: the Penitent (6, Suns and Wyrms) against a
pool of the Soldier, the Lunatic and the Sailor.

>>> from game import new_game
>>> from game.decktet import DECK, IDS
>>> hand = ["penitent", "ace-moons", "ace-suns", "ace-waves", "ace-leaves"]
>>> pool = ["soldier", "lunatic", "sailor"]
>>> rest = [IDS[c] for c in DECK if IDS[c] not in hand + pool]
>>> s = new_game("ferret", options={"dealer": 1},
...              deal={"hands": [hand, rest[:5]], "pool": pool, "stock": rest[5:]})
>>> [destination(m.split()[0], m.split()[2]) for m in s.legal_moves(0) if m.startswith("penitent")]
['hand', 'tableau', 'tableau']
"""

from __future__ import annotations

import random
from typing import Any, Sequence, TypedDict

from ..core import (BaseView, IllegalMove, Option, State, check_deal, join_words, plural, possessive, randbelow, sentence,
                    shuffle)
from ..decktet import ANTI_MASK, ANTIPATHY, CARDS, DECK, IDS, INDEX, SUIT_MASK, SUITS, name_of, sorted_ids
from .ferret_sets import FormedSet, Reading, final_scoring, form, notation, set_options, waves

HAND_SIZE = 5
POOL_SIZE = 3
STOCK_SIZE = len(DECK) - 2 * HAND_SIZE - POOL_SIZE

#: FERRET[c][t]: the notation of playing card c onto target t, built once.
FERRET = tuple(tuple(f"{IDS[c]} > {IDS[t]}" for t in DECK) for c in DECK)
#: notation -> (played card, target)
PARSE: dict[str, tuple[int, int]] = {FERRET[c][t]: (c, t) for c in DECK for t in DECK if c != t}
PASS = "pass"


def to_tableau(card: int, target: int) -> bool:
    """Whether playing ``card`` onto ``target`` ferrets the target into the tableau.

    "In order to get a card into one's tableau, a player must "pay" for it
    with a card having its antipathetic suit."
    """
    return bool(ANTI_MASK[card] & SUIT_MASK[target])


def _antipathy_words(card_id: str, target_id: str) -> str:
    """The antipathy that pays: "Leaves against Suns"."""
    c, t = INDEX[card_id], INDEX[target_id]
    pairs = [(s, ANTIPATHY[s]) for s in CARDS[c].suits if ANTIPATHY[s] in CARDS[t].suits]
    return ", ".join(f"{a.capitalize()} against {b.capitalize()}" for a, b in pairs)


def destination(card_id: str, target_id: str) -> str:
    """Where the target goes: ``"tableau"`` (antipathy) or ``"hand"``.

    >>> destination("penitent", "lunatic"), destination("penitent", "soldier")
    ('tableau', 'hand')
    """
    return "tableau" if to_tableau(INDEX[card_id], INDEX[target_id]) else "hand"


class Layoff(TypedDict):
    card: str
    seat: int


class SetView(TypedDict):
    owner: int
    suit: str
    cards: list[str]
    values: list[int]
    low: int
    high: int
    layoffs: list[Layoff]
    final: bool


class FerretView(BaseView):
    """``view(seat)`` of Ferret, as the page reads it."""

    phase: str
    dealer: int
    turn: int | None
    hand: list[str]
    hand_sizes: list[int]
    known_hands: list[list[str]]
    pool: list[str]
    tableaux: list[list[str]]
    sets: list[SetView]
    score_piles: list[list[str]]
    pile_sizes: list[int]
    stock: int
    passes: int
    chooser: int | None
    set_options: list[list[str]]
    last: dict[str, Any] | None
    ended_by: str | None
    first_scorer: int | None


class GameState(State):
    """Ferret for 2 players.  Phases: ``play``, ``set`` (a set choice), ``over``."""

    GAME_ID = "ferret"
    TITLE = "Ferret"
    DESIGNER = "Greg James"
    PITCH = "Pay with antipathetic suits to ferret cards into your tableau; score straight flushes."
    RULES_FILE = "ferret.txt"
    VIEW = FerretView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    DEFAULT_PLAYERS = 2
    OPTIONS = (Option("dealer", None, "seat", "Who deals; the other player moves first."),)

    # ---- setup ---------------------------------------------------------------

    def _check_deal(self, deal: Any) -> dict[str, Any]:
        return check_deal(deal, {"hands": [HAND_SIZE, HAND_SIZE], "pool": POOL_SIZE, "stock": STOCK_SIZE}, INDEX)

    def _setup(self, deal: dict[str, Any] | None) -> None:
        dealer = self.options["dealer"]
        self.dealer: int = dealer if dealer is not None else randbelow(self.rng("dealer"), 2)
        if deal is None:
            cards = shuffle(self.rng("deal"), list(DECK))
            deal = {"hands": [cards[0:5], cards[5:10]], "pool": cards[10:13], "stock": cards[13:]}
        self.hands: list[list[int]] = [list(h) for h in deal["hands"]]
        #: cards openly ferreted into each hand (public knowledge)
        self.public: list[list[int]] = [[], []]
        self.pool: list[int] = list(deal["pool"])
        #: the stock, top card LAST (pop() draws)
        self.stock: list[int] = list(reversed(deal["stock"]))
        self.tableaux: list[list[int]] = [[], []]
        self.piles: list[list[int]] = [[], []]
        #: formed sets: (owner, suit, base, lo, hi, cards, layoffs); see ferret_sets
        self.sets: list[FormedSet] = []
        self.play_sets = 0  # sets formed before final scoring (the rest are final)
        self.turn: int = 1 - self.dealer
        self.phase = "play"
        self.passes = 0
        #: tableaux still to check for a set this turn: [(seat, entering card)]
        self.todo: list[tuple[int, int]] = []
        self.draw_due = False
        self.chooser: int | None = None
        self.choices: list[Reading] = []
        #: the last play or pass: (seat, card, target, from the pool, into the tableau), card -1 for a pass
        self._last: tuple[int, int, int, bool, bool] | None = None
        self.ended_by: str | None = None
        self.first_scorer: int | None = None

    # ---- turn flow -----------------------------------------------------------

    def _resolve(self) -> None:
        """Carry the turn on: sets (pausing for a choice), layoffs, draw, next turn."""
        if self._events is None:
            self._carry_on()
            return
        before = self._set_marks()
        self._carry_on(record=True, before=before)

    def _set_marks(self) -> tuple[int, list[int]]:
        """How many sets there are and how many layoffs each has (to tell what is new)."""
        return len(self.sets), [len(st[6]) for st in self.sets]

    def _emit_set_changes(self, before: tuple[int, list[int]], final: bool = False) -> None:
        """``set`` and ``layoff`` events for what formed since ``before``."""
        n_sets, n_lay = before
        for st in self.sets[n_sets:]:
            owner, suit, base, _, _, cards, _ = st
            self._emit("set", owner=owner, suit=SUITS[suit], cards=[IDS[c] for c in cards],
                       values=[base, base + 1, base + 2], final=final)
        extended: dict[tuple[int, int], list[int]] = {}      # (card, seat) -> owners of the sets
        for i, st in enumerate(self.sets):
            for card, seat in st[6][n_lay[i] if i < n_sets else 0:]:
                extended.setdefault((card, seat), []).append(st[0])
        for (card, seat), owners in extended.items():
            self._emit("layoff", card=IDS[card], seat=seat, set_owners=owners, final=final)

    def _carry_on(self, record: bool = False, before: tuple[int, list[int]] = (0, [])) -> None:
        todo = self.todo
        while todo:
            seat, card = todo[0]
            tab = self.tableaux[seat]
            opts = set_options(tab, card) if len(tab) >= 3 else []  # a set takes three cards
            if len(opts) > 1:
                self.phase, self.chooser, self.choices = "set", seat, opts
                return
            todo.pop(0)
            if opts:
                form(self.tableaux, self.sets, self.piles, seat, opts[0])
        self.phase, self.chooser, self.choices = "play", None, []
        if self.sets:
            waves(self.tableaux, self.sets, self.piles)
        if record:
            self._emit_set_changes(before)
        mover = self.turn
        if self.draw_due:
            self.draw_due = False
            drawn = self.stock.pop()
            self.hands[mover].append(drawn)
            if record:
                self._emit("draw", own={mover: {"card": IDS[drawn]}}, seat=mover, card=None, stock=len(self.stock))
            if not self.stock:
                # "the player who did not draw the last card scores his cards first"
                self._finish(1 - mover, "stock")
                return
        self.turn = 1 - mover

    def _finish(self, first: int, ended_by: str) -> None:
        self.ended_by = ended_by
        self.first_scorer = first
        self.play_sets = len(self.sets)
        before = self._set_marks()
        if self._events is not None:
            # "the 5 cards from his hand are placed in his tableau": the hands are shown
            self._emit("hands", first=first, hands=[sorted_ids(h) for h in self.hands],
                       scores=self.scores())
        tabs, sets, piles = final_scoring((self.tableaux, self.sets, self.piles), self.hands, first)
        self.tableaux, self.sets, self.piles = tabs, sets, piles
        if self._events is not None:
            self._emit_set_changes(before, final=True)
        self.hands = [[], []]
        self.public = [[], []]
        self.phase = "over"

    # ---- contract ------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.phase == "play":
            return [self.turn]
        if self.phase == "set":
            return [self.chooser]  # type: ignore[list-item]
        return []

    def _plays(self, seat: int) -> tuple[list[int], list[int]]:
        """A play turn's choices, the one place they are decided: any card of the hand
        onto any target, a card of the pool or of the opponent's tableau (or a pass)."""
        return self.hands[seat], self.pool + self.tableaux[1 - seat]

    def _legal(self, seat: int) -> list[str]:
        if self.phase == "set":
            return [notation(r[2]) for r in self.choices]
        hand, targets = self._plays(seat)
        moves = [FERRET[c][t] for c in hand for t in targets]
        moves.append(PASS)
        return moves

    def random_move(self, seat: int, rng: random.Random) -> str:
        """:meth:`State.random_move` without building the list: in a play turn the move
        at index ``i`` of :meth:`_legal` is card ``i // len(targets)`` of the hand onto
        target ``i % len(targets)``, and the last is the pass.

        >>> from game import new_game
        >>> s = new_game("ferret", seed=3)
        >>> seat = s.to_move()[0]
        >>> all(s.random_move(seat, random.Random(k)) == State.random_move(s, seat, random.Random(k)) for k in range(50))
        True
        """
        if self.phase != "play" or seat != self.turn:
            return super().random_move(seat, rng)
        play = self._random_play(seat, rng)
        return PASS if play is None else FERRET[play[0]][play[1]]

    def _random_play(self, seat: int, rng: random.Random) -> tuple[int, int] | None:
        """:meth:`random_move` in a play turn as (card, target), None for the pass."""
        hand, targets = self._plays(seat)
        n = len(hand) * len(targets)
        i = randbelow(rng, n + 1)
        if i == n:
            return None
        return hand[i // len(targets)], targets[i % len(targets)]

    def _apply(self, seat: int, move: str) -> None:
        if self.phase == "set":
            reading = next(r for r in self.choices if notation(r[2]) == move)
            self.todo.pop(0)
            before = self._set_marks()
            form(self.tableaux, self.sets, self.piles, seat, reading)
            if self._events is not None:
                self._emit_set_changes(before)
            self._resolve()
            return
        if move == PASS:
            self._pass(seat)
        else:
            c, t = PARSE[move]
            self._ferret(seat, c, t)

    def _pass(self, seat: int) -> None:
        """``seat`` passes (the move ``pass``)."""
        other = 1 - seat
        self.passes += 1
        self._last = (seat, -1, -1, False, False)
        if self.passes >= 2:
            # "If the game ends by consecutive passes, the first player to pass scores first."
            self._finish(other, "passes")
        else:
            self.turn = other

    def _ferret(self, seat: int, c: int, t: int) -> None:
        """``seat`` plays card ``c`` of his hand onto target ``t`` (the move ``FERRET[c][t]``,
        legal): where every play takes effect, for :meth:`_apply` and for the search's
        play-outs, which draw ``c`` and ``t`` as :meth:`random_move` does without the notation."""
        other = 1 - seat
        self.passes = 0
        self.hands[seat].remove(c)
        pub = self.public[seat]
        if pub and c in pub:
            pub.remove(c)
        pool = self.pool
        from_pool = t in pool
        if from_pool:
            pool[pool.index(t)] = c
        else:
            opp = self.tableaux[other]
            opp[opp.index(t)] = c
            self.todo.append((other, c))
        into_tableau = bool(ANTI_MASK[c] & SUIT_MASK[t])  # to_tableau(c, t), inlined: a hot path
        if into_tableau:
            self.tableaux[seat].append(t)
            self.todo.insert(0, (seat, t))
            self.draw_due = True
        else:
            self.hands[seat].append(t)
            pub.append(t)
        self._last = (seat, c, t, from_pool, into_tableau)
        if self._events is None:
            self._carry_on()
            return
        self._emit("ferret", **self.last)  # type: ignore[arg-type]
        self._resolve()

    @property
    def last(self) -> dict[str, Any] | None:
        """The last play or pass, as the view shows it (kept as a tuple: plays are many)."""
        if self._last is None:
            return None
        seat, c, t, from_pool, into_tableau = self._last
        if c < 0:
            return {"seat": seat, "passed": True}
        return {"seat": seat, "card": IDS[c], "target": IDS[t], "source": "pool" if from_pool else "tableau",
                "destination": "tableau" if into_tableau else "hand"}

    def _over_reason(self) -> str:
        assert self.ended_by is not None
        return self.ended_by

    def _over_detail(self) -> dict[str, Any]:
        return {"first_scorer": self.first_scorer}

    # ---- text forms ----------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a Ferret move.

        >>> GameState.parse_move("savage > forest")
        {'kind': 'ferret', 'card': 'savage', 'target': 'forest', 'cards': []}
        >>> GameState.parse_move("set ace-knots market castle")["cards"]
        ['ace-knots', 'market', 'castle']
        """
        if move == PASS:
            return {"kind": "pass", "card": None, "target": None, "cards": []}
        parsed = PARSE.get(move)
        if parsed is not None:
            return {"kind": "ferret", "card": IDS[parsed[0]], "target": IDS[parsed[1]], "cards": []}
        words = move.split(" ")
        if len(words) == 4 and words[0] == "set" and all(w in INDEX for w in words[1:]):
            return {"kind": "set", "card": None, "target": None, "cards": words[1:]}
        raise ValueError(f"{move!r} is not Ferret notation (<card> > <target>, pass, set <card> <card> <card>)")

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        p = cls.parse_move(move)
        if p["kind"] == "pass":
            return "pass", ""
        if p["kind"] == "set":
            return "form", "a set: " + join_words([name_of(c) for c in p["cards"]])
        return "ferret", f"{name_of(p['target'])} with {name_of(p['card'])}"

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """Ferret's events in words.

        >>> GameState.event_text({"kind": "ferret", "seat": 1, "card": "savage", "target": "forest",
        ...                       "source": "pool", "destination": "tableau"}, ["You", "Rowan"], 0)
        'Rowan pays with the Savage (Wyrms against Moons) to ferret the Forest from the pool into his tableau.'
        """
        kind = event["kind"]
        if kind == "move":
            move = event["move"]
            if cls.parse_move(move)["kind"] == "ferret":
                return None          # told by the "ferret" event, with where the card went
            return cls.move_text(event["seat"], move, names, you)
        seat: int = event.get("seat", -1)
        who = names[seat] if seat >= 0 else ""
        me = seat == you
        if kind == "ferret":
            src = ("the pool" if event["source"] == "pool"
                   else possessive(names[1 - seat], 1 - seat == you) + " tableau")
            if event["destination"] == "tableau":
                pay = _antipathy_words(event["card"], event["target"])
                place = "your tableau" if me else "his tableau"
                return sentence(who, me, "pay", f"with {name_of(event['card'])} ({pay}) to ferret"
                                f" {name_of(event['target'])} from {src} into {place}")
            place = "your hand" if me else "his hand"
            return sentence(who, me, "take", f"{name_of(event['target'])} from {src} into {place},"
                            f" leaving {name_of(event['card'])} in its place")
        if kind == "draw":
            card = f" ({name_of(event['card'])})" if event.get("card") else ""
            return sentence(who, me, "draw", f"a card{card}; {plural(event['stock'], 'card')} left in the stock")
        if kind == "set":
            owner = names[event["owner"]]
            cards = join_words([name_of(c) for c in event["cards"]])
            return sentence(owner, event["owner"] == you, "score",
                            f"a set of {event['suit'].capitalize()}: {cards} (3 cards)")
        if kind == "layoff":
            onto = join_words(sorted({possessive(names[o], o == you) + " set" for o in event["set_owners"]}))
            return sentence(who, me, "lay", f"off {name_of(event['card'])} onto {onto} (1 card)")
        if kind == "hands":
            first = event["first"]
            return ("Final scoring: " + sentence(names[first], first == you, "score", f"first, then {names[1 - first]}")
                    .rstrip(".") + "; each hand joins its tableau to form sets.")
        if kind == "over":
            first = names[event["first_scorer"]]
            why = (f"the last card was drawn from the stock, so {first} (who did not draw it) scored first"
                   if event["reason"] == "stock" else
                   f"both players passed in succession, so {first} (the first to pass) scored first")
            w = event["winners"]
            result = (sentence(names[w[0]], w[0] == you, "win", f"with {plural(event['scores'][w[0]], 'card')}")
                      .rstrip(".") if len(w) == 1
                      else f"a tie at {plural(event['scores'][0], 'card')}")
            return f"The game ends: {why}. Most cards in the score pile wins: {result}."
        return None

    def _explain(self, seat: int, move: str) -> str | None:
        if move.startswith("set "):
            if self.phase != "set":
                return "no set choice is pending"
            opts = "; ".join(notation(r[2]) for r in self.choices)
            return f"{move!r} is not one of the sets you can form now ({opts})"
        if self.phase == "set":
            return (f"seat {self.chooser} must first choose which set to form "
                    f"({'; '.join(notation(r[2]) for r in self.choices)})")
        parsed = PARSE.get(move)
        if parsed is None:
            return f"{move!r} is not Ferret notation (<card> > <target>, pass, set <card> <card> <card>)"
        c, t = parsed
        if c not in self.hands[seat]:
            return f"{CARDS[c].name} is not in your hand"
        if t in self.piles[0] or t in self.piles[1]:
            return f"{CARDS[t].name} is scored: scored cards are out of play and cannot be ferreted"
        if t in self.tableaux[seat]:
            return f"{CARDS[t].name} is in your own tableau: targets are pool cards or cards in the opponent's tableau"
        return f"{CARDS[t].name} is not in the pool or the opponent's tableau"

    def is_over(self) -> bool:
        return self.phase == "over"

    def scores(self) -> list[Any]:
        return [len(self.piles[0]), len(self.piles[1])]

    def _winners(self) -> list[int]:
        a, b = len(self.piles[0]), len(self.piles[1])
        return [0, 1] if a == b else [0 if a > b else 1]

    def _view(self, seat: int) -> dict[str, Any]:
        over = self.phase == "over"
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "turn": None if over else self.turn,
            "hand": sorted_ids(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            # cards openly ferreted into a hand: public knowledge
            "known_hands": [sorted_ids(p) for p in self.public],
            "pool": [IDS[c] for c in self.pool],
            "tableaux": [[IDS[c] for c in t] for t in self.tableaux],
            "sets": [self._set_view(i, st) for i, st in enumerate(self.sets)],
            "score_piles": [[IDS[c] for c in p] for p in self.piles],
            "pile_sizes": [len(p) for p in self.piles],
            "stock": len(self.stock),
            "passes": self.passes,
            "chooser": self.chooser if self.phase == "set" else None,
            "set_options": [[IDS[c] for c in r[2]] for r in self.choices] if self.phase == "set" else [],
            # the last play or pass (set choices show in "sets")
            "last": self.last,
            "ended_by": self.ended_by,
            "first_scorer": self.first_scorer,
        }

    def _set_view(self, i: int, st: tuple[Any, ...]) -> dict[str, Any]:
        owner, suit, base, lo, hi, cards, lay = st
        return {
            "owner": owner,
            "suit": SUITS[suit],
            "cards": [IDS[c] for c in cards],
            "values": [base, base + 1, base + 2],
            "low": lo,
            "high": hi,
            "layoffs": [{"card": IDS[c], "seat": s} for c, s in lay],
            "final": self.phase == "over" and i >= self.play_sets,
        }

    # ---- hidden information -----------------------------------------------------

    def _hidden(self, seat: int) -> list[int]:
        """Cards ``seat`` has not seen: the opponent's private hand cards and the stock."""
        other = 1 - seat
        pub = self.public[other]
        return [c for c in self.hands[other] if c not in pub] + self.stock

    def _secrets(self, seat: int) -> set[str]:
        return {IDS[c] for c in self._hidden(seat)}

    def _resample(self, seat: int, rng: random.Random) -> None:
        other = 1 - seat
        pub = self.public[other]
        # sorted first: the sample depends only on what the seat sees (AI honesty)
        cards = shuffle(rng, sorted(self._hidden(seat)))
        k = len(self.hands[other]) - len(pub)
        self.hands[other] = list(pub) + cards[:k]
        self.stock = cards[k:]

    def _copy_from(self, other: State) -> None:
        self.hands = [self.hands[0][:], self.hands[1][:]]
        self.public = [self.public[0][:], self.public[1][:]]
        self.pool = self.pool[:]
        self.stock = self.stock[:]
        self.tableaux = [self.tableaux[0][:], self.tableaux[1][:]]
        self.piles = [self.piles[0][:], self.piles[1][:]]
        self.sets = self.sets[:]
        self.todo = self.todo[:]
        self.choices = self.choices[:]


__all__ = ["GameState", "destination", "to_tableau", "IllegalMove"]
