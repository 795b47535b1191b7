"""The Replay screen: a finished (or saved) game again, step by step, as seat 0 saw it.

It reuses the table screen's pieces exactly: the game's renderer draws seat
0's view after each move (:class:`game.replay.Frame`), the log is the same
sentences from the same events, a completed trick is shown held with its
winning card marked as the turn loop showed it.  Nothing here reads a hidden
card: a frame holds only ``view(0)`` and ``events(0)``.

>>> from game import new_game
>>> from game.replay import from_save
>>> s = new_game("hermit-stones", seed=1, options={"board": "square5"}); s.play(0, "a1")
>>> rv = ReplayView(from_save(s))
>>> rv.go(1); rv.step, status_text(rv)
(1, 'Replay of Hermit (stones): move 1 of 1 (the last), round 1.')
>>> 'data-action="replay-to" data-step="0"' in bar_html(rv, playing=False)
True
"""

from __future__ import annotations

from ...core import State
from ...replay import Frame, Replay, Steps
from .. import gamelog
from ..gamelog import Entry
from ..svg import esc
from ..table import WIDTH, Ctx, Layout
from .play import log_html, scores_html, view_html

__all__ = ["ReplayView", "board_html", "bar_html", "status_text", "log_html", "scores_html"]


class ReplayView:
    """Where a replay stands: the steps walked once, and the step on screen."""

    def __init__(self, replay: Replay, step: int = 0) -> None:
        self.replay = replay
        self.steps = Steps(replay)
        self.step = 0
        self.go(step)

    @property
    def game(self) -> type[State]:
        return type(self.replay.final)

    @property
    def last_step(self) -> int:
        return len(self.steps)

    def go(self, step: int) -> None:
        self.step = max(0, min(step, self.last_step))

    def frame(self) -> Frame:
        return self.steps.frame(self.step)

    def entries(self) -> list[Entry]:
        """The log at this step, in the same words the table's log used."""
        return gamelog.entries(self.game, self.frame().events, 0)

    def round_of(self, step: int) -> int:
        return int(self.steps.views[step]["round"])


def board_html(rv: ReplayView, width: float = WIDTH) -> str:
    """The table at this step: nothing to click, the last move marked, a completed trick held."""
    f = rv.frame()
    tricks = [e for e in f.fresh if e["kind"] == "trick"]
    ctx = Ctx(legal=[], last=f.last, game=rv.game, layout=Layout(width), held=tricks[-1] if tricks else None)
    return view_html(f.view, ctx)


def status_text(rv: ReplayView) -> str:
    n, k = rv.last_step, rv.step
    where = "the start" if k == 0 else f"move {k} of {n}" + (" (the last)" if k == n else "")
    return f"Replay of {rv.replay.title}: {where}, round {rv.round_of(k)}."


def _button(label: str, step: int, rv: ReplayView, aria: str) -> str:
    off = " disabled" if step == rv.step or not 0 <= step <= rv.last_step else ""
    return (f'<button type="button" data-action="replay-to" data-step="{step}" aria-label="{esc(aria)}"{off}>'
            f'{esc(label)}</button>')


def bar_html(rv: ReplayView, playing: bool) -> str:
    """The replay's controls: start, back, play/pause, forward, end, a round menu, share, the list."""
    k, n = rv.step, rv.last_step
    rounds = rv.steps.rounds()
    menu = ""
    if len(rounds) > 1:
        here = rv.round_of(k)
        opts = "".join(f'<option value="{step}"{" selected" if r == here else ""}>Round {r}</option>'
                       for r, step in rounds)
        menu = f'<label>Jump to <select id="replay-round" data-replay="round">{opts}</select></label>'
    pressed, word = ("true", "Pause") if playing else ("false", "Play")
    play = f'<button type="button" class="primary" data-action="replay-play" aria-pressed="{pressed}">{word}</button>'
    return ('<div class="replay-controls" role="group" aria-label="Replay">'
            + _button("«", 0, rv, "to the start") + _button("◀", k - 1, rv, "one move back")
            + play + _button("▶", k + 1, rv, "one move forward") + _button("»", n, rv, "to the end")
            + f'<span class="replay-pos" data-step="{k}" data-steps="{n}">{k} / {n}</span>{menu}</div>'
            '<div class="replay-actions"><button type="button" data-action="replay-share">Share this game</button> '
            '<button type="button" data-action="list">Back to the list</button></div>')
