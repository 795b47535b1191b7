"""Hermits Whist: the 8-stack and trump, the dummy's card, the wild-card row,
this hand's tricks, and your hand."""

from __future__ import annotations

from typing import TYPE_CHECKING


from . import cards
from .cards import H, W
from .svg import el, tag
from .table import Ctx, backs, caption, hand_step

if TYPE_CHECKING:
    from ..rules.hermits_whist import WhistView

HEIGHT = 560


def render(view: WhistView, ctx: Ctx) -> str:
    legal = set(ctx.legal)
    out = []
    # The wild-card row: face up (still to flip) or flipped (done).
    out.append(caption("Wild cards: win exactly that many tricks in a hand to flip one", 10, 18))
    for i, w in enumerate(view["wilds"]):
        x = 10 + i * 74
        if w["flipped"]:
            out.append(cards.back(x, 26, cls="flipped"))
        else:
            out.append(cards.card(w["card"], x, 26, note=str(w["pip"])))
        out.append(tag("text", f"{w['pip']} tricks" + (" ✓" if w["flipped"] else ""), x=x + W / 2, y=26 + H + 14,
                       class_="under-label"))
    # The 8-stack and the trump.
    sx = 520
    out.append(caption(f"8-stack: {view['stack']} left", sx, 18))
    if view["stack"]:
        out.append(el("g", cards.back(sx, 26), data_move="flip" if "flip" in legal else None,
                      class_="stack" + (" playable" if "flip" in legal else ""),
                      role="button" if "flip" in legal else None, tabindex="0" if "flip" in legal else None,
                      aria_label="turn the next 8 (flip)"))
        if "flip" in legal:
            out.append(caption("click: flip", sx + 4, 26 + H + 16))
    turned = view["eights_turned"]
    if turned:
        out.append(cards.card(turned[-1], sx + 80, 26, cls="fresh" if ctx.last and ctx.last[1] == "flip" else ""))
    trump = view["trump"]
    out.append(caption("Trump: " + (trump.capitalize() if trump else "none"), sx + 80, 26 + H + 32))
    if trump:
        out.append(cards.suit_use(trump, sx + 200, 60, 40))
    # The dummy and this hand's tricks.
    dy = 180
    out.append(caption(f"Hand {view['round']} ({view['deal_hand']}), trick {view['trick']} of 10  ·  "
                       f"tricks won {view['tricks_won']}  ·  stock {view['stock_left']}", 10, dy - 6))
    out.append(caption("Dummy", 10, dy + 12))
    if view["dummy_card"]:
        out.append(cards.card(view["dummy_card"], 10, dy + 18, cls="fresh dummy"))
    out.append(backs(view["dummy_left"], 84, dy + 18 + H - 40, scale=0.4, step=6))
    for i, t in enumerate(view["tricks"]):
        x = 200 + i * 78
        out.append(cards.card(t["dummy"], x, dy + 18, scale=0.55))
        out.append(cards.card(t["card"], x + 22, dy + 18 + 34, scale=0.55,
                              cls="won" if t["won"] else "lost"))
        out.append(tag("text", "won" if t["won"] else "lost", x=x + 30, y=dy + 18 + 34 + 0.55 * H + 14,
                       class_="under-label " + ("won" if t["won"] else "lost")))
    # Your hand.
    hy = 400
    hand = view["hand"]
    step = hand_step(len(hand))
    hint = "Play any card (flip an 8 first to change the trump)." if ctx.your_turn else ""
    out.append(caption(hint, 10, hy - 10, "hint"))
    for i, c in enumerate(hand):
        out.append(cards.card(c, 10 + i * step, hy, move=c if c in legal else None,
                              illegal=None if c in legal else c))
    return el("g", *out, class_="whist")
