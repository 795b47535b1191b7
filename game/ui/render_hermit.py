"""Hermit's table: opponents across the top, each with the live tricks it
controls in front of it; your tricks, then your hand, below.

Each trick is a pile whose cards overlap so the count shows.  A hand card
with one legal move plays on click; one with several is picked up first,
and its targets (tricks, or the chips under it) then carry the moves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING


from . import cards
from .cards import TAP, H, W
from .table import WIDTH, Ctx, backs, caption, hand_step, pile, pile_width, plate
from .svg import el

if TYPE_CHECKING:
    from ..rules.hermit import HermitView, TrickView

STEP = 18


def _moves_by_card(ctx: Ctx) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in ctx.legal:
        out.setdefault(ctx.parse(m)["card"], []).append(m)
    return out


def _lay(tricks: list[tuple[int, TrickView]], x0: float, y0: float, width: float, scale: float,
         ctx: Ctx, targets: dict[str, str]) -> str:
    """Tricks in rows inside a box; a trick that is a target of the picked-up card carries its move."""
    out, x, y = [], x0, y0
    for i, t in tricks:
        ids = t["cards"]
        w = pile_width(len(ids), STEP * scale, scale)
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + H * scale + 22
        move = targets.get(ids[0])
        out.append(pile(ids, x, y, step=STEP * scale, scale=scale, fresh=ctx.fresh, move=move,
                        label="" if t["owner"] is not None else "nobody's"))
        x += w + 14
    return "".join(out)


def render(view: HermitView, ctx: Ctx) -> str:
    n = view["players"]
    phase = view["phase"]
    by_card = _moves_by_card(ctx)
    sel = ctx.selected if ctx.selected in by_card and len(by_card[ctx.selected]) > 1 else None
    targets = {ctx.parse(m)["target"]: m for m in by_card.get(sel, [])} if sel else {}
    tricks = list(enumerate(view["tricks"]))
    out = []

    # Opponents across the top, each with the tricks in front of it.
    opp = list(range(1, n))
    colw = WIDTH / max(len(opp), 1)
    for k, s in enumerate(opp):
        x = k * colw + 6
        lines = [f"score {view['scores'][s]}  ·  this hand {view['hand_score'][s]}",
                 f"tricks taken {view['tricks_taken'][s]}"]
        out.append(plate(s, x, 6, colw - 12, lines, turn=view["turn"] == s or s in view["to_move"],
                         thinking=ctx.thinking == s, dealer=view["dealer"] == s))
        out.append(backs(view["hand_sizes"][s], x + colw - 140, 56, scale=0.32, step=6))
        if s in view["committed"]:
            out.append(cards.back(x + colw - 60, 56, scale=0.32, cls="committed"))
        mine = [(i, t) for i, t in tricks if t["owner"] == s]
        out.append(_lay(mine, x, 90, colw - 12, 0.8, ctx, targets))

    # Your band: your tricks (and nobody's), your hidden choice, the Cottage.
    y0 = 300
    out.append(plate(0, 6, y0 - 34, 300, [], turn=ctx.your_turn, dealer=view["dealer"] == 0))
    facts = (f"score {view['scores'][0]}  ·  this hand {view['hand_score'][0]}  ·  "
             f"tricks taken {view['tricks_taken'][0]}")
    out.append(caption(facts, 320, y0 - 17))
    mine = [(i, t) for i, t in tricks if t["owner"] == 0]
    nobody = [(i, t) for i, t in tricks if t["owner"] is None]
    x_right = WIDTH - 10
    extras = []
    if view.get("cottage") is not None:
        cot = view["cottage"]
        hidden = cot["size"] - len(cot["mine"])
        extras.append(caption(f"Cottage: {cot['size']} cards", x_right - 190, y0 + 8))
        extras.append("".join(cards.card(c, x_right - 190 + i * 22, y0 + 14, scale=0.6) for i, c in enumerate(cot["mine"])))
        bx = x_right - 190 + (len(cot["mine"]) - 1) * 22 + W * 0.6 + 6 if cot["mine"] else x_right - 190
        extras.append(backs(hidden, bx, y0 + 14, scale=0.6, step=8) if hidden else "")
    out.extend(extras)
    right_reserved = 200 if extras else 0
    if view["pending"]:
        out.append(cards.card(view["pending"], 10, y0 + 8, cls="pending"))
        out.append(caption("your choice (hidden)", 10, y0 + H + 22, "pile-label"))
        x_start = 90
    else:
        x_start = 10
    out.append(_lay(mine + nobody, x_start, y0 + 8, WIDTH - x_start - 10 - right_reserved, 1.0, ctx, targets))

    # Your hand, with chips for cards that can go to several tricks.
    hy = HAND_Y
    hand = view["hand"]
    step = hand_step(len(hand))
    hint = {"start": "Choose a card to start a trick (everyone chooses at once).",
            "cottage": "Choose a card to add to the Cottage.",
            "play": "Play a card on a trick whose last card shares a suit with it."}.get(phase, "")
    if ctx.your_turn and phase == "play" and ctx.legal and ctx.parse(ctx.legal[0])["kind"] == "start":
        hint = "No card of yours follows any trick: start a new trick."
    if sel:
        hint = f"Now click a highlighted trick for {cards.describe(sel)} (or the card again to put it back)."
    out.append(caption(hint if ctx.your_turn else "", 10, hy - 10, "hint"))
    first_trick = view["tricks"][0]["cards"][0] if view["tricks"] else None
    for i, c in enumerate(hand):
        x = 10 + i * step
        moves = by_card.get(c, [])
        if len(moves) == 1:
            out.append(cards.card(c, x, hy, move=moves[0]))
        elif moves:
            out.append(cards.card(c, x, hy - (14 if c == sel else 0), select=True,
                                  cls="selected" if c == sel else ""))
            if c != sel:
                for j, m in enumerate(moves):
                    first = ctx.parse(m)["target"]
                    text, suit = cards.short(first)
                    out.append(cards.button("on " + text, x, CHIPS_Y + TAP * j + 10,
                                            max(min(step - 4, W), TAP), TAP - 20, move=m, cls="chip", suit=suit))
        else:
            bad = f"{c} on {first_trick}" if first_trick and phase == "play" else f"start {c}"
            out.append(cards.card(c, x, hy, illegal=bad, cls="idle"))
    return el("g", *out, class_="hermit")


HEIGHT = 640
HAND_Y = 440
CHIPS_Y = HAND_Y + H + 6      # a column of chips under a hand card, TAP units each (phones)


def height(view: HermitView, ctx: Ctx) -> float:
    """The table's height: taller while a hand card shows more chips than fit under it.

    >>> from game import GAMES
    >>> height({}, Ctx(legal=["author on sea", "author on lunatic", "author on desert"], game=GAMES["hermit"]))
    690
    >>> height({}, Ctx(legal=["author on sea", "author on lunatic"], game=GAMES["hermit"]))
    640
    """
    by_card = _moves_by_card(ctx)
    chips = max((len(ms) for c, ms in by_card.items() if len(ms) > 1 and c != ctx.selected), default=0)
    return max(HEIGHT, CHIPS_Y + chips * TAP + 2)
