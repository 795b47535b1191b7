"""Type Trump: the trump type, each seat's declaration and takes, the trick
in the middle, your hand (trumps marked) and the declaring buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING


from . import cards
from .cards import H, W
from .gamelog import seat_name
from .svg import el, tag
from .table import WIDTH, Ctx, backs, caption, hand_step, plate

if TYPE_CHECKING:
    from ..rules.type_trump import TypeTrumpView

HEIGHT = 640
TYPE_WORD = {"personalities": "Personalities", "locations": "Locations", "events": "Events"}


def _declaration(view: TypeTrumpView, s: int) -> str:
    d = view["declarations"][s]
    if d is None:
        return "declared (hidden)" if s in view["declared"] else "not declared yet"
    return "declares " + ("the Spoiler" if d == "spoiler" else d.capitalize())


def _takes(ids: list[str], x: float, y: float, width: float) -> str:
    if not ids:
        return ""
    step = min(14, (width - W * 0.45) / max(len(ids) - 1, 1))
    return "".join(cards.card(c, x + i * step, y, scale=0.45) for i, c in enumerate(ids))


def render(view: TypeTrumpView, ctx: Ctx) -> str:
    n = view["players"]
    legal = set(ctx.legal)
    out = []
    trump = view["trump"]
    out.append(caption(f"Round {view['round']}  ·  trumps: {TYPE_WORD.get(trump, trump)}"
                       + (f"  ·  target {view['target']}" if view.get("target") else "")
                       + (f"  ·  {view['rounds']} rounds" if view.get("rounds") else ""), 10, 16, "hint"))
    opp = list(range(1, n))
    colw = WIDTH / len(opp)
    for k, s in enumerate(opp):
        x = k * colw + 6
        lines = [_declaration(view, s),
                 f"score {view['scores'][s]}  ·  tricks {view['tricks_taken'][s]}  ·  this round {view['round_points'][s]}"]
        if view.get("partner") == s:
            lines[0] += "  (your partner)"
        out.append(plate(s, x, 26, colw - 12, lines, turn=view["turn"] == s or s in view["to_move"],
                         thinking=ctx.thinking == s, dealer=view["dealer"] == s))
        out.append(backs(view["hand_sizes"][s], x + 8, 84, scale=0.3, step=6))
        d = view["declarations"][s]
        if d and d != "spoiler":
            out.append(cards.suit_use(d, x + colw - 40, 46, 22))
        out.append(_takes(view["takes"][s], x + 120, 84, colw - 140))
    # The trick: each card near the seat that played it, in play order.
    ty = 150
    out.append(caption("Trick", 400, ty + 12))
    for i, p in enumerate(view["trick"]):
        x = 300 + i * 90
        out.append(cards.card(p["card"], x, ty + 20, cls="fresh" if ctx.last and ctx.last[1] == p["card"] else ""))
        out.append(tag("text", seat_name(p["seat"]), x=x + W / 2, y=ty + 20 + H + 14, class_="under-label"))
    lt = view.get("last_trick")
    if lt and not view["trick"]:
        out.append(caption(f"Last trick, taken by {seat_name(lt['winner'])}:", 700, ty + 12))
        for i, p in enumerate(lt["trick"]):
            out.append(cards.card(p["card"], 700 + i * 24, ty + 20, scale=0.6))
    # You: declaration, takes.
    yy = 300
    out.append(plate(0, 6, yy, 330, [_declaration(view, 0),
                                     f"score {view['scores'][0]}  ·  tricks {view['tricks_taken'][0]}  ·  "
                                     f"this round {view['round_points'][0]}"],
                     turn=ctx.your_turn, dealer=view["dealer"] == 0))
    mine = view["declarations"][0] or view.get("pending")
    if mine and mine != "spoiler":
        out.append(cards.suit_use(mine, 310, yy + 22, 22))
    out.append(_takes(view["takes"][0], 350, yy + 2, 640))
    # Declaring: one button per suit and the Spoiler.
    decl = [m for m in ctx.legal if ctx.parse(m)["kind"] == "declare"]
    if decl:
        out.append(caption("Declare your scoring suit (a point per card of it you take), or the Spoiler:",
                           10, 372, "hint"))
        for i, m in enumerate(decl):
            word = ctx.parse(m)["suit"]
            x = 10 + i * 138
            out.append(cards.button(word.capitalize(), x, 380, 130, 30, move=m, cls="declare"))
            if word != "spoiler":
                out.append(cards.suit_use(word, x + 16, 395, 16))
    # Your hand (trumps marked).
    hy = 440
    hand = view["hand"]
    trumps = set(view.get("hand_trumps") or [])
    step = hand_step(len(hand))
    if ctx.your_turn and not decl:
        out.append(caption("Play a card: follow the lead (suit, or trump type if a trump was led) when you can."
                           " T marks your trumps.",
                           10, hy - 10, "hint"))
    for i, c in enumerate(hand):
        play = c in legal
        out.append(cards.card(c, 10 + i * step, hy, move=c if play else None,
                              illegal=None if play else c, note="T" if c in trumps else "",
                              cls="" if play or not ctx.your_turn or decl else "idle"))
    if view.get("partner_hand"):
        out.append(caption("The hand you were dealt (your partner plays it):", 10, hy + H + 20))
        out.append("".join(cards.card(c, 10 + i * 30, hy + H + 26, scale=0.45)
                           for i, c in enumerate(view["partner_hand"] or [])))
    return el("g", *out, class_="type-trump")
