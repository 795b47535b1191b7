"""Every card on the page, drawn by code: one module shared by all games.

A Decktet card shows its rank (A, 2-9, C for a Crown), its suit symbols (SVG
``<symbol>``s: each suit has its own shape, so suits are told apart without
colour), its name and its type mark (P, L, E for Personality, Location,
Event).  Hermits Whist's ``7-waves`` and ``wild-3`` cards reuse the suit
symbols.

>>> 'data-move="start author"' in card("author", 0, 0, move="start author")
True
>>> describe("wild-2"), describe("7-waves"), describe("lunatic")
('Wild 2', '7 of Waves', 'the Lunatic')
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..decktet import CARDS, INDEX, SUITS
from .svg import el, esc, tag

W, H = 64, 92          # a card's size in table units
#: The smallest tap target, in table units: 40 CSS px where a phone shows the
#: table at its 800 px minimum width (hermitage.css), i.e. at 0.8 px per unit.
TAP = 50
#: The least size of a touch target in CSS px (one table unit is one px on the page).
TAP_MIN = 46
SUIT_NAMES = SUITS

# Each suit: a shape (drawn with currentColor) and a colour, set in the CSS
# classes .suit-<name>.  The shapes alone tell the suits apart.
_SHAPES = {
    "moons": '<path d="M4,-8.2 A9,9 0 1,0 4,8.2 A10,10 0 0,1 4,-8.2 Z"/>',
    "suns": ('<circle r="4.2"/><g stroke="currentColor" stroke-width="1.8" stroke-linecap="round">'
             + "".join(f'<line x1="0" y1="-6" x2="0" y2="-9" transform="rotate({a})"/>' for a in range(0, 360, 45))
             + "</g>"),
    "waves": ('<g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">'
              + "".join(f'<path d="M-8,{y} q2,-3 4,0 t4,0 t4,0 t4,0"/>' for y in (-5, 0, 5)) + "</g>"),
    "leaves": ('<path d="M0,9 C-9,3 -7,-6 0,-9 C7,-6 9,3 0,9 Z"/>'
               '<path d="M0,8 L0,-6" stroke="#fff" stroke-width="1"/>'),
    "wyrms": ('<path d="M-7,8 C-9,1 6,3 5,-3 C4,-8 -3,-8 -3,-4" fill="none" stroke="currentColor" '
              'stroke-width="2.6" stroke-linecap="round"/><circle cx="-3" cy="-4.5" r="2.2"/>'),
    "knots": ('<g fill="none" stroke="currentColor" stroke-width="2">'
              '<circle cx="-3.2" cy="-2.5" r="4.2"/><circle cx="3.2" cy="-2.5" r="4.2"/>'
              '<circle cx="0" cy="3.2" r="4.2"/></g>'),
}


def symbol_defs() -> str:
    """The ``<symbol>`` definitions, put once into the page (hidden SVG)."""
    out = [f'<symbol id="suit-{s}" viewBox="-10 -10 20 20">{shape}</symbol>' for s, shape in _SHAPES.items()]
    out.append('<symbol id="card-back" viewBox="0 0 64 92"><rect x="1" y="1" width="62" height="90" rx="6" '
               'fill="#7a3b2e" stroke="#3a2c1f" stroke-width="1.5"/><path d="M10,12 L54,12 L54,80 L10,80 Z '
               'M18,20 L46,20 L46,72 L18,72 Z" fill="none" stroke="#e8c9a0" stroke-width="2"/></symbol>')
    return "".join(out)


def suit_use(suit: str, x: float, y: float, size: float) -> str:
    """One suit symbol centred at (x, y)."""
    return tag("use", href=f"#suit-{suit}", x=x - size / 2, y=y - size / 2, width=size, height=size,
               class_=f"suit suit-{suit}")


_TYPE_WORD = {"P": "Personality", "L": "Location", "E": "Event"}


def parse(cid: str) -> tuple[str, list[str], str, str]:
    """(rank text, suits, name, type letters) for any card id on the page."""
    if cid in INDEX:
        c = CARDS[INDEX[cid]]
        rank = {1: "A", 10: "C"}.get(c.rank, str(c.rank))
        return rank, list(c.suits), c.name.removeprefix("the "), "".join(t for t in "PLE" if t in c.types)
    if cid.startswith("wild-"):
        return "W", [], f"Wild {cid[5:]}", ""
    num, _, suit = cid.partition("-")
    if num.isdigit() and suit in SUITS:
        return num, [suit], f"{num} of {suit.capitalize()}", ""
    return "?", [], cid, ""


def short(cid: str) -> tuple[str, str | None]:
    """A short label and the suit whose symbol follows it (Aces), for chips.

    >>> short("ace-moons"), short("chance-meeting"), short("author")
    (('Ace', 'moons'), ('Chance M.', None), ('Author', None))
    """
    rank, suits, name, _ = parse(cid)
    if rank == "A" and suits:
        return "Ace", suits[0]
    return (name if len(name) <= 9 else name.split()[0] + " " + name.split()[-1][0] + "."), None


def describe(cid: str) -> str:
    """A card's name in words."""
    if cid in INDEX:
        return CARDS[INDEX[cid]].name
    return parse(cid)[2]


def label(cid: str) -> str:
    """Words for screen readers (rank, suits, type)."""
    if cid in INDEX:
        return CARDS[INDEX[cid]].label()
    return describe(cid)


@lru_cache(maxsize=None)
def face(cid: str, note: str = "") -> str:
    """The inside of a card at (0, 0) (cached: only its position changes)."""
    rank, suits, name, types = parse(cid)
    parts = [tag("rect", x=0.5, y=0.5, width=W - 1, height=H - 1, rx=6, class_="face")]
    parts.append(tag("text", rank, x=7, y=17, class_="rank"))
    for i, s in enumerate(suits):            # small symbols under the rank
        parts.append(suit_use(s, 11, 26 + i * 12, 10))
    if suits:                                 # large symbols in the middle
        n = len(suits)
        for i, s in enumerate(suits):
            cy = 46 if n == 1 else 36 + i * 20
            parts.append(suit_use(s, 38, cy, 22 if n == 1 else 18))
    else:
        parts.append(tag("text", "★", x=W / 2, y=54, class_="wild-mark"))
    if types:
        parts.append(el("g", tag("rect", x=W - 19, y=4, width=15, height=13, rx=3, class_="type-mark"),
                        tag("text", types, x=W - 11.5, y=14, class_="type-text"),
                        el("title", esc(" and ".join(_TYPE_WORD[t] for t in types)))))
    words = name.split()
    lines = [name] if len(name) <= 11 or len(words) == 1 else [" ".join(words[:-1]), words[-1]]
    for i, line in enumerate(lines):
        y = H - 8 - (len(lines) - 1 - i) * 10
        parts.append(tag("text", line, x=W / 2, y=y, class_="name"))
    if note:
        parts.append(tag("text", note, x=W - 8, y=H - 24, class_="note"))
    return "".join(parts)


def card(cid: str, x: float, y: float, *, move: str | None = None, select: bool = False,
         illegal: str | None = None, cls: str = "", note: str = "", scale: float = 1.0,
         to: int | None = None) -> str:
    """A face-up card with its top-left corner at (x, y).

    ``move``: clicking plays this notation (``data-move``); ``select``: the
    card is picked up first (``data-select``), its moves then shown on the
    targets; ``illegal``: a notation whose refusal explains why it cannot move.
    """
    transform = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    classes = " ".join(filter(None, ["card", cls, "playable" if (move or select) else ""]))
    interactive = bool(move or select or illegal)
    # The inner group moves (motion.js animates it): the outer one carries the position and
    # the key that keeps this card's element across redraws; ``to``: the seat it goes to
    # when it leaves the table (a taken trick).
    inner = el("g", face(cid, note), class_="mv")
    return el("g", inner, el("title", esc(label(cid))), transform=transform, class_=classes,
              data_card=cid, data_key=cid, data_to=to, data_move=move, data_select=cid if select else None,
              data_illegal=illegal,
              role="button" if interactive else None, tabindex="0" if (move or select) else None,
              aria_label=label(cid))


def back(x: float, y: float, *, cls: str = "", scale: float = 1.0) -> str:
    """A face-down card."""
    transform = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1 else "")
    return el("g", tag("use", href="#card-back", width=W, height=H), transform=transform,
              class_=("card down " + cls).strip())


def fan(ids: list[str], x: float, y: float, step: float, **kw: Any) -> str:
    """Cards laid left to right, ``step`` apart (overlapping when < W)."""
    return "".join(card(c, x + i * step, y, **kw) for i, c in enumerate(ids))


def button(text: str, x: float, y: float, w: float, h: float = 26, *, move: str | None = None,
           cls: str = "", select: str | None = None, suit: str | None = None, font: float = 11) -> str:
    """A labelled SVG button (e.g. a target chip or ``pass``), optionally ending in a suit symbol.

    An invisible margin makes the tap target at least :data:`TAP` table units
    each way, centred on the drawn button (keep neighbours that far apart).
    ``font`` is the label's size in the style sheet (.btn text), for the label's width:
    SVG cannot place the symbol after text it has not measured, so the width is
    estimated generously (0.66 of the size a letter: wide fonts and capitals included).

    >>> 'height="50"' in button("Pass", 0, 0, 100, 30)
    True
    """
    size = min(h * 0.6, 16)
    shift = (size + 2) / 2 if suit else 0         # text and symbol centred together
    half = len(text) * font * 0.33                  # half the label's width
    sym = suit_use(suit, w / 2 - shift + half + 2 + size / 2, h / 2, size) if suit else ""
    hw, hh = max(w + 4, TAP), max(h + 12, TAP)
    room = w - 10 - 2 * shift                      # a long label is squeezed to fit inside
    # (squeezed only when even a typical font, 0.51 of the size a letter, would not fit)
    fit = {"textLength": f"{room:g}", "lengthAdjust": "spacingAndGlyphs"} if len(text) * font * 0.51 > room else {}
    return el("g", tag("rect", x=f"{(w - hw) / 2:g}", y=f"{(h - hh) / 2:g}", width=f"{hw:g}", height=f"{hh:g}",
                       class_="hit"),
              tag("rect", x=0, y=0, width=w, height=h, rx=h / 2),
              tag("text", text, x=w / 2 - shift, y=h / 2 + 4.5, **fit), sym,
              transform=f"translate({x:g},{y:g})", class_=("btn " + cls).strip(), data_move=move,
              data_select=select, role="button", tabindex="0",
              aria_label=f"{text} of {suit.capitalize()}" if suit else text)
