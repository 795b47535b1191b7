"""Type Trump: the trump type and target always in view, the opponents along the top
(declaration, score, tricks, takes), the trick in the middle with the card winning
it marked, your plate, the declaring buttons and your hand (trumps marked T).

One function per region.  A completed trick (``ctx.held``) stays in the middle with
the taker's card marked and the verdict written beside it, before it goes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .cards import H, W
from .gamelog import seat_name
from .svg import el, tag
from .table import PAD, Ctx, Layout, backs, caption, captions, hint_lines, plate
from ..rules.type_trump import winner

if TYPE_CHECKING:
    from ..rules.type_trump import TypeTrumpView

HEIGHT = 640           # the table's height before it is measured
TYPE_WORD = {"personalities": "Personalities", "locations": "Locations", "events": "Events"}
LINE = 18
PLATE_H = 54           # a plate with two lines
TAKES = 0.4            # taken cards, relative to a card
BTN_H = 34
GAP = 8


def _declaration(view: TypeTrumpView, s: int) -> str:
    d = view["declarations"][s]
    if d is None:
        return "declared (hidden)" if s in view["declared"] else "not declared yet"
    return "declared " + ("the Spoiler" if d == "spoiler" else d.capitalize())


def _top(view: TypeTrumpView, lay: Layout) -> str:
    """Round, trump type and the goal: always in view."""
    goal = (f"target {view['target']}" if view.get("target") else
            f"{view['rounds']} round{'' if view['rounds'] == 1 else 's'}" if view.get("rounds") else "")
    return caption(f"Round {view['round']} · trumps: {TYPE_WORD.get(view['trump'], view['trump'])}"
                   + (f" · {goal}" if goal else ""), PAD, 14, "hint")


def _takes(ids: list[str], x: float, y: float, width: float, k: float) -> str:
    if not ids:
        return ""
    step = min(W * k * 0.5, (width - W * k) / max(len(ids) - 1, 1))
    return "".join(cards.card(c, x + i * step, y, scale=k) for i, c in enumerate(ids))


def _not_held(ids: list[str], ctx: Ctx) -> list[str]:
    """Taken cards less those of the trick still held in the middle (each card is drawn once)."""
    held = set(ctx.held["cards"]) if ctx.held else set()
    return [c for c in ids if c not in held]


def _seat(view: TypeTrumpView, ctx: Ctx, lay: Layout, s: int, x: float, y: float, w: float) -> str:
    """One seat's plate (declaration symbol at its right) and, on wide tables, its takes."""
    compact = lay.compact
    lines = [_declaration(view, s).replace("declared ", "") if compact else _declaration(view, s),
             (f"{view['scores'][s]} pts · {view['tricks_taken'][s]} tricks" if compact else
              f"score {view['scores'][s]} · tricks {view['tricks_taken'][s]} · this round {view['round_points'][s]}")]
    if view.get("partner") == s:
        lines[0] += " (partner)"
    turn = view["turn"] == s or s in view["to_move"] if s else ctx.your_turn
    out = [plate(s, x, y, w, lines, turn=turn, thinking=ctx.thinking == s, dealer=view["dealer"] == s)]
    d = view["declarations"][s] or (view.get("pending") if s == 0 else None)
    if d and d != "spoiler" and not (ctx.thinking == s):
        out.append(cards.suit_use(d, x + w - 16, y + 30, 20))
    if s and not compact:
        out.append(backs(view["hand_sizes"][s], x + 4, y + PLATE_H + 4, scale=0.3, step=5))
        out.append(_takes(_not_held(view["takes"][s], ctx), x + 110, y + PLATE_H + 4, w - 110, TAKES * 0.75))
    return "".join(out)


def _opponents(view: TypeTrumpView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    n = view["players"]
    colw = (lay.width - PAD) / (n - 1)
    out = [_seat(view, ctx, lay, s, PAD + (s - 1) * colw, y, colw - PAD) for s in range(1, n)]
    return "".join(out), y + PLATE_H + (0 if lay.compact else H * 0.3 + 10)


def _trick(view: TypeTrumpView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """The cards of the trick in play order, each named by its seat; the one winning now
    is marked (a held, completed trick marks its taker's card and says who took it)."""
    k = lay.k
    held = ctx.held
    if held:
        n = len(held["cards"])
        played: list[dict[str, Any]] = [{"seat": (held["leader"] + i) % n, "card": c} for i, c in enumerate(held["cards"])]
        best = (held["taker"] - held["leader"]) % n
    else:
        played = [dict(p) for p in view["trick"]]
        best = winner([p["card"] for p in played], view["trump"]) if played else -1
    step = min(W * k + GAP, (lay.width - 2 * PAD - W * k) / max(view["players"] - 1, 1))
    x0 = (lay.width - (W * k + step * (view["players"] - 1))) / 2
    out = []
    for i in range(view["players"]):
        x = x0 + i * step
        if i < len(played):
            p = played[i]
            out.append(cards.card(p["card"], x, y, scale=k, cls="winning" if i == best else "",
                                  to=held["taker"] if held else None))
            label = seat_name(p["seat"]) + (" ★" if i == best else "")
            out.append(tag("text", label, x=x + W * k / 2, y=y + H * k + 14, class_="under-label"))
        else:
            out.append(tag("rect", x=x, y=y, width=W * k, height=H * k, rx=6, class_="slot"))
    bottom = y + H * k + 20
    if held:
        pts = held.get("points", 0)
        out.append(caption(f"{seat_name(held['taker'])} take{'' if held['taker'] == 0 else 's'} the trick"
                           f" ({pts} point{'' if pts == 1 else 's'}).", PAD, bottom + 8, "verdict"))
        bottom += 26
    elif view.get("last_trick") and not played:
        lt = view["last_trick"]
        assert lt is not None
        out.append(caption(f"Last trick: {seat_name(lt['winner'])}.", PAD, bottom + 8))
        bottom += 20
    return "".join(out), bottom


def _declare(view: TypeTrumpView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """One button per suit and the Spoiler (two rows on a phone)."""
    decl = [m for m in ctx.legal if ctx.parse(m)["kind"] == "declare"]
    if not decl:
        return "", y
    per_row = len(decl) if not lay.compact else (len(decl) + 1) // 2
    w = min(138, (lay.width - 2 * PAD - (per_row - 1) * GAP) / per_row)
    out = [caption("Declare your scoring suit (a point per card of it you take), or the Spoiler:"
                   if not lay.compact else "Declare your suit, or the Spoiler:", PAD, y + 12, "hint")]
    y += LINE + 6
    for i, m in enumerate(decl):
        r, c = divmod(i, per_row)
        word = ctx.parse(m)["suit"]
        x, by = PAD + c * (w + GAP), y + r * (BTN_H + 16)
        out.append(cards.button(word.capitalize(), x, by, w, BTN_H, move=m, cls="declare",
                                suit=None if word == "spoiler" else word, font=13))   # (.btn.declare text)
    rows = -(-len(decl) // per_row)
    return "".join(out), y + rows * (BTN_H + 16)


def _hand(view: TypeTrumpView, ctx: Ctx, lay: Layout, y: float, declaring: bool) -> tuple[str, float]:
    legal = set(ctx.legal)
    trumps = set(view.get("hand_trumps") or [])
    words = ("Follow the lead (its suit, or trumps if a trump was led) when you can. T marks a trump."
             if not lay.compact else "Follow the lead (suit, or trumps if led) if you can. T = trump.")
    text, tall = captions(words if ctx.your_turn and not declaring else "",
                          PAD, y + 12, lay.width - 2 * PAD, reserve=hint_lines(lay))
    out = [text]
    y += max(tall, LINE) + 4
    hand = view["hand"]
    pos = lay.hand(len(hand), PAD, lay.width - PAD)
    for c, (x, dy) in zip(hand, pos):
        play = c in legal
        out.append(cards.card(c, x, y + dy, scale=lay.k, move=c if play else None,
                              illegal=None if play else c, note="T" if c in trumps else "",
                              cls="" if play or not ctx.your_turn or declaring else "idle"))
    bottom = y + (pos[-1][1] if pos else 0) + lay.ch + PAD
    if view.get("partner_hand"):
        out.append(caption("The hand you were dealt (your partner plays it):", PAD, bottom + 12))
        out.append("".join(cards.card(c, PAD + i * 24, bottom + 18, scale=0.45)
                           for i, c in enumerate(view["partner_hand"] or [])))
        bottom += 18 + H * 0.45 + PAD
    return "".join(out), bottom


def render(view: TypeTrumpView, ctx: Ctx) -> str:
    lay = ctx.layout
    out = [_top(view, lay)]
    opp, y = _opponents(view, ctx, lay, 22)
    out.append(opp)
    trick, y = _trick(view, ctx, lay, y + 6)
    out.append(trick)
    me_w = min(lay.width - 2 * PAD, 340)
    out.append(_seat(view, ctx, lay, 0, PAD, y, me_w))
    if not lay.compact:
        out.append(_takes(_not_held(view["takes"][0], ctx), PAD + me_w + 10, y + 4, lay.width - me_w - 3 * PAD, TAKES))
    y += PLATE_H + 6
    decl, y = _declare(view, ctx, lay, y)
    out.append(decl)
    hand, y = _hand(view, ctx, lay, y, bool(decl))
    out.append(hand)
    ctx.height = y
    return el("g", *out, class_="type-trump")


def breakdown(rnd: dict[str, Any] | None, over: dict[str, Any] | None,
              events: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The result table's columns: each seat's declaration, tricks and declared-suit cards taken.

    >>> breakdown({"detail": {"declarations": ["waves", "spoiler"], "tricks_taken": [3, 0],
    ...            "suit_cards": [["sea", "lunatic"], []]}}, None, [])
    (['Declared', 'Tricks', 'Suit cards'], [['Waves', '3', '2'], ['Spoiler', '0', '0']])
    """
    if not rnd:
        return [], [[] for _ in (over or {}).get("scores", [])]
    d = rnd["detail"]
    rows = [[(dec or "none").capitalize(), str(t), str(len(sc))]
            for dec, t, sc in zip(d["declarations"], d["tricks_taken"], d["suit_cards"])]
    return ["Declared", "Tricks", "Suit cards"], rows


def captured(view: TypeTrumpView) -> list[list[str]]:
    """Each seat's cards taken in tricks this round (the plates open them)."""
    return view["takes"]
