"""Boards for Hermit (stones) as graphs: cell names, edge-adjacency, drawing coordinates.

A board is a :class:`Board`: its cells in a fixed order (index 0..n-1), the
notation of each cell, the indexes of the cells sharing an edge with it, the
centre cell, and a position per cell for drawing.  Two families exist:

* square ``n`` x ``n`` (n odd): files ``a``.. left to right, ranks ``1``..
  bottom to top; orthogonal neighbours.  ``square7``'s centre is ``d4``.
* hex of side ``s``: a hexagon of hexagons, rows ``a``.. top to bottom of
  lengths s, s+1, .., 2s-1, .., s; cells of a row numbered from 1 at the left;
  six neighbours (pointy-top hexagons, rows offset by half a cell).
  ``hex5`` has 61 cells and its centre is ``e5``.

A new board is one row of :data:`BOARD_TABLE`.

>>> b = BOARDS["square7"]
>>> len(b.cells), b.cells[b.centre], b.neighbour_names("a1")
(49, 'd4', ['a2', 'b1'])
>>> h = BOARDS["hex5"]
>>> len(h.cells), h.cells[h.centre], h.neighbour_names("e5")
(61, 'e5', ['d4', 'd5', 'e4', 'e6', 'f4', 'f5'])
>>> h.neighbour_names("a1")      # a corner: three neighbours
['a2', 'b1', 'b2']
"""

from __future__ import annotations

from typing import Any, Callable

import math
from dataclasses import dataclass

LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Board:
    """An immutable board graph.

    Cells are listed top row first, left to right, as they are drawn, and
    each cell's neighbours in that order.  ``xy`` are cell centres for
    drawing, neighbouring centres 1 apart, ``x`` growing rightwards and ``y``
    downwards (SVG orientation), the smallest x and y both 0.
    """

    name: str
    shape: str                                   # "square" or "hex"
    cells: tuple[str, ...]                       # notation per cell index
    neighbours: tuple[tuple[int, ...], ...]      # edge-adjacent cell indexes
    centre: int                                  # the cell the first stone may not use
    xy: tuple[tuple[float, float], ...]          # drawing position per cell

    @property
    def index(self) -> dict[str, int]:
        return {c: i for i, c in enumerate(self.cells)}

    @property
    def label(self) -> str:
        """The board in words.

        >>> BOARDS["square7"].label, BOARDS["hex5"].label
        ('7x7 square', 'hexagon, side 5')
        """
        if self.shape == "square":
            n = round(len(self.cells) ** 0.5)
            return f"{n}x{n} square"
        return f"hexagon, side {sum(1 for c in self.cells if c[0] == 'a')}"

    def neighbour_names(self, cell: str) -> list[str]:
        return [self.cells[j] for j in self.neighbours[self.cells.index(cell)]]

    def layout(self) -> dict[str, Any]:
        """What a page needs to draw the empty board (JSON)."""
        return {
            "name": self.name,
            "shape": self.shape,
            "width": max(x for x, _ in self.xy),
            "height": max(y for _, y in self.xy),
            "cells": [{"cell": c, "x": x, "y": y} for c, (x, y) in zip(self.cells, self.xy)],
        }


def _graph(name: str, shape: str, coords: list[tuple[str, tuple[int, int]]],
           steps: tuple[tuple[int, int], ...], centre: str,
           xy: Callable[[tuple[int, int]], tuple[float, float]]) -> Board:
    """Build a board from named lattice coordinates and the lattice's neighbour steps."""
    at = {p: i for i, (_, p) in enumerate(coords)}
    neighbours = tuple(tuple(sorted(at[(p[0] + dx, p[1] + dy)] for dx, dy in steps
                                    if (p[0] + dx, p[1] + dy) in at))
                       for _, p in coords)
    pos = [xy(p) for _, p in coords]
    x0 = min(x for x, _ in pos)
    y0 = min(y for _, y in pos)
    return Board(name, shape, tuple(c for c, _ in coords), neighbours,
                 [c for c, _ in coords].index(centre),
                 tuple((round(x - x0, 4), round(y - y0, 4)) for x, y in pos))


def square_board(n: int, name: str | None = None) -> Board:
    """An n x n square board (n odd, so that it has a centre cell).

    Cells are listed top row first, left to right, as they are drawn.

    >>> square_board(5).cells[:6]
    ('a5', 'b5', 'c5', 'd5', 'e5', 'a4')
    """
    if n % 2 == 0 or not 1 <= n <= 25:
        raise ValueError(f"a square board needs an odd size up to 25, not {n}")
    coords = [(f"{LETTERS[f]}{r + 1}", (f, r)) for r in range(n - 1, -1, -1) for f in range(n)]
    mid = n // 2
    return _graph(name or f"square{n}", "square", coords,
                  ((-1, 0), (1, 0), (0, -1), (0, 1)),
                  f"{LETTERS[mid]}{mid + 1}", lambda p: (float(p[0]), float(n - 1 - p[1])))


def hex_board(s: int, name: str | None = None) -> Board:
    """A hexagon of hexagons with ``s`` cells per side (3s(s-1)+1 cells).

    Axial coordinates (q, r): r is the row from -(s-1) (row ``a``) to s-1;
    a cell's neighbours are (q+-1, r), (q, r+-1), (q+1, r-1) and (q-1, r+1).

    >>> [sum(1 for c in hex_board(4).cells if c[0] == row) for row in "abcdefg"]
    [4, 5, 6, 7, 6, 5, 4]
    """
    if not 2 <= s <= 13:
        raise ValueError(f"a hex board needs a side from 2 to 13, not {s}")
    k = s - 1
    coords = []
    for row, r in enumerate(range(-k, k + 1)):
        qs = range(max(-k, -k - r), min(k, k - r) + 1)
        coords += [(f"{LETTERS[row]}{i + 1}", (q, r)) for i, q in enumerate(qs)]
    half = math.sqrt(3) / 2
    return _graph(name or f"hex{s}", "hex", coords,
                  ((-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (-1, 1)),
                  f"{LETTERS[k]}{s}", lambda p: (p[0] + p[1] / 2, p[1] * half))


#: board name -> (builder, size).  A new board is one more row.
BOARD_TABLE = {
    "square7": (square_board, 7),
    "hex5": (hex_board, 5),
    "square5": (square_board, 5),
    "square9": (square_board, 9),
    "hex4": (hex_board, 4),
}

#: board name -> Board
BOARDS: dict[str, Board] = {name: build(size, name) for name, (build, size) in BOARD_TABLE.items()}


def layout(name: str) -> dict[str, Any]:
    """The drawing layout of a board by name (for the page)."""
    return BOARDS[name].layout()


__all__ = ["Board", "BOARDS", "BOARD_TABLE", "hex_board", "layout", "square_board"]
