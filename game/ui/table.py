"""Pieces every renderer shares: the drawing context, seat plates, trick piles.

A renderer is ``render(view, ctx) -> str``: SVG markup drawn from
``view(0)`` alone.  It must put each of ``ctx.legal`` on exactly one
clickable element as ``data-move`` (the page adds a plain button for any it
missed, so a game is always playable).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TYPE_CHECKING

from . import cards
from .cards import H, W
from .gamelog import seat_name
from .svg import el, tag

if TYPE_CHECKING:
    from ..core import State

WIDTH = 1000


@dataclass
class Ctx:
    """What a renderer may use besides the view."""

    legal: list[str] = field(default_factory=list)     # the person's legal moves now
    selected: str | None = None                        # a picked-up card id
    last: tuple[int, str] | None = None                # the last move (seat, notation)
    thinking: int | None = None                        # a computer seat that is thinking
    your_turn: bool = False
    game: "type[State] | None" = None                  # the game's class: its notation and words

    @property
    def fresh(self) -> set[str]:
        """Card ids named by the last move (drawn with a short animation)."""
        if not self.last or self.game is None:
            return set()
        return set(self.game.move_cards(self.last[1]))

    def parse(self, move: str) -> dict[str, Any]:
        """The parts of one of the game's moves (the game reads its own notation)."""
        assert self.game is not None, "Ctx.game is needed to read moves"
        return self.game.parse_move(move)


def plate(seat: int, x: float, y: float, w: float, lines: list[str], *, turn: bool = False,
          thinking: bool = False, dealer: bool = False) -> str:
    """A seat's name plate: name (+ dealer mark), then short lines of facts."""
    name = seat_name(seat) + ("  (dealer)" if dealer else "")
    parts = [tag("rect", x=0, y=0, width=w, height=22 + 15 * len(lines), rx=8, class_="plate-bg"),
             tag("text", name, x=10, y=16, class_="plate-name")]
    if thinking:
        parts.append(el("g", tag("circle", cx=w - 16, cy=11, r=5), class_="spinner"))
        parts.append(tag("text", "thinking…", x=w - 26, y=16, class_="plate-thinking"))
    for i, line in enumerate(lines):
        parts.append(tag("text", line, x=10, y=33 + 15 * i, class_="plate-line"))
    cls = "plate" + (" turn" if turn else "") + (" thinking" if thinking else "")
    return el("g", *parts, transform=f"translate({x:g},{y:g})", class_=cls, data_seat=str(seat))


def backs(count: int, x: float, y: float, scale: float = 0.4, step: float = 9) -> str:
    """A small fan of face-down cards with the count written beside it."""
    shown = min(count, 12)
    out = [cards.back(x + i * step, y, scale=scale) for i in range(shown)]
    out.append(tag("text", str(count), x=x + shown * step + W * scale + 4, y=y + H * scale * 0.65,
                   class_="count"))
    return "".join(out)


def pile(ids: list[str], x: float, y: float, *, step: float = 18, scale: float = 1.0,
         fresh: set[str] | frozenset[str] = frozenset(), move: str | None = None, cls: str = "",
         label: str = "") -> str:
    """Cards overlapping left to right (a trick), so the count shows."""
    parts = [cards.card(c, i * step / scale, 0, cls="fresh" if c in fresh else "") for i, c in enumerate(ids)]
    if label:
        parts.append(tag("text", label, x=0, y=H + 13, class_="pile-label"))
    return el("g", *parts, transform=f"translate({x:g},{y:g}) scale({scale:g})",
              class_=("pile " + cls + (" target" if move else "")).strip(), data_move=move,
              role="button" if move else None, tabindex="0" if move else None)


def pile_width(n: int, step: float = 18, scale: float = 1.0) -> float:
    return W * scale + max(n - 1, 0) * step


def hand_step(count: int, left: float = 10, right: float = WIDTH - 10, most: float = 70) -> float:
    """The spacing of ``count`` cards between ``left`` and ``right``."""
    if count <= 1:
        return most
    return min(most, (right - left - W) / (count - 1))


def caption(text: str, x: float, y: float, cls: str = "caption") -> str:
    return tag("text", text, x=x, y=y, class_=cls)
