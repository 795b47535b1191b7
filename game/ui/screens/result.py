"""A round's summary and the game-over dialog, read from the ``round`` and ``over`` events.

The result teaches: a headline (You won / You lost / Tie; a solitaire is
Solved or Not solved), the game's own sentence saying why (from
``event_text``), a breakdown per seat from the game's renderer
(``breakdown``: Personalities taken, declared-suit cards, sets and layoffs,
groups by size; only columns that mean something for that game), the
statistics line, and a "See the table" toggle that sets the dialog aside.

>>> from game import new_game
>>> from game.core import make_rng, random_playout
>>> from game.ui.session import Session
>>> st = new_game("hermit-stones", seed=1, options={"board": "square5"})
>>> s = Session(st); _ = random_playout(st, make_rng("doc")); s.summary = {
...     "round": 1, "event": None, "over": st.events(0)[-1]}
>>> headline(s)
'You won'
>>> html = dialog_html(s, assisted=False)
>>> 'data-action="see-table"' in html, "This round" in html, "Hermits" in html
(True, False, True)
"""

from __future__ import annotations

from typing import Any

from .. import gamelog
from ..gamelog import seat_name
from ..renderers import renderer
from ..session import Session
from ..svg import esc


def headline(s: Session) -> str:
    """The result in two words, from the person's side (or the watcher's)."""
    over = (s.summary or {}).get("over") or {}
    w = over.get("winners", s.state.winners())
    you = gamelog.you_seat(s.you)
    if s.state.players == 1:
        return "Solved" if w else "Not solved"
    if you is None:                       # watching: name the winners
        if not w:
            return "No winner"
        names = " and ".join(seat_name(x) for x in w)
        return f"Tie: {names}" if len(w) > 1 else f"{names} won"
    if you in w:
        return "You won" if len(w) == 1 else "Tie"
    return "You lost"


def _table(s: Session, rnd: dict[str, Any] | None, over: dict[str, Any] | None) -> str:
    """Player, the game's own breakdown columns, this round (games with rounds), total."""
    view = s.state.view(s.you)
    mod = renderer(s.state.GAME_ID)
    cols: list[str] = []
    cells: list[list[str]] = [[] for _ in range(s.state.players)]
    if hasattr(mod, "breakdown"):
        cols, cells = mod.breakdown(rnd, over, s.state.events(s.you))
    head = ["Player", *cols] + (["This round"] if rnd else []) + ["Total"]
    rows = []
    for i in range(s.state.players):
        tds = [seat_name(i), *cells[i]] + ([str(rnd["points"][i])] if rnd else []) + [str(view["scores"][i])]
        won = over is not None and i in over["winners"]
        rows.append(('<tr class="won">' if won else "<tr>") + "".join(f"<td>{esc(t)}</td>" for t in tds) + "</tr>")
    return ('<div class="result-table"><table><thead><tr>' + "".join(f"<th>{esc(h)}</th>" for h in head)
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")


def dialog_html(s: Session, assisted: bool, stats_line: str = "", daily: bool = False) -> str:
    """The summary between hands (its continue carries ``data-move="continue"``) or the
    game's result (rematch, new game, see the table, watch again, share this game, and for
    today's deal (``daily``) share the result); "" when neither is due."""
    if s.summary is None and not s.state.is_over():
        return ""
    sm = s.summary or {}
    rnd, over = sm.get("event"), sm.get("over")
    if over is None and s.state.is_over():          # a finished game opened from its save
        events = s.state.events(s.you)
        over = next((e for e in reversed(events) if e["kind"] == "over"), None)
        rnd = next((e for e in reversed(events) if e["kind"] == "round"), None)
    cls = type(s.state)
    people, you = gamelog.names(), gamelog.you_seat(s.you)
    notes = [t for t in (cls.event_text(e, people, you) for e in (rnd, over) if e) if t]
    if over and assisted and not s.watch:
        notes.append("You used undo or a hint: this game counts as assisted in your statistics.")
    body = _table(s, rnd, over) + "".join(f'<p class="reason">{esc(n)}</p>' for n in notes)
    mod = renderer(s.state.GAME_ID)
    if over and hasattr(mod, "after_game"):          # the game's own note (Whist: was it winnable?)
        body += mod.after_game(s.state)
    see = '<button type="button" data-action="see-table">See the table</button>'
    if over:
        title = headline(s)
        won = you is not None and you in over["winners"]
        flourish = '<span class="flourish" aria-hidden="true">★</span>' if won else ""
        stats = f'<p class="stats-line">{esc(stats_line)}</p>' if stats_line and not s.watch else ""
        return (f'<div class="dialog{" win" if won else ""}" role="dialog" aria-labelledby="result-title">'
                f'<p class="kicker">Game over</p><h2 id="result-title">{flourish}{esc(title)}</h2>{body}{stats}'
                '<div class="actions"><button type="button" class="primary" data-action="rematch">Rematch</button> '
                f'<button type="button" data-action="new">New game</button> {see}</div>'
                '<div class="actions"><button type="button" data-action="replay">Watch again</button> '
                '<button type="button" data-action="replay-share">Share this game</button>'
                + (' <button type="button" data-action="share-result">Share result</button>' if daily else "")
                + '</div></div>')
    word = f"Round {sm['round']} is over"
    actions = ("" if s.watch else
               '<button type="button" class="primary" data-move="continue">Continue</button> ') + see
    return (f'<div class="dialog" role="dialog" aria-labelledby="result-title"><h2 id="result-title">{word}</h2>'
            f'{body}<div class="actions">{actions}</div></div>')
