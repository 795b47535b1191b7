"""Hermit's table: the opponents along the top, the live tricks in the middle
(each labelled with whoever controls it, its controlling card marked), your
plate (and the Cottage with two players), then your hand.

A hand card with one legal move plays on click; one with several is picked
up first, and the tricks it may go on then carry the moves.  A completed
trick (``ctx.held``) stays at the head of the middle with its taker's card
marked and what it cost before it goes.  One function per region.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .cards import H, W
from .gamelog import seat_name
from .svg import el
from .table import PAD, PLATE_LINE, Ctx, Layout, backs, caption, captions, hint_lines, pile, pile_width, plate
from ..rules.hermit import controls

if TYPE_CHECKING:
    from ..rules.hermit import HermitView

HEIGHT = 640          # the table's height before it is measured
LINE = 18
PLATE_H = 54          # a plate with two lines
STEP = 18             # the overlap of a trick's cards, in card units
TRICK_K = 0.8         # a trick's cards, relative to a hand card
GAP = 14


def _moves_by_card(ctx: Ctx) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for m in ctx.legal:
        out.setdefault(ctx.parse(m)["card"], []).append(m)
    return out


def controller(ids: list[str]) -> int:
    """The position of the card that controls a trick now (the highest, Aces cancelling Crowns).

    >>> controller(["journey", "huntress"]), controller(["journey", "huntress", "ace-moons"])
    (1, 1)
    """
    best = 0
    for i in range(1, len(ids)):
        if controls(ids[:i + 1]):
            best = i
    return best


def _opponents(view: HermitView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """Each opponent's plate: score, this hand, tricks taken, cards left (and a hidden choice)."""
    n = view["players"]
    colw = (lay.width - PAD) / max(n - 1, 1)
    out = []
    tall = PLATE_H
    for s in range(1, n):
        x = PAD + (s - 1) * colw
        w = colw - PAD
        taken = f"{view['tricks_taken'][s]} trick" + ("" if view['tricks_taken'][s] == 1 else "s")
        if w < 130:               # a phone's three plates: a short fact a line
            lines = [f"{view['scores'][s]} pts (+{view['hand_score'][s]})",
                     f"{view['hand_sizes'][s]} cards", taken]
            tall = PLATE_H + PLATE_LINE
        elif w < 170:
            lines = [f"{view['scores'][s]} pts (+{view['hand_score'][s]})",
                     f"{view['hand_sizes'][s]} cards, {taken}"]
        else:
            lines = [f"score {view['scores'][s]}  ·  this hand {view['hand_score'][s]}",
                     f"{view['hand_sizes'][s]} cards  ·  tricks taken {view['tricks_taken'][s]}"]
        out.append(plate(s, x, y, w, lines, turn=view["turn"] == s or s in view["to_move"],
                         thinking=ctx.thinking == s, dealer=view["dealer"] == s))
        if s in view["committed"]:
            out.append(cards.back(x + w - 22, y + 24, scale=0.28, cls="committed"))
    return "".join(out), y + tall


def _tricks(view: HermitView, ctx: Ctx, lay: Layout, y: float, targets: dict[str, str]) -> tuple[str, float]:
    """The live tricks in rows, each labelled with its controller; a picked-up card's targets carry moves."""
    k = lay.k * TRICK_K
    items: list[tuple[list[str], int | None, str | None, str]] = []
    held = ctx.held
    if held:
        items.append((held["cards"], held["taker"], None, "held"))
    for t in view["tricks"]:
        items.append((t["cards"], t["owner"], targets.get(t["cards"][0]), ""))
    out = []
    if not items:
        word = "Tricks appear here." if view["phase"] != "start" else "Everyone chooses a card to start a trick."
        out.append(caption(word, PAD, y + 20))
        return "".join(out), y + 36
    rows: list[list[tuple[list[str], int | None, str | None, str, float]]] = [[]]
    used = 0.0
    for ids, owner, move, kind in items:           # rows that fit the width, each centred
        w = pile_width(len(ids), STEP * k, k)
        if rows[-1] and used + w > lay.width - 2 * PAD:
            rows.append([])
            used = 0.0
        rows[-1].append((ids, owner, move, kind, w))
        used += w + GAP
    for i, row in enumerate(rows):
        if i:
            y += H * k + 24
        x = max(PAD, (lay.width - sum(r[4] for r in row) - GAP * (len(row) - 1)) / 2)
        for ids, owner, move, kind, w in row:
            best = controller(ids)
            who = ("nobody's" if owner is None else "yours" if owner == 0 else f"{seat_name(owner)}'s")
            out.append(pile(ids, x, y, step=STEP * k, scale=k, fresh=ctx.fresh, move=move,
                            cls="held" if kind else "", win=ids[best], to=owner,
                            label=who))
            x += w + GAP
    bottom = y + H * k + 22
    if held:
        pts = held.get("points", 0)
        taker = held["taker"]
        verdict = ("Nobody takes the trick." if taker is None else
                   f"{seat_name(taker)} take{'' if taker == 0 else 's'} the trick: "
                   f"{pts} point{'' if pts == 1 else 's'}.")
        out.append(caption(verdict, PAD, bottom + 8, "verdict"))
        bottom += 22
    return "".join(out), bottom


def _you(view: HermitView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """Your plate, your hidden choice and, with two players, the Cottage."""
    w = min(lay.width - 2 * PAD, 330)
    lines = [f"score {view['scores'][0]}  ·  this hand {view['hand_score'][0]}",
             f"tricks taken {view['tricks_taken'][0]}"]
    out = [plate(0, PAD, y, w, lines, turn=ctx.your_turn, dealer=view["dealer"] == 0)]
    x = PAD + w + GAP
    bottom = y + PLATE_H
    k = lay.k * 0.6
    if view["pending"]:
        px, py = (x, y) if x + W * k < lay.width else (PAD, bottom + 4)
        out.append(cards.card(view["pending"], px, py, cls="pending", scale=k))
        out.append(caption("your choice (hidden)", px + W * k + 4, py + 16, "pile-label"))
        bottom = max(bottom, py + H * k)
        x = px + W * k + 130
    if view.get("cottage") is not None:
        cot = view["cottage"]
        hidden = cot["size"] - len(cot["mine"])
        cx, cy = (x, y) if x + 200 < lay.width else (PAD, bottom + 6)
        out.append(caption(f"Cottage: {cot['size']} cards", cx, cy + 12))
        out.append("".join(cards.card(c, cx + i * 22, cy + 18, scale=k) for i, c in enumerate(cot["mine"])))
        bx = cx + (len(cot["mine"]) - 1) * 22 + W * k + 6 if cot["mine"] else cx
        out.append(backs(hidden, bx, cy + 18, scale=k, step=8) if hidden else "")
        bottom = max(bottom, cy + 18 + H * k)
    return "".join(out), bottom


def _hand(view: HermitView, ctx: Ctx, lay: Layout, y: float, by_card: dict[str, list[str]],
          sel: str | None) -> tuple[str, float]:
    phase = view["phase"]
    hint = {"start": "Choose a card to start a trick (everyone chooses at once).",
            "cottage": "Choose a card to add to the Cottage.",
            "play": "Play a card on a trick whose last card shares a suit with it."}.get(phase, "")
    if ctx.your_turn and phase == "play" and ctx.legal and ctx.parse(ctx.legal[0])["kind"] == "start":
        hint = "No card of yours follows any trick: start a new trick."
    elif any(len(ms) > 1 for ms in by_card.values()):
        hint += " A card that fits several tricks: pick it up, then choose the trick."
        if lay.compact:
            hint = "Follow a trick's last card by suit. Several fit? Tap the card, then the trick."
    if sel:
        hint = f"Now choose a highlighted trick for {cards.describe(sel)} (or the card again to put it back)."
    text, tall = captions(hint if ctx.your_turn else "", PAD, y + 12, lay.width - 2 * PAD,
                          reserve=hint_lines(lay))
    out = [text]
    y += max(tall, LINE) + 10
    first_trick = view["tricks"][0]["cards"][0] if view["tricks"] else None
    hand = view["hand"]
    pos = lay.hand(len(hand), PAD, lay.width - PAD)
    for c, (x, dy) in zip(hand, pos):
        moves = by_card.get(c, [])
        if len(moves) == 1:
            out.append(cards.card(c, x, y + dy, scale=lay.k, move=moves[0]))
        elif moves:
            lift = 14 if c == sel and not pos[-1][1] else 0     # in rows a lift would cover the row above
            out.append(cards.card(c, x, y + dy - lift, scale=lay.k, select=True,
                                  cls="selected" if c == sel else ""))
        else:
            bad = f"{c} on {first_trick}" if first_trick and phase == "play" else f"start {c}"
            out.append(cards.card(c, x, y + dy, scale=lay.k, illegal=bad, cls="idle" if ctx.your_turn else ""))
    return "".join(out), y + (pos[-1][1] if pos else 0) + lay.ch + PAD


def render(view: HermitView, ctx: Ctx) -> str:
    lay = ctx.layout
    by_card = _moves_by_card(ctx)
    sel = ctx.selected if ctx.selected in by_card and len(by_card[ctx.selected]) > 1 else None
    targets = {ctx.parse(m)["target"]: m for m in by_card.get(sel, [])} if sel else {}
    goal = (f"lowest score wins · the game ends when someone reaches {view['target']}" if view.get("target")
            else "lowest score wins · each player deals twice")
    out = [caption(f"Hand {view['round']} · {goal}" if not lay.compact else f"Hand {view['round']} · lowest wins",
                   PAD, 14, "hint")]
    opp, y = _opponents(view, ctx, lay, 22)
    out.append(opp)
    tricks, y = _tricks(view, ctx, lay, y + 10, targets)
    out.append(tricks)
    you, y = _you(view, ctx, lay, y + 4)
    out.append(you)
    hand, y = _hand(view, ctx, lay, y + 4, by_card, sel)
    out.append(hand)
    ctx.height = y
    return el("g", *out, class_="hermit")


def breakdown(rnd: dict[str, Any] | None, over: dict[str, Any] | None,
              events: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The result table's columns: tricks and Personalities taken this hand (the round's
    sentence below the table names them).

    >>> breakdown({"detail": {"tricks_taken": [2, 1], "personalities": [["savage", "bard"], []]}}, None, [])
    (['Tricks', 'Personalities'], [['2', '2'], ['1', '0']])
    """
    if not rnd:
        return [], [[] for _ in (over or {}).get("scores", [])]
    d = rnd["detail"]
    return ["Tricks", "Personalities"], [[str(t), str(len(ps))] for t, ps in zip(d["tricks_taken"], d["personalities"])]


def captured(view: HermitView) -> list[list[str]]:
    """Each seat's cards taken in tricks this hand (the plates open them)."""
    return view["taken"]
