"""Hermit (stones): the won/lost prover for the ending, on the position itself.

:class:`game.ai.solver.RootProver` proves an ending through the State API
(``clone``, ``push``, ``legal_moves``): the reference, for any game.  This is
the same search for stones only (the same root moves in the same order, the
same budget counted the same way: one unit per position expanded, none for
a position found in the table or for the game's end), about twice as fast in
CPython, so the ending's proof fits in a level's time from more cells:

* it plays a stone and takes it back on a few arrays instead of copying the
  state at every position;
* only the cells empty at the root can change, so the table's key is their
  stones and the seat that placed last (who moves next follows from them:
  the other seat if it can place, else the same seat again, else the end);
* inside the tree a hermit (a stone with no own stone next to it) is tried
  before a merge, which proves wins sooner;
* the key is kept up to date as stones come and go (a byte per cell) and a
  cell's neighbours are read in one C call, the two costs of a position
  (2026-11-28: about 1.35 times the positions a second, the same search).

It gives the same answers as :class:`~game.ai.solver.RootProver` wherever
both decide (tests/test_ai_solver.py); on a budget's edge one may decide
where the other has not.

>>> from game import new_game
>>> import random
>>> s = new_game("hermit-stones", seed=3, options={"board": "square5"})
>>> rng = random.Random(3)
>>> while len(s.legal_moves(s.to_move()[0])) > 6:
...     seat = s.to_move()[0]
...     s.play(seat, rng.choice(s.legal_moves(seat)))
>>> p = StonesProver(s, s.to_move()[0], 10_000)
>>> while not p.step(600):
...     pass
>>> p.done and (p.move is not None or p.lost)
True
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Callable

from ...rules.hermit_stones import EMPTY, GameState as Stones
from ..solver import RootProver

#: a merge's undo record: the groups it joined, each (group id, its cells)
Merged = list[tuple[int, list[int]]]


class StonesProver(RootProver):
    """Finds a move that wins by force for ``seat``, in resumable chunks: RootProver's
    ``step`` (and interface), each root move proved on the position itself."""

    def __init__(self, state: Stones, seat: int, budget: int,
                 order: Callable[[Stones, int, list[str]], list[str]] | None = None,
                 memory: "ProverMemory | None" = None, mover: int | None = None) -> None:
        if state.placed == 0:
            raise ValueError("the prover is for endings: no stone has been placed yet")
        board = state.board
        self.neighbours = board.neighbours
        self.seat = seat
        #: whose stones the root moves place: ``seat`` (its own turn), or the other seat
        #: (pondering during its turn: :class:`StonesPonder`)
        self.mover = seat if mover is None else mover
        self.stone = list(state.stone)
        self.gid = list(state.gid)
        self.members: dict[int, list[int]] = {g: list(c) for g, c in state.members.items()}
        #: group id -> its size (an entry is stale once its group has merged away)
        self.size = [0] * len(self.stone)
        for g, cells in self.members.items():
            self.size[g] = len(cells)
        self.stones_left = list(state.left)
        self.counts = [list(c) for c in state.counts]
        if memory is not None and memory.fits(state, seat):
            # the table of earlier searches in this game: its keys read the cells that
            # were empty when it began (a superset of today's empty cells)
            self.empties = memory.empties
            self.table: dict[Any, bool] = memory.table
        else:
            #: the cells empty at the root, each with its neighbours: all the search changes
            self.empties = [(c, board.neighbours[c]) for c in range(len(self.stone)) if self.stone[c] == EMPTY]
            self.table = {}
            if memory is not None:
                memory.reset(state, seat, self.empties, self.table)
        #: per empty cell at the table's start: its neighbours' stones in one call
        self.around = [(c, neighbours, itemgetter(*neighbours) if len(neighbours) > 1 else
                      itemgetter(neighbours[0], neighbours[0])) for c, neighbours in self.empties]
        #: the table's key as it stands: a byte per cell of ``empties`` (its stone + 1), then
        #: the seat that placed last; ``slot`` finds a cell's byte
        self.slot = {c: i for i, (c, _) in enumerate(self.empties)}
        self.keybytes = bytearray([self.stone[c] + 1 for c, _ in self.empties] + [0])
        index = {cell: i for i, cell in enumerate(board.cells)}
        moves = state.legal_moves(self.mover)
        self.moves = order(state, self.mover, moves) if order is not None else moves
        self._root = [index[m] for m in self.moves]
        self.left = budget
        self.i = 0
        self.move: str | None = None
        self.lost = False
        self.done = not self.moves
        self.nodes = 0
        self._budget = 0

    # ---- the position ------------------------------------------------------

    def _legal(self, seat: int) -> list[int]:
        """``seat``'s legal cells: hermits first, then the merges to 3 or 5."""
        if not self.stones_left[seat]:
            return []
        stone, gid, size = self.stone, self.gid, self.size
        hermits: list[int] = []
        merges: list[int] = []
        for c, neighbours, around in self.around:
            if stone[c] != EMPTY:
                continue
            if seat not in around(stone):
                hermits.append(c)
                continue
            total = 1
            seen: list[int] = []
            for m in neighbours:
                if stone[m] == seat:
                    g = gid[m]
                    if g not in seen:
                        seen.append(g)
                        total += size[g]
            if total == 3 or total == 5:
                merges.append(c)
        return hermits + merges if merges else hermits

    def _place(self, seat: int, c: int) -> Merged:
        stone, gid, members, counts = self.stone, self.gid, self.members, self.counts[seat]
        merged: Merged = []
        cells = [c]
        for m in self.neighbours[c]:
            if stone[m] == seat:
                g = gid[m]
                if g in members:
                    old = members.pop(g)
                    counts[len(old)] -= 1
                    merged.append((g, old))
                    cells.extend(old)
        stone[c] = seat
        for m in cells:
            gid[m] = c
        members[c] = cells
        self.size[c] = len(cells)
        counts[len(cells)] += 1
        self.stones_left[seat] -= 1
        self.keybytes[self.slot[c]] = seat + 1
        return merged

    def _unplace(self, seat: int, c: int, merged: Merged) -> None:
        gid, members, counts = self.gid, self.members, self.counts[seat]
        counts[len(members.pop(c))] -= 1
        for g, old in merged:
            members[g] = old
            counts[len(old)] += 1
            for m in old:
                gid[m] = g
        self.stone[c] = gid[c] = EMPTY
        self.stones_left[seat] += 1
        self.keybytes[self.slot[c]] = 0

    def _wins(self, last: int) -> bool:
        """At the end: whether ``seat`` wins (rules.hermit_stones.decide's order:
        groups, then hermits, then groups of 3, then the last to place)."""
        a, b = self.counts
        ka = (sum(a), a[1], a[3], last == 0)
        kb = (sum(b), b[1], b[3], last == 1)
        return (ka > kb) == (self.seat == 0)

    # ---- the search --------------------------------------------------------

    def _prove(self, last: int) -> bool | None:
        """Whether ``seat`` wins by force after ``last`` placed a stone (None: out of budget)."""
        self.keybytes[-1] = last
        key = bytes(self.keybytes)
        hit = self.table.get(key)
        if hit is not None:
            return hit
        mover = 1 - last
        moves = self._legal(mover)
        if not moves:                 # the other seat is blocked: the same seat again
            mover = last
            moves = self._legal(mover)
            if not moves:             # neither can place: the end
                result = self._wins(last)
                self.table[key] = result
                return result
        self._budget -= 1
        if self._budget < 0:
            return None
        want = mover == self.seat     # the mover looks for a move that gives it the win
        unknown = False
        result = not want
        for c in moves:
            merged = self._place(mover, c)
            v = self._prove(mover)
            self._unplace(mover, c, merged)
            if v is None:
                unknown = True
                if self._budget < 0:
                    return None
                continue
            if v == want:
                result = want
                break
        else:
            if unknown:
                return None
        self.table[key] = result
        return result

    def _prove_move(self, i: int, chunk: int) -> tuple[bool | None, int]:
        """Whether ``seat`` wins by force after root move ``i`` (None: not decided
        within ``chunk`` positions), and the positions spent."""
        c = self._root[i]
        mover = self.mover
        merged = self._place(mover, c)
        self._budget = chunk
        v = self._prove(mover)
        self._unplace(mover, c, merged)
        return v, chunk - max(self._budget, 0)


class ProverMemory:
    """What one computer player keeps of its proofs between decisions, in one game.

    Every position a prover decides is a fact of the game (a stone never moves),
    so the table of one search still holds at the next decision, and the proofs
    of the other seat's turn (:class:`StonesPonder`) are there when the seat's
    own turn comes.  The keys read the cells that were empty when the table
    began; a position that does not descend from that one (another game, an
    undo) starts a new table, and so does a table grown past ``CAP`` positions
    (about 100 bytes each in CPython).

    >>> from game import new_game
    >>> s = new_game("hermit-stones", seed=1, options={"board": "square5"})
    >>> s.play(0, "b2")
    >>> m = ProverMemory()
    >>> m.fits(s, 0)
    False
    >>> p = StonesProver(s, 1, 100, memory=m)
    >>> m.fits(s, 1), m.fits(s, 0)
    (True, False)
    """

    CAP = 600_000

    def __init__(self) -> None:
        self.seat = -1
        self.stone: list[int] = []
        self.empties: list[tuple[int, Any]] = []
        self.table: dict[Any, bool] = {}

    def fits(self, state: Stones, seat: int) -> bool:
        """Whether the table answers for ``seat`` in ``state`` (a position after its start)."""
        if seat != self.seat or len(state.stone) != len(self.stone) or len(self.table) > self.CAP:
            return False
        now = state.stone
        for c, x in enumerate(self.stone):
            if x != EMPTY and now[c] != x:
                return False
        return True

    def reset(self, state: Stones, seat: int, empties: list[tuple[int, Any]], table: dict[Any, bool]) -> None:
        self.seat = seat
        self.stone = list(state.stone)
        self.empties = empties
        self.table = table


class StonesPonder(StonesProver):
    """Thinking during the other seat's turn: for each of its moves (likeliest
    first), whether ``seat`` wins by force after it.

    The moves take turns, a chunk of positions each, so the one the other seat
    plays has had its share whenever it comes; everything decided lands in the
    memory's table, where ``seat``'s own prover finds it at once.  ``step(nodes)``
    spends about ``nodes`` positions (whole chunks: the same work whatever the
    slicing) and returns True once every move is decided.
    """

    def __init__(self, state: Stones, seat: int, memory: ProverMemory,
                 order: Callable[[Stones, int, list[str]], list[str]] | None = None, chunk: int = 200) -> None:
        movers = state.to_move()
        if movers == [seat] or not movers:
            raise ValueError("pondering is for the other seat's turn")
        super().__init__(state, seat, 0, order, memory, mover=movers[0])
        self.chunk = chunk
        #: per move of the other seat: whether ``seat`` wins after it (None: not yet known)
        self.results: list[bool | None] = [None] * len(self.moves)

    def step(self, nodes: int) -> bool:
        while not self.done and nodes > 0:
            n = len(self.moves)
            for _ in range(n):        # the next undecided move, in turn
                if self.results[self.i] is None:
                    break
                self.i = (self.i + 1) % n
            else:
                self.done = True
                break
            v, used = self._prove_move(self.i, self.chunk)
            self.results[self.i] = v
            self.nodes += used
            nodes -= max(used, 1)
            self.i = (self.i + 1) % n
        return self.done
