"""Any game without a renderer of its own: its hand, and its moves as buttons.

>>> from .table import Ctx
>>> 'data-move="pass"' in render({"hand": ["author"], "players": 2, "scores": [0, 0]}, Ctx(legal=["author", "pass"]))
True
"""

from __future__ import annotations

from . import cards
from .cards import H
from .session import move_words, seat_name
from .svg import el
from .table import WIDTH, Ctx, caption, hand_step

HEIGHT = 420


def render(view: dict, ctx: Ctx) -> str:
    out = []
    legal = set(ctx.legal)
    for s in range(view.get("players", 1)):
        score = view.get("scores", [""] * (s + 1))[s]
        out.append(caption(f"{seat_name(s)}: {score}", 10 + s * 180, 24, "plate-name"))
    hand = [c for c in view.get("hand", []) if isinstance(c, str)]
    step = hand_step(len(hand))
    for i, c in enumerate(hand):
        out.append(cards.card(c, 10 + i * step, 60, move=c if c in legal else None))
    rest = [m for m in ctx.legal if m not in hand]
    for i, m in enumerate(rest):
        out.append(cards.button(move_words(m), 10 + (i % 5) * 196, 80 + H + (i // 5) * 32, 188, move=m))
    return el("g", *out, class_="generic")
