"""Pieces every renderer shares: the drawing context, the layout, seat plates, trick piles.

A renderer is ``render(view, ctx) -> str``: SVG markup drawn from
``view(0)`` alone, laid out for ``ctx.layout.width`` table units (one unit is
one CSS pixel: the page passes the table's width, so a phone gets a phone
layout rather than a shrunken desktop one); it sets ``ctx.height``.  It must put
each of ``ctx.legal`` on exactly one clickable element as ``data-move`` (the
page adds a plain button for any it missed, so a game is always playable).

>>> Layout(340).compact, round(Layout(340).cw), round(Layout(1000).cw)
(True, 50, 89)
>>> rows = Layout(340).hand(9, 8, 332); len({y for _, y in rows}), rows[1][0] - rows[0][0] >= Layout(340).min_step
(2, True)
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

WIDTH = 1000          # the default table width (tests, and the page before it is measured)
PAD = 8               # the felt's margin inside the table
COMPACT = 640         # narrower tables get the phone layout (seats along the top, hand in rows)
TAP_ARM = 22          # half a touch target (44 px) plus a margin: the visible part of a fanned card
PLATE_LINE = 15       # a name plate's line of facts
ROW_GAP = 4           # between the rows of a hand too wide for one row


@dataclass(frozen=True)
class Layout:
    """Sizes for one table width (units are CSS px)."""

    width: float = WIDTH

    @property
    def compact(self) -> bool:
        return self.width < COMPACT

    @property
    def k(self) -> float:
        """A card's scale: about 50 px wide on a phone, 64 at 720 px, 89 at 1000 px, at most 93."""
        return max(0.78, min(1.45, self.width / 720))

    @property
    def cw(self) -> float:
        return W * self.k

    @property
    def ch(self) -> float:
        return H * self.k

    @property
    def min_step(self) -> float:
        """The least visible width of a fanned card: a finger's target from its centre."""
        return self.cw / 2 + TAP_ARM

    def hand(self, n: int, left: float, right: float, most: float | None = None) -> list[tuple[float, float]]:
        """(x, y offset) of ``n`` cards fanned between ``left`` and ``right``, centred, in as few
        rows as keep every card's visible part a touch target."""
        return self.fan(n, left, right, self.k, most=most, centre=True)

    def fan(self, n: int, left: float, right: float, k: float, *, most: float | None = None,
            centre: bool = False) -> list[tuple[float, float]]:
        """:meth:`hand` for cards of scale ``k`` (a row of targets), from the left unless ``centre``."""
        if n <= 0:
            return []
        cw, ch = W * k, H * k
        # (rows do not overlap: the name at each card's foot stays readable)
        min_step, row_step = cw / 2 + TAP_ARM, ch + ROW_GAP
        most = cw + 6 if most is None else most
        room = right - left - cw
        per_row = n if n == 1 or room / (n - 1) >= min_step else max(1, int(room // min_step) + 1)
        rows = -(-n // per_row)
        per_row = -(-n // rows)                  # balance the rows
        out = []
        for i in range(n):
            r, c = divmod(i, per_row)
            count = min(per_row, n - r * per_row)
            step = min(most, room / max(count - 1, 1)) if count > 1 else 0
            span = cw + step * (count - 1)
            x0 = left + (right - left - span) / 2 if centre else left
            out.append((x0 + c * step, r * row_step))
        return out

    def hand_height(self, n: int, left: float, right: float) -> float:
        pos = self.hand(n, left, right)
        return (pos[-1][1] if pos else 0) + self.ch


@dataclass
class Ctx:
    """What a renderer may use besides the view."""

    legal: list[str] = field(default_factory=list)     # the person's legal moves now
    selected: str | None = None                        # a picked-up card id
    last: tuple[int, str] | None = None                # the last move (seat, notation)
    thinking: int | None = None                        # a computer seat that is thinking
    your_turn: bool = False
    game: "type[State] | None" = None                  # the game's class: its notation and words
    layout: Layout = field(default_factory=Layout)     # the table's width and sizes
    held: dict[str, Any] | None = None                 # a completed trick shown in place (its event)
    height: float = 0                                  # set by render: the table's height

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
    name = seat_name(seat) + (("  (dealer)" if w >= 170 else " (D)") if dealer else "")
    parts = [tag("rect", x=0, y=0, width=w, height=22 + PLATE_LINE * len(lines), rx=8, class_="plate-bg"),
             tag("text", name, x=10, y=16, class_="plate-name")]
    if thinking:
        parts.append(el("g", tag("circle", cx=w - 16, cy=11, r=5), class_="spinner"))
        if w >= 170:              # a narrow plate shows the spinner alone (the name needs the room)
            parts.append(tag("text", "thinking…", x=w - 26, y=16, class_="plate-thinking"))
    for i, line in enumerate(lines):
        parts.append(tag("text", line, x=10, y=33 + PLATE_LINE * i, class_="plate-line"))
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
         label: str = "", win: str | None = None, to: int | None = None) -> str:
    """Cards overlapping left to right (a trick), so the count shows; ``win`` is marked;
    ``to``: the seat the cards go to when they leave the table.

    The cards are siblings of every other card on the table, not children of a pile
    group: a card that moves from a hand to a trick keeps its element (the page morphs
    the table, and a keyed element moves safely only among siblings).  A trick that is
    a target gets a transparent hit area over it, at least a touch target in size.

    >>> html = pile(["sea", "lunatic"], 10, 20, move="author on sea", label="yours")
    >>> html.count('data-key='), html.count('data-move="author on sea"'), 'class="pile-hit"' in html
    (2, 1, True)
    """
    extra = " ".join(filter(None, [cls, "target" if move else ""]))
    parts = [cards.card(c, x + i * step, y, scale=scale, to=to,
                        cls=" ".join(filter(None, [extra, "winning" if c == win else ""])))
             for i, c in enumerate(ids)]
    w, h = pile_width(len(ids), step, scale), H * scale
    if label:
        parts.append(tag("text", label, x=x, y=y + h + 12, class_="pile-label"))
    if move:
        hw, hh = max(w, cards.TAP_MIN), max(h, cards.TAP_MIN)
        parts.append(tag("rect", x=x - (hw - w) / 2, y=y - (hh - h) / 2, width=hw, height=hh, rx=6,
                         class_="pile-hit", data_move=move, role="button", tabindex="0",
                         aria_label=f"on the trick of {cards.describe(ids[0])}"))
    return "".join(parts)


def pile_width(n: int, step: float = 18, scale: float = 1.0) -> float:
    return W * scale + max(n - 1, 0) * step


def hand_step(count: int, left: float = 10, right: float = WIDTH - 10, most: float = 70) -> float:
    """The spacing of ``count`` cards between ``left`` and ``right``."""
    if count <= 1:
        return most
    return min(most, (right - left - W) / (count - 1))


def caption(text: str, x: float, y: float, cls: str = "caption") -> str:
    return tag("text", text, x=x, y=y, class_=cls)


#: the average width of a character, per caption class (px at the CSS font sizes)
CHAR_W = {"hint": 7.4, "caption": 6.4, "verdict": 8.2}


def wrap(text: str, width: float, cls: str = "hint") -> list[str]:
    """``text`` broken into lines that fit ``width`` (by the class's average character width).

    >>> wrap("Play a card on a trick whose last card shares a suit with it.", 200)
    ['Play a card on a trick', 'whose last card shares a', 'suit with it.']
    """
    most = max(8, int(width / CHAR_W.get(cls, 7.4)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def captions(text: str, x: float, y: float, width: float, cls: str = "hint", line: float = 17,
             reserve: int = 0) -> tuple[str, float]:
    """A caption wrapped to ``width``, first baseline at ``y``; returns the markup and its height,
    at least ``reserve`` lines (so a hint that comes and goes does not move what is below it)."""
    lines = wrap(text, width, cls) if text else []
    return ("".join(caption(t, x, y + i * line, cls) for i, t in enumerate(lines)),
            line * max(len(lines), reserve))


def hint_lines(lay: Layout) -> int:
    """Lines kept for a renderer's hint: two on a phone, one on a wide table."""
    return 2 if lay.compact else 1
