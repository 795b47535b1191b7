"""Hermit (stones): a square or hex board; legal cells marked; every stone
shows the size of its group (groups may only be 1, 3 or 5 stones)."""

from __future__ import annotations

from typing import TYPE_CHECKING


import math

from .gamelog import seat_name
from .svg import el, tag
from .table import WIDTH, Ctx, caption, plate

if TYPE_CHECKING:
    from ..rules.hermit_stones import StonesView

HEIGHT = 662          # the board reaches TOP + SIDE = 640; the skipped-turn line below it
TOP, SIDE = 40, 600        # board box: y from TOP, SIDE units square, centred


def _hex(cx: float, cy: float, r: float) -> str:
    pts = " ".join(f"{cx + r * math.cos(math.radians(a)):.1f},{cy + r * math.sin(math.radians(a)):.1f}"
                   for a in range(30, 390, 60))
    return tag("polygon", points=pts, class_="cell-shape")


def render(view: StonesView, ctx: Ctx) -> str:
    hexes = view["shape"] == "hex"
    span = max(view["width"], view["height"]) + 1
    unit = SIDE / span
    x0 = (WIDTH - (view["width"] + 1) * unit) / 2
    y0 = TOP
    legal = set(ctx.legal)
    mine_open = set(view["open"][0]) if view.get("open") else set()
    out = []
    for c in view["cells"]:
        cx, cy = x0 + (c["x"] + 0.5) * unit, y0 + (c["y"] + 0.5) * unit
        name = c["cell"]
        shape = (_hex(cx, cy, unit * 0.577) if hexes else
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
    # side plates: groups (the score), hermits, threes, fives, skips
    for s in range(2):
        lines = [f"groups {view['scores'][s]}  ·  stones {view['stones'][s]}",
                 f"hermits {view['hermits'][s]}  ·  threes {view['threes'][s]}  ·  fives {view['fives'][s]}",
                 f"skipped turns {view['skips'][s]}"]
        x = 8 if s == 0 else WIDTH - 208
        out.append(plate(s, x, TOP, 200, lines, turn=view["turn"] == s and not view["over"],
                         thinking=ctx.thinking == s))
        out.append(tag("circle", cx=x + 186, cy=TOP + 11, r=7, class_=f"stone s{s}"))
    hint = "Place a stone on a marked cell: its group must then hold 1, 3 or 5 stones." if ctx.your_turn else ""
    out.append(caption(hint, 10, 24, "hint"))
    if view.get("skipped"):
        out.append(caption("Skipped (no legal cell): " + ", ".join(seat_name(s) for s in view["skipped"]),
                           10, HEIGHT - 6))
    return el("g", *out, class_="stones")
