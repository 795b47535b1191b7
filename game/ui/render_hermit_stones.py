"""Hermit (stones): a square or hex board with its coordinates around it; legal cells
marked; every stone shows the size of its group (groups may only be 1, 3 or 5 stones).

Wide tables put the two plates either side of the board; narrow ones put them
in a row above it.  One function per region: :func:`_plates`, :func:`_board`,
:func:`_coordinates`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .gamelog import seat_name
from .svg import el, tag
from .table import PAD, Ctx, Layout, caption, plate

if TYPE_CHECKING:
    from ..rules.hermit_stones import StonesView

HEIGHT = 662           # the table's height before it is measured
HINT_H = 26            # the hint line above everything
PLATE_W = 200          # a plate beside the board (wide tables)
PLATE_H = 72
BOARD_MAX = 620        # the board's side at most
COORD = 18             # the margin holding the coordinates


def _hex(cx: float, cy: float, r: float, flat: bool = False) -> str:
    """A hexagon: pointy-top, or flat-top for a board drawn on its side (phones)."""
    pts = " ".join(f"{cx + r * math.cos(math.radians(a)):.1f},{cy + r * math.sin(math.radians(a)):.1f}"
                   for a in range(0 if flat else 30, 360 if flat else 390, 60))
    return tag("polygon", points=pts, class_="cell-shape")


def _plates(view: StonesView, ctx: Ctx, lay: Layout, top: float) -> tuple[str, float]:
    """Both seats' plates (groups, stones left, groups by size); returns the markup and
    the height they take above the board (0 when beside it)."""
    out = []
    beside = not lay.compact
    w = PLATE_W if beside else (lay.width - 3 * PAD) / 2
    for s in range(2):
        if lay.compact:
            lines = [f"groups {view['scores'][s]} · stones {view['stones'][s]}",
                     f"1s {view['hermits'][s]} · 3s {view['threes'][s]} · 5s {view['fives'][s]}"]
        else:
            lines = [f"groups {view['scores'][s]}  ·  stones {view['stones'][s]}",
                     f"hermits {view['hermits'][s]}  ·  threes {view['threes'][s]}  ·  fives {view['fives'][s]}",
                     f"skipped turns {view['skips'][s]}"]
        x = PAD if s == 0 else (lay.width - PAD - w)
        out.append(plate(s, x, top, w, lines, turn=view["turn"] == s and not view["over"],
                         thinking=ctx.thinking == s))
        out.append(tag("circle", cx=x + w - 14, cy=top + 11, r=7, class_=f"stone s{s}"))
    return "".join(out), 0 if beside else 22 + 15 * 2 + 8


def _board(view: StonesView, ctx: Ctx, x0: float, y0: float, unit: float, side: bool = False) -> str:
    """The cells; ``side``: a hex board drawn on its side (rows as columns), so a phone's
    narrow screen holds its 8 units of height rather than its 9 of width at a finger's size."""
    hexes = view["shape"] == "hex"
    legal = set(ctx.legal)
    mine_open = set(view["open"][0]) if view.get("open") else set()
    out = []
    for c in view["cells"]:
        cx, cy = x0 + (c["x"] + 0.5) * unit, y0 + (c["y"] + 0.5) * unit
        if side:
            cx, cy = x0 + (c["y"] + 0.5) * unit, y0 + (c["x"] + 0.5) * unit
        name = c["cell"]
        shape = (_hex(cx, cy, unit * 0.577, flat=side) if hexes else
                 tag("rect", x=cx - unit / 2, y=cy - unit / 2, width=unit, height=unit, class_="cell-shape"))
        parts = [shape]
        cls = "cell"
        if c["stone"] is not None:
            cls += f" stone-{c['stone']}" + (" fresh-stone" if name == view.get("last") else "")
            parts.append(tag("circle", cx=cx, cy=cy, r=unit * 0.38, class_=f"stone s{c['stone']}"))
            parts.append(tag("text", str(c["size"]), x=cx, y=cy + unit * 0.13, class_=f"size s{c['stone']}"))
        elif name in legal:
            cls += " legal"
            parts.append(tag("circle", cx=cx, cy=cy, r=unit * 0.14, class_="legal-dot"))
        elif name in mine_open:
            cls += " open"
        if c["stone"] is None and name == view.get("centre"):
            parts.append(tag("circle", cx=cx, cy=cy, r=unit * 0.05, class_="centre-dot"))
        if c["stone"] is not None:
            owner = "your" if c["stone"] == 0 else f"{seat_name(c['stone'])}'s"
            label = f"{name}, {owner} stone, group of {c['size']}"
        else:
            label = f"{name}, empty" + (", you may place a stone here" if name in legal else "")
        move = name if name in legal else None
        illegal = name if (c["stone"] is None and not move) else None
        parts.append(el("title", label))
        out.append(el("g", *parts, class_=cls, data_cell=name, data_move=move, data_illegal=illegal,
                      role="button" if move else None, tabindex="0" if move else None, aria_label=label))
    return "".join(out)


def _coordinates(view: StonesView, x0: float, y0: float, unit: float, side: bool = False) -> str:
    """Files and ranks around a square board; each row's letter beside a hex board (above
    it when the board lies on its side) (the log names cells like a7 and e5)."""
    out = []
    rows: dict[Any, list[Any]] = {}
    for c in view["cells"]:
        rows.setdefault(c["y"], []).append(c)
    if view["shape"] == "hex":
        for y, cells in rows.items():
            first = min(cells, key=lambda c: c["x"])
            letter = first["cell"].rstrip("0123456789")
            if side:
                out.append(tag("text", letter, x=x0 + (y + 0.5) * unit, y=y0 + first["x"] * unit - 6, class_="coord"))
            else:
                out.append(tag("text", letter, x=x0 + first["x"] * unit - 4, y=y0 + (y + 0.5) * unit + 4,
                               class_="coord end"))
        return "".join(out)
    for c in view["cells"]:
        f, r = c["cell"][0], c["cell"][1:]
        if c["y"] == max(rows):
            out.append(tag("text", f, x=x0 + (c["x"] + 0.5) * unit, y=y0 + (c["y"] + 1) * unit + 14,
                           class_="coord"))
        if c["x"] == 0:
            out.append(tag("text", r, x=x0 - 6, y=y0 + (c["y"] + 0.5) * unit + 4, class_="coord end"))
    return "".join(out)


def render(view: StonesView, ctx: Ctx) -> str:
    lay = ctx.layout
    hint = "Place a stone on a marked cell: its group must then hold 1, 3 or 5 stones." if ctx.your_turn else ""
    if lay.compact and ctx.your_turn:
        hint = "Tap a marked cell: its group must hold 1, 3 or 5."
    out = [caption(hint, PAD, 18, "hint")]
    plates, above = _plates(view, ctx, lay, HINT_H)
    out.append(plates)
    on_side = lay.compact and view["shape"] == "hex" and view["width"] > view["height"]
    across, down = ((view["height"] + 1, view["width"] + 1) if on_side else (view["width"] + 1, view["height"] + 1))
    if lay.compact:          # a phone: the board as wide as the table allows (ranks at the left only)
        room = lay.width - 2 * PAD - (COORD if view["shape"] != "hex" else 0)
    else:
        room = min(BOARD_MAX, lay.width - 2 * PAD - 2 * COORD - 2 * (PLATE_W + PAD))
    unit = room / max(across, down if not lay.compact else across)
    x0 = (lay.width - across * unit) / 2 + (COORD / 2 if lay.compact and view["shape"] != "hex" else 0)
    y0 = HINT_H + above + 6 + (COORD if on_side else 0)
    out.append(_board(view, ctx, x0, y0, unit, side=on_side))
    out.append(_coordinates(view, x0, y0, unit, side=on_side))
    bottom = y0 + down * unit + COORD + 4
    if view.get("skipped"):
        out.append(caption("Skipped (no legal cell): " + ", ".join(seat_name(s) for s in view["skipped"]),
                           PAD, bottom + 10))
        bottom += 18
    ctx.height = max(bottom, HINT_H + (0 if lay.compact else PLATE_H + 40))
    return el("g", *out, class_="stones")


def breakdown(rnd: dict[str, Any] | None, over: dict[str, Any] | None,
              events: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The result table's columns: groups by size (the tie-breaks, in order) and stones left.

    >>> breakdown(None, {"hermits": [7, 3], "threes": [1, 1], "fives": [2, 3], "stones_left": [10, 9]}, [])
    (['Hermits', 'Threes', 'Fives', 'Stones left'], [['7', '1', '2', '10'], ['3', '1', '3', '9']])
    """
    if not over:
        return [], [[], []]
    return (["Hermits", "Threes", "Fives", "Stones left"],
            [[str(over[k][i]) for k in ("hermits", "threes", "fives", "stones_left")] for i in range(2)])
