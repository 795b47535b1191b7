"""The start page: one card per game, the settings panel and the header's game links.

Everything here but the saved-game and statistics lines is static: it is
written into index.html at set-up (``scripts/start_page.py``, run by
``scripts/vendor.sh``), from the games' declarations (``TITLE``, ``DESIGNER``,
``PITCH``, ``MIN_PLAYERS``/``MAX_PLAYERS``, ``OPTIONS``), so the list is on
screen and its Play buttons take a press before Python has started.  Python
then fills in what changes (:func:`continue_label`, the statistics line) and
reads the forms when a button is pressed.

Each option becomes the control its declaration calls for: a choice or a
small range is a menu in words (``Option.labels``), a seat is a menu of
names, a list of numbers is one small menu per number, a bool a checkbox, a
wide range a number field with its limits; its ``help`` is printed under it.

>>> html = games_html()
>>> html.count('data-action="new-deal"'), html.count('<svg class="picture"')
(5, 5)
>>> '<option value="hex5">hexagon, side 5</option>' in html
True
"""

from __future__ import annotations

from ... import GAMES
from ...core import Option, State
from .. import params
from ..gamelog import NAMES
from ..pictures import picture
from ..settings import PACES, Settings
from ..svg import esc

#: an int option with at most this many values is a menu, not a number field
MENU_SPAN = 20


def players_text(cls: type[State]) -> str:
    """The player count in words.

    >>> players_text(GAMES["hermit"]), players_text(GAMES["hermits-whist"])
    ('2–5 players', '1 player')
    """
    lo, hi = cls.MIN_PLAYERS, cls.MAX_PLAYERS
    return f"{lo}–{hi} players" if lo != hi else f"{lo} player{'s' if lo != 1 else ''}"


def _menu(name: str, id_: str, items: list[tuple[str, str]], chosen: str, extra: str = "") -> str:
    opts = "".join(f'<option value="{esc(v)}"{" selected" if v == chosen else ""}>{esc(t)}</option>'
                   for v, t in items)
    return f'<select name="{name}" id="{id_}"{extra}>{opts}</select>'


def option_control(o: Option, id_: str, max_players: int) -> str:
    """The form control for one option (its ``name`` is the option's link key)."""
    text = params.option_text
    note = f' aria-describedby="{id_}-note"' if o.help else ""
    if o.kind == "choice":
        return _menu(o.name, id_, [(text(c), o.value_label(c)) for c in o.choices], text(o.default), note)
    if o.kind == "seat":
        items = [("", o.labels.get(None, "drawn at random"))] + [(str(i), NAMES[i]) for i in range(max_players)]
        return _menu(o.name, id_, items, text(o.default), note)
    if o.kind == "int" and o.minimum is not None and o.maximum is not None \
            and o.maximum - o.minimum < MENU_SPAN:
        items = ([("", o.labels.get(None, "none"))] if o.nullable else []) + [
            (str(n), o.value_label(n)) for n in range(o.minimum, o.maximum + 1)]
        return _menu(o.name, id_, items, text(o.default), note)
    if o.kind == "int":
        lo = f' min="{o.minimum}"' if o.minimum is not None else ""
        hi = f' max="{o.maximum}"' if o.maximum is not None else ""
        return (f'<input type="number" name="{o.name}" id="{id_}" value="{text(o.default)}"{lo}{hi} '
                f'step="1" inputmode="numeric" class="num"{note}>')
    if o.kind == "ints":
        assert o.length is not None and o.minimum is not None and o.maximum is not None
        values = [(str(n), str(n)) for n in range(o.minimum, o.maximum + 1)]
        return "".join(_menu(o.name, f"{id_}-{i}", values, str(v),
                             f' aria-label="{esc(o.title())} {i + 1}" class="small"')
                       for i, v in enumerate(o.default))
    raise AssertionError(f"no control for an option of kind {o.kind!r}")


def option_field(o: Option, gid: str, max_players: int) -> str:
    """One option: its name, its control and, visible under it, what it means."""
    id_ = f"opt-{gid}-{o.name}"
    note = f'<p class="note" id="{id_}-note">{esc(o.help)}</p>' if o.help else ""
    if o.kind == "bool":
        desc = f' aria-describedby="{id_}-note"' if o.help else ""
        box = (f'<input type="checkbox" name="{o.name}" id="{id_}" value="true"'
               f'{" checked" if o.default else ""}{desc}>')
        return f'<div class="opt opt-bool"><label>{box} {esc(o.title())}</label>{note}</div>'
    if o.kind == "ints":
        return (f'<fieldset class="opt opt-ints"><legend>{esc(o.title())}</legend>'
                f'<div class="pickers">{option_control(o, id_, max_players)}</div>{note}</fieldset>')
    return (f'<div class="opt"><label for="{id_}">{esc(o.title())}</label> '
            f'{option_control(o, id_, max_players)}{note}</div>')


def players_field(cls: type[State], gid: str) -> str:
    """The player count as a row of choices (nothing when the game has one count)."""
    if cls.MIN_PLAYERS == cls.MAX_PLAYERS:
        return ""
    chips = "".join(f'<label class="chip"><input type="radio" name="players" value="{n}"'
                    f'{" checked" if n == cls.DEFAULT_PLAYERS else ""}> {n}</label>'
                    for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
    return f'<fieldset class="players"><legend>Players</legend>{chips}</fieldset>'


def game_card(gid: str) -> str:
    """One game's card, as its declarations describe it."""
    cls = GAMES[gid]
    head = (f'<div class="game-head">{picture(gid)}<div><h2 id="title-{gid}">{esc(cls.TITLE)}</h2>'
            f'<p class="by">{esc(cls.DESIGNER)} · {players_text(cls)}</p></div></div>'
            f'<p class="pitch">{esc(cls.PITCH)}</p>')
    options = "".join(option_field(o, gid, cls.MAX_PLAYERS) for o in cls.OPTIONS)
    details = (f'<details class="options"><summary>Options</summary><div class="options-body">{options}</div>'
               '</details>' if options else "")
    actions = (f'<div class="actions">'
               f'<button type="button" class="primary" data-action="continue" data-game="{gid}" hidden>'
               'Continue saved game</button>'
               f'<button type="button" class="primary play" data-action="new-deal" data-game="{gid}">Play</button>'
               f'<button type="button" class="quiet" data-action="watch" data-game="{gid}">Watch</button>'
               f'<button type="button" class="quiet" data-action="rules" data-game="{gid}">Rules</button>'
               f'<button type="button" class="daily" data-action="daily" data-game="{gid}">Today&#x27;s deal</button>'
               f'<button type="button" class="quiet" data-action="replay" data-game="{gid}" hidden>Watch again</button>'
               f'{details}</div>')
    progress = ('<div class="starting" role="status" hidden><div class="bar"><div class="fill"></div></div>'
                '<span class="starting-text">Starting…</span></div>')
    return (f'<section class="game" id="game-{gid}" data-game="{gid}" aria-labelledby="title-{gid}">{head}'
            f'<form data-game="{gid}">{players_field(cls, gid)}{actions}{progress}</form>'
            f'<p class="stats"><span data-stats="{gid}"></span> <a href="?stats={gid}" data-action="stats" '
            f'data-game="{gid}">Statistics</a></p><p class="stats daily-line" data-daily="{gid}"></p></section>')


def games_html() -> str:
    """The ``#games`` block: every game's card, in the registry's order."""
    return "".join(game_card(gid) for gid in GAMES)


def nav_html() -> str:
    """The header's links to each game's card."""
    items = "".join(f'<li><a href="./#game-{gid}">{esc(cls.TITLE)}</a> <small>{esc(cls.DESIGNER)}</small></li>'
                    for gid, cls in GAMES.items())
    return f'<ul class="game-list">{items}</ul>'


def settings_html(settings: Settings | None = None) -> str:
    """The settings panel (computer level, pacing, watch speed), closed until opened."""
    s = settings or Settings()
    levels = "".join(f'<option value="{lv}"{" selected" if lv == s.level else ""}>{lv}</option>'
                     for lv in params.LEVELS)
    paces = "".join(f'<option value="{p:g}"{" selected" if float(s.pace) == p else ""}>{p:g} s per move</option>'
                    for p in PACES)
    return ('<details class="settings" id="settings"><summary>Settings</summary><div class="settings-body">'
            f'<div class="opt"><label for="level">Computer players</label> <select id="level" data-setting="level">'
            f'{levels}</select><p class="note">How hard they try: easy plays by simple rules at once; normal '
            'thinks about a second a move; hard up to three seconds, and in some games while '
            'you think too.</p></div>'
            f'<div class="opt opt-bool"><label><input type="checkbox" id="fast" data-setting="fast"'
            f'{" checked" if s.fast else ""}> Fast play</label><p class="note">The computer players move at once, '
            'without pauses or motion.</p></div>'
            f'<div class="opt"><label for="pace">Watching speed</label> <select id="pace" data-setting="pace">{paces}'
            '</select><p class="note">How long each move stays on screen when you watch a game.</p></div>'
            '</div></details>')


def continue_label(saved: State) -> str:
    """The Continue button's words for a saved game.

    >>> from game import new_game
    >>> continue_label(new_game("ferret", seed=1))
    'Continue saved game (not started)'

    (static/js/start.js words it the same way before Python is up.)
    """
    n = len(saved.history)
    return f"Continue saved game ({n} move{'' if n == 1 else 's'})" if n else "Continue saved game (not started)"
