"""A round's summary and the game-over dialog, read from the ``round`` and ``over`` events.

>>> from game import new_game
>>> from game.core import make_rng, random_playout
>>> from game.ui.session import Session
>>> st = new_game("hermit-stones", seed=1, options={"board": "square5"})
>>> s = Session(st); _ = random_playout(st, make_rng("doc")); s.summary = {
...     "round": 1, "event": None, "over": st.events(0)[-1]}
>>> "Game over" in dialog_html(s, assisted=False)
True
"""

from __future__ import annotations

from .. import gamelog
from ..gamelog import seat_name
from ..session import Session
from ..svg import esc


def dialog_html(s: Session, assisted: bool) -> str:
    """The summary between hands (its continue carries ``data-move="continue"``) or the
    game's result (rematch, new game); "" when neither is due."""
    if s.summary is None and not s.state.is_over():
        return ""
    view = s.state.view(s.you)
    sm = s.summary or {}
    rnd, over = sm.get("event"), sm.get("over")
    cls = type(s.state)
    people, you = gamelog.names(), gamelog.you_seat(s.you)
    rows = []
    for i in range(s.state.players):
        this = f"<td>{esc(rnd['points'][i])}</td>" if rnd else ""
        rows.append(f"<tr><td>{esc(seat_name(i))}</td>{this}<td>{esc(view['scores'][i])}</td></tr>")
    head = "<th>Player</th>" + ("<th>This round</th>" if rnd else "") + "<th>Total</th>"
    notes = [t for t in (cls.event_text(e, people, you) for e in (rnd, over) if e) if t]
    if over and assisted and not s.watch:
        notes.append("You used undo or a hint: this game counts as assisted in your statistics.")
    table = f"<table><tr>{head}</tr>{''.join(rows)}</table>" + "".join(f"<p>{esc(n)}</p>" for n in notes)
    if s.watch and not over:
        return (f'<div class="dialog" role="dialog" aria-label="Round over"><h2>Round {sm["round"]} is over'
                f'</h2>{table}</div>')
    if over:
        w = over["winners"]
        title = ("You win!" if w == [s.you] and you is not None else
                 "You lost." if you is not None and w and s.you not in w else
                 "Tie." if len(w) > 1 and (you is None or s.you in w) else
                 "No winner this time." if not w else
                 "Winner: " + ", ".join(seat_name(x) for x in w))
        return (f'<div class="dialog" role="dialog" aria-label="Game over"><h2>Game over. {esc(title)}</h2>{table}'
                '<div class="actions"><button type="button" class="primary" data-action="rematch">Rematch</button> '
                '<button type="button" data-action="new">New game</button></div></div>')
    return (f'<div class="dialog" role="dialog" aria-label="Round over"><h2>Round {sm["round"]} is over</h2>{table}'
            '<div class="actions"><button type="button" class="primary" data-move="continue">Continue</button>'
            '</div></div>')
