"""The State contract every game implements, plus its shared machinery.

A game is a subclass of :class:`State` that declares its id, player counts
and options, and fills in a handful of hooks (``_setup``, ``to_move``,
``_legal``, ``_apply``, ``_view``, ...).  Everything the contract promises
that is the same for every game lives here, once:

* move validation: ``play`` accepts exactly what ``legal_moves`` lists, and an
  illegal move raises :class:`IllegalMove` before anything changes;
* the save envelope (``to_json`` / :func:`game.load_game`), which replays the
  move list from the seed;
* seeded randomness that gives the same deals on every CPython version;
* option and ``deal`` validation with errors that name the culprit.

>>> from game import new_game
>>> s = new_game("hermit", players=3, seed=7)
>>> s.to_move()            # the simultaneous start: everyone chooses
[0, 1, 2]
>>> s.play(0, "no such move")
Traceback (most recent call last):
...
game.core.IllegalMove: 'no such move' is not Hermit notation (start <card>, <card> on <card>, cottage <card>)
"""

from __future__ import annotations

import copy
import json
import random
from dataclasses import dataclass, field
import sys
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Mapping, Sequence, TypedDict

if TYPE_CHECKING:
    from fractions import Fraction

SAVE_FORMAT = 1


class IllegalMove(ValueError):
    """A move that is not in ``legal_moves(seat)``; the state is unchanged."""


# --------------------------------------------------------------------------
# Seeded randomness, identical on CPython 3.11 and 3.14.
#
# ``random.Random(str)`` hashes the string with SHA-512 (seeding version 2,
# unchanged since 3.2) and Mersenne Twister's ``getrandbits`` is the same on
# every version, so the helpers below use nothing else.


def make_rng(key: str) -> random.Random:
    """A Random seeded from a string key (stable across Python versions)."""
    return random.Random(key)


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform int in ``range(n)`` from ``getrandbits`` alone.

    >>> randbelow(make_rng("x"), 6) in range(6)
    True
    """
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[Any]) -> list[Any]:
    """Fisher-Yates shuffle in place (and return the list).

    >>> shuffle(make_rng("demo"), list(range(5))) == shuffle(make_rng("demo"), list(range(5)))
    True
    """
    getrandbits = rng.getrandbits  # randbelow inlined: a hot path of the AI's search
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
    return items


# --------------------------------------------------------------------------
# Numbers in views and saves.


def json_number(x: int | Fraction) -> int | str:
    """A score as JSON: an int, or ``"p/q"`` for a fraction that is not whole.

    >>> from fractions import Fraction
    >>> json_number(Fraction(22, 3)), json_number(Fraction(4, 2)), json_number(5)
    ('22/3', 2, 5)
    """
    # fractions is imported only by the games that score in fractions (Pyodide
    # compiles it at start-up otherwise): no fractions module, no Fraction.
    fractions = sys.modules.get("fractions")
    if fractions is not None and isinstance(x, fractions.Fraction):
        return x.numerator if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    assert isinstance(x, int)
    return x


# --------------------------------------------------------------------------
# Options.


@dataclass(frozen=True)
class Option:
    """One declared game option.

    ``kind`` is one of ``bool``, ``int``, ``choice``, ``seat`` (a seat number,
    or None for "drawn from the seed") or ``ints`` (a list of ``length`` ints).
    ``label`` is the option's name as a person reads it (default: ``name``
    with spaces) and ``labels`` the words for some of its values (a choice, or
    None of a nullable option); ``help`` says what it does.

    >>> Option("target", 66, "int", minimum=1).parse(100, players=4)
    100
    >>> Option("target", 66, "int", minimum=1).parse("x", players=4)
    Traceback (most recent call last):
    ...
    ValueError: option 'target': expected a whole number >= 1, got 'x'
    """

    name: str
    default: Any
    kind: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False
    length: int | None = None
    label: str = ""
    labels: Mapping[Any, str] = field(default_factory=dict)

    def title(self) -> str:
        """The option's name for a person.

        >>> Option("house_party", False, "bool").title(), Option("first", 0, "seat", label="First stone").title()
        ('House party', 'First stone')
        """
        return self.label or self.name.replace("_", " ").capitalize()

    def value_label(self, value: Any) -> str:
        """A value in words: its label when declared, else its text form.

        >>> Option("board", "b7", "choice", choices=("b7",), labels={"b7": "7x7 square"}).value_label("b7")
        '7x7 square'
        """
        if value in self.labels:
            return self.labels[value]
        if isinstance(value, bool):
            return "on" if value else "off"
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return "" if value is None else str(value)

    def _bad(self, what: str, value: Any) -> ValueError:
        return ValueError(f"option {self.name!r}: expected {what}, got {value!r}")

    def _int(self, value: Any, lo: int | None, hi: int | None) -> int:
        if lo is not None and hi is not None:
            what = f"a whole number from {lo} to {hi}"
        elif lo is not None:
            what = f"a whole number >= {lo}"
        else:
            what = "a whole number"
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._bad(what, value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self._bad(what, value)
        return value

    def parse(self, value: Any, players: int) -> Any:
        """Check a value and return it normalised; ValueError naming the key."""
        if value is None and (self.nullable or self.kind == "seat"):
            return None
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self._bad("true or false", value)
            return value
        if self.kind == "int":
            return self._int(value, self.minimum, self.maximum)
        if self.kind == "seat":
            return self._int(value, 0, players - 1)
        if self.kind == "choice":
            if value not in self.choices:
                raise self._bad("one of " + ", ".join(map(repr, self.choices)), value)
            return value
        if self.kind == "ints":
            if not isinstance(value, (list, tuple)) or len(value) != self.length:
                raise self._bad(f"a list of {self.length} whole numbers", value)
            return [self._int(v, self.minimum, self.maximum) for v in value]
        raise AssertionError(self.kind)

    def parse_text(self, text: str, players: int) -> Any:
        """Parse the text form (a URL parameter) of this option.

        >>> Option("house_party", False, "bool").parse_text("true", 4)
        True
        >>> Option("wilds", [1]*6, "ints", length=6, minimum=0, maximum=10).parse_text("1,2,3,4,5,6", 1)
        [1, 2, 3, 4, 5, 6]
        """
        t = text.strip()
        value: Any = t
        if t.lower() in ("", "null", "none") and (self.nullable or self.kind == "seat"):
            value = None
        elif self.kind == "bool":
            value = {"true": True, "1": True, "yes": True, "false": False, "0": False, "no": False}.get(t.lower(), t)
        elif self.kind in ("int", "seat"):
            value = int(t) if t.lstrip("-").isdigit() else t
        elif self.kind == "ints":
            parts = [p.strip() for p in t.split(",")]
            value = [int(p) if p.lstrip("-").isdigit() else p for p in parts]
        return self.parse(value, players)

    def describe(self) -> dict[str, Any]:
        """A JSON description (for the page's option form)."""
        d = {"name": self.name, "kind": self.kind, "default": self.default, "help": self.help}
        if self.choices:
            d["choices"] = list(self.choices)
        for k in ("minimum", "maximum", "length"):
            if getattr(self, k) is not None:
                d[k] = getattr(self, k)
        if self.nullable:
            d["nullable"] = True
        if self.label:
            d["label"] = self.label
        if self.labels:
            d["labels"] = [[k, v] for k, v in self.labels.items()]
        return d


# --------------------------------------------------------------------------
# Deals.


def check_deal(deal: Any, zones: dict[str, int | Sequence[int]], universe: dict[str, int],
               cover: bool = True) -> dict[str, Any]:
    """Validate a ``deal`` dict and turn its card ids into indexes.

    ``zones`` maps each zone name to the number of cards it must hold, or to a
    list of numbers for a zone that is one list per seat (``hands``).  With
    ``cover`` every card of ``universe`` must appear exactly once.

    >>> from game.decktet import INDEX
    >>> check_deal({"hands": [["author"], ["bard"]]}, {"hands": [1, 1]}, INDEX, cover=False)
    {'hands': [[6], [31]]}
    >>> check_deal({"hand": []}, {"hands": [1, 1]}, INDEX)
    Traceback (most recent call last):
    ...
    ValueError: deal: unknown zone 'hand' (zones: hands)
    """
    if not isinstance(deal, dict):
        raise ValueError(f"deal: expected a dict of zones, got {type(deal).__name__}")
    for name in deal:
        if name not in zones:
            raise ValueError(f"deal: unknown zone {name!r} (zones: {', '.join(zones)})")
    out: dict[str, Any] = {}
    seen: dict[int, str] = {}

    def take(ids: Any, where: str, count: int) -> list[int]:
        if not isinstance(ids, (list, tuple)):
            raise ValueError(f"deal: {where} must be a list of card ids, got {ids!r}")
        if len(ids) != count:
            raise ValueError(f"deal: {where} must hold {count} cards, not {len(ids)}")
        cards = []
        for cid in ids:
            if not isinstance(cid, str) or cid not in universe:
                raise ValueError(f"deal: {where} has unknown card {cid!r}")
            c = universe[cid]
            if c in seen:
                raise ValueError(f"deal: card {cid!r} appears twice ({seen[c]} and {where})")
            seen[c] = where
            cards.append(c)
        return cards

    for name, want in zones.items():
        if name not in deal:
            raise ValueError(f"deal: zone {name!r} is missing")
        got = deal[name]
        if isinstance(want, int):
            out[name] = take(got, name, want)
        else:
            if not isinstance(got, (list, tuple)) or len(got) != len(want):
                raise ValueError(f"deal: {name} must be {len(want)} lists (one per seat)")
            out[name] = [take(g, f"{name}[{i}]", w) for i, (g, w) in enumerate(zip(got, want))]
    if cover and len(seen) != len(universe):
        missing = sorted(set(universe) - {cid for cid, c in universe.items() if c in seen})
        raise ValueError(f"deal: cards missing from the deal: {', '.join(missing[:6])}"
                         + ("..." if len(missing) > 6 else ""))
    return out


# --------------------------------------------------------------------------
# The State contract.


class BaseView(TypedDict):
    """The keys every ``view(seat)`` has; each game's view type extends it."""

    game: str
    players: int
    seat: int
    round: int
    to_move: list[int]
    scores: list[int | str]
    over: bool
    winners: list[int]


class State:
    """Base class of every game's state.  See shared/DESIGN.md for the contract.

    Subclasses set the class attributes and implement:

    * ``_setup(deal)``: build the first position (``deal`` already validated
      by ``_check_deal`` or None);
    * ``to_move()``, ``is_over()``, ``scores()``, ``_winners()``;
    * ``_legal(seat)``: the legal notations for a seat in ``to_move()``;
    * ``_apply(seat, move)``: play a move known to be legal;
    * ``_view(seat)``: the game's part of ``view(seat)``;
    * ``_resample(seat, rng)``: for hidden-information games, reshuffle on
      this (already cloned) state everything ``seat`` has not seen;
    * ``_secrets(seat)``: card ids ``seat`` may not know the place of (used
      by tests to prove views hide them);
    * ``_copy_from(other)``: deep-copy the mutable fields after a shallow copy.
    """

    # ---- what the game is (declared once, read by the page, stats, help and AI) ----
    GAME_ID: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    DESIGNER: ClassVar[str] = ""
    #: one line that makes a person want to play it
    PITCH: ClassVar[str] = ""
    #: the rules text in shared/rules/ the game implements
    RULES_FILE: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 1
    MAX_PLAYERS: ClassVar[int] = 1
    DEFAULT_PLAYERS: ClassVar[int] = 1
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    #: True when the lowest score wins (penalty points)
    LOWER_WINS: ClassVar[bool] = False
    #: True when a rule can split points into fractions (scores are then Fractions)
    FRACTIONAL_SCORES: ClassVar[bool] = False
    #: True when some seat ever lacks information another has.
    HIDDEN_INFORMATION: ClassVar[bool] = True
    #: the TypedDict of ``view(seat)`` (the keys the page reads)
    VIEW: ClassVar[Any] = BaseView

    players: int
    seed: int
    options: dict[str, Any]
    round: int
    history: list[tuple[int, str]]

    def __init__(self, players: int | None = None, seed: int = 0,
                 options: dict[str, Any] | None = None, deal: dict[str, Any] | None = None, *, _record: bool = False):
        if players is None:
            players = self.DEFAULT_PLAYERS
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"players: expected a whole number, got {players!r}")
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            span = (str(self.MIN_PLAYERS) if self.MIN_PLAYERS == self.MAX_PLAYERS
                    else f"{self.MIN_PLAYERS}-{self.MAX_PLAYERS}")
            raise ValueError(f"players: {self.GAME_ID} is for {span} players, not {players}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed: expected a whole number, got {seed!r}")
        self.players = players
        self.seed = seed
        self.options = self.parse_options(options, players)
        self._deal_given = copy.deepcopy(deal) if deal is not None else None
        self._rng_key = f"{self.GAME_ID}:{seed}"
        self._determinized = False
        self.history = []
        self._legal_cache: dict[int, list[str]] = {}
        self.round = 1
        #: the event record, kept only by a recorder (see ``events``): (public
        #: event, {seat: that seat's own version}); None on every other state,
        #: so that play, clones and the AI's search never pay for events
        self._events: list[tuple[dict[str, Any], dict[int, dict[str, Any]] | None]] | None = (
            [] if _record else None)
        self._recorder: State | None = None
        self._setup(self._check_deal(deal) if deal is not None else None)

    # ---- options -----------------------------------------------------------

    @classmethod
    def parse_options(cls, options: dict[str, Any] | None, players: int) -> dict[str, Any]:
        """Validate options (ValueError naming the key) and fill in defaults."""
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise ValueError(f"options: expected a dict, got {options!r}")
        known = {o.name: o for o in cls.OPTIONS}
        for key in options:
            if key not in known:
                names = ", ".join(known) or "none"
                raise ValueError(f"option {key!r}: unknown for {cls.GAME_ID} (options: {names})")
        out = {}
        for o in cls.OPTIONS:
            value = options.get(o.name, copy.deepcopy(o.default))
            out[o.name] = o.parse(value, players)
        cls._check_options(out, players)
        return out

    @classmethod
    def _check_options(cls, options: dict[str, Any], players: int) -> None:
        """Cross-option checks; raise ValueError naming the key."""

    def _check_deal(self, deal: Any) -> Any:
        raise ValueError(f"deal: {self.GAME_ID} takes no deal")

    # ---- the game's hooks ------------------------------------------------------

    def _setup(self, deal: Any) -> None:
        """Build the first position (``deal`` validated by ``_check_deal``, or None)."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[str]:
        """The legal notations of a seat in ``to_move()``."""
        raise NotImplementedError

    def _apply(self, seat: int, move: str) -> None:
        """Play a move known to be legal."""
        raise NotImplementedError

    # ---- randomness --------------------------------------------------------

    def rng(self, purpose: str) -> random.Random:
        """The RNG for one random event (e.g. ``"deal 2"``) of this game.

        Derived from the seed and the purpose, so later deals do not depend on
        how many random numbers earlier ones used; ``determinize`` replaces the
        key so that a sampled state's future deals are resampled too.
        """
        return make_rng(f"{self._rng_key}|{purpose}")

    # ---- the contract ------------------------------------------------------

    def to_move(self) -> list[int]:
        raise NotImplementedError

    def legal_moves(self, seat: int) -> list[str]:
        """Legal move notations for ``seat`` now ([] when it cannot act)."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            cached = self._legal(seat) if seat in self.to_move() else []
            self._legal_cache[seat] = cached
        return list(cached)

    def random_move(self, seat: int, rng: random.Random) -> str:
        """A legal move of ``seat``, uniformly at random: ``legal_moves(seat)[i]`` for one
        draw ``i = randbelow(rng, len(legal_moves(seat)))`` (a random rollout's step).  A
        game may compute the same move without building the list; the draw and the move
        must stay those of this definition, so that seeded play does not change.

        >>> from game import new_game
        >>> s = new_game("hermit-stones", seed=0)
        >>> s.random_move(0, random.Random(1)) in s.legal_moves(0)
        True
        """
        moves = self.legal_moves(seat)
        return moves[randbelow(rng, len(moves))]

    def play(self, seat: int, move: str) -> None:
        """Play a legal move; anything else raises IllegalMove, changing nothing."""
        cached = self._legal_cache.get(seat)
        if cached is None:
            self.legal_moves(seat)
            cached = self._legal_cache[seat]
        if move not in cached:
            raise IllegalMove(self.explain_illegal(seat, move))
        # push(), inlined: this is every move's path
        if self._events is None:
            self._apply(seat, move)
        else:
            self._record_move(seat, move)
        self.history.append((seat, move))
        self._legal_cache = {}

    def push(self, seat: int, move: str) -> None:
        """Play a move KNOWN to be legal, without checking it (the AI's fast path).

        The same effect as :meth:`play` for a move in ``legal_moves(seat)``, as
        python-chess's ``push`` sits beside ``push_san``; anything else leaves
        the state undefined.  Search code that generates its moves from
        ``legal_moves`` or a trusted policy uses it to skip the membership test.

        >>> from game import new_game
        >>> s = new_game("hermit-stones", seed=0)
        >>> s.push(0, "d4"); s.history
        [(0, 'd4')]
        """
        if self._events is None:
            self._apply(seat, move)
        else:
            self._record_move(seat, move)
        self.history.append((seat, move))
        self._legal_cache = {}

    def explain_illegal(self, seat: int, move: Any) -> str:
        """Why ``move`` is not legal for ``seat`` now, in words."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r} in this {self.players}-player game"
        if self.is_over():
            return "the game is over"
        movers = self.to_move()
        if seat not in movers:
            return f"it is not seat {seat}'s turn (waiting for seat {', '.join(map(str, movers))})"
        if not isinstance(move, str):
            return f"a move is a notation string, not {move!r}"
        reason = self._explain(seat, move)
        return reason or f"{move!r} is not a legal move for seat {seat} now"

    def _explain(self, seat: int, move: str) -> str | None:
        """Game-specific reason a move is illegal (None: the generic text)."""
        return None

    def is_over(self) -> bool:
        raise NotImplementedError

    def scores(self) -> list[Any]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        return self._winners() if self.is_over() else []

    def _winners(self) -> list[int]:
        raise NotImplementedError

    def view(self, seat: int) -> dict[str, Any]:
        """Everything ``seat`` may know, as JSON-serialisable data."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat: no seat {seat!r} in this {self.players}-player game")
        v = {
            "game": self.GAME_ID,
            "players": self.players,
            "seat": seat,
            "round": self.round,
            "to_move": self.to_move(),
            "scores": [json_number(x) for x in self.scores()],
            "over": self.is_over(),
            "winners": self.winners(),
        }
        v.update(self._view(seat))
        return v

    def _view(self, seat: int) -> dict[str, Any]:
        raise NotImplementedError

    # ---- events ----------------------------------------------------------------

    def events(self, seat: int, since: int = 0) -> list[dict[str, Any]]:
        """What has happened, as ``seat`` may know it: ``events(seat)[since:]``.

        Each event is a JSON-serialisable dict with ``kind`` and ``round``
        (see shared/DESIGN.md).  The list only grows, and ``load_game`` of
        ``to_json()`` rebuilds it identically.  A hidden commit reads
        ``{"kind": "move", "seat": s, "move": None}`` to the others until a
        ``reveal`` event shows what was chosen.

        >>> from game import new_game
        >>> s = new_game("hermit", players=3, seed=7)
        >>> s.play(1, s.legal_moves(1)[0])
        >>> s.events(0)[-1]
        {'kind': 'move', 'round': 1, 'seat': 1, 'move': None}
        >>> s.events(1)[-1]["move"] == s.history[-1][1]
        True
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"seat: no seat {seat!r} in this {self.players}-player game")
        if isinstance(since, bool) or not isinstance(since, int) or since < 0:
            raise ValueError(f"since: expected a whole number >= 0, got {since!r}")
        if self._determinized:
            raise ValueError("a determinized state is a sample, not a game: it has no event record")
        return self._record()._events_for(seat, since)

    def _record(self) -> "State":
        """The recorder: a twin of this game, replayed from the seed with events on.

        Events are recorded on a separate copy that follows this game's move
        list lazily, so ``play`` and the AI never pay for them; each move is
        replayed once, when events are first asked for after it.
        """
        if self._events is not None:
            return self                         # a recorder records itself
        rec = self._recorder
        if rec is None:
            rec = self._recorder = type(self)(self.players, self.seed, self.options, self._deal_given, _record=True)
        for seat, move in self.history[len(rec.history):]:
            rec.push(seat, move)
        return rec

    def _events_for(self, seat: int, since: int) -> list[dict[str, Any]]:
        assert self._events is not None
        out = []
        for public, own in self._events[since:]:
            ev = own.get(seat, public) if own else public
            out.append(copy.deepcopy(ev))
        return out

    def _emit(self, kind: str, own: dict[int, dict[str, Any]] | None = None, **data: Any) -> None:
        """Record an event (only on a real game: samples keep no record).

        ``data`` is what every seat sees; ``own`` maps seats to extra or
        different fields only they see (e.g. the card a seat drew itself).
        """
        if self._events is None:
            return
        public = {"kind": kind, "round": self.round, **data}
        versions = {s: {**public, **extra} for s, extra in own.items()} if own else None
        self._events.append((public, versions))

    def _record_move(self, seat: int, move: str) -> None:
        """Play ``move`` while recording it and, once the game ends, the ``over`` event."""
        seen_by = self._move_seen_by(seat, move)
        if seen_by is None:
            self._emit("move", seat=seat, move=move)
        else:
            self._emit("move", own={s: {"move": move} for s in seen_by}, seat=seat, move=None)
        self._apply(seat, move)
        if self.is_over():
            self._emit("over", winners=self.winners(), scores=[json_number(x) for x in self.scores()],
                       reason=self._over_reason(), **self._over_detail())

    def _move_seen_by(self, seat: int, move: str) -> Sequence[int] | None:
        """None for a public move; for a hidden commit, the seats that see it."""
        return None

    def _over_reason(self) -> str:
        """A short word for why the game ended (the ``over`` event's ``reason``)."""
        raise NotImplementedError

    def _over_detail(self) -> dict[str, Any]:
        """Extra fields of the ``over`` event (e.g. the tie-break that decided)."""
        return {}

    # ---- text forms ------------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a move notation, e.g. ``{"kind": "on", "card": ..., "target": ...}``.

        The one place a notation is read apart (the page asks here, never
        splits strings itself); ValueError if ``move`` is not this game's notation.
        """
        raise NotImplementedError

    @classmethod
    def move_cards(cls, move: str) -> list[str]:
        """The card ids a move names, the card it plays first (none for a stone or a flip).

        >>> from game import GAMES
        >>> GAMES["hermit"].move_cards("lunatic on journey"), GAMES["hermit-stones"].move_cards("d4")
        (['lunatic', 'journey'], [])
        """
        parts = cls.parse_move(move)
        return [parts[k] for k in ("card", "target") if parts.get(k)] + list(parts.get("cards") or [])

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        """A move in words as (verb, the rest): ``("play", "the Lunatic on the Journey")``."""
        raise NotImplementedError

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """An event as a sentence, with seats named by ``names`` (``you``: the
        seat addressed as "you"); None for events the log does not tell.  Here: a move,
        or a secret choice (``move`` None) as only the fact that it was made.

        >>> from game import GAMES
        >>> GAMES["type-trump"].event_text({"kind": "move", "seat": 1, "move": None}, ["You", "Rowan"])
        'Rowan has chosen.'
        """
        if event["kind"] != "move":
            return None
        seat = event["seat"]
        if event["move"] is None:
            return sentence(names[seat], seat == you, "have", "chosen")
        return cls.move_text(seat, event["move"], names, you)

    @classmethod
    def move_text(cls, seat: int, move: str, names: Sequence[str], you: int | None = None) -> str:
        """A move as a sentence: "You play the Lunatic on the Journey."

        >>> from game import GAMES
        >>> GAMES["hermit"].move_text(1, "lunatic on journey", ["You", "Rowan"], you=0)
        'Rowan plays the Lunatic on the Journey.'
        """
        verb, rest = cls.move_phrase(move)
        return sentence(names[seat], seat == you, verb, rest)

    def clone(self) -> "State":
        """An independent copy (its events are recorded anew when asked for)."""
        new = object.__new__(type(self))
        new.__dict__ = self.__dict__.copy()
        new.history = list(self.history)
        new._legal_cache = dict(self._legal_cache)
        new._recorder = None
        if self._events is not None:
            new._events = list(self._events)
        new._copy_from(self)
        return new

    def _copy_from(self, other: "State") -> None:
        """Deep-copy mutable game fields after ``clone``'s shallow copy.

        The default deep-copies every field it does not know to be immutable;
        games override it with a faster exact copy.
        """
        skip = {"history", "_legal_cache", "options", "_deal_given", "_events", "_recorder"}
        for k, v in other.__dict__.items():
            if k not in skip and not isinstance(v, (int, str, bool, float, tuple, frozenset, type(None))):
                self.__dict__[k] = copy.deepcopy(v)

    def determinize(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with ``view(seat)``.

        Cards ``seat`` has not seen are redistributed at random among the places
        they could be, and the future deals get a fresh RNG key.  For
        perfect-information games this is a clone.
        """
        new = self.clone()
        new._events = None       # a sample keeps no record
        if self.HIDDEN_INFORMATION:
            new._rng_key = f"{self._rng_key}/{rng.getrandbits(64):x}"
            new._determinized = True
            new._resample(seat, rng)
            new._legal_cache = {}
        return new

    def _resample(self, seat: int, rng: random.Random) -> None:
        raise NotImplementedError

    def _secrets(self, seat: int) -> set[str]:
        """Card ids whose place ``seat`` may not know (for the honesty tests)."""
        return set()

    # ---- saves ---------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The save envelope: replaying it with ``load_game`` gives this state."""
        if self._determinized:
            raise ValueError("a determinized state is a sample, not a game: it has no save")
        data = {
            "format": SAVE_FORMAT,
            "game": self.GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": copy.deepcopy(self.options),
            "moves": [[s, m] for s, m in self.history],
        }
        if self._deal_given is not None:
            data["deal"] = copy.deepcopy(self._deal_given)
        return data

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} players={self.players} seed={self.seed} "
                f"round={self.round} moves={len(self.history)}>")


def random_playout(state: State, rng: random.Random, max_moves: int = 100_000) -> int:
    """Play uniformly random legal moves to the end; return the move count.

    Every seat in ``to_move()`` moves in turn (hidden commits included).
    """
    n = 0
    while not state.is_over():
        movers = state.to_move()
        if not movers:
            raise RuntimeError(f"{state!r}: not over, yet nobody is to move")
        seat = movers[0]
        moves = state.legal_moves(seat)
        state.play(seat, moves[randbelow(rng, len(moves))])
        n += 1
        if n > max_moves:
            raise RuntimeError(f"{state!r}: no end after {max_moves} moves")
    return n


_THIRD_PERSON = {"have": "has", "pass": "passes", "do": "does", "go": "goes"}


def sentence(name: str, second_person: bool, verb: str, rest: str = "") -> str:
    """A sentence with the verb agreeing with its subject.

    >>> sentence("You", True, "play", "the Bard"), sentence("Rowan", False, "pass")
    ('You play the Bard.', 'Rowan passes.')
    >>> sentence("Sable", False, "take", "the trick")
    'Sable takes the trick.'
    """
    if not second_person:
        verb = _THIRD_PERSON.get(verb) or (verb + "es" if verb.endswith(("s", "sh", "ch", "x")) else verb + "s")
    return f"{name} {verb}" + (f" {rest}" if rest else "") + "."


def possessive(name: str, second_person: bool) -> str:
    """ "your" for the person addressed, else "Rowan's".

    >>> possessive("You", True), possessive("Rowan", False)
    ('your', "Rowan's")
    """
    return "your" if second_person else f"{name}'s"


def plural(n: int | str, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, in the plural unless n is 1.

    >>> plural(1, "trick"), plural(0, "point"), plural(3, "Personality", "Personalities")
    ('1 trick', '0 points', '3 Personalities')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def join_words(items: Sequence[str]) -> str:
    """Items joined as English: "a", "a and b", "a, b and c".

    >>> join_words(["the Bard"]), join_words(["a", "b", "c"])
    ('the Bard', 'a, b and c')
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def dumps(data: Any) -> str:
    """Compact, stable JSON for saves."""
    return json.dumps(data, separators=(",", ":"), sort_keys=False)


def seats_from(first: int, n: int) -> Iterable[int]:
    """Seats clockwise starting with ``first``.

    >>> list(seats_from(2, 4))
    [2, 3, 0, 1]
    """
    return ((first + i) % n for i in range(n))
