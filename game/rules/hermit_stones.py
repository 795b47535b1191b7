"""Hermit, the stone-placing game by Phil Leduc (rules/hermit-stones.txt).

Two players drop stones on an empty board (``square7`` by default, ``hex5``,
or the extra sizes ``square5``, ``square9``, ``hex4``: see :mod:`.boards`).
A move is the notation of a cell.  A stone may go on an empty cell only if
the group of like-coloured, edge-connected stones it then belongs to has
1, 3 or 5 stones; the first stone of the game may not go on the centre.  A
seat with no legal placement is skipped (each skipped turn is logged); the
game ends when neither seat can place.  Scores are groups per seat; the
winner has the most groups, then the most hermits (size-1 groups), then the
most groups of 3, and finally the seat that placed the last stone wins.

Legality is incremental: every stone carries a group id, every group its
cells, and the size a stone on cell c would make is 1 plus the sizes of the
distinct own groups next to c.  After a placement only the mover's empty
cells next to the new group can change status (and the placed cell, for
both), so each seat keeps a table of open cells updated in O(group border).

"Some of these off-limit cells may become available again!": groups never
shrink, but a new own group next to an off-limit cell can make the sum odd
again.  On square7, a stone of seat 0 on b2 closes b3 to seat 0 (a group of
2); once seat 0 also holds b4, a stone on b3 joins 1 + 1 + 1 = 3 and b3 is
open again:

>>> from game import new_game
>>> s = new_game("hermit-stones")
>>> s.play(0, "b2"); s.play(1, "g7")
>>> "b3" in s.legal_moves(0), s.size_if(0, "b3")
(False, 2)
>>> s.play(0, "b4"); s.play(1, "e7")
>>> "b3" in s.legal_moves(0), s.size_if(0, "b3")
(True, 3)
"""

from __future__ import annotations

from itertools import compress
from typing import Any, Sequence, TypedDict

from ..core import BaseView, Option, State, plural, randbelow, sentence
from .boards import BOARDS, Board

#: group sizes the rules allow
ALLOWED = frozenset((1, 3, 5))
#: stones per seat: "Two sets of 30 stones"
STONES = 30
#: board name -> notation -> cell index
PARSE: dict[str, dict[str, int]] = {name: b.index for name, b in BOARDS.items()}
EMPTY = -1


def decide(sizes: Sequence[Sequence[int]], last: int) -> list[int]:
    """Winners from each seat's group sizes and the seat that placed last.

    "The player with the most groups on the board at game's end wins. Ties are
    broken by the most groups of size 1, then by the most groups of size 3,
    and finally, the last player to place a stone wins."

    >>> decide([[1, 3, 5], [1, 1]], last=1)          # most groups
    [0]
    >>> decide([[1, 1, 5], [1, 3, 3]], last=1)       # then most hermits
    [0]
    >>> decide([[1, 3, 5], [1, 3, 3]], last=0)       # then most groups of 3
    [1]
    >>> decide([[1, 3, 5], [5, 1, 3]], last=1)       # then the last to place
    [1]
    """
    def key(seat: int) -> tuple[int, int, int, bool]:
        g = sizes[seat]
        return (len(g), g.count(1), g.count(3), seat == last)

    best = max(key(s) for s in range(len(sizes)))
    return [s for s in range(len(sizes)) if key(s) == best]


#: the tie-breaks in the order the rules apply them
TIEBREAKS = ("groups", "hermits", "threes", "last-stone")


def decided_by(sizes: Sequence[Sequence[int]], last: int) -> str:
    """Which of the rules' criteria separated the seats (``"tie"`` if none did).

    >>> decided_by([[1, 1, 5], [1, 3, 3]], last=1), decided_by([[1, 3, 5], [5, 1, 3]], last=1)
    ('hermits', 'last-stone')
    """
    keys = [(len(g), g.count(1), g.count(3), seat == last) for seat, g in enumerate(sizes)]
    for i, name in enumerate(TIEBREAKS):
        if len({k[i] for k in keys}) > 1:
            return name
    return "tie"


class CellView(TypedDict):
    cell: str
    x: float
    y: float
    stone: int | None
    group: int | None
    size: int | None


class GroupView(TypedDict):
    group: int
    seat: int
    size: int
    cells: list[str]


class StonesView(BaseView):
    """``view(seat)`` of Hermit (stones), as the page reads it."""

    phase: str
    board: str
    shape: str
    width: float
    height: float
    centre: str
    first: int
    turn: int | None
    cells: list[CellView]
    groups: list[GroupView]
    legal: list[str]
    open: list[list[str]]
    last: str | None
    last_seat: int | None
    log: list[dict[str, Any]]
    skipped: list[int]
    skips: list[int]
    stones: list[int]
    stones_left: list[int]
    hermits: list[int]
    threes: list[int]
    fives: list[int]


class GameState(State):
    """Hermit (stones) for 2 players.  See the module docstring.

    ``view(seat)`` (the same for both seats but ``seat``: nothing is hidden):
    ``board``, ``shape`` ("square"/"hex"), ``width``/``height`` and ``cells``
    (board order, top row first: ``cell``, drawing ``x``/``y`` with
    neighbouring centres 1 apart, ``stone`` seat or null, ``group`` number
    1.. and its ``size``), ``groups`` (``group``, ``seat``, ``size``,
    ``cells``), ``centre``, ``first``, ``turn``, ``legal`` (cells for the seat
    to move), ``open`` (per seat, the cells it could use now), ``last`` and
    ``last_seat``, ``log`` (``{"seat", "cell"}`` per placement, ``{"seat",
    "cell": null, "skipped": true}`` per skipped turn), ``skipped`` (seats
    with no legal placement now: they are passed over), ``skips`` (skipped
    turns per seat), ``stones``, ``hermits``, ``threes``, ``fives`` per seat,
    ``phase`` ("play" or "over").
    """

    GAME_ID = "hermit-stones"
    TITLE = "Hermit (stones)"
    DESIGNER = "Phil Leduc"
    PITCH = "Drop stones to make as many separate groups of 1, 3 or 5 as you can."
    RULES_FILE = "hermit-stones.txt"
    VIEW = StonesView
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    DEFAULT_PLAYERS = 2
    HIDDEN_INFORMATION = False
    OPTIONS = (
        Option("board", "square7", "choice",
               "The 7x7 square is the standard board; the hexagon of side 5 has 61 cells.",
               choices=tuple(BOARDS), labels={name: b.label for name, b in BOARDS.items()}),
        Option("first", 0, "seat", "Who places the first stone.", label="First stone"),
    )

    board: Board

    # ---- setup ---------------------------------------------------------------

    def _setup(self, deal: Any) -> None:
        b = self.board = BOARDS[self.options["board"]]
        n = len(b.cells)
        first = self.options["first"]
        if first is None:
            first = randbelow(self.rng("first"), 2)
        self.first = first
        self.turn = first
        self.over = False
        self.stone = [EMPTY] * n             # seat per cell, EMPTY if none
        self.gid = [EMPTY] * n               # group id per stone (a cell index)
        self.members: dict[int, tuple[int, ...]] = {}   # group id -> its cells
        self.open = [[True] * n for _ in range(2)]       # cells each seat may use now
        for o in self.open:
            o[b.centre] = False              # "other than the center cell"
        self.placed = 0
        self.left = [STONES, STONES]         # stones each seat has not placed yet
        self.last = EMPTY                    # last cell placed
        self.last_seat = EMPTY
        self.log: list[tuple[int, int]] = []  # (seat, cell) or (seat, EMPTY) for a skip
        self.skips = [0, 0]
        self.counts = [[0] * 6, [0] * 6]      # per seat: groups of each size 0..5

    # ---- groups --------------------------------------------------------------

    def _size_if(self, seat: int, c: int) -> int:
        """Size of the group a stone of ``seat`` on empty cell ``c`` would make."""
        stone, gid, members = self.stone, self.gid, self.members
        total = 1
        seen: list[int] = []
        for m in self.board.neighbours[c]:
            if stone[m] == seat:
                g = gid[m]
                if g not in seen:
                    seen.append(g)
                    total += len(members[g])
        return total

    def size_if(self, seat: int, cell: str) -> int:
        """Size of the group a stone of ``seat`` on ``cell`` would make (cell empty)."""
        return self._size_if(seat, PARSE[self.board.name][cell])

    def _refresh(self, seat: int, c: int) -> None:
        self.open[seat][c] = self.stone[c] == EMPTY and self._size_if(seat, c) in ALLOWED

    # ---- the contract --------------------------------------------------------

    def can_place(self, seat: int) -> bool:
        """Whether ``seat`` has a stone left and a cell it may use."""
        return self.left[seat] > 0 and any(self.open[seat])

    def to_move(self) -> list[int]:
        return [] if self.over else [self.turn]

    def _legal(self, seat: int) -> list[str]:
        if not self.left[seat]:
            return []
        return list(compress(self.board.cells, self.open[seat]))

    def _apply(self, seat: int, move: str) -> None:
        b = self.board
        c = PARSE[b.name][move]
        stone, gid, members, counts = self.stone, self.gid, self.members, self.counts[seat]
        # The new group: the stone plus every distinct own group next to it.
        cells = [c]
        for m in b.neighbours[c]:
            if stone[m] == seat:
                g = gid[m]
                if g in members:
                    old = members.pop(g)
                    counts[len(old)] -= 1
                    cells.extend(old)
        stone[c] = seat
        for m in cells:
            gid[m] = c
        members[c] = tuple(cells)
        counts[len(cells)] += 1
        self.open[0][c] = self.open[1][c] = False
        # Only the mover's empty cells next to the new group change status.
        neighbours = b.neighbours
        for m in cells:
            for e in neighbours[m]:
                if stone[e] == EMPTY:
                    self._refresh(seat, e)
        if self.placed == 0:                  # the centre opens after the first stone
            for s in (0, 1):
                self._refresh(s, b.centre)
        self.placed += 1
        self.left[seat] -= 1
        self.last, self.last_seat = c, seat
        self.log.append((seat, c))
        other = 1 - seat
        if self.can_place(other):
            self.turn = other
        elif self.can_place(seat):
            # "Players may pass their turn only if they have no legal placement.
            # Their opponent continues play if possible."  A seat that has placed
            # all 30 of its stones ("two sets of 30 stones") can place no more.
            self.log.append((other, EMPTY))
            self.skips[other] += 1
            self.turn = seat
            if self._events is not None:
                self._emit("skip", seat=other, reason="no-stones" if not self.left[other] else "blocked")
        else:
            self.over = True

    def _explain(self, seat: int, move: str) -> str | None:
        b = self.board
        c = PARSE[b.name].get(move)
        if c is None:
            if b.shape == "square":
                n = round(len(b.cells) ** 0.5)
                how = f"a file a-{b.cells[n - 1][0]} and a rank 1-{n}, like {b.cells[b.centre]}"
            else:
                how = f"a row a-{b.cells[-1][0]} and a number from 1 at the left, like {b.cells[b.centre]}"
            return f"{move!r} is not a cell of {b.name} ({how})"
        if self.stone[c] != EMPTY:
            return f"{move} already holds a stone of seat {self.stone[c]}"
        if self.placed == 0 and c == b.centre:
            return f"the first stone of the game may not go on the centre cell {move}"
        if not self.left[seat]:
            return f"seat {seat} has placed all {STONES} of its stones"
        size = self._size_if(seat, c)
        if size not in ALLOWED:
            return (f"a stone on {move} would make a group of {size} stones; "
                    "groups may only have 1, 3 or 5")
        return None

    def is_over(self) -> bool:
        return self.over

    def group_sizes(self, seat: int) -> list[int]:
        """Sizes of ``seat``'s groups, smallest first."""
        return [k for k in range(1, 6) for _ in range(self.counts[seat][k])]

    def scores(self) -> list[Any]:
        return [sum(c) for c in self.counts]

    def _winners(self) -> list[int]:
        return decide([self.group_sizes(0), self.group_sizes(1)], self.last_seat)

    def _view(self, seat: int) -> dict[str, Any]:
        b = self.board
        cells = b.cells
        # Canonical group numbers 1.. in board order (ids inside are cell indexes).
        number: dict[int, int] = {}
        for i in range(len(cells)):
            if self.stone[i] != EMPTY and self.gid[i] not in number:
                number[self.gid[i]] = len(number) + 1
        board = []
        for i, name in enumerate(cells):
            s = self.stone[i]
            x, y = b.xy[i]
            g = self.gid[i]
            board.append({"cell": name, "x": x, "y": y,
                          "stone": None if s == EMPTY else s,
                          "group": None if s == EMPTY else number[g],
                          "size": None if s == EMPTY else len(self.members[g])})
        groups = [{"group": number[g], "seat": self.stone[g], "size": len(m),
                   "cells": [cells[i] for i in sorted(m)]}
                  for g, m in sorted(self.members.items(), key=lambda gm: number[gm[0]])]
        open_cells = [list(compress(cells, o)) for o in self.open]
        return {
            "phase": "over" if self.over else "play",
            "board": b.name,
            "shape": b.shape,
            "width": max(x for x, _ in b.xy),
            "height": max(y for _, y in b.xy),
            "centre": cells[b.centre],
            "first": self.first,
            "turn": None if self.over else self.turn,
            "cells": board,
            "groups": groups,
            "legal": [] if self.over else open_cells[self.turn],
            "open": open_cells,
            "last": cells[self.last] if self.last != EMPTY else None,
            "last_seat": self.last_seat if self.last_seat != EMPTY else None,
            "log": [{"seat": s, "cell": cells[c]} if c != EMPTY else {"seat": s, "cell": None, "skipped": True}
                    for s, c in self.log],
            "skipped": [s for s in (0, 1) if not self.can_place(s)],
            "stones_left": list(self.left),
            "skips": list(self.skips),
            "stones": [sum(k * n for k, n in enumerate(c)) for c in self.counts],
            "hermits": [c[1] for c in self.counts],
            "threes": [c[3] for c in self.counts],
            "fives": [c[5] for c in self.counts],
        }

    def _over_reason(self) -> str:
        # "The game ends when neither player can legally place a stone."
        return "blocked"

    def _over_detail(self) -> dict[str, Any]:
        sizes = [self.group_sizes(0), self.group_sizes(1)]
        return {"decided_by": decided_by(sizes, self.last_seat),
                "groups": [len(g) for g in sizes], "hermits": [g.count(1) for g in sizes],
                "threes": [g.count(3) for g in sizes], "fives": [g.count(5) for g in sizes],
                "last_seat": self.last_seat, "stones_left": list(self.left)}

    # ---- text forms ----------------------------------------------------------

    @classmethod
    def parse_move(cls, move: str) -> dict[str, Any]:
        """The parts of a placement (a cell of any board).

        >>> GameState.parse_move("d4")
        {'kind': 'place', 'cell': 'd4'}
        """
        if not any(move in cells for cells in PARSE.values()):
            raise ValueError(f"{move!r} is not a cell of any board (e.g. d4)")
        return {"kind": "place", "cell": move}

    @classmethod
    def move_phrase(cls, move: str) -> tuple[str, str]:
        return "place", f"a stone on {cls.parse_move(move)['cell']}"

    @classmethod
    def event_text(cls, event: dict[str, Any], names: Sequence[str], you: int | None = None) -> str | None:
        """Hermit (stones) events in words.

        >>> GameState.event_text({"kind": "skip", "seat": 1, "reason": "no-stones"}, ["You", "Rowan"], 0)
        'Rowan has placed all 30 stones and passes.'
        """
        kind = event["kind"]
        if kind == "move":
            return super().event_text(event, names, you)
        if kind == "skip":
            seat = event["seat"]
            if event["reason"] == "no-stones":
                return sentence(names[seat], seat == you, "have", f"placed all {STONES} stones and {'pass' if seat == you else 'passes'}")
            return sentence(names[seat], seat == you, "have", "no legal cell and must pass")
        if kind == "over":
            return _over_text(event, names, you)
        return None

    def _copy_from(self, other: State) -> None:
        self.stone = self.stone[:]
        self.gid = self.gid[:]
        self.members = dict(self.members)
        self.open = [self.open[0][:], self.open[1][:]]
        self.log = self.log[:]
        self.skips = self.skips[:]
        self.left = self.left[:]
        self.counts = [self.counts[0][:], self.counts[1][:]]


def _over_text(event: dict[str, Any], names: Sequence[str], you: int | None) -> str:
    """Why the stones game ended and what decided it."""
    g, h, t = event["groups"], event["hermits"], event["threes"]
    text = "Neither player can place a stone. "
    w = event["winners"]
    decided = event["decided_by"]
    if decided == "tie":
        return text + f"Tied on every count at {plural(g[0], 'group')}."
    win = names[w[0]]
    if decided == "groups":
        why = f"most groups, {g[w[0]]} to {g[1 - w[0]]}"
    elif decided == "hermits":
        why = f"groups tied at {g[0]}, then most hermits (groups of 1), {h[w[0]]} to {h[1 - w[0]]}"
    elif decided == "threes":
        why = (f"groups tied at {g[0]} and hermits at {h[0]}, then most groups of 3, "
               f"{t[w[0]]} to {t[1 - w[0]]}")
    else:
        why = (f"groups, hermits and groups of 3 all tied ({g[0]}, {h[0]}, {t[0]}), "
               "so the last player to place a stone wins")
    return text + sentence(win, w[0] == you, "win", f"on {why}")


__all__ = ["ALLOWED", "STONES", "GameState", "decide", "decided_by"]
