"""The table screen: the board (the game's renderer), the status line, the
score table and the log, as markup.

>>> from game import new_game
>>> from game.ui.session import Session
>>> s = Session(new_game("hermit-stones", seed=1, options={"board": "square5"}))
>>> html = board_html(s, Look())
>>> html.count('data-move="'), html.startswith('<svg')
(24, True)
>>> status_text(s, "your-turn", None)
'Your turn.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ... import GAMES
from .. import gamelog
from ..gamelog import Entry, hint_words, seat_name
from ..renderers import renderer
from ..session import Session
from ..svg import esc, svg_root
from ..table import WIDTH, Ctx, Layout


@dataclass
class Look:
    """What the table shows besides the game itself."""

    selected: str | None = None       # a picked-up card
    thinking: int | None = None       # the computer seat that is thinking
    hint: str | None = None           # the suggested move
    width: float = WIDTH              # the table's width in CSS px
    held: dict[str, Any] | None = None  # a completed trick shown in place before it goes


def table_width(measured: float) -> float:
    """The layout width for a measured #board width (CSS px): whole tens, within bounds, so
    a scrollbar or a pixel of rounding does not re-lay the table out.

    >>> table_width(0), table_width(347.5), table_width(5000)
    (1000, 340, 1600)
    """
    if measured <= 0:
        return WIDTH
    return max(300, min(1600, int(measured // 10) * 10))


def board_html(s: Session, look: Look) -> str:
    """The table: the renderer's SVG, plus a plain button for any legal move it did not draw."""
    phase = s.phase()
    legal = s.legal() if phase == "your-turn" else []
    game = type(s.state)
    view = s.state.view(s.you)
    ctx = Ctx(legal=[m for m in legal if m != "continue"], selected=look.selected, last=s.last,
              thinking=look.thinking, your_turn=phase == "your-turn" and s.summary is None, game=game,
              layout=Layout(look.width), held=look.held)
    return view_html(view, ctx)


def view_html(view: dict[str, Any], ctx: Ctx) -> str:
    """A view on the table (``ctx.game``'s renderer), plus a button for any legal move it missed."""
    game = ctx.game
    assert game is not None
    mod = renderer(game.GAME_ID)
    body = mod.render(view, ctx)
    missing = [m for m in ctx.legal if f'data-move="{esc(m)}"' not in body
               and not any(f'data-select="{esc(c)}"' in body for c in game.move_cards(m)[:1])]
    extra = "".join(f'<button type="button" data-move="{esc(m)}">{esc(hint_words(game, m))}</button>'
                    for m in missing)
    height = ctx.height or (mod.height(view, ctx) if hasattr(mod, "height") else mod.HEIGHT)
    return (svg_root(ctx.layout.width, height, unique_keys(body), label=f"{GAMES[game.GAME_ID].TITLE} table")
            + (f'<div class="more-moves">{extra}</div>' if extra else ""))


_KEY = re.compile(r' data-key="([^"]*)"')


def unique_keys(html: str) -> str:
    """Keep only the first ``data-key`` of each value (a card drawn twice is keyed once).

    >>> unique_keys('<g data-key="a"/><g data-key="b"/><g data-key="a"/>')
    '<g data-key="a"/><g data-key="b"/><g/>'
    """
    seen: set[str] = set()

    def once(m: re.Match[str]) -> str:
        if m.group(1) in seen:
            return ""
        seen.add(m.group(1))
        return m.group(0)
    return _KEY.sub(once, html)


def captured_page(s: Session, seat: int) -> dict[str, Any] | None:
    """A seat's captured cards as a page for the text dialog (None when the game has none).

    >>> from game import new_game
    >>> from game.ui.session import Session
    >>> captured_page(Session(new_game("ferret", seed=1)), 1)["title"]
    "Rowan's score pile and captured cards"
    """
    mod = renderer(s.state.GAME_ID)
    if not hasattr(mod, "captured"):
        return None
    from .. import cards
    ids = mod.captured(s.state.view(s.you))[seat]
    who = "Your" if seat == s.you and not s.watch else f"{seat_name(seat)}'s"
    names = [cards.describe(c) for c in ids]
    return {"title": f"{who} score pile and captured cards",
            "sections": [(f"{len(ids)} card{'' if len(ids) == 1 else 's'}", [names] if names else ["None yet."])]}


def status_text(s: Session, phase: str, thinking: int | None) -> str:
    """The one line that says whose turn it is."""
    if s.watch:
        return ("Game over (watching)." if phase == "over" else
                f"Watching: {seat_name(thinking)} is thinking…" if thinking is not None
                else "Watching the computer players.")
    if phase == "over":
        return "Game over."
    if s.summary is not None:
        return f"Round {s.summary['round']} is over."
    if phase == "your-turn":
        return "Your turn."
    if thinking is not None:
        return f"{seat_name(thinking)} is thinking…"
    return "Waiting…"


def scores_html(view: dict[str, Any]) -> str:
    rows = "".join(f"<tr><td>{esc(seat_name(i))}</td><td>{esc(sc)}</td></tr>"
                   for i, sc in enumerate(view["scores"]))
    return f'<table><caption>Round {view["round"]}</caption><tr><th>Player</th><th>Score</th></tr>{rows}</table>'


def log_html(entries: list[Entry]) -> str:
    """The whole game in words, oldest first (a new deal is a heading)."""
    return "".join(f'<li class="round">{esc(e.text)}</li>' if e.kind in gamelog.HEADINGS else
                   f'<li data-seat="{e.seat}" data-kind="{e.kind}">{esc(e.text)}</li>'
                   for e in entries)
