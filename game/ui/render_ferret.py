"""Ferret: the pool, both tableaux, the sets with their layoffs, the stock
and both score piles.

A move is ``<card> > <target>``: pick a hand card (the first playable one is
picked up to begin with), then click a highlighted pool card or a card in
the opponent's tableau.  ``pass`` and ``set ...`` choices are buttons.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


from . import cards
from .cards import H, W
from .gamelog import seat_name
from .svg import el, tag
from .table import WIDTH, Ctx, backs, caption, hand_step, plate

if TYPE_CHECKING:
    from ..rules.ferret import FerretView

HEIGHT = 650
SC = 0.8   # tableau and pool scale


def _by_card(ctx: Ctx) -> dict[str, dict[str, str]]:
    """Played card -> target -> move, for the person's ferreting moves."""
    out: dict[str, dict[str, str]] = {}
    for m in ctx.legal:
        p = ctx.parse(m)
        if p["kind"] == "ferret":
            out.setdefault(p["card"], {})[p["target"]] = m
    return out


def selection(view: FerretView, ctx: Ctx) -> str | None:
    """The picked-up card: the person's choice, else the first playable card."""
    by = _by_card(ctx)
    if ctx.selected in by:
        return ctx.selected
    return next((c for c in view["hand"] if c in by), None)


def _row(ids: list[str], x: float, y: float, targets: dict[str, str], fresh: set[str], width: float) -> str:
    step = min(W * SC + 6, (width - W * SC) / max(len(ids) - 1, 1))
    out = []
    for i, c in enumerate(ids):
        move = targets.get(c)
        out.append(cards.card(c, x + i * step, y, scale=SC, move=move,
                              cls=("target " if move else "") + ("fresh" if c in fresh else "")))
    return "".join(out)


def _sets(view: FerretView, x0: float, y0: float) -> str:
    out = []
    for i, st in enumerate(view["sets"]):
        col, row = divmod(i, 3)
        x, y = x0 + col * 235, y0 + row * 50
        ids = st["cards"]
        out.append("".join(cards.card(c, x + j * 16, y, scale=0.5) for j, c in enumerate(ids)))
        lx = x + 2 * 16 + W * 0.5 + 8
        out.append("".join(cards.card(lay["card"], lx + j * 14, y, scale=0.5, cls="layoff")
                           for j, lay in enumerate(st["layoffs"])))
        tx = lx + len(st["layoffs"]) * 14 + (W * 0.5 if st["layoffs"] else 0) + 6
        out.append(tag("text", f"{seat_name(st['owner'])}: {st['suit']} {st['low']}–{st['high']}",
                       x=tx, y=y + 16, class_="set-label"))
        if st["layoffs"]:
            out.append(tag("text", f"+{len(st['layoffs'])} laid off", x=tx, y=y + 31, class_="set-label"))
    return "".join(out)


def render(view: FerretView, ctx: Ctx) -> str:
    legal = ctx.legal
    by = _by_card(ctx)
    sel = selection(view, ctx)
    targets = by.get(sel, {}) if sel is not None else {}
    fresh = ctx.fresh
    out = []
    # The opponent: plate, hand (cards he openly ferreted are known), tableau.
    opp = 1
    out.append(plate(opp, 6, 6, 330, [f"hand {view['hand_sizes'][opp]}  ·  score pile {view['pile_sizes'][opp]}",
                                      f"dealer: {seat_name(view['dealer'])}"],
                     turn=view["turn"] == opp, thinking=ctx.thinking == opp))
    known = view["known_hands"][opp]
    out.append("".join(cards.card(c, 350 + i * 40, 6, scale=0.55) for i, c in enumerate(known)))
    hidden = view["hand_sizes"][opp] - len(known)
    if hidden > 0:
        out.append(backs(hidden, 350 + len(known) * 40 + 10, 6, scale=0.55, step=12))
    out.append(caption(f"{seat_name(opp)}'s tableau", 10, 86))
    out.append(_row(view["tableaux"][opp], 10, 92, targets, fresh, WIDTH - 20))
    # The middle: pool, stock, sets.
    my = 180
    out.append(caption("Pool", 10, my + 10))
    out.append(_row(view["pool"], 10, my + 16, targets, fresh, 3 * (W * SC + 6)))
    out.append(caption(f"Stock: {view['stock']}", 190, my + 10))
    if view["stock"]:
        out.append(cards.back(190, my + 16, scale=SC))
    out.append(caption("Sets (and layoffs)", 290, my + 10))
    out.append(_sets(view, 290, my + 16))
    # You: tableau, score pile, hand.
    yy = 470
    out.append(caption("Your tableau", 10, yy - 104))
    out.append(_row(view["tableaux"][0], 10, yy - 98, {}, fresh, WIDTH - 20))
    out.append(plate(0, WIDTH - 190, yy + 66, 180, [f"score pile {view['pile_sizes'][0]}"], turn=ctx.your_turn))
    hand = view["hand"]
    step = hand_step(len(hand), right=WIDTH - 200)
    hint = ""
    if ctx.your_turn and sel:
        hint = (f"{cards.describe(sel)}: click a highlighted card in the pool or in {seat_name(opp)}'s tableau "
                "to ferret it (or pick another card).")
    elif ctx.your_turn and any(ctx.parse(m)["kind"] == "set" for m in legal):
        hint = "Several sets can form in your tableau: choose one."
    out.append(caption(hint, 10, yy - 8, "hint"))
    for i, c in enumerate(hand):
        x = 10 + i * step
        if c == sel:
            out.append(cards.card(c, x, yy + 10 - 12, cls="selected" + (" fresh" if c in fresh else "")))
        elif c in by:
            out.append(cards.card(c, x, yy + 10, select=True))
        else:
            out.append(cards.card(c, x, yy + 10, illegal=f"{c} > {(view['pool'] or ['?'])[0]}"))
    # Pass under the hand, at the left where a phone's panned table starts (set choices,
    # which use that row, never come with a pass).
    if "pass" in legal:
        out.append(cards.button("Pass", 10, yy + H + 24, 160, 30, move="pass"))
    for j, m in enumerate(m for m in legal if ctx.parse(m)["kind"] == "set"):
        words = ctx.parse(m)["cards"]
        out.append(cards.button("Set: " + ", ".join(cards.parse(w)[2] for w in words), 10 + j * 330,
                                yy + H + 24, 320, 28, move=m, cls="set-choice"))
    first = view["first_scorer"]
    if view["ended_by"] and first is not None:
        why = "the last card was drawn" if view["ended_by"] == "stock" else "both players passed in succession"
        out.append(caption(f"The game ended: {why}; {seat_name(first)} scored first.", 10, HEIGHT - 8))
    return el("g", *out, class_="ferret")
