"""The game log in words: one sentence per move, hidden commits kept hidden.

Pure logic.  :class:`GameLog` is fed every move as it is played
(:meth:`GameLog.add`, with the seats that were to move before it and after
it) and gives sentences such as "Rowan plays the Lunatic on the Journey".

A simultaneous choice (several seats in ``to_move()``: Hermit's opening
starts, Type Trump's simultaneous declarations) is a hidden commit: until
every seat has chosen, a computer seat's entry reads "Rowan has chosen." and
only then shows the card or suit.  The person's own choice is shown at once
(they know it).

>>> from game import new_game
>>> s = new_game("hermit", players=3, seed=2)
>>> log = GameLog(you=0, game="hermit")
>>> for seat in (1, 0):
...     before = s.to_move(); m = s.legal_moves(seat)[0]; s.play(seat, m)
...     log.add(seat, m, before, s.to_move(), s.round)
>>> [text for _, text in log.lines()]
['Rowan has chosen.', 'You start a trick with the Ace of Suns.']
>>> seat = s.to_move()[0]; before = s.to_move(); m = s.legal_moves(seat)[0]; s.play(seat, m)
>>> log.add(seat, m, before, s.to_move(), s.round)
>>> log.lines()[0][1].startswith("Rowan starts a trick with")
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import State
from .cards import describe

NAMES = ("You", "Rowan", "Sable", "Tamsin", "Ulric")
WATCH_NAME = "Ash"                 # seat 0's name when every seat is a computer player
_names = list(NAMES)


def watching(on: bool) -> None:
    """Name seat 0 for watch mode (a computer player) or for play ("You").

    >>> watching(True); sentence(0, "flip", "hermits-whist")
    'Ash turns up the next 8.'
    >>> watching(False); sentence(0, "flip", "hermits-whist")
    'You turn up the next 8.'
    """
    _names[0] = WATCH_NAME if on else NAMES[0]


def seat_name(seat: int) -> str:
    return _names[seat] if 0 <= seat < len(_names) else f"Seat {seat}"


def _card(cid: str) -> str:
    return describe(cid)


def sentence(seat: int, move: str, game: str) -> str:
    """A move as a sentence with the seat's name ("You play ..." / "Rowan plays ...").

    >>> sentence(1, "lunatic on journey", "hermit")
    'Rowan plays the Lunatic on the Journey.'
    >>> sentence(0, "declare moons", "type-trump"), sentence(2, "d4", "hermit-stones")
    ('You declare Moons.', 'Sable places a stone on d4.')
    >>> sentence(1, "savage > forest", "ferret"), sentence(0, "flip", "hermits-whist")
    ('Rowan ferrets the Forest with the Savage.', 'You turn up the next 8.')
    """
    name = seat_name(seat)
    you = name == NAMES[0]

    def verb(v: str) -> str:            # "play" -> "You play" / "Rowan plays"
        if you:
            return f"{name} {v}"
        first, _, rest = v.partition(" ")
        first = {"have": "has", "pass": "passes"}.get(first, first + "s")
        return f"{name} {first}" + (f" {rest}" if rest else "")

    w = move.split(" ")
    if w[0] == "start" and len(w) == 2:
        return verb(f"start a trick with {_card(w[1])}") + "."
    if len(w) == 3 and w[1] == "on":
        return verb(f"play {_card(w[0])} on {_card(w[2])}") + "."
    if w[0] == "cottage" and len(w) == 2:
        return verb(f"put {_card(w[1])} in the Cottage") + "."
    if w[0] == "declare" and len(w) == 2:
        return verb(f"declare {w[1].capitalize()}") + "."
    if len(w) == 3 and w[1] == ">":
        return verb(f"ferret {_card(w[2])} with {_card(w[0])}") + "."
    if w[0] == "set" and len(w) > 1:
        return verb("form a set: " + ", ".join(_card(c) for c in w[1:])) + "."
    if move == "pass":
        return verb("pass") + "."
    if move == "flip":
        return verb("turn up the next 8") + "."
    if game == "hermit-stones":
        return verb(f"place a stone on {move}") + "."
    if len(w) == 1:
        return verb(f"play {_card(w[0])}") + "."
    return verb(f"play {move}") + "."


def hint_words(game: str, move: str) -> str:
    """A suggested move for the person, in words.

    >>> hint_words("hermit", "lunatic on journey")
    'play the Lunatic on the Journey'
    """
    return sentence(0, move, game).removeprefix(seat_name(0) + " ").rstrip(".")


@dataclass
class Entry:
    seat: int               # -1: a round heading
    text: str
    hidden: bool = False    # a computer seat's commit not yet revealed


class GameLog:
    """Every move of the game in words, oldest first."""

    def __init__(self, you: int = 0, game: str = "") -> None:
        self.you = you
        self.game = game
        self.entries: list[Entry] = []
        self.pending: list[Entry] = []
        self.round = 1

    @classmethod
    def replay(cls, state: State, you: int = 0) -> "GameLog":
        """The log of a game so far, rebuilt by replaying its moves from the deal."""
        from .. import new_game
        log = cls(you, state.GAME_ID)
        s = new_game(state.GAME_ID, players=state.players, seed=state.seed, options=state.options)
        for seat, move in state.history:
            before = s.to_move()
            s.play(seat, move)
            log.add(seat, move, before, s.to_move(), s.round, s.is_over())
        return log

    def add(self, seat: int, move: str, before: list[int], after: list[int], round_: int,
            over: bool = False) -> None:
        """Note ``move`` by ``seat``; ``before``/``after``: ``to_move()`` around it."""
        text = sentence(seat, move, self.game)
        hidden = len(before) > 1 and seat != self.you
        e = Entry(seat, text, hidden)
        self.entries.append(e)
        if len(before) > 1:
            self.pending.append(e)
            rest = [x for x in before if x != seat]
            if rest and sorted(after) == sorted(rest):
                return                  # the commit is still open
        for p in self.pending:          # everyone has chosen: reveal
            p.hidden = False
        self.pending = []
        if round_ != self.round and not over:
            self.round = round_
            self.entries.append(Entry(-1, f"Round {round_}"))

    def lines(self) -> list[tuple[int, str]]:
        """(seat or -1 for a heading, words) for every entry, hidden commits hidden."""
        return [(e.seat, f"{seat_name(e.seat)} has chosen." if e.hidden else e.text) for e in self.entries]

    def latest(self, n: int) -> list[tuple[int, str]]:
        return self.lines()[-n:]
