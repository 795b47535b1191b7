"""Ferret: the antipathy pairs (the one thing a Ferret player must know), the
opponent's plate, known cards and tableau, the pool and the stock, the sets
with their layoffs, your tableau and your hand.

A move is ``<card> > <target>``: pick a hand card (the first playable one is
picked up to begin with), then click a highlighted pool card or a card in
the opponent's tableau.  ``pass`` and ``set ...`` choices are buttons.  One
function per region.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .cards import TAP_MIN, H, W
from .gamelog import seat_name
from .svg import el, tag
from .table import PAD, Ctx, Layout, backs, caption, captions, hint_lines, plate
from ..decktet import ANTIPATHY

if TYPE_CHECKING:
    from ..rules.ferret import FerretView

HEIGHT = 650          # the table's height before it is measured
ROW_K = 0.7           # tableau and pool cards, relative to a hand card
SET_K = 0.5           # cards in the sets list
LINE = 18
PLATE_H = 54
GAP = 8


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


def _antipathy(lay: Layout, y: float) -> tuple[str, float]:
    """The three antipathetic pairs, with their symbols: a card goes to the tableau of the
    player whose... (the rules' placing follows from these pairs)."""
    pairs = []
    for a, b in ANTIPATHY.items():
        if (b, a) not in pairs:
            pairs.append((a, b))
    out = [caption("Antipathy:", PAD, y + 13)]
    x = PAD + 72
    step = min(190, (lay.width - x - PAD) / 3)
    for i, (a, b) in enumerate(pairs):
        px = x + i * step
        out.append(el("g", cards.suit_use(a, px + 8, y + 9, 14), tag("text", "↔", x=px + 19, y=y + 13, class_="caption"),
                      cards.suit_use(b, px + 38, y + 9, 14),
                      tag("text", f"{a}–{b}" if not lay.compact else "", x=px + 50, y=y + 13, class_="caption"),
                      el("title", f"{a.capitalize()} and {b.capitalize()} are antipathetic"), class_="antipathy"))
    return "".join(out), y + 22


def row_k(lay: Layout) -> float:
    """The scale of tableau and pool cards: smaller than a hand card, but a touch target."""
    return max(lay.k * ROW_K, TAP_MIN / W)


def _row(ids: list[str], x: float, y: float, targets: dict[str, str], fresh: set[str], width: float,
         lay: Layout) -> tuple[str, float]:
    """A row of cards (in rows, when many, so each stays a target); returns the markup and its height."""
    k = row_k(lay)
    pos = lay.fan(len(ids), x, x + width, k)
    out = []
    for c, (cx, dy) in zip(ids, pos):
        move = targets.get(c)
        out.append(cards.card(c, cx, y + dy, scale=k, move=move,
                              cls=("target " if move else "") + ("fresh" if c in fresh else "")))
    return "".join(out), (pos[-1][1] if pos else 0) + H * k


def _opponent(view: FerretView, ctx: Ctx, lay: Layout, y: float, targets: dict[str, str]) -> tuple[str, float]:
    opp = 1
    k = row_k(lay)
    w = min(lay.width - 2 * PAD, 330)
    out = [plate(opp, PAD, y, w, [f"hand {view['hand_sizes'][opp]}  ·  score pile {view['pile_sizes'][opp]}",
                                  f"dealer: {seat_name(view['dealer'])}"],
                 turn=view["turn"] == opp or view.get("chooser") == opp, thinking=ctx.thinking == opp)]
    known = view["known_hands"][opp]
    hx, hy = (PAD + w + GAP, y) if not lay.compact else (PAD, y + PLATE_H + 4)
    kk = 0.5 * lay.k
    out.append("".join(cards.card(c, hx + i * (W * kk + 4), hy, scale=kk) for i, c in enumerate(known)))
    hidden = view["hand_sizes"][opp] - len(known)
    if hidden > 0:
        out.append(backs(hidden, hx + len(known) * (W * kk + 4), hy, scale=kk * 0.8, step=8))
    y = (y + PLATE_H if not lay.compact else hy + H * kk) + 6
    out.append(caption(f"{seat_name(opp)}'s tableau", PAD, y + 12))
    row, tall = _row(view["tableaux"][opp], PAD, y + LINE, targets, ctx.fresh, lay.width - 2 * PAD, lay)
    out.append(row)
    return "".join(out), y + LINE + max(tall, H * k) + 6


def _middle(view: FerretView, ctx: Ctx, lay: Layout, y: float, targets: dict[str, str]) -> tuple[str, float]:
    """The pool (targets), the stock, and the sets with their layoffs."""
    k = row_k(lay)
    out = [caption("Pool", PAD, y + 12)]
    pool_w = 3 * (W * k + 6)
    out.append(_row(view["pool"], PAD, y + LINE, targets, ctx.fresh, pool_w, lay)[0])
    sx = PAD + pool_w + GAP
    out.append(caption(f"Stock: {view['stock']}", sx, y + 12))
    if view["stock"]:
        out.append(cards.back(sx, y + LINE, scale=k))
    bottom = y + LINE + H * k + 6
    sets_x = sx + W * k + 3 * GAP
    if lay.compact or lay.width - sets_x < 300:
        sets_x, sets_y = PAD, bottom
    else:
        sets_y = y
    s_out, s_bottom = _sets(view, lay, sets_x, sets_y)
    out.append(s_out)
    return "".join(out), max(bottom, s_bottom)


def _sets(view: FerretView, lay: Layout, x0: float, y0: float) -> tuple[str, float]:
    if not view["sets"]:
        return caption("Sets: none yet", x0, y0 + 12), y0 + LINE
    k = lay.k * SET_K
    out = [caption("Sets (and layoffs)", x0, y0 + 12)]
    colw = 250
    cols = max(1, int((lay.width - x0 - PAD) // colw))
    rowh = H * k + 8
    for i, st in enumerate(view["sets"]):
        r, c = divmod(i, cols)
        x, y = x0 + c * colw, y0 + LINE + r * rowh
        ids = st["cards"]
        out.append("".join(cards.card(cid, x + j * 16, y, scale=k) for j, cid in enumerate(ids)))
        lx = x + (len(ids) - 1) * 16 + W * k + 6
        out.append("".join(cards.card(lay_["card"], lx + j * 14, y, scale=k, cls="layoff")
                           for j, lay_ in enumerate(st["layoffs"])))
        tx = lx + (len(st["layoffs"]) - 1) * 14 + W * k + 6 if st["layoffs"] else lx
        out.append(tag("text", f"{seat_name(st['owner'])}: {st['suit']} {st['low']}–{st['high']}",
                       x=tx, y=y + 14, class_="set-label"))
        if st["layoffs"]:
            out.append(tag("text", f"+{len(st['layoffs'])} laid off", x=tx, y=y + 28, class_="set-label"))
    rows = -(-len(view["sets"]) // cols)
    return "".join(out), y0 + LINE + rows * rowh


def _you(view: FerretView, ctx: Ctx, lay: Layout, y: float, sel: str | None, by: dict[str, dict[str, str]]) -> tuple[str, float]:
    out = [caption("Your tableau", PAD, y + 12)]
    row, tall = _row(view["tableaux"][0], PAD, y + LINE, {}, ctx.fresh, lay.width - 2 * PAD, lay)
    out.append(row)
    y += LINE + (tall if view["tableaux"][0] else 10) + 6
    w = min(lay.width - 2 * PAD, 330)
    out.append(plate(0, PAD, y, w, [f"score pile {view['pile_sizes'][0]}  ·  hand {len(view['hand'])}"],
                     turn=ctx.your_turn))
    y += 22 + 15 + 8
    legal = ctx.legal
    hint = ""
    opp = seat_name(1)
    if ctx.your_turn and sel:
        hint = (f"{cards.describe(sel)[0].upper()}{cards.describe(sel)[1:]}: choose a highlighted card in the pool or in {opp}'s tableau "
                "to ferret it (or pick up another card).")
    elif ctx.your_turn and any(ctx.parse(m)["kind"] == "set" for m in legal):
        hint = "Several sets can form in your tableau: choose one."
    text, tall = captions(hint, PAD, y + 12, lay.width - 2 * PAD, reserve=hint_lines(lay))
    out.append(text)
    y += max(tall, LINE) + 16
    hand = view["hand"]
    pos = lay.hand(len(hand), PAD, lay.width - PAD)
    for c, (x, dy) in zip(hand, pos):
        if c == sel:
            lift = 0 if pos[-1][1] else 12           # rows of cards: a lift would cover the row above
            out.append(cards.card(c, x, y + dy - lift, scale=lay.k, cls="selected" + (" fresh" if c in ctx.fresh else "")))
        elif c in by:
            out.append(cards.card(c, x, y + dy, scale=lay.k, select=True))
        else:
            out.append(cards.card(c, x, y + dy, scale=lay.k, illegal=f"{c} > {(view['pool'] or ['?'])[0]}"))
    y += (pos[-1][1] if pos else 0) + (lay.ch if pos else 0) + 14
    if "pass" in legal:
        out.append(cards.button("Pass", PAD, y, 160, 34, move="pass"))
        y += 34 + 12
    sets = [m for m in legal if ctx.parse(m)["kind"] == "set"]
    for m in sets:
        words = ctx.parse(m)["cards"]
        out.append(cards.button("Set: " + ", ".join(cards.parse(w)[2] for w in words), PAD, y,
                                min(lay.width - 2 * PAD, 420), 34, move=m, cls="set-choice"))
        y += 34 + 16
    return "".join(out), y + PAD


def render(view: FerretView, ctx: Ctx) -> str:
    lay = ctx.layout
    by = _by_card(ctx)
    sel = selection(view, ctx)
    targets = by.get(sel, {}) if sel is not None else {}
    out = []
    anti, y = _antipathy(lay, PAD)
    out.append(anti)
    opp, y = _opponent(view, ctx, lay, y + 2, targets)
    out.append(opp)
    mid, y = _middle(view, ctx, lay, y, targets)
    out.append(mid)
    you, y = _you(view, ctx, lay, y + 4, sel, by)
    out.append(you)
    ctx.height = y
    return el("g", *out, class_="ferret")


def breakdown(rnd: dict[str, Any] | None, over: dict[str, Any] | None,
              events: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The result table's columns: sets formed (during play and in final scoring) and cards laid off.

    >>> evs = [{"kind": "set", "owner": 0, "final": False}, {"kind": "set", "owner": 1, "final": True},
    ...        {"kind": "layoff", "set_owners": [0], "final": False}]
    >>> breakdown(None, {"scores": [4, 3]}, evs)
    (['Sets in play', 'Sets at the end', 'Laid off'], [['1', '0', '1'], ['0', '1', '0']])
    """
    n = len((over or {}).get("scores", [0, 0]))
    sets = [[0, 0] for _ in range(n)]
    lay = [0] * n
    for e in events:
        if e["kind"] == "set":
            sets[e["owner"]][1 if e.get("final") else 0] += 1
        elif e["kind"] == "layoff":
            for o in e.get("set_owners", []):
                lay[o] += 1
    return (["Sets in play", "Sets at the end", "Laid off"],
            [[str(sets[i][0]), str(sets[i][1]), str(lay[i])] for i in range(n)])


def captured(view: FerretView) -> list[list[str]]:
    """Each player's score pile (the plates open them)."""
    return view["score_piles"]
