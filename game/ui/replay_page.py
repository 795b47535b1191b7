"""The Replay screen in the page: the table screen's elements showing a replay.

Browser glue beside :mod:`game.ui.app`, which hands it the page's ``js`` module
(only app and boot import it; the markup and the stepping are
:mod:`game.ui.screens.replay`, the link :mod:`game.replay`).  The replay uses
the table screen (``#play``) with the class ``replaying``: the board, the
scores and the log are drawn from seat 0's view and events at the step shown;
``#replay-bar`` holds the controls.  Play steps on a timer (the watching pace).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from .. import GAMES
from . import gamelog
from .screens import play as play_screen

if TYPE_CHECKING:
    from ..replay import Replay
    from .screens.replay import ReplayView

#: how a replay link's fragment starts (game/replay.py's KEY; that module loads only for a replay)
LINK = "#replay="


class ReplayPage:
    """One replay on screen at a time; ``app`` is the :class:`game.ui.app.App`."""

    def __init__(self, app: Any, js: Any) -> None:
        self.app = app
        self.js = js
        self.view: ReplayView | None = None
        self.playing = False
        self.task: asyncio.Task[None] | None = None
        self.link = ""

    def _el(self, id_: str) -> Any:
        return self.js.document.getElementById(id_)

    def show(self, replay: "Replay") -> None:
        """Put ``replay`` on the table screen, at its start."""
        from ..replay import fragment
        from .screens import replay as screen
        self.stop()
        gamelog.watching(replay.watch)
        self.view = screen.ReplayView(replay)
        self.link = fragment(replay.final, replay.watch)
        self.app.show_screen("play")
        self.app.screen = "replay"
        play = self._el("play")
        play.classList.add("replaying")
        play.classList.toggle("watching", replay.watch)
        bar = self._el("replay-bar")
        bar.hidden = False
        bar.setAttribute("data-link", self.link)      # the share link's fragment (tests read it)
        self._el("overlay").hidden = True
        self._el("overlay").innerHTML = ""
        self.app.dialog = ""
        self._el("share-box").hidden = True
        self.js.document.title = f"{replay.title} replay · Hermitage"
        self.draw(animate=False)

    def stop(self) -> None:
        """Leave the replay (or pause it): the play timer stops."""
        self.playing = False
        if self.task is not None and not self.task.done():
            self.task.cancel()
        self.task = None

    def leave(self) -> None:
        self.stop()
        self.view = None
        self._el("play").classList.remove("replaying")
        self._el("replay-bar").hidden = True

    def go(self, step: int) -> None:
        if self.view is None:
            return
        forward = step == self.view.step + 1
        self.view.go(step)
        self.draw(animate=forward)

    def toggle_play(self) -> None:
        if self.view is None:
            return
        if self.playing:
            self.stop()
        else:
            if self.view.step >= self.view.last_step:
                self.view.go(0)
            self.playing = True
            self.task = asyncio.ensure_future(self._run())
        self.draw(animate=False)

    async def _run(self) -> None:
        try:
            while self.view is not None and self.view.step < self.view.last_step:
                await asyncio.sleep(max(0.1, self.app.settings.pace))
                if not self.playing or self.view is None:
                    return
                self.view.go(self.view.step + 1)
                self.draw(animate=True)
        finally:
            if self.playing:
                self.playing = False
                self.draw(animate=False)

    def draw(self, animate: bool = False) -> None:
        from .screens import replay as screen
        rv = self.view
        if rv is None:
            return
        board = self._el("board")
        width = play_screen.table_width(float(board.clientWidth or 0))
        f = rv.frame()
        mover = f.last[0] if f.last is not None else -1
        fresh = " ".join(rv.game.move_cards(f.last[1])) if f.last is not None else ""
        self.js.hermitageDraw(board, screen.board_html(rv, width), mover, animate and not self.app.settings.fast, fresh)
        table = self._el("table")
        table.setAttribute("data-phase", "replay")
        table.setAttribute("data-game", rv.replay.final.GAME_ID)
        table.setAttribute("data-moves", str(rv.step))
        self.app.draws += 1
        table.setAttribute("data-draw", str(self.app.draws))
        self._el("status").textContent = screen.status_text(rv)
        self._el("scores").innerHTML = play_screen.scores_html(f.view)
        log = self._el("log")
        entries = rv.entries()
        log.innerHTML = play_screen.log_html(entries)
        log.setAttribute("data-count", str(len(entries)))
        log.scrollTop = log.scrollHeight
        self._el("replay-bar").innerHTML = screen.bar_html(rv, self.playing)

    def share_url(self) -> str:
        return str(self.js.location.origin) + str(self.js.location.pathname) + self.link

    def title(self) -> str:
        return GAMES[self.view.replay.final.GAME_ID].TITLE if self.view else "Hermitage"
