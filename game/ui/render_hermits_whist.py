"""Hermits Whist: the wild-card row, the 8-stack and the trump, the trick (the
dummy's card against yours), this hand's tricks, and your hand.

One function per region; wide tables put the 8-stack beside the wild cards,
narrow ones below them.  A completed trick (``ctx.held``) stays in the trick
area with its winning card marked before it joins this hand's tricks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import cards
from .cards import H, W
from .svg import el, esc, tag
from .table import PAD, Ctx, Layout, backs, caption

if TYPE_CHECKING:
    from ..core import State
    from ..rules.hermits_whist import WhistView

HEIGHT = 560           # the table's height before it is measured
LINE = 18              # a caption line
LABEL = 16             # a label under a card
MINI = 0.5             # this hand's tricks, relative to a card
GAP = 10


def _wilds(view: WhistView, lay: Layout, y: float) -> tuple[str, float]:
    """The six wild cards, face up until flipped, each with its pip; returns the bottom."""
    text = ("Wild cards: win exactly that many tricks in a hand to flip one" if not lay.compact
            else "Wilds: win exactly that many tricks in a hand")
    out = [caption(text, PAD, y + 12)]
    k = min(lay.k, (lay.width - 2 * PAD - 5 * 6) / 6 / W) if lay.compact else lay.k
    step = W * k + 6
    for i, w in enumerate(view["wilds"]):
        x = PAD + i * step
        if w["flipped"]:
            out.append(cards.back(x, y + LINE, cls="flipped", scale=k))
        else:
            out.append(cards.card(w["card"], x, y + LINE, note=str(w["pip"]), scale=k))
        out.append(tag("text", f"{w['pip']} trick{'' if w['pip'] == 1 else 's'}" + (" ✓" if w["flipped"] else ""),
                       x=x + W * k / 2, y=y + LINE + H * k + 14, class_="under-label"))
    return "".join(out), y + LINE + H * k + LABEL + 4


def _stack(view: WhistView, ctx: Ctx, lay: Layout, x: float, y: float) -> tuple[str, float]:
    """The 8-stack (face down), the last 8 turned, the trump in words and symbol, and
    the flip button; returns the bottom."""
    k = lay.k * (0.8 if lay.compact else 1)
    out = [caption(f"8-stack: {view['stack']} left", x, y + 12)]
    if view["stack"]:
        out.append(cards.back(x, y + LINE, scale=k))
    turned = view["eights_turned"]
    if turned:
        out.append(cards.card(turned[-1], x + W * k + GAP, y + LINE, scale=k,
                              cls="fresh" if ctx.last and ctx.last[1] == "flip" else ""))
    trump = view["trump"]
    tx = x + 2 * (W * k + GAP)
    out.append(el("g", tag("text", "Trump", x=tx, y=y + LINE + 14, class_="caption"),
                  tag("text", trump.capitalize() if trump else "none", x=tx, y=y + LINE + 34, class_="trump-word"),
                  cards.suit_use(trump, tx + 20, y + LINE + 60, 36) if trump else "", class_="trump"))
    bottom = y + LINE + H * k
    if "flip" in ctx.legal:
        out.append(cards.button("Flip the next 8", x, bottom + 8, 2 * W * k + GAP, 30, move="flip"))
        bottom += 8 + 30 + 10
    return "".join(out), bottom


def _trick(view: WhistView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """The dummy's turned card against yours; a completed trick is held with its winner marked."""
    k = lay.k
    held = ctx.held
    words = (f"Hand {view['round']} ({view['deal_hand']}) · trick {view['trick'] or 10} of 10 · "
             f"won {view['tricks_won']}" + ("" if lay.compact else f" · stock {view['stock_left']}"))
    out = [caption(words, PAD, y + 12)]
    y += LINE
    if held:
        dummy, yours = held["cards"]
        win = yours if held.get("won") else dummy
        for i, (c, who) in enumerate(((dummy, "Dummy"), (yours, "You"))):
            x = PAD + i * (W * k + GAP)
            out.append(cards.card(c, x, y, scale=k, cls="winning" if c == win else ""))
            out.append(tag("text", who, x=x + W * k / 2, y=y + H * k + 14, class_="under-label"))
        out.append(caption("You win the trick." if held.get("won") else "The dummy wins the trick.",
                           PAD + 2 * (W * k + GAP), y + H * k / 2, "verdict"))
    else:
        if view["dummy_card"]:
            out.append(cards.card(view["dummy_card"], PAD, y, scale=k, cls="fresh dummy"))
        out.append(tag("text", "Dummy", x=PAD + W * k / 2, y=y + H * k + 14, class_="under-label"))
        out.append(tag("rect", x=PAD + W * k + GAP, y=y, width=W * k, height=H * k, rx=6, class_="slot"))
        out.append(tag("text", "You", x=PAD + W * k * 1.5 + GAP, y=y + H * k + 14, class_="under-label"))
        if view["dummy_left"]:
            out.append(backs(view["dummy_left"], PAD + 2 * (W * k + GAP), y + H * k - 40, scale=0.4, step=5))
    return "".join(out), y + H * k + LABEL + 4


def _tricks(view: WhistView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    """This hand's tricks so far, small: the dummy's card above yours, won or lost."""
    held = set(ctx.held["cards"]) if ctx.held else set()
    shown = [t for t in view["tricks"] if t["card"] not in held]
    if not shown:
        return "", y
    k = lay.k * MINI
    step = min(W * k + 14, (lay.width - 2 * PAD - W * k - 10) / max(len(shown) - 1, 1))
    out = []
    for i, t in enumerate(shown):
        x = PAD + i * step
        out.append(cards.card(t["dummy"], x, y, scale=k))
        out.append(cards.card(t["card"], x + 10, y + 0.4 * H * k, scale=k, cls="won" if t["won"] else "lost"))
        out.append(tag("text", "won" if t["won"] else "lost", x=x + 10 + W * k / 2, y=y + 1.4 * H * k + 13,
                       class_="under-label " + ("won" if t["won"] else "lost")))
    return "".join(out), y + 1.4 * H * k + LABEL + 2


def _hand(view: WhistView, ctx: Ctx, lay: Layout, y: float) -> tuple[str, float]:
    legal = set(ctx.legal)
    hint = ("Play any card (flip an 8 first to change the trump)." if not lay.compact
            else "Play any card (or flip an 8 first).") if ctx.your_turn else ""
    out = [caption(hint, PAD, y + 12, "hint")]
    y += LINE + 4
    hand = view["hand"]
    pos = lay.hand(len(hand), PAD, lay.width - PAD)
    for c, (x, dy) in zip(hand, pos):
        out.append(cards.card(c, x, y + dy, scale=lay.k, move=c if c in legal else None,
                              illegal=None if c in legal else c))
    return "".join(out), y + (pos[-1][1] if pos else 0) + lay.ch + PAD


def render(view: WhistView, ctx: Ctx) -> str:
    lay = ctx.layout
    out = []
    wilds, bottom = _wilds(view, lay, PAD)
    out.append(wilds)
    if lay.compact:
        stack, bottom = _stack(view, ctx, lay, PAD, bottom)
    else:
        stack, right = _stack(view, ctx, lay, PAD + 6 * (lay.cw + 6) + 30, PAD)
        bottom = max(bottom, right)
    out.append(stack)
    trick, bottom = _trick(view, ctx, lay, bottom + 6)
    out.append(trick)
    tricks, bottom = _tricks(view, ctx, lay, bottom)
    out.append(tricks)
    hand, bottom = _hand(view, ctx, lay, bottom + 4)
    out.append(hand)
    ctx.height = bottom
    return el("g", *out, class_="whist")


def breakdown(rnd: dict[str, Any] | None, over: dict[str, Any] | None,
              events: list[dict[str, Any]]) -> tuple[list[str], list[list[str]]]:
    """The result table's columns: tricks won this hand and the wild cards still face up.

    >>> breakdown({"detail": {"tricks_won": 2, "targets": [1, 3]}}, None, [])
    (['Tricks this hand', 'Wilds still to flip'], [['2', '1, 3']])
    """
    src = (rnd or {}).get("detail") or over or {}
    won = src.get("tricks_won", "")
    targets = src.get("targets") or []
    return ["Tricks this hand", "Wilds still to flip"], [[str(won), ", ".join(map(str, targets)) or "none"]]


_verdicts: dict[str, tuple[bool, list[str]]] = {}


def verdict(state: "State") -> tuple[bool, list[str]]:
    """(could this deal have been won from its start, a winning line as move texts), by the
    exact solver (game.rules.hermits_whist.solve), once per deal.

    >>> from game import new_game
    >>> won, line = verdict(new_game("hermits-whist", seed=2))
    >>> won, line[0]
    (True, 'You play the 3 of Moons.')
    """
    from .. import new_game
    from ..core import dumps
    from ..rules.hermits_whist import solve
    start = new_game(state.GAME_ID, players=state.players, seed=state.seed, options=state.options,
                     deal=state.to_json().get("deal"))
    key = dumps({k: v for k, v in start.to_json().items() if k != "moves"})
    if key not in _verdicts:
        line = solve(start)  # type: ignore[arg-type]
        cls = type(state)
        _verdicts[key] = (line is not None, [cls.move_text(0, m, ["You"], you=0) for m in line or []])
    return _verdicts[key]


def after_game(state: "State") -> str:
    """The result dialog's note: whether the deal could have been won, and a winning line."""
    won, line = verdict(state)
    if not won:
        return '<p class="verdict-note">This deal could not have been won: no line of play flips all six wild cards.</p>'
    items = "".join(f"<li>{esc(t)}</li>" for t in line)
    return ('<p class="verdict-note">This deal could have been won.</p>'
            f'<details class="winning-line"><summary>Show a winning line ({len(line)} moves)</summary>'
            f'<ol>{items}</ol></details>')
