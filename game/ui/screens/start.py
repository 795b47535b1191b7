"""The start screen: the settings row and one card per game (play, continue, watch, rules).

>>> from game.ui.settings import Settings
>>> from game import stats
>>> html = games_html(Settings(), {}, stats.Stats())
>>> html.count('data-action="new-deal"'), 'data-setting="level"' in html
(5, True)
"""

from __future__ import annotations

from typing import Any

from ... import stats as stats_mod
from ...core import State
from .. import features, params
from ..gamelog import seat_name
from ..settings import PACES, Settings
from ..svg import esc


def settings_html(settings: Settings) -> str:
    opts = "".join(f'<option value="{lv}"{" selected" if lv == settings.level else ""}>{lv}</option>'
                   for lv in params.LEVELS)
    fast = " checked" if settings.fast else ""
    paces = "".join(f'<option value="{p:g}"{" selected" if float(settings.pace) == p else ""}>'
                    f'{p:g} s per move</option>' for p in PACES)
    return ('<div class="settings"><label>Computer level <select id="level" data-setting="level">'
            f'{opts}</select></label> <label><input type="checkbox" id="fast" data-setting="fast"{fast}> '
            'Skip the pacing of computer moves</label> <label>Watch mode pace <select id="pace" '
            f'data-setting="pace">{paces}</select></label></div>')


def option_field(o: dict[str, Any], max_players: int) -> str:
    """One game option as a form control (its name is the option's link key)."""
    name, kind, default = o["name"], o["kind"], o["default"]
    title = esc(name.replace("_", " ").capitalize())
    help_ = f' title="{esc(o["help"])}"' if o.get("help") else ""
    if kind == "bool":
        return (f'<label{help_}><input type="checkbox" name="{name}"{" checked" if default else ""}> '
                f'{title}</label>')
    if kind == "choice":
        ch = "".join(f'<option{" selected" if c == default else ""}>{esc(c)}</option>' for c in o["choices"])
        return f'<label{help_}>{title} <select name="{name}">{ch}</select></label>'
    if kind == "seat":
        ch = '<option value="">drawn at random</option>' + "".join(
            f'<option value="{i}"{" selected" if i == default else ""}>{esc(seat_name(i))}</option>'
            for i in range(max_players))
        return f'<label{help_}>{title} <select name="{name}">{ch}</select></label>'
    if kind == "ints":
        return (f'<label{help_}>{title} <input name="{name}" value="{esc(params.option_text(default))}" '
                f'size="14"></label>')
    value = "" if default is None else default
    lo = f' min="{o["minimum"]}"' if "minimum" in o else ""
    hi = f' max="{o["maximum"]}"' if "maximum" in o else ""
    ph = ' placeholder="none"' if o.get("nullable") else ""
    return f'<label{help_}>{title} <input type="number" name="{name}" value="{value}"{lo}{hi}{ph}></label>'


def game_card(g: dict[str, Any], saved: State | None, stats: stats_mod.GameStats) -> str:
    """One game's card: title, designer, pitch, statistics, its options and buttons."""
    gid = g["id"]
    head = (f'<h2>{esc(g["title"])}</h2><p class="by">by {esc(g["designer"])} · '
            f'{esc(g["players"])} player{"s" if g["players"] != "1" else ""}</p><p>{esc(g["line"])}</p>')
    if not g["playable"]:
        return f'<section class="game soon" id="game-{gid}" data-game="{gid}">{head}<p class="soon-note">Coming soon</p></section>'
    head += f'<p class="stats" data-stats="{gid}">{esc(features.stats_line(gid, stats))}</p>'
    fields = []
    if g["min"] != g["max"]:
        ch = "".join(f'<option{" selected" if n == g["default"] else ""}>{n}</option>'
                     for n in range(g["min"], g["max"] + 1))
        fields.append(f'<label>Players <select name="players">{ch}</select></label>')
    for o in g["options"]:
        fields.append(option_field(o, g["max"]))
    cont = ""
    if saved is not None:
        cont = (f'<button type="button" class="primary" data-action="continue" data-game="{gid}">'
                f'Continue saved game (round {saved.round}, {len(saved.history)} moves)</button> ')
    return (f'<section class="game" id="game-{gid}" data-game="{gid}">{head}<form data-game="{gid}">'
            f'{"".join(fields)}<div class="actions">{cont}<button type="button" data-action="new-deal" '
            f'data-game="{gid}">Play{" a new game" if saved else ""}</button> '
            f'<button type="button" data-action="watch" data-game="{gid}">Watch</button> '
            f'<button type="button" data-action="rules" data-game="{gid}">Rules</button>'
            '</div></form></section>')


def games_html(settings: Settings, saved: dict[str, State], stats: stats_mod.Stats) -> str:
    """The whole ``#games`` block: settings, then every game."""
    return settings_html(settings) + "".join(game_card(g, saved.get(g["id"]), stats.get(g["id"]))
                                             for g in params.catalogue())
