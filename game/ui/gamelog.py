"""The game log in words, read from the engine's event record.

Pure logic.  :class:`GameLog` follows ``state.events(you)`` and turns each
event into the game's own sentence (``GameState.event_text``): moves, who took
each trick and what it cost, what each round scored and why, sets and layoffs,
flips, skipped turns and why the game ended.  Hidden commits stay hidden
because the events do: another seat's secret choice reads "Rowan has chosen."
until the ``reveal`` event shows every choice.

>>> from game import new_game
>>> s = new_game("hermit", players=3, seed=2)
>>> log = GameLog(s, you=0)
>>> s.play(1, s.legal_moves(1)[0]); s.play(0, "start ace-suns"); new = log.update()
>>> [text for _, text in log.lines()][-2:]
['Rowan has chosen.', 'You start a trick with the Ace of Suns.']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import State

NAMES = ("You", "Rowan", "Sable", "Tamsin", "Ulric")
WATCH_NAME = "Ash"                 # seat 0's name when every seat is a computer player
_names = list(NAMES)
#: event kinds shown as headings (a new deal)
HEADINGS = frozenset({"deal"})


def watching(on: bool) -> None:
    """Name seat 0 for watch mode (a computer player) or for play ("You").

    >>> watching(True); seat_name(0)
    'Ash'
    >>> watching(False); seat_name(0)
    'You'
    """
    _names[0] = WATCH_NAME if on else NAMES[0]


def seat_name(seat: int) -> str:
    return _names[seat] if 0 <= seat < len(_names) else f"Seat {seat}"


def names() -> list[str]:
    """Every seat's name as the page shows it now."""
    return list(_names)


def you_seat(you: int) -> int | None:
    """The seat addressed as "you" (None in watch mode: everyone is a computer player)."""
    return None if _names[0] == WATCH_NAME else you


def hint_words(state_or_cls: Any, move: str) -> str:
    """A suggested move for the person, in words (the game's own phrase).

    >>> from game import GAMES
    >>> hint_words(GAMES["hermit"], "lunatic on journey")
    'play the Lunatic on the Journey'
    """
    verb, rest = state_or_cls.move_phrase(move)
    return f"{verb} {rest}".strip()


@dataclass
class Entry:
    seat: int               # who the line is about; -1 for a heading or a table event
    text: str
    kind: str               # the event's kind


def _subject(ev: dict[str, Any]) -> int:
    for key in ("seat", "taker", "owner"):
        v = ev.get(key)
        if isinstance(v, int):
            return v
    return -1


def entries(game: Any, events: list[dict[str, Any]], you: int = 0) -> list[Entry]:
    """Events in words (the game's own sentences), as the log shows them."""
    people = names()
    addressed = you_seat(you)
    out = []
    for ev in events:
        text = game.event_text(ev, people, addressed)
        if text:
            out.append(Entry(-1 if ev["kind"] in HEADINGS else _subject(ev), text, ev["kind"]))
    return out


class GameLog:
    """Every event of the game in words, oldest first."""

    def __init__(self, state: State, you: int = 0) -> None:
        self.state = state
        self.you = you
        self.entries: list[Entry] = []
        self.seen = 0
        self.update()

    def update(self) -> list[Entry]:
        """Read the events since the last update; return the new entries."""
        st = self.state
        events = st.events(self.you, since=self.seen)
        self.seen += len(events)
        new = entries(type(st), events, self.you)
        self.entries += new
        return new

    def lines(self) -> list[tuple[int, str]]:
        """(seat, or -1 for a heading or a table event, words) for every entry."""
        return [(e.seat, e.text) for e in self.entries]

    def latest(self, n: int) -> list[tuple[int, str]]:
        return self.lines()[-n:]
