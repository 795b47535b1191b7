"""A small picture of each game's table for the start page, drawn by code at build time.

One function per game, found by the game's module name (``picture_<module>``,
as renderers are ``render_<module>``); :func:`picture` wraps it in a small SVG
on felt.  Shapes only (rounded cards with a suit-coloured mark, stones on a
grid): no text, no references to the page's sprite, so a picture paints
before Python starts.

>>> svg = picture("hermit")
>>> svg.startswith('<svg class="picture"') and svg.count('class="pc"') > 5
True
"""

from __future__ import annotations

from typing import Callable

from .. import GAMES, module_name
from .svg import el, tag

WIDTH, HEIGHT = 120, 80
CW, CH = 14, 20            # a card in the picture
SUITS = ("moons", "suns", "waves", "leaves", "wyrms", "knots")


def card(x: float, y: float, suit: str | None = None, turn: float = 0, back: bool = False) -> str:
    """One small card with its top-left corner at (x, y), turned by ``turn`` degrees."""
    rot = f"rotate({turn:g} {x + CW / 2:g} {y + CH / 2:g})" if turn else None
    if back:
        return tag("rect", x=x, y=y, width=CW, height=CH, rx=2, class_="pc pc-back", transform=rot)
    mark = tag("circle", cx=x + CW / 2, cy=y + CH / 2, r=3.2, class_=f"suit suit-{suit}")
    return el("g", tag("rect", x=x, y=y, width=CW, height=CH, rx=2, class_="pc"), mark, transform=rot)


def fan(x: float, y: float, n: int, step: float = 9, first: int = 0) -> str:
    """A hand of ``n`` face-up cards, slightly spread."""
    return "".join(card(x + i * step, y, SUITS[(first + i) % 6], (i - (n - 1) / 2) * 4) for i in range(n))


def picture_hermit() -> str:
    """Several tricks open at once above the hand."""
    tricks = "".join(card(14 + 34 * t, 10, SUITS[t]) + card(20 + 34 * t, 16, SUITS[t + 2])
                     for t in range(3))
    return tricks + fan(28, 52, 7)


def picture_type_trump() -> str:
    """The trump type's card beside a trick of four."""
    trump = card(8, 10, "suns") + tag("rect", x=7, y=9, width=CW + 2, height=CH + 2, rx=3, class_="pc-ring")
    trick = card(56, 6, "waves") + card(70, 20, "waves") + card(56, 32, "leaves") + card(42, 20, "waves")
    return trump + trick + fan(30, 56, 6, 10, 2)


def picture_ferret() -> str:
    """Two tableaux of suit columns facing each other, and the hand."""
    top = "".join(card(12 + 18 * c, 4 + 5 * r, SUITS[c]) for c in range(5) for r in range(c % 2 + 1))
    low = "".join(card(20 + 18 * c, 34 + 5 * r, SUITS[c + 1]) for c in range(5) for r in range(2 - c % 2))
    return top + low + card(102, 56, back=True)


def picture_hermits_whist() -> str:
    """The six wild cards in a row above a trick against the dummy."""
    wilds = "".join(card(4 + 19 * i, 6, SUITS[i], back=i >= 3) for i in range(6))
    return wilds + card(40, 40, "moons") + card(60, 40, "knots") + card(96, 46, back=True) + card(98, 48, back=True)


def picture_hermit_stones() -> str:
    """A 7x7 board with groups of black and white stones."""
    n, step, x0, y0 = 7, 10, 25, 5
    grid = "".join(tag("rect", x=x0 + c * step, y=y0 + r * step, width=step, height=step, class_="pc-cell")
                   for r in range(n) for c in range(n))
    black = ((1, 1), (1, 2), (2, 1), (4, 5), (5, 2))
    white = ((3, 4), (5, 5), (5, 6), (6, 5), (1, 5))
    stones = "".join(tag("circle", cx=x0 + (c + .5) * step, cy=y0 + (r + .5) * step, r=4, class_=f"stone s{s}")
                     for s, group in enumerate((black, white)) for r, c in group)
    return grid + stones


def picture(game_id: str) -> str:
    """The game's picture as a small SVG (decorative: the card names the game)."""
    draw: Callable[[], str] = globals()[f"picture_{module_name(game_id)}"]
    felt = tag("rect", width=WIDTH, height=HEIGHT, rx=8, class_="pc-felt")
    return el("svg", felt, draw(), class_="picture", viewBox=f"0 0 {WIDTH} {HEIGHT}",
              aria_hidden="true", focusable="false")


def every_picture() -> dict[str, str]:
    """Each game's picture (each game must have one)."""
    return {gid: picture(gid) for gid in GAMES}
